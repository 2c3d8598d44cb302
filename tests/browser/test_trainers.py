"""Regression tests of the trainers' glitches (issue 16, item 7), in Chromium.

Each test reproduces what a learner met: a violation printed twice, "trumps to show" under an
illegal écart, more cards selected than the écart holds, a verdict left on screen for an écart
no longer selected, an unknown card text drawn as a card "ZZ", a 422 logged in the console,
a card's name glued to its state (", may be played"). The ``page`` fixture fails a test on any
console error, so none of them allows one.
"""

from __future__ import annotations

from tutor.web.situations import ecart_situation

MESSAGE = "You must play a heart"


def test_a_violation_is_said_once(page) -> None:
    page.goto("/trick?players=4&hand=7H+KH+T3+EX+2S&trick=5H&lang=en")
    p = page.page
    p.locator("#hand button.card.legal").first.wait_for()
    p.get_by_role("button", name="Trump 3", exact=True).click()
    verdict = p.locator("#verdict")
    verdict.locator(".verdict-title.bad").wait_for()
    assert verdict.inner_text().count(MESSAGE) == 1, verdict.inner_text()
    link = verdict.get_by_role("link", name="Read the rule play.follow-suit")
    assert link.get_attribute("href") == "/rules#play.follow-suit"


def test_a_warning_is_said_once(page) -> None:
    page.goto("/trick?players=4&hand=T1+T5&trick=5H&lang=en")
    p = page.page
    p.locator("#hand button.card.legal").first.wait_for()
    p.get_by_role("button", name="Trump 1", exact=True).click()
    verdict = p.locator("#verdict")
    verdict.locator(".verdict-title.good").wait_for()
    assert verdict.inner_text().count("the petit is exposed") == 1, verdict.inner_text()


def test_card_names_stay_the_cards_full_names(page) -> None:
    """A card's accessible name is its full name whatever its state; the state is its
    description (once ", may be played" was glued to the name)."""
    page.goto("/trick?players=4&hand=KH+7H+2S+T3&trick=1H&lang=fr")
    p = page.page
    p.locator("#hand button.card.legal").first.wait_for()
    king = p.get_by_role("button", name="Roi de cœur", exact=True)
    assert king.get_attribute("aria-description") is None  # nothing said before a try
    king.click()
    p.locator("#verdict .verdict-title").wait_for()
    assert king.get_attribute("aria-description") == "jouable"
    spade = p.get_by_role("button", name="2 de pique", exact=True)
    assert spade.get_attribute("aria-description") is None
    names = p.locator("#hand button.card").evaluate_all(
        "n => n.map(b => [b.getAttribute('aria-label'), b.dataset.name])")
    assert all(label == name for label, name in names), names


def test_an_unknown_card_is_told_never_drawn(page) -> None:
    """Typed "ZZ": the page says it is no card, draws no card "ZZ" and asks the API nothing
    (before, the script sent it, the console logged the 422 and the hand showed "ZZ")."""
    p = page.page
    asked: list[str] = []
    p.on("request", lambda r: asked.append(r.url) if "/api/v1/" in r.url else None)
    page.goto("/trick?players=4&hand=KH+ZZ&trick=5H&lang=fr")
    alert = p.get_by_role("alert")
    assert "« ZZ »" in alert.inner_text() or "ZZ" in alert.inner_text()
    assert p.locator(".card", has_text="ZZ").count() == 0
    assert p.locator("#hand").count() == 0
    page.goto("/ecart?players=4&lang=en&hand=KH+ZZ&chien=2H")
    assert "“ZZ” is not a card" in p.get_by_role("alert").inner_text()
    assert p.locator("#pool").count() == 0
    assert not asked, asked


def test_an_illegal_ecart_has_no_trumps_to_show(page) -> None:
    """Two trumps and a king put aside: illegal, and no "trumps to show" (the API still
    lists the trumps of that écart; the page shows them only for a legal one)."""
    situation = ecart_situation(4, 8)
    page.goto("/ecart?players=4&seed=8&lang=en")
    p = page.page
    p.locator("#pool button.card").first.wait_for()
    pool = situation["hand"] + situation["chien"]
    trumps = [c for c in pool if c.startswith("T") and c not in ("T1", "T21")][:2]
    king = next(c for c in pool if c.startswith("K"))
    others = [c for c in pool if c[0] not in "TKE"][:3]
    for code in trumps + [king] + others:
        p.locator(f"#pool button.card[data-code='{code}']").click()
    p.get_by_role("button", name="Check my écart").click()
    verdict = p.locator("#verdict")
    verdict.locator(".verdict-title.bad").wait_for()
    assert "Trumps to show" not in verdict.inner_text()
    assert verdict.locator("#trumps-to-show").count() == 0
    assert verdict.inner_text().count("You may not put a king in the écart") == 1


def test_the_ecart_takes_no_more_cards_than_the_chien(page) -> None:
    """Six cards are asked: the seventh and eighth presses select nothing and say why."""
    page.goto("/ecart?players=4&seed=5&lang=en")
    p = page.page
    p.locator("#pool button.card").first.wait_for()
    buttons = p.locator("#pool button.card")
    for i in range(8):
        buttons.nth(i).click()
    assert p.locator("#pool button.card[aria-pressed=true]").count() == 6
    assert buttons.nth(6).get_attribute("aria-pressed") == "false"
    assert "holds 6 cards" in p.locator("#ecart-count").inner_text()
    # One put back: another may be chosen.
    buttons.nth(0).click()
    buttons.nth(7).click()
    assert p.locator("#pool button.card[aria-pressed=true]").count() == 6
    assert "6 of 6" in p.locator("#ecart-count").inner_text()


def test_a_verdict_leaves_once_its_ecart_changes(page) -> None:
    """The verdict is about the écart it checked: once a card is put back, the panel says
    the step the reader is at, not the old verdict."""
    page.goto("/ecart?players=4&seed=5&lang=en")
    p = page.page
    p.locator("#pool button.card").first.wait_for()
    p.locator("#pool button.card").first.click()
    p.get_by_role("button", name="Check my écart").click()
    verdict = p.locator("#verdict")
    verdict.locator(".verdict-title.bad").wait_for()
    p.locator("#pool button.card").first.click()
    assert verdict.locator(".verdict-title").count() == 0
    assert "Select the cards of your écart" in verdict.inner_text()


def test_explanations_link_their_tarot_words_to_the_glossary(page) -> None:
    """"trump" in a refusal's explanation leads to the glossary's entry (once a dead link)."""
    page.goto("/trick?players=4&hand=7S+T3+EX&trick=5H&lang=en")
    p = page.page
    p.locator("#hand button.card.legal").first.wait_for()
    p.get_by_role("button", name="7 of spades", exact=True).click()
    link = p.locator("#verdict .explanation a.term").first
    link.wait_for()
    assert link.get_attribute("href") == "/glossary#" + link.get_attribute("href").split("#")[1]
    word = link.inner_text()
    link.click()
    p.wait_for_url("**/glossary#*")
    target = p.locator("dt:target")
    assert target.count() == 1 and word.lower().rstrip("s") in target.inner_text().lower()
    assert p.get_by_role("heading", level=1).inner_text() == "Glossary"


def test_figures_no_deal_gives_are_explained_without_a_422(page) -> None:
    """Three oudlers and 10 points: the score calculator says why no deal gives them, from
    /score/check (200), and sends nothing to /score (whose 422 the console logged)."""
    p = page.page
    scored: list[int] = []
    p.on("response", lambda r: scored.append(r.status) if "/api/v1/score?" in r.url else None)
    page.goto("/score?lang=en")
    p.select_option("#score-bouts", "3")
    p.fill("#score-points", "10")
    p.get_by_role("button", name="Compute the score").click()
    verdict = p.locator("#score-result")
    verdict.locator(".verdict-title.bad").wait_for()
    assert "No deal gives these figures" in verdict.inner_text()
    assert verdict.inner_text().count("No deal gives 10 points with 3 oudlers") == 1
    assert verdict.get_by_role("link", name="Read the rule counting.total").count() == 1
    assert not scored and p.locator("#sheet-add").is_disabled()
    # Possible figures are scored as before.
    p.fill("#score-points", "49")
    # the verdict in the page may come before Playwright hands the response event to Python:
    # wait for the event itself before counting what was sent
    with p.expect_response(lambda r: "/api/v1/score?" in r.url):
        p.get_by_role("button", name="Compute the score").click()
    verdict.locator(".verdict-title.good").wait_for()
    assert scored == [200]
