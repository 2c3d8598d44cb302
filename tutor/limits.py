"""Quotas on what costs the server something that lasts: creating tables and acting at them.

flask-limiter counts, in Redis when ``REDIS_URL`` is set (one count for every worker and host),
else in each process's memory (one count per worker: with ``-w 4`` a client gets up to four
times the limit, so set ``REDIS_URL`` in production). A Redis that goes away does not stop the
tables: the counts fall back to memory until it is back.

The limits (``limits`` notation, ``;`` between several), each configurable (``TAROT_<NAME>``):

* ``RATE_LIMIT_CREATE`` — table creation per client address (``20 per minute;200 per day``);
* ``RATE_LIMIT_ACTIONS`` — actions per client address, all tables together (``300 per minute``:
  a club room behind one address holds several tables);
* ``RATE_LIMIT_TABLE_ACTIONS`` — actions at one table, whoever sends them (``120 per minute``:
  two a second, more than a referee recording cards by hand ever needs).

Past a limit the answer is 429 problem+json in the reader's language, with ``Retry-After`` (in
seconds) and the ``X-RateLimit-Limit``/``-Remaining``/``-Reset`` headers; the refused request
did nothing. Reading a table, the event stream and every rule endpoint are not limited.

The client address is the TCP peer, or behind ``TRUSTED_PROXIES`` reverse proxies the address
they put in ``X-Forwarded-For`` (werkzeug's ``ProxyFix``): set it to the number of proxies in
front, never more, or clients could choose their own address.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import partial
from typing import Any, Final, cast

from flask import Flask, Response, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from werkzeug.middleware.proxy_fix import ProxyFix

__all__ = ["LIMITED_ENDPOINTS", "LIMITER", "init_limits", "storage_uri"]

LIMITER: Final = "tutor.limiter"
"""``app.extensions`` key of the app's :class:`~flask_limiter.Limiter`."""

LIMITED_ENDPOINTS: Final = {
    "tables.create_table": (("RATE_LIMIT_CREATE", "address"),),
    "tables.act": (("RATE_LIMIT_ACTIONS", "address"), ("RATE_LIMIT_TABLE_ACTIONS", "table")),
}
"""Which endpoint is limited by which setting, counted per what."""


def _table_key() -> str:
    return "table:" + str((request.view_args or {}).get("table_id", ""))


_KEYS: Final = {"address": get_remote_address, "table": _table_key}


def storage_uri(config: dict[str, Any]) -> str:
    """Redis when ``REDIS_URL`` is set (config or environment), else memory."""
    url = config.get("REDIS_URL") or os.environ.get("REDIS_URL")
    return str(url) if url else "memory://"


def init_limits(app: Flask) -> Limiter:
    """The app's limiter, and the limits of :data:`LIMITED_ENDPOINTS` on their views (call
    after the views are registered). Each app has its own limiter and its own counts."""
    trusted = int(app.config.get("TRUSTED_PROXIES") or 0)
    if trusted > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=trusted)  # type: ignore[method-assign]
    config = app.config
    config.setdefault("RATELIMIT_STORAGE_URI", storage_uri(config))
    config.setdefault("RATELIMIT_HEADERS_ENABLED", True)
    config.setdefault("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", True)
    config.setdefault("RATELIMIT_SWALLOW_ERRORS", True)
    config.setdefault("RATELIMIT_STORAGE_OPTIONS", {"socket_connect_timeout": 1,
                                                    "socket_timeout": 1}
                      if config["RATELIMIT_STORAGE_URI"].startswith("redis") else {})
    limiter = Limiter(get_remote_address, app=app)
    for endpoint, rules in LIMITED_ENDPOINTS.items():
        view: Any = app.view_functions.get(endpoint)
        if view is None:
            continue
        for setting, per in rules:
            view = limiter.limit(config[setting], key_func=_KEYS[per],
                                 scope=f"{endpoint}:{per}")(view)
        app.view_functions[endpoint] = view
    _only_where_limited(app, limiter)
    app.extensions[LIMITER] = limiter
    return limiter


def _only_where_limited(app: Flask, limiter: Limiter) -> None:
    """Run the limiter's request hooks on the limited endpoints only.

    flask-limiter hooks every request (before: which limits apply; after: the
    ``X-RateLimit-*`` headers), which costs about a fifth of a rule endpoint's request when
    no limit, default or application-wide, is ever set: only :data:`LIMITED_ENDPOINTS` have
    one. Their requests run the very same hooks. Raises if flask-limiter no longer installs
    them as expected (a test then fails at start-up rather than counting nothing)."""
    if not limiter.enabled:  # RATELIMIT_ENABLED off: flask-limiter hooked nothing
        return
    limited = frozenset(LIMITED_ENDPOINTS)
    before = app.before_request_funcs.setdefault(None, [])
    check = limiter._check_request_limit
    before.remove(check)

    def check_where_limited() -> None:
        if request.endpoint in limited:
            check()

    after = app.after_request_funcs.setdefault(None, [])
    found = [f for f in after if isinstance(f, partial) and f.args == (limiter,)
             and f.func.__name__.endswith("__inject_headers")]
    if len(found) != 1:
        raise RuntimeError("flask-limiter's after_request hook not found")
    after.remove(found[0])
    inject = cast(Callable[[Response], Response], found[0])

    def inject_where_limited(response: Response) -> Response:
        return inject(response) if request.endpoint in limited else response

    teardown = app.teardown_request_funcs.setdefault(None, [])
    releases = [f for f in teardown if getattr(f, "__self__", None) is limiter
                and getattr(f, "__name__", "").endswith("__release_context")]
    if len(releases) != 1:
        raise RuntimeError("flask-limiter's teardown_request hook not found")
    teardown.remove(releases[0])
    # hooks of the limited endpoints' blueprints (Flask keys a blueprint's hooks by its
    # name), so no other request even calls them (the teardown made the limiter's request
    # state only to reset it)
    for blueprint in {endpoint.partition(".")[0] for endpoint in limited}:
        app.before_request_funcs.setdefault(blueprint, []).append(check_where_limited)
        app.after_request_funcs.setdefault(blueprint, []).append(inject_where_limited)
        app.teardown_request_funcs.setdefault(blueprint, []).append(releases[0])
