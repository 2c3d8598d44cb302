"""A club evening in Chromium: two duplicate tables opened from the organiser's page (the same
prepared deal, a garde imposed), one played by robots, the other with a person as taker
(played here through the API with the invite link's token); each table's scoresheet is shown
as it is played, and the evening's ranking — every player's global percentage — equals the
API's figures (``/duplicate/compare``, then ``/duplicate/notes`` per board and per player)."""

from __future__ import annotations

import json
import random
import urllib.request
from fractions import Fraction
from typing import Any

from tables_driver import UrllibHttp, choose

from .conftest import DESKTOP, PHONE


def _post(server: str, path: str, body: Any) -> Any:
    request = urllib.request.Request(server + "/api/v1" + path, data=json.dumps(body).encode(),
                                     method="POST")
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def _play_seat(server: str, table_id: str, token: str) -> None:
    """The person at that seat plays the whole partie with legal actions from his own view."""
    http = UrllibHttp(server)
    rng = random.Random(3)
    for _ in range(400):
        status, view = http.get(f"/api/v1/tables/{table_id}", token)
        assert status == 200, view
        if view["over"]:
            return
        action = choose(view, rng)
        assert action is not None, view
        status, answer = http.post(f"/api/v1/tables/{table_id}/actions", action, token)
        assert status == 201, answer
    raise AssertionError("the partie did not end")


def _expected_ranking(server: str, evening: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(name, table id, exact global percentage) of every player, best first, from the API."""
    compare = _post(server, "/duplicate/compare", {
        "tables": [{"id": t["id"], "token": t["referee"]} for t in evening["tables"]]})
    notes: dict[tuple[str, int], dict[str, list[str]]] = {}
    names = {t["id"]: [s["name"] for s in t["seats"]] for t in evening["tables"]}
    for board in compare["deals"]:
        answer = _post(server, "/duplicate/notes",
                       {"taker_scores": [p["taker_score"] for p in board["plays"]]})
        for play, note in zip(board["plays"], answer["notes"], strict=True):
            for seat in range(len(names[play["table"]])):
                mine = notes.setdefault((play["table"], seat), {"attack": [], "defence": []})
                if seat == play["taker"]:
                    mine["attack"].append(note["taker"]["exact"])
                else:
                    mine["defence"].append(note["defender"]["exact"])
    rows = []
    for (table, seat), mine in notes.items():
        answer = _post(server, "/duplicate/notes", {"attack_notes": mine["attack"],
                                                     "defence_notes": mine["defence"]})
        rows.append((names[table][seat], table, answer["global_percentage"]["exact"]))
    return rows


def test_two_table_duplicate_evening_ranked_as_the_api_ranks(page: Any, server: str) -> None:
    p = page.page
    page.goto("/referee/evening?lang=en&seed=11")
    p.select_option("#evening-mode", "duplicate")
    p.select_option("#evening-tables", "2")
    p.select_option("#evening-players", "4")
    p.select_option("#evening-deals", "3")
    for table in range(2):
        for seat in range(4):
            if (table, seat) != (1, 1):  # robots, but the taker of table 2
                p.fill(f"#evening-name-{table}-{seat}", "")
    p.fill("#evening-name-1-1", "Zoé")
    p.locator("#evening-start").click()
    p.locator("#evening-invite-1-1").wait_for()
    assert p.locator("#evening-invite-0-0").count() == 0  # robots get no invite
    table_ids = p.locator("#evening-list section").evaluate_all("n => n.map(s => s.dataset.table)")
    invite = p.locator("#evening-invite-1-1").get_attribute("href")
    assert f"/referee/table/{table_ids[1]}#k=" in invite
    _play_seat(server, table_ids[1], invite.split("#k=")[1])

    p.wait_for_function("() => { const e = document.getElementById('evening');"
                        " return e.dataset.over === 'true' && e.dataset.ranked === '6'; }",
                        timeout=20_000)
    evening = p.evaluate("JSON.parse(localStorage.getItem('tarot-referee-evening'))")
    expected = _expected_ranking(server, evening)
    shown = p.locator("#evening-ranking tbody tr").evaluate_all(
        "rows => rows.map(r => [r.dataset.name, r.dataset.table,"
        " r.querySelector('.global').dataset.exact,"
        " Number(r.querySelector('.rank').dataset.rank)])")
    assert sorted((n, t, g) for n, t, g, _ in shown) == sorted(expected)
    values = [Fraction(g) for _, _, g, _ in shown]
    assert values == sorted(values, reverse=True)  # best first
    ranks = [r for *_, r in shown]
    assert ranks == [1 + sum(1 for v in values if v > mine) for mine in values]
    # each table's scoresheet is its API scoresheet
    for i, table in enumerate(evening["tables"]):
        view = json.loads(urllib.request.urlopen(urllib.request.Request(
            f"{server}/api/v1/tables/{table['id']}",
            headers={"Authorization": f"Bearer {table['referee']}"}), timeout=10).read())
        totals = p.locator(f"#evening-sheet-{i} tfoot td.total").all_inner_texts()
        assert [int(t) for t in totals] == view["scoresheet"]["totals"]
    assert p.locator("#evening-boards tbody tr").count() >= 3 * 3  # 2 plays + 1 pair a board
    p.set_viewport_size(PHONE)
    page.shot("referee-evening-duplicate")
    p.set_viewport_size(DESKTOP)


def test_evening_of_real_cards_gives_each_table_its_console(page: Any, server: str) -> None:
    """Free deals with real cards: a console per table, each opening on its own table (its
    names, its referee key in the fragment); the ranking lists every player at zero, with no
    rank until a deal is scored (every one « 1 » read as a result, issue 29)."""
    p = page.page
    page.goto("/referee/evening?lang=fr")
    p.select_option("#evening-mode", "physical")
    p.select_option("#evening-tables", "2")
    p.select_option("#evening-players", "3")
    p.fill("#evening-name-1-0", "Yves")
    p.locator("#evening-start").click()
    p.wait_for_function("() => document.getElementById('evening').dataset.ranked === '0'"
                        " && document.querySelectorAll('#evening-ranking tbody tr').length === 6")
    ranks = p.locator("#evening-ranking tbody td.rank").all_inner_texts()
    assert ranks == ["–"] * 6  # nobody has scored: no rank yet
    href = p.locator("#evening-console-1").get_attribute("href")
    table_id = p.locator("#evening-list section").nth(1).get_attribute("data-table")
    assert f"/referee/physical#t={table_id}&k=" in href
    console = p.context.new_page()
    console.goto(href)
    console.wait_for_function("() => document.getElementById('console').dataset.step === 'bid'")
    assert console.locator("#console").get_attribute("data-table") == table_id
    assert "Yves" in console.locator("#console-sheet thead").inner_text()
    console.close()
