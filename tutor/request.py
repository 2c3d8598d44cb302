"""The application's request: a body over ``MAX_CONTENT_LENGTH`` is a 413 whatever its framing.

werkzeug checks a ``Content-Length`` against the limit before reading, but a chunked body
(no ``Content-Length``; the server sets ``wsgi.input_terminated``) is read through a stream
that stops *at* the limit without saying so: a 70 KiB chunked body was read as its first
64 KiB, then refused as bad JSON or, worse, accepted (issue 28 item 7). Here such a body is
read one byte past the limit at most, and that byte is a 413.
"""

from __future__ import annotations

from typing import IO, Any

from flask import Request
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.utils import cached_property
from werkzeug.wsgi import LimitedStream

__all__ = ["TutorRequest"]


class _AtMost(LimitedStream):
    """A body stream of no announced length: up to ``limit`` bytes, a 413 past them."""

    def __init__(self, stream: IO[bytes], limit: int) -> None:
        super().__init__(stream, limit + 1, is_max=True)
        self._most = limit

    def readinto(self, b: Any) -> int | None:
        size = super().readinto(b)
        if self._pos > self._most:
            raise RequestEntityTooLarge()
        return size


class TutorRequest(Request):
    """Flask's request, whose chunked body past ``MAX_CONTENT_LENGTH`` is a 413 (not cut)."""

    @cached_property
    def stream(self) -> IO[bytes]:
        limit = self.max_content_length
        if limit is None or self.content_length is not None or \
                "wsgi.input_terminated" not in self.environ:
            return super().stream
        return _AtMost(self.environ["wsgi.input"], limit)  # type: ignore[return-value]
