"""HTTP caching for what does not change between two deploys: the rule catalog, the worked
examples, the OpenAPI document and the static files.

* **Strong ETags and 304.** A cacheable GET (or HEAD) answer gets the SHA-1 of its body as a
  strong ETag, and an ``If-None-Match`` that names it gets a bodiless 304. The body differs
  per language, so does the tag (the answers already say ``Vary: Accept-Language, Cookie``).
  Static files get werkzeug's own strong ETag (``send_file``).
* **Cache-Control.** ``public, max-age=…`` on those answers (``CACHE_MAX_AGE`` seconds) and on
  the static files (Flask's ``SEND_FILE_MAX_AGE_DEFAULT``); nothing else is marked cacheable.
* **Compression.** flask-compress answers JSON, problem+json, HTML, CSS and JavaScript over
  1 KiB in brotli or gzip, as the client's Accept-Encoding prefers. A strong
  ETag of a compressed body gets the coding appended (``"…:gzip"``), so a cache never mixes
  the two; streamed answers (the tables' event stream, files) are never compressed.

The preflight cache (``Access-Control-Max-Age``) is flask-cors's ``CORS_MAX_AGE`` setting of
:mod:`tutor.config`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from flask import Flask, Response, request
from flask_compress import Compress

__all__ = ["CACHEABLE_ENDPOINTS", "init_caching"]

CACHEABLE_ENDPOINTS: Final = frozenset({
    "rules.list_rules",
    "rules.get_rule",
    "rules.list_examples",
    "rules.get_example",
    "api-docs.openapi_json",
    "web.example",
})
"""The views whose answer depends only on the deploy and the language: they get an ETag and
a Cache-Control. (Static files are handled by ``send_file`` itself.)"""

COMPRESSED_TYPES: Final = ("application/json", "application/problem+json", "text/html",
                           "text/css", "text/javascript", "application/javascript",
                           "image/svg+xml")


def _tag_cacheable(response: Response) -> Response:
    if (request.method not in ("GET", "HEAD") or response.status_code != 200
            or request.endpoint not in CACHEABLE_ENDPOINTS or response.is_streamed):
        return response
    response.add_etag()  # strong: SHA-1 of the body
    response.cache_control.public = True
    response.cache_control.max_age = _max_age()
    response.make_conditional(request)  # (it answers 304 by changing ``response`` itself)
    return response


def _max_age() -> int:
    from flask import current_app

    return int(current_app.config["CACHE_MAX_AGE"])


def init_caching(app: Flask) -> None:
    """ETags, Cache-Control and compression on ``app`` (call before the other after-request
    hooks are registered: Flask runs them last-registered first, and compression must come
    after the ETag and headers are set)."""
    app.config.setdefault("CACHE_MAX_AGE", 300)
    if app.config.get("SEND_FILE_MAX_AGE_DEFAULT") is None:  # Flask's default: no-cache
        app.config["SEND_FILE_MAX_AGE_DEFAULT"] = 3600
    app.config.setdefault("COMPRESS_MIMETYPES", list(COMPRESSED_TYPES))
    app.config.setdefault("COMPRESS_MIN_SIZE", 1024)
    app.config.setdefault("COMPRESS_STREAMS", False)
    # brotli then gzip: every HTTP client decodes gzip, most brotli; zstd (flask-compress's
    # first choice) is still missing from many that advertise it
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config["COMPRESS_REGISTER"] = False  # its hook runs through _compress_when_asked
    app.after_request(_compress_when_asked(Compress(app)))
    app.after_request(_tag_cacheable)


def _compress_when_asked(compress: Compress) -> Callable[[Response], Response]:
    """flask-compress's hook for a request that says which codings it accepts; for one that
    says none (``wrk``, most programs) only the hook's first step, all it would do: add
    ``Accept-Encoding`` to ``Vary``, so a cache never serves a compressed answer to it. (The
    rest of the hook reads a dozen settings and headers to decide, at every request, that
    there is nothing to compress.)"""

    def compress_when_asked(response: Response) -> Response:
        if "HTTP_ACCEPT_ENCODING" in request.environ:
            return _without_gzip_time(compress.after_request(response))
        headers = response.headers
        vary = headers.get("Vary")
        if not vary:
            headers["Vary"] = "Accept-Encoding"
        elif "accept-encoding" not in vary.lower():
            headers["Vary"] = f"{vary}, Accept-Encoding"
        return response

    compress_when_asked.library_hook = compress.after_request  # type: ignore[attr-defined]
    return compress_when_asked


_GZIP_TIME: Final = slice(4, 8)
"""Where a gzip member's header holds its modification time (RFC 1952 MTIME)."""


def _without_gzip_time(response: Response) -> Response:
    """A gzip answer with its header's MTIME zeroed ("no time stamp", RFC 1952): Python's
    gzip writes the current second there, so the same body compressed by two workers, or a
    second apart, differed in bytes under the same strong ETag (``"…:gzip"``), which promises
    identical bytes. Brotli writes no time."""
    if (response.headers.get("Content-Encoding") == "gzip" and not response.is_streamed
            and not response.direct_passthrough):
        data = response.get_data()
        if data[:2] == b"\x1f\x8b" and data[_GZIP_TIME] != bytes(4):
            response.set_data(data[:4] + bytes(4) + data[8:])
    return response
