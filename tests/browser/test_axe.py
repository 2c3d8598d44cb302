"""Every page through axe-core (run locally, vendored in ``vendor/``) at a phone's size
(390×844) and a laptop's (1280×800): no violation of WCAG 2.1 A and AA, colour contrast
included, nothing wider than the screen, and no console error (the ``page`` fixture fails on
one).

Pages are visited in the states a reader sees: the trainers with a verdict and a quiz
answered, the course's steps with their exercise, the practice table dealt and reviewed, the
referee's pages, an error page. axe is injected by ``page.evaluate`` (a DevTools call, which
the page's CSP does not govern), never served by the app.
"""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

import pytest

from .conftest import DESKTOP, PHONE

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
AXE_SRI = "KTSJmUUM3yhJqOcLeRL8LahahJ2jnA0NU5T1HUqe2Vw="
"""axe-core 4.14.1's published digest (its sri-history.json)."""
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

RUN = """async (tags) => {
  const result = await axe.run(document, { runOnly: { type: "tag", values: tags },
                                           resultTypes: ["violations"] });
  return result.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map(n => n.target.join(" ") + " :: " + n.failureSummary) }));
}"""


def _source() -> str:
    data = AXE.read_bytes()
    assert base64.b64encode(hashlib.sha256(data).digest()).decode() == AXE_SRI
    return data.decode()


def _violations(page, where: str) -> list[str]:
    p = page.page
    if not p.evaluate("() => Boolean(window.axe)"):
        p.evaluate(_source())
    found = []
    for label, size in (("phone", PHONE), ("laptop", DESKTOP)):
        p.set_viewport_size(size)
        for v in p.evaluate(RUN, TAGS):
            found.append(f"{where} @{label}: {v['id']} ({v['impact']}): {v['help']} — "
                         + " | ".join(v["nodes"]))
        width = p.evaluate("() => document.documentElement.scrollWidth")
        if width > size["width"]:  # reflow (WCAG 1.4.10): nothing wider than the screen
            found.append(f"{where} @{label}: {width} px wide for a {size['width']} px screen")
    p.set_viewport_size(DESKTOP)
    return found


def _wait_quiz(p, kind: str, state: str) -> None:
    p.wait_for_function(
        f"() => document.getElementById('quiz-{kind}').dataset.state === '{state}'")


STATIC_PAGES = ["/", "/rules", "/score", "/glossary", "/course", "/referee",
                "/referee/physical", "/referee/evening", "/referee/new",
                "/examples/marque/une-garde-contre-chutee", "/puzzles?players=4&seed=1"]


ASKS = """
window.__asked = 0;
const fetched = window.fetch;
window.fetch = (...args) => { window.__asked += 1; return fetched(...args); };
const sent = XMLHttpRequest.prototype.send;
XMLHttpRequest.prototype.send = function (...args) {
  window.__asked += 1;
  return sent.apply(this, args);
};
"""
"""Counts, in the page itself and as they are made, the requests its scripts send."""


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_static_pages(page, lang: str) -> None:
    found = []
    page.page.add_init_script(ASKS)
    for path in STATIC_PAGES:
        page.goto(f"{path}?lang={lang}")  # returns at the load event
        # A page that asks the API something is checked once the answers are drawn (no
        # request for half a second); one that asks nothing (all of them today) is complete
        # at its load event, without that half-second wait.
        if page.page.evaluate("() => window.__asked"):
            page.page.wait_for_load_state("networkidle")
        found += _violations(page, path)
    page.allow("404")
    page.page.goto(page.base + f"/no/such/page?lang={lang}")
    found += _violations(page, "404 page")
    assert not found, "\n".join(found)


def test_trainers_with_verdicts_and_quizzes(page) -> None:
    p = page.page
    found = []
    page.goto("/trick?players=4&hand=7H+KH+T3+EX+2S&trick=5H&lang=fr")
    p.locator("#hand button.card.legal").first.wait_for()
    p.locator("#hand button[data-code='T3']").click()
    p.locator("#verdict .verdict-title").wait_for()
    found += _violations(page, "trick trainer, a refusal")
    p.locator("#quiz-play [data-role=quiz-new]").click()
    _wait_quiz(p, "play", "asking")
    found += _violations(page, "trick trainer, a quiz asked")
    p.locator("#quiz-play [data-role=quiz-check]").click()
    _wait_quiz(p, "play", "answered")
    found += _violations(page, "trick trainer, a quiz answered")
    page.goto("/trick?players=4&hand=KH+ZZ&lang=en")
    found += _violations(page, "trick trainer, a typed situation refused")
    page.goto("/ecart?players=4&seed=5&lang=en")
    p.locator("#pool button.card").first.click()
    p.locator("#check-ecart").click()
    p.locator("#verdict .verdict-title").wait_for()
    p.locator("#quiz-ecart [data-role=quiz-new]").click()
    _wait_quiz(p, "ecart", "asking")
    p.locator("#quiz-ecart [data-answer=true]").click()
    _wait_quiz(p, "ecart", "answered")
    found += _violations(page, "écart trainer, a verdict and a quiz answered")
    page.goto("/score?lang=fr")
    p.locator("#score-submit").click()
    p.locator("#score-result .verdict-title").wait_for()
    for kind in ("score", "count"):
        p.locator(f"#quiz-{kind} [data-role=quiz-new]").click()
        _wait_quiz(p, kind, "asking")
    # The count quiz checked with no points typed: the API refuses the answer (422), the
    # page says why and keeps the question open.
    page.allow("422")
    p.locator("#quiz-count [data-role=quiz-check]").click()
    p.locator("#quiz-count [data-role=quiz-verdict] .problem").wait_for()
    _wait_quiz(p, "count", "asking")
    found += _violations(page, "score calculator, a score and a quiz answer refused")
    for kind in ("score", "count"):
        p.locator(f"#quiz-{kind} [data-role=quiz-input]").fill("0")
        p.locator(f"#quiz-{kind} [data-role=quiz-check]").click()
        _wait_quiz(p, kind, "answered")
    found += _violations(page, "score calculator, a score and two quizzes answered")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_course_step(page, lang: str) -> None:
    from tutor.web.course import STEPS

    found = []
    for number in range(1, STEPS + 1):
        page.goto(f"/course/{number}?lang={lang}")
        page.page.wait_for_function(
            "() => document.querySelector('section.quiz').dataset.state === 'asking'")
        found += _violations(page, f"course step {number}")
    assert not found, "\n".join(found)


def test_practice_table_through_a_deal(page) -> None:
    """The practice table bidding, choosing a card (its reason shown), at its last trick and
    at the review of the deal; the table and review screenshots are test_practice.py's."""
    from .practice import act, select, sit_down, state
    from .test_practice import _bid_to, _play_out, _settle_contract

    p = page.page
    found = []
    page.goto("/practice?lang=fr")
    found += _violations(page, "practice, no table")
    sit_down(p, 4)
    found += _violations(page, "practice, bidding")
    _bid_to(p, ["passe"])
    _settle_contract(p)
    card = p.locator("#practice [data-role=hand] button.card.legal").first
    code = card.get_attribute("data-code")
    select(p, card)
    found += _violations(page, "practice, a card's reason")
    # Tapped again, the selected card is played (then the deal is played out).
    assert act(p, p.locator(f"#practice [data-role=hand] button.card[data-code='{code}']"))
    _play_out(p, "fr", check_view=False, refuse_once=False)
    assert state(p)["stage"] == "last-trick"
    found += _violations(page, "practice, last trick")
    assert act(p, p.locator("#practice [data-role=see-review]"))
    found += _violations(page, "practice, review")
    assert not found, "\n".join(found)


def test_online_table_pages(page) -> None:
    """The lobby once a table is open (the invite links), a seat's page and the referee's
    page of that table (``/referee/table/<id>#k=<token>``)."""
    p = page.page
    found = []
    page.goto("/referee/new?lang=en")
    p.locator("#lobby-open").click()
    p.locator("#lobby-invite-1").wait_for()
    found += _violations(page, "lobby, invites")
    links = [p.locator(f"#lobby-invite-{i}").get_attribute("href") for i in (0, 1)]
    links.append(p.locator("#lobby-referee").get_attribute("href"))
    for link, where in zip(links, ("seat 1", "seat 2", "the referee"), strict=True):
        # Seats of one table differ by the token after "#": a new page for each, as a person
        # opening the invite link would get (a hash change alone reloads nothing).
        p.goto("about:blank")
        p.goto(link if link.startswith("http") else page.base + link)
        p.wait_for_function("() => { const r = document.getElementById('online');"
                            " return r && !r.hidden && r.dataset.busy === 'false'; }")
        found += _violations(page, f"online table, {where}")
    assert not found, "\n".join(found)
