"""Benchmark of the live tables through HTTP, under gunicorn (2 sync workers), printing
``NAME: VALUE UNIT`` lines.

* complete deals per second: tables of 4 bot seats (each creation plays a 10-deal partie), on
  SQLite and, when reachable, PostgreSQL (127.0.0.1:5432/test, a schema of its own);
* actions per second with 32 clients on 8 tables of 4 human seats (each client one seat; an
  action = a successful POST, the polling GETs included in the cost);
* ``--cache-miss``: only the cost of a table's GET when its state is in no cache (a miss, a
  fresh process), in the first deal and in the ninth of a 10-deal partie, in-process through
  the app (the cache emptied before each GET), with the full replay of the log beside it for
  comparison, and the deal-9 miss once more with the table's snapshots deleted (what a miss
  cost before them).

Usage: python scripts/bench_tables.py [seconds per measure, default 5] | --cache-miss
"""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from tables_driver import API, UrllibHttp, choose  # noqa: E402

GUNICORN = str(Path(sys.executable).parent / "gunicorn")


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(url: str, workers: int = 2) -> tuple[subprocess.Popen[bytes], str]:
    port = _port()
    proc = subprocess.Popen(
        [GUNICORN, "-w", str(workers), "-b", f"127.0.0.1:{port}", "--no-control-socket",
         "tutor:create_app()"], cwd=ROOT,
        # the quotas are off: the benchmark is one client far past any per-address limit
        env={**os.environ, "DATABASE_URL": url, "TAROT_RATELIMIT_ENABLED": "0"},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(base + API + "/nosuchtable0", timeout=2)
        except urllib.error.HTTPError:
            return proc, base
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("gunicorn did not start")


def stop(proc: subprocess.Popen[bytes]) -> None:
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(10)


def deals_per_second(base: str, seconds: float) -> float:
    http = UrllibHttp(base)
    deals, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        status, body = http.post(API, {"players": 4, "bots": [0, 1, 2, 3], "deals": 10})
        assert status == 201, body
        deals += len(body["table"]["scoresheet"]["entries"])
    return deals / (time.perf_counter() - start)


def actions_per_second(base: str, seconds: float, clients: int = 32) -> float:
    http = UrllibHttp(base)
    tables = [http.post(API, {"players": 4, "deals": 10})[1] for _ in range(clients // 4)]
    seats = [(t, s) for t in tables for s in range(4)]
    count = [0]
    lock = threading.Lock()
    stop_at = time.perf_counter() + seconds

    def client(k: int) -> None:
        table, seat = seats[k % len(seats)]
        token = table["seat_tokens"][seat]["token"]
        rng = random.Random(k)
        while time.perf_counter() < stop_at:
            _, view = http.get(f"{API}/{table['id']}", token)
            if view["over"]:
                return
            if view["to_move"] != seat:
                time.sleep(0.01)
                continue
            status, _ = http.post(f"{API}/{table['id']}/actions", choose(view, rng), token)
            if status == 201:
                with lock:
                    count[0] += 1

    start = time.perf_counter()
    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return count[0] / (time.perf_counter() - start)


def _play_to_deal(http: Any, table: dict[str, Any], number: int, rng: random.Random) -> None:
    """Play the table's person (seat 0; the others are bots) into deal ``number``, a few
    tricks in."""
    token = table["seat_tokens"][0]["token"]
    while True:
        _, view = http.get(f"{API}/{table['id']}", token)
        deal = view["deal"]
        if deal["number"] == number and deal["phase"] == "playing" and len(deal["tricks"]) >= 4:
            return
        status, body = http.post(f"{API}/{table['id']}/actions", choose(view, rng), token)
        assert status == 201, body


def cache_miss(url: str, rounds: int = 200) -> dict[str, float]:
    """Milliseconds per GET of a table on a cache miss at deal 1 and deal 9, and per full
    replay of the deal-9 table's log (median of ``rounds``)."""
    import statistics

    from tables_driver import TestClientHttp

    from tutor import create_app
    from tutor.tables.resources import get_store

    app = create_app({"TESTING": True, "DATABASE_URL": url, "RATELIMIT_ENABLED": False})
    http = TestClientHttp(app.test_client())
    rng = random.Random(9)
    out: dict[str, float] = {}
    tables = {}
    for number in (1, 9):
        _, table = http.post(API, {"players": 4, "deals": 10, "bots": [1, 2, 3]})
        _play_to_deal(http, table, number, rng)
        tables[number] = table
    with app.app_context():
        store = get_store()
    times: dict[int, list[float]] = {1: [], 9: []}
    replays: dict[int, list[float]] = {1: [], 9: []}
    for k in range(rounds):  # the two tables in turn: the machine's load hits both alike
        for number, table in tables.items():
            store._states.clear()
            start = time.perf_counter()
            status, _ = http.get(f"{API}/{table['id']}", table["seat_tokens"][0]["token"])
            times[number].append(time.perf_counter() - start)
            assert status == 200
            if k % 4 == 0:
                with app.app_context():
                    start = time.perf_counter()
                    store.replay(table["id"])
                    replays[number].append(time.perf_counter() - start)
    for number, table in tables.items():
        out[f"deal{number}_events"] = len(store.events(table["id"], 0, limit=100_000))
        out[f"deal{number}_get"] = statistics.median(times[number]) * 1000
        out[f"deal{number}_full_replay"] = statistics.median(replays[number]) * 1000
    # the same miss as before snapshots existed: the deal-9 table without its snapshots
    from sqlalchemy import delete

    from tutor.tables.models import SnapshotRow

    with store.engine.begin() as conn:
        conn.execute(delete(SnapshotRow.__table__).where(
            SnapshotRow.__table__.c.table_id == tables[9]["id"]))
    without = []
    for _ in range(rounds // 4):
        store._states.clear()
        start = time.perf_counter()
        http.get(f"{API}/{tables[9]['id']}", tables[9]["seat_tokens"][0]["token"])
        without.append(time.perf_counter() - start)
    out["deal9_get_without_snapshots"] = statistics.median(without) * 1000
    return out


def main_cache_miss() -> None:
    targets: list[tuple[str, str]] = [
        ("sqlite", f"sqlite:///{tempfile.mkdtemp()}/bench.db")]
    pg = pg_url()
    if pg is not None:
        targets.append(("postgresql", pg[0]))
    try:
        for name, url in targets:
            found = cache_miss(url)
            for number in (1, 9):
                print(f"tables_{name}_log_events_at_deal_{number}: "
                      f"{found[f'deal{number}_events']:.0f} events")
                print(f"tables_{name}_cache_miss_get_deal_{number}: "
                      f"{found[f'deal{number}_get']:.2f} ms")
                print(f"tables_{name}_full_replay_deal_{number}: "
                      f"{found[f'deal{number}_full_replay']:.2f} ms")
            print(f"tables_{name}_cache_miss_get_deal_9_without_snapshots: "
                  f"{found['deal9_get_without_snapshots']:.2f} ms")
            print(f"tables_{name}_cache_miss_get_ratio_deal9_to_deal1: "
                  f"{found['deal9_get'] / found['deal1_get']:.2f} x", flush=True)
    finally:
        if pg is not None:
            with pg[2].begin() as conn:
                conn.execute(text(f'DROP SCHEMA "{pg[1]}" CASCADE'))


def pg_url() -> tuple[str, str, Any] | None:
    for user in ("postgres", "root"):
        base = f"postgresql+psycopg://{user}@127.0.0.1:5432/test"
        try:
            engine = create_engine(base, connect_args={"connect_timeout": 3})
            schema = f"tables_bench_{uuid.uuid4().hex[:8]}"
            with engine.begin() as conn:
                conn.execute(text(f'CREATE SCHEMA "{schema}"'))
            return f"{base}?options=-csearch_path%3D{schema}", schema, engine
        except Exception:  # noqa: BLE001 - unreachable as this user
            continue
    return None


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    targets: list[tuple[str, str]] = [
        ("sqlite", f"sqlite:///{tempfile.mkdtemp()}/bench.db")]
    pg = pg_url()
    if pg is not None:
        targets.append(("postgresql", pg[0]))
    else:
        print("# postgresql unreachable: skipped")
    try:
        for name, url in targets:
            proc, base = serve(url)
            try:
                print(f"tables_{name}_complete_deals_4_bots: "
                      f"{deals_per_second(base, seconds):.1f} deals/s", flush=True)
                print(f"tables_{name}_actions_32_clients: "
                      f"{actions_per_second(base, seconds):.1f} actions/s", flush=True)
            finally:
                stop(proc)
    finally:
        if pg is not None:
            with pg[2].begin() as conn:
                conn.execute(text(f'DROP SCHEMA "{pg[1]}" CASCADE'))


if __name__ == "__main__":
    if "--cache-miss" in sys.argv[1:]:
        main_cache_miss()
    else:
        main()
