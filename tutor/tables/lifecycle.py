"""Tables end: closed when their partie is over or nobody acted for a while, then archived.

A table's life, recorded in its ``tables`` row (``closed``, ``closed_reason``, ``archived``):

1. **open** — its tokens read and act.
2. **closed** — the partie is over (``over``: closed by the action that ended it), or nothing
   was logged for ``TABLE_IDLE_HOURS`` (``idle``: closed by the first request that notices, or
   by the retention command). From then on it is read-only: every action answers 410 Gone
   naming the reason, while its tokens still read the table and its log (``GET`` the table,
   ``/events``: the review and the export), and its event stream sends what is left and ends
   (204 when nothing is left, which tells an ``EventSource`` not to reconnect).
3. **archived** — ``TABLE_RETENTION_DAYS`` after closing, the retention command
   (``flask --app tutor tables retention``, from cron) writes its log to a JSON Lines file
   (``--archive-dir``) or just deletes it (``--delete``). Its seats, events and snapshots are
   deleted; the row stays as a tombstone of a few bytes, so its tokens get 410 Gone (with the
   date) rather than a 401 that would make a client ask for a new token.

One indexed query per table request reads the row and the time of its last event (the last
sequence number, through the ``(table_id, seq)`` key): no per-process state, so any worker or
host sees a table closed by another at once.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Final, cast

import click
from flask import current_app
from flask.cli import with_appcontext
from sqlalchemy import Engine, Table, delete, func, select, update

from tutor.errors import Problem
from tutor.tables.models import EventRow, PresenceRow, SeatRow, SnapshotRow, TableRow

__all__ = ["Standing", "archive_closed", "close", "close_idle", "refuse_closed", "retention",
           "standing"]

# (the declarative models type ``__table__`` as a FromClause; each is a Table)
_events = cast(Table, EventRow.__table__)
_tables = cast(Table, TableRow.__table__)
_seats = cast(Table, SeatRow.__table__)
_presence = cast(Table, PresenceRow.__table__)
_snapshots = cast(Table, SnapshotRow.__table__)

REASONS: Final = ("over", "idle")


def _now() -> datetime:
    return datetime.now(UTC)


def _utc(when: datetime | None) -> datetime | None:
    """SQLite gives naive datetimes back (stored as UTC): make every one aware."""
    if when is None or when.tzinfo is not None:
        return when
    return when.replace(tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a table is in its life."""

    closed: datetime | None
    reason: str | None
    archived: datetime | None
    last_activity: datetime | None

    @property
    def is_closed(self) -> bool:
        return self.closed is not None


def standing(engine: Engine, table_id: str, idle_hours: float) -> Standing | None:
    """The table's standing (``None``: no such table); an open table idle for longer than
    ``idle_hours`` is closed now, as ``idle``."""
    last = (select(_events.c.created).where(_events.c.table_id == _tables.c.id)
            .order_by(_events.c.seq.desc()).limit(1).scalar_subquery())
    with engine.connect() as conn:
        row = conn.execute(select(_tables.c.closed, _tables.c.closed_reason, _tables.c.archived,
                                  _tables.c.created, last.label("last"))
                           .where(_tables.c.id == table_id)).first()
    if row is None:
        return None
    found = Standing(_utc(row.closed), row.closed_reason, _utc(row.archived),
                     _utc(row.last) or _utc(row.created))
    if (found.closed is None and found.last_activity is not None and idle_hours > 0
            and _now() - found.last_activity > timedelta(hours=idle_hours)):
        close(engine, table_id, "idle")
        return standing(engine, table_id, 0)
    return found


def close(engine: Engine, table_id: str, reason: str) -> None:
    """Close the table for ``reason`` (once: a closed table keeps its first reason)."""
    assert reason in REASONS
    with engine.begin() as conn:
        conn.execute(update(_tables).where(_tables.c.id == table_id,
                                           _tables.c.closed.is_(None))
                     .values(closed=_now(), closed_reason=reason))


def refuse_closed(found: Standing | None, *, writing: bool, idle_hours: float) -> None:
    """Raise the 410 of an archived table (any request) or of a closed one (an action)."""
    if found is None:
        return
    if found.archived is not None:
        raise Problem(410, "table-archived", date=found.archived.date().isoformat())
    if writing and found.closed is not None:
        raise Problem(410, "table-closed", reason=found.reason or "over",
                      hours=int(idle_hours))


# --- the retention command ------------------------------------------------------------------


def close_idle(engine: Engine, idle_hours: float) -> int:
    """Close every open table whose last event is older than ``idle_hours``; how many."""
    cutoff = _now() - timedelta(hours=idle_hours)
    last = (select(func.max(_events.c.created)).where(_events.c.table_id == _tables.c.id)
            .scalar_subquery())
    with engine.begin() as conn:
        result = conn.execute(update(_tables).where(
            _tables.c.closed.is_(None), _tables.c.archived.is_(None),
            func.coalesce(last, _tables.c.created) < cutoff)
            .values(closed=_now(), closed_reason="idle"))
    return int(result.rowcount or 0)


def _table_record(conn: Any, row: Any) -> dict[str, Any]:
    events = conn.execute(select(_events.c.seq, _events.c.type, _events.c.data,
                                 _events.c.created)
                          .where(_events.c.table_id == row.id).order_by(_events.c.seq)).all()
    seats = conn.execute(select(_seats.c.seat, _seats.c.name, _seats.c.bot)
                         .where(_seats.c.table_id == row.id).order_by(_seats.c.seat)).all()
    return {
        "id": row.id, "people": row.people, "names": list(row.names), "deals": row.deals,
        "bots": list(row.bots), "mode": row.mode, "options": dict(row.options or {}),
        "created": _utc(row.created).isoformat(),  # type: ignore[union-attr]
        "closed": _utc(row.closed).isoformat(),  # type: ignore[union-attr]
        "closed_reason": row.closed_reason,
        "seats": [{"seat": s.seat, "name": s.name, "bot": s.bot} for s in seats],
        "events": [{"seq": e.seq, "type": e.type, "data": e.data,
                    "created": _utc(e.created).isoformat()}  # type: ignore[union-attr]
                   for e in events],
    }


def _closed_before(engine: Engine, cutoff: datetime, batch: int) -> Iterator[list[str]]:
    while True:
        with engine.connect() as conn:
            ids = list(conn.execute(select(_tables.c.id).where(
                _tables.c.archived.is_(None), _tables.c.closed.is_not(None),
                _tables.c.closed < cutoff).order_by(_tables.c.closed).limit(batch)).scalars())
        if not ids:
            return
        yield ids


def archive_closed(engine: Engine, retention_days: float, archive_dir: Path | None,
                   *, batch: int = 200) -> tuple[int, Path | None]:
    """Archive (to ``archive_dir``, one JSON object per line) or, without a directory, just
    delete the log of every table closed more than ``retention_days`` ago; keep each row as
    a tombstone. Returns how many tables and the file written. A table is written to the
    file (flushed and synced) before its rows are deleted, so an interrupted run loses none."""
    cutoff = _now() - timedelta(days=retention_days)
    path: Path | None = None
    out = None
    count = 0
    try:
        for ids in _closed_before(engine, cutoff, batch):
            with engine.begin() as conn:
                rows = conn.execute(select(_tables).where(_tables.c.id.in_(ids))).all()
                if archive_dir is not None:
                    if out is None:
                        archive_dir.mkdir(parents=True, exist_ok=True)
                        stamp = _now().strftime("%Y%m%dT%H%M%SZ")
                        path = archive_dir / f"tables-{stamp}.jsonl"
                        out = path.open("a", encoding="utf-8")
                    for row in rows:
                        out.write(json.dumps(_table_record(conn, row), ensure_ascii=False,
                                             separators=(",", ":")) + "\n")
                    out.flush()
                    os.fsync(out.fileno())
                conn.execute(delete(_snapshots).where(_snapshots.c.table_id.in_(ids)))
                conn.execute(delete(_events).where(_events.c.table_id.in_(ids)))
                conn.execute(delete(_seats).where(_seats.c.table_id.in_(ids)))
                conn.execute(delete(_presence).where(_presence.c.table_id.in_(ids)))
                # the tombstone keeps no name, no prepared deal and no token hash
                conn.execute(update(_tables).where(_tables.c.id.in_(ids))
                             .values(archived=_now(), names=[], options={}, referee_hash=""))
            count += len(ids)
    finally:
        if out is not None:
            out.close()
    return count, path


@click.command("retention")
@click.option("--archive-dir", type=click.Path(file_okay=False, path_type=Path),
              help="Write each table's log here (JSON Lines) before deleting it.")
@click.option("--delete", "delete_only", is_flag=True,
              help="Delete the logs without writing them anywhere.")
@click.option("--days", type=float, default=None,
              help="Archive the tables closed more than this many days ago "
                   "(default: TABLE_RETENTION_DAYS).")
@click.option("--idle-hours", type=float, default=None,
              help="First close the tables idle this long (default: TABLE_IDLE_HOURS).")
@with_appcontext
def retention(archive_dir: Path | None, delete_only: bool, days: float | None,
              idle_hours: float | None) -> None:
    """Close idle tables, then archive or delete the logs of tables closed long ago.

    Run it from cron, e.g. daily:
    flask --app tutor tables retention --archive-dir /var/lib/tarot/archive
    """
    from tutor.tables.resources import get_store
    from tutor.tables.store import upgrade

    if (archive_dir is None) == (not delete_only):
        raise click.UsageError("give --archive-dir DIR (archive, then delete) or --delete")
    config = current_app.config
    engine = get_store().engine
    upgrade(engine)
    hours = float(config["TABLE_IDLE_HOURS"] if idle_hours is None else idle_hours)
    closed = close_idle(engine, hours) if hours > 0 else 0
    count, path = archive_closed(engine, float(config["TABLE_RETENTION_DAYS"]
                                               if days is None else days), archive_dir)
    where = f" to {path}" if path is not None else ""
    verb = "archived" if archive_dir is not None else "deleted"
    click.echo(f"closed idle: {closed}; {verb}: {count}{where}")
