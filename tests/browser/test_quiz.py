"""The trainers' quizzes in Chromium: a question of the rules engine, the reader's answer
marked and explained, the tally kept in the browser.

The test reads the question's seed on the quiz section (``data-seed``) and asks the API for
the same question, so it knows the expected answer without holding any rule; it then answers
as a reader would, by the accessible names of the controls.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest


def _expected(page, kind: str, players: int, lang: str = "en") -> dict[str, Any]:
    section = page.page.locator(f"#quiz-{kind}")
    seed = section.get_attribute("data-seed")
    url = f"{page.base}/api/v1/quiz/{kind}?players={players}&seed={seed}&lang={lang}"
    with urllib.request.urlopen(url) as answer:  # noqa: S310 (the test's own server)
        return json.load(answer)


def _ask(page, kind: str, new: str = "New question") -> Any:
    section = page.page.locator(f"#quiz-{kind}")
    section.get_by_role("button", name=new).click()
    page.page.wait_for_function(
        f"() => document.getElementById('quiz-{kind}').dataset.state === 'asking'")
    return section


def _marked(page, kind: str, result: str) -> Any:
    page.page.wait_for_function(
        f"() => document.getElementById('quiz-{kind}').dataset.state === 'answered'")
    section = page.page.locator(f"#quiz-{kind}")
    assert section.get_attribute("data-result") == result
    return section.locator("[data-role=quiz-verdict]")


def test_play_quiz_right_then_wrong_with_reasons(page) -> None:
    page.goto("/trick?players=4&seed=3&lang=en")
    section = _ask(page, "play")
    quiz = _expected(page, "play", 4)
    assert section.locator(".quiz-question").inner_text() == quiz["question"]
    hand = section.get_by_role("group", name="Your hand")
    for code in quiz["answer"]["legal_cards"]:
        hand.locator(f"button[data-code='{code}']").click()
    section.get_by_role("button", name="Check my answer").click()
    verdict = _marked(page, "play", "right")
    assert "Right" in verdict.inner_text()
    assert verdict.locator(".explanation").inner_text() == quiz["explanation"]
    assert "Streak: 1 · right: 1 of 1" in section.locator("[data-role=quiz-tally]").inner_text()
    # A wrong answer: nothing selected. Each card that may be played is named, with why.
    section = _ask(page, "play")
    quiz = _expected(page, "play", 4)
    section.get_by_role("button", name="Check my answer").click()
    verdict = _marked(page, "play", "wrong")
    assert "Not quite" in verdict.inner_text()
    mistakes = verdict.locator(".quiz-mistakes li")
    assert mistakes.count() == len(quiz["answer"]["legal_cards"])
    legal = next(c for c in quiz["answer"]["cards"] if c["legal"])
    assert legal["explanation"] in mistakes.first.inner_text()
    assert "Streak: 0 · right: 1 of 2 · best streak: 1" in section.locator(
        "[data-role=quiz-tally]").inner_text()
    # The tally is the browser's: it is there after a reload.
    page.page.reload()
    assert "right: 1 of 2" in page.page.locator("#quiz-play [data-role=quiz-tally]").inner_text()


@pytest.mark.parametrize("players", [3, 5])
def test_ecart_quiz_is_marked_and_explained(page, players: int) -> None:
    page.goto(f"/ecart?players={players}&seed=2&lang=fr")
    section = _ask(page, "ecart", "Nouvelle question")
    quiz = _expected(page, "ecart", players, "fr")
    assert section.locator("[aria-label='L\\'écart mis de côté'] .card").count() == len(
        quiz["position"]["ecart"])
    name = "Autorisé" if quiz["answer"]["legal"] else "Interdit"
    section.get_by_role("button", name=name, exact=True).click()
    verdict = _marked(page, "ecart", "right")
    assert "Exact" in verdict.inner_text()
    # The explanation (French: this page's language), its tarot words linked to the glossary.
    assert verdict.locator(".explanation a.term").count() >= 1
    assert verdict.locator(".explanation a.term").first.get_attribute("href").startswith(
        "/glossary#")


def test_count_and_score_quizzes(page) -> None:
    page.goto("/score?lang=en")
    section = _ask(page, "count")
    quiz = _expected(page, "count", 4)
    section.get_by_label("Points").fill(str(quiz["answer"]["points"]))
    section.get_by_role("button", name="Check my answer").click()
    verdict = _marked(page, "count", "right")
    assert verdict.locator(".explanation").inner_text() == quiz["explanation"]
    assert verdict.locator(".quiz-answer").count() == 0  # the explanation says it: once
    section = _ask(page, "score")
    quiz = _expected(page, "score", 4)
    section.get_by_label("The taker's score").fill(str(quiz["answer"]["scores"]["taker"] + 1))
    section.get_by_role("button", name="Check my answer").click()
    verdict = _marked(page, "score", "wrong")
    assert f"The taker scores {quiz['answer']['scores']['taker']}." in verdict.inner_text()
    lines = verdict.locator("ol.derivation li").all_inner_texts()
    assert lines == [line["text"] for line in quiz["answer"]["derivation"]]
    assert verdict.locator(".explanation").count() == 0  # the derivation, said once
    page.page.locator("#quiz-score").scroll_into_view_if_needed()
    page.shot("quiz-score")


def test_trick_quiz_by_keyboard(page) -> None:
    page.goto("/trick?players=5&seed=4&lang=en")
    section = _ask(page, "trick")
    quiz = _expected(page, "trick", 5)
    winner = section.get_by_role("group", name="Trick").locator(
        f"button[data-code='{quiz['answer']['card']}']")
    winner.focus()
    page.page.keyboard.press("Enter")
    verdict = _marked(page, "trick", "right")
    assert verdict.locator(".explanation").inner_text() == quiz["explanation"]
    assert verdict.locator(".quiz-answer").count() == 0
    assert winner.get_attribute("aria-pressed") == "true" and winner.is_disabled()
    section = _ask(page, "play")
    page.page.locator("#quiz-play").scroll_into_view_if_needed()
    page.shot("quiz-play")


def test_bid_quiz_on_the_practice_page(page) -> None:
    """Where the learner bids: a bid after others, allowed or not, marked and explained."""
    page.goto("/practice?lang=fr")
    page.page.select_option("#practice-players", "5")
    section = _ask(page, "bid", "Nouvelle question")
    quiz = _expected(page, "bid", 5, "fr")
    assert quiz["position"]["players"] == 5
    section.get_by_role("button", name="Non" if quiz["answer"]["legal"] else "Oui",
                        exact=True).click()
    verdict = _marked(page, "bid", "wrong")
    assert "Pas tout à fait" in verdict.inner_text()
    assert verdict.locator(".explanation").inner_text() == quiz["explanation"]
