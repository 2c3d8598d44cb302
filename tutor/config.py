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
    # Browsers and apps on other origins may call the API.
    "CORS_ORIGINS": "*",
    "CORS_EXPOSE_HEADERS": ["Content-Language", "Allow"],
    # Live tables' streams: the names of the broker's channels (Redis ``<prefix>:tables:<id>``,
    # PostgreSQL ``<prefix>_tables``), so that deployments sharing a broker stay apart.
    "PUBSUB_PREFIX": "tarot",
    # Mixed into the key of stream tickets (TAROT_SECRET_KEY): without it, whoever reads the
    # database could mint tickets from the tokens' stored hashes.
    "SECRET_KEY": None,
    # How long a stream ticket opens a stream (seconds).
    "STREAM_TICKET_SECONDS": 60,
}


def settings(config: dict[str, Any] | None = None) -> dict[str, Any]:
    """The defaults, then ``TAROT_*`` environment variables, then ``config``."""
    merged = dict(DEFAULTS)
    for name, value in os.environ.items():
        key = name[6:]
        if name.startswith("TAROT_") and key in DEFAULTS:
            merged[key] = int(value) if isinstance(DEFAULTS[key], int) else value
    merged.update(config or {})
    return merged
