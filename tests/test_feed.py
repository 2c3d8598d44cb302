"""The streams' reads of the log (:mod:`tutor.tables.feed`): the streams of a table woken
together cost one read of the log per process, not one each; a tail serves a stream only a
gapless run of logged events reaching what its wake-up announced, anything else is read from
the log; a tail lives while a stream follows its table. And the seats of a process's open
streams are kept connected by one write for all of them (:meth:`Presence.refresh`)."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from tutor.tables.feed import TAIL_EVENTS, Feed, _Tail
from tutor.tables.game import Event, TableMeta
from tutor.tables.presence import Presence
from tutor.tables.pubsub import EVERYTHING, Broker
from tutor.tables.store import Store, make_engine, upgrade


class _Log:
    """A store's ``events`` over a list, counting its reads (each takes a little while, as a
    database's does)."""

    def __init__(self, count: int) -> None:
        self.log = [Event(seq, "action", {"n": seq}) for seq in range(1, count + 1)]
        self.reads = 0

    def events(self, table_id: str, since: int, limit: int = 500) -> list[Event]:
        self.reads += 1
        time.sleep(0.05)
        return [e for e in self.log if e.seq > since][:limit]


def _feed(log: _Log) -> Feed:
    return Feed(log)  # type: ignore[arg-type]


def test_the_streams_of_a_table_woken_together_read_the_log_once() -> None:
    log = _Log(10)
    feed = _feed(log)
    got: list[list[int]] = []
    with feed.follow("t"):
        threads = [threading.Thread(target=lambda: got.append(
            [e.seq for e in feed.events("t", 7, 10, 500)])) for _ in range(20)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert got == [[8, 9, 10]] * 20
        assert log.reads == 1
        # a stream that had sent event 8 already gets the rest, still without a read
        assert [e.seq for e in feed.events("t", 8, 10, 500)] == [9, 10]
        assert log.reads == 1
    assert feed.tables() == 0, "no stream follows the table: its tail is gone"


def test_a_tail_serves_only_a_gapless_run_reaching_the_announced_event() -> None:
    log = _Log(12)
    feed = _feed(log)
    with feed.follow("t"):
        assert [e.seq for e in feed.events("t", 5, 8, 500)] == list(range(6, 13))
        reads = log.reads
        assert [e.seq for e in feed.events("t", 5, 12, 2)] == [6, 7]  # a page
        assert log.reads == reads
        log.log.append(Event(13, "action", {"n": 13}))
        # announced 13: the tail ends at 12, so the log is read
        assert [e.seq for e in feed.events("t", 12, 13, 500)] == [13]
        assert log.reads == reads + 1
        # behind the tail's first event: read from the log, never a gap
        assert [e.seq for e in feed.events("t", 2, 13, 500)] == list(range(3, 14))
        assert log.reads == reads + 2
        # a wake-up that cannot say how far the log grew always reads it
        assert [e.seq for e in feed.events("t", 12, EVERYTHING, 500)] == [13]
        assert log.reads == reads + 3


def test_a_tail_keeps_one_run_of_consecutive_events() -> None:
    tail = _Tail()

    def run(first: int, last: int) -> list[Event]:
        return [Event(seq, "action", {}) for seq in range(first, last + 1)]

    tail.keep(run(5, 9))
    tail.keep(run(8, 12))  # overlaps
    assert [e.seq for e in tail.events] == list(range(5, 13))
    tail.keep(run(13, 14))  # follows
    assert [e.seq for e in tail.events] == list(range(5, 15))
    tail.keep(run(20, 21))  # a gap: start again from the latest read
    assert [e.seq for e in tail.events] == [20, 21]
    tail.keep(run(22, 22 + 2 * TAIL_EVENTS))
    assert len(tail.events) == 2 * TAIL_EVENTS + 1, "the latest read is kept whole"
    assert tail.serve(21, 30, 500) is not None
    assert tail.serve(19, 30, 500) is None
    assert tail.serve(22, 23 + 2 * TAIL_EVENTS, 500) is None


def test_a_wake_up_announces_the_highest_event_and_a_poll_everything() -> None:
    broker = Broker()
    with broker.subscribe("t") as subscription:
        broker.committed("t", 7)
        broker.committed("t", 9)
        broker.committed("u", 30)
        assert subscription.wait(1)
        assert subscription.announced() == 9
        assert subscription.announced() == 0
        # the in-process broker: a wait that times out still reads the log (SQLite shared by
        # processes after all)
        assert subscription.wait(0.01)
        assert subscription.announced() == EVERYTHING


class _Listening(Broker):
    between_processes = True  # a broker between processes: a timed-out wait is no wake-up


class _LateFlag(threading.Event):
    """A flag whose wait times out, and a wake-up arrives before the waiter clears it: what
    gevent does when the listener's greenlet runs between the timeout and the clear."""

    def __init__(self, late: Any) -> None:
        super().__init__()
        self.late = late

    def wait(self, timeout: float | None = None) -> bool:
        woken = super().wait(timeout)
        if not woken and self.late is not None:
            late, self.late = self.late, None
            late()
        return woken


def test_a_wake_up_just_after_a_timed_out_wait_is_not_lost() -> None:
    broker = _Listening()
    with broker.subscribe("t") as subscription:
        subscription._flag = _LateFlag(lambda: broker.committed("t", 8))
        assert subscription.wait(0.01)  # the event's wake-up, though its flag was cleared
        assert subscription.announced() == 8
        assert not subscription.wait(0.01)  # no other: a keep-alive
        assert subscription.announced() == 0


def _store(tmp_path: Path) -> Store:
    engine = make_engine(f"sqlite:///{tmp_path}/t.db")
    upgrade(engine)
    return Store(engine)


def test_the_seats_of_open_streams_are_kept_connected_by_one_write(tmp_path: Path,
                                                                    monkeypatch: Any) -> None:
    store = _store(tmp_path)
    meta = TableMeta(people=4, names=("a", "b", "c", "d"), deals=3, bots=(False,) * 4)
    tables = [store.create(meta, {})[0] for _ in range(3)]
    presence = Presence(store.engine, write_every=0.2)
    writes: list[int] = []
    write = Presence._write

    def counted(conn: Any, keys: list[tuple[str, int]], stamp: Any) -> None:
        writes.append(len(keys))
        write(conn, keys, stamp)

    monkeypatch.setattr(Presence, "_write", staticmethod(counted))
    with presence.hold(tables[0], 0), presence.hold(tables[0], 2), \
            presence.hold(tables[1], 3), presence.hold(tables[2], 1):
        time.sleep(0.25)
        for _ in range(50):  # every stream's loop asks; one write is due
            presence.refresh()
        deadline = time.monotonic() + 5
        while not writes and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.05)
        assert writes == [4]
        assert presence.connected(tables[0]) == {0, 2}
        assert presence.connected(tables[1]) == {3}
        assert presence.connected(tables[2]) == {1}
    time.sleep(0.25)
    presence.refresh()
    time.sleep(0.1)
    assert writes == [4], "no stream holds a seat any more: nothing to write"


def test_seats_seen_at_once_are_written_together_before_each_answer(tmp_path: Path,
                                                                     monkeypatch: Any) -> None:
    """Forty seats seen at once (streams opened together): each is written before its call
    returns, in a few writes rather than forty."""
    store = _store(tmp_path)
    meta = TableMeta(people=4, names=("a", "b", "c", "d"), deals=3, bots=(False,) * 4)
    tables = [store.create(meta, {})[0] for _ in range(10)]
    presence = Presence(store.engine)
    writes: list[int] = []
    write = Presence._write

    def slow(conn: Any, keys: list[tuple[str, int]], stamp: Any) -> None:
        writes.append(len(keys))
        time.sleep(0.05)
        write(conn, keys, stamp)

    monkeypatch.setattr(Presence, "_write", staticmethod(slow))
    unseen: list[tuple[str, int]] = []

    def open_stream(table_id: str, seat: int) -> None:
        presence.seen(table_id, seat)
        if seat not in presence.connected(table_id):
            unseen.append((table_id, seat))

    threads = [threading.Thread(target=open_stream, args=(t, s)) for t in tables
               for s in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert unseen == []
    assert sum(writes) == 40
    assert len(writes) < 10
