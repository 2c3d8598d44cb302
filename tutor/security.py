"""What a browser is told to protect the pages with, and which origins may call the API.

Every response (pages, static files, the docs, the API) carries:

* ``Content-Security-Policy``: scripts, styles, images, fonts and connections from this origin
  only, no inline script or style and no ``eval`` (``'unsafe-inline'`` is never granted, so an
  injected ``<script>`` or ``onclick=`` does nothing), no plugin, no ``<base>``, forms posting
  here only, and ``frame-ancestors 'none'``: no other site can frame a page (clickjacking).
  Images may also be ``data:`` URIs (Swagger UI's icons are); that names no outside origin.
* ``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY`` (for browsers older than
  ``frame-ancestors``), ``Referrer-Policy: no-referrer`` (a page's address, which may hold a
  table id, never leaves in a ``Referer``), ``Cross-Origin-Opener-Policy: same-origin``.

So the templates hold no inline script, style or event handler: behaviour lives in
``static/web/*.js`` and looks lives in ``static/web/*.css`` (``<script type="application/json">``
data blocks are not scripts and stay). A test reads every template and fails on any.

CORS: the rule endpoints (checks, scores, rules, advice, counting…) answer any origin, as
before: they hold nothing private. The tables' endpoints (``/api/v1/tables…``, and the duplicate
comparison, which reads tables) answer only the origins listed in ``TABLE_CORS_ORIGINS``
(none by default: only pages served by this app, which need no CORS, can use them), with the
methods and headers they use.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final, cast

from flask import Flask, Response, request
from flask_cors import CORS

from tutor.config import API_PREFIX

__all__ = ["CONTENT_SECURITY_POLICY", "SECURITY_HEADERS", "init_security", "table_origins"]

CONTENT_SECURITY_POLICY: Final = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))

SECURITY_HEADERS: Final = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}

TABLE_PATHS: Final = (rf"{API_PREFIX}/tables.*", rf"{API_PREFIX}/duplicate/compare")
"""The endpoints that read or change tables (with their tokens): CORS only for the
configured origins."""


def table_origins(value: Any) -> list[str]:
    """``TABLE_CORS_ORIGINS`` as a list: a list as is, or a string of origins separated by
    commas or spaces (the form an environment variable takes).

    >>> table_origins("https://club.example, https://b.example")
    ['https://club.example', 'https://b.example']
    >>> table_origins("")
    []
    """
    if isinstance(value, list | tuple):
        return [str(v) for v in value]
    return [part for part in str(value or "").replace(",", " ").split() if part]


HSTS: Final = "max-age=31536000; includeSubDomains"
"""Sent on every answer to a request made over TLS (directly, or as a trusted proxy's
``X-Forwarded-Proto: https`` says): browsers then never reach the service in clear text."""

_BY_LOWER_NAME: Final = {name.lower(): (name, value) for name, value in SECURITY_HEADERS.items()}


def _add_headers(response: Response) -> Response:
    """The security headers a view did not set itself: the names present are read in one
    pass (``Headers.setdefault`` searches the list again for each, a twelfth of a ping)."""
    headers = response.headers
    present = {name.lower() for name, _ in headers.items()}
    for lower, (name, value) in _BY_LOWER_NAME.items():
        if lower not in present:
            headers.add(name, value)
    if (request.environ.get("wsgi.url_scheme") == "https"
            and "strict-transport-security" not in present):
        headers.add("Strict-Transport-Security", HSTS)
    return response


def init_security(app: Flask) -> None:
    """The security headers on every response, and CORS per kind of endpoint."""
    app.after_request(_add_headers)
    common: dict[str, Any] = {
        "methods": ["GET", "POST", "OPTIONS"],
        "allow_headers": ["Content-Type", "Authorization", "Accept-Language", "Last-Event-ID"],
        "expose_headers": app.config["CORS_EXPOSE_HEADERS"],
        "max_age": app.config.get("CORS_MAX_AGE", 600),  # tutor.config: a day
    }
    tables = {"origins": table_origins(app.config["TABLE_CORS_ORIGINS"]), **common}
    resources: dict[str | re.Pattern[str], dict[str, Any]] = {
        path: tables for path in TABLE_PATHS}
    resources[rf"{API_PREFIX}/.*"] = {"origins": app.config["CORS_ORIGINS"], **common}
    CORS(app, resources=resources)
    after = app.after_request_funcs[None]
    if getattr(after[-1], "__name__", "") != "cors_after_request":
        raise RuntimeError("flask-cors's after_request hook not found")
    after[-1] = _remembered(cast(_Hook, after[-1]))


_PER_REQUEST: Final = ("HTTP_ORIGIN", "HTTP_ACCESS_CONTROL_REQUEST_PRIVATE_NETWORK")
"""The request headers flask-cors reads besides the method and the path."""


_Hook = Callable[[Response], Response]


def _remembered(cors_after_request: _Hook) -> _Hook:
    """flask-cors's hook, its answer remembered per URL rule for requests that name no origin.

    flask-cors matches the path against each resource's pattern and builds its headers in a
    MultiDict on every response — a quarter of a ping. Without an ``Origin`` (a program, a
    chatbot, an app: no browser asks cross-origin without one) and outside a preflight, what
    it adds depends only on the resource the path falls in, so on the URL rule: the headers
    it adds to a bare response are kept, per rule, and added again. A request with an origin,
    a preflight, a path matching no rule (a 404) or a response that already says its origin
    goes through flask-cors itself. The rules are the app's, so the dict is bounded."""
    added_by_rule: dict[str, tuple[tuple[str, str], ...]] = {}

    def cors_remembered(response: Response) -> Response:
        environ = request.environ
        rule = request.url_rule
        if (rule is None or environ.get("REQUEST_METHOD") == "OPTIONS"
                or any(name in environ for name in _PER_REQUEST)
                or "Access-Control-Allow-Origin" in response.headers):
            return cors_after_request(response)
        added = added_by_rule.get(rule.rule)
        if added is None:
            probe = Response()
            before = len(probe.headers)
            cors_after_request(probe)
            added = added_by_rule[rule.rule] = tuple(probe.headers.items())[before:]
        headers = response.headers
        for name, value in added:
            headers.add(name, value)
        return response

    cors_remembered.uncached = cors_after_request  # type: ignore[attr-defined]
    return cors_remembered
