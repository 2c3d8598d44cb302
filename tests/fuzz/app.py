"""The app under fuzzing and the table invariants checked after each session: a strict
replay of the log (every recorded action legal at its moment), the recorded cards checked
independently of the rules' own check, and a scored deal compared with ``/score/deal``."""

from __future__ import annotations

import tempfile
from typing import Any

from tables_driver import score_deal_body

from fuzz.findings import API, FOUND, short
from fuzz.invariants import trick_problems


def make_app() -> Any:
    from tutor import create_app

    folder = tempfile.mkdtemp(prefix="fuzz-api-")
    return create_app({"TESTING": False, "DATABASE_URL": f"sqlite:///{folder}/tables.db"})


def store_of(app: Any) -> Any:
    return app.extensions["tarot_tables"]


def last_seq(app: Any, table_id: str) -> int:
    store = store_of(app)
    with store.engine.connect() as conn:
        return int(store.last_seq(conn, table_id))


def strict_replay(app: Any, table_id: str) -> None:
    """Replay the table's whole log, checking every logged action with the rules before
    applying it: an action the rules refuse was recorded although illegal."""
    from tutor.tables.game import Event, TableState, action_from_data

    store = store_of(app)
    info = store.info(None, table_id)
    state = TableState(info.meta)
    with store.engine.connect() as conn:
        rows = store.events(table_id, 0, limit=10**9) if conn is not None else []
    for row in rows:
        if row.type == "scored" and state.meta.mode != "physical":
            _compare_with_score_deal(app, state, info.meta)
        if row.type == "action":
            action = action_from_data(row.data)
            found = state.check(action)
            if found:
                FOUND.add("illegal-recorded", f"table {info.meta.mode} {info.meta.people}p",
                          f"event {row.seq} {dict(row.data)} breaks "
                          f"{[v.code for v in found]}", table_id)
        try:
            state.apply(Event(row.seq, row.type, row.data))
        except Exception as error:  # noqa: BLE001 — a log that cannot be replayed
            FOUND.add("illegal-recorded", f"table {info.meta.mode}",
                      f"event {row.seq} {row.type} does not replay: {error!r}", table_id)
            return
        if row.type == "action" and row.data.get("action") == "play":
            _independent_play_check(state, info.meta, dict(row.data), table_id)


def _independent_play_check(state: Any, meta: Any, data: dict[str, Any],
                            table_id: str) -> None:
    """Facts about a recorded card that do not go through the rules' own check: no card of
    the deal played twice, no card of a shown chien played, tricks of the table's size, and
    at a dealt table the card came from its seat's dealt cards (or the chien, for the taker)."""
    donne = state.donne
    where = f"table {meta.mode} {meta.people}p"
    for problem in trick_problems(donne.players, [t.cards for t in donne.tricks], donne.trick):
        FOUND.add("illegal-recorded", where, f"{problem}: {data}", table_id)
    played = [c for t in donne.tricks for c in t.cards] + list(donne.trick)
    card = played[-1] if played else None
    if card is None or card.code != data["card"]:
        FOUND.add("illegal-recorded", where, f"the card played is not the last: {data}",
                  table_id)
        return
    if meta.mode == "physical":
        if donne.chien is not None and card in donne.chien:
            FOUND.add("illegal-recorded", where, f"a card of the chien played: {data}",
                      table_id)
        return
    seat = int(data["seat"])
    own = set(donne.dealt.hands[seat])
    if seat == donne.taker and donne.ecart is not None:
        own = (own | set(donne.dealt.chien)) - set(donne.ecart)
    if card not in own:
        FOUND.add("illegal-recorded", where, f"a card not from the seat's hand: {data}",
                  table_id)


def _compare_with_score_deal(app: Any, state: Any, meta: Any) -> None:
    """A table's scored deal must score as POST /score/deal scores the same tricks, chien,
    écart and announcements (a different path through the core: replay, not the Donne)."""
    body = score_deal_body(state.donne)
    donne = state.donne
    response = app.test_client().post(f"{API}/score/deal", json=body)
    FOUND.requests += 1
    FOUND.compared += 1
    answer = response.get_json()
    mine = donne.score().scores()
    if response.status_code != 200 or answer["scores"] != mine:
        FOUND.add("odd", f"table {meta.mode} {meta.people}p vs /score/deal",
                  f"{response.status_code} {short(answer, 200)} != table {mine}", body)
