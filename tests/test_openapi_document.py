"""The OpenAPI document as a chatbot's tool layer or a client generator reads it: an
operationId on every operation, `lang` and Accept-Language documented, an example for every
request body and every response status, servers, a description that teaches the conventions,
described tags; and the errors a generated client meets say what was expected."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tutor import create_app


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app({"TESTING": True}).test_client()


@pytest.fixture(scope="module")
def document(client: FlaskClient) -> dict[str, Any]:
    return client.get("/api/v1/openapi.json").get_json()


def _operations(document: dict[str, Any]):
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if method != "parameters":
                yield path, method, operation


def _resolved(document: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in node:
        return document["components"]["responses"][node["$ref"].rsplit("/", 1)[-1]]
    return node


def test_every_operation_has_a_unique_operation_id(document: dict[str, Any]) -> None:
    ids = [operation.get("operationId") for _, _, operation in _operations(document)]
    assert all(ids) and len(ids) == len(set(ids))
    by_path = {(p, m): o["operationId"] for p, m, o in _operations(document)}
    assert by_path[("/api/v1/check/play", "post")] == "checkPlay"
    assert by_path[("/api/v1/rules/{rule_id}", "get")] == "getRule"


def test_lang_and_accept_language_are_documented(document: dict[str, Any]) -> None:
    parameters = document["components"]["parameters"]
    assert parameters["lang"]["schema"]["enum"] == ["fr", "en"]
    assert parameters["AcceptLanguage"]["in"] == "header"
    for path, method, operation in _operations(document):
        refs = {p.get("$ref") for p in operation["parameters"]}
        assert "#/components/parameters/AcceptLanguage" in refs, (path, method)
        assert "#/components/parameters/lang" in refs or any(
            p.get("name") == "lang" for p in operation["parameters"]), (path, method)


def test_every_request_body_and_response_status_has_an_example(
        document: dict[str, Any]) -> None:
    for path, method, operation in _operations(document):
        body = operation.get("requestBody", {}).get("content", {})
        for media_type, content in body.items():
            assert "example" in content, (path, method, media_type)
        for status, response in operation["responses"].items():
            contents = _resolved(document, response).get("content", {})
            assert contents, (path, method, status)
            for media_type, content in contents.items():
                assert "example" in content, (path, method, status, media_type)


def test_success_examples_are_real_answers(document: dict[str, Any],
                                           client: FlaskClient) -> None:
    play = document["paths"]["/api/v1/check/play"]["post"]
    request = play["requestBody"]["content"]["application/json"]["example"]
    answer = play["responses"]["200"]["content"]["application/json"]["example"]
    assert answer == client.post("/api/v1/check/play?lang=en", json=request).get_json()
    created = document["paths"]["/api/v1/tables"]["post"]["responses"]["201"]
    assert created["content"]["application/json"]["example"]["seat_tokens"]


def test_servers_description_and_tags(document: dict[str, Any]) -> None:
    assert document["servers"] and document["servers"][0]["url"]
    description = document["info"]["description"]
    for convention in ("`KH`", "`T21`", "`EX`", "Seats", "0.5", "problem+json", "lang"):
        assert convention in description, convention
    assert document["tags"] and all(tag.get("description") for tag in document["tags"])


def test_the_document_is_cached(client: FlaskClient) -> None:
    first = client.get("/api/v1/openapi.json")
    again = client.get("/api/v1/openapi.json", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


@pytest.mark.parametrize(("body", "pointer", "fragments"), [
    ({"players": 4, "hand": "KH", "card": "KH"}, "/hand",
     ["a list of card codes", '"KH", "T21", "EX"']),
    ({"players": "four", "hand": ["KH"], "card": "KH"}, "/players", ["an integer", "4"]),
    ({"players": 4, "hand": ["KH", 7], "card": "KH"}, "/hand/1", ["a card code", '"KH"']),
    ({"players": 4, "hand": ["KH"], "card": "KH", "first_trick": "yes"}, "/first_trick",
     ["true or false"]),
    ({"players": 4, "hand": ["KH"], "card": "KH", "colour": "red"}, "/colour",
     ["“colour”", "players, hand, trick, card, first_trick, called_card"]),
])
def test_errors_say_what_was_expected(client: FlaskClient, body: dict[str, Any], pointer: str,
                                      fragments: list[str]) -> None:
    response = client.post("/api/v1/check/play?lang=en", json=body)
    assert response.status_code == 422
    errors = {e["pointer"]: e for e in response.get_json()["errors"]}
    assert pointer in errors, errors
    for fragment in fragments:
        assert fragment in errors[pointer]["detail"], errors[pointer]


def test_expected_form_in_french(client: FlaskClient) -> None:
    response = client.post("/api/v1/check/play?lang=fr", json={
        "players": 4, "hand": "KH", "card": "KH"})
    assert "une liste de codes de cartes" in response.get_json()["detail"]
