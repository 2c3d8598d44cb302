"""Every HTTP error of the API as ``application/problem+json`` (RFC 9457), in the reader's language.

One handler shapes them all, so a 404 from the router, a 405 with its ``Allow`` header, a 413
from werkzeug's body limit, a 415 or 400 from the JSON parser, a 422 from marshmallow or from a
view, and even an unexpected exception (500) share one shape::

    {"type": "urn:tarot-tutor:problem:validation-failed", "title": "Unprocessable request",
     "status": 422, "detail": "Unknown card: “XX”.",
     "errors": [{"pointer": "/hand/3", "code": "unknown-card", "params": {"text": "XX"},
                 "detail": "Unknown card: “XX”."}]}

This is the one place a problem+json body is built: a view refuses by raising
:class:`Problem` (a status, a catalog key, its params and any extra members — the tables' 401,
403 and 409, an illegal action's 422 with its violations) or :class:`Unprocessable` (field
problems), and :func:`handle_http_exception` renders it like any other HTTP error.

Sentences never live here: a validation message is an :class:`ErrorKey` (a catalog key with its
params) and the handler renders it with :func:`tutor.i18n.error_text` when the response is
built. Each key is declared once, beside its sentence, in :data:`tutor.i18n.errors.ERRORS`.
marshmallow's own English messages ("Missing data for required field.") are mapped to keys
too, so no English sentence reaches a French reader.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final

from flask import Flask, Response, current_app, json, request
from marshmallow import Schema, fields
from werkzeug.exceptions import HTTPException, MethodNotAllowed, UnprocessableEntity

from tutor.i18n import error_text
from tutor.i18n.errors import ERRORS

__all__ = [
    "ERROR_KEYS",
    "PAGE_ERRORS",
    "PROBLEM_JSON",
    "ErrorKey",
    "FieldProblem",
    "Problem",
    "ProblemSchema",
    "Unprocessable",
    "content_coding",
    "field_problems",
    "problem_response",
    "register_error_handlers",
]

log = logging.getLogger(__name__)

PROBLEM_JSON: Final = "application/problem+json"
PAGE_ERRORS: Final = "tutor.page_errors"
"""``app.extensions`` key of the renderer of errors on page addresses (outside ``/api/``):
``(HTTPException) -> Response``, set by :mod:`tutor.web`. The API keeps problem+json."""
TYPE_PREFIX: Final = "urn:tarot-tutor:problem:"

# The `detail` key of each HTTP status whose cause the API knows.
_STATUS_KEYS: Final = {
    400: "malformed-json",
    404: "not-found",
    405: "method-not-allowed",
    408: "request-timeout",
    410: "gone",
    413: "body-too-large",
    415: "unsupported-media-type",
    422: "validation-failed",
    429: "rate-limited",
    431: "headers-too-large",
    500: "internal-error",
    503: "service-unavailable",
}

ERROR_KEYS: Final = frozenset(ERRORS)
"""Every key the API may render with ``error_text``: the keys of the catalog of sentences,
declared there once (a test checks that every key the code names is one of them)."""


class ErrorKey(str):
    """A validation message that is a catalog key plus its params, rendered late.

    A ``str`` subclass so that marshmallow and webargs carry it like any message.

    >>> e = ErrorKey("unknown-card", text="XX")
    >>> e == "unknown-card", e.params
    (True, {'text': 'XX'})
    """

    params: dict[str, Any]

    def __new__(cls, key: str, **params: Any) -> ErrorKey:
        self = super().__new__(cls, key)
        self.params = params
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild_key, (str(self), self.params)


def _rebuild_key(key: str, params: dict[str, Any]) -> ErrorKey:
    return ErrorKey(key, **params)


class FieldProblem:
    """One error of a 422: where in the body (a JSON pointer), which key, with which params,
    and any extra members (``violation`` for the rule a replayed card broke)."""

    __slots__ = ("pointer", "key", "params", "extra")

    def __init__(self, pointer: str, key: str, params: Mapping[str, Any] | None = None,
                 **extra: Any) -> None:
        self.pointer = pointer
        self.key = key
        self.params = dict(params or {})
        self.extra = extra

    def as_dict(self) -> dict[str, Any]:
        return {"pointer": self.pointer, "code": self.key, "params": self.params,
                "detail": _text(self.key, self.params), **self.extra}


class Problem(HTTPException):
    """A refusal a view raises: its status, its catalog key and params, the members the body
    adds (``seq`` of a 409, an illegal action's ``violations`` and ``explanation``) and the
    headers (``WWW-Authenticate`` of a 401). The one handler renders it as it renders every
    other error; raised inside a table's transaction, it also rolls the transaction back."""

    def __init__(self, status: int, key: str, *, headers: Mapping[str, str] | None = None,
                 extra: Mapping[str, Any] | None = None, **params: Any) -> None:
        super().__init__()
        self.code = status
        self.key = key
        self.params = params
        self.extra = dict(extra or {})
        self.problem_headers = dict(headers or {})


class Unprocessable(UnprocessableEntity):
    """A 422 raised by a view after the schema accepted the body: a meaning error (a card
    both in the hand and the trick, an impossible score, an illegal card in a replayed deal)."""

    def __init__(self, problems: list[FieldProblem]) -> None:
        super().__init__()
        self.problems = problems


# marshmallow's built-in messages, mapped to catalog keys.
_MARSHMALLOW_KEYS: Final = {
    fields.Field.default_error_messages["required"]: "field-required",
    fields.Field.default_error_messages["null"]: "field-null",
    Schema._default_error_messages["unknown"]: "unknown-field",
}


def _pointer(parts: tuple[str | int, ...]) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def _walk(messages: Any, path: tuple[str | int, ...]) -> Iterator[FieldProblem]:
    if isinstance(messages, Mapping):
        for name, sub in messages.items():
            yield from _walk(sub, path if name == "_schema" else (*path, name))
    elif isinstance(messages, list | tuple):
        for message in messages:
            yield from _walk(message, path)
    elif isinstance(messages, ErrorKey):
        yield FieldProblem(_pointer(path), str(messages), messages.params)
    else:
        key = _MARSHMALLOW_KEYS.get(str(messages), "field-invalid")
        params = {"field": str(path[-1])} if key == "unknown-field" and path else {}
        yield FieldProblem(_pointer(path), key, params)


def field_problems(messages: Mapping[str, Any]) -> list[FieldProblem]:
    """The problems of a webargs/marshmallow message tree (``{"json": {"hand": {3: [...]}}}``),
    with JSON pointers into the body.

    >>> [p.pointer for p in field_problems(
    ...     {"json": {"hand": {3: [ErrorKey("x")]}, "_schema": ["Invalid input type."]}})]
    ['/hand/3', '']
    """
    problems: list[FieldProblem] = []
    for location, tree in messages.items():
        prefix: tuple[str | int, ...] = () if location == "json" else (location,)
        problems.extend(_walk(tree, prefix))
    return problems


def _text(key: str, params: Mapping[str, Any]) -> str:
    try:
        return error_text(key, **params)
    except KeyError:
        if current_app.testing:
            raise
        log.error("no catalog entry for API error key %r", key)
        return key


def problem_response(status: int, key: str, *, params: Mapping[str, Any] | None = None,
                     problems: list[FieldProblem] | None = None,
                     headers: Mapping[str, str] | None = None,
                     extra: Mapping[str, Any] | None = None) -> Response:
    """The problem+json response of ``status`` whose detail is the sentence of ``key``.

    ``problems`` (a 422's fields at fault) become ``errors``; ``extra`` members are added to
    the body, and an ``explanation`` among them (an illegal action's, composed from its
    violations) is the detail too, since it says more than the key's sentence.
    """
    title_key = f"title-{status}"
    if title_key not in ERRORS:  # a status with no title of its own: its class's
        title_key = "title-500" if status >= 500 else "title-400"
    body: dict[str, Any] = {
        "type": TYPE_PREFIX + key,
        "title": _text(title_key, {}),
        "status": status,
    }
    if problems is None:
        body["detail"] = _text(key, params or {})
    else:
        rendered = [p.as_dict() for p in problems]
        body["detail"] = (rendered[0]["detail"] if len(rendered) == 1
                          else _text(key, {"count": len(rendered)}))
        body["errors"] = rendered
    if extra:
        body.update(extra)
        if "explanation" in extra:
            body["detail"] = extra["explanation"]
    response = current_app.response_class(
        json.dumps(body), status=status, mimetype=PROBLEM_JSON)
    for name, value in (headers or {}).items():
        if name.lower() != "content-type":
            response.headers[name] = value
    return response


def _http_params(error: HTTPException, status: int) -> dict[str, Any]:
    if status == 404:
        return {"path": request.path}
    if status == 405:
        return {"method": request.method,
                "allowed": ", ".join(getattr(error, "valid_methods", None) or ())}
    if status == 413:
        return {"max_bytes": current_app.config.get("MAX_CONTENT_LENGTH") or 0}
    if status == 415:
        shown = request.mimetype or ""
        coding = content_coding()
        if coding is not None:  # the media type may be right: the coding is not
            shown = f"{shown}; Content-Encoding: {coding[:40]}"
        return {"content_type": shown}
    return {}


def content_coding() -> str | None:
    """The request body's ``Content-Encoding`` when it is not the identity (the API reads
    plain JSON only: a gzipped body is a 415 with ``Accept-Encoding: identity``, RFC 7694)."""
    coding = request.headers.get("Content-Encoding", "").strip()
    return None if coding.lower() in ("", "identity") else coding


def handle_http_exception(error: HTTPException) -> Response:
    """The one handler: every ``HTTPException`` (and, through Flask, every unhandled exception
    as a 500) becomes problem+json; werkzeug's own headers (``Allow``) are kept."""
    status = error.code or 500
    if status >= 500:
        original = getattr(error, "original_exception", None)
        if original is not None:
            log.exception("unhandled exception", exc_info=original)
    page_error: Callable[[HTTPException], Response] | None = \
        current_app.extensions.get(PAGE_ERRORS)
    if page_error is not None and not request.path.startswith("/api/") and _is_page_address():
        return page_error(error)  # a person's browser on a page: an HTML page, not JSON
    if isinstance(error, Problem):
        return problem_response(status, error.key, params=error.params,
                                headers=error.problem_headers, extra=error.extra)
    headers = dict(error.get_headers())
    data = getattr(error, "data", None) or {}
    headers.update(data.get("headers") or {})
    if status == 415 and content_coding() is not None:
        headers["Accept-Encoding"] = "identity"
    # A status the API has no sentence for (a 416 on a docs asset's Range header, say): the
    # generic title of its class says it all.
    key = _STATUS_KEYS.get(status, "title-500" if status >= 500 else "title-400")
    params = _http_params(error, status)
    problems: list[FieldProblem] | None = None
    if isinstance(error, Unprocessable):
        problems = error.problems
    elif status == 422:
        problems = field_problems(data.get("messages") or {})
    return problem_response(status, key, params=params, problems=problems, headers=headers)


def _request_target() -> str:
    """The request line's target as sent (gunicorn's ``RAW_URI``, werkzeug's
    ``REQUEST_URI``), else the path."""
    environ = request.environ
    return str(environ.get("RAW_URI") or environ.get("REQUEST_URI") or request.path or "/")


def _is_page_address() -> bool:
    """Whether the request names a page a browser could show: a path (``origin-form``), not
    ``CONNECT host:port`` or ``OPTIONS *`` — those get problem+json, never the HTML page."""
    return request.method != "CONNECT" and _request_target().startswith("/")


SERVED_METHODS: Final = ("GET", "HEAD", "POST", "OPTIONS")
"""The methods some address of the service answers (the ``Allow`` of a 405 to the server as
a whole)."""


def _refuse_other_targets() -> None:
    """``CONNECT`` (a proxy's method: this is an origin server) and a request to the server
    as a whole (``OPTIONS *``, the asterisk form): 405 problem+json with the methods the
    service answers, instead of routing their target as if it were a path (an HTML 404)."""
    if request.method == "CONNECT" or _request_target() == "*":
        raise MethodNotAllowed(valid_methods=list(SERVED_METHODS))


def register_error_handlers(app: Flask) -> None:
    """Install the handler for every HTTP error. Flask turns any other exception into an
    ``InternalServerError`` (holding ``original_exception``) and hands it to the same handler,
    so a bug still answers problem+json 500 — and tests prove none happens."""
    app.register_error_handler(HTTPException, handle_http_exception)
    app.before_request_funcs.setdefault(None, []).insert(0, _refuse_other_targets)


# --- OpenAPI documentation of the error shape ---------------------------------------------
# (schema fields: alike by nature with the operations' schemas in tutor.api)


class FieldErrorSchema(Schema):
    pointer = fields.String(required=True, metadata={
        "description": "JSON pointer (RFC 6901) to the member of the request body at fault; "
                       "empty for the body as a whole."})
    code = fields.String(required=True, metadata={
        "description": "Stable error code, e.g. `unknown-card`, `duplicate-card`, "
                       "`card-not-in-hand`, `players-range`, `illegal-play`."})
    params = fields.Dict(required=True, metadata={
        "description": "The values the message names (cards as canonical codes)."})
    detail = fields.String(required=True, metadata={
        "description": "The error as one sentence in the response's language."})
    violation = fields.Dict(metadata={
        "description": "For `illegal-play`, `illegal-ecart` and `illegal-deal`: the rule "
                       "broken, as {code, rule, params, message}."})


class ProblemSchema(Schema):
    """RFC 9457 problem details (documentation only: the handler builds the body)."""

    type = fields.String(required=True, metadata={
        "description": "URI naming the kind of problem: `urn:tarot-tutor:problem:<key>`."})
    title = fields.String(required=True, metadata={
        "description": "Short summary of the HTTP status, in the response's language."})
    status = fields.Integer(required=True, metadata={"description": "The HTTP status code."})
    detail = fields.String(required=True, metadata={
        "description": "What went wrong with this request, in the response's language."})
    errors = fields.List(fields.Nested(FieldErrorSchema), metadata={
        "description": "422 only: one entry per field at fault."})
    supported = fields.List(fields.String(), metadata={
        "description": "An unsupported `lang` (400): the languages served."})
    closest = fields.List(fields.String(), metadata={
        "description": "An unknown rule id (404): the nearest ids of the catalog."})
