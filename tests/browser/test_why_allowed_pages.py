"""The play trainer says why a surprising legal card is allowed (issue 12, item 2), in
Chromium: the sentence once, in the page's language, and a link to the rule that allows it."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("lang", "sentence", "title"), [
    ("en", "with no trump above the 9 of trumps you undertrump", "Why it is allowed"),
    ("fr", "sans atout plus fort que le 9 d'atout, vous sous-coupez", "Pourquoi c'est permis"),
])
def test_an_undertrump_is_explained_with_its_rule(page, lang: str, sentence: str,
                                                  title: str) -> None:
    page.goto(f"/trick?players=4&hand=T5+2S&trick=KH+T9&lang={lang}")
    p = page.page
    p.locator("#hand button.card.legal").first.wait_for()
    p.locator('#hand button.card[data-code="T5"]').click()
    verdict = p.locator("#verdict")
    verdict.locator(".verdict-title.good").wait_for()
    text = verdict.inner_text()
    assert text.count(sentence) == 1, text
    assert title in text, text
    link = verdict.locator('a[data-rule="play.overtrump"]')
    assert link.first.get_attribute("href") == "/rules#play.overtrump"


def test_a_plain_play_has_no_why(page) -> None:
    page.goto("/trick?players=4&hand=7H+KH+2S&trick=5H&lang=en")
    p = page.page
    p.locator("#hand button.card.legal").first.wait_for()
    p.locator('#hand button.card[data-code="KH"]').click()
    verdict = p.locator("#verdict")
    verdict.locator(".verdict-title.good").wait_for()
    assert "Why it is allowed" not in verdict.inner_text()
