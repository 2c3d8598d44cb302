"""GET /api/v1/rules and /api/v1/rules/{rule_id}: the catalog in both languages, and every rule
a violation may cite is served."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from rules_fr.catalog import RULES
from rules_fr.verdicts import RULE_OF_CODE
from tutor import create_app
from tutor.api.rules import examples_for
from tutor.examples import examples_for_rule


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app({"TESTING": True}).test_client()


def test_rules_list_every_rule_in_order(client: FlaskClient) -> None:
    response = client.get("/api/v1/rules")
    assert response.status_code == 200
    assert response.headers["Content-Language"] == "fr"
    rules = response.get_json()["rules"]
    assert [r["id"] for r in rules] == list(RULES)
    for served in rules:
        assert set(served) >= {"id", "topic", "title", "text", "source", "sources", "note",
                               "examples"}
        assert served["title"] and served["text"] and served["sources"]
        assert served["examples"] == examples_for_rule(served["id"])
    assert sum(len(r["examples"]) for r in rules) > 0


def test_every_violation_rule_is_served(client: FlaskClient) -> None:
    for rule_id in set(RULE_OF_CODE.values()):
        response = client.get(f"/api/v1/rules/{rule_id}")
        assert response.status_code == 200, rule_id
        assert response.get_json()["id"] == rule_id


def test_rule_in_french_and_english(client: FlaskClient) -> None:
    french = client.get("/api/v1/rules/play.overtrump?lang=fr")
    english = client.get("/api/v1/rules/play.overtrump",
                         headers={"Accept-Language": "en-US,en;q=0.9"})
    assert french.headers["Content-Language"] == "fr"
    assert english.headers["Content-Language"] == "en"
    assert french.get_json()["title"] == RULES["play.overtrump"].title
    assert french.get_json()["sources"] == english.get_json()["sources"]


def test_unknown_rule_is_404_problem(client: FlaskClient) -> None:
    response = client.get("/api/v1/rules/play.no-such-rule?lang=en")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"
    payload = response.get_json()
    assert payload["status"] == 404
    assert payload["type"].endswith(":unknown-rule")
    assert payload["title"] and payload["detail"]
    assert response.headers["Content-Language"] == "en"


def test_rule_id_path_is_bounded(client: FlaskClient) -> None:
    response = client.get("/api/v1/rules/" + "a" * 500)
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"


def test_rule_examples_are_the_scenarios_tagged_with_it(client: FlaskClient) -> None:
    served = client.get("/api/v1/rules/score.total").get_json()["examples"]
    assert served and all("score.total" in example["rules"] for example in served)
    assert all(example["id"] and example["title"] and example["url"] for example in served)
    assert [e["id"] for e in served] == [e["id"] for e in examples_for(RULES["score.total"])]
