"""Quotas on what costs the server something that lasts: creating tables and acting at them.

Each quota is counted by the view itself, **after** the request was authenticated and before
it changes anything (``spend``): a request with no token, or with another table's token, spends
no table's quota, so nobody can exhaust a table's actions for its seats (issue 28). Counting in
the view rather than in a ``before_request`` hook is what makes that order explicit.

The limits (``limits`` notation, ``;`` between several), each configurable (``TAROT_<NAME>``):

* ``RATE_LIMIT_CREATE`` — what creates a table, per client address (``20 per minute;200 per
  day``): ``POST /tables`` and ``POST /tables/<id>/undo`` (which forks a new table);
* ``RATE_LIMIT_ACTIONS`` — actions per client address, all tables together (``300 per minute``:
  a club room behind one address holds several tables), and the referee's token rotations;
* ``RATE_LIMIT_TABLE_ACTIONS`` — actions at one table by its authenticated tokens (``120 per
  minute``: two a second, more than a referee recording cards by hand ever needs).

Where the counts live. Every count is kept in this process's memory; with ``REDIS_URL`` it is
also kept in Redis, shared by every worker and host, and a request is refused when either count
is over the limit. So a Redis that freezes or goes away costs little and resets nothing:

* the Redis client has a short socket timeout (``RATE_LIMIT_REDIS_TIMEOUT``, 0.05 s) and a
  circuit breaker: after a failure, Redis is left alone for ``RATE_LIMIT_REDIS_RETRY`` seconds
  (5) and the memory counts alone decide — one request in that window pays the timeout, the
  others nothing;
* the memory counts go on through the outage and after it, until their own window ends, so a
  client that spent its quota during the outage is still refused when Redis comes back (and a
  Redis restarted empty does not hand everybody a new quota).

Past a limit the answer is 429 problem+json in the reader's language, with ``Retry-After`` (in
seconds) and the ``X-RateLimit-Limit``/``-Remaining``/``-Reset`` headers; the refused request
did nothing. Reading a table, the event stream and every rule endpoint are not limited.

The client address is the TCP peer, or behind ``TRUSTED_PROXIES`` reverse proxies the address
they put in ``X-Forwarded-For`` (werkzeug's ``ProxyFix``, which also takes their
``X-Forwarded-Proto``: the scheme the client used, for HSTS): set it to the number of proxies
in front, never more, or clients could choose their own address.
"""

from __future__ import annotations

import logging
import math
import os
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from flask import Flask, Response, current_app, g, request
from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage, RedisStorage
from werkzeug.middleware.proxy_fix import ProxyFix

from tutor.errors import Problem

__all__ = ["QUOTAS", "Quotas", "init_limits", "quota_headers", "spend", "storage_uri"]

log = logging.getLogger(__name__)

QUOTAS: Final = "tutor.quotas"
"""``app.extensions`` key of the app's :class:`Quotas`."""

_HEADERS: Final = "quota_headers"
"""``flask.g`` member: the ``X-RateLimit-*`` headers of the quota this request spent."""


def storage_uri(config: Mapping[str, Any]) -> str | None:
    """The Redis URL when ``REDIS_URL`` is set (config or environment), else None."""
    url = config.get("REDIS_URL") or os.environ.get("REDIS_URL")
    return str(url) if url else None


@dataclass(frozen=True, slots=True)
class Spent:
    """What one limit says of one request: the count now (this one included), the limit, and
    when its window ends (a Unix time)."""

    count: int
    item: RateLimitItem
    reset_at: float

    @property
    def allowed(self) -> bool:
        return self.count <= self.item.amount


class Quotas:
    """Fixed-window counters in memory, mirrored in Redis behind a circuit breaker."""

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.enabled = bool(config.get("RATELIMIT_ENABLED", True))
        self._limits: dict[str, tuple[RateLimitItem, ...]] = {}
        self._config = config
        self._memory = MemoryStorage()
        self._prefix = str(config.get("RATELIMIT_KEY_PREFIX") or "tarot")
        self._retry_seconds = float(config.get("RATE_LIMIT_REDIS_RETRY", 5.0))
        self._down_until = 0.0
        self._lock = threading.Lock()
        url = storage_uri(config)
        self._redis: RedisStorage | None = None
        if url:
            timeout = float(config.get("RATE_LIMIT_REDIS_TIMEOUT", 0.05))
            self._redis = RedisStorage(url, socket_timeout=timeout,
                                       socket_connect_timeout=timeout,
                                       key_prefix=self._prefix)

    def limits_of(self, setting: str) -> tuple[RateLimitItem, ...]:
        found = self._limits.get(setting)
        if found is None:
            found = self._limits[setting] = tuple(parse_many(str(self._config[setting])))
        return found

    # --- the breaker -------------------------------------------------------------------

    def _redis_usable(self) -> RedisStorage | None:
        if self._redis is None or time.monotonic() < self._down_until:
            return None
        return self._redis

    def _trip(self, error: Exception) -> None:
        with self._lock:
            first = time.monotonic() >= self._down_until
            self._down_until = time.monotonic() + self._retry_seconds
        if first:
            log.warning("quota storage (Redis) unreachable, counting in memory for %.0f s: %s",
                        self._retry_seconds, str(error).splitlines()[0][:200] if str(error)
                        else type(error).__name__)

    def redis_up(self) -> bool:
        """Whether Redis answers now (for ``/ready``); True when there is no Redis."""
        if self._redis is None:
            return True
        try:
            return bool(self._redis.check())
        except Exception:  # noqa: BLE001 - any failure means down
            return False

    # --- counting ----------------------------------------------------------------------

    def hit(self, setting: str, key: str) -> Spent:
        """Count one request against every limit of ``setting`` for ``key``; the tightest
        result (the refused one, else the one with the least left)."""
        redis = self._redis_usable()
        tightest: Spent | None = None
        for item in self.limits_of(setting):
            name = item.key_for(setting, key)
            expiry = item.get_expiry()
            count = self._memory.incr(name, expiry)
            storage: MemoryStorage | RedisStorage = self._memory
            if redis is not None:
                try:
                    shared = redis.incr(name, expiry)
                except Exception as error:  # noqa: BLE001 - redis-py's errors and OSError
                    self._trip(error)
                    redis = None
                else:
                    if shared >= count:
                        count, storage = shared, redis
            try:
                reset_at = storage.get_expiry(name)
            except Exception as error:  # noqa: BLE001
                self._trip(error)
                reset_at = self._memory.get_expiry(name)
            spent = Spent(count, item, reset_at)
            if not spent.allowed:
                return spent
            if tightest is None or (item.amount - count) < (tightest.item.amount
                                                            - tightest.count):
                tightest = spent
        assert tightest is not None, f"{setting} has no limit"
        return tightest


def _address() -> str:
    return request.remote_addr or "unknown"


def spend(*quotas: tuple[str, str]) -> None:
    """Count this request against each ``(setting, "address" | "table:<id>")`` quota, in
    order; at the first one spent, raise the 429 :class:`~tutor.errors.Problem` (its
    ``Retry-After`` and ``X-RateLimit-*`` headers, the limit in the reader's language).
    Call it once the request is authenticated and before it changes anything."""
    found: Quotas | None = current_app.extensions.get(QUOTAS)
    if found is None or not found.enabled:
        return
    for setting, per in quotas:
        spent = found.hit(setting, _address() if per == "address" else per)
        g.setdefault(_HEADERS, {}).update(_headers_of(spent))
        if not spent.allowed:
            raise Problem(429, "rate-limited",
                          headers={**g.get(_HEADERS), "Retry-After": str(retry_after(spent))},
                          amount=spent.item.amount, seconds=spent.item.get_expiry())


def _headers_of(spent: Spent) -> dict[str, str]:
    return {"X-RateLimit-Limit": str(spent.item.amount),
            "X-RateLimit-Remaining": str(max(0, spent.item.amount - spent.count)),
            "X-RateLimit-Reset": str(math.ceil(spent.reset_at))}


def retry_after(spent: Spent) -> int:
    """Whole seconds until the window ends (at least 1)."""
    return max(1, math.ceil(spent.reset_at - time.time()))


def quota_headers(response: Response) -> Response:
    """Add the ``X-RateLimit-*`` headers of the quota this request spent (an after-request
    hook of the blueprints whose views spend quotas)."""
    headers = g.get(_HEADERS)
    if headers:
        response.headers.update(headers)
    return response


def init_limits(app: Flask) -> Quotas:
    """The app's quotas (each app has its own counts), and the trusted proxies' fix."""
    trusted = int(app.config.get("TRUSTED_PROXIES") or 0)
    if trusted > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=trusted, x_proto=trusted)  # type: ignore[method-assign]
    quotas = Quotas(app.config)
    app.extensions[QUOTAS] = quotas
    return quotas
