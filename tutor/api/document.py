"""The OpenAPI document made fit for tool calling and code generators.

flask-smorest writes the paths and schemas from the views; this module adds what a chatbot's
tool layer or a client generator needs and cannot guess:

* an ``operationId`` on every operation (``checkPlay``, ``listRules``, ``createTable``…),
  from the view's name;
* the ``lang`` query parameter and the ``Accept-Language`` header on every operation;
* ``servers``, an ``info.description`` that teaches the conventions (card codes, seats,
  half-points, problem details, languages), and a description on every tag;
* an example for every request body and every response status: the success examples are the
  service's real answers to the request examples, computed once by a throwaway app (its own
  temporary database, so documenting never creates a table in the real one); the error
  examples are problem details of each status;
* types a client generator turns into the types a programmer expects (:func:`_typed`): a
  request member with a default is optional, its default said in words (openapi-typescript
  makes a member with a ``default`` required, so the README's own requests would not
  compile); one component per enum (``Lang``, ``Camp``, ``Contract``…), nullable where it
  is used as ``allOf`` + ``nullable`` (openapi-python-client made three enum classes of each
  enum listing ``null``, and one ``Lang`` enum per operation); the quiz position typed per
  kind; ``info.version`` the package's version; ``/health`` and ``/ready`` described.

The document is the same in every process and at every start (its strong ETag with it: the
workers of one server agree, and a client generated from it does not change at a restart).
So the throwaway app deals from a fixed seed (:data:`EXAMPLE_DEAL_SEED`), and the table ids,
tokens, stream tickets and expiry times of its answers, which are random or depend on the
clock, are replaced by fixed stand-ins of the same shape (:class:`_StandIns`) — the same
stand-in wherever the same value appears, the table id inside a stream URL or a ticket too.
No real token, not even a throwaway one, is in the document.

:func:`document` builds it once per app, on the first ``GET /api/v1/openapi.json``.
"""

from __future__ import annotations

import copy
import json
import re
import shutil
import tempfile
import threading
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any, Final

from flask import Flask

__all__ = ["DESCRIPTION", "document", "operation_ids"]

DESCRIPTION: Final = """\
The reference rules service for French tarot (FFT rules, 78 cards, 3 to 5 players): is this
card, écart, bid, king call or poignée legal — and why; what do these cards count, what does
this deal score, line by line; what would a good player do; the rule catalog with its worked
examples; live tables refereed by the rules.

**Conventions**

* **Cards** are codes, rank then suit: suits `S` (pique, spades), `H` (cœur, hearts),
  `D` (carreau, diamonds), `C` (trèfle, clubs); ranks `1`–`10`, `J` (valet), `C` (cavalier),
  `Q` (dame), `K` (roi): `KH`, `CS`, `10D`, `1C`. Trumps `T1` (the petit) to `T21`; the
  excuse `EX`. Requests also accept names in French or English ("roi de cœur", "trump 7");
  answers always use codes.
* **Seats** are numbers from 0, in playing order (seat i + 1 plays after seat i).
* **Points** are multiples of 0.5 (`41.5`); the 78 cards make 91. Fields named
  `half_points` give the same as an exact integer (182 for the whole pack).
* **Verdicts are answers**: an illegal card is a `200` with `"legal": false`, the
  `violations` (each a stable `code`, the `rule` id it breaks — `GET /api/v1/rules/{rule_id}`
  serves it — its `params` and a `message`) and an `explanation`.
* **Errors** are `application/problem+json` (RFC 9457): `type`, `title`, `status`,
  `detail`, and for a `422` one entry of `errors` per field at fault, with a JSON `pointer`,
  a stable `code`, its `params` and a `detail` that says what was expected.
* **Languages**: every sentence is in French (the default) or English: `?lang=fr|en`
  (another value is a `400`), else the best match of `Accept-Language`, else French.
  `Content-Language` says which was served.
* **Caching**: the rules and this document carry strong `ETag`s (send `If-None-Match`) and
  `Cache-Control`; JSON over 1 KiB is compressed when `Accept-Encoding` allows.

A chatbot may rather use the MCP server `tarot-mcp`, whose tools give the same answers.
"""

SERVERS: Final = [{"url": "/", "description": "This server (every path starts with /api/v1)."}]

LANG_PARAMETER: Final = {
    "name": "lang", "in": "query", "required": False,
    "description": "The language of the answer's sentences: `fr` (the default) or `en`. "
                   "Another value is a 400 problem naming the languages served.",
    "schema": {"type": "string", "enum": ["fr", "en"]}, "example": "en",
}
ACCEPT_LANGUAGE: Final = {
    "name": "Accept-Language", "in": "header", "required": False,
    "description": "Used when `lang` is absent: the best language served (a region counts as "
                   "its language: `en-GB` → English); French when none matches.",
    "schema": {"type": "string"}, "example": "en-GB,en;q=0.9",
}

_PROBLEM_DETAILS: Final = {
    400: ("malformed-json", "Bad request", "The body is not valid JSON."),
    401: ("token-required", "Unauthorized",
          "This request needs a token: Authorization: Bearer <token>."),
    403: ("seat-forbidden", "Forbidden", "Your token is seat 1's: it cannot act for seat 2."),
    404: ("not-found", "Not found", "Nothing is served at /api/v1/nowhere."),
    405: ("method-not-allowed", "Method not allowed",
          "The method PUT is not allowed here; allowed: POST."),
    409: ("stale-seq", "Conflict",
          "The table is at sequence number 12, not 10: read it again and retry."),
    413: ("body-too-large", "Payload too large", "The body is over 65536 bytes."),
    415: ("unsupported-media-type", "Unsupported media type",
          "Send the body as application/json, not text/plain."),
    500: ("internal-error", "Internal server error", "An unexpected error occurred."),
}
_VALIDATION_EXAMPLE: Final = {
    "type": "urn:tarot-tutor:problem:validation-failed", "title": "Unprocessable request",
    "status": 422, "detail": "“XX” is not a card: write it as a code such as KH, 10D, CS, "
                             "T21 or EX, or by its name.",
    "errors": [{"pointer": "/hand/3", "code": "unknown-card", "params": {"text": "XX"},
                "detail": "“XX” is not a card: write it as a code such as KH, 10D, CS, T21 "
                          "or EX, or by its name."}],
}

_PARAM: Final = re.compile(r"<(?:[^:<>]+:)?([^<>]+)>")
_BUILT: Final = "tutor.openapi_document"
_LOCK: Final = threading.Lock()


def _camel(name: str) -> str:
    words = [w for w in name.split("_") if w and w != "view"]
    return words[0] + "".join(w.capitalize() for w in words[1:])


def operation_ids(app: Flask) -> dict[tuple[str, str], str]:
    """``{(OpenAPI path, method): operationId}`` from the views' names; a view serving
    several methods gets the method appended (``pingGet``, ``pingPost``)."""
    found: dict[tuple[str, str], str] = {}
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/v1/") or rule.endpoint.startswith("api-docs"):
            continue
        view = app.view_functions[rule.endpoint]
        path = _PARAM.sub(r"{\1}", rule.rule)
        methods = sorted(m for m in (rule.methods or ()) if m not in ("HEAD", "OPTIONS"))
        base = _camel(getattr(view, "__name__", rule.endpoint.rsplit(".", 1)[-1]))
        for method in methods:
            found[(path, method.lower())] = (base + method.capitalize() if len(methods) > 1
                                             else base)
    return found


def document(app: Flask, base: Mapping[str, Any]) -> dict[str, Any]:
    """The enriched document of ``app`` (built once; ``base`` is flask-smorest's)."""
    built = app.extensions.get(_BUILT)
    if built is None:
        with _LOCK:
            built = app.extensions.get(_BUILT)
            if built is None:
                built = app.extensions[_BUILT] = _enrich(app, copy.deepcopy(dict(base)))
    return built


def _enrich(app: Flask, doc: dict[str, Any]) -> dict[str, Any]:
    from tutor.version import package_version

    doc["info"]["description"] = DESCRIPTION
    doc["info"]["version"] = package_version()
    doc["servers"] = SERVERS
    components = doc.setdefault("components", {})
    components.setdefault("parameters", {}).update(
        {"lang": LANG_PARAMETER, "AcceptLanguage": ACCEPT_LANGUAGE})
    ids = operation_ids(app)
    answers = _answers(app, doc)
    for path, operations in doc["paths"].items():
        for method, operation in operations.items():
            if method == "parameters":
                continue
            operation.setdefault("operationId", ids.get((path, method)) or _camel(
                f"{method}_{path.replace('/api/v1/', '').replace('/', '_')}"))
            parameters = operation.setdefault("parameters", [])
            if not any(p.get("name") == "lang" for p in parameters):
                parameters += [{"$ref": "#/components/parameters/lang"},
                               {"$ref": "#/components/parameters/AcceptLanguage"}]
            body = operation.get("requestBody", {}).get("content", {}).get(
                "application/json")
            if body is not None and "example" not in body:
                example = answers.get((path, method, "request"))
                if example is None and (path, method) == ("/api/v1/tables", "post"):
                    example = TABLE_EXAMPLE
                if example is not None:
                    body["example"] = example
            for status, response in operation.get("responses", {}).items():
                _add_example(response, status, answers.get((path, method, status)))
    for response in components.get("responses", {}).values():
        _add_example(response, "default", None)
    for tag in doc.get("tags", []):
        tag.setdefault("description", f"The {tag['name']} operations.")
    doc["paths"].update(copy.deepcopy(HEALTH_PATHS))
    return _typed(doc)


# --- types a client generator gets right ---------------------------------------------------


HEALTH_PATHS: Final[dict[str, Any]] = {
    "/health": {"get": {
        "operationId": "health", "tags": ["meta"],
        "summary": "Liveness: this process answers (no dependency asked).",
        "description": "For a load balancer or an orchestrator: restart the process only when "
                       "this fails.",
        "responses": {"200": {"description": "The process answers.", "content": {
            "application/json": {"schema": {
                "type": "object", "required": ["status"],
                "properties": {"status": {"type": "string", "enum": ["ok"]}}},
                "example": {"status": "ok"}}}}}}},
    "/ready": {"get": {
        "operationId": "ready", "tags": ["meta"],
        "summary": "Readiness: every required dependency answers.",
        "description": "200 when every required dependency (the database; Redis when "
                       "configured, not required) answers; else 503 problem+json naming what "
                       "is down, with `Retry-After`: take the host out of rotation for the "
                       "tables (the rule endpoints need no database).",
        "responses": {
            "200": {"description": "Ready.", "content": {"application/json": {
                "schema": {"type": "object", "required": ["status", "checks"], "properties": {
                    "status": {"type": "string", "enum": ["ready"]},
                    "checks": {"type": "object", "additionalProperties": {
                        "type": "string", "enum": ["ok", "down"]}}}},
                "example": {"status": "ready", "checks": {"database": "ok"}}}}},
            "503": {"description": "A required dependency is down.", "headers": {
                "Retry-After": {"description": "Seconds to wait before asking again.",
                                "schema": {"type": "integer"}}},
                "content": {"application/problem+json": {
                    "schema": {"type": "object", "required": [
                        "type", "title", "status", "detail", "checks", "down"], "properties": {
                        "type": {"type": "string"}, "title": {"type": "string"},
                        "status": {"type": "integer"}, "detail": {"type": "string"},
                        "checks": {"type": "object", "additionalProperties": {
                            "type": "string", "enum": ["ok", "down"]}},
                        "down": {"type": "array", "items": {"type": "string"}}}},
                    "example": {"type": "urn:tarot-tutor:problem:service-unavailable",
                                "title": "Service unavailable", "status": 503,
                                "detail": "The database cannot be reached right now: try "
                                          "again in 5 seconds.",
                                "checks": {"database": "down"}, "down": ["database"]}}}}}}},
}
"""``/health`` and ``/ready`` (:mod:`tutor.health`): outside ``/api/v1``, no language."""


def _enum_names() -> dict[frozenset[str], str]:
    """The enums given one component each, by their values (a component lists them in the
    order of their first use in the document)."""
    from rules_fr.cards import SUIT_ORDER
    from rules_fr.catalog import TOPICS
    from rules_fr.contracts import Camp, Contract
    from rules_fr.poignee import PoigneeLevel
    from tutor.i18n.language import supported_languages
    from tutor.services import quiz, rules

    contracts = [c.code for c in Contract]
    named = {
        "Lang": list(supported_languages()),
        "Camp": [c.value for c in Camp], "Contract": contracts,
        "Bid": ["passe", *contracts], "PoigneeLevel": [level.value for level in PoigneeLevel],
        "LedSuit": [*(suit.value for suit in SUIT_ORDER), "T"], "RuleTopic": list(TOPICS),
        "QuizKind": list(quiz.KINDS), "ExamplesView": list(rules.EXAMPLE_LEVELS),
    }
    return {frozenset(values): name for name, values in named.items()}


def _typed(doc: dict[str, Any]) -> dict[str, Any]:
    """The document with the types client generators get right (see the module's
    docstring): request defaults in words, one component per enum, the quiz position."""
    from tutor.api.quiz_positions import position_schema

    schemas = doc["components"]["schemas"]
    for schema in schemas.values():
        for prop in schema.get("properties", {}).values():
            _default_in_words(prop)
    for name in ("QuizResponse", "QuizAnswerResponse"):
        if name in schemas:
            schemas[name]["properties"]["position"] = position_schema()
    names = _enum_names()
    found: dict[str, list[Any]] = {}
    doc["components"] = _share_enums(doc["components"], names, found)
    doc["paths"] = _share_enums(doc["paths"], names, found)
    for name, values in sorted(found.items()):
        doc["components"]["schemas"][name] = {"type": "string", "enum": values}
    return doc


def _default_in_words(prop: dict[str, Any]) -> None:
    """A request member's ``default`` as a sentence of its description: the member stays
    optional for every generator (openapi-typescript makes one with a default required)."""
    if "default" not in prop:
        return
    default = prop.pop("default")
    if default is None:
        return
    said = f"Default: `{json.dumps(default, ensure_ascii=False)}`."
    prop["description"] = f"{prop['description']} {said}" if prop.get("description") else said


def _share_enums(node: Any, names: Mapping[frozenset[str], str],
                 found: dict[str, list[Any]]) -> Any:
    """``node`` (a new copy) with each enum of :func:`_enum_names` as a ``$ref`` to its
    component (``allOf`` beside a description, an example or ``nullable``: OpenAPI 3.0
    ignores the siblings of a ``$ref``); ``found`` collects the components used."""
    if isinstance(node, list):
        return [_share_enums(item, names, found) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _share_enums(value, names, found) for key, value in node.items()}
    enum = out.get("enum")
    if not isinstance(enum, list) or out.get("type") != "string":
        return out
    values = [value for value in enum if value is not None]
    name = names.get(frozenset(values))
    if name is None:
        return out
    found.setdefault(name, values)
    ref = {"$ref": f"#/components/schemas/{name}"}
    rest = {k: v for k, v in out.items() if k not in ("type", "enum", "nullable")}
    nullable = bool(out.get("nullable")) or None in enum
    if not rest and not nullable:
        return ref
    return {"allOf": [ref], **rest, **({"nullable": True} if nullable else {})}


def _status_of(status: str, response: Mapping[str, Any]) -> int:
    if status.isdigit():
        return int(status)
    for name, code in (("NOT_FOUND", 404), ("BAD_REQUEST", 400), ("UNPROCESSABLE", 422),
                       ("METHOD", 405), ("TOO_LARGE", 413), ("MEDIA", 415)):
        if name.lower() in str(response).lower():
            return code
    return 500


def _add_example(response: dict[str, Any], status: str, answer: Any) -> None:
    """An example on each media type of ``response`` that has none."""
    if "$ref" in response:
        return  # a component: it gets its own example
    for media_type, content in response.get("content", {}).items():
        if "example" in content or "examples" in content:
            continue
        if answer is not None and media_type == "application/json":
            content["example"] = answer
        elif media_type == "application/problem+json":
            content["example"] = _problem_example(_status_of(status, response),
                                                  response.get("description", ""))
        elif media_type == "text/event-stream":
            content["example"] = ('id: 1\nevent: bid\ndata: {"seq": 1, "type": "bid", '
                                  '"seat": 0, "bid": "passe"}\n\n')


def _problem_example(status: int, description: str) -> dict[str, Any]:
    if status == 422:
        return copy.deepcopy(_VALIDATION_EXAMPLE)
    for code, status_code in (("Not Found", 404), ("Method", 405), ("64 KiB", 413),
                              ("Media", 415), ("malformed", 400), ("never", 500)):
        if status == 500 and code in description:
            status = status_code
    key, title, detail = _PROBLEM_DETAILS.get(status, _PROBLEM_DETAILS[500])
    return {"type": f"urn:tarot-tutor:problem:{key}", "title": title,
            "status": status if status in _PROBLEM_DETAILS else 500, "detail": detail}


# --- the service's real answers to the examples ------------------------------------------


_GET_EXAMPLES: Final = {
    "/api/v1/rules": "/api/v1/rules?q=overtrump",
    "/api/v1/rules/{rule_id}": "/api/v1/rules/play.overtrump",
    "/api/v1/ping": "/api/v1/ping",  # (POST ping: the same answer, recorded below)
    "/api/v1/deal/plan": "/api/v1/deal/plan?players=4&dealer=0",
    "/api/v1/version": "/api/v1/version",
    "/api/v1/puzzles": "/api/v1/puzzles?players=4&seed=1",
}


def _answers(app: Flask, doc: Mapping[str, Any]) -> dict[tuple[str, str, str], Any]:
    """``{(path, method, status): body}``: what a throwaway app answers to each example."""
    from tutor import create_app

    folder = tempfile.mkdtemp(prefix="tarot-openapi-")
    try:
        examples_app = create_app({"TESTING": True, "DATABASE_URL":
                                   f"sqlite:///{folder}/examples.db"})
        examples_app.extensions["tarot_tables"].seed_deals(EXAMPLE_DEAL_SEED)
        client = examples_app.test_client()
        headers = {"Accept-Encoding": "identity"}
        found: dict[tuple[str, str, str], Any] = {}

        def record(path: str, method: str, response: Any) -> None:
            if response.is_json and response.status_code < 300:
                found[(path, method, str(response.status_code))] = response.get_json()

        for path, operations in doc["paths"].items():
            for method, operation in operations.items():
                if method == "parameters" or "{" in path:
                    continue
                body = (operation.get("requestBody", {}).get("content", {})
                        .get("application/json", {}).get("example"))
                if method == "post" and body is not None:
                    record(path, method, client.post(path + "?lang=en", json=body,
                                                     headers=headers))
                elif method == "get" and path in _GET_EXAMPLES:
                    url = _GET_EXAMPLES[path]
                    url += ("&" if "?" in url else "?") + "lang=en"
                    record(path, method, client.get(url, headers=headers))
        record("/api/v1/rules/{rule_id}", "get", client.get(
            _GET_EXAMPLES["/api/v1/rules/{rule_id}"] + "?lang=en", headers=headers))
        record("/api/v1/quiz/{kind}", "get", client.get(
            "/api/v1/quiz/play?players=4&seed=17&lang=en", headers=headers))
        found[("/api/v1/ping", "post", "200")] = found.get(("/api/v1/ping", "get", "200"))
        stand_ins = _StandIns()
        _table_answers(client, headers, found, stand_ins)
        replace = stand_ins.replacer()
        return {key: replace(value) for key, value in found.items()}
    except Exception:  # documentation must never break the API: examples are a bonus
        import logging

        logging.getLogger(__name__).exception("could not compute the OpenAPI examples")
        return {}
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _table_answers(client: Any, headers: dict[str, str],
                   found: dict[tuple[str, str, str], Any], stand_ins: _StandIns) -> None:
    created = client.post("/api/v1/tables?lang=en", json=TABLE_EXAMPLE, headers=headers)
    if created.status_code != 201:
        return
    stand_ins.table(created.get_json())
    found[("/api/v1/tables", "post", "201")] = created.get_json()
    table = created.get_json()
    path = f"/api/v1/tables/{table['id']}"
    auth = {**headers, "Authorization": f"Bearer {table['seat_tokens'][0]['token']}"}
    view = client.get(path + "?lang=en", headers=auth)
    found[("/api/v1/tables/{table_id}", "get", "200")] = view.get_json()
    action = {"seat": 0, "type": "bid", "bid": "passe", "seq": view.get_json()["seq"]}
    acted = client.post(path + "/actions?lang=en", json=action, headers=auth)
    if acted.status_code == 201:
        found[("/api/v1/tables/{table_id}/actions", "post", "201")] = acted.get_json()
        found[("/api/v1/tables/{table_id}/actions", "post", "request")] = action
    undone = client.post(path + "/undo?lang=en", headers=auth)
    if undone.status_code == 201:
        stand_ins.table(undone.get_json())
        found[("/api/v1/tables/{table_id}/undo", "post", "201")] = undone.get_json()
    ticket = client.post(path + "/stream-tickets?lang=en", headers=auth)
    if ticket.status_code == 201 and ticket.is_json:
        stand_ins.ticket(ticket.get_json())
        found[("/api/v1/tables/{table_id}/stream-tickets", "post", "201")] = ticket.get_json()
    events = client.get(path + "/events?since=0&lang=en", headers=auth)
    found[("/api/v1/tables/{table_id}/events", "get", "200")] = events.get_json()
    rotate = {"seat": 1}
    rotated = client.post(path + "/tokens?lang=en", json=rotate, headers={
        **headers, "Authorization": f"Bearer {table['referee_token']}"})
    if rotated.status_code == 201:
        stand_ins.values[rotated.get_json()["token"]] = stand_ins.token(
            stand_ins.values[table["id"]], "seat1-new")
        found[("/api/v1/tables/{table_id}/tokens", "post", "201")] = rotated.get_json()
        found[("/api/v1/tables/{table_id}/tokens", "post", "request")] = rotate
    from tutor.api.examples import DEAL

    prepared = {"players": 4, "bots": [0, 1, 2, 3], "deals": 3, "duplicate": {
        "hands": DEAL["hands"], "chien": DEAL["chien"], "taker": 3}}
    pair = [client.post("/api/v1/tables?lang=en", json=prepared, headers=headers).get_json()
            for _ in range(2)]
    for table in pair:
        stand_ins.table(table)
    review = client.get(f"/api/v1/tables/{pair[0]['id']}/deals/1?lang=en", headers={
        **headers, "Authorization": f"Bearer {pair[0]['referee_token']}"})
    if review.status_code == 200:
        found[("/api/v1/tables/{table_id}/deals/{number}", "get", "200")] = review.get_json()
    compare = {"tables": [{"id": t["id"], "token": t["referee_token"]} for t in pair]}
    compared = client.post("/api/v1/duplicate/compare?lang=en", json=compare, headers=headers)
    if compared.status_code == 200:
        found[("/api/v1/duplicate/compare", "post", "200")] = compared.get_json()
        found[("/api/v1/duplicate/compare", "post", "request")] = compare


TABLE_EXAMPLE: Final[dict[str, Any]] = {"players": 4, "bots": [1, 2, 3]}
"""The request example of ``POST /tables``: four players, seats 1 to 3 played by bots."""


EXAMPLE_DEAL_SEED: Final = 5
"""The seed of the throwaway app's deals (:meth:`tutor.tables.store.Store.seed_deals`): the
table examples show the same deal at every start — one where a bot takes after the reader's
seat passes, so the action's answer shows the bots' écart, « Jeu » and first cards."""
EXAMPLE_TIME: Final = datetime(2026, 1, 5, 9, 30, tzinfo=UTC)
"""When the examples' stream ticket was issued (its expiry follows from it)."""


class _StandIns:
    """The random and clock-dependent values of the throwaway app's table answers, each with
    a fixed stand-in of the same shape: table ids (16 URL-safe characters), tokens (43), stream
    tickets (signed as the service signs them, with the stand-in table and token) and their
    expiry. :meth:`apply` replaces every occurrence, inside longer strings too."""

    def __init__(self) -> None:
        self.values: dict[str, str] = {}
        self._tables = 0

    @staticmethod
    def token(table_id: str, role: str) -> str:
        return f"{table_id}-{role}-token-".ljust(43, "0")

    def table(self, created: Mapping[str, Any]) -> None:
        """The id and tokens of a new table: a ``POST /tables`` answer (every seat's token)
        or a ``POST /tables/{table_id}/undo`` one (the seat's)."""
        self._tables += 1
        table_id = f"exampleTable{self._tables:04d}"
        self.values[created["id"]] = table_id
        self.values[created["referee_token"]] = self.token(table_id, "referee")
        seats = created.get("seat_tokens") or [created]
        for seat in seats:
            self.values[seat["token"]] = self.token(table_id, f"seat{seat['seat']}")

    def ticket(self, answer: Mapping[str, Any]) -> None:
        """The ticket and expiry of a ``POST /tables/{table_id}/stream-tickets`` answer (its
        table known to :meth:`table`)."""
        from tutor.tables.store import hash_token
        from tutor.tables.tickets import issue

        real_table, who = answer["ticket"].split(".")[:2]
        table_id = self.values[real_table]
        token = self.token(table_id, "referee" if who == "r" else f"seat{who}")
        ticket, expires = issue(table_id, None if who == "r" else int(who), hash_token(token),
                                None, int(answer["expires_in"]), EXAMPLE_TIME.timestamp())
        self.values[answer["ticket"]] = ticket
        self.values[answer["expires_at"]] = (datetime.fromtimestamp(expires, UTC).isoformat()
                                             .replace("+00:00", "Z"))

    def replacer(self) -> Callable[[Any], Any]:
        """A function of JSON data: the same data with every known value replaced by its
        stand-in (the longest first: a ticket before the table id it starts with)."""
        values = dict(self.values)
        pattern = re.compile("|".join(re.escape(v) for v in sorted(values, key=len,
                                                                     reverse=True)))

        def walk(node: Any) -> Any:
            if isinstance(node, str):
                return pattern.sub(lambda m: values[m.group(0)], node) if values else node
            if isinstance(node, list):
                return [walk(item) for item in node]
            if isinstance(node, dict):
                return {walk(k): walk(v) for k, v in node.items()}
            return node

        return walk
