"""The production server as users run it (``make serve``: gunicorn with ``tutor.serve_conf``),
started by tests on a free port; an SSE reader over ``http.client``; a TCP proxy a test can cut
to take a broker away from the server and give it back."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tables_driver import UrllibHttp

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = str(Path(sys.executable).parent / "gunicorn")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_serving(proc: subprocess.Popen[bytes], ready: Callable[[], bool], *, seconds: float,
                 every: float = 0.1, failure: str = "the server did not start") -> None:
    """Returns once ``ready()`` (a request to the server just started as ``proc``) is true; a
    refused connection is a server still starting. Raises with the server's last words when it
    exits first, or with ``failure`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if ready():
                return
        except OSError:
            pass
        if proc.poll() is not None:
            raise RuntimeError(proc.stderr.read().decode()[-3000:])  # type: ignore[union-attr]
        time.sleep(every)
    raise RuntimeError(failure)


class LiveServer:
    """``gunicorn -c python:tutor.serve_conf`` with the environment ``make serve`` reads."""

    def __init__(self, database_url: str, *, redis_url: str | None = None, prefix: str,
                 workers: int | None = None, access_log: Path | None = None,
                 extra_env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "WEB_CONCURRENCY")}
        env.update({"PORT": str(self.port), "DATABASE_URL": database_url,
                    "TAROT_PUBSUB_PREFIX": prefix, **(extra_env or {})})
        if redis_url:
            env["REDIS_URL"] = redis_url
        if workers is not None:
            env["WEB_CONCURRENCY"] = str(workers)
        if access_log is not None:
            env["ACCESS_LOG"] = str(access_log)
        self.env = env
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        self.proc = subprocess.Popen([GUNICORN, "-c", "python:tutor.serve_conf"], cwd=ROOT,
                                     env=self.env, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE, start_new_session=True)
        http = UrllibHttp(self.base)
        wait_serving(self.proc, lambda: http.get("/api/v1/tables/nosuchtable0")[0] in (401, 404),
                     seconds=40)
        return self

    def stop(self) -> None:
        """The end of a test's server. With an access log, gunicorn's graceful stop (SIGTERM),
        which writes every line before the test reads the log; otherwise kill -9 at once:
        nothing of a clean exit is checked, and the graceful stop of gevent workers takes a
        second or two (their loop notices the signal at its next one-second tick), some 15 s
        over the suite's servers."""
        if self.proc is not None and self.proc.poll() is None:
            if self.env.get("ACCESS_LOG") is None:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
                return
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)

    def __enter__(self) -> LiveServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class SseStream:
    """One open ``text/event-stream`` response, read message by message."""

    def __init__(self, port: int, path: str, headers: dict[str, str] | None = None,
                 timeout: float = 20) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        self.conn.request("GET", path, headers={"Accept": "text/event-stream",
                                                **(headers or {})})
        self.response = self.conn.getresponse()
        self.status = self.response.status
        self.headers = dict(self.response.getheaders())
        self.raw: list[str] = []
        self.body: Any = None
        if self.status != 200:
            raw = self.response.read()
            self.body = json.loads(raw) if raw else None
            self.conn.close()

    def next_message(self) -> dict[str, Any] | None:
        """The next message with data (comments and ``retry:`` skipped); ``None`` at the end
        of the stream."""
        fields: dict[str, str] = {}
        while True:
            line = self.response.readline()
            if not line:
                return None
            text = line.decode().rstrip("\n")
            self.raw.append(text)
            if text == "":
                if "data" in fields:
                    return {"id": int(fields["id"]), "event": fields["event"],
                            "data": json.loads(fields["data"])}
                fields = {}
                continue
            if text.startswith(":"):
                continue
            name, _, value = text.partition(":")
            fields[name] = value[1:] if value.startswith(" ") else value

    def read_until(self, seq: int) -> list[dict[str, Any]]:
        """Messages until the one with id ``seq`` (included)."""
        out: list[dict[str, Any]] = []
        while not out or out[-1]["id"] < seq:
            message = self.next_message()
            if message is None:
                break
            out.append(message)
        return out

    def close(self) -> None:
        self.conn.close()


def pump(a: socket.socket, b: socket.socket) -> None:
    """Copy bytes both ways between two sockets until either closes, then close both."""
    try:
        while True:
            ready, _, _ = select.select([a, b], [], [], 1.0)
            for source in ready:
                data = source.recv(65536)
                if not data:
                    raise OSError("closed")
                (b if source is a else a).sendall(data)
    except (OSError, ValueError):
        for s in (a, b):
            with contextlib.suppress(OSError):
                s.close()


class TcpProxy:
    """127.0.0.1:<port> forwarded to ``target``; :meth:`cut` drops every connection and
    refuses new ones until :meth:`restore` (a broker outage, as its clients see it)."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = free_port()
        self._lock = threading.Lock()
        self._sockets: list[socket.socket] = []
        self._listener: socket.socket | None = None
        self.restore()

    def restore(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            with self._lock:
                self._sockets += [client, upstream]
            threading.Thread(target=pump, args=(client, upstream), daemon=True).start()

    def cut(self) -> None:
        assert self._listener is not None
        self._listener.close()
        self._listener = None
        with self._lock:
            sockets, self._sockets = self._sockets, []
        for s in sockets:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()

    def close(self) -> None:
        if self._listener is not None:
            self.cut()
