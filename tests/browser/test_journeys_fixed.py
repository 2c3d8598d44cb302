"""What three real journeys tripped on (issue 29), in Chromium at the sizes they were met at:
a beginner on a phone (390x844), friends on laptops (1280x800), a club referee with real cards.

- At 390 px no page scrolls sideways (``document.scrollingElement.scrollWidth <=
  innerWidth``), opened states included (the console's trumps, a scoresheet with a deal, an
  opened club evening), every visible control is at least 44x44 px (a checkbox by its label, the
  target a finger hits; a link inside running text is as tall as its line and is left aside),
  the felt's words are 14 px, and the badges on a card leave its corner indices uncovered.
- At 1280x800 the reason for a refused card is on screen with the whole hand, without
  scrolling; after undo the page stays where it was and says so on screen.
- The review's piles shown add up to the totals the core counted (the excuse's exchange card
  moved), the figures the API serves.
- The physical console's referee takes back a mis-tap.

Everything is found by its accessible name or role, as a screen reader would.
"""

from __future__ import annotations

from typing import Any

from rules_fr.cards import BY_CODE, points_half

from .conftest import DESKTOP, PHONE, SCREENSHOTS
from .practice import act, hand, select, sit_down, state, wait_ready
from .test_referee_console import _api  # the console tests' API call, not a copy of it

FITS = "() => document.scrollingElement.scrollWidth <= innerWidth"

SMALL_CONTROLS = """() => {
  const out = [];
  const seen = (n) => { const r = n.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(n).visibility !== 'hidden'; };
  for (const n of document.querySelectorAll(
      'a[href], button, input, select, textarea, summary, [role=button], [role=tab]')) {
    if (!seen(n) || n.closest('[hidden], .sr-only')) continue;
    if (n.tagName === 'A' && getComputedStyle(n).display === 'inline') continue;  // in a text
    let target = n;
    if (n.type === 'checkbox' || n.type === 'radio')
      target = n.closest('label') || (n.id && document.querySelector(`label[for="${n.id}"]`)) || n;
    const r = target.getBoundingClientRect();
    if (r.width < 43.5 || r.height < 43.5)
      out.push(`${n.tagName}#${n.id} "${(n.getAttribute('aria-label') || n.textContent || n.type)
        .trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return out;
}"""

SMALL_FELT_TEXT = """() => [...document.querySelectorAll('.felt *, .me-bar *')].filter(n =>
  [...n.childNodes].some(c => c.nodeType === 3 && c.textContent.trim())
  && n.getBoundingClientRect().width > 0 && !n.closest('.sr-only')
  && parseFloat(getComputedStyle(n).fontSize) < 13.9).map(n => n.className + ' '
  + getComputedStyle(n).fontSize)"""

BADGES_OVER_INDICES = """() => {
  const out = [];
  for (const card of document.querySelectorAll('.card.legal, .card.from-chien')) {
    const c = card.getBoundingClientRect();
    for (const which of ['::before', '::after']) {
      const s = getComputedStyle(card, which);
      if (s.content === 'none' || s.content === 'normal' || s.display === 'none') continue;
      // the pseudo-element's box, from its used position (absolute, in the card)
      const w = parseFloat(s.width) || 0, h = parseFloat(s.height) || 0;
      const left = s.left !== 'auto' ? parseFloat(s.left) : c.width - parseFloat(s.right) - w;
      const top = s.top !== 'auto' ? parseFloat(s.top) : c.height - parseFloat(s.bottom) - h;
      const box = { x0: left / c.width, y0: top / c.height,
                    x1: (left + w) / c.width, y1: (top + h) / c.height };
      // the corner indices: the top left and the bottom right 30 % of the face
      const overTopLeft = box.x0 < 0.3 && box.y0 < 0.3 && box.x1 > 0.05 && box.y1 > 0.05;
      const overBottomRight = box.x1 > 0.7 && box.y1 > 0.7 && box.x0 < 0.95 && box.y0 < 0.95;
      if (overTopLeft || overBottomRight) out.push(card.dataset.code + which);
    }
  }
  return out;
}"""


def _shot(p: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    p.screenshot(path=str(SCREENSHOTS / f"journeys-{name}.png"), full_page=True)


def _fits_a_phone(p: Any, where: str) -> None:
    assert p.evaluate(FITS), (where, p.evaluate(
        "() => [document.scrollingElement.scrollWidth, innerWidth]"))
    assert p.evaluate(SMALL_CONTROLS) == [], where
    # nor a table scrolling inside its frame (the scoresheet's last columns out of sight)
    cut = p.evaluate("() => [...document.querySelectorAll('.table-wrap')].filter(w =>"
                     " w.getClientRects().length && w.scrollWidth > w.clientWidth + 1)"
                     ".map(w => w.getAttribute('aria-labelledby') || w.className)")
    assert cut == [], (where, cut)


PAGES = ["/", "/rules", "/trick?players=4&seed=11", "/ecart?players=4&seed=5", "/score",
         "/course", "/course/1", "/glossary", "/practice", "/referee", "/referee/new",
         "/referee/physical", "/referee/evening"]


def test_every_page_fits_a_phone_with_big_enough_controls(page) -> None:
    p = page.page
    p.set_viewport_size(PHONE)
    for path in PAGES:
        page.goto(path + ("&" if "?" in path else "?") + "lang=en")
        p.wait_for_load_state("networkidle")
        _fits_a_phone(p, path)
    # the trick trainer: the ✓ of a legal card (once the learner tried) beside the indices
    page.goto("/trick?players=4&hand=KH+7H+2S+T3&trick=1H&lang=en")
    # nothing shown legal before the learner tries a card
    king = p.get_by_role("button", name="King of hearts", exact=True)
    spade = p.get_by_role("button", name="2 of spades", exact=True)
    p.locator("#verdict .hint").wait_for()
    look = "n => [getComputedStyle(n).boxShadow, getComputedStyle(n, '::after').content]"
    assert king.evaluate(look) == spade.evaluate(look)
    assert king.get_attribute("aria-description") is None
    spade.click()
    p.locator("#verdict .verdict-title").wait_for()
    assert p.locator("#hand .card.legal").count() == 2
    assert p.evaluate(BADGES_OVER_INDICES) == []
    # the écart trainer: the chien's dot beside the corner index
    page.goto("/ecart?players=4&seed=5&lang=en")
    p.locator("#pool .card.from-chien").first.wait_for()
    assert p.evaluate(BADGES_OVER_INDICES) == []


def test_opened_pages_fit_a_phone(page) -> None:
    """The states that scrolled sideways: the console's trumps, a scoresheet with a deal, an
    opened club evening; and the practice table's felt, 14 px words."""
    p = page.page
    p.set_viewport_size(PHONE)
    # the physical console, its trumps shown
    page.goto("/referee/physical?lang=en")
    for i, name in enumerate(["Anne", "Bruno", "Chloé", "David"]):
        p.get_by_label(f"Name of player {i + 1}", exact=True).fill(name)
    p.get_by_role("button", name="Start recording").click()
    p.wait_for_function("() => document.getElementById('console').dataset.step === 'bid'")
    _fits_a_phone(p, "console: bid")
    for bid in ("Garde", "Pass", "Pass", "Pass"):
        p.locator("#console-controls").get_by_role("button", name=bid, exact=True).click()
        p.wait_for_function("() => document.getElementById('console').dataset.busy === 'false'")
    p.wait_for_function("() => document.getElementById('console').dataset.step === 'chien'")
    p.locator("#console-controls .suit-tab[data-group='trump']").click()
    _fits_a_phone(p, "console: the trumps")
    _shot(p, "console-trumps-phone")
    # the score calculator's scoresheet, a deal added
    page.goto("/score?lang=en")
    p.get_by_role("button", name="Compute the score").click()
    p.get_by_role("button", name="Add this deal to the scoresheet").click()
    p.locator("#sheet-body tr").first.wait_for()
    _fits_a_phone(p, "score: a deal on the scoresheet")
    wrap = p.locator(".scoresheet .table-wrap")
    assert wrap.evaluate("n => n.scrollWidth <= n.clientWidth"), "the scoresheet is cut"
    _shot(p, "score-sheet-phone")
    # a club evening, opened
    page.goto("/referee/evening?lang=en")
    p.get_by_role("button", name="Open the tables").click()
    p.locator("#evening-list section").first.wait_for()
    _fits_a_phone(p, "an opened club evening")
    _shot(p, "evening-opened-phone")
    # the practice table: the felt's words at 14 px, the hand's cards 44 px
    page.goto("/practice?lang=en")
    sit_down(p, 4)
    _fits_a_phone(p, "the practice table")
    assert p.evaluate(SMALL_FELT_TEXT) == []
    _shot(p, "practice-phone")
    # the bidding advice: its count said to be a scale of its own, its conclusion said once
    assert state(p)["phase"] == "bidding" and state(p)["mine"] == "true"
    p.get_by_role("button", name="Bidding advice", exact=True).click()
    advice = p.get_by_role("region", name="Advice", exact=True)
    advice.locator("[data-role=advised]").wait_for()
    text = advice.inner_text()
    assert "not card points" in text, text
    conclusion = advice.locator(".explanation").inner_text().split(". ", 1)[1].strip()
    assert text.count(conclusion) == 1, text
    _fits_a_phone(p, "the bidding advice")


def test_new_question_comes_after_the_question(page) -> None:
    p = page.page
    p.set_viewport_size(PHONE)
    page.goto("/score?lang=en")
    quiz = p.locator(".quiz").first
    quiz.get_by_role("button", name="New question").click()
    question = quiz.locator(".quiz-question")
    question.wait_for()
    after = question.evaluate(
        "(q, b) => Boolean(q.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING)",
        quiz.get_by_role("button", name="New question").element_handle())
    assert after, "“New question” is above the question"


def test_club_evening_says_its_heading_once_ranks_nobody_before_a_score_shows_its_deal(
        page) -> None:
    p = page.page
    page.goto("/referee/evening?lang=en&seed=3")
    # duplicate names a prepared deal: it is shown, each hand and the chien
    p.get_by_label("Kind of evening").select_option("duplicate")
    p.get_by_text("The prepared deal", exact=True).click()
    deal = p.locator("#evening-prepared-deal")
    assert deal.get_by_role("heading", name="Player 1's hand (the dealer)").is_visible()
    assert deal.get_by_role("heading", name="The chien").is_visible()
    assert deal.get_by_role("img").count() == 78
    p.get_by_label("Kind of evening").select_option("physical")
    p.get_by_role("button", name="Open the tables").click()
    p.locator("#evening-list section").first.wait_for()
    assert p.get_by_role("heading", name="Club evening", exact=True).count() == 1
    ranks = p.locator("#evening-ranking tbody td.rank").all_inner_texts()
    assert len(ranks) == 8 and set(ranks) == {"–"}  # no rank before any deal is scored
    assert "No deal scored yet" in p.locator("#evening-ranking-how").inner_text()
    assert p.evaluate(SMALL_CONTROLS) == []


# --- the practice table at 1280x800: refused cards and undo in view ------------------------

def _in_view(p: Any, locator: Any) -> bool:
    box = locator.bounding_box()
    size = p.viewport_size
    return (box is not None and box["y"] >= 0 and box["x"] >= 0
            and box["y"] + box["height"] <= size["height"] + 0.5
            and box["x"] + box["width"] <= size["width"] + 0.5)


def test_refused_card_reason_and_undo_stay_in_view_on_a_laptop(page) -> None:
    """At 1280x800 the verdict on a refused card is on screen with every card of the hand,
    without scrolling; after undo the page does not jump to the top and says so on screen."""
    from .test_practice import _bid_to, _settle_contract

    p = page.page
    p.set_viewport_size(DESKTOP)
    page.goto("/practice?lang=en")
    sit_down(p, 4)
    _bid_to(p, ["passe"])
    _settle_contract(p)
    for _ in range(18):
        assert state(p)["stage"] == "play"
        illegal = hand(p).locator("button.card[aria-disabled='true']")
        if illegal.count():
            break
        legal = hand(p).locator("button.card.legal").first
        select(p, legal)
        act(p, hand(p).locator(f"button.card[data-code='{legal.get_attribute('data-code')}']"))
    else:
        raise AssertionError("no refused card in a whole deal")
    refused = illegal.first
    name = refused.get_attribute("aria-label")
    select(p, refused)
    why = p.get_by_role("region", name="Why?", exact=True)
    verdict = why.locator(".verdict-title.bad")
    assert verdict.is_visible() and _in_view(p, verdict), "the reason is off screen"
    assert _in_view(p, why), "the reason is cut"
    cards = hand(p).get_by_role("button")
    for i in range(cards.count()):
        assert _in_view(p, cards.nth(i)), f"card {i} of the hand is cut"
    assert hand(p).get_by_role("button", name=name, exact=True).count() == 1  # still in hand
    _shot(p, "refused-card-desktop")
    # undo: play a card, take it back; the page stays down where the hand is
    legal = hand(p).locator("button.card.legal").first
    select(p, legal)
    act(p, hand(p).locator(f"button.card[data-code='{legal.get_attribute('data-code')}']"))
    scrolled = p.evaluate("scrollY")
    table = state(p)["table"]
    p.get_by_role("button", name="Undo my last decision").click()
    p.wait_for_function("t => { const r = document.getElementById('practice');"
                        " return r.dataset.table !== t && r.dataset.busy === 'false'; }", arg=table)
    message = p.get_by_text("Your last decision is undone: decide again.")
    message.wait_for()
    assert _in_view(p, message), "the undo message is off screen"
    assert scrolled == 0 or p.evaluate("scrollY") > 0, "the page jumped to the top"
    _shot(p, "undone-desktop")


# --- the review's piles are the core's ----------------------------------------------------

def test_review_piles_add_up_to_the_totals_the_core_counted(page, server: str) -> None:
    """The learner, taker of a prepared garde sans, leads the excuse at the first trick: a
    defender wins it, the taker's camp keeps the excuse and gives a low card in exchange. The
    cards shown in each pile (read by their names) are worth the pile's total, which is the
    API's (the core's count), and the two make 91."""
    from .test_practice import _play_out, _prepared_table

    created = _prepared_table(page, dealer=3, contract="garde_sans")
    p = page.page
    p.set_viewport_size(PHONE)
    by_name = {view["name"]: code for code, view in p.evaluate(
        "JSON.parse(document.getElementById('web-cards').textContent)").items()}
    actions = p.locator("#practice [data-role=actions]")
    assert act(p, actions.locator("[data-role=jeu]"))
    excuse = hand(p).get_by_role("button", name="The excuse", exact=True)
    select(p, excuse)
    assert act(p, hand(p).get_by_role("button", name="The excuse", exact=True))
    _play_out(p, "en", check_view=False, refuse_once=False)
    assert act(p, p.locator("#practice [data-role=see-review]"))
    review = p.get_by_role("region", name="Deal review", exact=True)
    token = created["seat_tokens"][0]["token"]
    served = _api(server, f"/tables/{created['id']}/deals/1", token)
    assert served["excuse"]["exchanged"] and served["excuse"]["exchange_card"]
    shown = {}
    for camp, heading in (("taker", "The taker's pile"), ("defense", "The defence's pile")):
        pile = review.locator(".pile").filter(
            has=p.get_by_role("heading", name=heading, exact=True))
        names = pile.get_by_role("img").evaluate_all(
            "n => n.map(c => c.getAttribute('aria-label'))")
        codes = [by_name[n] for n in names]
        shown[camp] = points_half(BY_CODE[c] for c in codes)
        assert shown[camp] == served["piles"][camp]["half_points"], camp
        assert float(pile.get_attribute("data-points")) == served["piles"][camp]["points"]
    assert shown["taker"] + shown["defense"] == 182
    exchange = BY_CODE[served["excuse"]["exchange_card"]].code
    assert exchange in served["piles"]["defense"]["cards"]  # moved to the trick's winners
    _shot(p, "review-piles-phone")


# --- the physical console: a mis-tap taken back; a revoke names its player -----------------

NAMES = ["Anne", "Bruno", "Chloé", "David"]


def _physical_table(server: str) -> tuple[str, str, int]:
    """A physical table of NAMES, Anne dealing, Bruno's garde sans recorded: id, referee's
    key, last sequence number."""
    made = _api(server, "/tables", body={"players": 4, "deals": 3, "mode": "physical",
                                         "names": NAMES})
    table, key, seq = made["id"], made["referee_token"], made["table"]["seq"]
    first = made["table"]["deal"]["to_move"]
    for i in range(4):
        answer = _api(server, f"/tables/{table}/actions", key, {
            "type": "bid", "seat": (first + i) % 4, "bid": "garde_sans" if i == 0 else "passe",
            "seq": seq})
        seq = answer["seq"]
    return table, key, seq


def test_console_takes_back_a_mis_tap_and_names_the_revoking_player(page, server: str) -> None:
    p = page.page
    p.set_viewport_size(PHONE)
    table, key, seq = _physical_table(server)
    for seat, card in ((1, "5H"), (2, "6H")):
        seq = _api(server, f"/tables/{table}/actions", key,
                   {"type": "play", "seat": seat, "card": card, "seq": seq})["seq"]
    page.goto(f"/referee/physical?lang=en#t={table}&k={key}")
    p.wait_for_function("() => document.getElementById('console').dataset.step === 'play'")
    title = p.locator("#console-step-title")
    assert "David" in title.inner_text()
    take_back = p.get_by_role("button", name="Take back the last record", exact=True)
    take_back.click()  # Chloé's 6 of hearts was a mis-tap
    p.wait_for_function("s => { const r = document.getElementById('console');"
                        " return r.dataset.busy === 'false' && r.dataset.seq !== s; }",
                        arg=str(seq))
    assert "Chloé" in title.inner_text()  # her card to record again
    said = p.get_by_text("The last record was taken back", exact=False)
    assert said.is_visible() and _in_view(p, said)
    view = _api(server, f"/tables/{table}", key)
    assert view["deal"]["trick"]["cards"] == ["5H"]
    events = _api(server, f"/tables/{table}/events?since=0", key)["events"]
    assert events[-1]["type"] == "taken-back"  # an action in the history, nothing deleted
    assert [e.get("card") for e in events if e["type"] == "action"][-1] == "6H"
    _fits_a_phone(p, "console after a take-back")
    _shot(p, "console-take-back-phone")
    # a revoke: Chloé discards a spade on hearts, then shows a heart — named, not "seat 2"
    seq = view["seq"]
    for seat, card in ((2, "2S"), (3, "3H"), (0, "4H"), (1, "7S"), (2, "KH")):
        seq = _api(server, f"/tables/{table}/actions", key,
                   {"type": "play", "seat": seat, "card": card, "seq": seq})["seq"]
    page.page.reload()
    p.wait_for_function("() => document.getElementById('console').dataset.step === 'ruling'")
    ruling = p.get_by_role("region", name="The referee must rule")
    text = ruling.inner_text()
    assert "Chloé played" in text and "seat 2" not in text, text


# --- an online table, by an invite link ------------------------------------------------------

def test_invitee_sees_who_bids_open_seats_and_writes_their_own_name(page, server: str) -> None:
    """Chloé opens her invite link before anyone else: the status says Bruno is to bid (not
    « to play »), the seats nobody opened yet are open (not « not connected »), and she
    writes her own name."""
    made = _api(server, "/tables", body={"players": 4, "deals": 3, "names": NAMES})
    token = {t["seat"]: t["token"] for t in made["seat_tokens"]}
    p = page.page
    p.set_viewport_size(PHONE)
    page.goto(f"/referee/table/{made['id']}?lang=en#k={token[2]}")
    wait_ready(p, "online-seat")
    status = p.locator("#online-seat .table-status")
    assert "Waiting for Bruno to bid" in status.inner_text(), status.inner_text()
    felt = p.locator("#online-seat .felt")
    assert felt.get_by_text("to bid", exact=True).count() == 1  # Bruno's mark: not "to play"
    felt.get_by_text("open: waiting for its player").first.wait_for()
    assert felt.get_by_text("not connected").count() == 0
    _fits_a_phone(p, "an invitee's table")
    name = p.get_by_label("Your name at this table")
    assert name.input_value() == "Chloé"
    name.fill("Chloé B.")
    p.get_by_role("button", name="Change my name").click()
    p.get_by_text("Your name at this table is now: Chloé B.").wait_for()
    assert name.input_value() == "Chloé B."
    assert _api(server, f"/tables/{made['id']}", token[0])["names"][2] == "Chloé B."
    _shot(p, "invitee-phone")


def test_referee_after_the_partie_counts_as_the_review(page, server: str) -> None:
    """A partie the robots played to its end, opened by the referee afterwards: the points won
    shown for the last deal are the core's, the écart or the chien in them — the review's."""
    made = _api(server, "/tables", body={"players": 4, "deals": 3, "bots": [0, 1, 2, 3],
                                         "names": NAMES})
    key = made["referee_token"]
    view = _api(server, f"/tables/{made['id']}", key)
    assert view["over"], view
    review = _api(server, f"/tables/{made['id']}/deals/3", key)
    p = page.page
    p.set_viewport_size(DESKTOP)
    page.goto(f"/referee/table/{made['id']}?lang=en#k={key}")
    count = p.get_by_role("region", name="Points won so far", exact=True)
    taker = count.locator("p[data-camp='taker']")
    taker.wait_for()
    for camp in ("taker", "defense"):
        points = review["piles"][camp]["points"]
        text = count.locator(f"p[data-camp='{camp}']").inner_text()
        assert f" {points:g} point" in text, (camp, text, points)
    _shot(p, "referee-after-partie-desktop")
