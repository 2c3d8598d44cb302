"""The beginner's course in Chromium: each step's exercise starts by itself on the real
engine, is answered and explained; the steps lead from one to the next, on a phone too."""

from __future__ import annotations

from .conftest import PHONE
from .quizzes import answered, expected


def _question(page, kind: str, lang: str = "fr") -> dict:
    """The question the step asks, as the API marks it (its expected answer)."""
    page.page.wait_for_function(
        f"() => document.getElementById('quiz-{kind}').dataset.state === 'asking'")
    seed = page.page.locator(f"#quiz-{kind}").get_attribute("data-seed")
    return expected(page.base, kind, 4, int(seed), lang)


def test_a_step_exercise_starts_by_itself_and_is_explained(page) -> None:
    page.goto("/course/3?lang=fr")
    p = page.page
    assert p.locator("h1").inner_text() == "La valeur des cartes"
    quiz = _question(page, "count")
    section = p.locator("#quiz-count")
    assert section.locator(".quiz-question").inner_text() == quiz["question"]
    section.get_by_label("Points").fill(str(quiz["answer"]["points"]))
    sent, marked = answered(page, section.get_by_role("button", name="Vérifier ma réponse").click)
    assert sent == {"kind": "count", "players": 4, "seed": quiz["seed"],
                    "points": quiz["answer"]["points"]}
    p.wait_for_function("() => document.getElementById('quiz-count').dataset.result")
    assert section.get_attribute("data-result") == "right"
    assert section.locator(".explanation").inner_text() == marked["why"]
    assert marked["explanation"].startswith("Exact. ")
    # The course's own words link to the glossary; the steps follow one another.
    assert p.locator(".course-text a.term[href='/glossary#bout']").count() == 1
    steps = p.get_by_role("navigation", name="Étapes du cours")
    steps.get_by_role("link", name="Étape 4 →").click()
    p.wait_for_url("**/course/4*")
    assert p.locator(".kicker").text_content() == "Étape 4 sur 12"


def test_the_bidding_step_on_a_phone(page) -> None:
    p = page.page
    p.set_viewport_size(PHONE)
    page.goto("/course/5?lang=en")
    quiz = _question(page, "bid", "en")
    answer = "Yes" if quiz["answer"]["legal"] else "No"
    answered(page, p.locator("#quiz-bid").get_by_role("button", name=answer, exact=True).click)
    p.wait_for_function("() => document.getElementById('quiz-bid').dataset.result")
    assert p.locator("#quiz-bid").get_attribute("data-result") == "right"
    assert p.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    page.shot("course-step")


def test_a_step_asks_its_designed_questions_in_order_on_every_load(page) -> None:
    """The step on following suit opens on its first designed position, "New question" asks
    the next, and a reload starts again from the first (tests/test_course_exercises.py judges
    each by the core)."""
    from tutor.web.course import EXERCISE_SEEDS

    p = page.page
    first, second = EXERCISE_SEEDS[7][:2]
    for _load in range(2):
        page.goto("/course/7?lang=en")
        assert _question(page, "play")["seed"] == first
        p.locator("#quiz-play [data-role=quiz-new]").click()
        p.wait_for_function(
            f"() => document.getElementById('quiz-play').dataset.seed === '{second}'")
        assert _question(page, "play")["seed"] == second
