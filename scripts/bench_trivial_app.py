"""The baseline of ``scripts/bench_http.py``: a trivial Flask + marshmallow JSON endpoint.

``POST /trivial`` loads the same body as ``/api/v1/check/play`` (players, hand, trick, card)
through a marshmallow schema and answers a small JSON object: what any Flask + marshmallow
service pays per request, with no rules, no catalogs and no OpenAPI. gunicorn serves it the
same way as the tutor (same workers, same config), so the tutor's figures read as a fraction
of what the framework allows on this machine::

    gunicorn -c python:tutor.gunicorn_conf --pythonpath scripts 'bench_trivial_app:create_app()'
"""

from __future__ import annotations

from typing import Any

from flask import Flask, jsonify, request
from flask.typing import ResponseReturnValue
from marshmallow import Schema, ValidationError, fields, validate


class TrivialBody(Schema):
    """The shape of a card-play question, checked only by type and size."""

    players = fields.Integer(required=True, validate=validate.Range(3, 7))
    hand = fields.List(fields.String(), required=True, validate=validate.Length(max=78))
    trick = fields.List(fields.String(), load_default=list, validate=validate.Length(max=7))
    card = fields.String(required=True)


BODY = TrivialBody()


def create_app() -> Flask:
    """The trivial app: one POST endpoint through marshmallow, and a GET to see it is up."""
    app = Flask(__name__)

    @app.post("/trivial")
    def trivial() -> ResponseReturnValue:
        try:
            body: dict[str, Any] = BODY.load(request.get_json(force=True))
        except ValidationError as error:
            return jsonify(errors=error.messages), 422
        return jsonify(players=body["players"], cards=len(body["hand"]),
                       card=body["card"], legal=body["card"] in body["hand"])

    @app.get("/ping")
    def ping() -> ResponseReturnValue:
        return jsonify(ok=True)

    return app
