"""The app-wide after-request hooks (compression, caching, Content-Language, the security
headers, CORS) run as one, the headers they add remembered for the answers they cannot tell
apart.

Each hook is cheap, but five of them, each through Flask's ``ensure_sync`` and each reading
the response's headers again, cost a sixth of a check's request. For most answers what they
add is known in advance: a program's POST to a rule endpoint names no ``Origin`` and accepts
no coding, so the five hooks add the same headers to every answer of that URL rule, status,
language and set of header names. Those answers get the remembered headers in one step; any
other (a browser's cross-origin call, a preflight, a client that accepts gzip, a cacheable
GET whose ETag is its body's, an answer that already says ``Vary``, a 404 matching no rule)
goes through the hooks themselves. The first answer of each kind goes through them too, and
what they appended to it is what is remembered — only if they appended and changed nothing,
so the shortcut can only ever repeat what the hooks did.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Final, cast

from flask import Flask, Response, request

from tutor.caching import CACHEABLE_ENDPOINTS
from tutor.i18n.language import response_language

__all__ = ["fuse_after_request_hooks"]

_Hook = Callable[[Response], Response]

_PER_REQUEST: Final = ("HTTP_ORIGIN", "HTTP_ACCESS_CONTROL_REQUEST_PRIVATE_NETWORK",
                       "HTTP_ACCEPT_ENCODING")
"""Request headers the hooks read (CORS, compression): an answer to a request with any of them
goes through the hooks."""

_KINDS_REMEMBERED: Final = 4096
"""At most this many kinds of answer are remembered (URL rules × statuses × languages × header
sets: a few hundred in this app); past it, new kinds go through the hooks."""

_Kind = tuple[str, str, str, int, str, tuple[str, ...]]

_UNSEEN: Final = object()
"""A kind of answer not met yet (``None``: met, and the hooks did more than append)."""


def fuse_after_request_hooks(app: Flask) -> None:
    """Replace the app-wide after-request hooks registered so far by one that runs them in
    Flask's order (last registered first) and remembers what they add (module docstring).
    Call it once every extension has registered its hooks; blueprints' hooks are not
    touched (Flask runs them before the app's, so their headers are part of the kind)."""
    hooks = tuple(reversed(app.after_request_funcs.get(None, [])))
    if any(inspect.iscoroutinefunction(hook) for hook in hooks):
        raise RuntimeError("an async after-request hook cannot be fused")
    added_by_kind: dict[_Kind, object] = {}

    def run_hooks(response: Response) -> Response:
        for hook in hooks:
            response = hook(response)
        return response

    def after_request_fused(response: Response) -> Response:
        kind = _kind(response)
        if kind is None:
            return run_hooks(response)
        added = added_by_kind.get(kind, _UNSEEN)
        if added is _UNSEEN:
            before = list(response.headers.items())
            response = run_hooks(response)
            after = list(response.headers.items())
            appended = after[:len(before)] == before
            if len(added_by_kind) < _KINDS_REMEMBERED:
                added_by_kind[kind] = tuple(after[len(before):]) if appended else None
            return response
        if added is None:
            return run_hooks(response)
        response.headers.extend(cast(tuple[tuple[str, str], ...], added))
        return response

    after_request_fused.hooks = hooks  # type: ignore[attr-defined]
    app.after_request_funcs[None] = [after_request_fused]


def _kind(response: Response) -> _Kind | None:
    """What the hooks' additions depend on, for an answer whose additions may be remembered;
    ``None`` for one that must go through the hooks."""
    environ = request.environ
    rule = request.url_rule
    method = environ.get("REQUEST_METHOD", "")
    if (rule is None or method == "OPTIONS" or any(name in environ for name in _PER_REQUEST)
            or (method in ("GET", "HEAD") and request.endpoint in CACHEABLE_ENDPOINTS)):
        return None
    names = tuple(name.lower() for name, _ in response.headers.items())
    if "vary" in names:  # merged into by two hooks: its value matters
        return None
    return (rule.rule, method, environ.get("wsgi.url_scheme", ""), response.status_code,
            response_language(), names)  # the scheme: HSTS over TLS only
