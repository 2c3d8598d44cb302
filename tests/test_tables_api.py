"""Live tables through HTTP (Flask's test client, a SQLite file per test): whole deals at 3, 4
and 5 players, the score against POST /score/deal, hidden cards never shown, tokens, stale
sequence numbers, illegal actions, a restart mid-deal."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tables_driver import API, TestClientHttp, card_codes, choose, codes, score_deal_body

from rules_fr.cards import CardSet
from rules_fr.donne import Phase
from tutor import create_app
from tutor.tables.resources import get_store


def _app(path: Any) -> Any:
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{path}/tables.db"})


@pytest.fixture
def app(tmp_path: Any) -> Any:
    return _app(tmp_path)


@pytest.fixture
def http(app: Any) -> TestClientHttp:
    return TestClientHttp(app.test_client())


def _create(http: TestClientHttp, n: int, bots: list[int], deals: int = 3) -> dict[str, Any]:
    status, body = http.post(API, {"names": [f"P{i}x" for i in range(n)], "bots": bots,
                                   "deals": deals})
    assert status == 201, body
    return body


def _allowed(app: Any, table_id: str, viewer: int | None) -> set[str]:
    """What ``viewer`` may know, from the server's own full replay of the log."""
    with app.app_context():
        truth = get_store().replay(table_id)
    donne = truth.donne
    if donne is None or truth.scored and viewer is None:
        return set() if donne is None else _public(truth)
    allowed = _public(truth)
    seat = truth.seat_of(viewer) if viewer is not None else None
    if seat is not None:
        allowed |= codes(donne.hands[seat]) | codes(donne.dealt.hands[seat])
        if seat == donne.taker and donne.ecart is not None:
            allowed |= codes(donne.ecart) | codes(donne.chien)
    return allowed


def _public(truth: Any) -> set[str]:
    donne = truth.donne
    public = {c.code for t in donne.tricks for c in t.cards} | {c.code for c in donne.trick}
    for cards in donne.poignees.values():
        public |= codes(cards)
    if donne.contract is not None and donne.contract.taker_takes_chien and donne.phase in (
            Phase.ECART, Phase.ANNOUNCING, Phase.PLAYING, Phase.FINISHED):
        public |= codes(donne.chien)
    if donne.ecart is not None:
        public |= codes(donne.ecart.trumps())
    if donne.called_card is not None:
        public.add(donne.called_card.code)
    return public


def play_out(app: Any, http: TestClientHttp, table: dict[str, Any], rng: random.Random, *,
             check_leaks: bool = False, max_actions: int = 3000) -> dict[str, Any]:
    """Play every human seat from its own view until the partie is over."""
    tid = table["id"]
    tokens = {t["seat"]: t["token"] for t in table["seat_tokens"]}
    referee = table["referee_token"]
    for _ in range(max_actions):
        status, view = http.get(f"{API}/{tid}", referee)
        assert status == 200
        if view["over"]:
            return view
        seat = view["to_move"]
        status, mine = http.get(f"{API}/{tid}", tokens[seat])
        assert status == 200
        if check_leaks:
            for viewer in tokens:
                _, seen = http.get(f"{API}/{tid}", tokens[viewer])
                leaked = card_codes(seen) - _allowed(app, tid, viewer)
                assert not leaked, (viewer, leaked)
                _, evs = http.get(f"{API}/{tid}/events?since=0", tokens[viewer])
                leaked = card_codes(evs) - _allowed_ever(app, tid, viewer)
                assert not leaked, ("events", viewer, leaked)
            leaked = card_codes(view) - _allowed(app, tid, None)
            assert not leaked, ("referee", leaked)
        action = choose(mine, rng)
        assert action is not None, mine
        status, body = http.post(f"{API}/{tid}/actions", action, tokens[seat])
        assert status == 201, body
    raise AssertionError("the partie did not end")


def _allowed_ever(app: Any, table_id: str, viewer: int) -> set[str]:
    """What a seat may have learnt over the whole log: its own hands of every deal and all
    public cards of every deal (replayed deal by deal)."""
    from tutor.tables.game import Event, TableState

    with app.app_context():
        store = get_store()
        events = store.events(table_id, 0, limit=100_000)
        meta = store.info(None, table_id).meta
    state, allowed = TableState(meta), set()
    for ev in events:
        state.apply(Event(ev.seq, ev.type, ev.data))
        if state.donne is not None:
            allowed |= _public(state)
            seat = state.seat_of(viewer)
            if seat is not None:
                allowed |= codes(state.donne.dealt.hands[seat])
                if seat == state.donne.taker and state.donne.ecart is not None:
                    allowed |= codes(state.donne.ecart) | codes(state.donne.chien)
    return allowed


@pytest.mark.parametrize("players", [3, 4, 5])
def test_table_complete_partie_driven_seats_score_as_score_deal(app: Any, http: TestClientHttp,
                                                                players: int) -> None:
    """Every seat but one driven through HTTP; each deal's score on the scoresheet equals
    what POST /score/deal gives for the same tricks, écart, chien and announcements."""
    from tutor.tables.game import Event, TableState

    table = _create(http, players, bots=[players - 1], deals=3)
    final = play_out(app, http, table, random.Random(players))
    assert final["over"] and len(final["scoresheet"]["entries"]) == 3
    with app.app_context():
        store = get_store()
        events = store.events(table["id"], 0, limit=100_000)
        meta = store.info(None, table["id"]).meta
    state, compared = TableState(meta), 0
    for ev in events:
        if ev.type == "scored":
            donne = state.donne
            body = score_deal_body(donne)
            status, result = http.post("/api/v1/score/deal", body)
            assert status == 200, result
            state.apply(Event(ev.seq, ev.type, ev.data))
            mine = state.scores[-1]
            expected = mine.scores()
            if mine.players != 5 or mine.facts[6]:  # no partner: none in the answer
                del expected["partner"]
            assert result["scores"] == expected, (result, mine)
            _, evs = http.get(f"{API}/{table['id']}/events?since={ev.seq - 1}",
                              table["referee_token"])
            served = evs["events"][0]["score"]
            assert served["derivation"] == result["derivation"]
            assert served["scores"] == result["scores"]
            compared += 1
        else:
            state.apply(Event(ev.seq, ev.type, ev.data))
    assert compared == 3
    assert final["scoresheet"]["totals"] == list(state.partie.totals())
    assert sum(final["scoresheet"]["totals"]) == 0


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_table_all_bots_play_the_whole_partie(http: TestClientHttp, players: int) -> None:
    """Bots act by themselves: an all-bot table has played its partie when created; at 6-7
    people the sitting-out seats score 0 on each deal."""
    table = _create(http, players, bots=list(range(players)), deals=3)
    sheet = table["table"]["scoresheet"]
    assert table["table"]["over"] and len(sheet["entries"]) == 3
    for entry in sheet["entries"]:
        assert len(entry["players"]) == min(players, 5)
        assert sum(entry["scores"]) == 0
        assert all(entry["scores"][p] == 0 for p in range(players)
                   if p not in entry["players"])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_table_no_view_leaks_a_hidden_card(app: Any, http: TestClientHttp,
                                           players: int) -> None:
    """Over a whole deal, for every seat and the referee, after each action: the view and the
    events show only the seat's own cards and public ones — never another hand, the écart
    (but its trumps), nor the chien of a garde sans/contre."""
    table = _create(http, players, bots=[], deals=3)
    tid = table["id"]
    tokens = {t["seat"]: t["token"] for t in table["seat_tokens"]}
    rng = random.Random(10 + players)
    # one checked deal (the whole partie would be slow): play until the first score
    for step in range(400):
        _, view = http.get(f"{API}/{tid}", table["referee_token"])
        if view["scoresheet"]["entries"]:
            break
        for viewer in tokens:
            _, seen = http.get(f"{API}/{tid}", tokens[viewer])
            assert set(seen["deal"]["hand"]) <= _allowed(app, tid, viewer)
            assert not card_codes(seen) - _allowed(app, tid, viewer), (
                card_codes(seen) - _allowed(app, tid, viewer), seen)
            if step % 6 == 0:  # the whole log, every few actions (and after the score)
                _, evs = http.get(f"{API}/{tid}/events?since=0", tokens[viewer])
                assert not card_codes(evs) - _allowed_ever(app, tid, viewer)
        assert not card_codes(view) - _allowed(app, tid, None)
        seat = view["to_move"]
        _, mine = http.get(f"{API}/{tid}", tokens[seat])
        status, body = http.post(f"{API}/{tid}/actions", choose(mine, rng), tokens[seat])
        assert status == 201, body
    else:
        raise AssertionError("no deal finished")
    for viewer in tokens:
        _, evs = http.get(f"{API}/{tid}/events?since=0", tokens[viewer])
        assert "score" in evs["events"][-2] or any(e["type"] == "scored" for e in evs["events"])
        assert not card_codes(evs) - _allowed_ever(app, tid, viewer)


def test_table_garde_sans_chien_never_shown(app: Any, http: TestClientHttp) -> None:
    """A garde sans: the chien stays hidden from every seat, the taker included, to the end."""
    table = _create(http, 4, bots=[], deals=3)
    tid, tokens = table["id"], {t["seat"]: t["token"] for t in table["seat_tokens"]}
    with app.app_context():
        truth = get_store().replay(tid)
    chien = set(truth.donne.chien.codes())
    _, view = http.get(f"{API}/{tid}", tokens[table["table"]["to_move"]])
    seat = view["to_move"]
    status, _ = http.post(f"{API}/{tid}/actions", {"seat": seat, "type": "bid",
                                                   "bid": "garde_sans", "seq": view["seq"]},
                          tokens[seat])
    assert status == 201
    rng = random.Random(5)
    while True:
        _, ref = http.get(f"{API}/{tid}", table["referee_token"])
        if ref["scoresheet"]["entries"]:
            break
        for viewer in tokens:
            _, seen = http.get(f"{API}/{tid}", tokens[viewer])
            assert not card_codes(seen) & chien
            assert seen["deal"]["chien"] is None
        s = ref["to_move"]
        _, mine = http.get(f"{API}/{tid}", tokens[s])
        assert http.post(f"{API}/{tid}/actions", choose(mine, rng), tokens[s])[0] == 201
    assert ref["scoresheet"]["entries"][0]["taker"] == seat


def test_table_tokens_required_and_bound_to_their_seat(http: TestClientHttp) -> None:
    table = _create(http, 4, bots=[], deals=3)
    tid = table["id"]
    tokens = {t["seat"]: t["token"] for t in table["seat_tokens"]}
    assert http.get(f"{API}/{tid}")[0] == 401
    assert http.get(f"{API}/{tid}", "not-a-token")[0] == 401
    other = _create(http, 3, bots=[], deals=3)
    assert http.get(f"{API}/{tid}", other["seat_tokens"][0]["token"])[0] == 401
    assert http.get(f"{API}/nosuchtable0", tokens[0])[0] == 404
    _, view = http.get(f"{API}/{tid}", tokens[0])
    mover = view["to_move"]
    action = {"seat": mover, "type": "bid", "bid": "passe", "seq": view["seq"]}
    assert http.post(f"{API}/{tid}/actions", action)[0] == 401
    assert http.post(f"{API}/{tid}/actions", action, tokens[(mover + 1) % 4])[0] == 403
    assert http.post(f"{API}/{tid}/actions", action, table["referee_token"])[0] == 403
    pause = {"type": "pause", "seq": view["seq"]}
    assert http.post(f"{API}/{tid}/actions", pause, tokens[mover])[0] == 403
    # the token is stored hashed: no token appears in the database
    assert http.post(f"{API}/{tid}/actions", action, tokens[mover])[0] == 201


def test_table_tokens_stored_hashed(app: Any, http: TestClientHttp) -> None:
    import hashlib

    from sqlalchemy import text

    table = _create(http, 3, bots=[], deals=3)
    with app.app_context(), get_store().engine.connect() as conn:
        dump = repr(conn.execute(text("SELECT * FROM seats")).all()) + repr(
            conn.execute(text("SELECT * FROM tables")).all())
    for t in table["seat_tokens"]:
        assert t["token"] not in dump and len(t["token"]) >= 43
        assert hashlib.sha256(t["token"].encode()).hexdigest() in dump
    assert table["referee_token"] not in dump


@pytest.mark.parametrize("body", [
    {"type": "bid", "seq": 0},  # no seat
    {"seat": 0, "type": "fly", "seq": 0},
    {"seat": 0, "type": "play", "card": "ZZ", "seq": 0},
    {"seat": 9, "type": "bid", "bid": "passe", "seq": 0},
    {"seat": 0, "type": "bid", "bid": "passe"},  # no seq
    {"seat": 0, "type": "bid", "bid": "passe", "seq": -1},
    {"seat": 0, "type": "bid", "bid": "passe", "seq": 0, "extra": 1},
    {"seat": 0, "type": "ecart", "cards": ["KH"] * 30, "seq": 0},
    {"seat": 0, "type": "play", "seq": 0},  # no card
    [1, 2, 3],
    "x" * 70_000,  # over 64 KiB
])
def test_table_malformed_or_oversized_action_4xx(http: TestClientHttp, body: Any) -> None:
    table = _create(http, 3, bots=[], deals=3)
    tid, token = table["id"], table["seat_tokens"][0]["token"]
    before = table["table"]["seq"]
    status, problem = http.post(f"{API}/{tid}/actions", body, token)
    assert 400 <= status < 500 and status not in (401, 404), (status, problem)
    assert http.get(f"{API}/{tid}", token)[1]["seq"] == before


def test_table_stale_seq_409(http: TestClientHttp) -> None:
    table = _create(http, 4, bots=[], deals=3)
    tid, tokens = table["id"], {t["seat"]: t["token"] for t in table["seat_tokens"]}
    _, view = http.get(f"{API}/{tid}", tokens[0])
    mover, seq = view["to_move"], view["seq"]
    ok = {"seat": mover, "type": "bid", "bid": "passe", "seq": seq}
    assert http.post(f"{API}/{tid}/actions", ok, tokens[mover])[0] == 201
    nxt = (mover + 1) % 4
    status, problem = http.post(f"{API}/{tid}/actions",
                                {"seat": nxt, "type": "bid", "bid": "passe", "seq": seq},
                                tokens[nxt])
    assert status == 409 and problem["seq"] == seq + 1


def test_table_illegal_action_422_records_nothing(app: Any, http: TestClientHttp) -> None:
    """Out of turn, a bid too low, a card not held: 422 with violations and an explanation,
    the same payloads as the check endpoints; the event count does not move."""
    table = _create(http, 4, bots=[], deals=3)
    tid, tokens = table["id"], {t["seat"]: t["token"] for t in table["seat_tokens"]}
    _, view = http.get(f"{API}/{tid}", tokens[0])
    mover, seq = view["to_move"], view["seq"]
    other = (mover + 1) % 4

    def count() -> int:
        with app.app_context():
            return len(get_store().events(tid, 0, limit=10_000))

    before = count()
    status, problem = http.post(f"{API}/{tid}/actions", {"seat": other, "type": "bid",
                                                         "bid": "garde", "seq": seq},
                                tokens[other])
    assert status == 422 and problem["violations"][0]["code"] == "bid-out-of-turn"
    assert problem["violations"][0]["message"] and problem["explanation"]
    assert count() == before
    assert http.post(f"{API}/{tid}/actions", {"seat": mover, "type": "bid", "bid": "garde",
                                              "seq": seq}, tokens[mover])[0] == 201
    status, problem = http.post(f"{API}/{tid}/actions", {"seat": other, "type": "bid",
                                                         "bid": "petite", "seq": seq + 1},
                                tokens[other])
    assert status == 422 and problem["violations"][0]["code"] == "bid-too-low"
    status, problem = http.post(f"{API}/{tid}/actions", {"seat": other, "type": "play",
                                                         "card": "T21", "seq": seq + 1},
                                tokens[other])
    assert status == 422 and problem["violations"][0]["code"] == "wrong-phase"
    assert count() == before + 1


def test_table_referee_pause_resume_annul(http: TestClientHttp) -> None:
    table = _create(http, 4, bots=[], deals=3)
    tid, ref = table["id"], table["referee_token"]
    tokens = {t["seat"]: t["token"] for t in table["seat_tokens"]}
    _, view = http.get(f"{API}/{tid}", ref)
    status, body = http.post(f"{API}/{tid}/actions", {"type": "pause", "seq": view["seq"]}, ref)
    assert status == 201 and body["table"]["paused"]
    mover = view["to_move"]
    status, _ = http.post(f"{API}/{tid}/actions", {"seat": mover, "type": "bid",
                                                   "bid": "passe", "seq": body["seq"]},
                          tokens[mover])
    assert status == 409
    status, body = http.post(f"{API}/{tid}/actions", {"type": "resume", "seq": body["seq"]},
                             ref)
    assert status == 201 and not body["table"]["paused"]
    _, mine = http.get(f"{API}/{tid}", tokens[mover])
    hand_before = mine["deal"]["hand"]
    status, body = http.post(f"{API}/{tid}/actions", {"type": "annul", "seq": body["seq"]}, ref)
    assert status == 201
    assert [e["type"] for e in body["events"]] == ["redeal", "deal"]
    assert body["events"][0]["reason"] == "referee"
    _, mine = http.get(f"{API}/{tid}", tokens[mover])
    assert mine["deal"]["hand"] != hand_before and mine["dealer"] == view["dealer"]


def test_table_restart_mid_deal_loses_nothing(tmp_path: Any) -> None:
    """Two app instances on one SQLite file (a restart): the second finishes the deal the
    first started, from the event log alone."""
    first = TestClientHttp(_app(tmp_path).test_client())
    table = _create(first, 4, bots=[2], deals=3)
    tid, tokens = table["id"], {t["seat"]: t["token"] for t in table["seat_tokens"]}
    rng = random.Random(1)
    for _ in range(12):
        _, view = first.get(f"{API}/{tid}", table["referee_token"])
        s = view["to_move"]
        _, mine = first.get(f"{API}/{tid}", tokens[s])
        assert first.post(f"{API}/{tid}/actions", choose(mine, rng), tokens[s])[0] == 201
    _, before = first.get(f"{API}/{tid}", tokens[0])
    second_app = _app(tmp_path)
    second = TestClientHttp(second_app.test_client())
    _, after = second.get(f"{API}/{tid}", tokens[0])
    assert after == before
    final = play_out(second_app, second, table, rng)
    assert final["over"]


def test_table_events_since_and_stream(app: Any, http: TestClientHttp) -> None:
    table = _create(http, 4, bots=[1, 2, 3], deals=3)
    tid, token = table["id"], table["seat_tokens"][0]["token"]
    _, all_events = http.get(f"{API}/{tid}/events?since=0", token)
    seq = all_events["seq"]
    assert [e["seq"] for e in all_events["events"]] == list(range(1, seq + 1))
    _, later = http.get(f"{API}/{tid}/events?since={seq - 2}", token)
    assert [e["seq"] for e in later["events"]] == [seq - 1, seq]
    assert http.get(f"{API}/{tid}/events?since=x", token)[0] == 422
    # paging: `since` is the cursor, `limit` the page's size; the pages rebuild the log
    pages, since = [], 0
    while True:
        _, page = http.get(f"{API}/{tid}/events?since={since}&limit=2", token)
        assert len(page["events"]) <= 2 and page["seq"] == seq
        pages.append(page["events"])
        if not page["events"] or page["events"][-1]["seq"] == page["seq"]:
            break
        since = page["events"][-1]["seq"]
    assert [e for p in pages for e in p] == all_events["events"] and len(pages) > 1
    assert http.get(f"{API}/{tid}/events?limit=0", token)[0] == 422
    assert http.get(f"{API}/{tid}/events?limit=501", token)[0] == 422
    client = app.test_client()
    response = client.get(f"{API}/{tid}/stream?since=0&limit=3&timeout=5",
                          headers={"Authorization": f"Bearer {token}"})
    assert response.mimetype == "text/event-stream"
    text = response.get_data(as_text=True)
    assert [line for line in text.splitlines() if line.startswith("id: ")] == [
        "id: 1", "id: 2", "id: 3"]
    assert "event: deal" in text
    deal_line = next(line for line in text.splitlines() if '"type": "deal"' in line)
    assert '"hand"' in deal_line  # seat 0 sees its own hand in its stream


def test_table_create_validation(http: TestClientHttp) -> None:
    assert http.post(API, {"names": ["A", "B"]})[0] == 422
    assert http.post(API, {"players": 8})[0] == 422
    assert http.post(API, {"players": 4, "deals": 11})[0] == 422
    assert http.post(API, {"players": 4, "bots": [4]})[0] == 422
    status, body = http.post(API, {"players": 4})
    assert status == 201 and len(body["seat_tokens"]) == 4 and body["table"]["deals"] == 5
    assert CardSet.parse([]) == CardSet()


def test_table_duplicate_same_deal_fixed_garde_no_bidding(app: Any, http: TestClientHttp) -> None:
    """Duplicate: every deal of the table is the given deal, with the imposed garde and taker,
    and no bid is made."""
    from rules_fr.deal import deal

    dealt = deal(4, 0, seed=11)
    status, table = http.post(API, {"players": 4, "bots": [0, 1, 2, 3], "deals": 3,
                                    "duplicate": {"hands": [h.codes() for h in dealt.hands],
                                                  "chien": dealt.chien.codes(), "dealer": 0,
                                                  "taker": 2, "contract": "garde"}})
    assert status == 201 and table["table"]["mode"] == "duplicate"
    assert [e["taker"] for e in table["table"]["scoresheet"]["entries"]] == [2, 2, 2]
    with app.app_context():
        events = get_store().events(table["id"], 0, limit=10_000)
    deals = [e for e in events if e.type == "deal"]
    assert len(deals) == 3
    assert all(e.data["hands"] == [h.codes() for h in dealt.hands] for e in deals)
    assert not [e for e in events if e.type == "action" and e.data["action"] == "bid"]
    bad = {"hands": [h.codes() for h in dealt.hands][:3], "chien": dealt.chien.codes(),
           "taker": 2}  # a hand missing
    assert http.post(API, {"players": 4, "duplicate": bad})[0] == 422


def test_table_bots_play_the_advice_policy(app: Any, http: TestClientHttp) -> None:
    """Every bot action of a table is what rules_fr.advice.bot.bot_action chooses in that
    position (with the generator seeded by table id and sequence number): the advice, not a
    random legal card; replaying the log reproduces each choice."""
    import random as random_module

    from rules_fr.advice.bot import bot_action
    from tutor.tables.game import Event, TableState, action_from_data

    table = _create(http, 4, bots=[0, 1, 2, 3], deals=3)
    with app.app_context():
        store = get_store()
        events = store.events(table["id"], 0, limit=100_000)
        meta = store.info(None, table["id"]).meta
    state, checked, kinds = TableState(meta), 0, set()
    for ev in events:
        if ev.type == "action" and ev.data.get("by") == "bot":
            seat = ev.data["seat"]
            rng = random_module.Random(f"{table['id']}:{state.seq}")
            assert bot_action(state.donne, seat, rng) == action_from_data(ev.data)
            checked += 1
            kinds.add(ev.data["action"])
        state.apply(Event(ev.seq, ev.type, ev.data))
    assert checked > 3 * 18 * 4 and {"bid", "jeu", "play"} <= kinds


def test_tables_module_doctests() -> None:
    """The doctests of the tables' modules (pytest collects doctests from rules_fr only)."""
    import doctest

    from tutor.tables import game

    for module in (game,):
        failed, attempted = doctest.testmod(module)
        assert attempted and not failed, module.__name__


def _human_taker_table(http: TestClientHttp, contract: str, dealer: int = 0) -> dict[str, Any]:
    """Seat 0, a person, imposed taker of a prepared deal; the dealer is seat 0 (unless told),
    so seat 1 (a bot) is the player right of the dealer, who leads unless a chelem is
    announced."""
    from rules_fr.deal import deal, is_petit_sec

    seed = 21
    dealt = deal(4, 0, seed=seed)
    while any(is_petit_sec(h) for h in dealt.hands):
        seed += 1
        dealt = deal(4, 0, seed=seed)
    status, table = http.post(API, {"players": 4, "bots": [1, 2, 3], "deals": 3,
                                    "duplicate": {"hands": [h.codes() for h in dealt.hands],
                                                  "chien": dealt.chien.codes(),
                                                  "dealer": dealer,
                                                  "taker": 0, "contract": contract}})
    assert status == 201, table
    return table


def test_table_bots_wait_for_the_takers_jeu(http: TestClientHttp) -> None:
    """ecart.jeu: after the contract (a garde sans: no écart) a person taker is the seat to
    move; the bots play no card before his « Jeu »; then the player right of the dealer leads
    and the bots play until the taker's turn. Nobody else says « Jeu », no card before it."""
    table = _human_taker_table(http, "garde_sans")
    tid, tokens = table["id"], {t["seat"]: t["token"] for t in table["seat_tokens"]}
    view = table["table"]
    assert view["deal"]["phase"] == "announcing" and view["to_move"] == 0
    assert view["deal"]["trick"]["cards"] == [] and not view["deal"]["tricks"]
    _, mine = http.get(f"{API}/{tid}", tokens[0])
    legal = mine["you"]["legal"]
    assert legal["jeu"] and legal["chelem"] and not legal["cards"] and not legal["poignees"]
    _, other = http.get(f"{API}/{tid}", tokens[1])
    assert not other["you"]["legal"]["jeu"] and not other["you"]["legal"]["chelem"]
    status, problem = http.post(f"{API}/{tid}/actions", {"seat": 1, "type": "jeu",
                                                         "seq": view["seq"]}, tokens[1])
    assert status == 422 and problem["violations"][0]["code"] == "not-your-turn"
    status, problem = http.post(f"{API}/{tid}/actions", {
        "seat": 0, "type": "play", "card": mine["deal"]["hand"][0], "seq": view["seq"]},
        tokens[0])
    assert status == 422 and problem["violations"][0]["code"] == "wrong-phase"
    assert problem["explanation"].startswith("C'est au preneur de dire « Jeu »")
    status, body = http.post(f"{API}/{tid}/actions", {"seat": 0, "type": "jeu",
                                                      "seq": view["seq"]}, tokens[0])
    assert status == 201, body
    assert [(e["type"], e.get("action"), e.get("seat")) for e in body["events"]] == [
        ("action", "jeu", 0), ("action", "play", 1), ("action", "play", 2),
        ("action", "play", 3)]
    deal_view = body["table"]["deal"]
    assert deal_view["phase"] == "playing" and not deal_view["chelem_announced"]
    assert deal_view["trick"]["leader"] == 1 and body["table"]["to_move"] == 0
    assert not body["table"]["you"]["legal"]["jeu"]
    assert not body["table"]["you"]["legal"]["chelem"]


def test_table_chelem_announced_by_a_taker_not_first_to_play(http: TestClientHttp) -> None:
    """chelem.announce: after his écart, the person taker (not the player right of the
    dealer) announces a chelem instead of « Jeu », and leads the first trick."""
    table = _human_taker_table(http, "garde")
    tid, token = table["id"], table["seat_tokens"][0]["token"]
    _, mine = http.get(f"{API}/{tid}", token)
    assert mine["deal"]["phase"] == "ecart" and not mine["you"]["legal"]["chelem"]
    hand, chien = CardSet.parse(mine["deal"]["hand"]), CardSet.parse(mine["deal"]["chien"])
    from rules_fr.ecart import random_legal_ecart

    ecart = random_legal_ecart(4, hand, chien, random.Random(2))
    status, body = http.post(f"{API}/{tid}/actions", {"seat": 0, "type": "ecart",
                                                      "cards": ecart.codes(),
                                                      "seq": mine["seq"]}, token)
    assert status == 201 and [e["type"] for e in body["events"]] == ["action"]
    assert body["table"]["deal"]["phase"] == "announcing"
    assert body["table"]["you"]["legal"]["chelem"]
    status, body = http.post(f"{API}/{tid}/actions", {"seat": 0, "type": "chelem",
                                                      "seq": body["seq"]}, token)
    assert status == 201, body
    deal_view = body["table"]["deal"]
    assert deal_view["chelem_announced"] and deal_view["trick"]["leader"] == 0
    assert body["table"]["to_move"] == 0 and deal_view["trick"]["cards"] == []
    assert body["table"]["you"]["legal"]["cards"]


def test_table_chelem_announced_after_jeu(http: TestClientHttp) -> None:
    """chelem.announce: « avant que la première carte soit jouée » — once the person taker
    said « Jeu », before the first card, he may still announce the chelem (here he is the
    player right of the dealer, so no bot plays before him), and he leads."""
    table = _human_taker_table(http, "garde_sans", dealer=3)
    tid, token = table["id"], table["seat_tokens"][0]["token"]
    status, body = http.post(f"{API}/{tid}/actions", {"seat": 0, "type": "jeu",
                                                      "seq": table["table"]["seq"]}, token)
    assert status == 201, body
    assert [(e["type"], e.get("action")) for e in body["events"]] == [("action", "jeu")]
    legal = body["table"]["you"]["legal"]
    assert body["table"]["deal"]["phase"] == "playing" and body["table"]["to_move"] == 0
    assert not legal["jeu"] and legal["chelem"] and legal["cards"]
    status, body = http.post(f"{API}/{tid}/actions", {"seat": 0, "type": "chelem",
                                                      "seq": body["seq"]}, token)
    assert status == 201, body
    deal_view = body["table"]["deal"]
    assert deal_view["chelem_announced"] and deal_view["trick"]["leader"] == 0
    assert deal_view["trick"]["cards"] == [] and body["table"]["to_move"] == 0
    assert not body["table"]["you"]["legal"]["chelem"] and body["table"]["you"]["legal"]["cards"]


def test_table_chelem_too_late_after_the_first_card(http: TestClientHttp) -> None:
    """chelem.announce: once a card is played the taker's chelem is refused, too late — in
    French and in English, with the number of cards played."""
    table = _human_taker_table(http, "garde_sans")
    tid, token = table["id"], table["seat_tokens"][0]["token"]
    status, body = http.post(f"{API}/{tid}/actions", {"seat": 0, "type": "jeu",
                                                      "seq": table["table"]["seq"]}, token)
    assert status == 201 and len(body["table"]["deal"]["trick"]["cards"]) == 3
    assert not body["table"]["you"]["legal"]["chelem"]
    said = {}
    for lang in ("fr", "en"):
        status, problem = http.post(f"{API}/{tid}/actions?lang={lang}",
                                    {"seat": 0, "type": "chelem", "seq": body["seq"]}, token)
        assert status == 422, problem
        [found] = problem["violations"]
        assert (found["code"], found["rule"]) == ("chelem-too-late", "chelem.announce")
        said[lang] = problem["explanation"]
    assert said["fr"].startswith("Le chelem s'annonce avant que la première carte soit jouée, "
                                 "et 3 cartes ont déjà été jouées.")
    assert said["en"].startswith("A slam is announced before the first card is played, and 3 "
                                 "cards have already been played.")
    _, view = http.get(f"{API}/{tid}", token)
    assert not view["deal"]["chelem_announced"] and view["seq"] == body["seq"]


def test_table_events_since_non_ascii_digits_422(app: Any, http: TestClientHttp) -> None:
    """``since`` and ``Last-Event-ID`` are ASCII decimal numbers: "²" passes ``str.isdigit``
    but ``int`` refuses it (it was a 500), "١٢" would be read as 12. Refused with 422 (the
    query) or ignored (the header, as a browser's EventSource may send anything)."""
    table = _create(http, 4, bots=[1, 2, 3], deals=3)
    tid, token = table["id"], table["seat_tokens"][0]["token"]
    for since in ("²", "١٢", "１２"):
        status, body = http.get(f"{API}/{tid}/events?since={since}", token)
        assert status == 422 and body["errors"][0]["pointer"] == "/since", body
        response = app.test_client().get(f"{API}/{tid}/stream?since={since}&timeout=1",
                                         headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == 422
    client = app.test_client()
    for last_id in ("²", "¹²", "x"):
        response = client.get(f"{API}/{tid}/stream?limit=1&timeout=2", headers={
            "Authorization": f"Bearer {token}", "Last-Event-ID": last_id})
        assert response.status_code == 200
        assert "id: 1\n" in response.get_data(as_text=True)  # from the start


def test_table_duplicate_contract_defaults_to_garde(http: TestClientHttp) -> None:
    """A duplicate deal without a contract is a garde (the default was the text "garde",
    not a contract, and creating the table was a 500)."""
    from rules_fr.deal import deal

    dealt = deal(4, 0, seed=5)
    status, table = http.post(API, {"players": 4, "deals": 3, "duplicate": {
        "hands": [h.codes() for h in dealt.hands], "chien": dealt.chien.codes(), "taker": 1}})
    assert status == 201, table
    assert table["table"]["duplicate"]["contract"] == "garde"
    assert table["table"]["deal"]["contract"] == "garde"


def _junk_action(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A probably illegal action for the viewing seat: a card it may not play or does not
    hold, a bid out of turn or too low, an écart or poignée of the wrong cards, the wrong
    phase."""
    from rules_fr.cards import CARDS

    hand = (view["deal"] or {}).get("hand") or []
    codes_ = [c.code for c in CARDS]
    kind = rng.choice(["bid", "call", "ecart", "jeu", "chelem", "poignee", "play"])
    body: dict[str, Any] = {"seat": view["you"]["seat"], "seq": view["seq"], "type": kind}
    if kind == "bid":
        body["bid"] = rng.choice(["passe", "petite", "garde", "garde_sans", "garde_contre"])
    elif kind in ("call", "play"):
        body["card"] = rng.choice(hand if hand and rng.random() < 0.7 else codes_)
    elif kind in ("ecart", "poignee"):
        pool = hand if hand and rng.random() < 0.7 else codes_
        body["cards"] = rng.sample(pool, min(len(pool), rng.choice([3, 6, 8, 10, 13])))
    return body


@pytest.mark.parametrize("players", [3, 5])
def test_table_refused_actions_never_recorded(app: Any, http: TestClientHttp,
                                              players: int) -> None:
    """Legal and junk actions interleaved through a whole deal and more: every refusal (4xx)
    leaves the event log as it was, every 201 appends to it, and the log replays with each
    recorded action legal by the rules at its moment (issue 6: nothing illegal recorded)."""
    from tutor.tables.game import Event, TableState, action_from_data

    table = _create(http, players, bots=[], deals=3)
    tid, tokens = table["id"], {t["seat"]: t["token"] for t in table["seat_tokens"]}
    rng = random.Random(players)

    def count() -> int:
        with app.app_context():
            return len(get_store().events(tid, 0, limit=100_000))

    refused = accepted = scored = 0
    for _ in range(400):
        _, public = http.get(f"{API}/{tid}", table["referee_token"])
        if public["over"] or scored >= 1:
            break
        seat = public["to_move"] if rng.random() < 0.9 else rng.randrange(players)
        _, view = http.get(f"{API}/{tid}", tokens[seat])
        action = choose(view, rng) if rng.random() < 0.5 else None
        body = action or _junk_action(view, rng)
        before = count()
        status, answer = http.post(f"{API}/{tid}/actions", body, tokens[seat])
        if status == 201:
            accepted += 1
            assert count() > before
            scored = len(answer["table"]["scoresheet"]["entries"])
        else:
            refused += 1
            assert 400 <= status < 500, answer
            assert count() == before, (body, answer)
    assert scored == 1 and refused > 20 and accepted > 20
    with app.app_context():
        store = get_store()
        events = store.events(tid, 0, limit=100_000)
        state = TableState(store.info(None, tid).meta)
    for ev in events:
        if ev.type == "action":
            assert state.check(action_from_data(ev.data)) == [], ev
        state.apply(Event(ev.seq, ev.type, ev.data))


def _phase_refusal(http: TestClientHttp, tid: str, token: str, action: dict[str, Any],
                   rule: str) -> dict[str, str]:
    """The 422 of an out-of-phase action, in French and in English: it cites ``rule`` (by its
    id, and its title in the sentence and the explanation); the sentences by language."""
    said = {}
    for lang in ("fr", "en"):
        status, problem = http.post(f"{API}/{tid}/actions?lang={lang}", action, token)
        assert status == 422, problem
        [found] = problem["violations"]
        assert (found["code"], found["rule"]) == ("wrong-phase", rule), found
        title = http.get(f"/api/v1/rules/{rule}?lang={lang}", token)[1]["title"]
        assert title in found["message"] and title in problem["explanation"], problem
        assert f"({rule})" in found["message"]
        said[lang] = found["message"]
    return said


def test_table_wrong_phase_cites_the_ecart_rules(http: TestClientHttp) -> None:
    """An écart on a garde sans cites the garde sans/contre rule (no écart), not « play in
    turn »; on a garde, an écart changed once play has begun cites ecart.jeu — in French and
    in English, the explanation the sentence that cites it."""
    table = _human_taker_table(http, "garde_sans")
    tid, token = table["id"], table["seat_tokens"][0]["token"]
    _, mine = http.get(f"{API}/{tid}", token)
    assert mine["deal"]["phase"] == "announcing"
    said = _phase_refusal(http, tid, token, {"seat": 0, "type": "ecart", "seq": mine["seq"],
                                             "cards": mine["deal"]["hand"][:6]},
                          "chien.garde-sans-contre")
    assert said["fr"].endswith("Règle : Garde sans et garde contre : le chien reste caché "
                               "(chien.garde-sans-contre).")
    assert said["en"].endswith("Rule: Garde sans and garde contre: the chien stays hidden "
                               "(chien.garde-sans-contre).")

    table = _human_taker_table(http, "garde")
    tid, token = table["id"], table["seat_tokens"][0]["token"]
    _, mine = http.get(f"{API}/{tid}", token)
    hand, chien = CardSet.parse(mine["deal"]["hand"]), CardSet.parse(mine["deal"]["chien"])
    from rules_fr.ecart import random_legal_ecart

    ecart = random_legal_ecart(4, hand, chien, random.Random(2))
    status, body = http.post(f"{API}/{tid}/actions", {"seat": 0, "type": "ecart",
                                                      "cards": ecart.codes(),
                                                      "seq": mine["seq"]}, token)
    assert status == 201, body
    status, body = http.post(f"{API}/{tid}/actions", {"seat": 0, "type": "jeu",
                                                      "seq": body["seq"]}, token)
    assert status == 201, body
    view = body["table"]
    assert view["deal"]["phase"] == "playing" and view["deal"]["trick"]["cards"]
    other = [c for c in view["deal"]["hand"] if c not in ecart.codes()][:6]
    said = _phase_refusal(http, tid, token, {"seat": 0, "type": "ecart", "seq": view["seq"],
                                             "cards": other}, "ecart.jeu")
    assert said["fr"].endswith("Règle : « Jeu » : la fin de l'écart (ecart.jeu).")
    assert said["en"].endswith("Rule: “Jeu”: the end of the écart (ecart.jeu).")


def test_an_invitee_writes_their_own_name(http: TestClientHttp) -> None:
    """A seat's token renames its own seat (the organiser's guess was not the player's name):
    a ``renamed`` event, the new name in every view; another seat's name is not its to
    change; the referee may name any seat; the same name again changes nothing."""
    table = _create(http, 4, [])
    tid, seq = table["id"], table["table"]["seq"]
    token = {t["seat"]: t["token"] for t in table["seat_tokens"]}
    status, body = http.post(f"{API}/{tid}/actions", {"type": "name", "name": " Zoé ",
                                                      "seq": seq}, token[1])
    assert status == 201, body
    (event,) = body["events"]
    assert event["type"] == "renamed" and event["seat"] == 1 and event["name"] == "Zoé"
    assert body["table"]["names"][1] == "Zoé" and body["table"]["you"]["name"] == "Zoé"
    _, other = http.get(f"{API}/{tid}", token[2])
    assert other["names"][1] == "Zoé"
    status, problem = http.post(f"{API}/{tid}/actions", {"type": "name", "name": "X",
                                                         "seat": 2, "seq": body["seq"]},
                                token[1])
    assert status == 403, problem
    status, again = http.post(f"{API}/{tid}/actions", {"type": "name", "name": "Zoé",
                                                       "seq": body["seq"]}, token[1])
    assert status == 201 and again["events"] == []
    status, named = http.post(f"{API}/{tid}/actions", {"type": "name", "name": "Yves",
                                                       "seat": 3, "seq": body["seq"]},
                              table["referee_token"])
    assert status == 201 and named["table"]["names"][3] == "Yves"
