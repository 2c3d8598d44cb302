"""Quotas (tutor.limits): table creation per client address, actions per address and per table,
429 problem+json with Retry-After in the reader's language, counts shared through Redis.

The suite runs with the quotas off (tests/conftest.py); every app here turns them on.
"""

from __future__ import annotations

import socket
import threading
import uuid
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from tutor import create_app
from tutor.config import DEFAULTS
from tutor.errors import PROBLEM_JSON
from tutor.tables.models import TableRow
from tutor.tables.resources import get_store

REDIS = ("127.0.0.1", 6379)


def _app(tmp_path: Path, **config: Any) -> Flask:
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path}/t.sqlite",
                       "RATELIMIT_ENABLED": True, **config})


def _client(app: Flask, address: str = "127.0.0.1") -> FlaskClient:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def _create(client: FlaskClient, lang: str = "en"):
    return client.post("/api/v1/tables", json={"players": 4, "bots": [1, 2, 3]},
                       headers={"Accept-Language": lang})


def _tables(app: Flask) -> int:
    with app.app_context(), get_store().engine.connect() as conn:
        return conn.execute(select(func.count()).select_from(TableRow.__table__)).scalar_one()


def _assert_429(response, lang: str = "en") -> dict[str, Any]:
    assert response.status_code == 429
    assert response.mimetype == PROBLEM_JSON
    retry = int(response.headers["Retry-After"])
    assert 0 < retry <= 60
    body = response.get_json()
    assert body["type"].endswith(":rate-limited") and body["status"] == 429
    assert response.headers["Content-Language"] == lang
    return body


def test_table_creation_is_limited_per_address(tmp_path: Path) -> None:
    app = _app(tmp_path, RATE_LIMIT_CREATE="2 per minute")
    client = _client(app)
    assert [_create(client).status_code for _ in range(2)] == [201, 201]
    body = _assert_429(_create(client))
    assert body["title"] == "Too many requests"
    assert "at most 2 every 60 seconds" in body["detail"]
    french = _assert_429(_create(client, "fr"), "fr")
    assert french["title"] == "Trop de requêtes"
    assert "au plus 2 toutes les 60 secondes" in french["detail"]
    assert _tables(app) == 2  # the refused requests created nothing
    assert _create(_client(app, "10.0.0.2")).status_code == 201  # another address


def _referee_table(client: FlaskClient) -> tuple[str, dict[str, str]]:
    created = _create(client).get_json()
    return created["id"], {"Authorization": f"Bearer {created['referee_token']}"}


def _pause(client: FlaskClient, table_id: str, headers: dict[str, str]):
    seq = client.get(f"/api/v1/tables/{table_id}", headers=headers).get_json()["seq"]
    return client.post(f"/api/v1/tables/{table_id}/actions",
                       headers={**headers, "Accept-Language": "en"},
                       json={"type": "pause", "seq": seq})


def test_actions_are_limited_per_table_whoever_sends_them(tmp_path: Path) -> None:
    app = _app(tmp_path, RATE_LIMIT_TABLE_ACTIONS="3 per minute")
    first, second = _client(app, "10.0.0.1"), _client(app, "10.0.0.2")
    table, headers = _referee_table(first)
    other, other_headers = _referee_table(first)
    statuses = [_pause(c, table, headers).status_code for c in (first, second, first)]
    assert statuses == [201, 201, 201]
    _assert_429(_pause(second, table, headers))
    assert _pause(first, other, other_headers).status_code == 201  # another table
    # reading is never limited
    assert all(first.get(f"/api/v1/tables/{table}", headers=headers).status_code == 200
               for _ in range(10))


def test_actions_are_limited_per_address(tmp_path: Path) -> None:
    app = _app(tmp_path, RATE_LIMIT_ACTIONS="2 per minute")
    client = _client(app)
    tables = [_referee_table(client) for _ in range(3)]
    assert [_pause(client, t, h).status_code for t, h in tables[:2]] == [201, 201]
    _assert_429(_pause(client, *tables[2]))
    assert _pause(_client(app, "10.9.9.9"), *tables[2]).status_code == 201


def test_only_the_limited_endpoints_count_and_say_their_quota(tmp_path: Path) -> None:
    """A rule endpoint carries no X-RateLimit headers; a limited one says what is left."""
    client = _client(_app(tmp_path, RATE_LIMIT_CREATE="5 per minute"))
    score = client.post("/api/v1/score", json={"players": 4, "contract": "garde",
                                                "bouts": 2, "points": 49})
    assert score.status_code == 200 and "X-RateLimit-Limit" not in score.headers
    created = _create(client)
    assert created.status_code == 201
    assert created.headers["X-RateLimit-Limit"] == "5"
    assert created.headers["X-RateLimit-Remaining"] == "4"
    assert int(created.headers["X-RateLimit-Reset"]) > 0


def _act(client: FlaskClient, table_id: str, body: Any, token: str | None = None):
    headers = {"Accept-Language": "en"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    return client.post(f"/api/v1/tables/{table_id}/actions", headers=headers, json=body)


def test_requests_without_a_valid_token_spend_no_quota(tmp_path: Path) -> None:
    """Issue 28: the quotas count after authentication, so a flood of token-less (or
    wrong-token) actions at a table leaves its seats their whole quota."""
    app = _app(tmp_path, RATE_LIMIT_TABLE_ACTIONS="3 per minute", RATE_LIMIT_ACTIONS="3 per minute")
    attacker, player = _client(app, "10.0.0.66"), _client(app, "10.0.0.1")
    table, headers = _referee_table(player)
    token = headers["Authorization"].split()[1]
    for _ in range(10):
        assert _act(attacker, table, {"type": "pause", "seq": 0}).status_code == 401
        assert _act(attacker, table, {"type": "pause", "seq": 0},
                    token="not-this-tables-token").status_code == 401
        assert _act(attacker, table, {}).status_code == 422  # refused before anything counts
    paused = _pause(player, table, headers)
    assert paused.status_code == 201 and paused.headers["X-RateLimit-Remaining"] == "2"
    # the attacker's own address has spent nothing either
    other, other_headers = _referee_table(player)
    assert _pause(attacker, other, other_headers).status_code == 201
    seq = paused.get_json()["seq"]
    assert _act(attacker, table, {"type": "resume", "seq": seq}, token=token).status_code == 201


def test_undo_counts_against_the_creation_quota(tmp_path: Path) -> None:
    """Issue 28: an undo forks a new table, so it spends the creation quota like POST
    /tables (60 undos made 60 tables while creation answered 429)."""
    app = _app(tmp_path, RATE_LIMIT_CREATE="3 per minute")
    client = _client(app)
    created = client.post("/api/v1/tables", json={"players": 4, "bots": [1, 2, 3]}).get_json()
    table, token = created["id"], created["seat_tokens"][0]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    view = client.get(f"/api/v1/tables/{table}", headers=headers).get_json()
    bid = view["you"]["legal"]["bids"][0]  # the robots speak until seat 0 does
    assert _act(client, table, {"type": "bid", "bid": bid, "seat": 0, "seq": view["seq"]},
                token=token).status_code == 201
    statuses = [client.post(f"/api/v1/tables/{table}/undo", headers=headers).status_code
                for _ in range(3)]
    assert statuses == [201, 201, 429]
    before = _tables(app)
    _assert_429(client.post(f"/api/v1/tables/{table}/undo",
                            headers={**headers, "Accept-Language": "en"}))
    _assert_429(_create(client))
    assert _tables(app) == before  # the refused undo forked nothing


def test_the_defaults_are_the_documented_ones(tmp_path: Path) -> None:
    assert DEFAULTS["RATE_LIMIT_CREATE"] == "20 per minute;200 per day"
    assert DEFAULTS["RATE_LIMIT_ACTIONS"] == "300 per minute"
    assert DEFAULTS["RATE_LIMIT_TABLE_ACTIONS"] == "120 per minute"
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    for name in ("RATE_LIMIT_CREATE", "RATE_LIMIT_ACTIONS", "RATE_LIMIT_TABLE_ACTIONS"):
        assert name in readme and DEFAULTS[name] in readme
    client = _client(_app(tmp_path))
    assert all(_create(client).status_code == 201 for _ in range(20))
    _assert_429(_create(client))


def test_the_limits_are_in_the_openapi_document(tmp_path: Path) -> None:
    spec = _client(_app(tmp_path)).get("/api/v1/openapi.json").get_json()
    create = spec["paths"]["/api/v1/tables"]["post"]["responses"]
    act = spec["paths"]["/api/v1/tables/{table_id}/actions"]["post"]["responses"]
    for responses in (create, act):
        assert PROBLEM_JSON in responses["429"]["content"]
        assert "Retry-After" in responses["429"]["description"]


def test_behind_a_trusted_proxy_the_forwarded_address_counts(tmp_path: Path) -> None:
    app = _app(tmp_path, RATE_LIMIT_CREATE="1 per minute", TRUSTED_PROXIES=1)
    proxy = _client(app, "10.0.0.254")
    for client_address in ("198.51.100.1", "198.51.100.2"):
        response = proxy.post("/api/v1/tables", json={"players": 4, "bots": [1, 2, 3]},
                              headers={"X-Forwarded-For": client_address})
        assert response.status_code == 201
    again = proxy.post("/api/v1/tables", json={"players": 4, "bots": [1, 2, 3]},
                       headers={"X-Forwarded-For": "198.51.100.1", "Accept-Language": "en"})
    _assert_429(again)


def _redis_up() -> bool:
    try:
        with socket.create_connection(REDIS, timeout=1):
            return True
    except OSError:
        return False


@pytest.mark.skipif(not _redis_up(), reason="Redis unreachable at 127.0.0.1:6379")
def test_with_redis_every_worker_shares_the_counts(tmp_path: Path) -> None:
    """Two apps (two workers, or two hosts) with the same REDIS_URL count together."""
    # A generous timeout: this test is about sharing, and the 50 ms default trips the breaker
    # on a loaded machine (seen in CI-like runs at load 7), which counts in memory instead.
    config = {"REDIS_URL": "redis://127.0.0.1:6379/5", "RATE_LIMIT_CREATE": "2 per minute",
              "RATELIMIT_KEY_PREFIX": f"test-{uuid.uuid4().hex}",
              "RATE_LIMIT_REDIS_TIMEOUT": "2"}
    one, two = _app(tmp_path, **config), _app(tmp_path, **config)
    assert _create(_client(one)).status_code == 201
    assert _create(_client(two)).status_code == 201
    _assert_429(_create(_client(one)))
    assert two.test_client().get("/ready").get_json()["checks"]["redis"] == "ok"


def test_a_redis_that_cannot_be_reached_does_not_stop_the_tables(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed_port = s.getsockname()[1]
    app = _app(tmp_path, REDIS_URL=f"redis://127.0.0.1:{closed_port}/0",
               RATE_LIMIT_CREATE="2 per minute")
    client = _client(app)
    assert [_create(client).status_code for _ in range(2)] == [201, 201]
    _assert_429(_create(client))  # counted in memory meanwhile
    ready = client.get("/ready")
    assert ready.status_code == 200 and ready.get_json()["checks"]["redis"] == "down"


class _FrozenRedis:
    """A Redis that accepts connections and never answers (a frozen process, a full
    network buffer): counts the connections it was asked for."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        self.held: list[socket.socket] = []
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.held.append(conn)

    def close(self) -> None:
        self.sock.close()
        for conn in self.held:
            conn.close()


def test_a_frozen_redis_is_asked_once_then_left_alone(tmp_path: Path) -> None:
    """Issue 28: a Redis that never answers cost every action its socket timeout per limit
    (2-4 s). Now one request pays the short timeout and trips the breaker; the next ones
    within RATE_LIMIT_REDIS_RETRY never touch Redis, and the memory counts still refuse."""
    frozen = _FrozenRedis()
    try:
        app = _app(tmp_path, REDIS_URL=f"redis://127.0.0.1:{frozen.port}/0",
                   RATE_LIMIT_CREATE="5 per minute", RATE_LIMIT_REDIS_RETRY=60)
        client = _client(app)
        assert [_create(client).status_code for _ in range(5)] == [201] * 5
        _assert_429(_create(client))
        assert len(frozen.held) <= 1  # asked once (or the pool never reconnected)
    finally:
        frozen.close()


@pytest.mark.skipif(not _redis_up(), reason="Redis unreachable at 127.0.0.1:6379")
def test_a_redis_outage_resets_no_quota(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Counts made in memory during an outage still refuse once Redis is back, and a Redis
    restarted empty does not hand out a new quota."""
    from limits.storage import RedisStorage
    from redis.exceptions import ConnectionError as RedisDown

    prefix = f"test-{uuid.uuid4().hex}"
    app = _app(tmp_path, REDIS_URL="redis://127.0.0.1:6379/5", RATE_LIMIT_CREATE="3 per minute",
               RATELIMIT_KEY_PREFIX=prefix, RATE_LIMIT_REDIS_RETRY=0)
    client = _client(app)
    real_incr = RedisStorage.incr
    down = {"on": True}

    def incr(self: RedisStorage, *args: Any, **kwargs: Any) -> int:
        if down["on"]:
            raise RedisDown("outage")
        return real_incr(self, *args, **kwargs)

    monkeypatch.setattr(RedisStorage, "incr", incr)
    assert [_create(client).status_code for _ in range(3)] == [201] * 3  # in memory only
    down["on"] = False  # Redis is back, and knows nothing of those three
    _assert_429(_create(client))
    import redis

    shared = redis.Redis.from_url("redis://127.0.0.1:6379/5")
    assert any(shared.scan_iter(f"{prefix}*"))  # counted in Redis again once it was back
    for key in shared.scan_iter(f"{prefix}*"):  # a Redis restarted empty
        shared.delete(key)
    _assert_429(_create(client))
