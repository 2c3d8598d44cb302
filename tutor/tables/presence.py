"""Who is at a table: a seat is *connected* while its token keeps asking for the table (its
view, its events, its stream) — the last time it was seen is kept per seat in the database, so
that every host of a scaled-out service sees the same presence.

A seat's page polls or streams, so a seat seen within :data:`WINDOW_SECONDS` is connected; a
closed laptop or a dropped phone stops asking and the seat goes idle, which the table's creator
sees (and may hand the seat to a robot). To spare the database a write per poll, one process
writes a seat's time at most every :data:`WRITE_EVERY_SECONDS`.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from datetime import UTC, datetime, timedelta
from typing import Any, Final, cast

from sqlalchemy import Engine, Table, insert, select, update
from sqlalchemy.exc import IntegrityError

from tutor.tables.models import PresenceRow

__all__ = ["WINDOW_SECONDS", "Presence"]

WINDOW_SECONDS: Final = 20.0
WRITE_EVERY_SECONDS: Final = 5.0
_CACHE_SIZE: Final = 4096

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

    def seen(self, table_id: str, seat: int) -> None:
        """The seat's token asked for the table just now."""
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
        stamp = datetime.now(UTC)
        with self.engine.begin() as conn:
            done = conn.execute(update(_presence).where(
                _presence.c.table_id == table_id, _presence.c.seat == seat)
                .values(last_seen=stamp)).rowcount
            if not done:
                try:
                    with conn.begin_nested():
                        conn.execute(insert(_presence).values(table_id=table_id, seat=seat,
                                                              last_seen=stamp))
                except IntegrityError:  # another worker inserted it first: it is fresh
                    pass

    def connected(self, table_id: str) -> set[int]:
        """The seats seen within the window."""
        since = datetime.now(UTC) - timedelta(seconds=self.window)
        with self.engine.connect() as conn:
            rows = conn.execute(select(_presence.c.seat, _presence.c.last_seen)
                                .where(_presence.c.table_id == table_id)).all()
        return {row.seat for row in rows if _aware(row.last_seen) >= since}

    def view(self, table_id: str, people: int, robots: set[int]) -> list[dict[str, Any]]:
        """The presence member of a table's view: each seat, connected or not, robot or not."""
        on = self.connected(table_id)
        return [{"seat": seat, "connected": seat in on, "robot": seat in robots}
                for seat in range(people)]


def _aware(stamp: datetime) -> datetime:
    """SQLite hands back naive datetimes (written in UTC)."""
    return stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=UTC)
