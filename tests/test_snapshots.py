"""State in O(one deal): a table's state rebuilt from its latest snapshot and the events after
it (what a cache miss or a fresh process does) equals the replay of its whole log — every
field of the view of every seat and of the referee, every event as each of them sees it — at
every step of random multi-deal parties at 3, 4, 5 and 6 people with bots, referee pauses,
annulled deals, seats handed to a robot and back, and undo (a fork); at a physical table (a
misdeal, then deals recorded card by card); after a restart (a fresh app on the same
database); on SQLite and on PostgreSQL. A rebuild applies only the events of
the current deal. The core's serialisers (Score, Partie) round-trip and refuse what the rules
would not give; a snapshot that cannot be read is skipped for a full replay; migration 0004
goes down and up, and a table logged before it is served from its full replay until its next
deal stores a snapshot. And the per-process caches stay at their LRU size however many tables
are touched.

PostgreSQL is 127.0.0.1:5432, database ``test`` (trust auth), in a schema of its own that the
tests create and drop; those tests skip, saying why, only when it cannot be reached.
"""

from __future__ import annotations

import gc
import random
import threading
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select, update
from sqlalchemy import inspect as sa_inspect
from tables_driver import API, TestClientHttp, choose
from test_tables_physical import _played_donne, _record
from test_tables_server import sqlite_and_postgres

from rules_fr.contracts import Camp, Contract
from rules_fr.deal import deal, is_petit_sec
from rules_fr.partie import Partie
from rules_fr.poignee import PoigneeLevel
from rules_fr.scoring import score, score_from_dict
from rules_fr.simulate import play_random_deal
from tutor import create_app
from tutor.tables import presence as presence_module
from tutor.tables import store as store_module
from tutor.tables.game import TableState
from tutor.tables.models import EventRow, SnapshotRow
from tutor.tables.resources import get_presence, get_store
from tutor.tables.views import render_events, render_view

_snapshots, _events = SnapshotRow.__table__, EventRow.__table__


database = sqlite_and_postgres("snapshots_test")


def _app(url: str) -> Flask:
    return create_app({"TESTING": True, "DATABASE_URL": url, "RATELIMIT_ENABLED": False})


class _CountApplies:
    """Counts the events applied to any TableState while installed (the cost of a rebuild)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        original = TableState.apply

        def counting(state: TableState, event: Any) -> None:
            self.count += 1
            original(state, event)

        monkeypatch.setattr(TableState, "apply", counting)


def _tail_since_snapshot(events: list[Any]) -> int:
    """The events a rebuild must apply: from the last deal (the snapshot is the state just
    before it) to the end; the whole log while the first deal is in play."""
    last_deal = max(ev.seq for ev in events if ev.type == "deal")
    return len(events) if last_deal == 1 else events[-1].seq - (last_deal - 1)


def _same_state(app: Flask, table_id: str, *, events_too: bool,
                counter: _CountApplies | None = None) -> TableState:
    """Assert the snapshot rebuild equals the full replay for every viewer; returns it."""
    with app.test_request_context("/?lang=en"):
        store = get_store()
        full = store.replay(table_id)
        events = store.events(table_id, 0, limit=1_000_000)
        before = counter.count if counter else 0
        rebuilt = store.rebuild(table_id)
        if counter is not None:
            assert counter.count - before == _tail_since_snapshot(events)
        assert rebuilt.seq == full.seq == events[-1].seq
        assert rebuilt.snapshot() == full.snapshot()
        for viewer in [None, *range(full.meta.people)]:
            assert render_view(table_id, rebuilt, viewer) == render_view(table_id, full,
                                                                         viewer), viewer
            if events_too:
                assert render_events(rebuilt, events, viewer) == render_events(
                    full, events, viewer), viewer
        return rebuilt


def _step(http: TestClientHttp, table: dict[str, Any], rng: random.Random) -> bool:
    """One move of the partie: mostly the seat to move plays a legal action from its own
    view; now and then the referee pauses and resumes, annuls the deal, or hands the seat to
    a robot, which keeps it into the next deal (the snapshot between them holds it) before
    the referee gives it back with a new token. False once the partie is over."""
    tid, referee = table["id"], table["referee_token"]
    tokens = {t["seat"]: t["token"] for t in table["seat_tokens"]}
    status, view = http.get(f"{API}/{tid}", referee)
    assert status == 200, view
    if view["over"]:
        return False
    roll = rng.random()
    seq = view["seq"]
    handed = table.get("handed")  # (seat, deal number when handed)
    if handed is not None and view["deal"] is not None and view["deal"]["number"] > handed[1]:
        status, body = http.post(f"{API}/{tid}/actions",
                                 {"type": "person", "seat": handed[0], "seq": seq}, referee)
        assert status == 201, body
        del table["handed"]
        # handing the seat to a robot withdrew its token: it comes back with a new one
        new = {t["seat"]: t["token"] for t in body["seat_tokens"]}
        assert list(new) == [handed[0]]
        for entry in table["seat_tokens"]:
            entry["token"] = new.get(entry["seat"], entry["token"])
        return True
    if roll < 0.03:
        for kind in ("pause", "resume"):
            status, body = http.post(f"{API}/{tid}/actions", {"type": kind, "seq": seq},
                                     referee)
            assert status == 201, body
            seq = body["seq"]
        return True
    if roll < 0.04 and view["deal"] is not None and view["deal"]["phase"] == "playing":
        status, body = http.post(f"{API}/{tid}/actions", {"type": "annul", "seq": seq},
                                 referee)
        assert status == 201, body
        return True
    seat = view["to_move"]
    if roll < 0.06 and handed is None:
        status, body = http.post(f"{API}/{tid}/actions",
                                 {"type": "robot", "seat": seat, "seq": seq}, referee)
        assert status == 201, body
        table["handed"] = (seat, view["deal"]["number"])
        return True
    status, mine = http.get(f"{API}/{tid}", tokens[seat])
    assert status == 200, mine
    status, body = http.post(f"{API}/{tid}/actions", choose(mine, rng), tokens[seat])
    assert status == 201, body
    return True


@pytest.mark.parametrize("people", [3, 4, 5, 6])
def test_snapshot_rebuild_equals_full_replay_at_every_step(database: str, people: int,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    rng = random.Random(f"snapshots-{people}")
    app = _app(database)
    http = TestClientHttp(app.test_client())
    humans = set(rng.sample(range(people), 2))
    status, table = http.post(API, {"names": [f"P{i}" for i in range(people)], "deals": 3,
                                    "bots": [i for i in range(people) if i not in humans]})
    assert status == 201, table
    counter = _CountApplies(monkeypatch)
    deals_seen = 0
    steps = 0
    while _step(http, table, rng):
        steps += 1
        state = _same_state(app, table["id"], counter=counter, events_too=False)
        if state.deal_attempt != deals_seen:  # a new deal: check the events too
            deals_seen = state.deal_attempt
            _same_state(app, table["id"], events_too=True)
        if steps == 40:  # undo at this point: the fork's snapshots serve it as well
            with app.app_context():
                store = get_store()
                fork_id = store.fork(table["id"], state.seq - 3)[0]
            _same_state(app, fork_id, events_too=True, counter=counter)
    final = _same_state(app, table["id"], events_too=True, counter=counter)
    assert final.over and final.deal_attempt >= 3
    with app.app_context(), get_store().engine.connect() as conn:
        snaps = conn.execute(select(func.count()).select_from(_snapshots)
                             .where(_snapshots.c.table_id == table["id"])).scalar_one()
    assert snaps == final.deal_attempt - 1  # one before every deal but the first


def test_snapshot_fresh_process_rebuilds_one_deal_and_plays_on(database: str,
                                                               monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    """A restart (a fresh app on the same database) serves every seat the state of the full
    replay after applying only the current deal's events, then plays the partie out."""
    rng = random.Random(11)
    first = TestClientHttp(_app(database).test_client())
    status, table = first.post(API, {"players": 4, "deals": 5, "bots": [1, 2]})
    assert status == 201, table
    tid = table["id"]
    tokens = {t["seat"]: t["token"] for t in table["seat_tokens"]}
    while True:  # into the middle of the fourth deal
        _, view = first.get(f"{API}/{tid}", table["referee_token"])
        if len(view["scoresheet"]["entries"]) == 3 and len(view["deal"]["tricks"]) >= 5:
            break
        assert _step(first, table, rng)
    # a seat handed back has a new token; one with a robot now has none
    robot_now = (table.get("handed") or (None,))[0]
    tokens = {t["seat"]: t["token"] for t in table["seat_tokens"] if t["seat"] != robot_now}
    counter = _CountApplies(monkeypatch)
    second_app = _app(database)
    second = TestClientHttp(second_app.test_client())
    with second_app.test_request_context("/?lang=en"):
        events = get_store().events(tid, 0, limit=100_000)
        full = get_store().replay(tid)
        expected = {viewer: render_view(tid, full, viewer) for viewer in [None, *tokens]}
    counter.count = 0
    status, served = second.get(f"{API}/{tid}?lang=en", next(iter(tokens.values())))
    assert status == 200
    assert counter.count == _tail_since_snapshot(events) < len(events) / 3
    for viewer, token in [(None, table["referee_token"]), *tokens.items()]:
        status, served = second.get(f"{API}/{tid}?lang=en", token)
        assert status == 200
        served.pop("presence")
        assert served == expected[viewer], viewer
    while _step(second, table, rng):
        pass
    _same_state(second_app, tid, events_too=True)


def test_snapshot_of_a_physical_table_equals_full_replay(database: str,
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    """A physical table (the referee records real cards): a misdeal ruled before the first
    bid (the same dealer deals again and may not bid: the snapshot between holds it), then
    three deals recorded card by card; rebuilt from its snapshots it is its full replay."""
    app = _app(database)
    http = TestClientHttp(app.test_client())
    status, table = http.post(API, {"players": 4, "deals": 3, "mode": "physical"})
    assert status == 201, table
    tid, referee = table["id"], table["referee_token"]
    status, body = http.post(f"{API}/{tid}/actions",
                             {"type": "misdeal", "seq": table["table"]["seq"]}, referee)
    assert status == 201, body
    counter = _CountApplies(monkeypatch)
    _same_state(app, tid, events_too=True, counter=counter)
    seed = 0
    contracts = [Contract.GARDE, Contract.PETITE, Contract.GARDE_SANS]
    for number, contract in enumerate(contracts, start=1):
        _, view = http.get(f"{API}/{tid}", referee)
        assert view["deal"]["number"] == number
        while True:  # the cards as this dealer dealt them (no petit sec: it would be annulled)
            seed += 1
            dealt = deal(4, view["deal"]["dealer"], seed=seed)
            if not any(is_petit_sec(h) for h in dealt.hands):
                break
        for step, record in enumerate(_record(_played_donne(dealt, contract))):
            status, body = http.post(f"{API}/{tid}/actions", {**record, "seq": view["seq"]},
                                     referee)
            assert status == 201, (record, body)
            view = body["table"]
            if step % 3 == 0:
                _same_state(app, tid, events_too=False, counter=counter)
        assert len(view["scoresheet"]["entries"]) == number
        _same_state(app, tid, events_too=True, counter=counter)
    assert view["over"]


def test_snapshot_unreadable_or_contradicted_falls_back_to_the_log(tmp_path: Path) -> None:
    app = _app(f"sqlite:///{tmp_path}/t.db")
    http = TestClientHttp(app.test_client())
    status, table = http.post(API, {"players": 4, "deals": 4, "bots": [0, 1, 2, 3]})
    assert status == 201 and table["table"]["over"]
    tid = table["id"]
    with app.app_context():
        engine = get_store().engine
    with engine.begin() as conn:
        rows = conn.execute(select(_snapshots.c.seq, _snapshots.c.data)
                            .where(_snapshots.c.table_id == tid)
                            .order_by(_snapshots.c.seq)).all()
        assert len(rows) >= 3
        # the latest: another version; the one before: a score its facts do not give
        conn.execute(update(_snapshots).where(_snapshots.c.table_id == tid,
                                              _snapshots.c.seq == rows[-1].seq)
                     .values(data={**rows[-1].data, "v": 999}))
    _same_state(app, tid, events_too=True)
    with engine.begin() as conn:
        bad = dict(rows[-1].data)
        bad["scores"] = [dict(s) for s in bad["scores"]]
        bad["scores"][0]["total"] += 5
        conn.execute(update(_snapshots).where(_snapshots.c.table_id == tid,
                                              _snapshots.c.seq == rows[-1].seq)
                     .values(data=bad))
    _same_state(app, tid, events_too=True)
    with engine.begin() as conn:  # readable but false: the tail refuses it
        bad = dict(rows[-1].data)
        bad["seq"] = rows[-1].seq - 1
        conn.execute(update(_snapshots).where(_snapshots.c.table_id == tid,
                                              _snapshots.c.seq == rows[-1].seq)
                     .values(data=bad))
    _same_state(app, tid, events_too=True)


def _alembic(engine: Any, action: str, revision: str) -> None:
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(store_module.MIGRATIONS))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        getattr(command, action)(config, revision)


def test_migration_0004_down_and_up_a_table_from_before_snapshots(
        database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Migration 0004 adds the snapshots and takes them away again; a table whose log was
    written before them (none stored) is served from its full replay, and its next deal
    stores the first snapshot."""
    app = _app(database)
    http = TestClientHttp(app.test_client())
    status, table = http.post(API, {"players": 3, "deals": 3, "bots": [1, 2]})
    assert status == 201, table
    with app.app_context():
        engine = get_store().engine
    _alembic(engine, "downgrade", "0003_table_lifecycle")
    with engine.connect() as conn:
        assert "snapshots" not in sa_inspect(conn).get_table_names()
    _alembic(engine, "upgrade", "head")
    with engine.connect() as conn:
        columns = {c["name"] for c in sa_inspect(conn).get_columns("snapshots")}
    assert columns == {c.name for c in _snapshots.columns}
    fresh = _app(database)  # a process started after the upgrade: no snapshot to start from
    _same_state(fresh, table["id"], events_too=True)
    rng = random.Random(4)

    def stored() -> int:
        with engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(_snapshots)
                                    .where(_snapshots.c.table_id == table["id"])).scalar_one())

    assert stored() == 0
    second = TestClientHttp(fresh.test_client())
    while not stored():
        assert _step(second, table, rng)
    _same_state(fresh, table["id"], events_too=True, counter=_CountApplies(monkeypatch))


def test_score_and_partie_round_trip_through_plain_data() -> None:
    rng = random.Random(5)
    for players in (3, 4, 5) * 30:
        played = play_random_deal(players, rng)
        found = played.score
        assert score_from_dict(found.to_dict()) == found
        assert score_from_dict(found.to_dict()).lines == found.lines
    shown = score(players=5, contract=Contract.GARDE_CONTRE, bouts=0, points_half=20,
                  petit_au_bout=Camp.DEFENSE, chelem=Camp.DEFENSE, chelem_announced=True,
                  poignees=[(Camp.TAKER, PoigneeLevel.TRIPLE),
                            (Camp.DEFENSE, PoigneeLevel.SIMPLE)])
    again = score_from_dict(shown.to_dict())
    assert again == shown and again.lines == shown.lines
    partie = Partie([f"P{i}" for i in range(7)], deals=4)
    for number in range(3):
        players = partie.players_for_deal(number)
        partie.record(score(players=5, contract=Contract.GARDE, bouts=number, points_half=90),
                      taker=players[0], partner=players[2])
    assert Partie.from_dict(partie.to_dict()) == partie
    wrong = partie.to_dict()
    wrong["entries"][1]["scores"][partie.players_for_deal(0)[0]] += 1
    with pytest.raises(ValueError):
        Partie.from_dict(wrong)
    sat_out = partie.to_dict()
    sat_out["entries"][0]["players"] = sorted(partie.players_for_deal(1))
    with pytest.raises(ValueError):
        Partie.from_dict(sat_out)


def _locks_while_held(store: store_module.Store, table_id: str) -> int:
    """The number of table locks the store keeps while another thread reads ``table_id``."""
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        with store.reading(table_id):
            held.set()
            release.wait(5)

    reader = threading.Thread(target=hold)
    reader.start()
    assert held.wait(5)
    try:
        return store.cache_sizes()["locks"]
    finally:
        release.set()
        reader.join()


def test_per_process_caches_stay_at_their_lru_size(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Touching ten times more tables than the bounds (creating, reading, acting, reading the
    log, a reader holding a table's lock from another thread) leaves each cache at its size,
    never more; a table pushed out of the cache is rebuilt from its snapshot, unchanged."""
    monkeypatch.setattr(store_module, "CACHE_SIZE", 5)
    monkeypatch.setattr(store_module, "INFO_CACHE_SIZE", 7)
    monkeypatch.setattr(presence_module, "_CACHE_SIZE", 6)
    app = _app(f"sqlite:///{tmp_path}/t.db")
    http = TestClientHttp(app.test_client())
    rng = random.Random(3)
    tables = []
    for k in range(70):
        status, table = http.post(API, {"players": 4, "deals": 3, "bots": [1, 2, 3]})
        assert status == 201
        tables.append(table)
        token = table["seat_tokens"][0]["token"]
        _, mine = http.get(f"{API}/{table['id']}", token)
        assert http.post(f"{API}/{table['id']}/actions", choose(mine, rng), token)[0] == 201
        assert http.get(f"{API}/{table['id']}/events?since=0", token)[0] == 200
        if k % 10 == 0:
            with app.app_context():
                assert _locks_while_held(get_store(), table["id"]) == 1
    gc.collect()
    with app.app_context():
        store = get_store()
        assert store.cache_sizes() == {"states": 5, "infos": 7, "locks": 0}
        assert len(get_presence()._written) == 6
        assert store.broker.subscribers() == 0
    # the first table left every cache long ago: served again, equal to its replay
    _same_state(app, tables[0]["id"], events_too=True)
