"""Schemathesis over the whole OpenAPI document, in-process: no input produces a 5xx, and every
response conforms to its documented schema, status and content type.

Positive data acceptance is not checked: a body the schema allows may still be refused with 422
for its meaning (a card both in the hand and the trick, an unknown card name — card fields
accept any text the parser may read, a hand too large for the player count, an impossible
score), which OpenAPI cannot express.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import (
    ignored_auth,
    missing_required_header,
    negative_data_rejection,
    positive_data_acceptance,
)

from tutor import create_app

# the live tables' database: a file of this run (tables created by the cases land there)
app = create_app({"TESTING": True,
                  "DATABASE_URL": f"sqlite:///{tempfile.mkdtemp()}/tables.db"})
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
PLAIN = {"Accept-Encoding": "identity"}
"""In-process, schemathesis advertises the codings of its HTTP client but reads the WSGI
body as it is: ask for it uncompressed (tests/test_http_caching.py checks the codings)."""


@schema.parametrize()
@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_openapi_document(case: schemathesis.Case) -> None:
    case.headers = {**(case.headers or {}), **PLAIN}
    case.call_and_validate(excluded_checks=[positive_data_acceptance])


def test_documented_examples_are_accepted() -> None:
    """Every request example of the document (the docs page's pre-filled bodies) is a 200."""
    client = app.test_client()
    document = client.get("/api/v1/openapi.json").get_json()
    sent: set[str] = set()
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if method == "parameters":
                continue
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if (body is None or "example" not in body or operation.get("security")
                    or path == "/api/v1/duplicate/compare"):
                continue  # the tables' examples name tables of the documenting app
            response = client.open(path, method=method.upper(), json=body["example"])
            assert response.status_code in (200, 201), (path, response.get_json())
            sent.add(path)
    assert sent >= {f"/api/v1/check/{name}" for name in
                    ("play", "ecart", "bid", "king-call", "poignee", "hand", "deal")} | {
        "/api/v1/score", "/api/v1/score/deal"}


# --- the live tables, with a real table and its tokens --------------------------------------
# Without a token every table operation answers 401 (the test above checks that); here each
# case targets a real table with one of its tokens, so the 200 views and events, the 403s,
# 409s and 422s of actions are checked against their documented schemas too. The SSE stream is
# left out: its response is an open text/event-stream that ends only after `timeout` seconds
# (test_tables_api.py::test_table_events_since_and_stream reads it with a limit instead).

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tables_driver import API, TestClientHttp, choose  # noqa: E402

_client = TestClientHttp(app.test_client())
_TABLE = _client.post(API, {"players": 4, "deals": 3, "bots": [3]})[1]
_PHYSICAL = _client.post(API, {"players": 3, "deals": 3, "mode": "physical"})[1]
_tables = schema.include(path_regex=r"^/api/v1/tables/\{table_id\}").exclude(
    path_regex=r"/stream$")


def _tokens(table: dict[str, Any]) -> list[str]:
    return [table["referee_token"], *(t["token"] for t in table["seat_tokens"])]


@_tables.parametrize()
@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_tables_conform_with_a_real_table_and_token(case: schemathesis.Case) -> None:
    table = _TABLE if len(str(case.body)) % 3 else _PHYSICAL
    tokens = _tokens(table)
    case.path_parameters = {**(case.path_parameters or {}), "table_id": table["id"]}
    case.headers = {**(case.headers or {}), **PLAIN,
                    "Authorization": f"Bearer {tokens[len(str(case.query)) % len(tokens)]}"}
    # ignored_auth and missing_required_header judge the generated (random or absent)
    # credentials, which this test replaces with a real token on purpose
    # (negative_data_rejection too: a "wrong" path or token generated for a negative case is
    # replaced by the real one above, so the request is no longer the invalid one it judges)
    case.call_and_validate(excluded_checks=[positive_data_acceptance, ignored_auth,
                                            missing_required_header, negative_data_rejection])


def test_tables_played_responses_conform() -> None:
    """A deal played through the API, every response (views, 201 actions with their events,
    scored deals, the event log) validated against the documented schemas; likewise a physical
    table's records, revoke and all."""
    client = app.test_client()
    http = TestClientHttp(client)
    view_op = schema["/api/v1/tables/{table_id}"]["GET"]
    act_op = schema["/api/v1/tables/{table_id}/actions"]["POST"]
    events_op = schema["/api/v1/tables/{table_id}/events"]["GET"]
    create_op = schema["/api/v1/tables"]["POST"]

    def auth(token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    response = client.post(API, json={"players": 3, "deals": 3, "bots": [1, 2]})
    create_op.validate_response(response)
    table = response.get_json()
    tid, token = table["id"], table["seat_tokens"][0]["token"]
    rng = random.Random(7)
    scored = 0
    for _ in range(120):
        response = client.get(f"{API}/{tid}", headers=auth(token))
        view_op.validate_response(response)
        view = response.get_json()
        if view["over"] or scored >= 1:
            break
        response = client.post(f"{API}/{tid}/actions", json=choose(view, rng),
                               headers=auth(token))
        assert response.status_code == 201, response.get_json()
        act_op.validate_response(response)
        scored = len(response.get_json()["table"]["scoresheet"]["entries"])
    assert scored
    events_op.validate_response(client.get(f"{API}/{tid}/events?since=0", headers=auth(token)))

    physical = http.post(API, {"players": 4, "deals": 3, "mode": "physical"})[1]
    tid, referee = physical["id"], physical["referee_token"]
    seq = physical["table"]["seq"]
    records = [{"type": "bid", "seat": s, "bid": b} for s, b in
               ((1, "garde"), (2, "passe"), (3, "passe"), (0, "passe"))]
    records += [{"type": "chien", "cards": ["2C", "3C", "4C", "5C", "6C", "7C"]},
                {"type": "poignee", "seat": 1, "cards": [f"T{r}" for r in range(1, 11)]}]
    records += [{"type": "play", "seat": s, "card": c} for s, c in
                ((1, "5H"), (2, "2S"), (3, "3H"), (0, "4H"), (1, "7S"), (2, "KH"))]
    for record in records:
        response = client.post(f"{API}/{tid}/actions", json={**record, "seq": seq},
                               headers=auth(referee))
        assert response.status_code == 201, response.get_json()
        act_op.validate_response(response)
        seq = response.get_json()["seq"]
    assert response.get_json()["events"][-1]["type"] == "revoke"
    view_op.validate_response(client.get(f"{API}/{tid}", headers=auth(referee)))
    events_op.validate_response(client.get(f"{API}/{tid}/events?since=0",
                                           headers=auth(physical["seat_tokens"][0]["token"])))
