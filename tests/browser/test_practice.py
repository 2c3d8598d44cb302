"""The practice table in Chromium: whole deals against robots on the tables API.

The page mirrors the table's state on ``#practice`` (see ``practice.py``): the tests wait for
that state after each action, never for a fixed time. The robots act at once on the server, so
after each of the learner's actions the table is again at the learner's turn (or the deal is
scored).
"""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

import pytest

from rules_fr.cards import CARDS, CardSet

from .practice import act as _act
from .practice import say_jeu as _say_jeu
from .practice import sit_down as _sit_down
from .practice import state as _state
from .practice import wait_ready as _wait_ready

MAX_TABLES = 12
"""New tables tried until the learner may take (the robots bid at random before him)."""


def _legal_bids(p) -> list[str]:
    return p.locator("#practice-actions button.bid").evaluate_all(
        "n => n.map(b => b.dataset.bid)")


def _sit_down_as_possible_taker(p, players: int, wanted: set[str]) -> list[str]:
    """New tables until the learner's legal bids include one of ``wanted``."""
    for _ in range(MAX_TABLES):
        _sit_down(p, players)
        bids = _legal_bids(p)
        if wanted & set(bids):
            return bids
    pytest.fail(f"the robots outbid the learner at {MAX_TABLES} tables in a row")


def _ecart_by_advice(p) -> None:
    p.locator("#practice-advice-button").click()
    p.locator("#practice-advised-ecart .card").first.wait_for()
    assert p.locator("#practice-advice .reasons li").count() >= 1
    p.locator("#practice-follow").click()
    size = p.locator("#practice-advised-ecart .card").count()
    assert p.locator("#practice-hand button.card[aria-pressed='true']").count() == size
    assert _act(p, p.locator("#practice-ecart"))
    assert _state(p)["phase"] == "announcing"  # the taker says « Jeu » (or a slam) next


def _play_to_score(p, *, refuse_once: bool = False) -> None:
    """Play legal cards (after one illegal try when asked) until the deal is scored."""
    for _ in range(30):
        if p.locator("#practice-derivation li").count():
            return
        state = _state(p)
        assert state["mine"] == "true" and state["phase"] == "playing", state
        illegal = p.locator("#practice-hand button.card:not(.legal)")
        if refuse_once and illegal.count():
            code = illegal.first.get_attribute("data-code")
            assert not _act(p, illegal.first)
            verdict = p.locator("#practice-verdict")
            assert code in p.locator("#practice-hand").evaluate(
                "n => Array.from(n.children).map(c => c.dataset.code).join(' ')")
            assert verdict.locator(".explanation").inner_text().strip()
            assert verdict.locator("a[href^='/rules#']").count() >= 1  # the rule broken
            refuse_once = False
            continue
        assert _act(p, p.locator("#practice-hand button.card.legal").first)
    pytest.fail("the deal did not end")


def _sheet_totals(p, players: int) -> list[int]:
    cells = p.locator("#practice-sheet tfoot td.total")
    assert cells.count() == players
    totals = [int(t) for t in cells.all_inner_texts()]
    assert sum(totals) == 0 and any(totals)
    return totals


def test_practice_four_players_the_learner_takes(page) -> None:
    """At 4 players the learner asks for bidding advice, bids with the keyboard, makes a
    refused écart then the advised one, has an illegal card refused in place, and plays the
    deal through to its score."""
    page.allow("status of 422")  # the browser logs each refusal; refusing is the point
    page.goto("/practice?lang=en")
    p = page.page
    bids = _sit_down_as_possible_taker(p, 4, {"petite", "garde"})
    assert _state(p)["phase"] == "bidding" and _state(p)["mine"] == "true"
    # Bidding advice: the advised bid, the hand's count and its reasons.
    p.locator("#practice-advice-button").click()
    advised = p.locator("#practice-advised")
    advised.wait_for()
    assert advised.inner_text().startswith("Advised bid: ")
    assert advised.get_attribute("data-bid") in bids
    assert p.locator("#practice-advice .reasons li").count() >= 2
    assert p.locator("#practice-advice .explanation").inner_text().strip()
    page.shot("practice-advice-en")
    # Bid with the keyboard: the bid buttons are reachable and pressed with Enter.
    contract = "garde" if "garde" in bids else "petite"
    assert _act(p, p.locator(f"#practice-actions button.bid[data-bid='{contract}']"),
                key="Enter")
    assert _state(p)["phase"] == "ecart"
    assert p.locator("#practice-advice").is_hidden()  # advice is for one moment only
    seat = p.locator("#practice-seats .seat").first
    assert "taker" in seat.inner_text()
    # The pool: the hand and the chien; five cards are not an écart.
    assert p.locator("#practice-hand button.card").count() == 24
    assert p.locator("#practice-chien .card").count() == 6
    for card in p.locator("#practice-hand button.card").all()[:5]:
        card.click()
    assert "5 of 6" in p.locator("#practice-count").inner_text()
    assert not _act(p, p.locator("#practice-ecart"))
    assert "Refused" in p.locator("#practice-verdict").inner_text()
    page.shot("practice-ecart-refused-en")
    _ecart_by_advice(p)
    assert p.locator("#practice-hand button.card").count() == 18
    _say_jeu(p)
    assert "dealer's right" in p.locator("#practice-verdict").inner_text()
    _play_to_score(p, refuse_once=True)
    steps = p.locator("#practice-derivation li")
    assert steps.count() >= 3
    codes = steps.evaluate_all("n => n.map(li => li.dataset.code)")
    assert "contract" in codes and "taker-score" in codes
    totals = _sheet_totals(p, 4)
    assert (totals[0] > 0) == ("Contract made" in p.locator("#practice-result").inner_text())
    page.shot("practice-scored-en")


def test_practice_five_players_king_call(page) -> None:
    """At 5 players the learner takes, calls a king, asks which card to play, and plays the
    deal through to the score, in French."""
    page.allow("status of 422")
    page.goto("/practice?lang=fr")
    p = page.page
    bids = _sit_down_as_possible_taker(p, 5, {"petite", "garde", "garde_sans", "garde_contre"})
    contract = next(b for b in bids if b != "passe")
    assert _act(p, p.locator(f"#practice-actions button.bid[data-bid='{contract}']"))
    assert _state(p)["phase"] == "calling"
    calls = p.locator("#practice-actions button.card.call")
    assert calls.count() >= 1
    called = calls.first.get_attribute("data-code")
    assert _act(p, calls.first, key="Enter")
    assert "Carte appelée" in p.locator("#practice-status").inner_text()
    if _state(p)["phase"] == "ecart":
        assert p.locator("#practice-chien .card").count() == 3
        _ecart_by_advice(p)
    assert p.locator("#practice-jeu").inner_text() == "Dire « Jeu »"
    _say_jeu(p)
    # Which card would a good player play? The advice names a legal card and plays it.
    p.locator("#practice-advice-button").click()
    advised = p.locator("#practice-advised")
    advised.wait_for()
    card = advised.get_attribute("data-card")
    assert p.locator(f"#practice-hand button.card.legal[data-code='{card}']").count() == 1
    assert p.locator("#practice-advice .reasons li").count() >= 1
    assert _act(p, p.locator("#practice-follow"))
    _play_to_score(p)
    assert called  # the partner (or the taker alone) is now known at the table
    assert p.locator("#practice-derivation li").count() >= 3
    _sheet_totals(p, 5)
    page.shot("practice-five-scored-fr")


# --- poignée and chelem: a prepared deal (duplicate table) resumed by the page ---------------


def _post(url: str, payload: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(payload).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def _strong_deal() -> tuple[list[list[str]], list[str]]:
    """Four hands and a chien: seat 0 holds the twelve highest trumps, the excuse and the four
    kings; no petit sec anywhere."""
    mine = CardSet.parse([f"T{r}" for r in range(10, 22)] + ["EX", "KS", "KH", "KD", "KC", "QS"])
    rest = [c for c in CARDS if c not in mine]
    random.Random(7).shuffle(rest)
    hands = [sorted(mine)] + [sorted(rest[i * 18:(i + 1) * 18]) for i in range(3)]
    chien = rest[54:]
    for hand in hands:
        trumps = [c for c in hand if c.is_trump]
        assert not (trumps and [c.code for c in trumps] == ["T1"]
                    and not any(c.is_excuse for c in hand)), "petit sec"
    return [[c.code for c in h] for h in hands], [c.code for c in chien]


def test_practice_poignee_and_chelem(page) -> None:
    """The learner, taker of a prepared garde who is not the first to play (the dealer is the
    learner, so the robot on his right would lead), makes his écart; the robots then wait for
    him: he announces a slam instead of « Jeu » and leads. He shows a poignée before his first
    card (a wrong one is refused and explained first); both reach the score."""
    page.allow("status of 422")
    hands, chien = _strong_deal()
    created = _post(page.base + "/api/v1/tables", {
        "players": 4, "deals": 3, "names": ["You", "R1", "R2", "R3"], "bots": [1, 2, 3],
        "duplicate": {"hands": hands, "chien": chien, "dealer": 0, "taker": 0,
                      "contract": "garde"}})
    page.goto("/practice?lang=en")
    p = page.page
    p.evaluate("([table, token]) => sessionStorage.setItem('tarot-tutor-practice',"
               " JSON.stringify({table: table, token: token}))",
               [created["id"], created["seat_tokens"][0]["token"]])
    p.reload()
    _wait_ready(p)  # the page resumes the table of this tab
    assert _state(p)["table"] == created["id"] and _state(p)["phase"] == "ecart"
    _ecart_by_advice(p)
    # The contract is settled: the robots wait for the taker's « Jeu » or slam.
    actions = p.locator("#practice-actions")
    assert _state(p)["mine"] == "true"
    assert p.locator("#practice-trick figure").count() == 0  # nobody led
    assert actions.get_by_role("button", name="Say “Jeu”").count() == 1
    assert actions.get_by_role("button", name="Show a simple poignée (10 trumps)").count() == 0
    page.shot("practice-jeu-or-chelem-en")
    assert _act(p, actions.get_by_role("button", name="Announce a slam"))
    seat = p.locator("#practice-seats .seat").first
    assert "slam announced" in seat.inner_text()
    assert "you lead the first trick" in p.locator("#practice-verdict").inner_text()
    assert _state(p)["phase"] == "playing" and _state(p)["mine"] == "true"
    assert p.locator("#practice-trick figure").count() == 0  # the learner leads, not R1
    assert actions.get_by_role("button", name="Announce a slam").count() == 0
    assert actions.get_by_role("button", name="Say “Jeu”").count() == 0
    simple = actions.get_by_role("button", name="Show a simple poignée (10 trumps)")
    assert simple.count() == 1
    simple.click()
    chosen = p.locator("#practice-hand button.card[aria-pressed='true']")
    assert chosen.count() == 10  # the ten highest trumps, preselected
    assert "10 of 10" in p.locator("#practice-count").inner_text()
    p.locator("#practice-hand button.card[data-code='T12']").click()  # nine trumps: no
    assert not _act(p, p.locator("#practice-poignee-show"))            # poignée, and why
    assert "10" in p.locator("#practice-verdict .explanation").inner_text()
    page.shot("practice-poignee-refused-en")
    p.locator("#practice-hand button.card[data-code='T12']").click()
    assert _act(p, p.locator("#practice-poignee-show"))
    assert seat.locator(".shown-cards .card").count() == 10
    assert "Poignée shown" in p.locator("#practice-verdict").inner_text()
    _play_to_score(p)
    codes = p.locator("#practice-derivation li").evaluate_all(
        "n => n.map(li => li.dataset.code)")
    assert "poignee" in codes and "chelem" in codes
    _sheet_totals(p, 4)
    page.shot("practice-poignee-chelem-en")
