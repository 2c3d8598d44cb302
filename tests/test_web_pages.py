"""The browser tutor's pages without a browser: worked examples, errors on pages, the
language cookie (the browser tests in tests/browser/ drive the same pages in Chromium)."""

from __future__ import annotations

import doctest
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape

import tutor.web.examples
import tutor.web.situations
from tutor import create_app
from tutor.examples import all_examples, examples_for_rule


@pytest.fixture(scope="module")
def app() -> Flask:
    app = create_app({"TESTING": True})
    app.config["PROPAGATE_EXCEPTIONS"] = False

    @app.get("/broken-page")
    def broken() -> str:
        raise RuntimeError("a bug")

    return app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.mark.parametrize("module", [tutor.web.examples, tutor.web.situations])
def test_web_doctests(module) -> None:
    failed, attempted = doctest.testmod(module)
    assert attempted > 0 and failed == 0


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_scenario_has_its_worked_example_page(app: Flask, client: FlaskClient,
                                                    lang: str) -> None:
    from tutor.i18n.examples import example_feature, example_title

    for entry in all_examples():
        response = client.get(f"{entry['url']}?lang={lang}")
        assert response.status_code == 200, entry["id"]
        html = response.get_data(as_text=True)
        assert f'<html lang="{lang}">' in html
        # the title and the topic in the reader's language (issues 24 and 26)
        with app.test_request_context(f"/?lang={lang}"):
            title, feature = example_title(entry), example_feature(entry)
        assert f"<h1>{escape(title)}</h1>" in html, entry["id"]
        assert f"<dd>{escape(feature)}</dd>" in html, entry["id"]
        if lang != entry["language"]:
            assert title != entry["title"] and feature != entry["feature"], entry["id"]
        for rule_id in entry["rules"]:
            assert f'href="/rules#{rule_id}"' in html, (entry["id"], rule_id)
        # the Gherkin steps as the test suite runs them, for every reader; for a reader of
        # another language after the story, under a heading that names their language
        assert html.count('<span class="step-keyword">') == len(entry["steps"]), entry["id"]
        assert f'<ol class="steps" lang="{entry["language"]}">' in html
        heading = {"fr": {"fr": "Pas à pas", "en": "The scenario as written (French)"},
                   "en": {"fr": "Le scénario tel qu'il est écrit (en anglais)",
                          "en": "Step by step"}}[entry["language"]][lang]
        assert f'<h2 id="steps-title">{heading}</h2>' in html, entry["id"]
        if "story-title" in html:
            assert html.index('id="story-title"') < html.index('id="steps-title"')


def test_worked_example_labels_are_translated_and_the_scenario_is_told(client) -> None:
    entry = next(e for e in examples_for_rule("play.follow-suit") if e["language"] == "fr")
    french = client.get(entry["url"] + "?lang=fr").get_data(as_text=True)
    english = client.get(entry["url"] + "?lang=en").get_data(as_text=True)
    assert "Exemple commenté" in french and "Worked example" in english
    assert "<h1>On doit fournir la couleur demandée</h1>" in french
    assert "<h1>You must follow the suit led</h1>" in english
    assert "<dd>Playing the cards</dd>" in english and "<dd>Le jeu de la carte</dd>" in french
    assert entry["steps"][0]["text"] in french  # as written, in French
    # in English: told first, then the French steps under a heading that says they are French
    told = english.index("With 4 players, you hold")
    heading = english.index("The scenario as written (French)")
    assert told < heading < english.index(entry["steps"][0]["text"])
    assert "The scenario as written" not in french and "Pas à pas" in french
    assert "With 4 players, you hold" in english and "À 4 joueurs, vous avez en main" in french
    # Its cards are drawn as cards named in the reader's language.
    assert 'aria-label="Roi de cœur"' in french


def test_rules_page_lists_the_worked_examples_of_each_rule(client) -> None:
    html = client.get("/rules?lang=en").get_data(as_text=True)
    for rule_id in ("play.follow-suit", "score.total", "call.king"):
        article = re.search(rf'<article class="rule" id="{re.escape(rule_id)}".*?</article>',
                            html, re.S)
        assert article, rule_id
        for entry in examples_for_rule(rule_id):
            assert f'href="{entry["url"]}"' in article.group(0)
    # the examples' titles in the reader's language
    assert ">You must follow the suit led</a></h4>" in html
    assert ">On doit fournir la couleur demandée</a></h4>" not in html
    assert ">On doit fournir la couleur demandée</a></h4>" in client.get(
        "/rules?lang=fr").get_data(as_text=True)
    # sources by their titles, never by a seed's file name
    assert "Source:</strong> Tarotman, Summary tables of an online card-game site" in html
    assert "000_79ccdf50a49e58e5" not in html.replace("source-000_79ccdf50a49e58e5", "")


@pytest.mark.parametrize(("lang", "title"), [("fr", "Page introuvable"),
                                              ("en", "Page not found")])
def test_page_404_is_html_in_the_layout(client, lang: str, title: str) -> None:
    response = client.get(f"/nowhere/at/all?lang={lang}")
    assert response.status_code == 404 and response.mimetype == "text/html"
    assert response.headers["Content-Language"] == lang
    html = response.get_data(as_text=True)
    assert f"<h1>{title}</h1>" in html and "/nowhere/at/all" in html
    assert 'aria-label="' in html and 'class="nav"' in html  # the menu of every page
    assert client.get(f"/examples/no/such?lang={lang}").status_code == 404


def test_api_errors_stay_problem_json(client) -> None:
    response = client.get("/api/v1/nowhere?lang=en")
    assert response.status_code == 404 and response.mimetype == "application/problem+json"
    assert response.get_json()["type"].endswith("not-found")


def test_page_405_keeps_allow_and_500_is_a_page(client) -> None:
    wrong = client.post("/rules?lang=en")
    assert wrong.status_code == 405 and wrong.mimetype == "text/html"
    assert "GET" in wrong.headers["Allow"]
    assert "method POST" in wrong.get_data(as_text=True)
    broken = client.get("/broken-page?lang=fr")
    assert broken.status_code == 500 and broken.mimetype == "text/html"
    assert "<h1>Une erreur est survenue</h1>" in broken.get_data(as_text=True)
    assert "a bug" not in broken.get_data(as_text=True)


def test_language_switch_sets_the_cookie_that_later_pages_follow(client) -> None:
    client.get("/?lang=en", headers={"Accept-Language": "fr"})
    page = client.get("/trick?players=4&seed=3", headers={"Accept-Language": "fr"})
    assert '<html lang="en">' in page.get_data(as_text=True)
    assert "Cookie" in page.headers["Vary"]
    # The switch's links keep the page's own address and arguments.
    assert 'href="/trick?players=4&amp;seed=3&amp;lang=fr"' in page.get_data(as_text=True)
