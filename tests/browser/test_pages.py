"""What a person sees in the browser tutor, in French and in English (Chromium, headless).

Each test drives real pages against the real API; the page fixture fails a test on any
console error or uncaught exception.
"""

from __future__ import annotations

import random
import re

import pytest

from rules_fr.cards import CardSet
from rules_fr.ecart import random_legal_ecart
from tutor.examples import examples_for_rule
from tutor.web.situations import ecart_situation

PAGES = {
    "home": ("/", {"fr": "Tuteur de tarot", "en": "Tarot tutor"}),
    "rules": ("/rules", {"fr": "Règles", "en": "Rules"}),
    "trick": ("/trick?players=4&seed=11", {"fr": "Entraînement au pli", "en": "Trick trainer"}),
    "ecart": ("/ecart?players=4&seed=5", {"fr": "Entraînement à l'écart", "en": "Écart trainer"}),
    "score": ("/score", {"fr": "Calcul des points", "en": "Score calculator"}),
    "practice": ("/practice", {"fr": "Table d'entraînement", "en": "Practice table"}),
}


def _with_lang(path: str, lang: str) -> str:
    return path + ("&" if "?" in path else "?") + f"lang={lang}"


def _title_in(entry: dict, lang: str) -> str:
    """A worked example's title as the pages give it in ``lang`` (the catalogs')."""
    from tutor import create_app
    from tutor.i18n.examples import example_title

    with create_app({"TESTING": True}).test_request_context(f"/?lang={lang}"):
        return example_title(entry)


def _legal_codes(page) -> set[str]:
    return set(page.page.locator("#hand button.card.legal").evaluate_all(
        "nodes => nodes.map(n => n.dataset.code)"))


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("name", list(PAGES))
def test_every_page_in_both_languages(page, name: str, lang: str) -> None:
    path, titles = PAGES[name]
    page.goto(_with_lang(path, lang))
    p = page.page
    assert p.locator("html").get_attribute("lang") == lang
    assert p.locator("h1").inner_text() == titles[lang]
    # The switch names both languages and marks the current one.
    switch = p.locator(".lang-switch a[aria-current='true']")
    assert switch.get_attribute("data-lang") == lang
    assert p.locator("nav[aria-label] a").count() >= 5
    if name == "trick":
        p.locator("#hand button.card.legal").first.wait_for()
    if name == "ecart":
        p.locator("#pool button.card").first.wait_for()
    page.shot(f"{name}-{lang}")


def test_language_switch_is_remembered(page) -> None:
    page.goto("/?lang=en")
    page.goto("/rules")
    assert page.page.locator("html").get_attribute("lang") == "en"
    page.page.get_by_role("link", name="Français").click()
    page.page.wait_for_url(re.compile(r"lang=fr"))
    assert page.page.locator("h1").inner_text() == "Règles"
    page.goto("/score")
    assert page.page.locator("html").get_attribute("lang") == "fr"


def _face(p, code: str):
    """The SVG drawing of a card of the hand, parsed from its image's data: URL."""
    from urllib.parse import unquote
    from xml.etree import ElementTree

    src = p.locator(f"#hand button.card[data-code='{code}'] img.face").get_attribute("src")
    assert src.startswith("data:image/svg+xml,")
    return ElementTree.fromstring(unquote(src.split(",", 1)[1]))


def test_cards_have_names_symbols_and_colours(page) -> None:
    page.goto("/trick?players=4&hand=KH+7H+2S+T3+EX&trick=1H&lang=en")
    p = page.page
    king = p.locator("#hand button.card[data-code='KH']")
    king.wait_for()
    assert king.get_attribute("aria-label").startswith("King of hearts")
    assert "hearts" in king.get_attribute("class")
    # Real faces drawn as SVG (shown as an image without text of its own, so that a card's
    # visible text is never a label missing from its name): the rank in the corners, the
    # suit's pip, colours apart.
    faces = {code: _face(p, code) for code in ("KH", "2S", "T3", "EX")}
    assert faces["KH"].find(".//{http://www.w3.org/2000/svg}text").text == "K"
    assert len(faces["KH"].findall(".//{http://www.w3.org/2000/svg}path")) >= 2
    assert king.locator("img.face").get_attribute("alt") == ""
    spade = p.locator("#hand button.card[data-code='2S']")
    assert "spades" in spade.get_attribute("class")
    colours = {face.find(".//{http://www.w3.org/2000/svg}text").get("fill")
               for code, face in faces.items() if code != "EX"}
    assert len(colours) == 3  # red hearts, black spades, blue trumps
    excuse = p.locator("#hand button.card[data-code='EX']")
    assert excuse.get_attribute("aria-label").startswith("The excuse")
    assert "bout" in excuse.get_attribute("class")  # the bouts are marked
    badge = ".//*[@class='bout-badge']"
    assert len(faces["EX"].findall(badge)) == 1 and not faces["T3"].findall(badge)
    page.goto("/trick?players=4&hand=KH+7H+2S+T3&trick=1H&lang=fr")
    assert p.locator("#hand button.card[data-code='KH']").get_attribute(
        "aria-label").startswith("Roi de cœur")


def test_trick_trainer_highlights_and_explains(page) -> None:
    page.goto("/trick?players=4&hand=KH+7H+2S+T3&trick=1H&lang=en")
    p = page.page
    p.locator("#hand button.card.legal").first.wait_for()
    assert _legal_codes(page) == {"KH", "7H"}  # hearts were led: follow suit
    seven = p.locator("#hand button[data-code='7H']")
    assert seven.get_attribute("aria-label") == "7 of hearts"  # the name stays the card's
    # nothing given away before the learner tries a card (issue 29): no highlight, no "may be
    # played"
    assert seven.get_attribute("aria-description") is None
    assert p.locator("#hand.untried").count() == 1
    p.locator("#hand button[data-code='2S']").click()
    verdict = p.locator("#verdict")
    verdict.locator(".verdict-title.bad").wait_for()
    assert "Not allowed" in verdict.inner_text()
    assert verdict.locator(".explanation").inner_text().strip()
    violation = verdict.locator(".violations.bad li").first
    assert violation.inner_text().strip()
    assert violation.locator("a").get_attribute("href").startswith("/rules#")
    p.locator("#hand button[data-code='7H']").click()
    verdict.locator(".verdict-title.good").wait_for()
    assert "Legal" in verdict.inner_text()


def test_trick_trainer_keyboard_and_new_deal(page) -> None:
    page.goto("/trick?players=5&seed=21&lang=fr")
    p = page.page
    p.locator("#hand button.card.legal").first.wait_for()
    legal = _legal_codes(page)
    assert legal
    # an invitation to try a card, not how many may be played (highlighted before any try, the
    # legal cards gave the answer away)
    assert "Choisissez une carte" in p.locator("#verdict").inner_text()
    # Cards are buttons: focus one with the keyboard and press Enter.
    first = p.locator("#hand button.card").first
    first.focus()
    p.keyboard.press("Enter")
    p.locator("#verdict .verdict-title").wait_for()
    title = p.locator("#verdict .verdict-title").inner_text()
    assert ("Autorisé" in title) == (first.get_attribute("data-code") in legal)
    p.get_by_role("button", name="Nouvelle donne").click()
    p.wait_for_load_state()
    p.locator("#hand button.card.legal").first.wait_for()


def test_trick_trainer_typed_error_is_explained(page) -> None:
    """An unknown card text is told on the page in the API's words; no 422 is asked for
    (the page fixture fails on the browser's console line of one)."""
    page.goto("/trick?players=4&hand=KH+ZZ&trick=&lang=en")
    problem = page.page.get_by_role("alert")
    assert "“ZZ” is not a card" in problem.inner_text()


def test_ecart_trainer_verdict_and_trumps(page) -> None:
    situation = ecart_situation(4, 5)
    hand, chien = CardSet.parse(situation["hand"]), CardSet.parse(situation["chien"])
    page.goto("/ecart?players=4&seed=5&lang=en")
    p = page.page
    p.locator("#pool button.card").first.wait_for()
    assert p.locator("#chien-cards .card").count() == 6
    assert p.locator("#pool button.card").count() == 24
    assert "0 of 6" in p.locator("#ecart-count").inner_text()
    # Too few cards: the referee refuses and says why.
    p.locator("#pool button.card").first.click()
    assert "1 of 6" in p.locator("#ecart-count").inner_text()
    p.get_by_role("button", name="Check my écart").click()
    p.locator("#verdict .verdict-title.bad").wait_for()
    assert "Illegal écart" in p.locator("#verdict").inner_text()
    assert p.locator("#verdict .violations.bad li").count() >= 1
    # A legal écart (drawn by the core, as a player could choose it).
    p.get_by_role("button", name="Clear the selection").click()
    ecart = random_legal_ecart(4, hand, chien, random.Random(1))
    for code in ecart.codes():
        p.locator(f"#pool button.card[data-code='{code}']").click()
    assert "6 of 6" in p.locator("#ecart-count").inner_text()
    p.get_by_role("button", name="Check my écart").click()
    p.locator("#verdict .verdict-title.good").wait_for()
    text = p.locator("#verdict").inner_text()
    assert "Legal écart" in text and "Trumps to show" in text


def test_ecart_trainer_trumps_to_show(page) -> None:
    """Trumps put in a legal écart (unavoidable: too few other cards) are the ones the
    referee says to show, drawn as cards. Random deals never force trumps into the écart, so
    the hand is typed."""
    hand = "KH KS KD KC EX T1 T21 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12".replace(" ", "+")
    page.goto(f"/ecart?players=4&lang=fr&hand={hand}&chien=2H+3H+4H+T13+T14+T15")
    p = page.page
    p.locator("#pool button.card").first.wait_for()
    for code in ("2H", "3H", "4H", "T2", "T3", "T4"):
        p.locator(f"#pool button.card[data-code='{code}']").click()
    assert "6 cartes sélectionnées sur 6" in p.locator("#ecart-count").inner_text()
    p.get_by_role("button", name="Vérifier mon écart").click()
    p.locator("#verdict .verdict-title.good").wait_for()
    shown = p.locator("#trumps-to-show .card").evaluate_all("n => n.map(c => c.dataset.code)")
    assert shown == ["T2", "T3", "T4"]
    assert "Atouts à montrer à la défense" in p.locator("#verdict").inner_text()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_score_calculator_derivation_and_scoresheet(page, players: int) -> None:
    page.goto("/score?lang=fr")
    p = page.page
    p.select_option("#score-players", str(players))
    p.select_option("#score-contract", "garde")
    p.select_option("#score-bouts", "2")
    p.fill("#score-points", "49")
    p.select_option("#score-petit", "taker")
    p.get_by_role("button", name="Calculer les points").click()
    steps = p.locator("#derivation li")
    steps.first.wait_for()
    assert steps.count() >= 3
    text = p.locator("#score-result").inner_text()
    assert "49" in text and "Contrat réussi" in text
    # 49 − 41 = 8; 25 + 8 = 33; × 2 = 66; petit au bout 10 × 2 = 20: 86 per defender.
    assert "86" in text
    p.select_option("#sheet-taker", "0")
    if players == 5:
        p.select_option("#sheet-partner", "1")
    p.get_by_role("button", name="Ajouter cette donne à la feuille de marque").click()
    totals = p.locator("#sheet-total td.total").all_inner_texts()
    assert len(totals) == players
    assert sum(int(t) for t in totals) == 0
    assert int(totals[1]) == (86 if players == 5 else -86)
    p.fill("#score-points", "30")
    p.get_by_role("button", name="Calculer les points").click()
    p.locator("#score-result .verdict-title.bad").wait_for()
    p.get_by_role("button", name="Ajouter cette donne à la feuille de marque").click()
    assert p.locator("#sheet-body tr").count() == 2
    assert sum(int(t) for t in p.locator("#sheet-total td.total").all_inner_texts()) == 0
    page.shot(f"score-sheet-{players}p")


def test_rules_search_and_examples(page) -> None:
    page.goto("/rules?lang=en")
    p = page.page
    total = p.locator("article.rule").count()
    assert total > 20
    p.fill("#rule-search", "excuse")
    shown = p.locator("article.rule:visible").count()
    assert 0 < shown < total
    assert "excuse" in p.locator("article.rule:visible").first.inner_text().lower()
    assert str(shown) in p.locator("#rule-count").inner_text()
    p.fill("#rule-search", "zzzzzz")
    assert p.locator("#no-rule").is_visible()
    p.fill("#rule-search", "")
    rule = p.locator("article.rule").first
    assert rule.locator(".rule-text").inner_text().strip()
    assert rule.locator(".rule-source").inner_text().strip()


def test_rules_show_their_scenarios_as_worked_examples(page) -> None:
    """Under each rule, its scenarios: title (in English), its story, a link to the example's
    own page."""
    rule_id = "play.follow-suit"
    found = examples_for_rule(rule_id)
    assert found, "the follow-suit rule has scenarios in scenarios/jeu_de_la_carte.feature"
    page.goto("/rules?lang=en")
    p = page.page
    rule = p.locator(f"article.rule[id='{rule_id}']")
    summary = rule.locator("details.examples summary")
    assert summary.inner_text() == f"{len(found)} worked examples"
    summary.click()
    examples = rule.locator(".example")
    assert examples.count() == len(found)
    first = examples.first
    assert first.is_visible()
    source_line = rule.locator(".rule-source").inner_text()
    assert "Tarotman" in source_line and "000_79ccdf50a49e58e5" not in source_line
    english = _title_in(found[0], "en")
    assert english != found[0]["title"]
    assert first.locator("h4").inner_text() == english
    # on the rules page an English reader is told the example, not shown its French steps
    assert first.locator("ol.steps").count() == 0
    assert first.locator(".story p").first.inner_text().startswith("With 4 players, you hold")
    first.get_by_role("link", name=re.compile("Open the worked example")).click()
    p.wait_for_url(re.compile(re.escape(found[0]["url"])))
    assert p.locator("h1").inner_text() == english


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_example_page_in_both_languages(page, lang: str) -> None:
    """A worked example on its own page: its title in the reader's language, the scenario as
    written (in French, under a heading that says so for an English reader), its cards drawn as
    cards, its table of tricks, headings in the reader's language, links to its rules."""
    entry = next(e for e in examples_for_rule("excuse.chelem") if "dernier pli" in e["title"])
    labels = {"fr": ("Exemple commenté", "Pas à pas", "Règles illustrées :"),
              "en": ("Worked example", "The scenario as written (French)",
                     "Rules it illustrates:")}[lang]
    page.goto(_with_lang(entry["url"], lang))
    p = page.page
    assert p.locator("html").get_attribute("lang") == lang
    assert p.locator(".kicker").inner_text().lower() == labels[0].lower()
    title = p.locator("h1")
    assert title.inner_text() == _title_in(entry, lang)
    assert (title.inner_text() == entry["title"]) == (lang == "fr")
    assert p.locator(".breadcrumb p").inner_text() == labels[2]
    # The deal told in the reader's language, then the French steps (for an English reader
    # under a heading that says they are French).
    story = p.locator("#story-title + .story").inner_text()
    assert story.startswith({"fr": "À 4 joueurs, le joueur", "en": "With 4 players, the player "
                                                                   "in seat"}[lang])
    assert p.locator("#steps-title").inner_text() == labels[1]
    steps = p.locator("ol.steps > li")
    assert steps.count() == len(entry["steps"])
    assert p.locator("ol.steps").get_attribute("lang") == "fr"
    # The table of tricks: 18 rows, the cards drawn with their names in the reader's language.
    table = p.locator("ol.steps table.grid")
    assert table.locator("tbody tr").count() == 18
    last_row = table.locator("tbody tr").last
    names = last_row.locator(".card").evaluate_all(
        "n => n.map(c => c.getAttribute('aria-label'))")
    assert names == {"fr": ["L'excuse", "Roi de pique", "Roi de cœur", "Roi de trèfle"],
                     "en": ["The excuse", "King of spades", "King of hearts",
                            "King of clubs"]}[lang]
    # Its rules, linked to the rules page.
    links = p.locator(".breadcrumb a")
    assert links.count() == len(entry["rules"])
    links.first.click()
    p.wait_for_url(re.compile(r"/rules#" + re.escape(entry["rules"][0])))
    page.shot(f"example-{lang}")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_unknown_page_is_a_page_in_the_layout(page, lang: str) -> None:
    """A 404 on a page address is an HTML page in the reader's language with the menu; the
    API keeps its problem+json."""
    page.allow("404")  # the browser logs the status of the page it was asked for
    p = page.page
    response = p.goto(page.base + f"/no/such/page?lang={lang}")
    assert response.status == 404
    assert "text/html" in response.headers["content-type"]
    assert p.locator("html").get_attribute("lang") == lang
    title = {"fr": "Page introuvable", "en": "Page not found"}[lang]
    assert p.locator("h1").inner_text() == title
    assert "/no/such/page" in p.locator("#error-detail").inner_text()
    assert p.locator("nav[aria-label] a").count() >= 5
    other = "en" if lang == "fr" else "fr"
    assert "/no/such/page" in p.locator(f".lang-switch a[data-lang='{other}']").get_attribute(
        "href")
    api = p.request.get(page.base + "/api/v1/no/such/thing")
    assert api.status == 404 and api.headers["content-type"] == "application/problem+json"
    missing = p.goto(page.base + f"/examples/no/such/example?lang={lang}")
    assert missing.status == 404 and p.locator("h1").inner_text() == title
    page.shot(f"not-found-{lang}")
