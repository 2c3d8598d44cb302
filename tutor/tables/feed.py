"""The streams' reads of the log: one read per table and process, whatever its number of
streams.

A commit wakes every stream of its table in every process (:mod:`tutor.tables.pubsub`), and
each stream then needs the same new events. Read one by one, a thousand streams are a thousand
queries at once for one connection pool (five connections and ten more per worker), and a
greenlet that holds a connection gives it back only when the others have let it run again:
the streams of the next table, the next action, wait in that queue. So the streams of a table
read through its :class:`Feed` tail: the first stream to need an event reads the log (holding
the table's tail, so that the others wait for that read rather than queue for connections
of their own), the tail keeps what it read, and every other stream of the table in this
process takes the events from there.

The log stays the source of truth: the tail holds only events read from it, in one gapless
run of sequence numbers, and serves a stream only when it holds everything from that stream's
next event up to the sequence number its wake-up announced; anything else (a stream that is
far behind, a wake-up that could not say how far the log grew) is a read of the log. The tails
live while a stream of their table is open in this process, no longer.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

from tutor.tables.game import Event
from tutor.tables.store import Store

__all__ = ["TAIL_EVENTS", "Feed"]

TAIL_EVENTS: Final = 128
"""Events a table's tail keeps (more when its latest read alone was longer)."""


class _Tail:
    """A table's latest events read from the log: consecutive sequence numbers."""

    __slots__ = ("events", "lock", "streams")

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.events: list[Event] = []
        self.streams = 0

    def serve(self, since: int, upto: int, limit: int) -> list[Event] | None:
        """The events after ``since`` (at most ``limit``) if the tail holds every one of them
        up to ``upto``; else ``None``."""
        events = self.events
        if not events or events[-1].seq < upto or events[0].seq > since + 1:
            return None
        start = since + 1 - events[0].seq
        return events[start:start + limit]

    def keep(self, read: list[Event]) -> None:
        """Add a run of events just read from the log."""
        if not read:
            return
        events = self.events
        if not events or read[0].seq > events[-1].seq + 1 or read[-1].seq < events[0].seq - 1:
            joined = read  # not touching the tail: start again from the latest read
        else:
            before = events[:max(0, read[0].seq - events[0].seq)]
            after = events[max(0, read[-1].seq + 1 - events[0].seq):]
            joined = before + read + after
        self.events = joined[-max(TAIL_EVENTS, len(read)):]


class Feed:
    """The tails of the tables this process streams."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._tails: dict[str, _Tail] = {}

    @contextmanager
    def follow(self, table_id: str) -> Iterator[None]:
        """While a stream of the table is open: its tail lives."""
        with self._lock:
            tail = self._tails.get(table_id)
            if tail is None:
                tail = self._tails[table_id] = _Tail()
            tail.streams += 1
        try:
            yield
        finally:
            with self._lock:
                tail.streams -= 1
                if tail.streams == 0 and self._tails.get(table_id) is tail:
                    del self._tails[table_id]

    def tables(self) -> int:
        """How many tails this process holds (tests check they go away)."""
        with self._lock:
            return len(self._tails)

    def events(self, table_id: str, since: int, upto: int, limit: int) -> list[Event]:
        """The events after ``since`` (at most ``limit``), knowing that the log holds events
        up to ``upto`` at least (:data:`~tutor.tables.pubsub.EVERYTHING`: it may hold
        anything): from the table's tail when it has them all, else read from the log."""
        with self._lock:
            tail = self._tails.get(table_id)
        if tail is None:  # no stream follows it (a caller outside follow())
            return self.store.events(table_id, since, limit=limit)
        with tail.lock:  # one read of the table at a time: the others find its result
            found = tail.serve(since, upto, limit)
            if found is not None:
                return found
            read = self.store.events(table_id, since, limit=limit)
            tail.keep(read)
            return read
