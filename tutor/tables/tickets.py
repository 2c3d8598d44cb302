"""Stream tickets: how a browser's ``EventSource``, which cannot send an ``Authorization``
header, opens a seat's (or the referee's) event stream.

A client holding a table token asks ``POST /api/v1/tables/<id>/stream-tickets`` and gets a
ticket valid for :data:`TICKET_SECONDS` seconds, bound to that table and to the token's seat
(or the referee), which it puts in the stream's URL (``…/stream?ticket=…``). The ticket is
``<table id>.<seat or r>.<expiry>.<signature>``: an HMAC-SHA256 of the first three parts under
a key derived from the SHA-256 of the token it was obtained with (and the app's
``SECRET_KEY`` when one is set). So every process and host that shares the database checks it
with nothing more than the table's row; a ticket names no token, opens nothing but the stream
of its table and seat, ends by itself, and stops working as soon as its token does (a token
replaced or revoked has another hash).

Tickets sit in a URL, and URLs land in access logs: :class:`RedactTickets` blanks them in the
log records of werkzeug (``make run``) and gunicorn (``make serve``). A ticket never appears in
an event or a view: nothing there reads it.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import re
import time
from typing import Final

__all__ = ["TICKET_SECONDS", "RedactTickets", "TicketRefusal", "install_redaction", "issue",
           "verify"]

TICKET_SECONDS: Final = 60
"""How long a ticket opens a stream (the default of ``STREAM_TICKET_SECONDS``): long enough
to open one, short enough that a leaked URL is soon worth nothing. An open stream is not cut
when its ticket expires; a page asks for a new ticket each time it (re)opens its stream."""
MAX_TICKET_LENGTH: Final = 200
_REFEREE: Final = "r"


class TicketRefusal(Exception):
    """Why a ticket opens nothing: ``status`` 401 or 403 and the error key that says why."""

    def __init__(self, status: int, key: str) -> None:
        super().__init__(status, key)
        self.status, self.key = status, key

    def __repr__(self) -> str:
        return f"TicketRefusal(status={self.status}, key={self.key!r})"

    __str__ = __repr__


def _key(token_hash: str, secret: str | bytes | None) -> bytes:
    salt = secret.encode() if isinstance(secret, str) else (secret or b"")
    return hashlib.sha256(b"stream-ticket\0" + salt + b"\0" + token_hash.encode()).digest()


def _signature(key: bytes, claims: str) -> str:
    mac = hmac.new(key, claims.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:24]).decode().rstrip("=")


def issue(table_id: str, seat: int | None, token_hash: str, secret: str | bytes | None,
          seconds: int = TICKET_SECONDS, now: float | None = None) -> tuple[str, int]:
    """A ticket for ``seat`` (``None``: the referee) of ``table_id``, signed with the hash of
    the token that asked for it; returns the ticket and its expiry (Unix seconds).

    >>> ticket, expires = issue("T" * 16, 2, "ab" * 32, None, now=1000)
    >>> ticket.split(".")[:3], expires
    (['TTTTTTTTTTTTTTTT', '2', '1060'], 1060)
    """
    expires = int(now if now is not None else time.time()) + seconds
    claims = f"{table_id}.{_REFEREE if seat is None else seat}.{expires}"
    return f"{claims}.{_signature(_key(token_hash, secret), claims)}", expires


def claimed_table(ticket: str) -> str | None:
    """The table a well-formed ticket names (before any check of its signature)."""
    parts = ticket.split(".")
    return parts[0] if len(parts) == 4 and len(ticket) <= MAX_TICKET_LENGTH else None


def verify(ticket: str, table_id: str, referee_hash: str,
           seat_hashes: tuple[str | None, ...], secret: str | bytes | None,
           now: float | None = None) -> int | None:
    """The seat (``None``: the referee) that ``ticket`` opens at ``table_id``, or raise
    :class:`TicketRefusal`: 401 ``ticket-invalid`` (malformed, forged, or its token replaced),
    403 ``ticket-other-table``, 401 ``ticket-expired``.

    >>> seat_hash, ref_hash = "cd" * 32, "ef" * 32
    >>> ticket, _ = issue("T" * 16, 0, seat_hash, "s", now=1000)
    >>> verify(ticket, "T" * 16, ref_hash, (seat_hash,), "s", now=1030)
    0
    >>> verify(ticket, "T" * 16, ref_hash, (seat_hash,), "s", now=1061)
    Traceback (most recent call last):
    tutor.tables.tickets.TicketRefusal: TicketRefusal(status=401, key='ticket-expired')
    >>> verify(ticket, "T" * 16, ref_hash, (seat_hash,), "another secret", now=1030)
    Traceback (most recent call last):
    tutor.tables.tickets.TicketRefusal: TicketRefusal(status=401, key='ticket-invalid')
    """
    if claimed_table(ticket) is None:
        raise TicketRefusal(401, "ticket-invalid")
    claimed, who, expiry, signature = ticket.split(".")
    if claimed != table_id:
        raise TicketRefusal(403, "ticket-other-table")
    seat: int | None
    token_hash: str | None
    if who == _REFEREE:
        seat, token_hash = None, referee_hash
    elif who.isascii() and who.isdigit() and int(who) < len(seat_hashes):
        seat, token_hash = int(who), seat_hashes[int(who)]
    else:
        raise TicketRefusal(401, "ticket-invalid")
    if token_hash is None or not (expiry.isascii() and expiry.isdigit() and len(expiry) < 12):
        raise TicketRefusal(401, "ticket-invalid")
    expected = _signature(_key(token_hash, secret), f"{claimed}.{who}.{expiry}")
    if not hmac.compare_digest(expected.encode(), signature.encode()):
        raise TicketRefusal(401, "ticket-invalid")
    if int(expiry) < (now if now is not None else time.time()):
        raise TicketRefusal(401, "ticket-expired")
    return seat


_TICKET_IN_TEXT: Final = re.compile(r"(ticket=)[^&\s\"']+")


class RedactTickets(logging.Filter):
    """Blank every ``ticket=…`` in a log record (an access log line names the URL).

    >>> record = logging.LogRecord("gunicorn.access", logging.INFO, "", 0,
    ...     '"GET /stream?since=3&ticket=%(t)s HTTP/1.1" 200', ({"t": "abc.0.9.sig"},), None)
    >>> RedactTickets().filter(record), record.getMessage()
    (True, '"GET /stream?since=3&ticket=[redacted] HTTP/1.1" 200')
    """

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if "ticket=" in message:
            record.msg = _TICKET_IN_TEXT.sub(r"\1[redacted]", message)
            record.args = None
        return True


_installed: set[str] = set()


def install_redaction(logger_names: tuple[str, ...] = ("werkzeug", "gunicorn.access")) -> None:
    """Put :class:`RedactTickets` on the access loggers of the servers that run the app."""
    for name in logger_names:
        if name not in _installed:
            logging.getLogger(name).addFilter(RedactTickets())
            _installed.add(name)
