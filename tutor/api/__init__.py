"""The JSON API, version 1: every resource under ``/api/v1``, documented in OpenAPI 3.

One module per resource — :mod:`~tutor.api.check`, :mod:`~tutor.api.score`,
:mod:`~tutor.api.rules` — plus :mod:`~tutor.api.meta` (ping, docs page). Each holds its
blueprint, its schemas and its views; :mod:`~tutor.api.base` holds what they share.
"""

from __future__ import annotations

from flask import Flask

from tutor.api import advice, check, meta, rules, score
from tutor.api.base import TutorApi
from tutor.tables import duplicate
from tutor.tables import resources as tables

__all__ = ["BLUEPRINTS", "register_api"]

BLUEPRINTS = (check.blp, score.blp, rules.blp, meta.blp, tables.blp, advice.blp, duplicate.blp)


def register_api(app: Flask) -> TutorApi:
    """Mount the API on ``app``: blueprints, ``/api/v1/openapi.json``, the docs page."""
    api = TutorApi(app)
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
    tables.document_tokens(api)
    app.add_url_rule("/api/v1/docs", "api_docs", meta.docs)
    app.add_url_rule("/api/v1/docs/assets/<path:filename>", "api_docs_assets", meta.docs_asset)
    return api
