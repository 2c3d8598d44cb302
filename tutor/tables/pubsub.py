"""Wake-ups for the tables' streams: once an action is committed, every process streaming that
table hears that its log grew, and each of its streams reads the new events from the log.

A message is a wake-up, never the data: it names the table and the last sequence number
logged, and a woken stream reads the events after the last one it sent from the database —
once per table and process (:mod:`tutor.tables.feed`), and not at all when it has already
sent that number. The log stays the only source of truth, so a message lost, doubled or late changes
nothing but latency: a subscriber whose broker connection dropped reads the log again as soon
as it is back (every stream of the process is woken then), and meanwhile its streams re-read
the log every :data:`DEGRADED_POLL` seconds rather than going silent.

One carrier per deployment, all behind :class:`Broker`:

* :class:`Broker` itself: in-process only (the SQLite default, served by one process);
* :class:`RedisBroker` (``REDIS_URL``): Redis pub/sub, one pattern subscription per process;
* :class:`PostgresBroker` (PostgreSQL without Redis): ``NOTIFY`` sent inside the write
  transaction — PostgreSQL delivers it at the commit and never for a rolled-back write — and
  one ``LISTEN`` connection per process.

Each process keeps one broker connection whatever its number of streams: the broker fans out
to processes, the process to its streams (:class:`Subscription`). The code uses only
``threading`` primitives, so it runs in real threads (a threaded server, the tests' client)
and in greenlets alike (gunicorn's gevent workers patch them).
"""

from __future__ import annotations

import logging
import re
import secrets
import threading
from typing import Any, Final

from sqlalchemy import Connection, Engine, text

__all__ = ["DEGRADED_POLL", "EVERYTHING", "Broker", "PostgresBroker", "RedisBroker", "Subscription",
           "make_broker"]

log = logging.getLogger(__name__)

DEGRADED_POLL: Final = 1.0
"""Seconds between log reads of a stream while its process has lost the broker."""
RECONNECT_DELAYS: Final = (0.2, 0.5, 1.0, 2.0)
"""Waits between attempts to reach the broker again (the last one repeats)."""
EVERYTHING: Final = 1 << 62
"""Announced by a wake-up that cannot say how far the log grew: read it, whatever it holds."""


class Subscription:
    """One stream's wake-up flag: set by any notification of its table since the last
    :meth:`wait`, so a notification arriving between a log read and the wait is never
    missed (subscribe first, then read the log, then wait).

    It also keeps the highest sequence number the notifications announced since the last
    :meth:`announced` (:data:`EVERYTHING` when one could not say: a reconnection, a poll), so
    that a stream whose events this process has already read takes them from that read
    (:mod:`tutor.tables.feed`) instead of asking the database again."""

    __slots__ = ("_broker", "_flag", "_upto", "table_id")

    def __init__(self, broker: Broker, table_id: str) -> None:
        self._broker = broker
        self.table_id = table_id
        self._flag = threading.Event()
        self._upto = 0

    def wake(self, seq: int | None = None) -> None:
        """The table's log grew up to ``seq`` (``None``: perhaps, up to anything)."""
        self._announce(EVERYTHING if seq is None else seq)
        self._flag.set()

    def _announce(self, seq: int) -> None:
        with self._broker._lock:
            self._upto = max(self._upto, seq)

    def announced(self) -> int:
        """The highest sequence number announced since the last call (0: none;
        :data:`EVERYTHING`: read the log, whatever it holds), and forget it."""
        with self._broker._lock:
            upto, self._upto = self._upto, 0
        return upto

    def wait(self, timeout: float) -> bool:
        """Wait until woken or ``timeout`` seconds; ``True`` when woken. While the broker is
        out of reach the wait is cut to :data:`DEGRADED_POLL` (and says it was woken), so the
        stream reads the log anyway. With the in-process broker every wait says so too: if
        several processes share the SQLite file after all (``WEB_CONCURRENCY``, plain
        gunicorn), a commit in another one is then read at the stream's next keep-alive
        rather than never. A wait that says so without a notification announces
        :data:`EVERYTHING`."""
        if not self._broker.available():
            timeout = min(timeout, DEGRADED_POLL)
            self._flag.wait(timeout)
            self._flag.clear()
            self._announce(EVERYTHING)
            return True
        self._flag.wait(timeout)
        self._flag.clear()
        # Woken is whatever was announced, not what the flag's wait returned: a wake-up
        # landing after the wait timed out and before the clear has announced its number
        # (announce, then set), and the clear has wiped its flag — judged by the flag, that
        # stream would wait for the table's next event (seen under load: a keep-alive due
        # just as an event arrived).
        with self._broker._lock:
            woken = self._upto > 0
        if not woken and not self._broker.between_processes:
            self._announce(EVERYTHING)
            return True
        return woken

    def close(self) -> None:
        self._broker._unsubscribe(self)

    def __enter__(self) -> Subscription:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Broker:
    """In-process fan-out: a commit wakes the subscriptions of its table in this process.
    Alone it is the carrier of the SQLite default (one process); the subclasses add a
    carrier between processes and hosts."""

    name = "local"
    between_processes = False
    """Whether a commit in another process wakes this one's streams."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subscriptions: dict[str, set[Subscription]] = {}
        self.origin = secrets.token_hex(6)
        """This process's name in its messages: it ignores its own, already woken locally."""

    # --- subscribers ----------------------------------------------------------------------

    def subscribe(self, table_id: str) -> Subscription:
        self._start()
        subscription = Subscription(self, table_id)
        with self._lock:
            self._subscriptions.setdefault(table_id, set()).add(subscription)
        return subscription

    def _unsubscribe(self, subscription: Subscription) -> None:
        with self._lock:
            found = self._subscriptions.get(subscription.table_id)
            if found is not None:
                found.discard(subscription)
                if not found:
                    del self._subscriptions[subscription.table_id]

    def subscribers(self) -> int:
        with self._lock:
            return sum(len(s) for s in self._subscriptions.values())

    def _wake(self, table_id: str, seq: int | None = None) -> None:
        with self._lock:
            found = list(self._subscriptions.get(table_id, ()))
        for subscription in found:
            subscription.wake(seq)

    def _wake_all(self) -> None:
        with self._lock:
            found = [s for subs in self._subscriptions.values() for s in subs]
        for subscription in found:
            subscription.wake()

    # --- the carrier ----------------------------------------------------------------------

    def available(self) -> bool:
        """Whether this process hears the other processes' commits right now."""
        return True

    def wait_available(self, timeout: float) -> bool:
        """Start listening if needed and wait until connected (``False``: not in time)."""
        return True

    def in_transaction(self, conn: Connection, table_id: str, seq: int) -> None:
        """Called inside the write transaction that appended up to ``seq``."""

    def committed(self, table_id: str, seq: int) -> None:
        """Called once the write is committed: wake this process's streams of the table."""
        self._wake(table_id, seq)

    def _start(self) -> None:
        """Start listening to the carrier (on the first subscription, after any fork)."""

    def close(self) -> None:
        """Stop listening (tests; a server's process just exits)."""


class _ListeningBroker(Broker):
    """A broker with one listener thread per process that keeps a connection to the carrier,
    reconnecting after any failure, and wakes every stream at each (re)connection."""

    between_processes = True

    def __init__(self) -> None:
        super().__init__()
        self._connected = threading.Event()
        self._stopped = threading.Event()
        self._thread: threading.Thread | None = None
        self._thread_lock = threading.Lock()

    def available(self) -> bool:
        return self._connected.is_set()

    def wait_available(self, timeout: float) -> bool:
        self._start()
        return self._connected.wait(timeout)

    def _start(self) -> None:
        with self._thread_lock:
            if self._thread is None or not self._thread.is_alive():
                self._stopped.clear()
                self._thread = threading.Thread(target=self._run, name=f"{self.name}-listener",
                                                daemon=True)
                self._thread.start()

    def _run(self) -> None:
        failures = 0
        while not self._stopped.is_set():
            try:
                self._listen()
                failures = 0
            except Exception as error:  # noqa: BLE001 - any failure: reconnect, streams poll
                if self._connected.is_set():
                    log.warning("%s broker lost (%s): streams read the log until it is back",
                                self.name, error)
                    failures = 0  # a connection that worked: retry soon, not after the
                    # longest delay that earlier outages reached
                self._connected.clear()
                self._wake_all()
                delay = RECONNECT_DELAYS[min(failures, len(RECONNECT_DELAYS) - 1)]
                failures += 1
                self._stopped.wait(delay)
        self._connected.clear()

    def _on_connected(self) -> None:
        """Connected (again): whatever was committed meanwhile is in the log; wake every
        stream so that each reads it."""
        self._connected.set()
        self._wake_all()

    def _on_message(self, payload: str) -> None:
        origin, _, rest = payload.partition(":")
        table_id, _, seq = rest.rpartition(":")
        if origin != self.origin and table_id:
            self._wake(table_id, int(seq) if seq.isdecimal() and len(seq) < 19 else None)

    def _payload(self, table_id: str, seq: int) -> str:
        return f"{self.origin}:{table_id}:{seq}"

    def _listen(self) -> None:
        """Connect, subscribe, call :meth:`_on_connected`, then deliver messages until the
        broker is stopped; raise on any failure."""
        raise NotImplementedError

    def close(self) -> None:
        self._stopped.set()
        thread = self._thread
        if thread is not None:
            thread.join(5)


class RedisBroker(_ListeningBroker):
    """Redis pub/sub: a commit publishes on ``<prefix><table id>``; each process holds one
    pattern subscription to ``<prefix>*``.

    The publish is not the request's: a commit only notes the table's last sequence number,
    and a publisher thread of the process sends the notes (a table's several commits as
    one). So a Redis that freezes costs no answer anything — it cost every action its 2 s
    socket timeout (issue 28 item 6, found against the real server) — and a failed publish
    is logged once per outage and forgotten (the action is committed; the other processes'
    streams catch up from the log)."""

    name = "redis"

    def __init__(self, url: str, prefix: str) -> None:
        import redis

        super().__init__()
        self.prefix = prefix
        self._redis_module = redis
        options: dict[str, Any] = {"socket_connect_timeout": 1.0, "socket_timeout": 2.0,
                                   "health_check_interval": 5, "decode_responses": True}
        self._client = redis.Redis.from_url(url, **options)
        self._listener_client = redis.Redis.from_url(url, **options)
        self._pending: dict[str, int] = {}
        self._pending_lock = threading.Lock()
        self._wanted = threading.Event()
        self._publisher: threading.Thread | None = None
        self._publisher_stopped = threading.Event()
        self._publish_failing = False

    def committed(self, table_id: str, seq: int) -> None:
        super().committed(table_id, seq)
        with self._pending_lock:
            if seq > self._pending.get(table_id, -1):
                self._pending[table_id] = seq
            if self._publisher is None or not self._publisher.is_alive():
                self._publisher_stopped.clear()
                self._publisher = threading.Thread(target=self._publish_loop,
                                                   name="redis-publisher", daemon=True)
                self._publisher.start()
        self._wanted.set()

    def _publish_loop(self) -> None:
        while not self._publisher_stopped.is_set():
            self._wanted.wait(1.0)
            self._wanted.clear()
            with self._pending_lock:
                pending, self._pending = self._pending, {}
            for table_id, seq in pending.items():
                self._publish(table_id, seq)

    def _publish(self, table_id: str, seq: int) -> None:
        try:
            self._client.publish(self.prefix + table_id, self._payload(table_id, seq))
        except self._redis_module.RedisError as error:
            if not self._publish_failing:
                log.warning("could not publish to Redis (%s): the other processes' streams "
                            "catch up from the log until it is back", error)
            self._publish_failing = True
        else:
            if self._publish_failing:
                log.warning("publishing to Redis again")
            self._publish_failing = False

    def close(self) -> None:
        self._publisher_stopped.set()
        self._wanted.set()
        publisher = self._publisher
        if publisher is not None:
            publisher.join(5)
        super().close()

    def _listen(self) -> None:
        pubsub = self._listener_client.pubsub()  # type: ignore[no-untyped-call]
        try:
            pubsub.psubscribe(self.prefix + "*")
            while not self._stopped.is_set():
                message = pubsub.get_message(timeout=1.0)
                if message is None:
                    continue
                if message.get("type") == "psubscribe":  # confirmed: nothing missed after
                    self._on_connected()
                elif message.get("type") == "pmessage":
                    self._on_message(str(message["data"]))
        finally:
            self._connected.clear()
            pubsub.close()


_CHANNEL_CHARS: Final = re.compile(r"[^a-z0-9_]")


class PostgresBroker(_ListeningBroker):
    """PostgreSQL LISTEN/NOTIFY on one channel per deployment (``<prefix>_tables``): the
    write transaction sends ``pg_notify`` and PostgreSQL delivers it at the commit."""

    name = "postgresql"

    def __init__(self, engine: Engine, prefix: str) -> None:
        super().__init__()
        url = engine.url.set(drivername="postgresql")
        self._conninfo = url.render_as_string(hide_password=False)
        self.channel = (_CHANNEL_CHARS.sub("_", prefix.lower()) + "_tables")[:63]

    def in_transaction(self, conn: Connection, table_id: str, seq: int) -> None:
        conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                     {"channel": self.channel, "payload": self._payload(table_id, seq)})

    def _listen(self) -> None:
        import psycopg

        with psycopg.connect(self._conninfo, autocommit=True, connect_timeout=2,
                             application_name=f"{self.channel}-listener") as conn:
            conn.execute(f'LISTEN "{self.channel}"')
            self._on_connected()
            while not self._stopped.is_set():
                for notify in conn.notifies(timeout=1.0):
                    self._on_message(notify.payload)
                conn.execute("SELECT 1")  # a dead connection raises here, not silently
        self._connected.clear()


def make_broker(engine: Engine, redis_url: str | None, prefix: str) -> Broker:
    """Redis when ``redis_url`` is set, else LISTEN/NOTIFY on PostgreSQL, else in-process."""
    if redis_url:
        return RedisBroker(redis_url, f"{prefix}:tables:")
    if engine.dialect.name == "postgresql":
        return PostgresBroker(engine, prefix)
    return Broker()

