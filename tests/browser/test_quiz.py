"""The trainers' quizzes in Chromium: a question of the rules engine, the reader's answer
marked by the API (``POST /api/v1/quiz/answer``: the page holds no marking) and explained
with the API's words, the tally kept in the browser.

The test reads the question's seed on the quiz section (``data-seed``) and asks the API to
mark a placeholder answer to the same question, so it knows the expected answer without
holding any rule; it then answers as a reader would, by the accessible names of the
controls, records the request the page sends and checks the page shows the verdict and the
explanation that request was answered with.
"""

from __future__ import annotations

from typing import Any

import pytest

from .quizzes import ANSWER, answered, as_read, expected


def _expected(page, kind: str, players: int, lang: str = "en") -> dict[str, Any]:
    seed = page.page.locator(f"#quiz-{kind}").get_attribute("data-seed")
    return expected(page.base, kind, players, int(seed), lang)


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
    sent, marked = answered(page, section.get_by_role("button", name="Check my answer").click)
    assert {**sent, "cards": sorted(sent["cards"])} == {
        "kind": "play", "players": 4, "seed": quiz["seed"],
        "cards": sorted(quiz["answer"]["legal_cards"])}
    assert marked["right"] is True and marked["answer"] == quiz["answer"]
    verdict = _marked(page, "play", "right")
    assert "Right" in verdict.inner_text()
    assert verdict.locator(".explanation").inner_text() == as_read(marked["why"])
    assert marked["explanation"].startswith("Right. The cards you may play: ")
    assert marked["explanation"] == f"Right. {marked['why']}"
    assert verdict.inner_text().count("Right") == 1  # the page's mark, not the API's again
    assert "Streak: 1 · right: 1 of 1" in section.locator("[data-role=quiz-tally]").inner_text()
    # A wrong answer: nothing selected. Each card that may be played is named, with why.
    section = _ask(page, "play")
    quiz = _expected(page, "play", 4)
    sent, marked = answered(page, section.get_by_role("button", name="Check my answer").click)
    assert sent["cards"] == [] and marked["right"] is False
    verdict = _marked(page, "play", "wrong")
    assert "Not quite" in verdict.inner_text()
    assert verdict.locator(".explanation").inner_text() == as_read(marked["why"])
    mistakes = verdict.locator(".quiz-mistakes li")
    assert mistakes.count() == len(quiz["answer"]["legal_cards"]) == len(marked["mistakes"])
    legal = next(c for c in quiz["answer"]["cards"] if c["legal"])
    assert as_read(legal["explanation"]) in mistakes.first.inner_text()
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
    sent, marked = answered(page, section.get_by_role("button", name=name, exact=True).click)
    assert sent == {"kind": "ecart", "players": players, "seed": quiz["seed"],
                    "legal": quiz["answer"]["legal"]}
    verdict = _marked(page, "ecart", "right")
    assert "Exact" in verdict.inner_text()
    assert verdict.locator(".explanation").inner_text() == as_read(marked["why"])
    # The explanation (French: this page's language), its tarot words linked to the glossary.
    assert verdict.locator(".explanation a.term").count() >= 1
    assert verdict.locator(".explanation a.term").first.get_attribute("href").startswith(
        "/glossary#")


def test_count_and_score_quizzes(page) -> None:
    page.goto("/score?lang=en")
    section = _ask(page, "count")
    quiz = _expected(page, "count", 4)
    section.get_by_label("Points").fill(str(quiz["answer"]["points"]))
    sent, marked = answered(page, section.get_by_role("button", name="Check my answer").click)
    assert sent["points"] == quiz["answer"]["points"] and marked["right"] is True
    verdict = _marked(page, "count", "right")
    assert verdict.locator(".explanation").inner_text() == as_read(marked["why"])
    assert verdict.locator(".quiz-answer").count() == 0  # the explanation says it: once
    section = _ask(page, "score")
    quiz = _expected(page, "score", 4)
    section.get_by_label("The taker's score").fill(str(quiz["answer"]["scores"]["taker"] + 1))
    sent, marked = answered(page, section.get_by_role("button", name="Check my answer").click)
    assert sent["score"] == quiz["answer"]["scores"]["taker"] + 1
    verdict = _marked(page, "score", "wrong")
    shown = verdict.locator(".explanation").inner_text()
    assert shown == as_read(marked["why"])
    assert marked["explanation"] == f"Not quite. {marked['why']}"
    assert shown.startswith(f"The taker scores {quiz['answer']['scores']['taker']}.")
    lines = verdict.locator("ol.derivation li").all_inner_texts()
    assert lines == [line["text"] for line in marked["answer"]["derivation"]]
    page.page.locator("#quiz-score").scroll_into_view_if_needed()
    page.shot("quiz-score")


def test_trick_quiz_by_keyboard(page) -> None:
    page.goto("/trick?players=5&seed=4&lang=en")
    section = _ask(page, "trick")
    quiz = _expected(page, "trick", 5)
    winner = section.get_by_role("group", name="Trick").locator(
        f"button[data-code='{quiz['answer']['card']}']")
    winner.focus()
    sent, marked = answered(page, lambda: page.page.keyboard.press("Enter"))
    assert sent == {"kind": "trick", "players": 5, "seed": quiz["seed"],
                    "card": quiz["answer"]["card"]}
    verdict = _marked(page, "trick", "right")
    assert verdict.locator(".explanation").inner_text() == as_read(marked["why"])
    assert "winner" in winner.get_attribute("class")
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
    sent, marked = answered(page, section.get_by_role(
        "button", name="Non" if quiz["answer"]["legal"] else "Oui", exact=True).click)
    assert sent == {"kind": "bid", "players": 5, "seed": quiz["seed"],
                    "legal": not quiz["answer"]["legal"]}
    verdict = _marked(page, "bid", "wrong")
    assert "Pas tout à fait" in verdict.inner_text()
    assert verdict.locator(".explanation").inner_text() == as_read(marked["why"])
    assert marked["explanation"].startswith("Pas tout à fait. ")


def test_an_answer_the_api_refuses_is_told_and_the_question_stays_open(page) -> None:
    """No points typed: the API refuses the answer (422), the page says so in the API's words
    and the question is still asked; an answer typed then is marked."""
    page.allow("422")
    page.goto("/score?lang=en")
    section = _ask(page, "count")
    with page.page.expect_response(lambda r: r.url.split("?")[0].endswith(ANSWER)) as info:
        section.get_by_role("button", name="Check my answer").click()
    assert info.value.status == 422
    refused = info.value.json()
    page.page.wait_for_function(
        "() => document.getElementById('quiz-count').dataset.state === 'asking'")
    problem = section.locator("[data-role=quiz-verdict] .problem[role=alert]")
    assert refused["detail"] in problem.inner_text()
    assert section.get_attribute("data-result") is None
    quiz = _expected(page, "count", 4)
    section.get_by_label("Points").fill(str(quiz["answer"]["points"] + 0.5))
    sent, marked = answered(page, section.get_by_role("button", name="Check my answer").click)
    assert sent["points"] == quiz["answer"]["points"] + 0.5
    verdict = _marked(page, "count", "wrong")
    assert verdict.locator(".explanation").inner_text() == as_read(marked["why"])
    assert verdict.locator(".problem").count() == 0
