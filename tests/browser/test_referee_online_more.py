"""Online tables of six and of seven, and the referee's link, on the practice table's card table
(table.js) in Chromium. The creator opens a table from ``/referee/new`` — two people (Anne,
Bruno) and robots; five play each deal and the others sit out in turn. Each person's page, and
the referee's, follows the table by its stream. The person to play plays by tapping legal card
buttons named after the cards; the page of the person sitting the deal out shows the deal's five
seats around the table, itself marked as sitting out, and no hand (the API deals it none); the
referee's page shows the five around the table and those sitting out beside it, no hand of its
own, and never a card of a hand before it is played: every card it ever draws (watched from the
moment it opens, the robots' plays in between included) is one the referee's view of the API
makes public — played, the chien turned over, a poignée shown. When the deal is scored, every
page leaves its last trick on the table and opens the review. axe finds nothing on these pages,
at phone and laptop size. Screenshots land in the build folder."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from . import practice as card_table
from .conftest import DESKTOP, PHONE, Page
from .test_axe import _violations

SEAT = "online-seat"  # the card table of an online table's page
# Everything the referee's card table ever draws, hidden or not, from the moment it opens.
WATCH = """() => { window.__shown = new Set();
  new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach((n) => {
    if (n.nodeType !== 1) return;
    [n, ...n.querySelectorAll('.card[data-code]')].forEach((c) => {
      if (c.matches('.card[data-code]')) window.__shown.add(c.dataset.code); });
  }))).observe(document.getElementById('online-seat'), { childList: true, subtree: true });
  document.querySelectorAll('#online-seat .card[data-code]').forEach(
    (c) => window.__shown.add(c.dataset.code)); }"""
DRAWN = "() => { const a = Array.from(window.__shown); window.__shown.clear(); return a; }"
SHOWN_CARDS = ("id => Array.from(document.querySelectorAll(`#${id} .card[data-code]`))"
               ".filter(c => c.offsetParent !== null).map(c => c.dataset.code)")


def _api_view(server: str, table_id: str, token: str) -> dict[str, Any]:
    request = urllib.request.Request(f"{server}/api/v1/tables/{table_id}?lang=fr",
                                     headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def _wait_seq(p: Page, seq: int) -> None:
    p.page.wait_for_function(
        "([id, seq]) => { const r = document.getElementById(id);"
        " return r && !r.hidden && r.dataset.busy === 'false' && r.dataset.seq === String(seq); }",
        arg=[SEAT, seq])


def _public(view: dict[str, Any]) -> set[str]:
    """The cards the referee's view of the API shows: played, turned over, shown."""
    deal = view["deal"] or {}
    cards = set(deal.get("trick", {}).get("cards", []))
    for trick in deal.get("tricks", []):
        cards |= set(trick["cards"])
    cards |= set(deal.get("chien") or [])
    cards |= set(deal.get("ecart_trumps_shown") or [])
    for shown in deal.get("poignees", []):
        cards |= set(shown["cards"])
    return cards


def _seats(p: Page, where: str) -> list[int]:
    return [int(s) for s in p.page.locator(f"#{SEAT} {where} .seat").evaluate_all(
        "n => n.map(s => s.dataset.seat)")]


def _check_spectator(p: Page, table: dict[str, Any], hands: dict[int, set[str]],
                     me: int | None) -> None:
    """A page with no hand this deal (the referee's, or a seat sitting out): the deal's five
    seats around the felt, the others beside it marked as sitting out, and no card of a hand
    before it is played."""
    deal = table["deal"]
    state = card_table.state(p.page, SEAT)
    assert state["mine"] == "false", state
    assert card_table.hand(p.page, SEAT).count() == 0  # no hand region, hidden or absent
    assert sorted(_seats(p, ".felt")) == sorted(deal["people"])
    out = [s for s in range(table["players"]) if s not in deal["people"]]
    if me is None:
        assert p.page.locator(f"#{SEAT} .me-bar").is_hidden()
        assert _seats(p, "[data-role=sitting-out]") == out
        bench = p.page.locator(f"#{SEAT}").get_by_role(
            "region", name="Ne jouent pas cette donne", exact=True)
        assert "ne joue pas cette donne" in bench.inner_text()
        assert "comme arbitre" in p.page.locator(f"#{SEAT} .table-status").inner_text()
    else:
        assert _seats(p, ".me-bar") == [me]
        assert "ne joue pas cette donne" in p.page.locator(f"#{SEAT} .me-bar").inner_text()
        assert "Vous ne jouez pas cette donne" in p.page.locator(
            f"#{SEAT} .table-status").inner_text()
        assert _seats(p, "[data-role=sitting-out]") == [s for s in out if s != me]
    shown = set(p.page.evaluate(SHOWN_CARDS, SEAT))
    public = _public(table)
    assert shown <= public, shown - public
    for seat, hand in hands.items():  # a card still in a hand shows only once made public
        assert not (shown & hand) - public, (seat, shown & hand)


@pytest.mark.parametrize(("players", "bruno"), [(6, 1), (7, 2)])
def test_six_or_seven_at_a_table_and_the_referee_on_the_card_table(
        browser: Any, server: str, players: int, bruno: int) -> None:
    """Anne (seat 0) sits the first deal out; Bruno plays it; robots fill the other seats."""
    contexts = []
    persons = {0: "Anne", bruno: "Bruno"}

    def open_page(viewport: dict[str, int]) -> Page:
        context = browser.new_context(viewport=viewport, locale="fr-FR")
        contexts.append(context)
        page = Page(context.new_page(), server)
        page.page.set_default_timeout(10_000)
        return page

    try:
        creator = open_page(DESKTOP)
        creator.goto("/referee/new?lang=fr")
        creator.page.select_option("#lobby-players", str(players))
        creator.page.select_option("#lobby-deals", "3")
        assert creator.page.locator("#lobby-sitout").is_visible()
        for i in range(players):
            if i in persons:
                creator.page.fill(f"#lobby-name-{i}", persons[i])
            else:
                creator.page.check(f"#lobby-robot-{i}")
        with creator.page.expect_response(
                lambda r: r.request.method == "POST"
                and r.url.split("?")[0].endswith("/api/v1/tables")) as opened:
            creator.page.locator("#lobby-open").click()
        creator.page.locator("#lobby-referee").wait_for()
        # the robots' tokens (no invite link for them): to read every hand from the API
        robot_tokens = {s["seat"]: s["token"] for s in opened.value.json()["seat_tokens"]
                        if s["bot"]}
        assert sorted(robot_tokens) == [i for i in range(players) if i not in persons]
        links = [creator.page.locator(f"#lobby-invite-{i}").get_attribute("href")
                 for i in persons]
        referee_link = creator.page.locator("#lobby-referee").get_attribute("href")
        table_id = links[0].split("/referee/table/")[1].split("#")[0]
        tokens = dict(zip(persons, (link.split("#k=")[1] for link in links), strict=True))
        referee_token = referee_link.split("#k=")[1]
        people = {i: open_page(PHONE if i == bruno else DESKTOP) for i in persons}
        referee = open_page(DESKTOP)
        pages = [*people.values(), referee]
        for p, link in zip(pages, [*links, referee_link], strict=True):
            p.page.goto(link)
        referee.page.wait_for_function("() => document.getElementById('online-seat')")
        referee.page.evaluate(WATCH)
        for p in pages:
            p.page.wait_for_function(
                "() => document.getElementById('online').dataset.stream === 'open'")

        def hands() -> dict[int, set[str]]:
            """Every seat's hand now, as each seat's token sees it."""
            out = {}
            for i, token in tokens.items():
                out[i] = set(_api_view(server, table_id, token)["deal"].get("hand") or [])
            for seat, token in robot_tokens.items():
                out[seat] = set(_api_view(server, table_id, token)["deal"].get("hand") or [])
            return out

        sat_out = played = 0
        watched: set[str] = set()
        shots = False
        for _ in range(400):
            table = _api_view(server, table_id, referee_token)
            if table["scoresheet"]["entries"]:
                break
            deal = table["deal"]
            for p in pages:
                _wait_seq(p, table["seq"])
            now = hands()
            _check_spectator(referee, table, now, None)
            # nor did it ever draw one since (the robots' cards played in between included)
            drawn = set(referee.page.evaluate(DRAWN))
            assert drawn <= _public(table), drawn - _public(table)
            watched |= drawn
            for i, p in people.items():
                if i in deal["people"]:
                    assert set(card_table.hand_codes(p.page, SEAT)) == now[i]
                else:
                    _check_spectator(p, table, now, i)
                    sat_out += 1
            seat = table["to_move"]
            assert seat in people, table  # the robots have played up to a person
            actor = people[seat]
            page = actor.page
            assert card_table.state(page, SEAT)["mine"] == "true"
            if deal["phase"] == "bidding":
                assert card_table.act(page, page.locator(f"#{SEAT} [data-role=actions]")
                                      .get_by_role("button", name="Passe", exact=True), root=SEAT)
                continue
            assert deal["phase"] == "playing", deal  # a person who passed only plays cards
            if len(deal["tricks"]) == 6 and not shots:
                for p, name in zip(pages, ("anne", "bruno", "referee"), strict=True):
                    p.shot(f"referee-online-{players}-{name}")
                shots = True
            legal = card_table.legal_cards(page, SEAT)
            names = legal.evaluate_all("n => n.map(b => b.getAttribute('aria-label'))")
            assert names, "no legal card"
            button = card_table.hand(page, SEAT).get_by_role("button", name=names[0], exact=True)
            assert card_table.play(page, button, SEAT)
            played += 1
        assert sat_out and played and shots, (sat_out, played, shots)
        assert len(watched) > 5 * 5, watched  # the watcher saw the tricks go by
        final = _api_view(server, table_id, referee_token)
        entry = final["scoresheet"]["entries"][0]
        for p in pages:
            _wait_seq(p, final["seq"])
            cells = p.page.locator("#online-sheet tbody tr").first.locator("td.num")
            assert [int(c) for c in cells.all_inner_texts()] == entry["scores"]
            p.page.wait_for_function(
                "() => document.getElementById('online-seat').dataset.stage === 'last-trick'")
        referee.shot(f"referee-online-{players}-referee-last-trick")
        for p in pages:
            p.page.locator(f"#{SEAT} [data-role=see-review]").click()
            review = p.page.get_by_role("region", name="Bilan de la donne", exact=True)
            review.wait_for()
            assert review.locator("[data-role=pile-sum]").inner_text().find("91") >= 0
            assert review.locator(".deal-scores li").count() == 5
        found = []
        for p, where in zip(pages, ("Anne", "Bruno", "the referee"), strict=True):
            found += _violations(p, f"online table of {players}, {where}")
        assert not found, "\n".join(found)
        for p in [creator, *pages]:
            assert not p.unexpected_errors(), p.errors
    finally:
        for context in contexts:
            context.close()
