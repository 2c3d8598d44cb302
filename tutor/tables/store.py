"""The tables' store: the engine, the migrations at start, and appending to the event log
safely under concurrency, with an in-process cache of replayed states.

Concurrency: every write runs in one transaction that first takes the table's write lock — a
``SELECT … FOR UPDATE`` of the table row on PostgreSQL, ``BEGIN IMMEDIATE`` on SQLite — then
reads the last sequence number, compares it with the client's (stale: 409), replays, checks the
action (illegal: 422, nothing written) and inserts the new events. The unique ``(table_id,
seq)`` key is the last guard: if two writers ever got past the lock with the same sequence
number, the second insert fails and its whole transaction is rolled back (409). So no action is
lost or applied twice, whichever process or machine serves the request.

States in O(one deal): just before each ``deal`` event, the state is written as a snapshot
(:meth:`~tutor.tables.game.TableState.snapshot`, table ``snapshots``) in the same transaction
as the event. A state not in the cache (a miss, a fresh process, another host) is rebuilt from
the latest snapshot and the events after it, so its cost is one deal's events whatever the
length of the partie; a snapshot that cannot be read (another version, refused by the rules'
own checks) is skipped for a full replay, which the log always allows.

The cache maps a table id to its replayed state and last sequence number. It is only a
shortcut: every request reads the table's last sequence number from the database and replays
the events past the cached one, so a state written by another worker or host is never missed.
A state is taken out of the cache while a write uses it and put back only after the commit.

Every per-process cache is bounded: the states and the tables' facts are LRUs of a fixed size,
and a table's in-process lock lives only while someone holds it (a weak mapping), so a process
that has seen a million tables holds no more than one that has seen a thousand.

After each commit the store tells its :class:`~tutor.tables.pubsub.Broker`, which wakes the
streams of that table in every process (see :mod:`tutor.tables.pubsub`).
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import hmac
import json
import logging
import os
import random
import re
import secrets
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, ParamSpec, TypeVar, cast

from sqlalchemy import (
    Column,
    Connection,
    Engine,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    create_engine,
    event,
    func,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy.exc import (
    DBAPIError,
    IntegrityError,
    InterfaceError,
    OperationalError,
    PendingRollbackError,
)
from sqlalchemy.exc import TimeoutError as PoolTimeout

from rules_fr.contracts import Contract
from tutor.tables.game import MAX_AUTOMATIC, Event, TableMeta, TableState
from tutor.tables.models import Base, EventRow, SeatRow, SnapshotRow, TableRow
from tutor.tables.pubsub import Broker

Planned = list[tuple[str, dict[str, Any]]]
"""What a request decides to append: events as ``(type, data)``, in order."""
Decide = Callable[[TableState], Planned]
"""A request's decision, taken on the current state under the table's write lock; it raises
to refuse (a :class:`tutor.errors.Problem`), and nothing is written."""

__all__ = [
    "Conflict", "Decide", "Planned", "Store", "TableAuth", "TokenHashes", "hash_token",
    "is_disconnect", "is_outage", "make_engine", "new_token", "retry_read", "upgrade",
]

log = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")

MIGRATIONS: Final = Path(__file__).resolve().parent.parent / "migrations"
WRITE_ATTEMPTS: Final = 3
"""Tries of a write whose connection broke (:meth:`Store._written`)."""
CACHE_SIZE: Final = 512
"""Replayed states kept per process (least recently used first out)."""
INFO_CACHE_SIZE: Final = 4096
"""Tables' fixed facts (meta, token hashes) kept per process."""

# the mapped classes' tables (typed as FromClause by SQLAlchemy's declarative base)
_events = cast(Table, EventRow.__table__)
_tables = cast(Table, TableRow.__table__)
_seats = cast(Table, SeatRow.__table__)
_snapshots = cast(Table, SnapshotRow.__table__)

Snapshot = tuple[int, dict[str, Any]]
"""(sequence number, :meth:`TableState.snapshot` data) to store with the events."""


def _now() -> datetime:
    return datetime.now(UTC)


class _Committed(Exception):
    """A write whose connection broke during its ``COMMIT``, found written since."""


class Conflict(Exception):
    """Another writer got there first (a stale sequence number or a lost race): 409."""

    def __init__(self, last_seq: int) -> None:
        super().__init__(last_seq)
        self.last_seq = last_seq


def is_outage(error: BaseException) -> bool:
    """Whether ``error`` says the database cannot be reached or used right now — down,
    refusing connections, over its pool, or a connection broken under a request (a backend
    killed by ``pg_terminate_backend``, a restart): a 503, never a 500."""
    if isinstance(error, (OperationalError, InterfaceError, PendingRollbackError, PoolTimeout)):
        return True
    return isinstance(error, DBAPIError) and bool(error.connection_invalidated)


def is_disconnect(error: BaseException) -> bool:
    """Whether ``error`` is a connection that broke under a request (SQLAlchemy has already
    invalidated it, or it is left in a failed transaction): trying again on a fresh
    connection may well succeed. A database that refuses connections is not one: its retry
    would only double the wait before the 503."""
    if isinstance(error, (PendingRollbackError, InterfaceError)):
        return True
    return isinstance(error, DBAPIError) and bool(error.connection_invalidated)


def retry_read(read: Callable[P, R]) -> Callable[P, R]:
    """``read`` tried once more, on a fresh connection from the pool, when its connection
    broke under it (:func:`is_disconnect`); safe for reads only (and for writes that are
    the same whether they run once or twice). A second failure goes up: a 503."""

    @functools.wraps(read)
    def again(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return read(*args, **kwargs)
        except Exception as error:
            if not is_disconnect(error):
                raise
            log.warning("database connection lost, reading again: %s",
                        str(error).splitlines()[0][:200] if str(error) else type(error))
        return read(*args, **kwargs)

    return again


def new_token() -> str:
    """256 random bits, URL-safe (43 characters)."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def make_engine(url: str) -> Engine:
    """The engine for ``url``; SQLite gets WAL, a busy timeout and foreign keys, and its
    write transactions take the lock at ``BEGIN`` (``execution_options(immediate=True)``)."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, record: Any) -> None:
            dbapi_connection.isolation_level = None  # we emit BEGIN ourselves
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _sqlite_begin(conn: Connection) -> None:
            immediate = conn.get_execution_options().get("immediate")
            conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

        return engine
    # A database host that does not answer fails the connection in 3 s (a 503), instead of
    # holding the worker for the TCP timeout.
    return create_engine(url, pool_size=5, max_overflow=10, pool_pre_ping=True,
                         pool_timeout=10, connect_args={"connect_timeout": 3})


_upgraded: set[str] = set()
_upgrade_lock = threading.Lock()


_REVISION = re.compile(r"^(down_)?revision(?:\s*:[^=]+)?\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|None)",
                       re.MULTILINE)


def head_revision() -> str | None:
    """The head of the migration scripts, read from their text: the one revision no other
    names as its ``down_revision``; None if that is not a single plain revision (then Alembic
    decides)."""
    revisions: set[str] = set()
    parents: set[str] = set()
    for script in MIGRATIONS.glob("versions/*.py"):
        for match in _REVISION.finditer(script.read_text("utf-8")):
            value = match.group(2) or match.group(3)
            if value is not None:
                (parents if match.group(1) else revisions).add(value)
    heads = revisions - parents
    return heads.pop() if len(heads) == 1 else None


def is_at_head(engine: Engine) -> bool:
    """Whether the database's ``alembic_version`` already names the head: a restart then
    needs no migration, and importing Alembic (a second of start-up) is skipped."""
    head = head_revision()
    if head is None:
        return False
    try:
        with engine.connect() as conn:
            found = conn.exec_driver_sql("SELECT version_num FROM alembic_version").all()
    except DBAPIError:  # no such table yet: a new database
        return False
    return [row[0] for row in found] == [head]


def upgrade(engine: Engine) -> None:
    """Bring the schema to Alembic's head (once per process and database). Workers starting
    together serialize on a file lock (SQLite) or an advisory lock (PostgreSQL); a database
    already at head is only read, and an empty one is created at head directly
    (:func:`create_at_head`)."""
    key = engine.url.render_as_string(hide_password=False)
    with _upgrade_lock:
        if key in _upgraded:
            return
        if is_at_head(engine):
            _upgraded.add(key)
            return
        with contextlib.ExitStack() as stack:
            if engine.dialect.name == "sqlite" and engine.url.database not in (None, "",
                                                                                 ":memory:"):
                lock = stack.enter_context(open(f"{engine.url.database}.migrate-lock", "w"))
                fcntl.flock(lock, fcntl.LOCK_EX)
            with engine.begin() as conn:
                if conn.dialect.name == "postgresql":
                    conn.exec_driver_sql("SELECT pg_advisory_xact_lock(727274)")
                if not create_at_head(conn):
                    _migrate(conn)
        _upgraded.add(key)


def create_at_head(conn: Connection) -> bool:
    """On a database with no table yet, create the schema of the models and stamp it with the
    head revision, as Alembic's cookbook does for a new database ("create_all + stamp head"),
    without importing Alembic (a second of start-up) or replaying every migration; False (and
    nothing done) on any other database, which :func:`_migrate` brings up to date.

    Sound while the models are the schema the migrations build: ``tests/test_schema_boot.py``
    compares the two databases table by table, and checks the migrations against the models."""
    head = head_revision()
    if head is None or inspect(conn).get_table_names():
        return False
    Base.metadata.create_all(conn)
    _ALEMBIC_VERSION.create(conn)
    conn.execute(insert(_ALEMBIC_VERSION).values(version_num=head))
    return True


_ALEMBIC_VERSION: Final = Table(
    "alembic_version", MetaData(), Column("version_num", String(32), nullable=False),
    PrimaryKeyConstraint("version_num", name="alembic_version_pkc"))
"""Alembic's own version table, as ``alembic.runtime.migration`` defines it."""


def _migrate(conn: Connection) -> None:
    """Alembic's ``upgrade head`` on ``conn``, inside its transaction."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = conn
    command.upgrade(config, "head")


@dataclass(frozen=True, slots=True)
class TableAuth:
    """Who a token is at a table: the referee (``seat is None``) or a seat."""

    table_id: str
    seat: int | None

    @property
    def is_referee(self) -> bool:
        return self.seat is None


@dataclass(frozen=True, slots=True)
class _TableInfo:
    """A table's fixed facts, cached per process. The token hashes are what they were when
    the entry was read: a token may be withdrawn since (by another worker too), so checking
    a token reads them again (:meth:`Store.token_hashes`)."""

    meta: TableMeta
    referee_hash: str
    seat_hashes: tuple[str | None, ...]
    options: dict[str, Any]


@dataclass(frozen=True, slots=True)
class TokenHashes:
    """The hashes of a table's valid tokens now (``None``: a seat with no valid token, a
    robot's since the referee handed it over)."""

    referee: str
    seats: tuple[str | None, ...]

    def of(self, seat: int | None) -> str | None:
        return self.referee if seat is None else self.seats[seat]


def _meta_of(row: Any) -> TableMeta:
    options = row.options or {}
    fixed = options.get("fixed")
    preset = options.get("preset")
    return TableMeta(
        people=row.people, names=tuple(row.names), deals=row.deals, bots=tuple(row.bots),
        mode=row.mode,
        fixed=None if fixed is None else (int(fixed[0]), Contract.parse(fixed[1])),
        preset=None if preset is None else (
            tuple(tuple(h) for h in preset["hands"]), tuple(preset["chien"]),
            int(preset["dealer"])),
        first_dealer=int(options.get("dealer", 0)),
    )


class Store:
    """The tables of one database, shared by the threads of one process."""

    def __init__(self, engine: Engine, broker: Broker | None = None) -> None:
        self.engine = engine
        self.broker = broker if broker is not None else Broker()
        self._lock = threading.Lock()
        self._states: OrderedDict[str, TableState] = OrderedDict()
        self._infos: OrderedDict[str, _TableInfo] = OrderedDict()
        self.is_sqlite = engine.dialect.name == "sqlite"
        # One lock per table in this process: a view is never rendered from a state that a
        # write is changing (threaded servers), and local writers queue before the database.
        # Weak values: a lock nobody holds goes away instead of piling up per table seen.
        self._table_locks: weakref.WeakValueDictionary[str, Any] = \
            weakref.WeakValueDictionary()
        self._draw_seed: Callable[[], int] | None = None

    def seed_deals(self, seed: int) -> None:
        """Shuffle this store's deals from ``random.Random(seed)`` instead of the OS's
        CSPRNG: the same deals in the same order at every start. Predictable, so only for a
        store nobody plays at — the OpenAPI document's throwaway app
        (:mod:`tutor.api.document`), whose examples must not change between processes."""
        source = random.Random(seed)
        self._draw_seed = lambda: source.getrandbits(128)

    def table_lock(self, table_id: str) -> Any:
        """The in-process lock of a table (an ``RLock``); hold the returned object while
        using it (only then does it stay the table's lock)."""
        with self._lock:
            found = self._table_locks.get(table_id)
            if found is None:
                found = self._table_locks[table_id] = threading.RLock()
            return found

    def cache_sizes(self) -> dict[str, int]:
        """How many entries each per-process cache holds (tests check they stay bounded)."""
        with self._lock:
            return {"states": len(self._states), "infos": len(self._infos),
                    "locks": len(self._table_locks)}

    # --- transactions ---------------------------------------------------------------------

    @contextlib.contextmanager
    def _write(self, committing: list[bool] | None = None) -> Iterator[Connection]:
        """One write transaction; ``committing`` gets ``True`` once the block is done and the
        ``COMMIT`` is being sent: an error after that leaves the outcome in doubt (it may
        have committed), one before it wrote nothing."""
        conn = self.engine.connect()
        if self.is_sqlite:
            conn = conn.execution_options(immediate=True)
        try:
            with conn.begin():
                yield conn
                if committing is not None:
                    committing.append(True)
        finally:
            conn.close()

    def _written(self, write: Callable[[list[bool]], R],
                 committed: Callable[[], bool] | None) -> R:
        """``write(committing)`` (a transaction through :meth:`_write`), tried again on a
        fresh connection when its connection broke (a backend killed, a database restart):
        before the ``COMMIT`` nothing was written, so running it again is safe; during the
        ``COMMIT`` it is, once ``committed()`` (on a fresh connection) says it was not
        written (without ``committed``, the caller's next attempt finds out itself: the
        sequence number no longer matches). :data:`WRITE_ATTEMPTS` in all, then the error
        goes up (a 503)."""
        for attempt in range(1, WRITE_ATTEMPTS + 1):
            committing: list[bool] = []
            try:
                return write(committing)
            except Exception as error:
                if attempt == WRITE_ATTEMPTS or not is_disconnect(error):
                    raise
                if committing and committed is not None and committed():
                    raise _Committed() from error
                log.warning("database connection lost %s the commit, writing again: %s",
                            "during" if committing else "before",
                            str(error).splitlines()[0][:200] if str(error) else type(error))
        raise AssertionError("unreachable")

    # --- tables ---------------------------------------------------------------------------

    def create(self, meta: TableMeta, options: dict[str, Any]) -> tuple[str, str, list[str]]:
        """A new table; returns its id, the referee token and the seat tokens (bots get none
        usable: their token is still issued, so a bot seat can be taken over later)."""
        made: list[tuple[str, str, list[str], TableState]] = []

        def write(committing: list[bool]) -> None:
            made.clear()
            with self._write(committing) as conn:
                table_id, referee, tokens = self._insert_table(conn, meta, options)
                state = TableState(meta)
                made.append((table_id, referee, tokens, state))
                snaps: list[Snapshot] = []
                self._insert(conn, table_id, self._run_automatic(state, table_id, snaps), snaps)

        with contextlib.suppress(_Committed):  # the commit went through: the table exists
            self._written(write, lambda: bool(made) and bool(self.table_ids([made[0][0]])))
        table_id, referee, tokens, state = made[0]
        self._put(table_id, state)
        return table_id, referee, tokens

    def fork(self, table_id: str, upto: int) -> tuple[str, str, list[str]]:
        """A new table with the same seats and options whose log is a copy of ``table_id``'s
        first ``upto`` events (a practice table taken back to an earlier moment: the original
        stays as it was, nothing is lost). New tokens; returns them as :meth:`create` does."""
        info = self.info(None, table_id)
        assert info is not None
        meta = info.meta
        copied = [ev for ev in self.events(table_id, 0, limit=1_000_000) if ev.seq <= upto]
        state = TableState(meta)
        snaps: list[Snapshot] = []
        for ev in copied:
            if ev.type == "deal" and state.seq:
                snaps.append((state.seq, state.snapshot()))
            state.apply(ev)
        with self._write() as conn:
            new_id, referee, tokens = self._insert_table(conn, meta, info.options)
            self._insert(conn, new_id, copied, snaps)
        self._put(new_id, state)
        return new_id, referee, tokens

    @staticmethod
    def _insert_table(conn: Connection, meta: TableMeta,
                      options: dict[str, Any]) -> tuple[str, str, list[str]]:
        """The rows of a new table and its seats (no event yet): a new id, a new referee token
        and one new token a seat; returns them (the tokens in clear: only their hashes are
        stored)."""
        table_id = secrets.token_urlsafe(12)
        referee = new_token()
        tokens = [new_token() for _ in range(meta.people)]
        conn.execute(insert(_tables).values(
            id=table_id, people=meta.people, names=list(meta.names), deals=meta.deals,
            bots=list(meta.bots), mode=meta.mode, options=options,
            referee_hash=hash_token(referee), created=_now()))
        conn.execute(insert(_seats), [
            {"table_id": table_id, "seat": i, "name": meta.names[i], "bot": meta.bots[i],
             "token_hash": hash_token(tokens[i])} for i in range(meta.people)])
        return table_id, referee, tokens

    def info(self, conn: Connection | None, table_id: str) -> _TableInfo | None:
        with self._lock:
            found = self._infos.get(table_id)
            if found is not None:
                self._infos.move_to_end(table_id)
                return found
        found = self._read_info(table_id) if conn is None else self._info_of(conn, table_id)
        if found is None:
            return None
        with self._lock:
            self._infos[table_id] = found
            while len(self._infos) > INFO_CACHE_SIZE:
                self._infos.popitem(last=False)
        return found

    @retry_read
    def _read_info(self, table_id: str) -> _TableInfo | None:
        with self.engine.connect() as conn:
            return self._info_of(conn, table_id)

    @staticmethod
    def _info_of(conn: Connection, table_id: str) -> _TableInfo | None:
        row = conn.execute(select(_tables).where(_tables.c.id == table_id)).first()
        if row is None:
            return None
        seats = conn.execute(select(_seats.c.seat, _seats.c.token_hash)
                             .where(_seats.c.table_id == table_id)
                             .order_by(_seats.c.seat)).all()
        return _TableInfo(_meta_of(row), row.referee_hash, tuple(s.token_hash for s in seats),
                          dict(row.options or {}))

    @retry_read
    def token_hashes(self, table_id: str) -> TokenHashes | None:
        """The hashes of the table's valid tokens, read now (one query): a token the referee
        withdrew in any process is refused at once in every other."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_tables.c.referee_hash, _seats.c.seat, _seats.c.token_hash)
                .select_from(_tables.outerjoin(_seats, _seats.c.table_id == _tables.c.id))
                .where(_tables.c.id == table_id).order_by(_seats.c.seat)).all()
        if not rows:
            return None
        return TokenHashes(rows[0].referee_hash,
                           tuple(r.token_hash for r in rows if r.seat is not None))

    def authenticate(self, table_id: str, token: str) -> TableAuth | None | bool:
        """``False``: no such table; ``None``: the token is not one of the table's (or was
        withdrawn)."""
        if self.info(None, table_id) is None:
            return False
        hashes = self.token_hashes(table_id)
        if hashes is None:
            return False
        digest = hash_token(token)
        if hashes.referee and hmac.compare_digest(digest, hashes.referee):
            return TableAuth(table_id, None)
        for seat, seat_hash in enumerate(hashes.seats):
            if seat_hash is not None and hmac.compare_digest(digest, seat_hash):
                return TableAuth(table_id, seat)
        return None

    @staticmethod
    def replace_token(conn: Connection, table_id: str, seat: int | None, *,
                      issue: bool = True) -> str | None:
        """Withdraw the token of ``seat`` (``None``: the referee's) inside the caller's
        transaction, and issue a new one (returned in clear, its hash stored) unless
        ``issue`` is false (the seat then has no valid token: a robot plays it)."""
        token = new_token() if issue or seat is None else None
        digest = None if token is None else hash_token(token)
        if seat is None:
            conn.execute(update(_tables).where(_tables.c.id == table_id)
                         .values(referee_hash=digest))
        else:
            conn.execute(update(_seats).where(_seats.c.table_id == table_id,
                                              _seats.c.seat == seat).values(token_hash=digest))
        return token

    def rotate(self, table_id: str, seat: int | None) -> str:
        """A new token for ``seat`` (``None``: the referee's), the old one withdrawn."""
        with self._write() as conn:
            token = self.replace_token(conn, table_id, seat)
        self.forget_info(table_id)
        assert token is not None
        return token

    def forget_info(self, table_id: str) -> None:
        """Drop this process's cached facts of a table (its token hashes changed)."""
        with self._lock:
            self._infos.pop(table_id, None)

    # --- states ---------------------------------------------------------------------------

    def _take(self, table_id: str) -> TableState | None:
        with self._lock:
            return self._states.pop(table_id, None)

    def _put(self, table_id: str, state: TableState) -> None:
        with self._lock:
            current = self._states.get(table_id)
            if current is None or current.seq <= state.seq:
                self._states[table_id] = state
                self._states.move_to_end(table_id)
            while len(self._states) > CACHE_SIZE:
                self._states.popitem(last=False)

    def _catch_up(self, conn: Connection, table_id: str, state: TableState | None,
                  meta: TableMeta, *, snapshots: bool = True) -> TableState:
        """``state`` with every logged event past its sequence number; without a state, the
        latest snapshot's (or, ``snapshots`` false or none readable, a fresh one)."""
        from_snapshot = False
        if state is None:
            state = self._latest_snapshot(conn, table_id, meta) if snapshots else None
            from_snapshot = state is not None
            if state is None:
                state = TableState(meta)
        rows = conn.execute(select(_events.c.seq, _events.c.type, _events.c.data)
                            .where(_events.c.table_id == table_id, _events.c.seq > state.seq)
                            .order_by(_events.c.seq)).all()
        try:
            for row in rows:
                state.apply(Event(row.seq, row.type, row.data))
        except Exception as error:
            if not from_snapshot or is_outage(error):
                raise
            # a snapshot the log contradicts: the log is the truth
            return self._catch_up(conn, table_id, None, meta, snapshots=False)
        return state

    @staticmethod
    def _latest_snapshot(conn: Connection, table_id: str, meta: TableMeta,
                         upto: int | None = None) -> TableState | None:
        """The state of the table's latest readable snapshot (taken at ``upto`` or before,
        when given), if any (at most one query)."""
        query = select(_snapshots.c.data).where(_snapshots.c.table_id == table_id)
        if upto is not None:
            query = query.where(_snapshots.c.seq <= upto)
        row = conn.execute(query.order_by(_snapshots.c.seq.desc()).limit(1)).first()
        if row is None:
            return None
        try:
            return TableState.from_snapshot(meta, row.data)
        except (ValueError, KeyError, TypeError):
            return None

    def last_seq(self, conn: Connection, table_id: str) -> int:
        return int(conn.execute(select(func.coalesce(func.max(_events.c.seq), 0))
                                .where(_events.c.table_id == table_id)).scalar_one())

    @contextlib.contextmanager
    def reading(self, table_id: str) -> Iterator[TableState]:
        """The current state, for reading while the block runs (do not mutate it)."""
        with self.table_lock(table_id):
            yield self._current(table_id)

    def _current(self, table_id: str) -> TableState:
        info = self.info(None, table_id)
        assert info is not None
        return self._read_current(table_id, info.meta)

    @retry_read
    def _read_current(self, table_id: str, meta: TableMeta) -> TableState:
        """The current state, on one connection (a broken one: read again on a fresh one,
        never replayed on the broken connection, which only fails again)."""
        with self.engine.connect() as conn:
            last = self.last_seq(conn, table_id)
            with self._lock:
                cached = self._states.get(table_id)
            if cached is not None and cached.seq == last:
                return cached
            state = self._take(table_id)
            if state is not None and state.seq > last:
                state = None
            try:
                state = self._catch_up(conn, table_id, state, meta)
            except Exception as error:  # a cached state the log contradicts: replay it all
                if is_outage(error):  # not the log's fault: the database's
                    raise
                state = self._catch_up(conn, table_id, None, meta, snapshots=False)
        self._put(table_id, state)
        return state

    @retry_read
    def replay(self, table_id: str) -> TableState:
        """A fresh replay of the whole log, bypassing the cache and the snapshots (tests
        compare it)."""
        info = self.info(None, table_id)
        assert info is not None
        with self.engine.connect() as conn:
            return self._catch_up(conn, table_id, None, info.meta, snapshots=False)

    @retry_read
    def rebuild(self, table_id: str) -> TableState:
        """The state rebuilt as a cache miss rebuilds it — the latest snapshot and the events
        after it — bypassing the cache (tests compare it with :meth:`replay`)."""
        info = self.info(None, table_id)
        assert info is not None
        with self.engine.connect() as conn:
            return self._catch_up(conn, table_id, None, info.meta)

    @retry_read
    def first_answer(self, table_id: str, seq: int, decide: Decide,
                     ) -> tuple[TableState, list[Event]] | None:
        """A request sent again (a client that lost the answer, a write tried again after
        its connection broke during the commit): when the events logged right after ``seq``
        are those ``decide`` plans at ``seq``, the state just after that request's events —
        what it appended, then the automatic events that followed in the same transaction —
        and those events, as :meth:`act` returned them the first time; else ``None`` (the
        table moved on without it: a stale sequence number)."""
        info = self.info(None, table_id)
        assert info is not None
        with self.engine.connect() as conn:
            state = self._latest_snapshot(conn, table_id, info.meta, seq) or TableState(info.meta)
            rows = conn.execute(select(_events.c.seq, _events.c.type, _events.c.data)
                                .where(_events.c.table_id == table_id,
                                       _events.c.seq > state.seq)
                                .order_by(_events.c.seq)
                                .limit(seq - state.seq + MAX_AUTOMATIC + 64)).all()
        logged = [Event(r.seq, r.type, r.data) for r in rows]
        before, later = logged[:seq - state.seq], logged[seq - state.seq:]
        try:
            for ev in before:
                state.apply(ev)
            if state.seq != seq:
                return None
            planned = decide(state)
        except Exception:  # noqa: BLE001 - refused at that moment: not the same request
            return None
        if not planned or len(later) < len(planned):
            return None
        for (kind, data), ev in zip(planned, later, strict=False):
            if ev.type != kind or ev.data != json.loads(json.dumps(data)):
                return None
        answer: list[Event] = []
        for ev in later:
            if len(answer) >= len(planned) and \
                    state.next_automatic(table_id, lambda: 0) is None:
                break  # a person's turn: the next event is another request's
            state.apply(ev)
            answer.append(ev)
        return state, answer

    @retry_read
    def events(self, table_id: str, since: int, limit: int = 500) -> list[Event]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(_events.c.seq, _events.c.type, _events.c.data)
                                .where(_events.c.table_id == table_id, _events.c.seq > since)
                                .order_by(_events.c.seq).limit(limit)).all()
        return [Event(r.seq, r.type, r.data) for r in rows]

    def act(self, table_id: str, seq: int | None, decide: Decide,
            also: Callable[[Connection, list[Event]], None] | None = None,
            ) -> tuple[TableState, list[Event]]:
        """Run ``decide(state) -> list[(type, data)]`` under the table's write lock, append
        what it returns and the automatic events that follow (deals, bots, scores), and
        return the new state and the events appended. ``decide`` raises to refuse (nothing
        is written); ``seq`` other than the last sequence number raises :class:`Conflict`.
        ``also(conn, appended)`` runs in the same transaction (a seat's token withdrawn with
        the handover that withdraws it)."""
        with self.table_lock(table_id):
            if seq is None:  # no sequence number to tell a doubtful commit: write once
                return self._act(table_id, seq, decide, also, [])
            return self._written(functools.partial(self._act, table_id, seq, decide, also), None)

    def _act(self, table_id: str, seq: int | None, decide: Decide,
             also: Callable[[Connection, list[Event]], None] | None,
             committing: list[bool]) -> tuple[TableState, list[Event]]:
        info = self.info(None, table_id)
        assert info is not None
        state: TableState | None = None
        try:
            with self._write(committing) as conn:
                if not self.is_sqlite:
                    conn.execute(select(_tables.c.id).where(_tables.c.id == table_id)
                                 .with_for_update())
                last = self.last_seq(conn, table_id)
                if seq is not None and seq != last:
                    raise Conflict(last)
                state = self._take(table_id)
                if state is not None and state.seq > last:
                    state = None
                state = self._catch_up(conn, table_id, state, info.meta)
                start = state.seq
                appended: list[Event] = []
                snaps: list[Snapshot] = []
                try:
                    for kind, data in decide(state):
                        appended.append(self._apply(state, kind, data, snaps))
                    appended.extend(self._run_automatic(state, table_id, snaps))
                    self._insert(conn, table_id, appended, snaps)
                    if also is not None:
                        also(conn, appended)
                    if appended:
                        self.broker.in_transaction(conn, table_id, state.seq)
                except BaseException:
                    if state.seq == start:  # nothing applied: the state is still good
                        self._put(table_id, state)
                    raise
        except IntegrityError:
            raise Conflict(-1) from None
        except OperationalError as error:  # SQLite busy beyond the timeout, a lost lock
            if "locked" in str(error) or "deadlock" in str(error):
                raise Conflict(-1) from None
            raise
        self._put(table_id, state)
        if appended:
            self.broker.committed(table_id, state.seq)
        return state, appended

    @staticmethod
    def _apply(state: TableState, kind: str, data: dict[str, Any],
               snaps: list[Snapshot]) -> Event:
        """The next event, applied to ``state`` (raises, before anything is written, if the
        event is impossible). Before a deal (but the first), the state goes to ``snaps``."""
        if kind == "deal" and state.seq:
            snaps.append((state.seq, state.snapshot()))
        ev = Event(state.seq + 1, kind, data)
        state.apply(ev)
        return ev

    @staticmethod
    def _insert(conn: Connection, table_id: str, events: list[Event],
                snaps: Sequence[Snapshot] = ()) -> None:
        """Append ``events`` to the log in one statement (one round trip, whatever their
        number: a bots' partie is a thousand events), and the snapshots taken on the way,
        inside the caller's transaction."""
        now = _now()
        if events:
            conn.execute(insert(_events), [
                {"table_id": table_id, "seq": ev.seq, "type": ev.type, "data": dict(ev.data),
                 "created": now} for ev in events])
        if snaps:
            conn.execute(insert(_snapshots), [
                {"table_id": table_id, "seq": seq, "data": data, "created": now}
                for seq, data in snaps])

    def _run_automatic(self, state: TableState, table_id: str,
                       snaps: list[Snapshot]) -> list[Event]:
        """Apply the events the server adds by itself (deals, bots, scores) until a person
        must act; the caller inserts them (and the snapshots added to ``snaps``)."""
        appended = []
        for _ in range(MAX_AUTOMATIC):
            nxt = state.next_automatic(table_id, self._draw_seed)
            if nxt is None:
                break
            appended.append(self._apply(state, *nxt, snaps))
        return appended

    @retry_read
    def table_ids(self, ids: Sequence[str]) -> list[str]:
        with self.engine.connect() as conn:
            return list(conn.execute(select(_tables.c.id).where(_tables.c.id.in_(ids)))
                        .scalars())


def default_sqlite_url(instance_path: str) -> str:
    os.makedirs(instance_path, exist_ok=True)
    return "sqlite:///" + os.path.join(os.path.abspath(instance_path), "tarot.sqlite3")
