"""The puzzles page in Chromium, on a phone (390×844) and a laptop (1280×800): every hand
shown, the seat to play's cards pressable, the card pressed marked by the API
(``POST /api/v1/puzzles/answer``: the page holds no rule), the best card highlighted, the
explanation shown, the streak kept in the browser."""

from __future__ import annotations

import pytest

from .conftest import DESKTOP, PHONE


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "laptop"])
def test_puzzle_wrong_then_right_with_the_streak(page, size) -> None:
    page.page.set_viewport_size(size)
    page.goto("/puzzles?players=4&seed=1&lang=en")
    section = page.page.locator("#puzzle")
    assert section.get_attribute("data-id") == "4-1-1-14-2"
    assert "which card is best" in section.locator(".puzzle-question").inner_text()
    assert page.page.locator(".hand-area").count() == 4
    hand = section.get_by_role("group", name="Seat 1, a defender — to play")
    assert sorted(b.get_attribute("data-code") for b in hand.locator("button").all()) == [
        "JH", "T10", "T18", "T21"]
    overflow = page.page.evaluate("document.documentElement.scrollWidth")
    assert overflow <= size["width"], overflow
    with page.page.expect_response(lambda r: r.url.endswith("/puzzles/answer?lang=en")) as got:
        hand.locator("button[data-code='T21']").click()
    assert got.value.json()["right"] is False
    page.page.wait_for_function(
        "() => document.getElementById('puzzle').dataset.state === 'answered'")
    assert section.get_attribute("data-result") == "wrong"
    verdict = section.locator("[data-role=puzzle-verdict]")
    assert verdict.locator(".explanation").inner_text().startswith(
        "Not the best card: after the 21, best play goes the 21, the 2 of hearts; ")
    assert hand.locator("button.best").get_attribute("data-code") == "T10"
    assert "in a row: 0" in section.locator("[data-role=puzzle-tally]").inner_text()
    page.shot(f"puzzle-wrong-{size['width']}")

    page.goto("/puzzles?players=4&seed=1&lang=fr")
    hand = page.page.locator("[data-role=puzzle-hand]")
    hand.locator("button[data-code='T10']").click()
    page.page.wait_for_function(
        "() => document.getElementById('puzzle').dataset.state === 'answered'")
    assert page.page.locator("#puzzle").get_attribute("data-result") == "right"
    text = page.page.locator("[data-role=puzzle-verdict] .explanation").inner_text()
    assert text.startswith("Exact : le 10 d'atout est la seule meilleure carte.")
    tally = page.page.locator("[data-role=puzzle-tally]").inner_text()
    assert "d'affilée : 1" in tally and "Problèmes résolus : 1" in tally
    assert not page.unexpected_errors()
