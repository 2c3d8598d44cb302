"""The pieces every resource shares: the JSON body parser, the blueprint and Api classes that
use it and document problem+json errors, and the common schemas (violations).

The parser is strict where webargs is lenient: a body that is not JSON by its content type is a
415 (webargs would read it as missing and answer 422 "missing field"), and so is a compressed
body (``Content-Encoding: gzip``: read as is, it would be "malformed"), an empty or malformed
body a 400 (NaN, Infinity and numbers of thousands of digits included), a body over
``MAX_CONTENT_LENGTH`` a 413 (werkzeug raises it as the body is read).
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar, cast
from weakref import WeakKeyDictionary

import flask_smorest
import orjson
from apispec import APISpec
from flask import Flask, Request, Response, current_app, request
from marshmallow import RAISE, Schema, ValidationError, fields, missing
from marshmallow.types import UnknownOption
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import BadRequest, UnsupportedMediaType

from tutor.errors import (
    PROBLEM_JSON,
    ErrorKey,
    Problem,
    ProblemSchema,
    content_coding,
    problem_response,
)
from tutor.fields import wrong_type
from tutor.i18n.language import primary_language, supported_languages

__all__ = ["ApiBlueprint", "BaseSchema", "FastNested", "JsonParser", "TutorApi", "ViolationSchema",
           "fast_load", "refuse_unsupported_language", "reply"]


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


class JsonParser(FlaskParser):
    """webargs' Flask parser, with the JSON errors the API promises (415, 400, 413)."""

    DEFAULT_VALIDATION_STATUS = 422

    def load_json(self, req: Request, schema: Schema) -> Any:
        if not req.is_json or ("HTTP_CONTENT_ENCODING" in req.environ
                               and content_coding() is not None):  # gzip: 415, not "bad JSON"
            raise UnsupportedMediaType()
        raw = req.get_data(cache=True)  # 413 past MAX_CONTENT_LENGTH
        if not raw:
            raise BadRequest()
        try:
            data = json.loads(raw, parse_constant=_no_constants, object_pairs_hook=_no_twice)
        except _KeyTwice as twice:
            raise Problem(400, "duplicate-key", member=twice.key) from None
        except (ValueError, RecursionError):  # JSONDecodeError, bad UTF-8, 4300+ digits
            raise BadRequest() from None
        if (_SURROGATE_ESCAPE.search(raw) or b"\x00" in raw) and _has_lone_surrogate(data):
            raise BadRequest()
        return data


class _KeyTwice(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refusing a member given twice (``json.loads`` would keep the last one
    silently: ``{"card": "KH", "card": "T21"}`` would play the trump).

    >>> json.loads('{"a": 1, "a": 2}', object_pairs_hook=_no_twice)
    Traceback (most recent call last):
    ...
    tutor.api.base._KeyTwice: a
    """
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                # shown in the answer: a lone surrogate ("\udfff") is spelt out, not encoded
                raise _KeyTwice(key[:40].encode("utf-8", "backslashreplace").decode())
            seen.add(key)
    return found


_SURROGATE_ESCAPE: Final = re.compile(rb"\\u[dD][89a-fA-F]")
"""A ``\\uD800``-``\\uDFFF`` escape: the only way a body of valid UTF-8 yields a surrogate (a
UTF-16 or UTF-32 body, which ``json.loads`` also reads, always holds a NUL byte)."""


def _has_lone_surrogate(data: Any) -> bool:
    """Whether a parsed body holds an unpaired UTF-16 surrogate (``"\\udfff"``) in a key or a
    string: JSON's escapes can spell one, Python keeps it, and no answer naming it (an unknown
    card, an unknown field) could then be encoded as UTF-8. Such a body is not text: 400.

    >>> _has_lone_surrogate(json.loads('{"hand": ["\\\\udfff"]}'))
    True
    >>> _has_lone_surrogate(json.loads('["\\\\ud83d\\\\ude00"]'))  # a pair: an emoji
    False
    """
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


_View = TypeVar("_View", bound=Callable[..., Any])


class ApiBlueprint(flask_smorest.Blueprint):
    """flask-smorest's blueprint with the strict JSON parser; an operation with a JSON body
    also documents the parser's 400, 413 and 415 (as problem+json)."""

    ARGUMENTS_PARSER = JsonParser()

    def arguments(self, schema: Any, *, location: str = "json",
                  **kwargs: Any) -> Callable[[_View], _View]:
        decorate = super().arguments(schema, location=location, **kwargs)
        if location != "json":
            return decorate

        def decorator(func: _View) -> _View:
            func = decorate(func)
            for status, name in ((400, "BAD_REQUEST"), (413, "REQUEST_ENTITY_TOO_LARGE"),
                                 (415, "UNSUPPORTED_MEDIA_TYPE")):
                # the documentation alt_response writes (``_apidoc``, which flask-smorest's
                # decorators pass on), without its wrapper: a call per request that only
                # calls the view
                documented = self.alt_response(status, response=name)(func)
                vars(func)["_apidoc"] = vars(documented)["_apidoc"]
            return func

        return decorator


class TutorApi(flask_smorest.Api):
    """flask-smorest's Api documenting every error as ``application/problem+json``, and
    building the OpenAPI document only when it is first read.

    flask-smorest documents each blueprint's views as it registers it: apispec walks every
    schema, a sixth of the service's start-up, for a document most workers never serve. Here
    :meth:`register_blueprint` registers the views at once and queues their documentation;
    reading :attr:`spec` (``/openapi.json``, ``flask openapi write``, a test) runs the queue
    first, so the document is the same, built by the first reader.

    The error handler itself is :func:`tutor.errors.handle_http_exception`, registered by the
    app factory after this class (which would install its own).
    """

    ERROR_SCHEMA = ProblemSchema

    def __init__(self, app: Flask | None = None, **kwargs: Any) -> None:
        self._pending_docs: list[Callable[[], None]] = []
        self._docs_lock = threading.RLock()
        self._spec: APISpec | None = None
        super().__init__(app, **kwargs)

    @property
    def spec(self) -> APISpec | None:
        """The OpenAPI document, with every queued part of it written in first."""
        if self._pending_docs:
            with self._docs_lock:
                pending, self._pending_docs = self._pending_docs, []
                for document in pending:
                    document()
        return self._spec

    @spec.setter
    def spec(self, value: APISpec | None) -> None:
        self._spec = value

    def document(self, part: Callable[[TutorApi], None]) -> None:
        """Queue ``part(api)``, a piece of the document (a security scheme...)."""
        self._pending_docs.append(lambda: part(self))

    def register_blueprint(self, blp: flask_smorest.Blueprint, *,
                           parameters: Sequence[Any] | None = None, **options: Any) -> None:
        """flask-smorest's ``register_blueprint``, its documentation queued."""
        name = options.get("name", blp.name)
        self._app.extensions["flask-smorest"]["blp_name_to_api"][name] = self
        self._app.register_blueprint(blp, **options)

        def document() -> None:
            spec = self._spec
            assert spec is not None, "init_app made the spec"
            blp.register_views_in_doc(self, self._app, spec, name=name, parameters=parameters)
            spec.tag({"name": name, "description": blp.description})

        self._pending_docs.append(document)

    def _register_responses(self) -> None:
        from flask_smorest.utils import prepare_response

        spec = self.spec
        assert spec is not None, "init_app made the spec"
        for status in (400, 404, 405, 413, 415, 422, 500):
            phrase = {400: "Bad Request: malformed JSON", 404: "Not Found",
                      405: "Method Not Allowed", 413: "Request body over 64 KiB",
                      415: "Unsupported Media Type: send application/json",
                      422: "Unprocessable Entity: schema or meaning error",
                      500: "Internal Server Error (never expected)"}[status]
            name = {400: "BAD_REQUEST", 404: "NOT_FOUND", 405: "METHOD_NOT_ALLOWED",
                    413: "REQUEST_ENTITY_TOO_LARGE", 415: "UNSUPPORTED_MEDIA_TYPE",
                    422: "UNPROCESSABLE_ENTITY", 500: "INTERNAL_SERVER_ERROR"}[status]
            response = {"description": phrase, "schema": self.ERROR_SCHEMA}
            prepare_response(response, spec, PROBLEM_JSON)
            spec.components.response(name, response, lazy=True)
        response = {"description": "Any error, as RFC 9457 problem details",
                    "schema": self.ERROR_SCHEMA}
        prepare_response(response, spec, PROBLEM_JSON)
        spec.components.response(self.DEFAULT_ERROR_RESPONSE_NAME, response, lazy=True)

    def _register_error_handlers(self) -> None:
        """The factory registers :mod:`tutor.errors`' handler instead."""

    def _openapi_json(self) -> Response:
        """The document fit for tool calling (:mod:`tutor.api.document`), built once."""
        from tutor.api.document import document

        assert self.spec is not None  # (set by init_app, before any request)
        built = document(current_app._get_current_object(),  # type: ignore[attr-defined]
                         self.spec.to_dict())
        return current_app.response_class(json.dumps(built, ensure_ascii=False),
                                          mimetype="application/json")


def fast_load(schema: Schema, data: Any) -> dict[str, Any]:
    """``schema.load(data)`` for the flat request schemas of this API, in a third of the time.

    Each field deserializes itself (required, ``load_default``, ``allow_none`` and the field's
    own parsing behave as in marshmallow); an unknown member is ``unknown-field``. The schemas
    use no ``data_key``, no ``@validates_schema`` and no ``@post_load``, which this skips.
    """
    if type(data) is not dict:
        raise ValidationError({"_schema": [wrong_type("object", "{}")]})
    known = schema.load_fields
    errors: dict[str, Any] = {}
    if len(data) > len(known) or not data.keys() <= known.keys():
        allowed = ", ".join(known)
        for name in data.keys() - known.keys():
            errors[name] = [ErrorKey("unknown-field", field=name, allowed=allowed)]
    result: dict[str, Any] = {}
    for name, field, plain in _fields_of(schema):
        given = data.get(name, missing)
        try:
            if plain and given is not None and given is not missing:
                value = field._deserialize(given, name, data)  # all deserialize does here
            else:
                value = field.deserialize(given, name, data)
        except ValidationError as error:
            errors[name] = _typed(error.messages, field)
            continue
        if value is not missing:
            result[name] = value
    if errors:
        raise ValidationError(errors)
    return result


_FIELDS: WeakKeyDictionary[Schema, tuple[tuple[str, fields.Field[Any], bool], ...]] = \
    WeakKeyDictionary()


def _fields_of(schema: Schema) -> tuple[tuple[str, fields.Field[Any], bool], ...]:
    """``(name, field, plain)`` for each field of ``schema``: ``plain`` when the field has no
    validator and no ``pre_load``, so that for a value given and not null marshmallow's
    ``deserialize`` only calls ``_deserialize`` (it builds an ``And`` of the validators on
    every call, even of none)."""
    found = _FIELDS.get(schema)
    if found is None:
        found = _FIELDS[schema] = tuple(
            (name, field, not field.validators and not getattr(field, "pre_load", ()))
            for name, field in schema.load_fields.items())
    return found


_WRONG_TYPE: Final = frozenset(
    message for kind in (fields.List, fields.Integer, fields.Float, fields.String,
                         fields.Boolean, fields.Dict, fields.Nested)
    for name, message in kind.default_error_messages.items() if name in ("invalid", "type"))
"""marshmallow's messages for a value of the wrong JSON type (not its validators')."""


def _typed(messages: Any, field: fields.Field[Any]) -> Any:
    """marshmallow's own wrong-type messages ("Not a valid list.") as ``field-invalid`` saying
    what the field expects, with an example (a list's items by the item field)."""
    if isinstance(messages, dict):
        inner = getattr(field, "inner", None)
        return {key: _typed(value, inner) if inner is not None and isinstance(key, int)
                else value for key, value in messages.items()}
    if isinstance(messages, list):
        return [_typed(message, field) for message in messages]
    if isinstance(messages, ErrorKey) or messages not in _WRONG_TYPE:
        return messages
    kind, example = _expected_form(field)
    return wrong_type(kind, example)


def _expected_form(field: fields.Field[Any]) -> tuple[str, str]:
    if isinstance(field, fields.Nested):
        return "object", "{}"
    if isinstance(field, fields.List):
        inner = field.inner
        item = inner.metadata.get("example") or getattr(inner, "choices", ("…",))[0]
        return "list", json.dumps([item])
    if isinstance(field, fields.Integer):
        return "integer", str(field.metadata.get("example", 0))
    if isinstance(field, fields.Boolean):
        return "boolean", "true"
    return "text", json.dumps(field.metadata.get("example", "…"), ensure_ascii=False)


class BaseSchema(Schema):
    """A request body: unknown members are errors (``unknown-field``); loaded by
    :func:`fast_load`."""

    class Meta:
        unknown = RAISE

    def load(self, data: Any, *, many: bool | None = None, partial: Any = None,
             unknown: UnknownOption | None = None) -> Any:
        if many or partial or (unknown is not None and unknown != RAISE):
            return super().load(data, many=many, partial=partial, unknown=unknown)
        return fast_load(self, data)


class FastNested(fields.Nested):
    """A nested request object loaded with :func:`fast_load` (documented as its schema)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, partial: Any = None,
                     **kwargs: Any) -> Any:
        return fast_load(self.schema, value)


class ViolationSchema(Schema):
    """A rule the request's action breaks (or, for a warning, a rule to mind; for a why-allowed,
    the rule that allows a surprising play)."""

    code = fields.String(required=True, metadata={
        "description": "Stable code, e.g. `must-follow-suit`, `must-overtrump`, `ecart-king`.",
        "example": "must-follow-suit"})
    rule = fields.String(required=True, metadata={
        "description": "Id of the rule broken; GET /api/v1/rules/{rule_id} serves it.",
        "example": "play.follow-suit"})
    params = fields.Dict(required=True, metadata={
        "description": "The cards (canonical codes) and counts involved."})
    message = fields.String(required=True, metadata={
        "description": "One sentence in the response's language naming the cards and the "
                       "rule."})


def reply(payload: dict[str, Any]) -> Response:
    """The 200 JSON response of a view, built directly from JSON-ready data.

    The views' response schemas document the shape (and schemathesis checks every response
    against them), but dumping through marshmallow would cost about a sixth of a request: the
    views already build plain dicts of strings, numbers and lists. orjson writes them (the
    same compact UTF-8 JSON, keys in order, as Flask's provider outside debug mode) in a
    fifth of the standard library's time: a score's derivation is 1.5 KB of text; anything
    orjson cannot write goes through Flask's provider.
    """
    try:
        body = orjson.dumps(payload, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:  # (orjson.JSONEncodeError is one): a type only Flask's provider knows
        return cast(Response, current_app.json.response(payload))
    return current_app.response_class(body, mimetype="application/json")


def refuse_unsupported_language() -> Response | None:
    """Before an API request: a ``?lang=`` the service cannot speak (``de``) is a 400 problem
    naming the languages it can, rather than an answer in French the caller did not ask for.
    (Accept-Language is a preference, not an order: it still falls back quietly.)"""
    if "lang" not in request.environ.get("QUERY_STRING", ""):  # (cheaper than parsing it)
        return None
    asked = request.args.get("lang")
    if (asked is None or not request.path.startswith("/api/")
            or primary_language(asked) in supported_languages()):
        return None
    return problem_response(400, "unsupported-language", params={
        "lang": asked[:40], "supported": ", ".join(supported_languages())},
        extra={"supported": list(supported_languages())})
