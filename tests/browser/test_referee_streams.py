"""How an online table's seat page follows its table, in Chromium, against a server whose
streams end every 4 s and whose tickets last 9 s (``STREAM_SECONDS``, ``STREAM_TICKET_SECONDS``;
55 and 60 s by default) so that reconnections and ticket renewals happen within the test: a page
whose stream tickets are refused (503, the broker out) polls and follows the table all the
same; once tickets are given again it opens its stream; when the stream ends the page opens it
again from where it was (``since`` its last seq), with a fresh ticket in the URL and no
``Authorization`` header, so no reconnection is ever refused (no 401), and follows on. Each seat's
stream, opened with its own ticket as the page opens it, carries that seat's cards only
(against the raw log)."""

from __future__ import annotations

import random
import time
import urllib.parse
from collections.abc import Iterator
from typing import Any

import pytest
from live_server import SseStream
from tables_driver import API, UrllibHttp, choose
from test_streams_server import _check_isolation

from .conftest import DESKTOP, Page, serving


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """(base URL, database URL) of an app whose streams last 4 s and tickets 9 s."""
    database = tmp_path_factory.mktemp("streams") / "tutor.sqlite"
    with serving(database, {"STREAM_SECONDS": 4, "STREAM_TICKET_SECONDS": 9}) as base:
        yield base, f"sqlite:///{database}"


def _seq_shown(p: Page) -> int:
    return int(p.page.locator("#online").get_attribute("data-seq") or 0)


def _wait_seq(p: Page, seq: int) -> None:
    p.page.wait_for_function(
        "seq => { const r = document.getElementById('online');"
        " return r && r.dataset.seq === String(seq); }", arg=seq)


def _wait_stream(p: Page, state: str) -> None:
    p.page.wait_for_function(
        "state => document.getElementById('online').dataset.stream === state", arg=state)


def test_seat_page_polls_while_tickets_fail_then_streams_and_resumes_where_it_was(
        browser: Any, live: tuple[str, str]) -> None:
    base, database = live
    http = UrllibHttp(base)
    status, table = http.post(API, {"players": 4, "deals": 3, "bots": [1, 2, 3]})
    assert status == 201, table
    table_id, token = table["id"], table["seat_tokens"][0]["token"]
    rng = random.Random(8)

    def play() -> int:
        _, mine = http.get(f"{API}/{table_id}", token)
        status, body = http.post(f"{API}/{table_id}/actions", choose(mine, rng), token)
        assert status == 201, body
        return int(body["seq"])

    def is_ticket(url: str) -> bool:
        return urllib.parse.urlsplit(url).path.endswith("/stream-tickets")

    def refuse(route: Any) -> None:
        route.fulfill(status=503, content_type="application/problem+json",
                      body='{"status": 503, "title": "Service Unavailable"}')

    streams: list[dict[str, str]] = []
    tickets: list[str] = []
    statuses: list[int] = []
    context = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    try:
        p = Page(context.new_page(), base)
        p.page.set_default_timeout(15_000)
        p.allow("503")  # the refused tickets, on purpose
        p.page.on("request", lambda r: streams.append({**r.all_headers(), "url": r.url})
                  if urllib.parse.urlsplit(r.url).path.endswith("/stream") else None)
        p.page.on("request", lambda r: tickets.append(r.url) if is_ticket(r.url) else None)
        # what the streams answered once tickets were given again (a 401: a refused ticket)
        p.page.on("response", lambda r: statuses.append(r.status)
                  if urllib.parse.urlsplit(r.url).path.endswith("/stream") else None)
        p.page.route(is_ticket, refuse)
        p.page.goto(f"{base}/referee/table/{table_id}#k={token}")
        _wait_seq(p, http.get(f"{API}/{table_id}", token)[1]["seq"])
        _wait_stream(p, "polling")
        _wait_seq(p, play())  # followed by polling, no stream
        _wait_seq(p, play())
        assert not streams and p.page.locator("#online").get_attribute(
            "data-stream") == "polling"

        p.page.unroute(is_ticket)  # tickets again: the page opens its stream
        _wait_stream(p, "open")
        # the page says "open" before Playwright has told this process of the stream's
        # request: wait for that request, or the reopened stream below would be this one
        deadline = time.monotonic() + 10
        while not streams and time.monotonic() < deadline:
            p.page.wait_for_timeout(50)
        assert streams, "the open stream's request"
        opened = len(streams)
        pushed = play()  # sent on the stream
        _wait_seq(p, pushed)
        # the stream ends (4 s): the page opens it again, with a fresh ticket (never the
        # old one, which a retry past its time would present: 401), from where it was —
        # ``since`` the last seq shown, or the browser's Last-Event-ID
        tickets_before = len(tickets)
        deadline = time.monotonic() + 20
        while len(streams) == opened and time.monotonic() < deadline:
            p.page.wait_for_timeout(100)
        again = streams[opened]
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(again["url"]).query)
        assert str(pushed) in (query.get("since", [""])[0], again.get("last-event-id")), again
        assert "authorization" not in again  # the ticket is in the URL, no header
        _wait_stream(p, "open")
        _wait_seq(p, play())  # followed on through the reopened stream
        assert _seq_shown(p) == http.get(f"{API}/{table_id}", token)[1]["seq"]
        # past the first tickets' 9 s: fresh tickets, never a refused reconnection
        deadline = time.monotonic() + 25
        while len(tickets) < tickets_before + 1 and time.monotonic() < deadline:
            p.page.wait_for_timeout(100)
        assert len(tickets) > tickets_before, "a fresh ticket before the old one ran out"
        _wait_stream(p, "open")
        _wait_seq(p, play())
        assert not [s for s in statuses if s >= 400], statuses
        assert not p.unexpected_errors(), p.errors
    finally:
        context.close()

    # each seat's stream opened as the page opens it (its ticket, no header): its cards only
    final = http.get(f"{API}/{table_id}", table["referee_token"])[1]["seq"]
    port = urllib.parse.urlsplit(base).port
    for seat, seat_token in [(None, table["referee_token"]),
                             *((s["seat"], s["token"]) for s in table["seat_tokens"])]:
        status, ticket = http.post(f"{API}/{table_id}/stream-tickets", {}, seat_token)
        assert status == 201 and ticket["seat"] == seat
        stream = SseStream(port, ticket["stream"] + f"&limit={final}")
        assert stream.status == 200
        messages = stream.read_until(final)
        stream.close()
        assert [m["id"] for m in messages] == list(range(1, final + 1))
        _check_isolation(database, {"id": table_id}, seat, messages)
