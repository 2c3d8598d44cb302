"""Live-table benchmark against ``make serve`` (gunicorn, gevent workers, ``tutor.serve_conf``);
prints one line per figure, ``NAME: VALUE UNIT``.

Two configurations, each a fresh server on a free port of 127.0.0.1: ``sqlite`` (the default:
a SQLite file, one process, in-process push) and ``pg_redis`` (PostgreSQL in a schema of its
own, Redis pub/sub, one worker per core; skipped, saying why, when either is unreachable).
For each:

- ``*_check_play_rps`` / ``_p50`` / ``_p99`` with no stream open (wrk, 32 connections);
- ``*_streams_open``: SSE streams opened and held (``--streams``, default 1,000: four seats of
  ``streams/4`` tables), then the same ``/check/play`` figures with them all open, and the
  ratio of the two throughputs (goal ≥ 0.8, p99 ≤ 100 ms);
- ``*_fanout_p50`` / ``_p99``: from just before an action POST to the moment its event has
  arrived on every stream of that table (goal p99 ≤ 100 ms), while all the streams are open;
- ``*_action_post_p50`` / ``_p99``: the same POSTs' own latency (goal p50 ≤ 5 ms on SQLite);
- ``*_memory_per_stream``: the server's resident memory with the streams open, less before,
  per stream;
- ``pg_redis_cross_instance_fanout_*``: a second instance on the same PostgreSQL and Redis;
  actions posted to the first, received on streams of the second.

The streams are read by one asyncio loop in this process (one connection each); actions are
bids of ``passe`` by the seat to move (a deal that all pass is dealt again), timed one at a
time so that a latency is never another's queue. Only 127.0.0.1 is contacted.

    .venv/bin/python scripts/bench_live.py [--streams 1000] [--duration 6] [--actions 200]
                                           [--only sqlite|pg_redis]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Any, Final

from bench_http import PLAY_BODY, ensure_wrk, free_port, run_wrk

ROOT: Final = Path(__file__).resolve().parents[1]
HOST: Final = "127.0.0.1"
API: Final = "/api/v1/tables"
PG_URL: Final = os.environ.get("BENCH_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
REDIS_URL: Final = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/1")


def _request(base: str, method: str, path: str, body: Any = None,
             token: str | None = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


class Serve:
    """``gunicorn -c python:tutor.serve_conf`` as ``make serve`` runs it."""

    def __init__(self, env: dict[str, str]) -> None:
        self.port = free_port()
        self.base = f"http://{HOST}:{self.port}"
        full = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "ACCESS_LOG")}
        # the quotas are off: the benchmark is one client far past any per-address limit
        # (it opens 250 tables; at most 20 a minute may be created from one address)
        full.update(env, PORT=str(self.port), TAROT_RATELIMIT_ENABLED="0")
        self.log = tempfile.NamedTemporaryFile("w+b", prefix="bench_live_")  # noqa: SIM115
        self.proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c",
                                      "python:tutor.serve_conf"], cwd=ROOT, env=full,
                                     start_new_session=True, stderr=self.log)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if _request(self.base, "POST", "/api/v1/ping", {})[0] == 200:
                    return
            except OSError:
                time.sleep(0.2)
            if self.proc.poll() is not None:
                sys.exit("the server exited at start")
        sys.exit("the server did not start")

    def rss_kib(self) -> int:
        """Resident memory of the master and its workers."""
        total = 0
        for pid in [self.proc.pid, *self._children()]:
            try:
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
            except OSError:
                pass
        return total

    def _children(self) -> list[int]:
        try:
            text = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text()
        except OSError:
            return []
        return [int(p) for p in text.split()]

    def errors(self) -> str:
        """The end of the server's log, when it says anything worse than a warning."""
        self.log.seek(0)
        text = self.log.read().decode(errors="replace")
        return text[-3000:] if "Traceback" in text or "[ERROR]" in text else ""

    def stop(self) -> None:
        found = self.errors()
        if found:
            print(f"# the server logged errors:\n{found}", file=sys.stderr)
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


OPEN_RETRIES: Final = 3
"""Openings of a stream tried again after a refusal, before the benchmark stops saying so."""


class Streams:
    """SSE connections read by one asyncio loop; records when each event id arrives on each
    stream of each table.

    A stream the server ends is opened again from its last id (``Last-Event-ID``), as a
    browser's EventSource does, and counted (``reconnects``): the log gives it what it missed,
    so an ended stream costs latency, not an event. A stream the server refuses at its first
    opening (a 503 while a fresh worker is still reaching the broker, say) is counted in
    ``failed``, tried again after the 503's ``Retry-After``, and its status kept per table, so
    that a table with fewer streams than the benchmark waits for says so instead of looking
    like a lost event."""

    def __init__(self) -> None:
        self.arrivals: dict[tuple[str, int], list[float]] = {}
        self.opened = 0
        self.failed = 0
        self.lost = 0
        """Streams never opened, even tried again."""
        self.reconnects = 0
        self.refused: dict[str, list[str]] = {}
        """Per table: the status lines of the openings the server refused."""
        self.ended: dict[str, list[float]] = {}
        """When the server ended each stream of a table (each was then opened again)."""
        self.tasks: list[asyncio.Task[None]] = []
        self.last_line: dict[str, dict[str, float]] = {}
        """Per table, per seat token's end: when that stream last received a line (a
        keep-alive included), to tell a stream the server still serves from a stuck one."""
        self.died: dict[str, list[str]] = {}
        """Per table: the exceptions that ended a reader of this client (not the server)."""

    async def _connect(self, port: int, table_id: str, token: str,
                       since: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | None:
        """An open stream after ``since``, or ``None`` (refused: kept in ``refused``)."""
        try:
            reader, writer = await asyncio.open_connection(HOST, port, limit=1 << 20)
            writer.write((f"GET {API}/{table_id}/stream?since={since}&timeout=300 HTTP/1.1\r\n"
                          f"Host: {HOST}\r\nAccept: text/event-stream\r\n"
                          f"Last-Event-ID: {since}\r\n"
                          f"Authorization: Bearer {token}\r\n\r\n").encode())
            await writer.drain()
            status = await reader.readline()
        except OSError as error:
            self.refused.setdefault(table_id, []).append(error.__class__.__name__)
            return None
        if b" 200 " not in status:
            self.refused.setdefault(table_id, []).append(status.decode(errors="replace").strip()
                                                          or "closed")
            writer.close()
            return None
        return reader, writer

    async def _one(self, port: int, table_id: str, token: str, since: int) -> None:
        found = await self._connect(port, table_id, token, since)
        for _ in range(OPEN_RETRIES):  # refused (a 503): try again after its Retry-After
            if found is not None:
                break
            self.failed += 1
            await asyncio.sleep(2.0)
            found = await self._connect(port, table_id, token, since)
        if found is None:
            self.lost += 1
            return
        self.opened += 1
        reader, writer = found
        try:
            while True:
                line = await reader.readline()
                self.last_line.setdefault(table_id, {})[token[-4:]] = time.perf_counter()
                if not line:  # ended by the server: reconnect as an EventSource would
                    self.ended.setdefault(table_id, []).append(time.perf_counter())
                    writer.close()
                    found = None
                    while found is None:
                        await asyncio.sleep(1.0)  # the stream's ``retry: 1000``
                        self.reconnects += 1
                        found = await self._connect(port, table_id, token, since)
                    reader, writer = found
                    continue
                if line.startswith(b"id: "):
                    since = int(line[4:])
                    key = (table_id, since)
                    self.arrivals.setdefault(key, []).append(time.perf_counter())
        except (OSError, asyncio.CancelledError):
            pass
        except Exception as error:  # noqa: BLE001 - said when an event misses this table
            self.died.setdefault(table_id, []).append(repr(error)[:200])
        finally:
            writer.close()

    def open(self, port: int, table_id: str, token: str, since: int) -> None:
        self.tasks.append(asyncio.ensure_future(self._one(port, table_id, token, since)))

    def report(self, name: str) -> None:
        if self.failed:
            print(f"{name}_stream_openings_refused: {self.failed} openings (tried again)")
        if self.reconnects:
            print(f"{name}_stream_reconnects: {self.reconnects} reconnections")

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _tables(base: str, count: int) -> list[dict[str, Any]]:
    out = []
    for _ in range(count):
        status, table = _request(base, "POST", API, {"players": 4, "deals": 10})
        if status != 201:
            sys.exit(f"table creation failed: {status} {table}")
        out.append({"id": table["id"], "tokens": [s["token"] for s in table["seat_tokens"]],
                    "seq": table["table"]["seq"], "to_move": table["table"]["to_move"]})
    return out


async def _open_streams(streams: Streams, port: int, tables: list[dict[str, Any]],
                        per_table: int) -> None:
    for k, table in enumerate(tables):
        for seat in range(per_table):
            streams.open(port, table["id"], table["tokens"][seat % 4], table["seq"])
        if k % 25 == 24:
            await asyncio.sleep(0.05)  # no accept-queue storm
    wanted = len(tables) * per_table
    deadline = time.monotonic() + 120
    while streams.opened + streams.lost < wanted and time.monotonic() < deadline:
        await asyncio.sleep(0.1)


async def _fanout(streams: Streams, base: str, tables: list[dict[str, Any]], per_table: int,
                  actions: int) -> tuple[list[float], list[float]]:
    """``actions`` passes, round robin over ``tables``; (fan-out ms, POST ms) of each."""
    loop = asyncio.get_running_loop()
    fanouts: list[float] = []
    posts: list[float] = []
    for k in range(actions):
        table = tables[k % len(tables)]
        seat = table["to_move"]
        body = {"seat": seat, "type": "bid", "bid": "passe", "seq": table["seq"]}
        start = time.perf_counter()
        status, answer = await loop.run_in_executor(
            None, _request, base, "POST", f"{API}/{table['id']}/actions", body,
            table["tokens"][seat])
        posted = time.perf_counter()
        if status != 201:
            sys.exit(f"action refused: {status} {answer}")
        key = (table["id"], answer["events"][0]["seq"])
        deadline = posted + 10
        while len(streams.arrivals.get(key, ())) < per_table and time.perf_counter() < deadline:
            await asyncio.sleep(0.0005)
        arrived = streams.arrivals.get(key, [])
        if len(arrived) < per_table:
            ended = [f"{(when - start) * 1000:+.0f} ms" for when in
                     streams.ended.get(table["id"], [])]
            refused = streams.refused.get(table["id"], [])
            # late or lost? wait past a keep-alive (10 s) and the degraded poll (1 s)
            while len(streams.arrivals.get(key, ())) < per_table and \
                    time.perf_counter() < posted + 40:
                await asyncio.sleep(0.01)
            late = sorted(streams.arrivals.get(key, []))[len(arrived):]
            now = time.perf_counter()
            lines = ", ".join(f"…{seat} {now - when:.1f} s ago" for seat, when in
                              sorted(streams.last_line.get(table["id"], {}).items()))
            print(f"streams of table {table['id']}: last line received {lines}; readers "
                  f"ended by an error here: {streams.died.get(table['id']) or 'none'}",
                  file=sys.stderr)
            sys.exit(f"an event reached {len(arrived)} of {per_table} streams in 10 s "
                     f"(streams of that table the server had ended, relative to the POST: "
                     f"{', '.join(ended) or 'none'}; openings it refused: "
                     f"{', '.join(refused) or 'none'}; arrived later: "
                     f"{', '.join(f'{(t - start) * 1000:+.0f} ms' for t in late) or 'none'} "
                     f"within 40 s)")
        fanouts.append((max(arrived) - start) * 1000)
        posts.append((posted - start) * 1000)
        table["seq"], table["to_move"] = answer["seq"], answer["table"]["to_move"]
    return fanouts, posts


def _check_play(wrk: str, base: str, duration: float) -> tuple[float, float, float]:
    result = run_wrk(wrk, base + "/api/v1/check/play", PLAY_BODY, duration=duration,
                     connections=32, threads=1)
    if result["errors"]:
        print(f"# wrk counted {result['errors']} errors", file=sys.stderr)
    return (result["requests"] / (result["duration_us"] / 1e6), result["p50_us"] / 1000,
            result["p99_us"] / 1000)


def bench(name: str, env: dict[str, str], args: argparse.Namespace, wrk: str,
          cross_env: dict[str, str] | None = None) -> None:
    server = Serve(env)
    second: Serve | None = None
    try:
        run_wrk(wrk, server.base + "/api/v1/check/play", PLAY_BODY, duration=1,
                connections=32, threads=1)  # warm-up
        rps0, p50_0, p99_0 = _check_play(wrk, server.base, args.duration)
        per_table = 4
        tables = _tables(server.base, max(1, args.streams // per_table))
        rss_before = server.rss_kib()

        async def live() -> None:
            streams = Streams()
            await _open_streams(streams, server.port, tables, per_table)
            print(f"{name}_streams_open: {streams.opened} streams")
            print(f"{name}_load_average_1m: {os.getloadavg()[0]:.1f} runnable "
                  f"(this machine's other users)")
            await asyncio.sleep(1)
            rss_after = server.rss_kib()
            loop = asyncio.get_running_loop()
            rps, p50, p99 = await loop.run_in_executor(None, _check_play, wrk, server.base,
                                                       args.duration)
            print(f"{name}_check_play_rps_no_streams: {rps0:.0f} req/s")
            print(f"{name}_check_play_p50_no_streams: {p50_0:.2f} ms")
            print(f"{name}_check_play_p99_no_streams: {p99_0:.2f} ms")
            print(f"{name}_check_play_rps_with_streams: {rps:.0f} req/s")
            print(f"{name}_check_play_p50_with_streams: {p50:.2f} ms")
            print(f"{name}_check_play_p99_with_streams: {p99:.2f} ms")
            print(f"{name}_check_play_with_vs_without_streams: {rps / rps0:.2f} ratio")
            fanouts, posts = await _fanout(streams, server.base, tables, per_table,
                                           args.actions)
            print(f"{name}_fanout_p50: {_percentile(fanouts, 0.5):.2f} ms")
            print(f"{name}_fanout_p99: {_percentile(fanouts, 0.99):.2f} ms")
            print(f"{name}_action_post_p50: {_percentile(posts, 0.5):.2f} ms")
            print(f"{name}_action_post_p99: {_percentile(posts, 0.99):.2f} ms")
            streams.report(name)
            if streams.opened:
                per = (rss_after - rss_before) / streams.opened
                print(f"{name}_memory_per_stream: {per:.1f} KiB")
            await streams.close()

        asyncio.run(live())

        if cross_env is not None:
            second = Serve(cross_env)
            few = tables[: min(len(tables), 20)]

            async def cross() -> None:
                streams = Streams()
                await _open_streams(streams, second.port, few, per_table)  # type: ignore
                fanouts, _ = await _fanout(streams, server.base, few, per_table,
                                           min(args.actions, 100))
                print(f"{name}_cross_instance_fanout_p50: {_percentile(fanouts, 0.5):.2f} ms")
                print(f"{name}_cross_instance_fanout_p99: {_percentile(fanouts, 0.99):.2f} ms")
                streams.report(f"{name}_cross_instance")
                await streams.close()

            asyncio.run(cross())
    finally:
        server.stop()
        if second is not None:
            second.stop()


def _pg_schema() -> tuple[str, Any] | None:
    try:
        from sqlalchemy import create_engine, text

        admin = create_engine(PG_URL, connect_args={"connect_timeout": 3})
        schema = f"bench_live_{uuid.uuid4().hex[:10]}"
        with admin.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    except Exception as error:  # noqa: BLE001 - any failure: PostgreSQL is not usable here
        print(f"# PostgreSQL unreachable ({error.__class__.__name__}): pg_redis skipped",
              file=sys.stderr)
        return None

    def drop() -> None:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()

    return f"{PG_URL}?options=-csearch_path%3D{schema}", drop


def _redis_ok() -> bool:
    try:
        import redis

        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
        return True
    except Exception as error:  # noqa: BLE001
        print(f"# Redis unreachable ({error.__class__.__name__}): pg_redis skipped",
              file=sys.stderr)
        return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--duration", type=float, default=6.0,
                        help="seconds of /check/play load per figure")
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--only", choices=("sqlite", "pg_redis"))
    args = parser.parse_args()
    wrk = ensure_wrk()
    prefix = f"bench{uuid.uuid4().hex[:8]}"
    if args.only in (None, "sqlite"):
        with tempfile.TemporaryDirectory() as tmp:
            bench("sqlite", {"DATABASE_URL": f"sqlite:///{tmp}/bench.db",
                             "TAROT_PUBSUB_PREFIX": prefix}, args, wrk)
    if args.only in (None, "pg_redis") and _redis_ok():
        found = _pg_schema()
        if found is not None:
            url, drop = found
            env = {"DATABASE_URL": url, "REDIS_URL": REDIS_URL, "TAROT_PUBSUB_PREFIX": prefix}
            try:
                bench("pg_redis", env, args, wrk, cross_env=env)
            finally:
                drop()


if __name__ == "__main__":
    main()
