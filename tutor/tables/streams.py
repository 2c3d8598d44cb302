"""The tables' live streams: Server-Sent Events pushed as each event is logged, and the stream
tickets a browser's ``EventSource`` opens them with.

``GET /api/v1/tables/<id>/stream`` sends every event of the log after ``since`` (or the
``Last-Event-ID`` a reconnecting ``EventSource`` sends), as ``/events`` renders it for the
token's holder, then waits for the next. Nothing polls: the stream subscribes to its table on
the process's broker (:mod:`tutor.tables.pubsub`) before it first reads the log, sleeps until a
commit wakes it, and reads the events after the last one it sent — from the log, which stays
the source of truth (gapless ``id:`` sequence numbers; a reconnect resumes with nothing lost or
doubled). Served by gunicorn's gevent workers (``make serve``), a waiting stream is a parked
greenlet, not a worker: a process holds thousands of them and keeps answering the API.

A browser cannot send ``Authorization`` from an ``EventSource``: it first asks
``POST …/stream-tickets`` with its token and opens ``…/stream?ticket=…`` (see
:mod:`tutor.tables.tickets`). A ticket opens only the stream of its table and seat; anywhere
else it is refused (403 ``ticket-stream-only``).

While the broker is out of reach a new stream is refused with 503 ``stream-unavailable``
(``Retry-After``) — its client would otherwise wait for wake-ups that cannot come — and the
streams already open read the log every second until the broker is back.
"""

from __future__ import annotations

import contextlib
import json as jsonlib
import os
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any, Final

from flask import Flask, Response, current_app, g, request, stream_with_context
from marshmallow import Schema, fields
from werkzeug.exceptions import NotFound

from tutor.errors import PROBLEM_JSON, Problem, ProblemSchema
from tutor.health import OUTAGES
from tutor.tables import lifecycle, tickets
from tutor.tables.feed import Feed
from tutor.tables.presence import WINDOW_SECONDS
from tutor.tables.pubsub import EVERYTHING, Broker, make_broker
from tutor.tables.resources import (
    _SINCE,
    TABLE_PATH,
    TOKEN_SCHEME,
    _auth,
    _int_arg,
    _is_decimal,
    _json,
    _seen,
    _standing,
    blp,
    get_presence,
    get_store,
)
from tutor.tables.schemas import MAX_SEQ
from tutor.tables.store import Store, TableAuth
from tutor.tables.views import needs_state, render_events

__all__ = ["KEEPALIVE_SECONDS", "init_streams"]

KEEPALIVE_SECONDS: Final = min(15.0, WINDOW_SECONDS / 2)
"""A comment line this often keeps proxies and browsers from closing an idle stream; the
stream's seat is marked seen as often, so an open stream keeps its seat connected."""
BROKER_WAIT_SECONDS: Final = 1.5
"""How long a new stream waits for its process to reach the broker before a 503."""
RETRY_AFTER_SECONDS: Final = 2
STREAM_ENDPOINTS: Final = frozenset({"tables.stream", "tables.stream_ticket"})


# --- the broker of the app ------------------------------------------------------------------


def init_streams(app: Flask) -> None:
    """Give the app's store its broker: Redis when ``REDIS_URL`` is set (config or
    environment), LISTEN/NOTIFY on PostgreSQL, in-process otherwise; and blank tickets in
    the access logs."""
    store = app.extensions["tarot_tables"]
    redis_url = app.config.get("REDIS_URL") or os.environ.get("REDIS_URL")
    store.broker = make_broker(store.engine, redis_url, app.config["PUBSUB_PREFIX"])
    app.extensions["tarot_feed"] = Feed(store)
    tickets.install_redaction()


@blp.record_once
def _on_register(state: Any) -> None:  # after resources' own: the store exists
    init_streams(state.app)


def get_broker() -> Broker:
    return get_store().broker


def get_feed() -> Feed:
    feed: Feed = current_app.extensions["tarot_feed"]
    return feed


def _refused(status: int, key: str, headers: dict[str, str] | None = None) -> Problem:
    return Problem(status, key, headers=headers)


@blp.before_request
def _ticket_only_for_streams() -> None:
    """A ticket opens the stream and nothing else: say so instead of a bare 401."""
    if ("ticket" in request.args and "Authorization" not in request.headers
            and request.endpoint not in STREAM_ENDPOINTS):
        raise Problem(403, "ticket-stream-only")


# --- tickets --------------------------------------------------------------------------------


class StreamTicketResponse(Schema):
    ticket = fields.String(required=True, metadata={
        "description": "Put it in the stream's URL as `ticket`; it opens that stream only."})
    seat = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The seat whose stream it opens (`null`: the referee's)."})
    expires_in = fields.Integer(required=True, metadata={
        "description": f"Seconds it may still be used to open the stream "
                       f"({tickets.TICKET_SECONDS} by default)."})
    expires_at = fields.String(required=True, metadata={
        "description": "When it stops opening the stream (ISO 8601, UTC)."})
    stream = fields.String(required=True, metadata={
        "description": "The stream's path with the ticket, ready for `new EventSource(…)`."})


@blp.route(TABLE_PATH + "/stream-tickets", methods=["POST"])
@blp.doc(security=[{TOKEN_SCHEME: []}])
@blp.response(201, StreamTicketResponse, description="A ticket for the token's own stream.")
@blp.alt_response(401, schema=ProblemSchema, content_type=PROBLEM_JSON,
                  description="No token, or not one of this table's.")
def stream_ticket(table_id: str) -> Response:
    """A short-lived ticket that opens this token's stream (its seat's, or the referee's)
    with no header: `new EventSource("/api/v1/tables/<id>/stream?ticket=…")`, for browsers,
    whose EventSource cannot send `Authorization`. Ask for a new one at each (re)opening."""
    auth = _auth(table_id)
    hashes = get_store().token_hashes(table_id)
    token_hash = None if hashes is None else hashes.of(auth.seat)
    if token_hash is None:  # withdrawn since it was checked
        raise Problem(401, "token-invalid")
    ticket, expires = tickets.issue(table_id, auth.seat, token_hash,
                                    current_app.config.get("SECRET_KEY"),
                                    int(current_app.config["STREAM_TICKET_SECONDS"]))
    response = _json({
        "ticket": ticket, "seat": auth.seat,
        "expires_in": max(0, expires - int(time.time())),
        "expires_at": datetime.fromtimestamp(expires, UTC).isoformat().replace("+00:00", "Z"),
        "stream": f"{request.script_root}/api/v1/tables/{table_id}/stream?ticket={ticket}"},
        201)
    response.headers["Cache-Control"] = "no-store"
    return response


def _stream_auth(table_id: str) -> TableAuth:
    """The bearer token when there is one, else the ticket of the query string."""
    ticket = request.args.get("ticket")
    if ticket is None or "Authorization" in request.headers:
        return _auth(table_id)
    hashes = get_store().token_hashes(table_id)
    if hashes is None:
        raise NotFound()
    try:
        seat = tickets.verify(ticket, table_id, hashes.referee, hashes.seats,
                              current_app.config.get("SECRET_KEY"))
    except tickets.TicketRefusal as refusal:
        headers = {"WWW-Authenticate": 'Bearer realm="tables", error="invalid_token"'} \
            if refusal.status == 401 else None
        raise _refused(refusal.status, refusal.key, headers) from None
    return TableAuth(table_id, seat)


# --- the stream -----------------------------------------------------------------------------


def _still_valid(store: Store, table_id: str, seat: int | None, held: str | None) -> bool:
    """Whether the token that opened a stream is still the seat's (checked at each
    keep-alive, so a withdrawn token's open stream ends within one); a database that cannot
    be read now ends nothing."""
    try:
        hashes = store.token_hashes(table_id)
    except OUTAGES:
        return True
    return hashes is not None and held is not None and hashes.of(seat) == held


def _message(item: dict[str, Any]) -> str:
    return (f"id: {item['seq']}\nevent: {item['type']}\n"
            f"data: {jsonlib.dumps(item, ensure_ascii=False)}\n\n")


@blp.route(TABLE_PATH + "/stream", methods=["GET"])
@blp.doc(security=[{TOKEN_SCHEME: []}, {}], parameters=[
    _SINCE,
    {"in": "query", "name": "ticket", "required": False,
     "description": "A stream ticket (`POST …/stream-tickets`), for clients that cannot send "
                    "`Authorization` (a browser's EventSource).",
     "schema": {"type": "string", "maxLength": tickets.MAX_TICKET_LENGTH}},
    {"in": "query", "name": "limit", "required": False,
     "description": "End the stream after this many events.",
     "schema": {"type": "integer", "minimum": 1, "maximum": 1_000_000}},
    {"in": "query", "name": "timeout", "required": False,
     "description": "End the stream after this many seconds (55).",
     "schema": {"type": "integer", "minimum": 1, "maximum": 300}},
    {"in": "header", "name": "Last-Event-ID", "required": False,
     "description": "Sent by a reconnecting EventSource: resume after this event.",
     "schema": {"type": "string", "maxLength": 10}}],
    responses={"200": {"description": "`text/event-stream`: one `id:`/`event:`/`data:` "
                                      "message per event (data: the event's JSON, as "
                                      "/events serves it).",
                       "content": {"text/event-stream": {"schema": {"type": "string"}}}}})
@blp.alt_response(401, schema=ProblemSchema, content_type=PROBLEM_JSON,
                  description="No token or ticket, not one of this table's, or an expired "
                              "or forged ticket.")
@blp.alt_response(403, schema=ProblemSchema, content_type=PROBLEM_JSON,
                  description="A ticket of another table.")
@blp.alt_response(503, schema=ProblemSchema, content_type=PROBLEM_JSON,
                  description="The broker that carries the events between processes is out "
                              "of reach: retry after `Retry-After` seconds.")
def stream(table_id: str) -> Response:
    """Server-Sent Events: each event as it is logged, pushed (``id:`` is its sequence number,
    so a reconnecting EventSource resumes with ``Last-Event-ID``). Authorization: Bearer, or
    `ticket` for a browser. The stream ends after ``timeout`` seconds (default 55,
    ``STREAM_SECONDS``) or
    ``limit`` events, and the browser reconnects by itself."""
    auth = _stream_auth(table_id)
    since = _int_arg("since", 0, 0, MAX_SEQ)
    last_id = request.headers.get("Last-Event-ID", "")
    if _is_decimal(last_id) and len(last_id) < 11:
        since = max(since, int(last_id))
    limit = _int_arg("limit", 1_000_000, 1, 1_000_000)
    timeout = _int_arg("timeout", int(current_app.config["STREAM_SECONDS"]), 1, 300)
    store = get_store()
    standing = g.get("table_standing") or _standing(table_id)  # a ticket skips _auth
    lifecycle.refuse_closed(standing, writing=False,
                            idle_hours=current_app.config["TABLE_IDLE_HOURS"])
    if standing is not None and standing.is_closed:  # nothing more will come: what is left
        left = len(store.events(table_id, since, limit=min(500, limit)))
        if left == 0:
            return Response(status=204)  # an EventSource does not reconnect after a 204
        limit = left
    broker = store.broker
    feed = get_feed()
    if not broker.available() and not broker.wait_available(BROKER_WAIT_SECONDS):
        raise _refused(503, "stream-unavailable",
                       {"Retry-After": str(RETRY_AFTER_SECONDS)})
    presence = get_presence()
    _seen(auth)

    opened = store.token_hashes(table_id)
    opened_with = None if opened is None else opened.of(auth.seat)

    def generate() -> Iterator[str]:
        nonlocal since
        sent = 0
        deadline = time.monotonic() + timeout
        # Subscribe before the first read: a commit landing between a read and the wait
        # sets the subscription's flag, so the wait returns at once.
        with contextlib.ExitStack() as held:
            subscription = held.enter_context(broker.subscribe(table_id))
            held.enter_context(feed.follow(table_id))
            if auth.seat is not None:  # an open stream keeps its seat connected
                held.enter_context(presence.hold(table_id, auth.seat))
            yield "retry: 1000\n\n"
            keepalive = time.monotonic() + KEEPALIVE_SECONDS
            upto = EVERYTHING  # read the log first, then only what a wake-up announces
            while sent < limit:
                page = min(500, limit - sent)
                events = feed.events(table_id, since, upto, page) if upto > since else []
                if events:
                    if needs_state(events):
                        with store.reading(table_id) as state:
                            rendered = render_events(state, events, auth.seat)
                    else:
                        rendered = render_events(None, events, auth.seat)
                    yield "".join(_message(item) for item in rendered)
                    sent += len(events)
                    since = events[-1].seq
                    if upto == EVERYTHING and len(events) < page:
                        upto = since  # all the log held: wait for the next wake-up
                    continue
                now = time.monotonic()
                if now >= deadline:
                    return
                if now >= keepalive:
                    if not _still_valid(store, table_id, auth.seat, opened_with):
                        return  # withdrawn: the client's reconnection gets its 401
                    yield ": keep-alive\n\n"
                    keepalive = now + KEEPALIVE_SECONDS
                presence.refresh()  # the seats of this process's streams, now and then
                upto = since
                if subscription.wait(min(deadline, keepalive) - now):
                    upto = subscription.announced()

    return Response(stream_with_context(generate()), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
