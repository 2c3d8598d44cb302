"""The tables' persistence: the event log append-only, and snapshots beside it.

* ``tables``: what never changes at a table (people, names, deals, bots, mode, the duplicate
  preset) and the referee token's SHA-256.
* ``seats``: one row per seat with its name, whether it is a bot, and its token's SHA-256 (the
  token itself, 256 random bits from :func:`secrets.token_urlsafe`, is shown once at creation).
* ``events``: the log. ``(table_id, seq)`` is unique, so two servers racing to append the same
  sequence number cannot both succeed: one commits, the other gets an integrity error (409).
  Rows are only ever inserted; the state is the replay of the log through ``rules_fr``.
* ``snapshots``: the table's state just before each deal event, so that a process rebuilds a
  state from the latest one and the events after it (one deal's worth) instead of the whole
  partie. Written in the same transaction as the deal event it precedes; only a shortcut —
  the log stays the truth, and a snapshot that cannot be read is skipped for a full replay.

The schema is migrated by Alembic (``tutor/migrations``); a database with no table yet is
created from these models and stamped at the head revision instead (Alembic's cookbook,
:func:`tutor.tables.store.create_at_head`), so each migration must leave the schema these
models declare (``tests/test_schema_boot.py`` compares them).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = ["Base", "EventRow", "PresenceRow", "SeatRow", "SnapshotRow", "TableRow"]


def _now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    people: Mapped[int] = mapped_column(Integer)
    names: Mapped[list[str]] = mapped_column(JSON)
    deals: Mapped[int] = mapped_column(Integer)
    bots: Mapped[list[bool]] = mapped_column(JSON)
    mode: Mapped[str] = mapped_column(String(16), default="live")
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """Duplicate: {"fixed": [taker, contract], "preset": {...}, "group": "..."}."""
    referee_hash: Mapped[str] = mapped_column(String(64))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    closed: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True,
                                                    index=True)
    """When the table was closed (read-only from then on: tutor.tables.lifecycle)."""
    closed_reason: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """``over`` (the partie ended) or ``idle`` (nothing happened for TABLE_IDLE_HOURS)."""
    archived: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the retention job archived or deleted its log (seats and events gone)."""


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    bot: Mapped[bool] = mapped_column(Boolean, default=False)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class EventRow(Base):
    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("table_id", "seq", name="uq_events_table_seq"),)

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), index=False)
    seq: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(16))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class PresenceRow(Base):
    """When a seat's token was last seen at its table (:mod:`tutor.tables.presence`)."""

    __tablename__ = "presence"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    last_seen: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class SnapshotRow(Base):
    """The table's state after event ``seq``, taken because event ``seq + 1`` is a deal
    (:meth:`tutor.tables.game.TableState.snapshot`)."""

    __tablename__ = "snapshots"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
