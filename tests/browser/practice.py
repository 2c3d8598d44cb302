"""Driving the card table (table.js) from a test: its state is mirrored on its root element —
``#practice`` on the practice table, ``#online-seat`` on an online table's seat page —
(``data-table``, ``data-seq``, ``data-busy``, ``data-phase``, ``data-mine``, ``data-stage``,
``data-refusals``), so a test waits for the state it needs after each action, never for a
fixed time. Cards and bids are found by their accessible names, as a screen reader would.
Each helper takes the root's id as ``root`` (the practice table's by default)."""

from __future__ import annotations

PRACTICE = "practice"


def state(p, root: str = PRACTICE) -> dict[str, str]:
    return p.locator(f"#{root}").evaluate("n => Object.assign({}, n.dataset)")


def wait_ready(p, root: str = PRACTICE) -> None:
    p.wait_for_function(
        "id => { const r = document.getElementById(id);"
        " return r && !r.hidden && r.dataset.busy === 'false' && r.dataset.seq !== ''; }",
        arg=root)


def act(p, control, *, key: str | None = None, root: str = PRACTICE) -> bool:
    """Press ``control`` (a click, or ``key`` on it when focused) and wait for the referee's
    answer: True when the table moved on, False when the action was refused in place."""
    before = state(p, root)
    if key:
        control.focus()
        p.keyboard.press(key)
    else:
        control.click()
    p.wait_for_function(
        "([id, seq, refusals, stage]) => { const r = document.getElementById(id);"
        " return r.dataset.busy === 'false'"
        " && (r.dataset.seq !== seq || r.dataset.refusals !== refusals"
        "     || r.dataset.stage !== stage); }",
        arg=[root, before["seq"], before["refusals"], before["stage"]])
    after = state(p, root)
    return after["seq"] != before["seq"] or after["stage"] != before["stage"]


def sit_down(p, players: int) -> None:
    before = state(p).get("table", "")
    p.select_option("#practice-players", str(players))
    p.locator("#practice-start").click()
    dialog = p.locator("#practice-confirm")
    if dialog.is_visible():
        p.locator("#practice-confirm-yes").click()
    p.wait_for_function(
        "before => { const r = document.getElementById('practice');"
        " return !r.hidden && r.dataset.busy === 'false' && r.dataset.table"
        " && r.dataset.table !== before && r.dataset.seq !== ''; }", arg=before)


def hand(p, root: str = PRACTICE):
    return p.locator(f"#{root}").get_by_role("region", name="Your hand", exact=True).or_(
        p.locator(f"#{root}").get_by_role("region", name="Votre main", exact=True))


def hand_codes(p, root: str = PRACTICE) -> list[str]:
    return hand(p, root).locator("button.card").evaluate_all(
        "n => n.map(b => b.dataset.code)")


def legal_cards(p, root: str = PRACTICE):
    return hand(p, root).locator("button.card.legal")


def select(p, card, root: str = PRACTICE) -> None:
    """Tap a card once: it is selected and the referee says whether it may be played, and
    why."""
    code = card.get_attribute("data-code")
    if card.get_attribute("aria-disabled") == "true":  # refused: reachable by the keyboard
        card.focus()
        p.keyboard.press("Enter")
    else:
        card.click()
    p.wait_for_function(
        "([id, code]) => { const w = document.querySelector(`#${id} [data-role=why]`);"
        " const sel = document.querySelector("
        "   `#${id} [data-role=hand] button[data-code='${code}']`);"
        " return w && w.querySelector('.verdict-title') && sel"
        " && sel.getAttribute('aria-pressed') === 'true'; }", arg=[root, code])


def play(p, card, root: str = PRACTICE) -> bool:
    """Tap a legal card twice: select (and read why), then play."""
    code = card.get_attribute("data-code")
    select(p, card, root)
    return act(p, hand(p, root).locator(f"button.card[data-code='{code}']"), root=root)


def trick_size(p, root: str = PRACTICE) -> int:
    """How many cards the trick on the table holds."""
    table = p.locator(f"#{root}")
    trick = table.get_by_role("region", name="Trick", exact=True).or_(
        table.get_by_role("region", name="Pli", exact=True))
    return trick.locator(".card").count()


def say_jeu(p) -> None:
    """The learner, taker, says « Jeu » (ecart.jeu): the deal waits for it once his contract is
    settled, with a slam announcement offered beside it; then play starts. The slam is still
    offered after « Jeu » until the first card (chelem.announce), which the robots play at
    once unless the learner leads."""
    assert state(p)["phase"] == "announcing" and state(p)["mine"] == "true", state(p)
    actions = p.locator("#practice [data-role=actions]")
    assert actions.locator("[data-role=chelem]").count() == 1
    assert act(p, actions.locator("[data-role=jeu]"))
    assert state(p)["phase"] == "playing"
    assert actions.locator("[data-role=jeu]").count() == 0
    leads = state(p)["mine"] == "true" and trick_size(p) == 0
    assert actions.locator("[data-role=chelem]").count() == (1 if leads else 0)
