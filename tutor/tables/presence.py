"""Who is at a table: a seat is *connected* while its token keeps asking for the table (its
view, its events, its stream) — the last time it was seen is kept per seat in the database, so
that every host of a scaled-out service sees the same presence.

A seat's page polls or streams, so a seat seen within :data:`WINDOW_SECONDS` is connected; a
closed laptop or a dropped phone stops asking and the seat goes idle, which the table's creator
sees (and may hand the seat to a robot). To spare the database a write per poll, one process
writes a seat's time at most every :data:`WRITE_EVERY_SECONDS`.

An open stream keeps its seat connected (:meth:`Presence.hold`): the seats of every stream of a
process are written together, in one statement every :data:`WRITE_EVERY_SECONDS`, aside from
the streams, rather than one transaction per stream at each of its keep-alives — a thousand
streams opened together would otherwise be a thousand writes at once every 15 seconds, queued
for one worker's few database connections in front of the reads of the next event.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any, Final, cast

from sqlalchemy import ColumnElement, Connection, Engine, Table, insert, select, tuple_, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from tutor.tables.models import PresenceRow
from tutor.tables.store import retry_read

__all__ = ["WINDOW_SECONDS", "Presence"]

WINDOW_SECONDS: Final = 20.0
WRITE_EVERY_SECONDS: Final = 5.0
_CACHE_SIZE: Final = 4096
_BATCH: Final = 500
"""Seats written by one statement of :meth:`Presence.refresh`."""

log = logging.getLogger(__name__)

_presence = cast(Table, PresenceRow.__table__)  # typed as FromClause by the declarative base


class Presence:
    """The presence of the seats of one database's tables."""

    def __init__(self, engine: Engine, *, window: float = WINDOW_SECONDS,
                 write_every: float = WRITE_EVERY_SECONDS) -> None:
        self.engine = engine
        self.window = window
        self.write_every = min(write_every, window / 2)
        self._lock = threading.Lock()
        self._written: OrderedDict[tuple[str, int], float] = OrderedDict()
        """(table, seat) → monotonic time of this process's last write (bounded LRU)."""
        self._held: Counter[tuple[str, int]] = Counter()
        """(table, seat) → the open streams of this process that keep it connected."""
        self._refreshed = time.monotonic()
        self._refreshing = False
        self._pending: set[tuple[str, int]] = set()
        """Seats whose request waits for their write (:meth:`seen`)."""
        self._batch = threading.Lock()

    def seen(self, table_id: str, seat: int) -> None:
        """The seat's token asked for the table just now. Written before it returns; the
        seats of requests arriving while a write runs are written together by the next one
        (a thousand streams opened at once are a few writes, not a thousand)."""
        key = (table_id, seat)
        now = time.monotonic()
        with self._lock:
            last = self._written.get(key)
            if last is not None and now - last < self.write_every:
                return
            self._written[key] = now
            self._written.move_to_end(key)
            while len(self._written) > _CACHE_SIZE:
                self._written.popitem(last=False)
            self._pending.add(key)
        with self._batch:  # one write at a time: it writes every seat waiting for one
            with self._lock:
                if key not in self._pending:
                    return  # written by the write this request waited for
                due = list(self._pending)
                self._pending.clear()
            try:
                with self.engine.begin() as conn:
                    self._write(conn, due, datetime.now(UTC))
            except BaseException:
                with self._lock:  # the others' seats: their own requests try again
                    self._pending.update(k for k in due if k != key)
                raise

    @contextlib.contextmanager
    def hold(self, table_id: str, seat: int) -> Iterator[None]:
        """While the block runs (an open stream), :meth:`refresh` keeps the seat connected."""
        key = (table_id, seat)
        with self._lock:
            self._held[key] += 1
        try:
            yield
        finally:
            with self._lock:
                self._held[key] -= 1
                if self._held[key] <= 0:
                    del self._held[key]

    def refresh(self) -> None:
        """Called often by the open streams: every ``write_every`` seconds, write the time of
        every seat held (:meth:`hold`) in one transaction, in a thread (a greenlet under
        gevent) of its own, so that no stream waits for it."""
        now = time.monotonic()
        with self._lock:
            if self._refreshing or now - self._refreshed < self.write_every:
                return
            self._refreshing = True
            self._refreshed = now
            due = [key for key in self._held
                   if now - self._written.get(key, -self.write_every) >= self.write_every]
            for key in due:
                self._written[key] = now
                self._written.move_to_end(key)
            while len(self._written) > _CACHE_SIZE:
                self._written.popitem(last=False)
        if not due:
            with self._lock:
                self._refreshing = False
            return
        threading.Thread(target=self._write_held, args=(due,), name="presence",
                         daemon=True).start()

    def _write_held(self, due: list[tuple[str, int]]) -> None:
        try:
            with self.engine.begin() as conn:
                self._write(conn, due, datetime.now(UTC))
        except SQLAlchemyError as error:  # the next refresh writes them again (a pool timeout too)
            log.warning("could not write the presence of %d seats (%s)", len(due), error)
            with self._lock:
                for key in due:
                    self._written.pop(key, None)
        finally:
            with self._lock:
                self._refreshing = False

    @staticmethod
    def _write(conn: Connection, keys: list[tuple[str, int]], stamp: datetime) -> None:
        """Set the seats' time: one update per :data:`_BATCH` seats, an insert for each
        seat that had no row yet."""
        for start in range(0, len(keys), _BATCH):
            chunk = keys[start:start + _BATCH]
            where: ColumnElement[bool]
            if len(chunk) == 1:
                table_id, seat = chunk[0]
                where = (_presence.c.table_id == table_id) & (_presence.c.seat == seat)
            else:
                where = tuple_(_presence.c.table_id, _presence.c.seat).in_(chunk)
            done = {(row.table_id, row.seat) for row in conn.execute(
                update(_presence).where(where).values(last_seen=stamp)
                .returning(_presence.c.table_id, _presence.c.seat))}
            for table_id, seat in chunk:
                if (table_id, seat) in done:
                    continue
                try:
                    with conn.begin_nested():
                        conn.execute(insert(_presence).values(table_id=table_id, seat=seat,
                                                              last_seen=stamp))
                except IntegrityError:  # another worker inserted it first: it is fresh
                    pass

    @retry_read
    def connected(self, table_id: str) -> set[int]:
        """The seats seen within the window."""
        return self._seen(table_id)[0]

    def _seen(self, table_id: str) -> tuple[set[int], set[int]]:
        """The seats seen within the window, and the seats ever seen."""
        since = datetime.now(UTC) - timedelta(seconds=self.window)
        with self.engine.connect() as conn:
            rows = conn.execute(select(_presence.c.seat, _presence.c.last_seen)
                                .where(_presence.c.table_id == table_id)).all()
        return ({row.seat for row in rows if _aware(row.last_seen) >= since},
                {row.seat for row in rows})

    def view(self, table_id: str, people: int, robots: set[int]) -> list[dict[str, Any]]:
        """The presence member of a table's view: each seat, connected or not, robot or not,
        and whether its player ever came (an open seat, still waiting for its player, is not a
        player who left)."""
        on, ever = self._seen(table_id)
        return [{"seat": seat, "connected": seat in on, "joined": seat in ever,
                 "robot": seat in robots}
                for seat in range(people)]


def _aware(stamp: datetime) -> datetime:
    """SQLite hands back naive datetimes (written in UTC)."""
    return stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=UTC)
