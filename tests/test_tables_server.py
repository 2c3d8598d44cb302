"""Live tables under a real server: gunicorn with several workers, on SQLite and on PostgreSQL.

* kill -9 mid-deal, restart, finish the deal: nothing is lost;
* 32 client threads racing actions on one table and on many tables: no action lost or applied
  twice, the sequence numbers contiguous, and the state served equal to a sequential replay of
  the event log read straight from the database.

PostgreSQL is 127.0.0.1:5432, database ``test`` (trust auth), in a schema of its own that the
tests create and drop; those tests skip, saying why, only when it cannot be reached.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from live_server import free_port, wait_serving
from sqlalchemy import create_engine, select, text
from tables_driver import API, UrllibHttp, choose

from tutor import create_app
from tutor.tables.game import Event, TableState
from tutor.tables.models import EventRow, TableRow
from tutor.tables.store import _meta_of
from tutor.tables.views import render_view

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = str(Path(sys.executable).parent / "gunicorn")
PG_BASE = "postgresql+psycopg://{user}@127.0.0.1:5432/test"


class Server:
    """A gunicorn process group serving the app on a free port."""

    def __init__(self, url: str, workers: int = 3) -> None:
        self.url, self.workers = url, workers
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        env = {**os.environ, "DATABASE_URL": self.url}
        self.proc = subprocess.Popen(
            [GUNICORN, "-w", str(self.workers), "-b", f"127.0.0.1:{self.port}", "--timeout",
             "60", "--graceful-timeout", "1", "--no-control-socket", "tutor:create_app()"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            start_new_session=True)
        http = UrllibHttp(self.base)
        wait_serving(self.proc, lambda: http.get(f"{API}/nosuchtable0")[0] in (401, 404),
                     seconds=30, failure="gunicorn did not start")
        return self

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def kill(self) -> None:
        """kill -9 the master and its workers at once (a crash, not a shutdown)."""
        assert self.proc is not None
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        """The end of a test's server: kill -9 (a test checks nothing after it, and a graceful
        stop waits a second for the workers)."""
        if self.proc is not None and self.proc.poll() is None:
            self.kill()


def _pg_url() -> str | None:
    for user in ("postgres", "root"):
        url = PG_BASE.format(user=user)
        try:
            engine = create_engine(url, connect_args={"connect_timeout": 3})
            with engine.connect() as conn:
                conn.execute(text("SELECT 1"))
            engine.dispose()
            return url
        except Exception:  # noqa: BLE001 - any failure means: not reachable as this user
            continue
    return None


@contextlib.contextmanager
def pg_schema(prefix: str) -> Iterator[str]:
    """The URL of a new schema of the test database (dropped afterwards), or skip the test
    when PostgreSQL is out of reach: each test gets its own tables."""
    base = _pg_url()
    if base is None:
        pytest.skip("PostgreSQL unreachable at 127.0.0.1:5432/test as postgres or root")
    schema = f"{prefix}_{uuid.uuid4().hex[:10]}"
    admin = create_engine(base)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield f"{base}?options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def sqlite_and_postgres(prefix: str) -> Any:
    """A fixture ``database``: a test runs once on a new SQLite file, once on a new PostgreSQL
    schema named after ``prefix`` (see :func:`pg_schema`)."""

    @pytest.fixture(params=["sqlite", "postgresql"])
    def database(request: Any, tmp_path: Path) -> Iterator[str]:
        if request.param == "sqlite":
            yield f"sqlite:///{tmp_path}/tables.db"
            return
        with pg_schema(prefix) as url:
            yield url

    return database


database = sqlite_and_postgres("tables_test")


def _drive(http: UrllibHttp, table: dict[str, Any], rng: random.Random, actions: int,
           until_scored: int = 99) -> None:
    tokens = {t["seat"]: t["token"] for t in table["seat_tokens"]}
    for _ in range(actions):
        _, view = http.get(f"{API}/{table['id']}", table["referee_token"])
        if view["over"] or len(view["scoresheet"]["entries"]) >= until_scored:
            return
        seat = view["to_move"]
        _, mine = http.get(f"{API}/{table['id']}", tokens[seat])
        status, body = http.post(f"{API}/{table['id']}/actions", choose(mine, rng),
                                 tokens[seat])
        assert status == 201, body


def _raw_events(url: str, table_id: str) -> list[Event]:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            t = EventRow.__table__
            rows = conn.execute(select(t.c.seq, t.c.type, t.c.data)
                                .where(t.c.table_id == table_id).order_by(t.c.seq)).all()
            tables = TableRow.__table__
            meta_row = conn.execute(select(tables).where(tables.c.id == table_id)).first()
    finally:
        engine.dispose()
    return [Event(r.seq, r.type, r.data) for r in rows], _meta_of(meta_row)  # type: ignore


def _replayed_view(url: str, table_id: str) -> dict[str, Any]:
    """The referee's view rendered from a fresh, sequential replay of the raw log."""
    events, meta = _raw_events(url, table_id)
    state = TableState(meta)
    for ev in events:
        state.apply(ev)
    app = create_app({"TESTING": True, "DATABASE_URL": url})
    with app.test_request_context("/?lang=fr"):
        return render_view(table_id, state, None)


def test_table_server_killed_mid_deal_restarts_and_finishes(database: str) -> None:
    server = Server(database, workers=2).start()
    try:
        http = UrllibHttp(server.base)
        status, table = http.post(API, {"names": ["Ana", "Ben", "Cléo", "Dan"],
                                        "bots": [3], "deals": 3})
        assert status == 201
        rng = random.Random(3)
        _drive(http, table, rng, 14)
        _, before = http.get(f"{API}/{table['id']}", table["seat_tokens"][0]["token"])
        server.kill()
        server = Server(database, workers=2).start()
        http = UrllibHttp(server.base)
        _, after = http.get(f"{API}/{table['id']}", table["seat_tokens"][0]["token"])
        # who is connected is the clients' (a window of seconds), not the log's: a slow
        # restart lets a seat go idle; everything the log says must be as it was
        before.pop("presence", None)
        after.pop("presence", None)
        assert after == before and after["seq"] > 1
        _drive(http, table, rng, 2000, until_scored=1)
        _, final = http.get(f"{API}/{table['id']}", table["referee_token"])
        assert len(final["scoresheet"]["entries"]) == 1  # the deal cut short was finished
        assert sum(final["scoresheet"]["totals"]) == 0
    finally:
        server.stop()


def _race(http: UrllibHttp, tables: list[dict[str, Any]], threads: int,
          per_table: int) -> dict[str, list[tuple[int, dict[str, Any]]]]:
    """``threads`` clients, each holding one seat's token of one table, racing to act; stop
    once ``per_table`` actions succeeded at each table. Returns each table's successes."""
    done: dict[str, list[tuple[int, dict[str, Any]]]] = {t["id"]: [] for t in tables}
    lock = threading.Lock()
    errors: list[str] = []

    seats = [(t, s) for t in tables for s in range(len(t["seat_tokens"]))]

    def client(k: int) -> None:
        table, seat = seats[k % len(seats)]  # every seat has a client; some have several
        tid = table["id"]
        token = table["seat_tokens"][seat]["token"]
        rng = random.Random(k)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with lock:
                if len(done[tid]) >= per_table:
                    return
            status, view = http.get(f"{API}/{tid}", token)
            if status != 200:
                errors.append(f"view {status}")
                return
            if view["over"]:
                return
            if view["to_move"] != seat:
                time.sleep(0.02)
                continue
            action = choose(view, rng)
            status, body = http.post(f"{API}/{tid}/actions", action, token)
            if status == 201:
                with lock:
                    done[tid].append((body["events"][0]["seq"], action))
            elif status != 409:
                errors.append(f"{status} {body}")
                return

    workers = [threading.Thread(target=client, args=(k,)) for k in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(90)
    assert not errors, errors[:3]
    return done


def _check_log(database: str, http: UrllibHttp, table: dict[str, Any],
               successes: list[tuple[int, dict[str, Any]]]) -> None:
    events, _ = _raw_events(database, table["id"])
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    humans = {e.seq: e for e in events if e.type == "action" and e.data.get("by") == "seat"}
    # every success is in the log exactly once, at the seq it was answered with; nothing else.
    # Two clients of one seat that sent the very same action with the same seq both get its
    # answer (the second is its first answer again, issue 28): one action, one log entry.
    by_seq: dict[int, dict[str, Any]] = {}
    for seq, action in successes:
        assert by_seq.setdefault(seq, action) == action, "two actions answered at one seq"
    assert sorted(by_seq) == sorted(humans)
    for seq, action in successes:
        logged = humans[seq].data
        assert logged["person"] == action["seat"] and logged["action"] == action["type"]
        if "card" in action:
            assert logged["card"] == action["card"]
    _, served = http.get(f"{API}/{table['id']}?lang=fr", table["referee_token"])
    presence = served.pop("presence")  # who is connected: not the log's, but the clients'
    assert [p["connected"] for p in presence] == [True] * len(presence)
    assert served == _replayed_view(database, table["id"])


def test_table_32_clients_race_on_one_table(database: str) -> None:
    server = Server(database, workers=3).start()
    try:
        http = UrllibHttp(server.base)
        status, table = http.post(API, {"players": 4, "deals": 3})
        assert status == 201
        done = _race(http, [table], threads=32, per_table=30)
        assert len(done[table["id"]]) >= 30 or http.get(
            f"{API}/{table['id']}", table["referee_token"])[1]["over"]
        _check_log(database, http, table, done[table["id"]])
    finally:
        server.stop()


def test_table_32_clients_race_on_many_tables(database: str) -> None:
    server = Server(database, workers=3).start()
    try:
        http = UrllibHttp(server.base)
        tables = []
        for n in (3, 4, 5, 4, 3, 5, 4, 4):
            status, table = http.post(API, {"players": n, "deals": 3})
            assert status == 201
            tables.append(table)
        done = _race(http, tables, threads=32, per_table=12)
        for table in tables:
            assert len(done[table["id"]]) >= 12
            _check_log(database, http, table, done[table["id"]])
    finally:
        server.stop()
