"""The tarot tutor web application: the JSON API (``/api/v1``) over the rules core.

``create_app()`` builds it (``flask --app tutor run`` finds the factory), so tests and servers
each get a fresh app::

    gunicorn -w 2 'tutor:create_app()'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask

from tutor.api import register_api
from tutor.caching import init_caching
from tutor.config import settings
from tutor.errors import register_error_handlers
from tutor.health import init_health
from tutor.i18n import init_babel
from tutor.limits import init_limits
from tutor.request import TutorRequest
from tutor.response_headers import fuse_after_request_hooks
from tutor.security import init_security
from tutor.web import register as register_web

__all__ = ["create_app"]


class TutorApp(Flask):
    """Flask, remembering which views and hooks are plain functions.

    Flask asks ``inspect.iscoroutinefunction`` of the view and of every hook at every request
    (``ensure_sync``), five times a check: a fortieth of it. The answer never changes for a
    function, so the functions found synchronous are kept (the app's views and hooks, a few
    hundred; past ``_KNOWN_SYNC`` none is added, should anything pass a new function each
    time) and a coroutine function still goes through Flask's own conversion."""

    _KNOWN_SYNC = 4096
    request_class = TutorRequest

    def __init__(self, import_name: str) -> None:
        super().__init__(import_name)
        self._known_sync: set[Callable[..., Any]] = set()

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        if func in self._known_sync:
            return func
        converted = super().ensure_sync(func)
        if converted is func and len(self._known_sync) < self._KNOWN_SYNC:
            self._known_sync.add(func)
        return converted


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """A new application; ``config`` overrides the defaults of :mod:`tutor.config`."""
    app = TutorApp(__name__)
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
    fuse_after_request_hooks(app)  # last: every app-wide hook is registered
    return app
