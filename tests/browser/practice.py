"""Driving the practice table from a test: its state is mirrored on ``#practice``
(``data-table``, ``data-seq``, ``data-busy``, ``data-phase``, ``data-mine``,
``data-refusals``), so a test waits for the state it needs after each action, never for a
fixed time."""

from __future__ import annotations


def state(p) -> dict[str, str]:
    return p.locator("#practice").evaluate("n => Object.assign({}, n.dataset)")


def wait_ready(p) -> None:
    p.wait_for_function(
        "() => { const r = document.getElementById('practice');"
        " return r && !r.hidden && r.dataset.busy === 'false' && r.dataset.seq !== ''; }")


def act(p, control, *, key: str | None = None) -> bool:
    """Press ``control`` (a click, or ``key`` on it when focused) and wait for the referee's
    answer: True when the table moved on, False when the action was refused in place."""
    before = state(p)
    if key:
        control.focus()
        p.keyboard.press(key)
    else:
        control.click()
    p.wait_for_function(
        "([seq, refusals]) => { const r = document.getElementById('practice');"
        " return r.dataset.busy === 'false'"
        " && (r.dataset.seq !== seq || r.dataset.refusals !== refusals); }",
        arg=[before["seq"], before["refusals"]])
    return state(p)["seq"] != before["seq"]


def sit_down(p, players: int) -> None:
    before = state(p).get("table", "")
    p.select_option("#practice-players", str(players))
    p.locator("#practice-start").click()
    p.wait_for_function(
        "before => { const r = document.getElementById('practice');"
        " return !r.hidden && r.dataset.busy === 'false' && r.dataset.table"
        " && r.dataset.table !== before; }", arg=before)


def say_jeu(p) -> None:
    """The learner, taker, says « Jeu » (ecart.jeu): the deal waits for it once his contract is
    settled, with a slam announcement offered beside it; then play starts."""
    assert state(p)["phase"] == "announcing" and state(p)["mine"] == "true", state(p)
    actions = p.locator("#practice-actions")
    assert actions.locator("#practice-chelem").count() == 1
    assert act(p, actions.locator("#practice-jeu"))
    assert state(p)["phase"] == "playing"
    assert actions.locator("#practice-jeu, #practice-chelem").count() == 0
