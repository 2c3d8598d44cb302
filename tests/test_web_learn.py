"""The learner's pages without a browser (issue 16): page titles, typed situations judged by
the API's schema before they are drawn (tests/browser/test_trainers.py drives them in
Chromium)."""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tutor import create_app


@pytest.fixture(scope="module")
def app() -> Flask:
    return create_app({"TESTING": True})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def _pages(app: Flask) -> list[str]:
    """Every page address without a parameter (the API and the probes aside)."""
    return sorted(rule.rule for rule in app.url_map.iter_rules()
                  if "GET" in (rule.methods or ()) and "<" not in rule.rule
                  and not rule.rule.startswith(("/api/", "/health", "/ready", "/static")))


@pytest.mark.parametrize("lang, brand", [("fr", "Tuteur de tarot"), ("en", "Tarot tutor")])
def test_no_title_says_the_brand_twice(app: Flask, client: FlaskClient, lang: str,
                                       brand: str) -> None:
    """The home page's title is the brand alone (it once read "Tarot tutor · Tarot tutor");
    every other page is "its title · brand"."""
    pages = _pages(app)
    assert "/" in pages and "/trick" in pages
    for path in pages:
        page = client.get(f"{path}?lang={lang}").get_data(as_text=True)
        title = html.unescape(re.search(r"<title>(.*?)</title>", page, re.S).group(1))
        assert title.count(brand) == 1, (path, title)
        assert title == brand if path == "/" else title.endswith(" · " + brand), (path, title)


@pytest.mark.parametrize("path, said", [
    ("/trick?players=4&hand=KH+ZZ", "“ZZ” is not a card"),
    ("/trick?players=4&hand=KH+KH", "The same card is given twice"),
    ("/trick?players=4&hand=KH&trick=KH", "both in the hand and in the trick"),
    ("/ecart?players=4&hand=KH+ZZ&chien=2H", "“ZZ” is not a card"),
])
def test_a_typed_situation_that_means_nothing_is_told_not_drawn(
        client: FlaskClient, path: str, said: str) -> None:
    page = client.get(path + "&lang=en").get_data(as_text=True)
    assert 'role="alert"' in page and said in html.unescape(page)
    assert 'id="situation"' not in page and 'id="ecart-situation"' not in page


def test_a_typed_ecart_situation_is_drawn(client: FlaskClient) -> None:
    hand = "KH+KS+KD+KC+EX+T1+T21+T2+T3+T4+T5+T6+T7+T8+T9+T10+T11+T12"
    page = client.get(f"/ecart?players=4&lang=en&hand={hand}&chien=2H+3H+4H+T13+T14+T15")
    text = page.get_data(as_text=True)
    assert 'id="ecart-situation"' in text and 'data-chien="2H 3H 4H T13 T14 T15"' in text


@pytest.mark.parametrize("lang, other", [("fr", "en"), ("en", "fr")])
def test_the_glossary_page_has_every_term_both_ways(client: FlaskClient, lang: str,
                                                   other: str) -> None:
    from tutor.i18n.glossary import TERM_IDS, terms

    page = client.get(f"/glossary?lang={lang}")
    text = html.unescape(page.get_data(as_text=True))
    assert page.status_code == 200
    for entry in terms(lang):
        anchor = text.index(f'<dt id="{entry["id"]}"><dfn>{entry["term"]}</dfn>')
        block = text[anchor:text.index("</dd>", anchor)]
        assert f'<span lang="{other}">{entry["other"]}</span>' in block
        assert entry["definition"] in block
    assert text.count("<dt id=") == len(TERM_IDS)


def test_pages_carry_the_glossary_words_they_link(client: FlaskClient) -> None:
    """Every page hands tutor.js the terms it links in explanations, in its language; the
    everyday words are left out."""
    import json

    from tutor.web.texts import GENERIC_TERMS

    page = client.get("/trick?lang=en").get_data(as_text=True)
    blob = page[page.index('id="web-glossary">') + len('id="web-glossary">'):]
    linked = json.loads(blob[:blob.index("</script>")])
    ids = {t["id"] for t in linked}
    assert {"atout", "excuse", "preneur", "ecart"} <= ids and not ids & GENERIC_TERMS
    assert {"id": "atout", "term": "trump"} in linked


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_course_step_renders_with_a_live_exercise(client: FlaskClient, lang: str) -> None:
    from tutor.services.quiz import KINDS
    from tutor.web.course import STEPS

    index = html.unescape(client.get(f"/course?lang={lang}").get_data(as_text=True))
    kinds = set()
    for number in range(1, STEPS + 1):
        assert f'href="/course/{number}"' in index
        page = client.get(f"/course/{number}?lang={lang}")
        text = html.unescape(page.get_data(as_text=True))
        assert page.status_code == 200
        kind = re.search(r'data-quiz="(\w+)"', text).group(1)
        assert kind in KINDS and 'data-autostart="true"' in text
        kinds.add(kind)
        assert 'class="term" href="/glossary#' in text, number  # tarot words linked
        assert ('rel="next"' in text) == (number < STEPS)
        assert ('rel="prev"' in text) == (number > 1)
    assert kinds == set(KINDS)  # every kind of question is exercised somewhere
    assert client.get(f"/course/{STEPS + 1}").status_code == 404
    assert client.get("/course/0").status_code == 404


def test_the_course_states_the_cores_figures(client: FlaskClient) -> None:
    """The numbers of the course are the core's: targets, hand and chien sizes, values,
    pairs, thresholds, bonuses."""
    from rules_fr.cards import CARDS
    from rules_fr.contracts import Contract
    from rules_fr.scoring import CHELEM_ANNOUNCED, CONTRACT_BASE, TARGETS
    from rules_fr.table import rules_for
    from tutor.web.course import PLAN

    def step(slug: str) -> str:
        number = next(i for i, p in enumerate(PLAN, 1) if p.slug == slug)
        page = client.get(f"/course/{number}?lang=en").get_data(as_text=True)
        return re.sub(r"<[^>]+>", "", html.unescape(page))

    assert f"{len(CARDS)} cards" in step("cards")
    assert "worth 4.5 points, a queen 3.5, a knight 2.5, a jack 1.5" in step("values")
    assert f"worth {sum(c.points_half for c in CARDS) // 2} points" in step("values")
    assert ("with a low card makes 5 points, a queen with a low card 4, a knight with a low "
            "card 3, a jack with a low card 2, and two low cards 1") in step("pairs")
    four = rules_for(4)
    assert f"with 4, {four.hand_size} and {four.chien_size}" in step("deal")
    assert (f"{TARGETS[0]} points with no oudler, {TARGETS[1]} with one, {TARGETS[2]} with two "
            f"and {TARGETS[3]} with all three") in step("target")
    assert f"worth {CONTRACT_BASE} plus the difference" in step("score")
    assert f"Garde contre × {Contract.GARDE_CONTRE.multiplier}" in step("score")
    assert "a single handful is 10 trumps, a double 13 and a triple 15" in step("poignee")
    assert f"it adds {CHELEM_ANNOUNCED}" in step("chelem")
    assert "41 points, 40.5 fails by 1 and 41.5 makes it by 1" in step("rounding")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_step_links_the_rules_it_teaches(client: FlaskClient, lang: str) -> None:
    from tutor.web.course import PLAN

    for number, planned in enumerate(PLAN, 1):
        page = client.get(f"/course/{number}?lang={lang}").get_data(as_text=True)
        for rule in planned.rules:
            assert f'href="/rules#{rule}"' in page, (planned.slug, rule)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_home_page_lists_every_section(app: Flask, client: FlaskClient, lang: str) -> None:
    """Issue 24: every page of the menu, the referee's ones too (an online table, the
    physical table console, the club evening), is a tile of the home page."""
    page = client.get(f"/?lang={lang}").get_data(as_text=True)
    tiles = re.findall(r'<ul class="tiles"[^>]*>(.*?)</ul>', page, re.S)
    linked = set(re.findall(r'href="([^"]+)"', " ".join(tiles)))
    menu = re.search(r'<ul class="nav"[^>]*>(.*?)</ul>', page, re.S)
    sections = set(re.findall(r'href="([^"]+)"', menu.group(1))) - {"/referee"}
    assert sections <= linked, sections - linked
    assert {"/referee/new", "/referee/physical", "/referee/evening"} <= linked
