"""The JSON API, version 1: every resource under ``/api/v1``, documented in OpenAPI 3.

One module per resource — :mod:`~tutor.api.check` (with :mod:`~tutor.api.check_facts`),
:mod:`~tutor.api.score`, :mod:`~tutor.api.rules`, :mod:`~tutor.api.count`,
:mod:`~tutor.api.deal`, :mod:`~tutor.api.partie`, :mod:`~tutor.api.notes` — plus
:mod:`~tutor.api.meta` (ping, docs page). Each holds its blueprint (or adds its routes to one),
its schemas and its views; :mod:`~tutor.api.base` holds what they share.
"""

from __future__ import annotations

from flask import Flask

from tutor.api import (
    advice,
    analysis,
    check,
    count,
    deal,
    meta,
    partie,
    quiz,
    quiz_positions,
    review,
    rules,
    score,
)
from tutor.api import check_facts as _check_facts  # noqa: F401  (routes on check.blp)
from tutor.api import notes as _notes  # noqa: F401  (POST /duplicate/notes on duplicate.blp)
from tutor.api.base import TutorApi, refuse_unsupported_language
from tutor.tables import duplicate
from tutor.tables import resources as tables
from tutor.tables import streams as _streams  # noqa: F401  (the stream routes on tables.blp)

__all__ = ["BLUEPRINTS", "register_api"]

BLUEPRINTS = (check.blp, score.blp, rules.blp, meta.blp, tables.blp, advice.blp, duplicate.blp,
              count.blp, deal.blp, partie.blp, review.blp, quiz.blp, analysis.blp,
              analysis.puzzles_blp)


def register_api(app: Flask) -> TutorApi:
    """Mount the API on ``app``: blueprints, ``/api/v1/openapi.json``, the docs page."""
    api = TutorApi(app)
    app.before_request(refuse_unsupported_language)
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
    api.document(tables.document_tokens)
    api.document(rules.document_summaries)
    api.document(quiz_positions.document_positions)
    app.add_url_rule("/api/v1/docs", "api_docs", meta.docs)
    app.add_url_rule("/api/v1/docs/assets/<path:filename>", "api_docs_assets", meta.docs_asset)
    return api
