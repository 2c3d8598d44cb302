"""The gunicorn worker of ``make serve``: gevent's, with the answers gunicorn writes itself given
the API's shape, and a request that stops arriving answered 408 instead of waiting.

gunicorn answers some requests before Flask sees them — a malformed request line or header
(400), a URI too long (414), too many or too large headers (431) — with a small text/html page.
This worker lets gunicorn decide the status (and log it, as it does), then writes the
application's own problem+json for that status instead, in the reader's language when the
request's ``Accept-Language`` could be read (French otherwise, the API's default).

A client that stops sending in the middle of its headers or its body (a ``Content-Length``
larger than what it sent, a slowloris) would otherwise hold its connection until it gives up:
every read of the socket waits at most ``REQUEST_TIMEOUT`` seconds (10), then the request is
answered 408 problem+json (by Flask when its body was being read, by this worker when its
headers were) and the connection closed. gevent already keeps a stalled client from holding
the worker itself; this frees its connection and tells it why.
"""

from __future__ import annotations

import contextlib
import os
import re
from http import HTTPStatus
from typing import Any, Final

from gunicorn.http.errors import NoMoreData
from gunicorn.workers.base_async import AsyncWorker
from gunicorn.workers.ggevent import GeventWorker
from werkzeug.exceptions import RequestTimeout

__all__ = ["REQUEST_TIMEOUT", "ProblemGeventWorker"]

REQUEST_TIMEOUT: Final = float(os.environ.get("REQUEST_TIMEOUT") or 10)
"""Seconds a read of a request may wait for the client's next bytes."""

_KEYS: Final = {400: "title-400", 403: "title-400", 408: "request-timeout", 414: "title-400",
                417: "title-400", 431: "headers-too-large", 501: "title-500"}
_STATUS_LINE: Final = re.compile(rb"^HTTP/1\.[01] (\d{3}) ")
_ACCEPT_LANGUAGE: Final = re.compile(
    rb"\r\nAccept-Language:[ \t]*([A-Za-z0-9,;=.* \t-]{1,200})\r\n", re.I)
_HEAD_KEPT: Final = 32 * 1024


class _Patient:
    """The client socket, whose reads give up after :data:`REQUEST_TIMEOUT` with a 408
    (raised as werkzeug's ``RequestTimeout``, which Flask and :meth:`handle_error` both
    answer); a second timeout on the same connection just ends it."""

    def __init__(self, sock: Any) -> None:
        self._sock = sock
        self._timed_out = False
        self.head = b""
        """The first bytes received: an error found before the headers were parsed still
        answers in the language they ask for."""

    def recv(self, *args: Any) -> bytes:
        try:
            data: bytes = self._sock.recv(*args)
            if len(self.head) < _HEAD_KEPT:
                self.head += data[:_HEAD_KEPT - len(self.head)]
            return data
        except TimeoutError:
            if self._timed_out:  # already answered 408: close quietly
                raise NoMoreData(b"") from None
            self._timed_out = True
            raise RequestTimeout() from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


class _Captured:
    """Stands for the client while gunicorn writes its HTML error, to learn its status."""

    def __init__(self, sock: Any) -> None:
        self._sock = sock
        self.data = b""

    def sendall(self, data: bytes) -> None:
        self.data += data

    def gettimeout(self) -> float:
        return 1.0

    def setblocking(self, flag: bool) -> None:
        pass

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


def _language(req: Any, client: Any) -> str | None:
    """The request's Accept-Language, from the parsed headers or else the raw bytes."""
    for name, value in getattr(req, "headers", None) or ():
        if name.upper() == "ACCEPT-LANGUAGE":
            return str(value)[:200]
    found = _ACCEPT_LANGUAGE.search(getattr(client, "head", b""))
    return found.group(1).decode("ascii") if found else None


class ProblemGeventWorker(GeventWorker):
    """gevent's worker; its own error answers are problem+json, slow requests 408."""

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        client.setblocking(1)  # what gevent's worker does, then a bounded wait per read
        client.settimeout(REQUEST_TIMEOUT)
        AsyncWorker.handle(self, listener, _Patient(client), addr)

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        if isinstance(exc, RequestTimeout):
            self.log.warning("Request timed out from ip=%s", (addr or ("",))[0])
            self._write_problem(client, 408, req)
            return
        captured = _Captured(client)
        super().handle_error(req, captured, addr, exc)  # gunicorn's status and its log
        found = _STATUS_LINE.match(captured.data)
        status = int(found.group(1)) if found else 500
        self._write_problem(client, status, req or getattr(exc, "req", None))

    def _write_problem(self, client: Any, status: int, req: Any) -> None:
        from tutor.errors import problem_response

        app = self.wsgi
        key = _KEYS.get(status, "internal-error" if status >= 500 else "title-400")
        headers = {}
        language = _language(req, client)
        if language is not None:
            headers["Accept-Language"] = language
        try:
            with app.test_request_context("/api/v1/", headers=headers):
                response = problem_response(status, key)
                response = app.process_response(response)  # headers: language, security
        except Exception:  # noqa: BLE001 - never let the error answer fail the connection
            self.log.exception("could not shape a problem answer")
            return
        body = response.get_data()
        lines = [f"HTTP/1.1 {status} {HTTPStatus(status).phrase}",
                 "Connection: close", f"Content-Length: {len(body)}"]
        lines += [f"{name}: {value}" for name, value in response.headers.items()
                  if name.lower() not in ("content-length", "connection", "set-cookie")]
        with contextlib.suppress(OSError):  # the client may be gone
            client.sendall("\r\n".join(lines).encode("latin-1") + b"\r\n\r\n" + body)
