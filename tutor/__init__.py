"""The tarot tutor web application: the JSON API (``/api/v1``) over the rules core.

``create_app()`` builds it (``flask --app tutor run`` finds the factory), so tests and servers
each get a fresh app::

    gunicorn -w 2 'tutor:create_app()'
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from tutor.api import register_api
from tutor.caching import init_caching
from tutor.config import settings
from tutor.errors import register_error_handlers
from tutor.health import init_health
from tutor.i18n import init_babel
from tutor.limits import init_limits
from tutor.security import init_security
from tutor.web import register as register_web

__all__ = ["create_app"]


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """A new application; ``config`` overrides the defaults of :mod:`tutor.config`."""
    app = Flask(__name__)
    app.config.from_mapping(settings(config))
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    app.json.sort_keys = False  # type: ignore[attr-defined]
    init_caching(app)  # first: its after-request hooks must run last
    init_babel(app)
    init_security(app)
    register_api(app)
    register_web(app)
    init_health(app)
    init_limits(app)
    register_error_handlers(app)
    return app
