"""The API's own pages: a trivial ping (the benchmark's baseline), the versions of the service
(``GET /version``) and the interactive docs.

The docs page is Swagger UI, served from the ``swagger-ui-bundle`` package (Apache-2.0, the
Swagger UI dist files) under ``/api/v1/docs/assets/``: nothing is fetched from a CDN, so the
docs work offline. It is started by ``static/web/api-docs.js``, not an inline script (the
Content-Security-Policy of :mod:`tutor.security` forbids those). The OpenAPI document itself
is ``/api/v1/openapi.json``.
"""

from __future__ import annotations

from typing import Any, Final

from flask import Response, request, send_from_directory, url_for
from markupsafe import escape
from marshmallow import Schema, fields
from swagger_ui_bundle import swagger_ui_path
from werkzeug.exceptions import NotFound, PreconditionFailed

from tutor.api.base import ApiBlueprint
from tutor.version import API_VERSION, RULES_DATE, versions

__all__ = ["blp", "docs"]

blp = ApiBlueprint("meta", __name__, url_prefix="/api/v1",
                   description="Liveness and documentation.")


class PingSchema(Schema):
    status = fields.String(required=True, metadata={"example": "ok"})


@blp.route("/ping", methods=["GET", "POST"])
@blp.response(200, PingSchema())
def ping() -> dict[str, Any]:
    """Is the API up? (A trivial endpoint: the benchmark compares the others with it.)"""
    if request.method == "POST":
        request.get_data()  # read and ignore the body, as a trivial JSON POST would
    return {"status": "ok"}


class VersionSchema(Schema):
    version = fields.String(required=True, metadata={
        "description": "The package's version (`tarot-tutor` as installed); also the OpenAPI "
                       "document's `info.version`.", "example": "0.1.0"})
    api_version = fields.String(required=True, metadata={
        "description": "The API's version, the `v1` of every path: it changes only when an "
                       "answer would break a client written against the previous one.",
        "example": API_VERSION})
    rules_date = fields.String(required=True, metadata={
        "description": "The date of the rule text the catalog follows where the sources are "
                       "loose: the FFT's official rulebook (ISO date).",
        "example": RULES_DATE})


@blp.route("/version", methods=["GET"])
@blp.response(200, VersionSchema())
def get_version() -> dict[str, str]:
    """Which service answers: the package's version, the API's, the rule text's date."""
    return versions()


_DOCS_PAGE: Final = """<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>{title}</title>
  <link rel="stylesheet" href="{assets}swagger-ui.css">
  <link rel="icon" type="image/png" href="{assets}favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui" data-spec="{spec}"></div>
  <script src="{assets}swagger-ui-bundle.js"></script>
  <script src="{assets}swagger-ui-standalone-preset.js"></script>
  <script src="{start}"></script>
</body>
</html>
"""


def docs() -> Response:
    """Swagger UI over /api/v1/openapi.json, every asset served from this server."""
    assets = url_for("api_docs_assets", filename="")
    page = _DOCS_PAGE.format(title=escape("Tarot tutor API"), assets=escape(assets),
                             spec=escape(url_for("api-docs.openapi_json")),
                             start=escape(url_for("web.static", filename="api-docs.js")))
    return Response(page, mimetype="text/html")


_ASSETS: Final = frozenset({"swagger-ui.css", "swagger-ui-bundle.js",
                            "swagger-ui-standalone-preset.js", "favicon-32x32.png",
                            "favicon-16x16.png"})
"""The dist files the page uses (the package's own index.html would load a demo from the web)."""


def docs_asset(filename: str) -> Response:
    """A Swagger UI dist file (CSS, JS, icons)."""
    if filename not in _ASSETS:
        raise NotFound()
    response = send_from_directory(swagger_ui_path, filename, max_age=86400)
    if response.status_code == 412:
        # werkzeug answers a failed If-Match / If-Unmodified-Since with a bare 412 holding
        # the file's own content type; raised, it is problem+json like every other error
        raise PreconditionFailed()
    return response
