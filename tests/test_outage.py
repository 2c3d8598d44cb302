"""A database outage under the production server: 503 problem+json with Retry-After, in the
reader's language, for every endpoint that needs the database, while the rule endpoints keep
answering; ``/health`` and ``/ready`` for load balancers; nothing lost once it is back.

The test starts and stops a PostgreSQL of its own (``initdb`` and ``pg_ctl`` in a temporary
directory, on a free port), so stopping it harms no one; it skips, saying why, only when the
PostgreSQL server binaries or the ``postgres`` system user are missing.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from live_server import free_port, wait_serving

from tutor.errors import PROBLEM_JSON

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = str(Path(sys.executable).parent / "gunicorn")
PG_BINS = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]))


class Postgres:
    """A throw-away PostgreSQL cluster run as the ``postgres`` system user."""

    def __init__(self) -> None:
        self.bin = PG_BINS[-1]
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="tarot-outage-pg-"))
        self.data = self.dir / "data"
        user = pwd.getpwnam("postgres")
        os.chown(self.dir, user.pw_uid, user.pw_gid)
        self._as_postgres("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres",
                          "--no-sync", "-E", "UTF8")

    def _as_postgres(self, tool: str, *args: str) -> None:
        prefix = [] if os.geteuid() != 0 else ["runuser", "-u", "postgres", "--"]
        subprocess.run([*prefix, f"{self.bin}/{tool}", *args], check=True,
                       capture_output=True, timeout=120, cwd=self.dir)

    def start(self) -> None:
        options = (f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.dir} "
                   "-c fsync=off -c max_connections=60")
        self._as_postgres("pg_ctl", "-D", str(self.data), "-o", options, "-w", "-t", "60",
                          "-l", str(self.dir / "log"), "start")

    def stop(self) -> None:
        self._as_postgres("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def createdb(self, name: str) -> None:
        self._as_postgres("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U",
                          "postgres", name)

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):  # already stopped
            self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


def _skip_reason() -> str | None:
    if not PG_BINS:
        return "PostgreSQL server binaries missing (/usr/lib/postgresql/*/bin)"
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        return "no postgres system user to run a cluster as"
    return None


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    reason = _skip_reason()
    if reason is not None:
        pytest.skip(reason)
    cluster = Postgres()
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.remove()


class Served:
    """The production command (gunicorn with the project's settings) on a free port."""

    def __init__(self, database_url: str) -> None:
        self.port = free_port()
        env = {**os.environ, "DATABASE_URL": database_url, "TAROT_RATELIMIT_ENABLED": "0",
               "TAROT_RETRY_AFTER_SECONDS": "7"}
        self.proc = subprocess.Popen(
            [GUNICORN, "-c", "python:tutor.gunicorn_conf", "-w", "2", "-b",
             f"127.0.0.1:{self.port}", "--no-control-socket", "tutor:create_app()"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            start_new_session=True)
        wait_serving(self.proc, lambda: self.call("GET", "/health")[0] == 200, seconds=60,
                     every=0.2)

    def call(self, method: str, path: str, body: Any = None, token: str | None = None,
             lang: str = "en") -> tuple[int, dict[str, str], Any]:
        headers = {"Accept-Language": lang}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data,
                                         headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, got, raw = response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            status, got, raw = error.code, dict(error.headers), error.read()
        content_type = got.get("Content-Type", "")
        parsed = json.loads(raw) if "json" in content_type and raw else raw
        return status, got, parsed

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, 15)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, 9)
                self.proc.wait(10)


PLAY = {"players": 4, "hand": ["7H", "KH", "T3", "EX", "2S"], "trick": ["5H"], "card": "T3"}
SCORE = {"players": 4, "contract": "garde", "bouts": 2, "points": 49}


def _assert_503(answer: tuple[int, dict[str, str], Any], lang: str = "en") -> dict[str, Any]:
    status, headers, body = answer
    assert status == 503, body
    assert headers["Content-Type"].startswith(PROBLEM_JSON)
    assert headers["Retry-After"] == "7"
    assert headers["Content-Language"] == lang
    assert body["type"].endswith(":service-unavailable") and body["status"] == 503
    return body


def _rules_still_answer(server: Served) -> None:
    assert server.call("POST", "/api/v1/check/play", PLAY)[0] == 200
    assert server.call("POST", "/api/v1/score", SCORE)[0] == 200
    assert server.call("GET", "/api/v1/rules/play.follow-suit")[0] == 200
    assert server.call("GET", "/")[0] == 200
    assert server.call("GET", "/health")[0] == 200


def test_an_outage_is_503_while_the_rules_answer(postgres: Postgres) -> None:
    postgres.createdb("outage")
    server = Served(postgres.url("outage"))
    try:
        status, _, created = server.call("POST", "/api/v1/tables",
                                         {"players": 4, "bots": [1, 2, 3]})
        assert status == 201
        table, seat = created["id"], created["seat_tokens"][0]["token"]
        seq = created["table"]["seq"]
        status, _, ready = server.call("GET", "/ready")
        assert status == 200 and ready == {"status": "ready", "checks": {"database": "ok"}}

        postgres.stop()
        _rules_still_answer(server)
        body = _assert_503(server.call("POST", "/api/v1/tables", {"players": 4}))
        assert body["title"] == "Service unavailable"
        assert body["detail"] == ("The service cannot reach the database for now: try again "
                                  "in 7 seconds.")
        french = _assert_503(server.call("POST", "/api/v1/tables", {"players": 4}, lang="fr"),
                             "fr")
        assert french["title"] == "Service indisponible" and "la base de données" in \
            french["detail"]
        for method, path, payload in (
                ("GET", f"/api/v1/tables/{table}", None),
                ("GET", f"/api/v1/tables/{table}/events", None),
                ("GET", f"/api/v1/tables/{table}/stream?timeout=1", None),
                ("POST", f"/api/v1/tables/{table}/actions",
                 {"type": "bid", "seat": 0, "bid": "passe", "seq": seq})):
            _assert_503(server.call(method, path, payload, token=seat))
        status, headers, ready = server.call("GET", "/ready")
        assert status == 503 and headers["Content-Type"].startswith(PROBLEM_JSON)
        assert ready["checks"] == {"database": "down"} and ready["down"] == ["database"]
        assert "the database" in ready["detail"]

        postgres.start()
        status, _, view = server.call("GET", f"/api/v1/tables/{table}", token=seat)
        assert status == 200 and view["seq"] == seq  # nothing lost
        status, _, acted = server.call("POST", f"/api/v1/tables/{table}/actions",
                                       {"type": "bid", "seat": 0, "bid": "passe", "seq": seq},
                                       token=seat)
        assert status == 201 and acted["seq"] > seq
        assert server.call("GET", "/ready")[0] == 200
    finally:
        server.stop()
        if not _is_up(postgres):
            postgres.start()


def _is_up(postgres: Postgres) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", postgres.port), timeout=1):
            return True
    except OSError:
        return False


def test_the_server_starts_with_the_database_down_and_migrates_once_it_is_up(
        postgres: Postgres) -> None:
    postgres.createdb("boot")  # empty: never migrated
    postgres.stop()
    server: Served | None = None
    try:
        server = Served(postgres.url("boot"))
        _rules_still_answer(server)
        _assert_503(server.call("POST", "/api/v1/tables", {"players": 4, "bots": [1, 2, 3]}))
        assert server.call("GET", "/ready")[0] == 503
        postgres.start()
        status, _, created = server.call("POST", "/api/v1/tables",
                                         {"players": 4, "bots": [1, 2, 3]})
        assert status == 201, created
        assert server.call("GET", "/ready")[0] == 200
    finally:
        if server is not None:
            server.stop()
        if not _is_up(postgres):
            postgres.start()
