"""Live streams under the production server (``make serve``: gunicorn, gevent workers), never
the test client: many streams open while the API answers, a reconnect by ``Last-Event-ID``,
delivery between two instances through Redis and through PostgreSQL LISTEN/NOTIFY, stream
tickets (expiry, misuse, never logged), a broker outage (503 for new streams, open streams
keep every event exactly once), a PostgreSQL LISTEN connection killed again and again (the
listener reconnects by itself, its open stream catches up from the log, nothing lost or
doubled), and each seat's stream carrying its own cards only.

Redis is 127.0.0.1:6379 (database 1), PostgreSQL 127.0.0.1:5432/test in a schema of its own;
every run uses channels of its own (``TAROT_PUBSUB_PREFIX``), so parallel runs never meet.
"""

from __future__ import annotations

import random
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from live_server import LiveServer, SseStream, TcpProxy
from sqlalchemy import create_engine, text
from tables_driver import API, UrllibHttp
from test_tables_server import _drive, _raw_events, pg_schema

REDIS = ("127.0.0.1", 6379)
REDIS_DB = 1
TICKET_SECONDS = 5
"""The stream tickets' lifetime in the ticket test (60 s by default)."""

PLAY_BODY = {"players": 4, "hand": ["7H", "KH", "T3", "EX", "2S"], "trick": ["5H"],
             "card": "T3"}


def _prefix() -> str:
    return f"t11{uuid.uuid4().hex[:10]}"


def _redis_url(port: int = REDIS[1]) -> str:
    return f"redis://127.0.0.1:{port}/{REDIS_DB}"


@pytest.fixture
def redis_url() -> str:
    import redis

    try:
        redis.Redis.from_url(_redis_url(), socket_connect_timeout=2).ping()
    except redis.RedisError:
        pytest.skip("Redis unreachable at 127.0.0.1:6379")
    return _redis_url()


@pytest.fixture
def pg_url() -> Iterator[str]:
    with pg_schema("streams_test") as url:
        yield url


def _table(http: UrllibHttp, players: int = 4) -> dict[str, Any]:
    status, table = http.post(API, {"players": players, "deals": 3})
    assert status == 201, table
    return table


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _seq(http: UrllibHttp, table: dict[str, Any]) -> int:
    return http.get(f"{API}/{table['id']}", table["referee_token"])[1]["seq"]


def _events_as(http: UrllibHttp, table: dict[str, Any], token: str) -> list[dict[str, Any]]:
    status, body = http.get(f"{API}/{table['id']}/events?since=0", token)
    assert status == 200
    return body["events"]


def _check_isolation(url: str, table: dict[str, Any], seat: int | None,
                     messages: list[dict[str, Any]]) -> None:
    """Against the raw log: a seat's stream carries its own dealt hand and its own écart,
    never another seat's; the referee's stream carries no hand at all."""
    raw, _ = _raw_events(url, table["id"])
    by_seq = {e.seq: e for e in raw}
    for message in messages:
        data, event = message["data"], by_seq[message["id"]]
        assert data["seq"] == event.seq and data["type"] == event.type
        if event.type == "deal":
            people = list(event.data["people"])
            if seat is not None and seat in people:
                assert set(data["hand"]) == set(event.data["hands"][people.index(seat)])
            else:
                assert "hand" not in data
        if event.type == "action" and event.data["action"] == "ecart":
            assert ("cards" in data) == (seat == event.data["person"])


def _read_all(stream: SseStream, until: int) -> list[dict[str, Any]]:
    messages = stream.read_until(until)
    stream.close()
    return messages


# --- many streams and the API at once ---------------------------------------------------------


def test_many_streams_and_api_calls_at_once(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/live.db"
    with LiveServer(url, prefix=_prefix()) as server:
        http = UrllibHttp(server.base)
        tables = [_table(http) for _ in range(4)]
        viewers: list[tuple[dict[str, Any], int | None, str]] = []
        for table in tables:
            for _ in range(5):  # 5 viewers per seat and referee: 100 streams
                viewers.append((table, None, table["referee_token"]))
                viewers += [(table, s["seat"], s["token"]) for s in table["seat_tokens"]]
        streams = [SseStream(server.port, f"{API}/{t['id']}/stream?timeout=120",
                             _bearer(token)) for t, _, token in viewers]
        assert all(s.status == 200 for s in streams)

        # The API answers while every stream is open: none of them holds a worker.
        answers: list[int] = []

        def check_play() -> None:
            for _ in range(25):
                answers.append(http.post("/api/v1/check/play", PLAY_BODY)[0])

        callers = [threading.Thread(target=check_play) for _ in range(8)]
        for caller in callers:
            caller.start()
        rng = random.Random(11)
        for table in tables:
            _drive(http, table, rng, 8)
        for caller in callers:
            caller.join(60)
        assert answers == [200] * 200

        finals = {t["id"]: _seq(http, t) for t in tables}
        results: dict[int, list[dict[str, Any]]] = {}

        def read(k: int) -> None:
            results[k] = _read_all(streams[k], finals[viewers[k][0]["id"]])

        readers = [threading.Thread(target=read, args=(k,)) for k in range(len(streams))]
        for reader in readers:
            reader.start()
        for reader in readers:
            reader.join(60)
        for k, (table, seat, token) in enumerate(viewers):
            messages = results[k]
            final = finals[table["id"]]
            assert [m["id"] for m in messages] == list(range(1, final + 1))
            if k % 25 < 5:  # one stream per viewer against /events and the raw log
                assert [m["data"] for m in messages] == _events_as(http, table, token)
                _check_isolation(url, table, seat, messages)


def test_reconnect_with_last_event_id_resumes_without_loss_or_double(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/live.db"
    with LiveServer(url, prefix=_prefix()) as server:
        http = UrllibHttp(server.base)
        table = _table(http)
        token = table["seat_tokens"][1]["token"]
        rng = random.Random(5)
        _drive(http, table, rng, 4)
        first = SseStream(server.port, f"{API}/{table['id']}/stream", _bearer(token))
        seen = first.read_until(_seq(http, table))
        first.close()
        _drive(http, table, rng, 6)  # while nobody listens
        final = _seq(http, table)
        assert final > seen[-1]["id"]
        again = SseStream(server.port, f"{API}/{table['id']}/stream",
                          {**_bearer(token), "Last-Event-ID": str(seen[-1]["id"])})
        resumed = _read_all(again, final)
        ids = [m["id"] for m in seen + resumed]
        assert ids == list(range(1, final + 1))
        assert [m["data"] for m in seen + resumed] == _events_as(http, table, token)
        # ?since= says the same for clients that are not an EventSource
        by_since = SseStream(server.port, f"{API}/{table['id']}/stream?since={seen[-1]['id']}",
                             _bearer(token))
        assert [m["id"] for m in _read_all(by_since, final)] == [m["id"] for m in resumed]


# --- two instances ------------------------------------------------------------------------------


@pytest.mark.parametrize("carrier", ["redis", "postgresql"])
def test_two_instances_deliver_each_others_events(carrier: str, pg_url: str,
                                                  request: Any) -> None:
    redis_url = request.getfixturevalue("redis_url") if carrier == "redis" else None
    prefix = _prefix()
    with LiveServer(pg_url, redis_url=redis_url, prefix=prefix, workers=1) as a, \
            LiveServer(pg_url, redis_url=redis_url, prefix=prefix, workers=1) as b:
        on_a, on_b = UrllibHttp(a.base), UrllibHttp(b.base)
        table = _table(on_a)
        start = _seq(on_a, table)
        tokens = [table["referee_token"]] + [s["token"] for s in table["seat_tokens"]]
        streams = [SseStream(b.port, f"{API}/{table['id']}/stream?since={start}",
                             _bearer(token)) for token in tokens]
        assert all(s.status == 200 for s in streams)
        _drive(on_a, table, random.Random(7), 6)  # every action made on instance A
        final = _seq(on_a, table)
        assert final > start
        for stream, token in zip(streams, tokens, strict=True):
            messages = _read_all(stream, final)
            assert [m["id"] for m in messages] == list(range(start + 1, final + 1))
            assert [m["data"] for m in messages] == _events_as(on_b, table, token)[start:]


# --- tickets --------------------------------------------------------------------------------


def test_stream_tickets_open_one_stream_expire_and_never_leak(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/live.db"
    log = tmp_path / "access.log"
    # Tickets of 5 s: a ticket's expiry is whole Unix seconds (issued at t, it expires at
    # int(t) + 5), so a 2 s ticket could be worth only 1 s, too short on a loaded machine for
    # the stream it opens and the refusals that need it unexpired; the test waits for the
    # expiry itself below, not for a fixed time.
    with LiveServer(url, prefix=_prefix(), access_log=log,
                    extra_env={"TAROT_STREAM_TICKET_SECONDS": str(TICKET_SECONDS)}) as server:
        http = UrllibHttp(server.base)
        table, other = _table(http), _table(http)
        tid = table["id"]
        seat_token = table["seat_tokens"][2]["token"]

        status, issued = http.post(f"{API}/{tid}/stream-tickets", {}, seat_token)
        assert status == 201 and issued["seat"] == 2
        assert 0 < issued["expires_in"] <= TICKET_SECONDS
        ticket = issued["ticket"]
        expiry = int(ticket.split(".")[2])  # <table>.<seat>.<expiry>.<signature>
        stream = SseStream(server.port, issued["stream"] + "&limit=1")
        assert stream.status == 200
        deal = stream.next_message()
        assert deal is not None and deal["event"] == "deal" and len(deal["data"]["hand"]) == 18
        stream.close()
        _, referee = http.post(f"{API}/{tid}/stream-tickets", {}, table["referee_token"])
        assert referee["seat"] is None
        stream = SseStream(server.port, referee["stream"] + "&limit=1")
        first = stream.next_message()
        assert first is not None and "hand" not in first["data"]
        stream.close()

        def refused(path: str, status: int, key: str) -> None:
            s = SseStream(server.port, path)
            assert s.status == status, (path, s.body)
            assert s.headers["Content-Type"] == "application/problem+json"
            assert s.body["type"].endswith(key) and s.body["status"] == status

        refused(f"{API}/{other['id']}/stream?ticket={ticket}", 403, "ticket-other-table")
        claims, signature = ticket.rsplit(".", 1)
        forged_seat = claims.replace(f"{tid}.2.", f"{tid}.1.") + "." + signature
        refused(f"{API}/{tid}/stream?ticket={forged_seat}", 401, "ticket-invalid")
        refused(f"{API}/{tid}/stream?ticket={claims}.{'A' * len(signature)}", 401,
                "ticket-invalid")
        refused(f"{API}/{tid}/stream?ticket=nonsense", 401, "ticket-invalid")
        refused(f"{API}/{tid}?ticket={ticket}", 403, "ticket-stream-only")
        refused(f"{API}/{tid}/events?ticket={ticket}", 403, "ticket-stream-only")
        status, body = http.post(f"{API}/{tid}/actions?ticket={ticket}",
                                 {"seat": 2, "type": "bid", "bid": "passe", "seq": 1})
        assert status == 403 and body["type"].endswith("ticket-stream-only")
        refused(f"{API}/{tid}/stream", 401, "token-required")
        status, _ = http.post(f"{API}/{tid}/stream-tickets", {})
        assert status == 401

        # bearer-header streams keep working beside tickets
        stream = SseStream(server.port, f"{API}/{tid}/stream?limit=1", _bearer(seat_token))
        assert stream.status == 200 and stream.next_message() is not None
        stream.close()

        time.sleep(max(0.0, expiry + 0.3 - time.time()))  # past the expiry (same clock)
        refused(issued["stream"], 401, "ticket-expired")

        # never in a view, an event or the access log
        _, view = http.get(f"{API}/{tid}", seat_token)
        everything = str(view) + str(_events_as(http, table, seat_token))
        assert ticket not in everything and referee["ticket"] not in everything
        time.sleep(0.3)
    logged = log.read_text()
    assert "/stream?ticket=[redacted]" in logged
    assert ticket not in logged and referee["ticket"] not in logged
    assert ticket.rsplit(".", 1)[1] not in logged


# --- a broker outage ------------------------------------------------------------------------


def test_broker_outage_refuses_new_streams_and_loses_nothing(tmp_path: Path,
                                                            redis_url: str) -> None:
    url = f"sqlite:///{tmp_path}/live.db"
    proxy = TcpProxy(REDIS)
    prefix = _prefix()
    try:
        with LiveServer(url, redis_url=_redis_url(proxy.port), prefix=prefix, workers=1) as b, \
                LiveServer(url, redis_url=redis_url, prefix=prefix, workers=1) as a:
            on_a, on_b = UrllibHttp(a.base), UrllibHttp(b.base)
            table = _table(on_a)
            token = table["seat_tokens"][0]["token"]
            path = f"{API}/{table['id']}/stream?timeout=120"
            stream = SseStream(b.port, path, _bearer(token))
            assert stream.status == 200
            rng = random.Random(3)
            _drive(on_a, table, rng, 3)
            seen = stream.read_until(_seq(on_a, table))

            proxy.cut()  # B loses Redis; A still has it
            deadline = time.monotonic() + 15
            while True:
                probe = SseStream(b.port, path + "&limit=1", _bearer(token))
                if probe.status != 200 or time.monotonic() > deadline:
                    break
                probe.close()
                time.sleep(0.2)
            assert probe.status == 503, "new streams are refused while the broker is out"
            assert probe.headers["Content-Type"] == "application/problem+json"
            assert probe.body["type"].endswith("stream-unavailable")
            assert int(probe.headers["Retry-After"]) > 0
            _drive(on_a, table, rng, 5)  # actions go on during the outage
            seen += stream.read_until(_seq(on_a, table))  # the open stream still gets them

            proxy.restore()
            deadline = time.monotonic() + 15
            while True:
                probe = SseStream(b.port, path + "&limit=1", _bearer(token))
                if probe.status == 200 or time.monotonic() > deadline:
                    break
                time.sleep(0.2)
            assert probe.status == 200, "new streams open again once the broker is back"
            probe.close()
            _drive(on_a, table, rng, 5)
            final = _seq(on_a, table)
            seen += _read_all(stream, final)
            assert [m["id"] for m in seen] == list(range(1, final + 1))
            assert [m["data"] for m in seen] == _events_as(on_b, table, token)
    finally:
        proxy.close()


def test_postgres_listen_connection_dropped_reconnects_and_catches_up(pg_url: str) -> None:
    """Two instances on PostgreSQL without Redis. B's LISTEN connection (the one listener:
    a process listens once it has a stream) is killed by the database
    (``pg_terminate_backend``) again and again while instance A keeps acting: notifications
    sent meanwhile are lost for B, whose open stream still delivers every event once, in
    order, from the log; the listener connects again by itself (back in
    ``pg_stat_activity``, new streams open) and push resumes."""
    # Set up as the Redis test above by nature: two instances, a table, B's stream.
    prefix = _prefix()
    admin = create_engine(pg_url)
    with LiveServer(pg_url, prefix=prefix, workers=1) as a, \
            LiveServer(pg_url, prefix=prefix, workers=1) as b:
        on_a, on_b = UrllibHttp(a.base), UrllibHttp(b.base)
        table = _table(on_a)
        token = table["seat_tokens"][2]["token"]
        path = f"{API}/{table['id']}/stream?timeout=120"
        stream = SseStream(b.port, path, _bearer(token))
        assert stream.status == 200
        rng = random.Random(13)
        _drive(on_a, table, rng, 3)
        seen = stream.read_until(_seq(on_a, table))
        listener = f"{prefix}_tables-listener"

        def listeners() -> int:
            with admin.connect() as conn:
                return int(conn.execute(text(
                    "SELECT count(*) FROM pg_stat_activity WHERE application_name = :name"),
                    {"name": listener}).scalar_one())

        assert listeners() == 1  # B's, started by its stream (A streams nothing)
        stop, killed = threading.Event(), [0]

        def kill_listeners() -> None:
            while not stop.is_set():
                with admin.connect() as conn:
                    killed[0] += int(conn.execute(text(
                        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                        "WHERE application_name = :name"), {"name": listener}).scalar_one())
                stop.wait(0.05)

        killer = threading.Thread(target=kill_listeners)
        killer.start()
        try:
            # actions while the LISTENs keep dropping: at least 12, and until the listener
            # was dropped three times (it must come back between kills; on a loaded machine
            # twelve actions may go faster than three reconnections)
            _drive(on_a, table, rng, 12)
            deadline = time.monotonic() + 30
            while killed[0] < 3 and time.monotonic() < deadline:
                _drive(on_a, table, rng, 1)
        finally:
            stop.set()
            killer.join(10)
        assert killed[0] >= 3, "the listener was dropped (and came back between kills)"
        seen += stream.read_until(_seq(on_a, table))  # caught up from the log

        deadline = time.monotonic() + 15
        while listeners() < 1 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert listeners() == 1, "the listener connected again by itself"
        probe = SseStream(b.port, path + "&limit=1", _bearer(token))
        assert probe.status == 200, "B's broker is back: new streams open"
        probe.close()
        _drive(on_a, table, rng, 4)
        final = _seq(on_a, table)
        seen += _read_all(stream, final)
        assert [m["id"] for m in seen] == list(range(1, final + 1))  # none lost, none twice
        assert [m["data"] for m in seen] == _events_as(on_b, table, token)
        _check_isolation(pg_url, table, 2, seen)
    admin.dispose()


def test_listener_retries_at_the_shortest_delay_after_each_outage() -> None:
    """(No server: the listener's loop alone.) A broker connection that worked and then
    dropped is retried after the shortest delay, however many outages came before; only
    attempts that fail to connect back off."""
    from tutor.tables import pubsub

    class Flaky(pubsub._ListeningBroker):
        name = "flaky"

        def __init__(self) -> None:
            super().__init__()
            self.attempts = 0

        def _listen(self) -> None:
            self.attempts += 1
            if self.attempts > 7:
                self._stopped.set()
                return
            if self.attempts % 2:  # connects, then the connection drops
                self._on_connected()
            raise ConnectionError("dropped")

    broker = Flaky()
    waits: list[float] = []
    broker._stopped.wait = lambda delay: waits.append(delay) or False  # type: ignore
    broker._run()
    short, backed_off = pubsub.RECONNECT_DELAYS[:2]
    assert waits == [short, backed_off] * 3 + [short]
