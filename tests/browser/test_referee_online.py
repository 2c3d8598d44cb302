"""An online table for people in Chromium: the creator opens a table for four from
``/referee/new``; four browser contexts join it by their invite links and play a complete deal
on the practice table's card table (table.js), by tapping legal card buttons named after the
cards. Every seat page follows the table by its stream (an EventSource opened with a stream
ticket). At every step each context shows its own hand only — the hand the API gives its
token, sharing no card with the other contexts' hands. One context reloads mid-trick and
resumes; a second tab of one seat acts on a stale view and is refused with the reason and what
changed; a context that loses its connection shows a banner. The scoresheet shown is the API's,
and each seat can open the deal's review; then the creator, from the referee's link, sees who
is connected and hands the seats to robots, which finish the partie; its scoresheet downloads
as CSV, equal to the API's.

A seat page mirrors its card table's state on ``#online-seat`` and the page's on ``#online``
(``data-seq``, ``data-busy``, ``data-mine``, ``data-refusals``, ``data-stream``): the test waits
on them, never for a fixed time."""

from __future__ import annotations

import csv
import io
import json
import random
import time
import urllib.request
from typing import Any

from rules_fr.cards import CardSet
from rules_fr.ecart import random_legal_ecart

from . import practice as card_table
from .conftest import DESKTOP, PHONE, Page

SHOWN = "n => Object.assign({}, n.dataset)"
SEAT = "online-seat"  # the card table of a seat's page


def _api_view(server: str, table_id: str, token: str) -> dict[str, Any]:
    request = urllib.request.Request(f"{server}/api/v1/tables/{table_id}?lang=fr",
                                     headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def _state(p: Page, root: str = SEAT) -> dict[str, str]:
    return p.page.locator(f"#{root}").evaluate(SHOWN)


def _hand(p: Page) -> list[str]:
    return card_table.hand_codes(p.page, SEAT)


def _wait_seq(p: Page, seq: int, root: str = SEAT) -> None:
    p.page.wait_for_function(
        "([id, seq]) => { const r = document.getElementById(id);"
        " return r && !r.hidden && r.dataset.busy === 'false' && r.dataset.seq === String(seq); }",
        arg=[root, seq])


def _click(p: Page, locator: Any, root: str = SEAT) -> None:
    """Click and wait for the referee's answer (the table moved on, or a refusal)."""
    before = _state(p, root)
    locator.click()
    p.page.wait_for_function(
        "([id, seq, refusals]) => { const r = document.getElementById(id);"
        " return r.dataset.busy === 'false'"
        " && (r.dataset.seq !== seq || r.dataset.refusals !== refusals); }",
        arg=[root, before["seq"], before["refusals"]])


class _Hold:
    """A route handler that holds a page's requests while ``on`` (the page hears nothing)."""

    def __init__(self) -> None:
        self.on = False
        self.routes: list[Any] = []

    def __call__(self, route: Any) -> None:
        if self.on:
            self.routes.append(route)
        else:
            route.continue_()

    def release(self) -> None:
        self.on = False
        for route in self.routes:
            route.continue_()
        self.routes = []


def test_four_people_play_a_deal_by_their_invite_links(browser: Any, server: str) -> None:
    contexts = []

    def open_page(viewport: dict[str, int]) -> Page:
        context = browser.new_context(viewport=viewport, locale="fr-FR")
        contexts.append(context)
        page = Page(context.new_page(), server)
        page.page.set_default_timeout(10_000)
        page.allow("409")  # a stale action, refused on purpose
        page.allow("ERR_INTERNET_DISCONNECTED")  # the connection cut on purpose
        return page

    try:
        creator = open_page(DESKTOP)
        creator.goto("/referee/new?lang=fr")
        creator.page.select_option("#lobby-players", "4")
        creator.page.select_option("#lobby-deals", "3")
        for i, name in enumerate(["Anne", "Bruno", "Chloé", "David"]):
            creator.page.fill(f"#lobby-name-{i}", name)
        creator.page.locator("#lobby-open").click()
        creator.page.locator("#lobby-invite-3").wait_for()
        links = [creator.page.locator(f"#lobby-invite-{i}").get_attribute("href")
                 for i in range(4)]
        referee_link = creator.page.locator("#lobby-referee").get_attribute("href")
        table_id = links[0].split("/referee/table/")[1].split("#")[0]
        tokens = [link.split("#k=")[1] for link in links]
        referee = referee_link.split("#k=")[1]
        creator.shot("referee-online-invites")

        players = [open_page(PHONE if i == 0 else DESKTOP) for i in range(4)]
        for p, link in zip(players, links, strict=True):
            p.page.goto(link)
        for p in players:  # each seat page follows the table by its stream
            p.page.wait_for_function(
                "() => document.getElementById('online').dataset.stream === 'open'")
        twin = open_page(DESKTOP)  # a second tab of seat 2: two people acting on one seat
        twin.page.goto(links[2])

        rng = random.Random(5)
        reloaded = stale_checked = offline_checked = False
        first_bid = True
        for _ in range(200):
            table = _api_view(server, table_id, referee)
            if table["scoresheet"]["entries"]:
                break
            seat = table["to_move"]
            actor = players[seat]
            for p in players:
                _wait_seq(p, table["seq"])
            # each context shows its own hand only: the API's for its token, no card of another
            hands = [set(_hand(p)) for p in players]
            for i, p in enumerate(players):
                mine = _api_view(server, table_id, tokens[i])["deal"]
                expected = set(mine.get("hand") or [])
                if i == seat and _state(p)["phase"] == "ecart":
                    expected |= set(mine["chien"])
                assert hands[i] == expected, (i, hands[i], expected)
                for j in range(4):
                    if j != i:
                        assert not hands[i] & hands[j]
            assert _state(actor)["mine"] == "true"
            # the others are told whom they wait for, and for what (a bid in the auction)
            waited = {"bidding": "À {} d'enchérir", "playing": "À {} de jouer"}.get(
                table["deal"]["phase"], "À {}, le preneur, de décider")
            for i, p in enumerate(players):
                if i != seat:
                    status = p.page.locator(f"#{SEAT} .table-status").inner_text()
                    assert waited.format(table["names"][seat]) in status, status
            deal = table["deal"]
            phase = deal["phase"]
            page = actor.page
            seat_table = page.locator(f"#{SEAT}")
            actions = seat_table.locator("[data-role=actions]")
            if phase == "bidding":
                bid = "Garde" if first_bid else "Passe"
                first_bid = False
                _click(actor, actions.get_by_role("button", name=bid, exact=True))
            elif phase == "ecart":
                chien = CardSet.parse(deal["chien"])
                hand = CardSet.parse(_hand(actor)) - chien
                ecart = random_legal_ecart(4, hand, chien, rng)
                for code in ecart.codes():
                    card_table.hand(page, SEAT).locator(f"button[data-code='{code}']").click()
                assert card_table.hand(page, SEAT).locator(
                    "[aria-pressed='true']").count() == len(ecart)
                _click(actor, actions.locator("[data-role=ecart]"))
            elif phase == "announcing":
                _click(actor, actions.locator("[data-role=jeu]"))
            else:
                trick = deal["trick"]["cards"]
                if len(deal["tricks"]) == 4 and len(trick) == 2 and not reloaded:
                    # a closed laptop: the next player reloads mid-trick, and resumes
                    actor.page.reload()
                    _wait_seq(actor, table["seq"])
                    assert set(_hand(actor)) == hands[seat]
                    assert seat_table.locator("[data-role=trick]").get_attribute(
                        "data-cards") == "2"
                    reloaded = True
                legal = card_table.legal_cards(page, SEAT)
                names = legal.evaluate_all("n => n.map(b => b.getAttribute('aria-label'))")
                assert names, "no legal card"
                choice = rng.choice(names)
                # the twin plays another card than this one: the same card at the same seq
                # is a retry of the same action, answered as the first was (idempotent)
                twin_stale = seat == 2 and not stale_checked and len(names) >= 2
                hold = _Hold()
                if twin_stale:
                    # the twin tab of seat 2 stops hearing from the table: it will act on
                    # the table as it was before this card
                    _wait_seq(twin, table["seq"])
                    hold.on = True
                    twin.page.route("**/events?*", hold)
                    deadline = time.monotonic() + 30  # a broken page fails, never hangs
                    while not hold.routes and time.monotonic() < deadline:
                        twin.page.wait_for_timeout(50)
                    assert hold.routes, "the twin tab never asked for its events again"
                button = card_table.hand(page, SEAT).get_by_role("button", name=choice, exact=True)
                assert card_table.play(page, button, SEAT)
                if twin_stale:
                    hold.on = False
                    other = next(
                        b for b in card_table.legal_cards(twin.page, SEAT).all()
                        if b.get_attribute("aria-label") != choice)
                    # one seat, two people: the second is refused, told why and what changed
                    card_table.play(twin.page, other, SEAT)
                    verdict = twin.page.locator(f"#{SEAT} [data-role=why]")
                    verdict.locator(".changes li").first.wait_for()
                    assert str(table["seq"]) in verdict.inner_text()  # what it had seen
                    assert int(_state(twin)["refusals"]) == 1
                    hold.release()
                    twin.page.unroute("**/events?*")
                    assert _api_view(server, table_id, referee)["seq"] > table["seq"]
                    stale_checked = True
                if len(deal["tricks"]) == 8 and not offline_checked:
                    contexts[2].set_offline(True)  # players[1]'s context
                    players[1].page.locator("#online-banner").wait_for(state="visible")
                    players[1].shot("referee-online-offline")
                    contexts[2].set_offline(False)
                    players[1].page.locator("#online-banner").wait_for(state="hidden")
                    offline_checked = True
        assert reloaded and stale_checked and offline_checked
        table = _api_view(server, table_id, referee)
        entry = table["scoresheet"]["entries"][0]
        for p in players:
            _wait_seq(p, table["seq"])
            cells = p.page.locator("#online-sheet tbody tr").first.locator("td.num")
            assert [int(c) for c in cells.all_inner_texts()] == entry["scores"]
            # the last trick stays on the table; the deal's review is one tap away
            p.page.wait_for_function(
                "() => document.getElementById('online-seat').dataset.stage === 'last-trick'")
        players[0].shot("referee-online-last-trick")
        for p in players:
            p.page.locator(f"#{SEAT} [data-role=see-review]").click()
            review = p.page.get_by_role("region", name="Bilan de la donne", exact=True)
            review.wait_for()
            assert review.locator("[data-role=derivation] li").count() >= 3
            assert review.locator("[data-role=pile-sum]").inner_text().find("91") >= 0
        players[0].shot("referee-online-scored")

        # the creator, at the referee's link: who is connected, then robots finish the partie
        creator.page.goto(referee_link)
        _wait_seq(creator, table["seq"], "online")
        seats = creator.page.locator("#online-seats .seat")
        assert seats.evaluate_all("n => n.map(s => s.dataset.connected)") == ["true"] * 4
        assert creator.page.locator("#online-hand-box").is_hidden()
        for seat in range(4):
            _click(creator, creator.page.locator(
                f"#online-seats button.seat-robot[data-seat='{seat}']"), "online")
        deadline = time.monotonic() + 10
        while not _api_view(server, table_id, referee)["over"] and time.monotonic() < deadline:
            time.sleep(0.1)
        final = _api_view(server, table_id, referee)
        assert final["over"]
        _wait_seq(creator, final["seq"], "online")
        assert creator.page.locator("#online-sheet tbody tr").count() == 3
        with creator.page.expect_download() as info:
            creator.page.locator("#online-exports a[download]").click()
        with open(info.value.path(), encoding="utf-8-sig") as exported:
            rows = list(csv.reader(io.StringIO(exported.read())))
        assert rows[0][-4:] == final["names"]
        assert [[int(x) for x in r[-4:]] for r in rows[1:-1]] == [
            e["scores"] for e in final["scoresheet"]["entries"]]
        assert [int(x) for x in rows[-1][-4:]] == final["scoresheet"]["totals"]
        creator.shot("referee-online-over")
        # the seats went to robots with their keys: each player's page stops and says why
        for p in [*players, twin]:
            alert = p.page.get_by_role("alert").filter(has_text="Demandez à l'arbitre")
            alert.wait_for()
            assert p.page.locator("#online").get_attribute("data-stream") == "closed"
            p.allow("401")  # the withdrawn key, refused as it should be
        players[1].shot("referee-online-key-withdrawn")
        for p in [creator, *players, twin]:
            assert not p.unexpected_errors(), p.errors
    finally:
        for context in contexts:
            context.close()
