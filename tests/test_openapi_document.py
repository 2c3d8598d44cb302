"""The OpenAPI document as a chatbot's tool layer or a client generator reads it: an
operationId on every operation, `lang` and Accept-Language documented, an example for every
request body and every response status, servers, a description that teaches the conventions,
described tags; and the errors a generated client meets say what was expected."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from flask.testing import FlaskClient

from tutor import create_app


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
    assert parameters["lang"]["schema"] == {"$ref": "#/components/schemas/Lang"}
    assert document["components"]["schemas"]["Lang"]["enum"] == ["fr", "en"]
    assert parameters["AcceptLanguage"]["in"] == "header"
    for path, method, operation in _operations(document):
        if not path.startswith("/api/"):
            continue  # /health and /ready: no sentences
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


_FETCH_IN_ANOTHER_PROCESS = """
import hashlib, sys, tempfile
from tutor import create_app
folder = tempfile.mkdtemp()
app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder}/third.db"})
answer = app.test_client().get("/api/v1/openapi.json")
print(hashlib.sha256(answer.data).hexdigest(), answer.headers["ETag"])
"""


def test_the_document_is_the_same_in_every_process(tmp_path: Path) -> None:
    """Two apps on two databases serve the same bytes under the same strong ETag, and so does
    a third process started later with another hash seed: the workers of one server agree,
    and a restart changes nothing (the table examples deal from a fixed seed and show fixed
    ids, tokens, tickets and times)."""
    answers = [create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path}/{name}.db"})
               .test_client().get("/api/v1/openapi.json") for name in ("first", "second")]
    assert answers[0].data == answers[1].data
    assert answers[0].headers["ETag"] == answers[1].headers["ETag"]
    third = subprocess.run([sys.executable, "-c", _FETCH_IN_ANOTHER_PROCESS], check=True,
                           capture_output=True, text=True, cwd=Path(__file__).parent.parent,
                           env={**os.environ, "PYTHONHASHSEED": "4242"}, timeout=120)
    digest, etag = third.stdout.split()[-2:]
    assert digest == hashlib.sha256(answers[0].data).hexdigest()
    assert etag == answers[0].headers["ETag"]


_IDENTIFIERS = ("id", "token", "referee_token", "ticket", "table", "tables")


def _identifiers(node: Any, key: str = "") -> list[str]:
    """The table ids, tokens and tickets of an example (strings under those keys)."""
    if isinstance(node, dict):
        return [found for k, v in node.items() for found in _identifiers(v, k)]
    if isinstance(node, list):
        return [found for item in node for found in _identifiers(item, key)]
    return [node] if isinstance(node, str) and key in _IDENTIFIERS else []


def test_table_examples_show_stand_ins_never_a_real_table(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path}/live.db"})
    client = app.test_client()
    live = client.post("/api/v1/tables", json={"players": 4, "bots": [1, 2, 3]}).get_json()
    text = client.get("/api/v1/openapi.json").get_data(as_text=True)
    secrets = [live["id"], live["referee_token"], *(s["token"] for s in live["seat_tokens"])]
    assert not [secret for secret in secrets if secret in text]
    paths = json.loads(text)["paths"]
    examples = {(path, method, status): content["example"]
                for path, operations in paths.items() if "/tables" in path or "/duplicate" in path
                for method, operation in operations.items() if method != "parameters"
                for status, response in [("request", operation.get("requestBody", {})),
                                         *operation["responses"].items()]
                for media, content in response.get("content", {}).items()
                if media == "application/json" and "example" in content}
    names = [name for example in examples.values() for name in _identifiers(example)]
    assert names and all(name.startswith("exampleTable") for name in names), names
    created = examples[("/api/v1/tables", "post", "201")]
    assert created["id"] == created["table"]["id"] == "exampleTable0001"
    assert {len(created["referee_token"])} == {len(s["token"]) for s in created["seat_tokens"]
                                               } == {len(live["referee_token"])}
    assert len(created["id"]) == len(live["id"])
    ticket = examples[("/api/v1/tables/{table_id}/stream-tickets", "post", "201")]
    assert ticket["ticket"].startswith(created["id"] + ".0.")
    assert ticket["stream"] == f"/api/v1/tables/{created['id']}/stream?ticket={ticket['ticket']}"
    seat = created["seat_tokens"][0]["token"]  # a stand-in opens nothing here
    assert client.get(f"/api/v1/tables/{created['id']}",
                      headers={"Authorization": f"Bearer {seat}"}).status_code == 404


def _json_schema(node: Any) -> Any:
    """An OpenAPI 3.0 schema as JSON Schema: ``nullable`` becomes ``null`` allowed."""
    if isinstance(node, list):
        return [_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    converted = {key: _json_schema(value) for key, value in node.items()}
    if converted.pop("nullable", False):
        return {"anyOf": [converted, {"type": "null"}]}
    return converted


def test_every_json_example_validates_against_its_schema(document: dict[str, Any]) -> None:
    components = _json_schema(document["components"])
    checked = 0
    for path, method, operation in _operations(document):
        contents = [("request", operation.get("requestBody", {}).get("content", {}))]
        contents += [(status, _resolved(document, response).get("content", {}))
                     for status, response in operation["responses"].items()]
        for status, content in contents:
            for media_type, media in content.items():
                if "json" not in media_type or "schema" not in media or "example" not in media:
                    continue
                validator = jsonschema.Draft202012Validator(
                    {"components": components, "allOf": [_json_schema(media["schema"])]})
                errors = [f"{list(e.absolute_path)}: {e.message}"
                          for e in validator.iter_errors(media["example"])]
                assert not errors, (path, method, status, media_type, errors[:3])
                checked += 1
    assert checked > 200


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


# --- types a client generator gets right (issue 26, item 5) ----------------------------------


def _walk(node: Any):
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def test_no_request_member_has_a_default(document: dict[str, Any]) -> None:
    """openapi-typescript makes a member with a ``default`` required: the default is said in
    words instead, and the member stays optional."""
    for name, schema in document["components"]["schemas"].items():
        for member, prop in schema.get("properties", {}).items():
            assert "default" not in prop, (name, member)
    alone = document["components"]["schemas"]["ScoreRequest"]["properties"]["alone"]
    assert alone["description"].endswith("Default: `false`.")
    assert "alone" not in document["components"]["schemas"]["ScoreRequest"]["required"]


def test_one_component_per_enum(document: dict[str, Any]) -> None:
    """One Lang, one Camp, one Contract… (a generator makes one type of each), nullable where
    used through allOf + nullable, never an enum listing null."""
    schemas = document["components"]["schemas"]
    assert schemas["Camp"] == {"type": "string", "enum": ["taker", "defense"]}
    for name in ("Lang", "Contract", "Bid", "PoigneeLevel", "QuizKind", "RuleTopic"):
        assert schemas[name]["type"] == "string" and None not in schemas[name]["enum"]
    shared = {tuple(schemas[name]["enum"]) for name in ("Lang", "Camp", "Contract", "Bid",
                                                        "PoigneeLevel")}
    for node in _walk({"paths": document["paths"], "schemas": {
            k: v for k, v in schemas.items() if k not in ("Lang", "Camp", "Contract", "Bid",
                                                          "PoigneeLevel")}}):
        if "enum" in node:
            assert None not in node["enum"], node
            assert tuple(node["enum"]) not in shared, node
    petit = schemas["ScoreRequest"]["properties"]["petit_au_bout"]
    assert petit["allOf"] == [{"$ref": "#/components/schemas/Camp"}] and petit["nullable"]


def test_quiz_position_is_typed_per_kind(document: dict[str, Any],
                                         client: FlaskClient) -> None:
    position = document["components"]["schemas"]["QuizResponse"]["properties"]["position"]
    assert len(position["oneOf"]) == 13 and set(position["x-kinds"]) >= {"play", "score"}
    schemas = _json_schema(document["components"]["schemas"])
    for kind, ref in position["x-kinds"].items():
        answer = client.get(f"/api/v1/quiz/{kind}?players=5&seed=3").get_json()
        validator = jsonschema.Draft202012Validator(
            {"components": {"schemas": schemas}, "$ref": ref})
        assert not list(validator.iter_errors(answer["position"])), kind


def test_version_health_and_ready_are_documented(document: dict[str, Any],
                                                 client: FlaskClient) -> None:
    from importlib import metadata

    answer = client.get("/api/v1/version").get_json()
    assert answer == {"version": metadata.version("tarot-tutor"), "api_version": "1",
                      "rules_date": "2012-07-01"}
    assert document["info"]["version"] == answer["version"]
    assert document["paths"]["/api/v1/version"]["get"]["operationId"] == "getVersion"
    assert document["paths"]["/health"]["get"]["operationId"] == "health"
    assert set(document["paths"]["/ready"]["get"]["responses"]) == {"200", "503"}


def test_no_partner_score_where_there_is_none(client: FlaskClient) -> None:
    body = {"players": 4, "contract": "garde", "bouts": 2, "points": 49}
    assert "partner" not in client.post("/api/v1/score", json=body).get_json()["scores"]
    five = client.post("/api/v1/score", json={**body, "players": 5}).get_json()
    assert five["scores"]["partner"] == 66
    alone = client.post("/api/v1/score", json={**body, "players": 5, "alone": True})
    assert "partner" not in alone.get_json()["scores"]
