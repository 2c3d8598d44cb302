from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import flask
from apispec import APISpec
from marshmallow import Schema

_F = TypeVar("_F", bound=Callable[..., Any])

class Blueprint(flask.Blueprint):
    ARGUMENTS_PARSER: Any
    description: str | None
    def __init__(self, name: str, import_name: str, *args: Any, description: str | None = ...,
                 **kwargs: Any) -> None: ...
    def route(self, rule: str, *, parameters: Sequence[Any] | None = ...,
              tags: Sequence[str] | None = ..., **options: Any) -> Callable[[_F], _F]: ...
    def arguments(self, schema: Schema | type[Schema], *, location: str = ...,
                  content_type: str | None = ..., required: bool = ...,
                  description: str | None = ..., example: Any = ...,
                  examples: Mapping[str, Any] | None = ..., **kwargs: Any
                  ) -> Callable[[_F], _F]: ...
    def response(self, status_code: int, schema: Schema | type[Schema] | None = ..., *,
                 content_type: str | None = ..., description: str | None = ...,
                 example: Any = ..., examples: Mapping[str, Any] | None = ...,
                 headers: Mapping[str, Any] | None = ...) -> Callable[[_F], _F]: ...
    def alt_response(self, status_code: int, response: Any = ..., *,
                     schema: Schema | type[Schema] | None = ..., content_type: str | None = ...,
                     description: str | None = ..., example: Any = ...,
                     examples: Mapping[str, Any] | None = ...,
                     headers: Mapping[str, Any] | None = ..., success: bool = ...
                     ) -> Callable[[_F], _F]: ...
    def doc(self, **kwargs: Any) -> Callable[[_F], _F]: ...
    def register_views_in_doc(self, api: Api, app: flask.Flask, spec: APISpec, *,
                              name: str, parameters: Sequence[Any] | None) -> None: ...

class Api:
    ERROR_SCHEMA: type[Schema]
    DEFAULT_ERROR_RESPONSE_NAME: str
    spec: APISpec | None
    _app: flask.Flask
    def __init__(self, app: flask.Flask | None = ..., *,
                 spec_kwargs: Mapping[str, Any] | None = ..., config_prefix: str = ...) -> None: ...
    def init_app(self, app: flask.Flask, *,
                 spec_kwargs: Mapping[str, Any] | None = ...) -> None: ...
    def register_blueprint(self, blp: Blueprint, *, parameters: Sequence[Any] | None = ...,
                           **options: Any) -> None: ...
    def _register_responses(self) -> None: ...
    def _register_error_handlers(self) -> None: ...

def abort(http_status_code: int, exc: Exception | None = ..., **kwargs: Any) -> None: ...
