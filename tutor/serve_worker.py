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
the worker itself; this frees its connection and tells it why. Silence is not the only
bound: a whole request — headers and body — must arrive within ``REQUEST_DEADLINE`` seconds
(30) of its first byte, or it is answered 408 the same way (a client sending a byte every
few seconds never hits the silence timeout). A kept-alive connection on which no byte of a
next request has arrived is closed, with nothing sent, after gunicorn's ``keepalive``
seconds (5): that is an idle connection, not a request in progress.

Framing the application cannot see is answered here too: a malformed chunked body (its
chunk size, its terminators) is 400 problem+json and the connection closed (where the next
request would start is unknown); a request line of a newer HTTP/1 minor version
(``HTTP/1.2``) is served as HTTP/1.1 and answered ``HTTP/1.1`` — RFC 9110 §2.5 asks a
recipient to process a higher minor version as the highest it implements, and to answer in
its own version — while another major version (``HTTP/2.0`` on an HTTP/1 connection,
``HTTP/3.0``) is 505 problem+json (RFC 9110 §15.6.6).
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from http import HTTPStatus
from typing import Any, Final, NoReturn

from gunicorn.http.errors import InvalidHTTPVersion, NoMoreData, ParseException
from gunicorn.workers.base_async import AsyncWorker
from gunicorn.workers.ggevent import GeventWorker
from werkzeug.exceptions import HTTPException, RequestTimeout

__all__ = ["REQUEST_DEADLINE", "REQUEST_TIMEOUT", "ProblemGeventWorker"]

REQUEST_TIMEOUT: Final = float(os.environ.get("REQUEST_TIMEOUT") or 10)
"""Seconds a read of a request may wait for the client's next bytes."""
REQUEST_DEADLINE: Final = float(os.environ.get("REQUEST_DEADLINE") or 30)
"""Seconds a whole request (headers and body) may take to arrive, from its first byte."""

_KEYS: Final = {400: "title-400", 403: "title-400", 408: "request-timeout", 414: "title-400",
                417: "title-400", 431: "headers-too-large", 501: "title-500",
                505: "http-version"}
_MAJOR_VERSION: Final = re.compile(r"HTTP/([0-9])(?:\.[0-9])?\b")
_STATUS_LINE: Final = re.compile(rb"^HTTP/1\.[01] (\d{3}) ")
_ACCEPT_LANGUAGE: Final = re.compile(
    rb"\r\nAccept-Language:[ \t]*([A-Za-z0-9,;=.* \t-]{1,200})\r\n", re.I)
_HEAD_KEPT: Final = 32 * 1024


class _Patient:
    """The client socket, whose reads give up with a 408 (raised as werkzeug's
    ``RequestTimeout``, which Flask and :meth:`handle_error` both answer) after
    :data:`REQUEST_TIMEOUT` seconds of silence or once the request's
    :data:`REQUEST_DEADLINE` has passed; a second timeout on the same connection just ends
    it. Before the first byte of a request, silence for ``idle`` seconds closes the
    connection quietly (an idle keep-alive connection)."""

    def __init__(self, sock: Any, idle: float) -> None:
        self._sock = sock
        self._idle = idle
        self._timed_out = False
        self.started: float | None = None
        """When the first byte of the request being read arrived (None: between requests)."""
        self.head = b""
        """The first bytes received: an error found before the headers were parsed still
        answers in the language they ask for."""

    def recv(self, *args: Any) -> bytes:
        if self.started is None:
            wait = self._idle
        else:
            wait = min(REQUEST_TIMEOUT, self.started + REQUEST_DEADLINE - time.monotonic())
            if wait <= 0:
                self._expired()
        self._sock.settimeout(wait)
        try:
            data: bytes = self._sock.recv(*args)
        except TimeoutError:
            if self.started is None:  # idle between requests: just close
                raise NoMoreData(b"") from None
            self._expired()
        if data and self.started is None:
            self.started = time.monotonic()
        if len(self.head) < _HEAD_KEPT:
            self.head += data[:_HEAD_KEPT - len(self.head)]
        return data

    def sendall(self, data: Any, *args: Any) -> None:
        self._sock.settimeout(REQUEST_TIMEOUT)  # a client that stops reading: same bound
        self._sock.sendall(data, *args)

    def sendfile(self, *args: Any, **kwargs: Any) -> Any:
        self._sock.settimeout(REQUEST_TIMEOUT)
        return self._sock.sendfile(*args, **kwargs)

    def _expired(self) -> NoReturn:
        if self._timed_out:  # already answered 408: close quietly
            raise NoMoreData(b"")
        self._timed_out = True
        raise RequestTimeout()

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


class _Framed:
    """A request's body as the application reads it: a framing error found while reading
    (a malformed chunk size or terminator) is the client's 400 problem+json, raised as a
    :class:`~tutor.errors.Problem` the application answers, instead of gunicorn's parse
    error (a 500); after it, or after a body too late (408), the connection is closed."""

    def __init__(self, body: Any, req: Any) -> None:
        self._body = body
        self._req = req

    def _framed(self, read: Any, *args: Any) -> Any:
        try:
            return read(*args)
        except RequestTimeout:  # the body is late: the 408 ends the connection
            self._req.must_close = True
            raise
        except ParseException:
            from tutor.errors import Problem

            self._req.must_close = True  # where the next request starts is unknown
            raise Problem(400, "malformed-framing") from None

    def read(self, *args: Any) -> bytes:
        return bytes(self._framed(self._body.read, *args))

    def readline(self, *args: Any) -> bytes:
        return bytes(self._framed(self._body.readline, *args))

    def readlines(self, *args: Any) -> list[bytes]:
        return list(self._framed(self._body.readlines, *args))

    def __iter__(self) -> Any:
        return self

    def __next__(self) -> bytes:
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def __getattr__(self, name: str) -> Any:
        return getattr(self._body, name)


def _other_major(exc: InvalidHTTPVersion) -> bool:
    """Whether gunicorn refused the request line's version for its major version (HTTP/2.0,
    HTTP/3), not for its shape (``HTTP/1.10``, ``HTCPCP/1.0``: a 400)."""
    found = _MAJOR_VERSION.search(str(getattr(exc, "version", "")))
    if found is not None:
        return found.group(1) != "1"
    version = getattr(exc, "version", None)
    return isinstance(version, tuple) and bool(version) and version[0] != 1


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
        idle = float(self.cfg.keepalive or REQUEST_TIMEOUT)
        AsyncWorker.handle(self, listener, _Patient(client, idle), addr)

    def timeout_ctx(self) -> contextlib.AbstractContextManager[None]:
        """No timeout around reading a request's headers: :class:`_Patient` bounds them (and
        answers 408), where gevent's worker closed the connection after ``keepalive``
        seconds mid-headers with nothing sent."""
        return contextlib.nullcontext()

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> bool:
        if req.version[0] == 1 and req.version[1] > 1:  # HTTP/1.2: served as HTTP/1.1
            req.version = (1, 1)
        if req.body is not None:
            req.body = _Framed(req.body, req)
        try:
            return bool(super().handle_request(listener_name, req, sock, addr))
        finally:
            if isinstance(sock, _Patient):
                sock.started = None  # the next request's clock starts at its first byte

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        if isinstance(exc, RequestTimeout):
            self.log.warning("Request timed out from ip=%s", (addr or ("",))[0])
            self._write_problem(client, 408, req)
            return
        if isinstance(exc, HTTPException) and req is None:
            # a framing error met while skipping the unread body of a request already
            # answered: nothing to answer, the connection just ends
            self.log.debug("closing after an unreadable body: %s", exc)
            return
        if isinstance(exc, InvalidHTTPVersion) and _other_major(exc):
            self.log.info("HTTP version not supported: %s", exc)
            self._write_problem(client, 505, req)
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
