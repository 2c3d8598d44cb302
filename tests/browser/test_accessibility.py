"""Keyboard and screen reader smoke checks on every page, in both languages.

Names are read from Chromium's own accessibility tree (the Chrome DevTools Protocol), i.e. what
a screen reader is given: every control (button, link, field, select, checkbox) and every card
drawn as an image has a name; every form field has a label; ``<html lang>`` is the page's
language. The keyboard check walks a page with Tab and must reach every visible control.
"""

from __future__ import annotations

import pytest

from .practice import sit_down as _sit_down

NAMED_ROLES = frozenset({
    "button", "link", "textbox", "searchbox", "combobox", "checkbox", "spinbutton", "radio",
    "listbox", "slider", "switch", "menuitem", "tab", "image", "img",
})

UNLABELLED_FIELDS = """() => Array.from(document.querySelectorAll('input, select, textarea'))
  .filter(f => f.type !== 'hidden' && !(f.labels && f.labels.length)
               && !f.getAttribute('aria-label') && !f.getAttribute('aria-labelledby'))
  .map(f => f.outerHTML.slice(0, 120))"""

UNREACHABLE = """() => Array.from(document.querySelectorAll(
    'a[href], button, input, select, textarea, summary, [tabindex]'))
  .filter(n => n.tabIndex < 0 && !n.disabled && n.id !== 'main'
               && !n.matches('.table-status, .review h2') && n.getClientRects().length)
  .map(n => n.outerHTML.slice(0, 120))"""


def _unnamed(page) -> list[str]:
    """Controls and images of the accessibility tree that a screen reader would not name."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    missing = []
    for node in nodes:
        role = (node.get("role") or {}).get("value")
        if node.get("ignored") or role not in NAMED_ROLES:
            continue
        if not str((node.get("name") or {}).get("value") or "").strip():
            missing.append(f"{role} (backend node {node.get('backendDOMNodeId')})")
    return missing


def _check(page, lang: str, where: str) -> None:
    p = page.page
    assert p.locator("html").get_attribute("lang") == lang, where
    assert not _unnamed(p), (where, _unnamed(p))
    assert not p.evaluate(UNLABELLED_FIELDS), (where, p.evaluate(UNLABELLED_FIELDS))
    assert not p.evaluate(UNREACHABLE), (where, p.evaluate(UNREACHABLE))
    # Reflow: nothing wider than a phone's screen.
    p.set_viewport_size({"width": 390, "height": 844})
    overflow = p.evaluate("() => document.documentElement.scrollWidth")
    p.set_viewport_size({"width": 1280, "height": 800})
    assert overflow <= 390, (where, overflow)


PAGES = ["/", "/rules", "/trick?players=5&seed=21", "/ecart?players=3&seed=4", "/score",
         "/examples/marque/une-garde-contre-chutee", "/no/such/page", "/glossary", "/course",
         "/course/6", "/puzzles?players=5&seed=3"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_control_is_named_and_labelled(page, lang: str) -> None:
    page.allow("404")  # the page that does not exist
    p = page.page
    for path in PAGES:
        p.goto(page.base + path + ("&" if "?" in path else "?") + f"lang={lang}")
        if path.startswith("/trick"):
            p.locator("#hand button.card.legal").first.wait_for()
        if path.startswith("/ecart"):
            p.locator("#pool button.card").first.wait_for()
        _check(page, lang, path)
    # The practice table in the middle of a deal, with the advice shown.
    p.goto(page.base + f"/practice?lang={lang}")
    _check(page, lang, "practice (empty)")
    _sit_down(p, 4)
    button = p.locator("#practice [data-role=ask-advice]")
    if button.count():
        button.click()
        p.locator("#practice .advice .reasons li").first.wait_for()
    _check(page, lang, "practice (dealt)")


def _tab_walk(page, limit: int) -> set[str]:
    """The ids (given now to every control) that Tab reaches, in at most ``limit`` presses."""
    p = page.page
    # Scrollable regions made focusable (tabindex=0, so a keyboard can scroll them) are stops
    # of the walk too.
    p.evaluate("""() => document.querySelectorAll(
        'a[href], button, input, select, summary, [tabindex="0"]')
        .forEach((n, i) => { n.dataset.kb = String(i); })""")
    # Start from the top, as a page just opened: the skip link is the first stop.
    p.locator(".skip-link").focus()
    reached = {p.evaluate("() => document.activeElement.dataset.kb")}
    for _ in range(limit):
        p.keyboard.press("Tab")
        key = p.evaluate("() => document.activeElement && document.activeElement.dataset.kb")
        if key is None and reached:
            break
        if key is not None:
            reached.add(key)
    return reached


def _visible_controls(page) -> set[str]:
    return set(page.page.evaluate("""() => Array.from(document.querySelectorAll('[data-kb]'))
        .filter(n => n.getClientRects().length && !n.disabled
                     && getComputedStyle(n).visibility !== 'hidden')
        .map(n => n.dataset.kb)"""))


def test_keyboard_reaches_every_control(page) -> None:
    """Tab alone reaches every visible control of the score calculator and of a practice
    table being bid, none is a trap; the skip link comes first."""
    p = page.page
    page.goto("/score?lang=en")
    reached = _tab_walk(page, 80)
    assert _visible_controls(page) <= reached, _visible_controls(page) - reached
    page.goto("/practice?lang=en")
    _sit_down(p, 3)
    reached = _tab_walk(page, 120)
    missing = _visible_controls(page) - reached
    assert not missing, p.evaluate(
        "keys => keys.map(k => document.querySelector(`[data-kb='${k}']`).outerHTML)",
        sorted(missing))
    # The skip link is the first stop of a fresh page, and leads to the content.
    page.goto("/score?lang=en")
    p.keyboard.press("Tab")
    assert p.evaluate("() => document.activeElement.className") == "skip-link"
    p.keyboard.press("Enter")
    assert p.evaluate("() => document.activeElement.id") == "main"
