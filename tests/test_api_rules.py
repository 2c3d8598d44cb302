"""GET /api/v1/rules and /api/v1/rules/{rule_id}: the catalog in both languages, and every rule
a violation may cite is served."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from rules_fr.catalog import RULES
from rules_fr.verdicts import RULE_ALTERNATIVES, RULE_OF_CODE
from tutor.api.rules import examples_for
from tutor.examples import examples_for_rule


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
        assert [e["id"] for e in served["examples"]] == [
            e["id"] for e in examples_for_rule(served["id"])]
        assert not any(re.search(r"\d{3}_[0-9a-f]{16}", s) for s in served["sources"])
    assert sum(len(r["examples"]) for r in rules) > 0


def test_every_violation_rule_is_served(client: FlaskClient) -> None:
    narrower = {r for rules in RULE_ALTERNATIVES.values() for r in rules}
    for rule_id in set(RULE_OF_CODE.values()) | narrower:
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
    assert len(french.get_json()["sources"]) == len(RULES["play.overtrump"].sources)
    assert french.get_json()["sources"][0] == english.get_json()["sources"][0] == "Tarotman"
    assert french.get_json()["sources"][-1] == "Règlement officiel de la FFT (2012)"
    assert english.get_json()["sources"][-1] == "FFT rulebook 2012"
    assert english.get_json()["source"] == ", ".join(english.get_json()["sources"])


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


def test_unknown_rule_lists_the_closest_ids(client: FlaskClient) -> None:
    payload = client.get("/api/v1/rules/excuse?lang=en").get_json()
    assert payload["status"] == 404
    assert payload["closest"] and all("excuse" in rule_id for rule_id in payload["closest"])
    assert all(rule_id in payload["detail"] for rule_id in payload["closest"])
    typo = client.get("/api/v1/rules/play.folow-suit").get_json()
    assert typo["closest"][0] == "play.follow-suit"


def test_example_sources_are_titles(client: FlaskClient) -> None:
    served = client.get("/api/v1/rules/score.total?lang=en").get_json()["examples"]
    assert served[0]["sources"] == ["Tarotman"]


def _ids(client: FlaskClient, **query: str) -> list[str]:
    response = client.get("/api/v1/rules", query_string=query)
    assert response.status_code == 200, response.get_json()
    return [rule["id"] for rule in response.get_json()["rules"]]


@pytest.mark.parametrize(("query", "expected"), [
    ("overtrump", "play.overtrump"),                 # English
    ("monter à l'atout", "play.overtrump"),          # French
    ("MONTER A L'ATOUT", "play.overtrump"),          # case and accents ignored
    ("surcouper", "play.overtrump"),                 # a verb finds its noun
    ("écart roi", "ecart.no-king-no-bout"),
    ("ecart KING", "ecart.no-king-no-bout"),         # both languages in one query
    ("petit au bout chelem", "petit.au-bout-chelem"),
])
def test_search_ranks_the_rule_first(client: FlaskClient, query: str, expected: str) -> None:
    assert _ids(client, q=query)[0] == expected


def test_search_every_word_counts(client: FlaskClient) -> None:
    excuse = _ids(client, q="excuse")
    assert len(excuse) >= 5 and all(
        "excuse" in rule_id or "excuse" in RULES[rule_id].text.lower() for rule_id in excuse)
    narrower = _ids(client, q="excuse dernier pli")
    assert narrower and set(narrower) < set(excuse)
    assert narrower[0] == "excuse.last-trick"


def test_search_by_topic(client: FlaskClient) -> None:
    assert _ids(client, topic="king-call") == [
        r.id for r in RULES.values() if r.topic == "king-call"]
    assert _ids(client, q="dame", topic="king-call")[0] == "call.ladder"
    assert _ids(client, q="excuse", topic="scoring") == [
        r for r in _ids(client, q="excuse") if RULES[r].topic == "scoring"]
    refused = client.get("/api/v1/rules?topic=nope&lang=en")
    assert refused.status_code == 422
    assert refused.get_json()["errors"][0]["pointer"] == "/query/topic"


def test_search_nothing_found_is_an_empty_list(client: FlaskClient) -> None:
    assert _ids(client, q="zzzqqq") == []
    assert _ids(client, q="the") == list(RULES)  # stop words only: no filter


def test_pages_cover_the_list_once(client: FlaskClient) -> None:
    """``limit`` and ``cursor`` walk the same list as one unpaged answer, each rule once;
    ``total`` counts them all and the last page has no ``next_cursor``."""
    whole = client.get("/api/v1/rules?q=excuse").get_json()
    seen: list[str] = []
    cursor: str | None = None
    while True:
        query = {"q": "excuse", "limit": 3, **({"cursor": cursor} if cursor else {})}
        page = client.get("/api/v1/rules", query_string=query).get_json()
        assert len(page["rules"]) <= 3 and page["total"] == whole["total"]
        seen += [r["id"] for r in page["rules"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert seen == [r["id"] for r in whole["rules"]] and whole["next_cursor"] is None
    past = client.get("/api/v1/rules?limit=2&cursor=999").get_json()
    assert past["rules"] == [] and past["next_cursor"] is None


def test_summaries_and_examples_on_request(client: FlaskClient) -> None:
    """``view=summary`` gives each rule's id, topic, title, first sentence and the sentence
    matching the query; ``examples`` says how much of each worked example comes along."""
    answer = client.get("/api/v1/rules?q=excuse dernier pli&view=summary&lang=en")
    summaries = answer.get_json()["rules"]
    assert summaries and all(set(r) == {"id", "topic", "title", "summary", "snippet"}
                             for r in summaries)
    assert all(len(r["summary"]) <= 161 for r in summaries)
    assert len(answer.data) < len(client.get("/api/v1/rules?q=excuse dernier pli").data) / 20
    brief = client.get("/api/v1/rules/score.targets?examples=brief").get_json()
    told = client.get("/api/v1/rules/score.targets?examples=told&lang=en").get_json()
    full = client.get("/api/v1/rules/score.targets").get_json()
    assert [set(e) for e in brief["examples"]] == [{"id", "title", "url"}] * len(
        full["examples"])
    assert told["examples"][0]["story"][0]["text"].startswith("With 4 players")
    assert "steps" in full["examples"][0]  # the default stays the full answer
    assert "examples" not in client.get("/api/v1/rules/score.targets?examples=none").get_json()


@pytest.mark.parametrize("query, field", [("view=wide", "view"), ("examples=all", "examples"),
                                          ("limit=0", "limit"), ("limit=101", "limit"),
                                          ("cursor=-3", "cursor")])
def test_bad_paging_is_a_422_naming_the_parameter(client: FlaskClient, query: str,
                                                  field: str) -> None:
    answer = client.get(f"/api/v1/rules?{query}&lang=en")
    assert answer.status_code == 422, answer.get_json()
    assert answer.get_json()["errors"][0]["pointer"] == f"/query/{field}"


# --- worked examples in the reader's language (issues 24 and 26) ----------------------------

def _catalog_titles(language: str) -> dict[tuple[str, str], str]:
    """``(context, msgid) → msgstr`` of the worked examples' titles and feature names."""
    from babel.messages.pofile import read_po

    from tutor.i18n.catalogs import TRANSLATIONS_DIR

    path = TRANSLATIONS_DIR / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=language)
    return {(m.context, m.id): m.string for m in catalog
            if m.id and (m.context or "").startswith("example ")}


def _context(kind: str, entry: dict) -> str:
    language = entry["language"]
    return f"example {kind}" if language == "fr" else f"example {kind} ({language})"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_example_is_served_with_its_title_and_feature_in_the_readers_language(
        client: FlaskClient, lang: str) -> None:
    """Every rule's worked examples, in full: title and feature in the reader's language (the
    catalog's translation; English, never the French, under ``lang=en``), the steps as written
    and labelled with their language."""
    from tutor.examples import all_examples

    words = _catalog_titles(lang)
    written = {e["id"]: e for e in all_examples()}
    seen: set[str] = set()
    for rule_id in RULES:
        if not examples_for_rule(rule_id):
            continue
        served = client.get(f"/api/v1/rules/{rule_id}?lang={lang}").get_json()["examples"]
        for example in served:
            entry = written[example["id"]]
            title = words[(_context("title", entry), entry["title"])]
            feature = words[(_context("feature", entry), entry["feature"])]
            assert (example["title"], example["feature"]) == (title, feature), example["id"]
            assert example["steps_language"] == example["language"] == entry["language"]
            assert example["steps"] == entry["steps"]  # never translated
            if lang != entry["language"]:
                assert example["title"] != entry["title"], example["id"]
                assert example["feature"] != entry["feature"], example["id"]
            seen.add(example["id"])
    assert seen == set(written) - {e["id"] for e in written.values() if not e["rules"]}


def test_brief_and_told_examples_have_english_titles(client: FlaskClient) -> None:
    french = {e["id"]: e["title"] for e in examples_for_rule("score.total")
              if e["language"] == "fr"}
    for level in ("brief", "told"):
        served = client.get(f"/api/v1/rules/score.total?lang=en&examples={level}"
                            ).get_json()["examples"]
        assert served and all(e["title"] != french[e["id"]] for e in served
                              if e["id"] in french)
        assert served[0]["title"] == ("Example 1 — a garde won with a handful and the petit "
                                      "au bout: 106")
    listed = client.get("/api/v1/rules?q=chelem&lang=en&view=summary&examples=brief"
                        ).get_json()["rules"]
    titles = [e["title"] for rule in listed for e in rule.get("examples", [])]
    assert titles and not any("chelem" in title.lower() for title in titles)
    french_listed = client.get("/api/v1/rules/score.total?lang=fr&examples=brief"
                               ).get_json()["examples"]
    assert [e["title"] for e in french_listed if e["id"] in french] == list(french.values())
    assert "Exemple 1 — une garde gagnée avec une poignée et le petit au bout : 106" in [
        e["title"] for e in french_listed if e["id"] not in french]  # the English file's
