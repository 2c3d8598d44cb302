"""Schemathesis over the whole OpenAPI document, in-process: no input produces a 5xx, and every
response conforms to its documented schema, status and content type.

Positive data acceptance is not checked: a body the schema allows may still be refused with 422
for its meaning (a card both in the hand and the trick, an unknown card name — card fields
accept any text the parser may read, a hand too large for the player count, an impossible
score), which OpenAPI cannot express.
"""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from tutor import create_app

app = create_app({"TESTING": True})
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)


@schema.parametrize()
@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_openapi_document(case: schemathesis.Case) -> None:
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
            if body is None or "example" not in body:
                continue
            response = client.open(path, method=method.upper(), json=body["example"])
            assert response.status_code == 200, (path, response.get_json())
            sent.add(path)
    assert sent >= {f"/api/v1/check/{name}" for name in
                    ("play", "ecart", "bid", "king-call", "poignee", "hand", "deal")} | {
        "/api/v1/score", "/api/v1/score/deal"}
