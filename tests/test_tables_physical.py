"""Physical tables through HTTP: people play with real cards and the referee's token records
the bids, the king called, the chien, the poignées and each card; the server infers the voids,
reports a revoke when a later card contradicts them (naming the trick and the rule), infers the
écart at the end, and scores the deal as POST /score/deal scores the same tricks."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tables_driver import API, TestClientHttp, card_codes, score_deal_body

from rules_fr.advice.bot import bot_action
from rules_fr.cards import CardSet, parse_card
from rules_fr.contracts import Contract
from rules_fr.counting import PlayedTrick
from rules_fr.deal import Deal, deal, is_petit_sec
from rules_fr.donne import (
    AnnounceChelem,
    Bid,
    CallCard,
    DeclareJeu,
    Discard,
    Donne,
    Phase,
    PlayCard,
    ShowPoignee,
)
from rules_fr.play import legal_cards, trick_winner
from rules_fr.poignee import PoigneeLevel, legal_poignee, poignees_allowed
from tutor import create_app


@pytest.fixture
def http(tmp_path: Any) -> TestClientHttp:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path}/tables.db"})
    return TestClientHttp(app.test_client())


def _physical(http: TestClientHttp, players: int) -> dict[str, Any]:
    status, table = http.post(API, {"players": players, "deals": 3, "mode": "physical"})
    assert status == 201, table
    assert table["table"]["mode"] == "physical"
    return table


def _dealt(players: int, seed: int) -> Deal:
    """A deal (dealer 0, as the first deal of a new table) with no petit sec."""
    while True:
        dealt = deal(players, 0, seed=seed)
        if not any(is_petit_sec(h) for h in dealt.hands):
            return dealt
        seed += 1000


def _played_donne(dealt: Deal, contract: Contract) -> Donne:
    """The deal played by the advice bots, the first speaker taking ``contract`` and every
    seat showing a simple poignée when it can."""
    donne = Donne(dealt)
    donne.apply(Bid(donne.to_move, contract))  # type: ignore[arg-type]
    while donne.phase is Phase.BIDDING:
        donne.apply(Bid(donne.to_move, None))  # type: ignore[arg-type]
    rng = random.Random(0)
    while donne.to_move is not None:
        seat = donne.to_move
        if (donne.phase is Phase.PLAYING and seat not in donne.poignees
                and not donne.cards_played_by(seat)
                and PoigneeLevel.SIMPLE in poignees_allowed(donne.players, donne.hands[seat])):
            shown = legal_poignee(donne.players, donne.hands[seat], PoigneeLevel.SIMPLE)
            assert shown is not None
            donne.apply(ShowPoignee(seat, tuple(shown)))
        action = bot_action(donne, seat, rng)
        assert action is not None
        donne.apply(action)
    assert donne.phase is Phase.FINISHED
    return donne


def _record(donne: Donne) -> list[dict[str, Any]]:
    """What the referee records of ``donne``: what the table saw, in order (not the écart)."""
    out: list[dict[str, Any]] = []
    for action in donne.history:
        match action:
            case Bid():
                out.append({"type": "bid", "seat": action.seat,
                            "bid": "passe" if action.contract is None else action.contract.code})
            case CallCard():
                out.append({"type": "call", "seat": action.seat, "card": action.card.code})
            case Discard():  # the chien is turned over; the écart is made face down
                out.append({"type": "chien", "cards": donne.chien.codes()})
            case DeclareJeu():
                out.append({"type": "jeu", "seat": action.seat})
            case AnnounceChelem():
                out.append({"type": "chelem", "seat": action.seat})
            case ShowPoignee():
                out.append({"type": "poignee", "seat": action.seat,
                            "cards": [c.code for c in action.cards]})
            case PlayCard():
                out.append({"type": "play", "seat": action.seat, "card": action.card.code})
    return out


def _no_hand(payload: Any) -> None:
    """No member named ``hand`` anywhere: a physical table knows no hand."""
    stack = [payload]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            assert "hand" not in item, item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


@pytest.mark.parametrize(("players", "contract", "seed"), [
    (3, Contract.GARDE, 19), (4, Contract.GARDE, 14), (5, Contract.GARDE, 29),
    (4, Contract.GARDE_SANS, 19), (5, Contract.GARDE_CONTRE, 41),
])
def test_physical_deal_recorded_scores_as_score_deal(http: TestClientHttp, players: int,
                                                     contract: Contract, seed: int) -> None:
    """A whole deal recorded by the referee (no hand known): each record accepted with no
    revoke, the écart (or the unseen chien) inferred, and the score — figures and derivation —
    equal to POST /score/deal's for the same tricks, chien, écart and poignées. No view or
    event of any token ever holds a hand, nor a card the table has not seen."""
    donne = _played_donne(_dealt(players, seed), contract)
    table = _physical(http, players)
    tid, referee = table["id"], table["referee_token"]
    tokens = [t["token"] for t in table["seat_tokens"]]
    seen: set[str] = set()
    for step, record in enumerate(_record(donne)):
        status, view = http.get(f"{API}/{tid}", referee)
        expected = view["you"]["expected"]
        assert record["type"] in expected["types"]
        if "seat" in record:
            assert expected["seat"] == record["seat"]
        status, body = http.post(f"{API}/{tid}/actions", {**record, "seq": view["seq"]},
                                 referee)
        assert status == 201, body
        assert [e["type"] for e in body["events"]][:1] == ["action"]
        assert "revoke" not in [e["type"] for e in body["events"]]
        seen |= set(record.get("cards", [])) | ({record["card"]} if "card" in record else set())
        if step % 7 == 0 or body["table"]["scoresheet"]["entries"]:
            for token in [referee, *tokens]:
                _, mine = http.get(f"{API}/{tid}", token)
                _, events = http.get(f"{API}/{tid}/events?since=0", token)
                _no_hand(mine)
                _no_hand(events)
                if not mine["scoresheet"]["entries"]:
                    assert card_codes(mine) <= seen and card_codes(events) <= seen
    view = body["table"]
    entry = view["scoresheet"]["entries"][0]
    _, events = http.get(f"{API}/{tid}/events?since=0", referee)
    assert entry["taker"] == donne.taker
    scored = next(e for e in body["events"] if e["type"] == "scored")
    status, expected_score = http.post("/api/v1/score/deal", score_deal_body(donne))
    assert status == 200, expected_score
    assert scored["score"]["scores"] == expected_score["scores"]
    assert scored["score"]["derivation"] == expected_score["derivation"]
    assert entry["partner"] == donne.partner
    assert entry["scores"][donne.taker] == expected_score["scores"]["taker"]
    if donne.partner is not None:
        assert entry["scores"][donne.partner] == expected_score["scores"]["partner"]
    # the cards never seen, public once scored: the écart (petite, garde: the 78 cards less
    # every card played) or the chien (garde sans, contre)
    hidden = donne.ecart if contract.taker_takes_chien else donne.chien
    assert hidden is not None and scored["unseen"] == hidden.codes()
    assert view["deal"]["number"] == 2 and view["deal"]["phase"] == "bidding"
    if contract.taker_takes_chien:
        assert any(e["type"] == "action" and e["action"] == "chien"
                   and e["cards"] == donne.chien.codes() for e in events["events"])
    assert donne.poignees  # the seeds make deals where a poignée is shown
    assert players < 5 or donne.partner is not None  # and a partner at five
    assert [e["type"] for e in events["events"]].count("scored") == 1
    assert sum(entry["scores"]) == 0


def _start_garde_sans(http: TestClientHttp, players: int = 4) -> tuple[str, str, int]:
    table = _physical(http, players)
    tid, referee = table["id"], table["referee_token"]
    seq = table["table"]["seq"]
    first = table["table"]["deal"]["to_move"]
    for i in range(players):
        bid = "garde_sans" if i == 0 else "passe"
        status, body = http.post(f"{API}/{tid}/actions", {
            "type": "bid", "seat": (first + i) % players, "bid": bid, "seq": seq}, referee)
        assert status == 201, body
        seq = body["seq"]
    return tid, referee, seq


def _bids(http: TestClientHttp, tid: str, referee: str, seq: int,
          bids: tuple[tuple[int, str], ...]) -> dict[str, Any]:
    """Records each (seat, bid) in turn; returns the last answer (its table and seq)."""
    body: dict[str, Any] = {}
    for seat, bid in bids:
        _, body = http.post(f"{API}/{tid}/actions", {"type": "bid", "seat": seat, "bid": bid,
                                                     "seq": seq}, referee)
        seq = body["seq"]
    return body


def _play(http: TestClientHttp, tid: str, referee: str, seq: int, seat: int, card: str,
          lang: str = "en") -> tuple[int, dict[str, Any]]:
    return http.post(f"{API}/{tid}/actions?lang={lang}",
                     {"type": "play", "seat": seat, "card": card, "seq": seq}, referee)


def table_names(body: dict[str, Any]) -> list[str]:
    return list(body["table"]["names"])


def test_physical_revoke_reported_naming_the_trick(http: TestClientHttp) -> None:
    """Seat 2 discards a spade on a heart at trick 1, then plays the king of hearts at trick 2:
    the card is recorded (it is on the table), a revoke event follows naming trick 1 and the
    rule play.follow-suit, worded by the catalogs, and the table pauses for the referee's
    ruling; resume plays on, and the same inference is not reported twice."""
    tid, referee, seq = _start_garde_sans(http)
    for seat, card in ((1, "5H"), (2, "2S"), (3, "3H"), (0, "4H"), (1, "7S")):
        status, body = _play(http, tid, referee, seq, seat, card)
        assert status == 201, body
        assert [e["type"] for e in body["events"]] == ["action"]
        seq = body["seq"]
    status, body = _play(http, tid, referee, seq, 2, "KH")
    assert status == 201, body
    action, revoke = body["events"]
    assert action["card"] == "KH" and revoke["type"] == "revoke"
    assert revoke["trick"] == 2 and revoke["seat"] == 2
    (v,) = revoke["violations"]
    assert v["code"] == "revoke-follow-suit" and v["rule"] == "play.follow-suit"
    assert v["params"]["trick"] == 1 and v["params"]["played"] == "2S"
    assert v["params"]["led"] == "5H" and v["params"]["seat"] == 2
    assert "trick 1" in v["message"] and table_names(body)[2] in v["message"]
    table = body["table"]
    assert table["paused"] and table["you"]["ruling_needed"]
    assert table["deal"]["revokes"][0]["violations"][0]["code"] == "revoke-follow-suit"
    # the table's view names the player (not "seat 2", a number counted from 0)
    named = table["deal"]["revokes"][0]["violations"][0]["message"]
    assert table["names"][2] in named and "seat 2" not in named, named
    seq = body["seq"]
    # in French too, from the log
    _, events = http.get(f"{API}/{tid}/events?since={seq - 1}&lang=fr", referee)
    assert "pli 1" in events["events"][0]["violations"][0]["message"]
    # paused: nothing more is recorded until the referee rules
    assert _play(http, tid, referee, seq, 3, "8S")[0] == 409
    status, body = http.post(f"{API}/{tid}/actions", {"type": "resume", "seq": seq}, referee)
    assert status == 201 and not body["table"]["paused"]
    seq = body["seq"]
    status, body = _play(http, tid, referee, seq, 3, "8S")
    assert status == 201, body
    seq = body["seq"]
    status, body = _play(http, tid, referee, seq, 0, "9S")
    assert status == 201, body
    seq = body["seq"]
    # the revoke was reported once: seat 2 may show another heart without a new report
    winner = body["table"]["deal"]["tricks"][-1]["winner"]
    assert winner == 0  # 9S wins 7S, KH (a discard), 8S
    status, body = _play(http, tid, referee, seq, 0, "2H")
    seq = body["seq"]
    status, body = _play(http, tid, referee, seq, 1, "6H")
    seq = body["seq"]
    status, body = _play(http, tid, referee, seq, 2, "QH")
    assert status == 201 and [e["type"] for e in body["events"]] == ["action"]


@pytest.mark.parametrize(("code", "plays"), [
    ("revoke-trump", [(1, "5H"), (2, "2S"), (3, "3H"), (0, "4H"), (1, "T3"), (2, "T8")]),
    ("revoke-overtrump", [(1, "T10"), (2, "T4"), (3, "T2"), (0, "T1"), (1, "T3"), (2, "T12")]),
])
def test_physical_revoke_trump_and_overtrump(http: TestClientHttp, code: str,
                                             plays: list[tuple[int, str]]) -> None:
    """Discarding on a suit proves no trump; undertrumping proves no higher trump: a later
    trump (a higher one) is a revoke, named with its rule."""
    tid, referee, seq = _start_garde_sans(http)
    for seat, card in plays:
        status, body = _play(http, tid, referee, seq, seat, card)
        assert status == 201, body
        seq = body["seq"]
    revoke = body["events"][-1]
    assert revoke["type"] == "revoke" and revoke["violations"][0]["code"] == code
    assert revoke["violations"][0]["params"]["trick"] == 1


def test_physical_impossible_records_refused(http: TestClientHttp) -> None:
    """What the table cannot have seen is refused with 422 and nothing recorded: a card out of
    turn, a card played twice, a seat's token recording, a live table's écart type; a seat
    token may only look."""
    table = _physical(http, 4)
    tid, referee = table["id"], table["referee_token"]
    seat_token = table["seat_tokens"][1]["token"]
    seq = table["table"]["seq"]
    assert http.post(f"{API}/{tid}/actions", {"type": "bid", "seat": 1, "bid": "garde",
                                              "seq": seq}, seat_token)[0] == 403
    status, problem = http.post(f"{API}/{tid}/actions", {"type": "bid", "seat": 2,
                                                         "bid": "garde", "seq": seq}, referee)
    assert status == 422 and problem["violations"][0]["code"] == "bid-out-of-turn"
    status, problem = http.post(f"{API}/{tid}/actions", {"type": "ecart", "seat": 1,
                                                         "cards": ["2S"], "seq": seq}, referee)
    assert status == 422
    tid, referee, seq = _start_garde_sans(http)
    status, body = _play(http, tid, referee, seq, 1, "5H")
    seq = body["seq"]
    status, problem = _play(http, tid, referee, seq, 3, "2S")
    assert status == 422 and problem["violations"][0]["code"] == "not-your-turn"
    status, problem = _play(http, tid, referee, seq, 2, "5H")
    assert status == 422 and problem["violations"][0]["code"] == "card-already-played"
    assert problem["explanation"] and problem["seq"] == seq
    status, view = http.get(f"{API}/{tid}", referee)
    assert view["seq"] == seq and view["deal"]["trick"]["cards"] == ["5H"]
    status, problem = http.post(f"{API}/{tid}/actions", {"type": "chien", "cards": ["2S"],
                                                         "seq": seq}, referee)
    assert status == 422 and problem["violations"][0]["code"] == "wrong-phase"


def test_physical_chien_and_poignee_checked_as_far_as_seen(http: TestClientHttp) -> None:
    """A garde: the chien must hold the chien's number of cards; a poignée must be trumps of a
    threshold's size and may not hold a card of the chien turned over (the taker's now)."""
    table = _physical(http, 4)
    tid, referee = table["id"], table["referee_token"]
    body = _bids(http, tid, referee, table["table"]["seq"],
                 ((1, "garde"), (2, "passe"), (3, "passe"), (0, "passe")))
    seq = body["seq"]
    assert body["table"]["deal"]["phase"] == "chien"
    status, problem = http.post(f"{API}/{tid}/actions", {"type": "chien",
                                                         "cards": ["2S", "3S"], "seq": seq},
                                referee)
    assert status == 422 and problem["violations"][0]["code"] == "deal-chien-size"
    chien = ["2S", "3S", "4S", "5S", "6S", "T21"]
    status, body = http.post(f"{API}/{tid}/actions", {"type": "chien", "cards": chien,
                                                      "seq": seq}, referee)
    assert status == 201 and body["table"]["deal"]["chien"] == chien
    seq = body["seq"]
    # seat 2 cannot show T21: it lay in the chien, now the taker's
    trumps = [f"T{r}" for r in range(1, 10)] + ["T21"]
    status, problem = http.post(f"{API}/{tid}/actions", {"type": "poignee", "seat": 1,
                                                         "cards": trumps[:9] + ["KS"],
                                                         "seq": seq}, referee)
    assert status == 422 and problem["violations"][0]["code"] == "poignee-not-trump"
    status, body = http.post(f"{API}/{tid}/actions", {"type": "poignee", "seat": 1,
                                                      "cards": trumps, "seq": seq}, referee)
    assert status == 201, body  # the taker may show the chien's T21
    seq = body["seq"]
    status, body = _play(http, tid, referee, seq, 1, "T21")
    seq = body["seq"]
    status, problem = _play(http, tid, referee, seq, 2, "2S")
    assert status == 422 and problem["violations"][0]["code"] == "deal-duplicate-card"
    status, problem = http.post(f"{API}/{tid}/actions", {"type": "poignee", "seat": 2,
                                                         "cards": [f"T{r}" for r in
                                                                   range(10, 20)],
                                                         "seq": seq}, referee)
    assert status == 201  # before seat 2's first card, none of them seen elsewhere


def _legal_plays(dealt: Deal, taker: int, called: str | None) -> list[tuple[int, str]]:
    """A garde sans played out card by card, each seat its lowest legal card (no bot: the
    deal may hold what a bot would refuse, such as a call the hand does not allow)."""
    n = dealt.players
    hands = list(dealt.hands)
    called_card = None if called is None else parse_card(called)
    leader, plays = (dealt.dealer + 1) % n, []
    for number in range(len(hands[0])):
        trick: list[Any] = []
        for i in range(n):
            seat = (leader + i) % n
            card = min(legal_cards(hands[seat], trick, called_card=called_card,
                                   first_trick=number == 0), key=lambda c: c.index)
            hands[seat] = hands[seat].remove(card)
            trick.append(card)
            plays.append((seat, card.code))
        leader = PlayedTrick(leader, tuple(trick)).seat_of(trick_winner(trick), n)
    return plays


def test_physical_irregular_call_found_at_the_end(http: TestClientHttp) -> None:
    """Five players: the taker calls a queen without holding the four kings — the table cannot
    tell until every card is played; then an irregularity event names the rule
    (call.ladder), the table pauses, and the referee's resume has the deal scored."""
    dealt = _dealt(5, 21)
    taker = 1
    kings = CardSet.parse(["KS", "KH", "KD", "KC"])
    assert not kings <= dealt.hands[taker]
    called = next(q for q in ("QS", "QH", "QD", "QC") if parse_card(q) not in dealt.hands[taker])
    table = _physical(http, 5)
    tid, referee = table["id"], table["referee_token"]
    seq = table["table"]["seq"]
    for i in range(5):
        status, body = http.post(f"{API}/{tid}/actions", {
            "type": "bid", "seat": (1 + i) % 5, "bid": "garde_sans" if i == 0 else "passe",
            "seq": seq}, referee)
        seq = body["seq"]
    status, body = http.post(f"{API}/{tid}/actions", {"type": "call", "seat": taker,
                                                      "card": called, "seq": seq}, referee)
    assert status == 201, body
    seq = body["seq"]
    for seat, card in _legal_plays(dealt, taker, called):
        status, body = _play(http, tid, referee, seq, seat, card)
        assert status == 201, body
        seq = body["seq"]
    irregular = body["events"][-1]
    assert irregular["type"] == "irregularity"
    codes = [item["code"] for item in irregular["items"]]
    assert "call-queen-without-four-kings" in codes
    item = irregular["items"][codes.index("call-queen-without-four-kings")]
    assert item["seat"] == taker and item["rule"] == "call.ladder" and item["message"]
    assert body["table"]["paused"] and not body["table"]["scoresheet"]["entries"]
    assert body["table"]["deal"]["irregularities"][0]["code"] == codes[0]
    status, body = http.post(f"{API}/{tid}/actions", {"type": "resume", "seq": seq}, referee)
    assert status == 201 and [e["type"] for e in body["events"]] == ["resumed", "scored", "deal"]
    holder = next(s for s in range(5) if parse_card(called) in dealt.hands[s])
    assert body["table"]["scoresheet"]["entries"][0]["partner"] == holder


def test_physical_annul_after_a_revoke_deals_again(http: TestClientHttp) -> None:
    """The referee's other ruling: annul the deal; the same dealer deals again, unpaused."""
    tid, referee, seq = _start_garde_sans(http)
    for seat, card in ((1, "5H"), (2, "2S"), (3, "3H"), (0, "4H"), (1, "7S"), (2, "KH")):
        status, body = _play(http, tid, referee, seq, seat, card)
        seq = body["seq"]
    assert body["table"]["paused"]
    status, body = http.post(f"{API}/{tid}/actions", {"type": "annul", "seq": seq}, referee)
    assert status == 201 and [e["type"] for e in body["events"]] == ["redeal", "deal"]
    table = body["table"]
    assert not table["paused"] and table["deal"]["phase"] == "bidding"
    assert table["deal"]["dealer"] == 0 and not table["you"]["ruling_needed"]


def test_physical_table_takes_no_bots_nor_prepared_deal(http: TestClientHttp) -> None:
    status, problem = http.post(API, {"players": 4, "mode": "physical", "bots": [1]})
    assert status == 422 and problem["errors"][0]["pointer"] == "/bots"
    dealt = deal(4, 0, seed=1)
    status, problem = http.post(API, {"players": 4, "mode": "physical", "duplicate": {
        "hands": [h.codes() for h in dealt.hands], "chien": dealt.chien.codes(), "taker": 1}})
    assert status == 422 and problem["errors"][0]["pointer"] == "/duplicate"
    status, problem = http.post(API, {"players": 4, "mode": "cards"})
    assert status == 422


def test_physical_chelem_announced_by_the_taker_who_then_leads(http: TestClientHttp) -> None:
    """The taker's chelem announcement, before the first card, gives him the lead; another
    seat's is refused (chelem.announce). Until then the deal waits for the taker."""
    table = _physical(http, 4)
    tid, referee = table["id"], table["referee_token"]
    body = _bids(http, tid, referee, table["table"]["seq"],
                 ((1, "passe"), (2, "garde_contre"), (3, "passe"), (0, "passe")))
    seq = body["seq"]
    expected = body["table"]["you"]["expected"]
    assert body["table"]["deal"]["phase"] == "announcing"
    assert body["table"]["deal"]["to_move"] == 2 and expected["seat"] == 2
    assert expected["types"] == ["jeu", "chelem"] and expected["chelem"]
    status, problem = http.post(f"{API}/{tid}/actions", {"type": "chelem", "seat": 1,
                                                         "seq": seq}, referee)
    assert status == 422 and problem["violations"][0]["code"] == "chelem-not-taker"
    status, body = http.post(f"{API}/{tid}/actions", {"type": "chelem", "seat": 2, "seq": seq},
                             referee)
    assert status == 201, body
    deal_view = body["table"]["deal"]
    assert deal_view["chelem_announced"] and deal_view["to_move"] == 2
    assert deal_view["phase"] == "playing"
    assert not body["table"]["you"]["expected"]["chelem"]
    status, problem = _play(http, tid, referee, body["seq"], 1, "5H")  # seat 2 leads now
    assert status == 422 and problem["violations"][0]["code"] == "not-your-turn"


def test_physical_first_card_implies_jeu(http: TestClientHttp) -> None:
    """ecart.jeu at a physical table: « Jeu » may be recorded, or not — the first card of the
    player right of the dealer, recorded while the taker is to speak, implies it; the chelem
    can no longer be announced then. « Jeu » is the taker's to say."""
    tid, referee, seq = _start_garde_sans(http)  # seat 1 takes; dealer 0, seat 1 leads
    _, view = http.get(f"{API}/{tid}", referee)
    assert view["deal"]["phase"] == "announcing" and view["you"]["expected"]["seat"] == 1
    status, problem = http.post(f"{API}/{tid}/actions", {"type": "jeu", "seat": 2,
                                                         "seq": seq}, referee)
    assert status == 422 and problem["violations"][0]["code"] == "not-your-turn"
    status, problem = _play(http, tid, referee, seq, 2, "5H")
    assert status == 422 and problem["violations"][0]["code"] == "not-your-turn"
    status, body = _play(http, tid, referee, seq, 1, "5H")
    assert status == 201, body
    assert body["table"]["deal"]["phase"] == "playing"
    assert [e["action"] for e in body["events"]] == ["play"]
    assert not body["table"]["you"]["expected"]["chelem"]
    status, problem = http.post(f"{API}/{tid}/actions", {"type": "chelem", "seat": 1,
                                                         "seq": body["seq"]}, referee)
    assert status == 422 and problem["violations"][0]["code"] == "chelem-too-late"
    status, problem = http.post(f"{API}/{tid}/actions?lang=en", {"type": "jeu", "seat": 1,
                                                                 "seq": body["seq"]}, referee)
    assert status == 422 and problem["violations"][0]["code"] == "wrong-phase"
    assert problem["explanation"].startswith("The taker says “Jeu” once the contract")


def test_physical_chelem_recorded_after_jeu(http: TestClientHttp) -> None:
    """chelem.announce at a physical table: after « Jeu », before the first card, the referee
    may still record the taker's chelem (the player right of the dealer is to lead); the
    taker then leads. Once a poignée is shown (with its owner's first card) it is too late."""
    table = _physical(http, 4)
    tid, referee = table["id"], table["referee_token"]
    bids = ((1, "passe"), (2, "garde_sans"), (3, "passe"), (0, "passe"))
    body = _bids(http, tid, referee, table["table"]["seq"], bids)
    status, body = http.post(f"{API}/{tid}/actions", {"type": "jeu", "seat": 2,
                                                      "seq": body["seq"]}, referee)
    assert status == 201, body
    expected = body["table"]["you"]["expected"]
    assert expected["seat"] == 1 and expected["types"] == ["poignee", "play"]
    assert expected["chelem"]
    status, problem = http.post(f"{API}/{tid}/actions", {"type": "chelem", "seat": 1,
                                                         "seq": body["seq"]}, referee)
    assert status == 422 and problem["violations"][0]["code"] == "chelem-not-taker"
    status, body = http.post(f"{API}/{tid}/actions", {"type": "chelem", "seat": 2,
                                                      "seq": body["seq"]}, referee)
    assert status == 201, body
    deal_view = body["table"]["deal"]
    assert deal_view["chelem_announced"] and deal_view["to_move"] == 2
    assert body["table"]["you"]["expected"]["seat"] == 2
    assert not body["table"]["you"]["expected"]["chelem"]

    table = _physical(http, 4)
    tid, referee = table["id"], table["referee_token"]
    body = _bids(http, tid, referee, table["table"]["seq"], bids)
    status, body = http.post(f"{API}/{tid}/actions", {"type": "jeu", "seat": 2,
                                                      "seq": body["seq"]}, referee)
    assert status == 201, body
    trumps = [f"T{n}" for n in range(10, 0, -1)]
    status, body = http.post(f"{API}/{tid}/actions", {"type": "poignee", "seat": 1,
                                                      "cards": trumps, "seq": body["seq"]},
                             referee)
    assert status == 201, body
    assert not body["table"]["you"]["expected"]["chelem"]
    for lang, told in (("fr", "Le chelem s'annonce avant que la première carte soit jouée."),
                       ("en", "A slam is announced before the first card is played.")):
        status, problem = http.post(f"{API}/{tid}/actions?lang={lang}",
                                    {"type": "chelem", "seat": 2, "seq": body["seq"]}, referee)
        assert status == 422 and problem["violations"][0]["code"] == "chelem-too-late"
        assert problem["explanation"].startswith(told), problem


def test_physical_jeu_recorded(http: TestClientHttp) -> None:
    """The referee records the taker's « Jeu »: play starts, the player right of the dealer
    leads (here the second speaker took, so the taker is not the leader)."""
    table = _physical(http, 4)
    tid, referee = table["id"], table["referee_token"]
    body = _bids(http, tid, referee, table["table"]["seq"],
                 ((1, "passe"), (2, "garde_sans"), (3, "passe"), (0, "passe")))
    seq = body["seq"]
    status, body = http.post(f"{API}/{tid}/actions", {"type": "jeu", "seat": 2, "seq": seq},
                             referee)
    assert status == 201, body
    assert body["events"][0]["action"] == "jeu" and body["events"][0]["by"] == "referee"
    deal_view = body["table"]["deal"]
    assert deal_view["phase"] == "playing" and deal_view["to_move"] == 1
    assert not deal_view["chelem_announced"]
    assert body["table"]["you"]["expected"]["types"] == ["poignee", "play"]


def test_physical_six_people_revoke_names_table_seats(http: TestClientHttp) -> None:
    """Six people: five play each deal, the others sit out; the referee records by table seat
    and a revoke names table seats too."""
    table = _physical(http, 6)
    tid, referee = table["id"], table["referee_token"]
    deal_view = table["table"]["deal"]
    people, seq = deal_view["people"], table["table"]["seq"]
    assert len(people) == 5
    order = [people[(people.index(deal_view["to_move"]) + i) % 5] for i in range(5)]
    for i, person in enumerate(order):
        status, body = http.post(f"{API}/{tid}/actions", {
            "type": "bid", "seat": person, "bid": "garde_sans" if i == 0 else "passe",
            "seq": seq}, referee)
        assert status == 201, body
        seq = body["seq"]
    sitting_out = next(p for p in range(6) if p not in people)
    status, problem = http.post(f"{API}/{tid}/actions", {"type": "call", "seat": sitting_out,
                                                         "card": "KH", "seq": seq}, referee)
    assert status == 422
    status, body = http.post(f"{API}/{tid}/actions", {"type": "call", "seat": order[0],
                                                      "card": "KH", "seq": seq}, referee)
    assert status == 201, body
    seq = body["seq"]
    # trick 1: spades led; order[1] discards a heart (no spade, no trump, it says)
    for person, card in zip(order, ["5S", "2H", "3S", "4S", "6S"], strict=True):
        status, body = _play(http, tid, referee, seq, person, card)
        assert status == 201, body
        seq = body["seq"]
    winner = body["table"]["deal"]["tricks"][0]["winner"]
    assert winner == order[4]  # 6S, the highest spade
    # trick 2: diamonds from the winner on, until order[1] shows a spade
    nxt = [people[(people.index(winner) + i) % 5] for i in range(5)]
    for person, card in zip(nxt[:nxt.index(order[1])], ["7D", "8D", "9D", "10D"],
                            strict=False):
        status, body = _play(http, tid, referee, seq, person, card)
        assert status == 201, body
        seq = body["seq"]
    status, body = _play(http, tid, referee, seq, order[1], "KS")
    assert status == 201, body
    revoke = body["events"][-1]
    assert revoke["type"] == "revoke" and revoke["seat"] == order[1]
    assert revoke["violations"][0]["params"]["seat"] == order[1]
    # named by the table seat's name (not a deal seat's, nor a number counted from 0)
    assert table_names(body)[order[1]] in revoke["violations"][0]["message"]


# --- the referee's rulings: a revoke at the end of the deal, a misdeal ---------------------


def _enter_scripted(http: TestClientHttp, script: Any) -> tuple[str, str, dict[str, Any], int]:
    """Record a scripted four-player deal (browser.referee_deals): seat 1's garde, the chien,
    « Jeu », every card; at each revoke the referee plays on. Returns the table id, the
    referee's token, the last answer and how many revokes were reported."""
    table = _physical(http, 4)
    tid, referee = table["id"], table["referee_token"]
    seq = table["table"]["seq"]
    records: list[dict[str, Any]] = [
        {"type": "bid", "seat": 1, "bid": "garde"}, {"type": "bid", "seat": 2, "bid": "passe"},
        {"type": "bid", "seat": 3, "bid": "passe"}, {"type": "bid", "seat": 0, "bid": "passe"},
        {"type": "chien", "cards": script.chien}, {"type": "jeu", "seat": 1},
        *({"type": "play", "seat": seat, "card": card} for seat, card in script.plays)]
    revokes = 0
    body: dict[str, Any] = {}
    for record in records:
        status, body = http.post(f"{API}/{tid}/actions", {**record, "seq": seq}, referee)
        assert status == 201, (record, body)
        seq = body["seq"]
        if body["events"][-1]["type"] == "revoke":
            revokes += 1
            assert body["table"]["you"]["rulings"] == ["resume", "annul"]
            status, body = http.post(f"{API}/{tid}/actions", {"type": "resume", "seq": seq},
                                     referee)
            assert status == 201, body
            seq = body["seq"]
    return tid, referee, body, revokes


def test_physical_deal_with_a_revoke_waits_for_the_ruling_then_scores_as_played(
        http: TestClientHttp) -> None:
    """play.revoke-ruling: no FFT penalty is applied in the referee's place. The last card of a
    deal with a revoke is recorded but the deal is not scored: the referee is offered the
    rulings (score as played, annul); « as played » logs a ``ruled`` event, then the score —
    the core's score_deal of the same tricks — carries the ruling and the revokes."""
    from browser.referee_deals import scripted_deal

    from rules_fr.scoring import score_deal

    script = scripted_deal(7)
    assert script.revoke is not None
    tid, referee, body, revokes = _enter_scripted(http, script)
    assert revokes >= 1
    assert [e["type"] for e in body["events"]] == ["action"]  # no score by itself
    table = body["table"]
    assert table["deal"]["phase"] == "finished" and not table["scoresheet"]["entries"]
    assert table["you"]["ruling_needed"] and table["you"]["rulings"] == ["as-played", "annul"]
    assert table["deal"]["ruling"] is None and not table["paused"]
    seq = body["seq"]
    # a seat's token may not rule; the referee's may
    assert http.post(f"{API}/{tid}/actions", {"type": "as-played", "seq": seq},
                     table.get("seat_token"))[0] in (401, 403)
    status, body = http.post(f"{API}/{tid}/actions?lang=fr", {"type": "as-played", "seq": seq},
                             referee)
    assert status == 201, body
    assert [e["type"] for e in body["events"]] == ["ruled", "scored", "deal"]
    ruled, scored = body["events"][0], body["events"][1]
    assert ruled["ruling"] == "as-played" and ruled["by"] == "referee"
    assert scored["ruling"] == "as-played"
    assert [r["trick"] for r in scored["revokes"]] == [
        r["trick"] for r in table["deal"]["revokes"]]
    assert scored["revokes"][0]["violations"][0]["code"].startswith("revoke-")
    expected = score_deal(
        players=4, contract=Contract.GARDE, taker=1, partner=None,
        tricks=[PlayedTrick(int(t["leader"]), tuple(parse_card(c) for c in t["cards"]))
                for t in script.tricks],
        chien=CardSet.parse(script.chien), ecart=CardSet.parse(script.ecart))
    assert scored["scores"] == [expected.defender, expected.taker, expected.defender,
                                expected.defender]
    entries = body["table"]["scoresheet"]["entries"]
    assert len(entries) == 1 and entries[0]["scores"] == scored["scores"]
    # nothing awaits a ruling any more
    status, problem = http.post(f"{API}/{tid}/actions", {"type": "as-played",
                                                         "seq": body["seq"]}, referee)
    assert status == 409 and problem["type"].endswith(":no-ruling-pending"), problem
    assert "as-played" in problem["detail"]


def test_physical_deal_with_a_revoke_annulled_at_the_end(http: TestClientHttp) -> None:
    """The referee's other ruling once the deal is over: annul it — no score, the same dealer
    deals again."""
    from browser.referee_deals import scripted_deal

    tid, referee, body, _ = _enter_scripted(http, scripted_deal(11))
    status, body = http.post(f"{API}/{tid}/actions", {"type": "annul", "seq": body["seq"]},
                             referee)
    assert status == 201 and [e["type"] for e in body["events"]] == ["redeal", "deal"]
    table = body["table"]
    assert not table["scoresheet"]["entries"] and table["deal"]["dealer"] == 0
    assert table["deal"]["phase"] == "bidding" and not table["you"]["ruling_needed"]


def test_physical_deal_without_a_revoke_needs_no_ruling(http: TestClientHttp) -> None:
    """A deal where nobody revoked is scored at its last card, as before."""
    donne = _played_donne(_dealt(4, 14), Contract.GARDE)
    table = _physical(http, 4)
    tid, referee, seq = table["id"], table["referee_token"], table["table"]["seq"]
    body: dict[str, Any] = {}
    for record in _record(donne):
        status, body = http.post(f"{API}/{tid}/actions", {**record, "seq": seq}, referee)
        assert status == 201, body
        seq = body["seq"]
    assert "scored" in [e["type"] for e in body["events"]]
    scored = next(e for e in body["events"] if e["type"] == "scored")
    assert "ruling" not in scored
    assert http.post(f"{API}/{tid}/actions", {"type": "as-played", "seq": seq},
                     referee)[0] == 409


def test_physical_misdeal_ruled_before_the_first_bid(http: TestClientHttp) -> None:
    """deal.misdeal: before any bid the referee rules a misdeal; the same dealer deals again and
    may not bid (bid-dealer-after-misdeal); once a bid is recorded it is too late."""
    table = _physical(http, 4)
    tid, referee, seq = table["id"], table["referee_token"], table["table"]["seq"]
    assert table["table"]["you"]["misdeal"] is True
    status, body = http.post(f"{API}/{tid}/actions", {"type": "misdeal", "seq": seq}, referee)
    assert status == 201, body
    redeal, dealt = body["events"]
    assert redeal["type"] == "redeal" and redeal["reason"] == "misdeal" and redeal["person"] == 0
    assert dealt["type"] == "deal" and dealt["dealer"] == 0
    seq = body["seq"]
    for seat, bid in ((1, "passe"), (2, "passe"), (3, "passe")):
        status, body = http.post(f"{API}/{tid}/actions",
                                 {"type": "bid", "seat": seat, "bid": bid, "seq": seq}, referee)
        assert status == 201, body
        seq = body["seq"]
    assert body["table"]["you"]["misdeal"] is False
    status, problem = http.post(f"{API}/{tid}/actions",
                                {"type": "bid", "seat": 0, "bid": "garde", "seq": seq}, referee)
    assert status == 422, problem
    assert [v["code"] for v in problem["violations"]] == ["bid-dealer-after-misdeal"]
    assert problem["violations"][0]["rule"] == "deal.misdeal"
    status, problem = http.post(f"{API}/{tid}/actions", {"type": "misdeal", "seq": seq},
                                referee)
    assert status == 409 and problem["type"].endswith(":misdeal-too-late"), problem


def test_a_live_table_takes_no_misdeal_nor_revoke_ruling(http: TestClientHttp) -> None:
    """The server dealt the cards of a live table: no misdeal, no revoke to rule on, no record
    to take back."""
    status, table = http.post(API, {"players": 4, "deals": 3})
    assert status == 201, table
    for kind in ("misdeal", "as-played", "take-back"):
        status, problem = http.post(f"{API}/{table['id']}/actions",
                                    {"type": kind, "seq": table["table"]["seq"]},
                                    table["referee_token"])
        assert status == 422, problem
        assert problem["errors"][0]["pointer"] == "/type", problem


def test_physical_chien_on_a_garde_sans_cites_its_rule(http: TestClientHttp) -> None:
    """chien.garde-sans-contre: a chien recorded on a garde sans is refused citing the rule
    that keeps it face down — before the first card and after it, in French and in English
    (the explanation says that rule, not the taker's « Jeu »); on a garde, a chien recorded
    twice cites chien.shown (turned over once, then the taker's)."""
    tid, referee, seq = _start_garde_sans(http)
    chien = {"type": "chien", "cards": ["KS", "2H", "3D", "4C", "T5", "T6"]}
    for played in (False, True):
        if played:
            status, body = _play(http, tid, referee, seq, 1, "5H")
            assert status == 201, body
            seq = body["seq"]
        for lang, title in (("fr", "Garde sans et garde contre : le chien reste caché"),
                            ("en", "Garde sans and garde contre: the chien stays hidden")):
            status, problem = http.post(f"{API}/{tid}/actions?lang={lang}",
                                        {**chien, "seq": seq}, referee)
            assert status == 422, problem
            [found] = problem["violations"]
            assert (found["code"], found["rule"]) == ("wrong-phase", "chien.garde-sans-contre")
            assert found["message"].endswith(f"{title} (chien.garde-sans-contre).")
            assert problem["explanation"] == found["message"]

    table = _physical(http, 4)
    tid, referee, seq = table["id"], table["referee_token"], table["table"]["seq"]
    first = table["table"]["deal"]["to_move"]
    for i, bid in enumerate(("garde", "passe", "passe", "passe")):
        status, body = http.post(f"{API}/{tid}/actions", {
            "type": "bid", "seat": (first + i) % 4, "bid": bid, "seq": seq}, referee)
        assert status == 201, body
        seq = body["seq"]
    status, body = http.post(f"{API}/{tid}/actions", {**chien, "seq": seq}, referee)
    assert status == 201, body
    for lang, title in (("fr", "Petite et garde : le chien est montré et pris"),
                        ("en", "Petite and garde: the chien is shown and taken")):
        status, problem = http.post(f"{API}/{tid}/actions?lang={lang}",
                                    {**chien, "seq": body["seq"]}, referee)
        assert status == 422 and problem["violations"][0]["rule"] == "chien.shown"
        assert problem["explanation"].endswith(f"{title} (chien.shown).")


def test_the_referee_takes_his_last_record_back(http: TestClientHttp) -> None:
    """A mis-tap at the console: the referee takes his last record back. The record stays in
    the log, a ``taken-back`` event follows it, and the deal is as before it (the same card
    may be recorded again, or another); twice in a row goes two records back; nothing is taken
    back once the server answered a record (a revoke) or before any record."""
    table = _physical(http, 4)
    tid, referee, seq = table["id"], table["referee_token"], table["table"]["seq"]
    assert table["table"]["you"]["take_back"] is None  # nothing recorded yet
    status, problem = http.post(f"{API}/{tid}/actions?lang=en", {"type": "take-back", "seq": seq},
                                referee)
    assert status == 409 and problem["type"].endswith(":take-back-nothing"), problem
    tid, referee, seq = _start_garde_sans(http)
    status, body = _play(http, tid, referee, seq, 1, "5H")
    assert status == 201 and body["table"]["you"]["take_back"] == body["seq"]
    before = body["table"]["deal"]["trick"]["cards"]
    status, body = _play(http, tid, referee, body["seq"], 2, "6H")  # the mis-tap
    assert status == 201, body
    mistap = body["seq"]
    status, body = http.post(f"{API}/{tid}/actions", {"type": "take-back", "seq": mistap},
                             referee)
    assert status == 201, body
    (event,) = body["events"]
    assert event["type"] == "taken-back" and event["taken_back"] == mistap
    assert body["table"]["deal"]["trick"]["cards"] == before
    assert body["table"]["deal"]["to_move"] == 2
    _, log = http.get(f"{API}/{tid}/events?since=0", referee)
    assert [e["seq"] for e in log["events"]][-2:] == [mistap, mistap + 1]  # kept, in the log
    # the right card now; then two records back
    status, body = _play(http, tid, referee, body["seq"], 2, "2S")
    assert status == 201, body
    for _ in range(2):
        status, body = http.post(f"{API}/{tid}/actions", {"type": "take-back",
                                                          "seq": body["seq"]}, referee)
        assert status == 201, body
    assert body["table"]["deal"]["trick"]["cards"] == []
    # after a revoke shown (the server's answer) the record is not taken back
    seq = body["seq"]
    for seat, card in ((1, "5H"), (2, "2S"), (3, "3H"), (0, "4H"), (1, "7S"), (2, "KH")):
        status, body = _play(http, tid, referee, seq, seat, card)
        assert status == 201, body
        seq = body["seq"]
    assert body["events"][-1]["type"] == "revoke"
    assert body["table"]["you"]["take_back"] is None
    status, problem = http.post(f"{API}/{tid}/actions", {"type": "take-back", "seq": seq},
                                referee)
    assert status == 409, problem
