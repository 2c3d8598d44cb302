"""Issue 12, item 2: a legal play (or a score line) that would surprise a beginner carries why
it is allowed — code, rule, params and a sentence, in French and in English — in
``POST /check/play`` (``why_allowed``, and the explanation), ``/score`` and ``/score/deal``, and
the MCP tools' text. The core decides the cases (:func:`rules_fr.play.why_allowed`,
:func:`rules_fr.scoring.why_scored`); a plain play gets none, an illegal card none either."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from api_client import ask
from flask.testing import FlaskClient
from tables_driver import API, TestClientHttp, choose

from rules_fr.cards import KING_MASK, TRUMP_MASK, TRUMPS_ABOVE, CardSet, parse_cards
from rules_fr.contracts import Camp, Contract
from rules_fr.counting import PlayedTrick
from rules_fr.deal import deal
from rules_fr.play import check_play, led_card, legal_cards, why_allowed
from rules_fr.poignee import PoigneeLevel
from rules_fr.scoring import score, why_scored
from tutor import create_app
from tutor.api import examples
from tutor.mcp_server.tools import TOOLS, answer_text


def play(client: FlaskClient, body: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    fr, en = ask(client, "/check/play", body, "fr"), ask(client, "/check/play", body, "en")
    assert fr["legal"] is en["legal"] is True
    assert [w["code"] for w in fr["why_allowed"]] == [w["code"] for w in en["why_allowed"]]
    for payload in (fr, en):
        for why in payload["why_allowed"]:
            assert why["message"] in payload["explanation"]
    return fr, en


# (request, codes, rules, French sentence, English sentence) — the first allowance's sentence
CASES: dict[str, tuple[dict[str, Any], list[str], str, str]] = {
    "undertrump on a plain lead": (
        {"players": 4, "hand": ["T5", "2S"], "trick": ["KH", "T9"], "card": "T5"},
        ["undertrump-allowed"],
        "Vous pouvez jouer le 5 d'atout sous le 9 d'atout : sans cœur, vous devez couper, et "
        "sans atout plus fort que le 9 d'atout, vous sous-coupez. Règle : Monter à l'atout "
        "(play.overtrump).",
        "You may play the 5 of trumps under the 9 of trumps: you have no hearts, so you must "
        "trump, and with no trump above the 9 of trumps you undertrump. Rule: Overtrumping "
        "(play.overtrump)."),
    "a lower trump on a trump lead": (
        {"players": 4, "hand": ["T5", "2S"], "trick": ["T9"], "card": "T5"},
        ["undertrump-allowed"],
        "Vous pouvez jouer le 5 d'atout sous le 9 d'atout : l'atout est demandé et vous n'avez "
        "pas d'atout plus fort, vous jouez donc l'atout de votre choix.",
        "You may play the 5 of trumps under the 9 of trumps: trumps were led and you hold no "
        "trump above it, so any trump will do."),
    "the petit under a higher trump": (
        {"players": 4, "hand": ["T1", "T5", "2S"], "trick": ["KH", "T9"], "card": "T1"},
        ["petit-under-trump"],
        "Vous pouvez jouer le petit sous le 9 d'atout : sans atout plus fort, n'importe quel "
        "atout convient — même le petit, perdu alors si votre camp ne remporte pas le pli.",
        "You may play the petit under the 9 of trumps: you hold no trump above it, so any trump "
        "will do — even the petit, lost then unless your side takes the trick."),
    "a discard with neither the suit nor a trump": (
        {"players": 4, "hand": ["3C", "2S"], "trick": ["KH"], "card": "2S"},
        ["discard-allowed"],
        "Vous pouvez jouer le 2 de pique : vous n'avez ni cœur ni atout, vous vous défaussez "
        "de la carte de votre choix. Règle : La défausse (play.discard).",
        "You may play the 2 of spades: you have neither hearts nor a trump, so you discard the "
        "card of your choice. Rule: Discarding (play.discard)."),
    "a discard on a trump lead": (
        {"players": 4, "hand": ["3C", "2S"], "trick": ["T4"], "card": "2S"},
        ["discard-allowed"],
        "Vous pouvez jouer le 2 de pique : l'atout est demandé et vous n'en avez pas, vous vous "
        "défaussez de la carte de votre choix.",
        "You may play the 2 of spades: trumps were led and you have none, so you discard the "
        "card of your choice."),
    "the excuse instead of following": (
        {"players": 4, "hand": ["7H", "EX", "T3"], "trick": ["5H"], "card": "EX"},
        ["excuse-anytime", "excuse-exchange"],
        "Vous pouvez jouer l'excuse alors que vous pourriez fournir à cœur : elle se joue à tout "
        "moment. Règle : L'excuse à tout moment (play.excuse-anytime). L'excuse reste à votre "
        "camp : si l'autre camp remporte le pli, vous lui donnez en échange une carte d'un "
        "demi-point. Règle : L'échange de l'excuse (excuse.exchange).",
        "You may play the excuse although you could play a heart: it may be played at any "
        "time. Rule: The excuse at any time (play.excuse-anytime). The excuse stays with your "
        "side: if the other side wins the trick, you give it a card worth half a point in "
        "exchange. Rule: Exchanging the excuse (excuse.exchange)."),
    "the excuse instead of trumping": (
        {"players": 4, "hand": ["2S", "EX", "T3"], "trick": ["5H"], "card": "EX"},
        ["excuse-anytime", "excuse-exchange"],
        "Vous pouvez jouer l'excuse alors que vous pourriez couper : elle se joue à tout "
        "moment.",
        "You may play the excuse although you could trump: it may be played at any time."),
    "the excuse instead of overtrumping": (
        {"players": 4, "hand": ["T12", "EX", "T3"], "trick": ["T9"], "card": "EX"},
        ["excuse-anytime", "excuse-exchange"],
        "Vous pouvez jouer l'excuse alors que vous pourriez monter à l'atout : elle se joue à "
        "tout moment.",
        "You may play the excuse although you could play a higher trump: it may be played at "
        "any time."),
    "the excuse led": (
        {"players": 4, "hand": ["7H", "EX"], "trick": [], "card": "EX"},
        ["excuse-anytime", "excuse-exchange"],
        "Vous pouvez jouer l'excuse à tout moment, quelle que soit votre main. Entamée, elle ne "
        "donne aucune couleur : c'est la carte suivante qui la donne.",
        "You may play the excuse at any time, whatever you hold. Led, it sets no suit: the "
        "next card played does."),
    "the called card led at the first trick": (
        {"players": 5, "hand": ["KS", "2S", "3H"], "trick": [], "card": "KS",
         "first_trick": True, "called_card": "KS"},
        ["called-suit-lead-allowed"],
        "Vous pouvez entamer le roi de pique, la carte appelée elle-même : à la première entame, "
        "la couleur appelée est interdite, sauf la carte appelée. Règle : La première entame à 5 "
        "joueurs (play.called-suit-first-lead).",
        "You may lead the king of spades, the called card itself: on the first lead the called "
        "suit is barred, except for the called card."),
    "the called suit after an excuse lead": (
        {"players": 5, "hand": ["QS", "2S", "3H"], "trick": ["EX"], "card": "2S",
         "first_trick": True, "called_card": "KS"},
        ["called-suit-lead-allowed"],
        "Vous pouvez jouer le 2 de pique dans la couleur appelée : la règle ne vise que la "
        "première carte de la donne, et c'était l'excuse.",
        "You may play the 2 of spades in the called suit: the rule binds only the first card of "
        "the deal, and that was the excuse."),
    "the called suit with nothing else": (
        {"players": 5, "hand": ["QS", "2S"], "trick": [], "card": "2S", "first_trick": True,
         "called_card": "KS"},
        ["called-suit-lead-allowed"],
        "Vous pouvez entamer le 2 de pique : la première entame ne peut pas se faire dans la "
        "couleur appelée, mais vous n'avez pas d'autre carte.",
        "You may lead the 2 of spades: the first lead may not be in the called suit, but you "
        "hold no other card."),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_surprising_legal_play_says_why_in_both_languages(client: FlaskClient,
                                                             case: str) -> None:
    body, codes, french, english = CASES[case]
    fr, en = play(client, body)
    assert [w["code"] for w in fr["why_allowed"]] == codes
    assert french in fr["explanation"], fr["explanation"]
    assert english in en["explanation"], en["explanation"]
    assert fr["why_allowed"][0]["message"].startswith(french[:40])
    rules = {"undertrump-allowed": "play.overtrump", "petit-under-trump": "play.overtrump",
             "discard-allowed": "play.discard", "excuse-anytime": "play.excuse-anytime",
             "excuse-exchange": "excuse.exchange",
             "called-suit-lead-allowed": "play.called-suit-first-lead"}
    assert [w["rule"] for w in en["why_allowed"]] == [rules[c] for c in codes]
    assert "camp" not in en["explanation"]


def test_the_excuse_at_the_last_trick_is_not_said_to_come_back(client: FlaskClient) -> None:
    """At the last trick the excuse goes to the trick's winner (but in a chelem): no exchange
    is promised; the warning says what happens."""
    fr, en = play(client, {"players": 4, "hand": ["EX"], "trick": ["5H"], "card": "EX"})
    assert [w["code"] for w in fr["why_allowed"]] == ["excuse-anytime"]
    assert fr["why_allowed"][0]["params"]["last_trick"] is True
    assert [w["code"] for w in fr["warnings"]] == ["excuse-last-trick"]
    assert "échange" not in fr["explanation"] and "exchange" not in en["explanation"]


@pytest.mark.parametrize("body", [
    {"players": 4, "hand": ["7H", "KH", "2S"], "trick": ["5H"], "card": "KH"},  # follows suit
    {"players": 4, "hand": ["T5", "2S"], "trick": ["KH"], "card": "T5"},  # trumps, the first
    {"players": 4, "hand": ["T12", "2S"], "trick": ["KH", "T9"], "card": "T12"},  # overtrumps
    {"players": 4, "hand": ["7H", "2S"], "trick": [], "card": "2S"},  # a lead
    {"players": 5, "hand": ["QS", "2S", "3H"], "trick": [], "card": "3H", "first_trick": True,
     "called_card": "KS"},  # another suit on the first lead
])
def test_a_plain_play_says_only_that_it_may_be_played(client: FlaskClient,
                                                      body: dict[str, Any]) -> None:
    fr, en = play(client, body)
    assert fr["why_allowed"] == en["why_allowed"] == []
    assert fr["explanation"].startswith("Vous pouvez jouer")
    assert en["explanation"].startswith("You may play")


def test_an_illegal_card_has_no_why_allowed(client: FlaskClient) -> None:
    body = {"players": 4, "hand": ["7H", "2S"], "trick": ["5H"], "card": "2S"}
    payload = ask(client, "/check/play", body, "en")
    assert payload["legal"] is False and payload["why_allowed"] == []


def test_the_core_never_explains_an_illegal_card() -> None:
    """why_allowed and check_play agree: an allowance only for a legal card."""
    hands = [CardSet.parse(["T5", "T12", "2S", "EX"]), CardSet.parse(["3C", "2S"]),
             CardSet.parse(["7H", "T1", "KS"])]
    tricks = [[], ["KH"], ["KH", "T9"], ["T9"], ["EX", "5H"]]
    for hand in hands:
        for trick in tricks:
            for card in hand:
                found = check_play(hand, parse_cards(trick), card, players=4)
                why = why_allowed(hand, parse_cards(trick), card, players=4)
                assert not (found and why), (hand, trick, card)
                if why:
                    assert card in legal_cards(hand, parse_cards(trick))


# --- scoring -----------------------------------------------------------------------------------

POIGNEE_TO_TAKER = {"players": 4, "contract": "garde", "bouts": 2, "points": 49,
                    "poignees": [{"camp": "defense", "level": "simple"}]}


def test_a_defenders_poignee_counted_for_a_winning_taker_says_why(client: FlaskClient) -> None:
    fr = ask(client, "/score", POIGNEE_TO_TAKER, "fr")
    en = ask(client, "/score", POIGNEE_TO_TAKER, "en")
    assert fr["won"] is True
    assert [(w["code"], w["rule"], w["params"]) for w in fr["why_allowed"]] == [
        ("poignee-to-winner", "score.poignee",
         {"camp": "defense", "to": "taker", "level": "simple", "bonus": 20})]
    assert fr["why_allowed"][0]["message"] == (
        "La défense a montré la poignée simple, mais ses 20 points vont au preneur : la prime "
        "de poignée revient au camp qui gagne la donne, quel que soit celui qui l'a montrée. "
        "Règle : La poignée dans la marque (score.poignee).")
    assert en["why_allowed"][0]["message"].startswith(
        "The defence showed the single handful, yet its 20 points go to the taker: a handful's "
        "bonus goes to the side that wins the deal, whoever showed it.")
    assert fr["explanation"].endswith(fr["why_allowed"][0]["message"])


def test_a_takers_poignee_paid_to_the_defence_says_why(client: FlaskClient) -> None:
    body = {**POIGNEE_TO_TAKER, "points": 30, "poignees": [{"camp": "taker",
                                                            "level": "double"}]}
    fr = ask(client, "/score", body, "fr")
    en = ask(client, "/score", body, "en")
    assert fr["won"] is False
    assert fr["why_allowed"][0]["message"].startswith(
        "Le preneur a montré la double poignée, mais ses 30 points vont à la défense")
    assert en["why_allowed"][0]["message"].startswith(
        "The taker showed the double handful, yet its 30 points go to the defence")


def test_a_poignee_of_the_winning_side_needs_no_why(client: FlaskClient) -> None:
    body = {**POIGNEE_TO_TAKER, "poignees": [{"camp": "taker", "level": "simple"}]}
    assert ask(client, "/score", body, "en")["why_allowed"] == []


def test_a_failed_announced_chelem_says_why(client: FlaskClient) -> None:
    body = {**POIGNEE_TO_TAKER, "poignees": [], "chelem": {"announced": True, "by": None}}
    fr = ask(client, "/score", body, "fr")
    en = ask(client, "/score", body, "en")
    assert [(w["code"], w["rule"]) for w in fr["why_allowed"]] == [("chelem-failed",
                                                                    "score.chelem")]
    assert fr["why_allowed"][0]["message"].startswith(
        "Le chelem était annoncé et n'a pas été réalisé : 200 points sont retranchés au camp du "
        "preneur, bien que le contrat soit rempli.")
    assert en["why_allowed"][0]["message"].startswith(
        "The slam was announced and not made: 200 points are taken off the taker's side, "
        "although the contract is made.")


def test_a_played_deal_with_a_failed_chelem_says_why(client: FlaskClient) -> None:
    body = copy.deepcopy(examples.SCORE_DEAL)
    body["announcements"] = {"poignees": [], "chelem_announced": True}
    fr = ask(client, "/score/deal", body, "fr")
    en = ask(client, "/score/deal", body, "en")
    assert fr["won"] is False
    assert fr["why_allowed"][0]["code"] == "chelem-failed"
    assert "en plus du contrat chuté" in fr["explanation"]
    assert "on top of the contract lost" in en["explanation"]
    assert ask(client, "/score/deal", examples.SCORE_DEAL, "en")["why_allowed"] == []


def test_the_core_decides_the_score_cases() -> None:
    made = score(players=4, contract=Contract.GARDE, bouts=2, points_half=98,
                 poignees=[(Camp.DEFENSE, PoigneeLevel.SIMPLE)], chelem_announced=True)
    assert [v.code for v in why_scored(made)] == ["poignee-to-winner", "chelem-failed"]
    slam = score(players=4, contract=Contract.GARDE, bouts=3, points_half=182,
                 chelem_announced=True, chelem=Camp.TAKER)
    assert why_scored(slam) == []


# --- the MCP tools -----------------------------------------------------------------------------


def test_the_mcp_check_play_text_says_why(client: FlaskClient) -> None:
    spec = next(t for t in TOOLS if t.name == "check_play")
    body = CASES["undertrump on a plain lead"][0]
    for lang, sentence in (("fr", "vous sous-coupez"), ("en", "you undertrump")):
        text = answer_text(spec, ask(client, "/check/play", body, lang))
        assert sentence in text
        assert "play.overtrump" in text


def test_the_mcp_score_text_says_why(client: FlaskClient) -> None:
    spec = next(t for t in TOOLS if t.name == "score")
    for lang, sentence in (("fr", "quel que soit celui qui l'a montrée"),
                           ("en", "whoever showed it")):
        text = answer_text(spec, ask(client, "/score", POIGNEE_TO_TAKER, lang))
        assert sentence in text and "score.poignee" in text



# --- the live table ----------------------------------------------------------------------------


def test_the_tables_view_says_why_a_surprising_legal_card_is_allowed(tmp_path: Any) -> None:
    """A table of four people played from each seat's own view: whenever the seat to move may
    play a surprising card, its view's ``legal.why_allowed`` holds, for that card, exactly what
    ``/check/play`` answers for the same hand and trick — in the viewer's language."""
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path}/tables.db"})
    client = app.test_client()
    http = TestClientHttp(client)
    status, table = http.post(API, {"names": ["Ana", "Ben", "Cléo", "Dan"], "bots": [],
                                    "deals": 3})
    assert status == 201, table
    tokens = {t["seat"]: t["token"] for t in table["seat_tokens"]}
    rng = random.Random(12)
    seen: set[str] = set()
    for _ in range(200):  # a few deals' worth of actions
        status, view = http.get(f"{API}/{table['id']}", table["referee_token"])
        if view["over"] or view["to_move"] is None:
            break
        person = view["to_move"]
        status, mine = http.get(f"{API}/{table['id']}?lang=en", tokens[person])
        legal = mine["you"]["legal"]
        deal = mine["deal"]
        for card, why in legal["why_allowed"].items():
            assert card in legal["cards"]
            body = {"players": 4, "hand": deal["hand"], "trick": deal["trick"]["cards"],
                    "card": card}
            assert why == ask(client, "/check/play", body, "en")["why_allowed"]
            seen |= {w["code"] for w in why}
        for card in set(legal["cards"]) - set(legal["why_allowed"]):
            body = {"players": 4, "hand": deal["hand"], "trick": deal["trick"]["cards"],
                    "card": card}
            assert ask(client, "/check/play", body, "en")["why_allowed"] == []
        action = choose(mine, rng)
        assert action is not None
        status, _ = http.post(f"{API}/{table['id']}/actions", action, tokens[person])
        assert status == 201
    assert {"discard-allowed", "undertrump-allowed"} & seen, seen


# --- the property: every allowance true, every surprising play explained ----------------------


def _expected_codes(hand: CardSet, trick: list[Any], card: Any, players: int, called: Any,
                    first: bool) -> list[str]:
    """What a beginner would ask about, told from the position (the trick's led card and
    highest trump from the core, the rest from the hand)."""
    led = led_card(trick)
    top = max((c.rank for c in trick if c.is_trump), default=0)
    if card.is_excuse:
        return ["excuse-anytime"] + (["excuse-exchange"] if len(hand) > 1 else [])
    if led is None:
        if players == 5 and first and called is not None and not card.is_trump \
                and card.suit is called.suit:
            return ["called-suit-lead-allowed"]
        return []
    if card.is_trump and top > card.rank:
        return ["petit-under-trump" if card.rank == 1 else "undertrump-allowed"]
    if not card.is_trump and card.suit is not led.suit:
        return ["discard-allowed"]
    return []


def test_every_surprising_legal_play_is_explained_and_every_why_holds() -> None:
    """Seeded random deals at 3, 4 and 5 players, random legal cards: at each turn, for every
    card of the hand, an allowance comes exactly with a legal card that surprises, and what it
    says holds — no higher trump held for an undertrump, neither the suit nor a trump for a
    discard, the obligation the excuse escapes really there."""
    checked = 0
    for seed in range(90):
        players = (3, 4, 5)[seed % 3]
        rng = random.Random(seed)
        dealt = deal(players, seed=500 + seed)
        hands = list(dealt.hands)
        called = rng.choice(list(CardSet(KING_MASK))) if players == 5 else None
        leader, first = dealt.first_speaker, True
        while len(hands[0]):
            trick: list[Any] = []
            for i in range(players):
                seat = (leader + i) % players
                hand = hands[seat]
                legal = legal_cards(hand, trick, called_card=called, first_trick=first)
                for card in hand:
                    why = why_allowed(hand, trick, card, players=players, called_card=called,
                                      first_trick=first)
                    codes = [v.code.value for v in why]
                    if check_play(hand, trick, card, players=players, called_card=called,
                                  first_trick=first):
                        assert not why, (hand, trick, card)
                        continue
                    assert codes == _expected_codes(hand, trick, card, players, called,
                                                    first), (hand, trick, card, codes)
                    led = led_card(trick)
                    top = max((c.rank for c in trick if c.is_trump), default=0)
                    for v in why:
                        p = dict(v.params)
                        if v.code.value in ("undertrump-allowed", "petit-under-trump"):
                            assert p["highest"] == f"T{top}"
                            assert not hand.mask & TRUMPS_ABOVE[top], "holds a higher trump"
                            assert led is not None and (led.is_trump
                                                        or not hand.mask & led.suit_bits)
                        elif v.code.value == "discard-allowed":
                            assert led is not None
                            assert not hand.mask & (led.suit_bits | TRUMP_MASK)
                        elif v.code.value == "excuse-anytime":
                            others = legal.mask & ~card.mask
                            if p["escapes"] == "follow":
                                assert led is not None and hand.mask & led.suit_bits
                            elif p["escapes"] == "overtrump":
                                assert hand.mask & TRUMPS_ABOVE[top] and top
                            elif p["escapes"] == "trump":
                                assert led is not None and others & TRUMP_MASK
                            assert p["last_trick"] == (len(hand) == 1)
                            assert p["leads"] == (not trick)
                        elif v.code.value == "called-suit-lead-allowed":
                            assert called is not None and card.suit is called.suit
                            assert p["why"] == ("called-card" if card is called else
                                                "excuse-led" if trick else "only-suit")
                            if p["why"] == "only-suit":
                                assert not hand.mask & ~called.suit_bits
                    checked += 1
                card = rng.choice(list(legal))
                hands[seat] = hand - CardSet.of([card])
                trick.append(card)
            leader = PlayedTrick(leader, tuple(trick)).winner_seat(players)
            first = False
    assert checked > 10_000
