"""Default settings of the application; ``create_app(config)`` overrides any of them, and
environment variables prefixed ``TAROT_`` do too (``TAROT_CORS_ORIGINS=https://a.example``).
"""

from __future__ import annotations

import os
from typing import Any, Final

__all__ = ["DEFAULTS", "settings"]

API_PREFIX: Final = "/api/v1"

DEFAULTS: Final[dict[str, Any]] = {
    # Bodies over 64 KiB are refused with 413 before they are read.
    "MAX_CONTENT_LENGTH": 64 * 1024,
    # flask-smorest / OpenAPI
    "API_TITLE": "Tarot tutor API",
    "API_VERSION": "1",
    "OPENAPI_VERSION": "3.0.3",
    "OPENAPI_URL_PREFIX": API_PREFIX,
    "OPENAPI_JSON_PATH": "openapi.json",
    # The docs page is served by tutor.api.meta with local assets (no CDN): flask-smorest's
    # own Swagger UI / ReDoc pages load their scripts from a CDN, so they stay off.
    "OPENAPI_SWAGGER_UI_PATH": None,
    "OPENAPI_REDOC_PATH": None,
    "OPENAPI_RAPIDOC_PATH": None,
    # Browsers and apps on other origins may call the rule endpoints (tutor.security)...
    "CORS_ORIGINS": "*",
    # Live tables' streams: the names of the broker's channels (Redis ``<prefix>:tables:<id>``,
    # PostgreSQL ``<prefix>_tables``), so that deployments sharing a broker stay apart.
    "PUBSUB_PREFIX": "tarot",
    # Mixed into the key of stream tickets (TAROT_SECRET_KEY): without it, whoever reads the
    # database could mint tickets from the tokens' stored hashes.
    "SECRET_KEY": None,
    # How long a stream ticket opens a stream (seconds).
    "STREAM_TICKET_SECONDS": 60,
    # How long a stream lasts when its client names no ``timeout`` (seconds): then it ends,
    # and an EventSource reconnects by itself with Last-Event-ID. Under proxies' idle
    # timeouts (often 60 s); the browser tests shorten it to reconnect often.
    "STREAM_SECONDS": 55,
    # What a browser's script may read of an answer: ETag too, to send If-None-Match itself.
    "CORS_EXPOSE_HEADERS": ["Content-Language", "ETag", "Allow", "Retry-After",
                            "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset",
                            "Idempotent-Replayed"],
    # ...but only these origins (commas or spaces between them) the tables' endpoints.
    "TABLE_CORS_ORIGINS": "",
    # Quotas (tutor.limits): `limits` notation, ";" between several limits.
    "RATELIMIT_ENABLED": True,
    "RATE_LIMIT_CREATE": "20 per minute;200 per day",
    "RATE_LIMIT_ACTIONS": "300 per minute",
    "RATE_LIMIT_TABLE_ACTIONS": "120 per minute",
    # Reverse proxies in front that set X-Forwarded-For (0: clients connect directly).
    "TRUSTED_PROXIES": 0,
    # Rate-limit counts in Redis when set (else each process counts in memory).
    "REDIS_URL": "",
    # The quotas' Redis: its socket timeout, and how long it is left alone after a failure
    # (seconds; tutor.limits).
    "RATE_LIMIT_REDIS_TIMEOUT": 0.05,
    "RATE_LIMIT_REDIS_RETRY": 5.0,
    # Tables end (tutor.tables.lifecycle): idle this long, a table is closed (read-only);
    # closed this long, the retention command archives or deletes it.
    "TABLE_IDLE_HOURS": 24,
    "TABLE_RETENTION_DAYS": 30,
    # The Retry-After of a 503 when the database cannot be reached (tutor.health).
    "RETRY_AFTER_SECONDS": 5,
    # Browsers may cache a preflight's answer for a day (Access-Control-Max-Age).
    "CORS_MAX_AGE": 86400,
}

_FALSE: Final = frozenset({"0", "false", "no", "off", ""})


def _from_env(default: Any, value: str) -> Any:
    """An environment variable's text as the type of the setting's default."""
    if isinstance(default, bool):
        return value.strip().lower() not in _FALSE
    if isinstance(default, int):
        return int(value)
    if isinstance(default, float):
        return float(value)
    return value


def settings(config: dict[str, Any] | None = None) -> dict[str, Any]:
    """The defaults, then ``TAROT_*`` environment variables, then ``config``."""
    merged = dict(DEFAULTS)
    for name, value in os.environ.items():
        key = name[6:]
        if name.startswith("TAROT_") and key in DEFAULTS:
            merged[key] = _from_env(DEFAULTS[key], value)
    merged.update(config or {})
    return merged
