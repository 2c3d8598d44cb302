"""The ``facts`` tool: the API's smaller questions grouped into one tool (tools/list has a
budget), each answered by its endpoint's own code in-process (the Flask test client of the
server's app: the same parsing, rules and errors).

``what`` names the question, ``request`` is the endpoint's body (or query, for ``plan``):

* ``auction`` — ``POST /check/auction``: who takes after a whole round of bids, or a redeal;
* ``chelem`` — ``POST /check/chelem``: who leads the first trick after a chelem announced;
* ``cut`` — ``POST /check/cut``: whether a cut is legal;
* ``plan`` — ``GET /deal/plan``: how the cards are dealt (packets, chien);
* ``partie`` — ``POST /partie``: a partie's scoresheet from its deals' figures;
* ``score_check`` — ``POST /score/check``: whether a deal's figures can be true;
* ``notes`` — ``POST /duplicate/notes``: a duplicate tournament's notes.

A wrong request is a tool error: the endpoint's problem, in the session's language, followed
by an example of a right one.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any, Final

from flask import Flask

from tutor.i18n import error_text
from tutor.mcp_server.table import TableError, _answer

__all__ = ["FACTS", "FACTS_DESCRIPTION", "FACTS_SCHEMA", "facts_call"]

FACTS: Final[dict[str, tuple[str, str]]] = {
    "auction": ("POST", "/check/auction"),
    "chelem": ("POST", "/check/chelem"),
    "cut": ("POST", "/check/cut"),
    "plan": ("GET", "/deal/plan"),
    "partie": ("POST", "/partie"),
    "score_check": ("POST", "/score/check"),
    "notes": ("POST", "/duplicate/notes"),
}
"""Each question: the operation that answers it."""

FACTS_DESCRIPTION: Final = (
    "auction: who takes; chelem: who leads; cut; plan: packets; partie: scoresheet; "
    "score_check: can figures be; notes: duplicate.")

FACTS_SCHEMA: Final[dict[str, Any]] = {
    "type": "object",
    "properties": {"what": {"enum": list(FACTS)},
                   "request": {"type": "object", "description": "An error shows one."}},
    "required": ["what", "request"],
}


@functools.cache
def _examples(app: Flask) -> dict[str, Any]:
    """Each question's example request, from the OpenAPI document."""
    document = app.test_client().get("/api/v1/openapi.json").get_json()
    found: dict[str, Any] = {}
    for what, (method, path) in FACTS.items():
        operation = document["paths"]["/api/v1" + path][method.lower()]
        if method == "GET":
            found[what] = {p["name"]: p.get("example", p.get("schema", {}).get("minimum"))
                           for p in operation.get("parameters", [])
                           if "name" in p and p.get("in") == "query"}
        else:
            body = operation["requestBody"]["content"]["application/json"]
            found[what] = body.get("example")
    return found


def facts_call(app: Flask, arguments: Mapping[str, Any], language: str,
               ) -> tuple[dict[str, Any], str]:
    """Answer one ``facts`` call: ``(structured content, text)``; :class:`TableError` when
    refused (with an example of a right request)."""
    what = arguments.get("what")
    request = arguments.get("request", {})
    with app.test_request_context("/", query_string={"lang": language}):
        unknown = sorted(set(arguments) - set(FACTS_SCHEMA["properties"]))
        if unknown:
            raise TableError(f"{unknown[0][:40]}: " + error_text(
                "unknown-field", field=unknown[0][:40], allowed="what, request"))
        if what not in FACTS:
            raise TableError("what: " + error_text(
                "unknown-field", field=str(what)[:40], allowed=", ".join(FACTS)))
        if not isinstance(request, Mapping):
            raise TableError("request: " + error_text("field-required"))
    method, path = FACTS[what]
    client = app.test_client()
    query: dict[str, Any] = {"lang": language}
    try:
        if method == "GET":
            response = client.get("/api/v1" + path, query_string={**request, **query})
        else:
            response = client.post("/api/v1" + path, json=dict(request), query_string=query)
        payload = _answer(response, 200)
    except TableError as error:
        example = _examples(app).get(what)
        shown = f"\ne.g. {json.dumps(example, ensure_ascii=False)}" if example else ""
        raise TableError(f"{error}{shown}") from None
    text = payload.get("explanation") if isinstance(payload.get("explanation"), str) else None
    return payload, text or json.dumps(payload, ensure_ascii=False)[:4000]
