"""The beginner's course in Chromium: each step's exercise starts by itself on the real
engine, is answered and explained (the count two by two, a wrong card's rule as a link); the
progress stays in the browser across a reload and a restart, shown on the course page; a
question answered wrong comes back; on a phone and a laptop."""

from __future__ import annotations

import re

from tutor.web.course import PLAN

from .conftest import ARGS, CHROMIUM, DESKTOP, PHONE
from .quizzes import answered, expected


def _number(slug: str) -> int:
    return next(i for i, planned in enumerate(PLAN, 1) if planned.slug == slug)


def _question(page, kind: str, lang: str = "fr", players: int = 4) -> dict:
    """The question the step asks, as the API marks it (its expected answer)."""
    page.page.wait_for_function(
        f"() => document.getElementById('quiz-{kind}').dataset.state === 'asking'")
    seed = page.page.locator(f"#quiz-{kind}").get_attribute("data-seed")
    return expected(page.base, kind, players, int(seed), lang)


def _marked(page, kind: str) -> str:
    page.page.wait_for_function(
        f"() => document.getElementById('quiz-{kind}').dataset.state === 'answered'")
    return page.page.locator(f"#quiz-{kind}").get_attribute("data-result")


def test_a_count_is_shown_two_by_two(page) -> None:
    number = _number("pairs")
    page.goto(f"/course/{number}?lang=fr")
    p = page.page
    assert p.locator("h1").inner_text() == "Compter deux par deux"
    quiz = _question(page, "count")
    section = p.locator("#quiz-count")
    assert section.locator(".quiz-question").inner_text() == quiz["question"]
    section.get_by_label("Points").fill(str(quiz["answer"]["points"]))
    sent, marked = answered(page, section.get_by_role("button", name="Vérifier ma réponse").click)
    assert sent == {"kind": "count", "players": 4, "seed": quiz["seed"],
                    "points": quiz["answer"]["points"]}
    assert _marked(page, "count") == "right"
    assert section.locator(".explanation").inner_text() == marked["why"]
    assert "Compté deux par deux : " in marked["why"]
    # The working: each pair of cards, shown, with its points.
    pairs = section.locator("[data-role=quiz-pairs] > li")
    assert pairs.count() == len(quiz["answer"]["pairs"])
    for i, pair in enumerate(quiz["answer"]["pairs"]):
        row = pairs.nth(i)
        assert [c.get_attribute("data-code") for c in row.locator(".card").all()] == pair["cards"]
        assert row.locator(".pair-points").inner_text().startswith(
            str(pair["points"]).replace(".", ","))
    # The rules the step teaches, by title; the steps follow one another.
    assert p.locator(".course-rules a[href='/rules#cards.points']").count() == 1
    steps = p.get_by_role("navigation", name="Étapes du cours")
    steps.get_by_role("link", name=f"Étape {number + 1} →").click()
    p.wait_for_url(f"**/course/{number + 1}*")
    assert p.locator(".kicker").text_content() == f"Étape {number + 1} sur {len(PLAN)}"


def test_a_wrong_card_says_its_rule_as_a_link(page) -> None:
    """On following suit, a card of another suit chosen: the mistake says why in a sentence
    and names the rule by its title, a link to the rule; its id is no text to read."""
    page.goto(f"/course/{_number('follow')}?lang=en")
    p = page.page
    quiz = _question(page, "play", "en")
    wrong = next(c for c in quiz["answer"]["cards"] if not c["legal"])
    section = p.locator("#quiz-play")
    section.locator(f".hand [data-code='{wrong['card']}']").click()
    answered(page, section.get_by_role("button", name="Check my answer").click)
    assert _marked(page, "play") == "wrong"
    mistakes = section.locator(".quiz-mistakes")
    link = mistakes.get_by_role("link", name="Following suit").first
    assert link.get_attribute("href") == "/rules#play.follow-suit"
    text = mistakes.inner_text() + section.locator(".explanation").inner_text()
    assert "play.follow-suit" not in text and "You must play a" in text


def _choose(page, kind: str, value: str) -> None:
    section = page.page.locator(f"#quiz-{kind}")
    answered(page, section.locator(f"button[data-answer='{value}']").click)


def test_progress_survives_a_reload_and_a_wrong_answer_comes_back(page) -> None:
    """On a phone: the step on the target, its first question answered wrong, the others
    right; the one answered wrong comes back after them. The course page says "to review",
    after a reload too; answered right, the step is done."""
    p = page.page
    p.set_viewport_size(PHONE)
    planned = PLAN[_number("target") - 1]
    page.goto(f"/course/{_number('target')}?lang=en")
    asked = []
    for turn in range(len(planned.seeds) + 1):
        quiz = _question(page, "target", "en")
        asked.append(quiz["seed"])
        if turn == 0:
            answer = next(c["value"] for c in quiz["choices"]
                          if c["value"] != quiz["answer"]["choice"])
        else:
            answer = quiz["answer"]["choice"]
        if turn < len(planned.seeds):
            _choose(page, "target", answer)
            assert _marked(page, "target") == ("wrong" if turn == 0 else "right")
            p.locator("#quiz-target [data-role=quiz-new]").click()
    assert asked == [*planned.seeds, planned.seeds[0]]  # the wrong one comes back last
    assert p.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    page.goto("/course?lang=en")
    title = p.locator("#course-index li[data-step=target] a").inner_text()
    assert p.get_by_role("link", name=f"{title} (to review)").count() == 1
    p.reload()
    assert p.get_by_role("link", name=f"{title} (to review)").count() == 1
    assert p.get_by_role("link", name="The cards (to do)").count() == 1
    # Back on the step, the question answered wrong is asked first (the lowest box).
    page.goto(f"/course/{_number('target')}?lang=en")
    quiz = _question(page, "target", "en")
    assert quiz["seed"] == planned.seeds[0]
    _choose(page, "target", quiz["answer"]["choice"])
    assert _marked(page, "target") == "right"
    page.goto("/course?lang=en")
    assert p.get_by_role("link", name=f"{title} (done)").count() == 1
    assert p.locator("#course-summary").inner_text().startswith("1 of ")
    page.shot("course-index")


def test_progress_survives_a_browser_restart(tmp_path, server, browser) -> None:
    """At 1280x800, a step done in one browser run is still done after Chromium is closed
    and started again on the same profile (its localStorage on disk)."""
    profile = tmp_path / "profile"
    planned = PLAN[_number("sitout") - 1]
    chromium = browser.browser_type  # the running Playwright's, another browser process
    if True:
        for run in range(2):
            context = chromium.launch_persistent_context(
                str(profile), executable_path=CHROMIUM, args=ARGS, headless=True,
                viewport=DESKTOP, locale="en-GB")
            p = context.new_page()
            p.set_default_timeout(10_000)
            if run == 0:
                p.goto(f"{server}/course/{_number('sitout')}?lang=en")
                for _turn in planned.seeds:
                    p.wait_for_function(
                        "() => document.getElementById('quiz-sitout').dataset.state === 'asking'")
                    seed = int(p.locator("#quiz-sitout").get_attribute("data-seed"))
                    right = expected(server, "sitout", 4, seed, "en")["answer"]["choice"]
                    p.locator(f"#quiz-sitout button[data-answer='{right}']").click()
                    p.wait_for_function(
                        "() => document.getElementById('quiz-sitout').dataset.result")
                    p.locator("#quiz-sitout [data-role=quiz-new]").click()
            else:
                p.goto(f"{server}/course?lang=en")
                row = p.locator("#course-index li[data-step=sitout]")
                assert row.get_attribute("data-status") == "done"
                name = row.locator("a").get_attribute("aria-label")
                assert re.fullmatch(r".+ \(done\)", name)
                assert p.get_by_role("link", name="Go on with step 1").count() == 1
            context.close()


def test_a_choice_step_on_a_laptop(page) -> None:
    """The king call at five: the hand and the card asked shown, a button per choice, the
    answer explained."""
    page.goto(f"/course/{_number('king-call')}?lang=fr")
    p = page.page
    quiz = _question(page, "king", "fr", players=5)
    section = p.locator("#quiz-king")
    assert section.get_by_role("group", name="Votre main").locator(".card").count() == 15
    group = section.get_by_role("group", name=quiz["question"])
    right = "Oui" if quiz["answer"]["choice"] == "yes" else "Non"
    group.get_by_role("button", name=right).click()
    assert _marked(page, "king") == "right"
    # The explanation is the API's, each rule it cites a link on its title, not its id.
    said = section.locator(".explanation")
    assert said.inner_text() == re.sub(r" \([a-z]+\.[a-z0-9.-]+\)", "", quiz["why"])
    for rule in re.findall(r"\(([a-z]+\.[a-z0-9.-]+)\)", quiz["why"]):
        assert said.locator(f"a[href='/rules#{rule}']").count() == 1
    page.shot("course-step")


def test_a_strategy_step_asks_the_advice_engine(page) -> None:
    """Loading a partner's trick: only the legal cards can be pressed; another card than the
    engine's is marked wrong with the engine's reasons, and the engine's card is shown."""
    page.goto(f"/course/{_number('charge')}?lang=en")
    p = page.page
    quiz = _question(page, "advice", "en")
    section = p.locator("#quiz-advice")
    hand = section.get_by_role("group", name="Your hand")
    legal = quiz["position"]["legal_cards"]
    assert hand.locator("button.card").count() == len(legal)
    other = next(card for card in legal if card != quiz["answer"]["card"])
    answered(page, hand.locator(f"button[data-code='{other}']").click)
    assert _marked(page, "advice") == "wrong"
    assert section.locator(".explanation").inner_text() == quiz["why"]
    assert hand.locator(f"[data-code='{quiz['answer']['card']}']").get_attribute(
        "class").endswith("winner")
    page.shot("course-strategy")
