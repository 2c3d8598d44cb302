"""The physical table's console in Chromium, at phone size: a whole deal played with real cards
entered by taps — a misdeal ruled first (the same dealer deals again), dealer, bids, the chien
turned over, « Jeu », the 72 cards — with a revoke put in on purpose, which the console shows
as soon as a later card proves it; the referee plays on, and at the end the deal waits for his
ruling (no FFT penalty was found for the revoke, play.revoke-ruling: the service applies none
of its own) — scored as played by his tap; the taps are counted (a practised referee taps
about once a second: the whole deal must take fewer than 180 taps, three minutes); the score
and the scoresheet are the API's.

The console mirrors its state on ``#console`` (``data-seq``, ``data-busy``, ``data-step``,
``data-refusals``): the test waits on it after each tap, never for a fixed time."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from .conftest import PHONE, SCREENSHOTS
from .referee_deals import scripted_deal

NAMES = ["Anne", "Bruno", "Chloé", "David"]
TAP_BUDGET = 180
"""Three minutes at one tap a second."""


class Taps:
    """Every tap of the test on the console, counted, each followed by the console's answer."""

    def __init__(self, p: Any) -> None:
        self.p = p
        self.count = 0

    def state(self) -> dict[str, str]:
        return self.p.locator("#console").evaluate("n => Object.assign({}, n.dataset)")

    def tap(self, locator: Any, *, records: bool = True) -> None:
        before = self.state()
        locator.click()
        self.count += 1
        if records:
            self.p.wait_for_function(
                "([seq, refusals]) => { const r = document.getElementById('console');"
                " return r.dataset.busy === 'false'"
                " && (r.dataset.seq !== seq || r.dataset.refusals !== refusals); }",
                arg=[before["seq"], before["refusals"]])

    def card(self, code: str, names: dict[str, dict[str, Any]], *, records: bool = True) -> None:
        """Tap the card's group when it is not the one shown, then the card (by its name)."""
        group = "trump" if names[code]["cls"] in ("trump", "excuse") else names[code]["cls"]
        tab = self.p.locator(f"#console-controls .suit-tab[data-group='{group}']")
        if tab.get_attribute("aria-pressed") != "true":
            self.tap(tab, records=False)
        button = self.p.locator("#console-cards").get_by_role(
            "button", name=names[code]["name"], exact=True)
        self.tap(button, records=records)


def _api(server: str, path: str, token: str | None = None, body: Any = None) -> Any:
    request = urllib.request.Request(server + "/api/v1" + path, method="POST" if body else "GET",
                                     data=json.dumps(body).encode() if body else None)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def _open_console(page: Any) -> tuple[str, str, dict[str, dict[str, Any]]]:
    """A new physical table of NAMES, Anne dealing, at its first bid: its id, the referee's
    key (from the page's link) and the cards' names."""
    p = page.page
    page.goto("/referee/physical?lang=fr")
    for i, name in enumerate(NAMES):
        p.fill(f"#console-name-{i}", name)
    p.select_option("#console-dealer", "0")
    p.locator("#console-start").click()
    p.wait_for_function("() => document.getElementById('console').dataset.step === 'bid'")
    fragment = p.evaluate("location.hash")
    cards: dict[str, dict[str, Any]] = p.evaluate(
        "JSON.parse(document.getElementById('web-cards').textContent)")
    return fragment.split("t=")[1].split("&")[0], fragment.split("k=")[1], cards


def test_physical_deal_entered_by_taps_with_a_revoke(page: Any, server: str) -> None:
    p = page.page
    p.set_viewport_size(PHONE)
    script = scripted_deal(7, poignee=True)
    assert script.poignee is not None
    table_id, token, cards = _open_console(page)
    taps = Taps(p)

    # a misdeal ruled before the first bid (deal.misdeal): the same dealer deals again
    taps.tap(p.locator("#console-misdeal"))
    assert taps.state()["step"] == "bid"
    assert p.locator("#console-misdeal").count() == 1  # still no bid on the new deal

    # the auction: the first speaker (right of the dealer, Bruno) takes a garde
    assert "Bruno" in p.locator("#console-step-title").inner_text()
    for bid in ("garde", "passe", "passe", "passe"):
        taps.tap(p.locator(f"#console-controls button[data-bid='{bid}']"))
    assert taps.state()["step"] == "chien"
    for code in script.chien:  # the chien turned over, card by card, then confirmed
        taps.card(code, cards, records=False)
    taps.tap(p.locator("#console-confirm"))
    assert taps.state()["step"] == "jeu"
    p.screenshot(path=str(SCREENSHOTS / "referee-console-jeu-phone.png"))
    taps.tap(p.locator("#console-jeu"))  # the écart made face down: « Jeu »

    revokes_seen = 0
    poignee_shown = False
    for number, (seat, code) in enumerate(script.plays):
        assert taps.state()["step"] == "play", (number, taps.state())
        assert NAMES[seat] in p.locator("#console-step-title").inner_text()
        if number == 5:  # the played cards are greyed out in the picker
            played = script.plays[0][1]
            group = cards[played]["cls"]
            if group not in ("trump", "excuse"):
                p.locator(f"#console-controls .suit-tab[data-group='{group}']").click()
                taps.count += 1
                gone = p.locator(f"#console-cards button[data-code='{played}']")
                assert gone.is_disabled()
        if script.poignee and seat == script.poignee[0] and not poignee_shown:
            # the poignée shown before the seat's first card: its ten trumps, then confirmed
            taps.tap(p.locator("#console-poignee"), records=False)
            assert taps.state()["step"] == "poignee"
            for trump in script.poignee[1]:
                taps.card(trump, cards, records=False)
            taps.tap(p.locator("#console-confirm"))
            assert taps.state()["step"] == "play"
            poignee_shown = True
            assert "10" in p.locator("#console-status").inner_text()
        taps.card(code, cards)
        if taps.state()["step"] == "ruling" and number < len(script.plays) - 1:
            revokes_seen += 1
            ruling = p.locator("#console-ruling")
            assert ruling.is_visible()
            assert ruling.locator("a[href^='/rules#']").count() >= 1
            if revokes_seen == 1:
                p.screenshot(path=str(SCREENSHOTS / "referee-console-revoke-phone.png"))
            taps.tap(p.locator("#console-play-on"))
    assert revokes_seen >= 1 and poignee_shown
    assert p.locator("#console-misdeal").count() == 0  # bids recorded: too late for a misdeal

    # the deal is over with a revoke: not scored until the referee rules (play.revoke-ruling)
    assert taps.state()["step"] == "ruling"
    assert p.locator("#console-derivation li").count() == 0
    ruling = p.locator("#console-ruling")
    assert ruling.locator("a[data-rule='play.revoke-ruling']").count() == 1
    assert p.locator("#console-play-on").count() == 0 and p.locator("#console-annul").is_visible()
    p.screenshot(path=str(SCREENSHOTS / "referee-console-ruling-phone.png"))
    taps.tap(p.locator("#console-as-played"))
    p.locator("#console-derivation li").first.wait_for()
    assert p.locator("#console-ruled").is_visible()

    # the score and the scoresheet are the API's
    view = _api(server, f"/tables/{table_id}", token)
    entry = view["scoresheet"]["entries"][0]
    rows = p.locator("#console-sheet tbody tr")
    assert rows.count() == 1
    cells = rows.first.locator("td.num").all_inner_texts()
    assert [int(c) for c in cells] == entry["scores"]
    events = _api(server, f"/tables/{table_id}/events?since=0&lang=fr", token)["events"]
    scored = [e for e in events if e["type"] == "scored"]
    assert len(scored) == 1 and scored[0]["scores"] == entry["scores"]
    assert scored[0]["ruling"] == "as-played" and scored[0]["revokes"]
    assert [e["reason"] for e in events if e["type"] == "redeal"] == ["misdeal"]
    assert [e["ruling"] for e in events if e["type"] == "ruled"] == ["as-played"]
    derivation = p.locator("#console-derivation li").all_inner_texts()
    assert derivation == [line["text"] for line in scored[0]["score"]["derivation"]]
    assert [e["trick"] for e in events if e["type"] == "revoke"][0] > script.revoke[0]

    print(f"\nconsole taps for a whole 18-trick deal: {taps.count}")
    assert taps.count < TAP_BUDGET, taps.count
    page.shot("referee-console-scored")


def test_chelem_announced_after_jeu_gives_the_taker_the_lead(page: Any, server: str) -> None:
    """chelem.announce at the console: the taker's « Jeu » or chelem step offers both; after
    « Jeu », until the first card, the chelem is still offered, and once recorded the taker
    leads whoever dealt (the player right of the dealer was to lead) and it is offered no
    more."""
    p = page.page
    p.set_viewport_size(PHONE)
    script = scripted_deal(3)
    table_id, token, cards = _open_console(page)
    taps = Taps(p)
    for bid in ("passe", "garde", "passe", "passe"):  # Chloé, not right of the dealer, takes
        taps.tap(p.locator(f"#console-controls button[data-bid='{bid}']"))
    for code in script.chien:
        taps.card(code, cards, records=False)
    taps.tap(p.locator("#console-confirm"))
    assert taps.state()["step"] == "jeu"
    controls = p.locator("#console-controls")
    chelem = controls.get_by_role("button", name="Chelem annoncé", exact=True)
    assert chelem.is_visible()  # « Jeu » or a chelem: both offered
    taps.tap(controls.get_by_role("button", name="Écart fait : « Jeu »", exact=True))

    assert taps.state()["step"] == "play"
    assert "Bruno" in p.locator("#console-step-title").inner_text()  # right of the dealer
    # after « Jeu », before the first card: still offered, naming the taker (Bruno is to play)
    chelem = controls.get_by_role("button", name="Chloé, le preneur, annonce un chelem",
                                  exact=True)
    assert chelem.is_visible()
    page.shot("referee-console-chelem-after-jeu")
    taps.tap(chelem)

    assert taps.state()["step"] == "play"
    assert "Chloé" in p.locator("#console-step-title").inner_text()  # the taker leads
    assert chelem.count() == 0  # announced once
    view = _api(server, f"/tables/{table_id}", token)
    assert view["deal"]["chelem_announced"] is True and view["deal"]["taker"] == 2
    assert view["deal"]["to_move"] == 2
