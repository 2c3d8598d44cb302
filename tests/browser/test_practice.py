"""The practice table in Chromium: whole deals against robots, on a phone and on a laptop.

The page mirrors the table's state on ``#practice`` (see ``practice.py``): the tests wait for
that state after each action, never for a fixed time. The robots act at once on the server, so
after each of the learner's actions the table is again at the learner's turn (or the deal is
over, its last trick on the table and its review one tap away).

Nothing here expects a console error: a refused card is explained by /check/play (200) and is
never sent, a wrong écart or poignée is checked by /check/* before it is sent.
"""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

import pytest

from rules_fr.cards import CARDS, CardSet

from .conftest import DESKTOP, PHONE
from .practice import act as _act
from .practice import hand as _hand
from .practice import hand_codes as _hand_codes
from .practice import legal_cards as _legal_cards
from .practice import play as _play
from .practice import say_jeu as _say_jeu
from .practice import select as _select
from .practice import sit_down as _sit_down
from .practice import state as _state
from .practice import wait_ready as _wait_ready

MAX_TABLES = 12
"""New tables tried until the learner may take (the robots bid before him)."""

REGIONS = {"en": {"trick": "Trick", "hand": "Your hand", "last": "Last trick",
                  "review": "Deal review", "sheet": "Scoresheet"},
           "fr": {"trick": "Pli", "hand": "Votre main", "last": "Dernier pli",
                  "review": "Bilan de la donne", "sheet": "Feuille de marque"}}


def _region(p, lang: str, key: str):
    return p.get_by_role("region", name=REGIONS[lang][key], exact=True)


def _bids(p) -> list[str]:
    return p.locator("#practice [data-role=actions] button.bid").evaluate_all(
        "n => n.map(b => b.dataset.bid)")


def _in_viewport(p, locator) -> bool:
    box = locator.bounding_box()
    size = p.viewport_size
    return (box is not None and box["x"] >= 0 and box["y"] >= 0
            and box["x"] + box["width"] <= size["width"] + 0.5
            and box["y"] + box["height"] <= size["height"] + 0.5)


def _trick_and_hand_visible(p, lang: str) -> None:
    """The trick and every card of the hand on screen together, nothing wider than it."""
    assert _in_viewport(p, _region(p, lang, "trick")), "the trick is off screen"
    cards = _hand(p).locator("button.card")
    assert cards.count() >= 1
    for i in range(cards.count()):
        assert _in_viewport(p, cards.nth(i)), f"card {i} of the hand is off screen"
    assert p.evaluate("() => document.documentElement.scrollWidth") <= p.viewport_size["width"]


def _bid_to(p, wanted: list[str]) -> None:
    """Bid the first of ``wanted`` that is legal, else pass; when everybody passed and the
    deal is dealt again, bid again."""
    for _ in range(10):
        bids = _bids(p)
        bid = next((b for b in wanted if b in bids), "passe")
        assert _act(p, p.locator(f"#practice [data-role=actions] button.bid[data-bid='{bid}']"))
        if _state(p)["phase"] != "bidding":
            return
    pytest.fail("ten deals in a row passed out")


def _settle_contract(p, *, refuse_ecart: bool = False) -> None:
    """As taker: call the advised card (five players), make the advised écart (after a refused
    one when asked), say « Jeu »."""
    if _state(p)["phase"] == "calling":
        p.locator("#practice [data-role=ask-advice]").click()
        p.locator("#practice [data-role=advised]").wait_for()
        assert p.locator("#practice .advice .reasons li").count() >= 1
        assert _act(p, p.locator("#practice [data-role=follow]"))
    if _state(p)["phase"] == "ecart":
        if refuse_ecart:
            for i in range(2):
                _hand(p).locator("button.card").nth(i).click()
            assert not _act(p, p.locator("#practice [data-role=ecart]"))
            why = p.locator("#practice [data-role=why]")
            assert why.locator(".verdict-title.bad").count() == 1
            assert why.locator(".explanation").inner_text().strip()
            pressed = _hand(p).locator("button.card[aria-pressed='true']")
            while pressed.count():
                pressed.first.click()
        p.locator("#practice [data-role=ask-advice]").click()
        p.locator("#practice [data-role=advised-ecart] .card").first.wait_for()
        p.locator("#practice [data-role=follow]").click()
        assert _act(p, p.locator("#practice [data-role=ecart]"))
    if _state(p)["phase"] == "announcing":
        _say_jeu(p)


def _play_out(p, lang: str, *, check_view: bool = True, refuse_once: bool = True,
              shots: str | None = None) -> None:
    """Play legal cards until the deal is over: each time the trick and the hand in view;
    once, an illegal card tapped is explained and stays in the hand."""
    for turn in range(30):
        st = _state(p)
        if st["stage"] != "play":
            return
        assert st["mine"] == "true" and st["phase"] == "playing", st
        if check_view:
            _trick_and_hand_visible(p, lang)
        illegal = _hand(p).locator("button.card[aria-disabled='true']")
        if refuse_once and illegal.count():
            code = illegal.first.get_attribute("data-code")
            _select(p, illegal.first)
            why = p.locator("#practice [data-role=why]")
            assert why.locator(".verdict-title.bad").count() == 1
            assert why.locator(".explanation").inner_text().strip()
            illegal.first.focus()
            p.keyboard.press("Enter")  # pressed again: still not played
            assert code in _hand_codes(p) and _state(p)["seq"] == st["seq"]
            refuse_once = False
        if shots and turn == 3:
            p.screenshot(path=_shot_path(shots))
        assert _play(p, _legal_cards(p).first)
    pytest.fail("the deal did not end")


def _shot_path(name: str) -> str:
    from .conftest import SCREENSHOTS

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return str(SCREENSHOTS / f"{name}.png")


def _review(p, lang: str, shot: str) -> dict[str, float]:
    """After the last card: the last trick on the table, then the review (both piles counted:
    91 points in all), then the next deal when asked."""
    assert _state(p)["stage"] == "last-trick"
    last = _region(p, lang, "last")
    assert last.is_visible()
    players = int(p.locator("#practice .felt").get_attribute("class").split("players-")[1][0])
    assert last.locator(".card").count() == players
    assert _region(p, lang, "trick").locator(".card").count() == players
    p.screenshot(path=_shot_path(f"{shot}-last-trick"))
    assert _act(p, p.locator("#practice [data-role=see-review]"))
    review = _region(p, lang, "review")
    assert review.is_visible() and _state(p)["stage"] == "review"
    piles = {camp: float(review.locator(f".pile[data-camp='{camp}']").get_attribute(
        "data-points")) for camp in ("taker", "defense")}
    assert piles["taker"] + piles["defense"] == 91
    bouts = sum(int(review.locator(f".pile[data-camp='{c}']").get_attribute("data-bouts"))
                for c in ("taker", "defense"))
    assert bouts == 3
    assert review.locator("[data-role=derivation] li").count() >= 3
    assert review.locator(".chien-review .card").count() >= 3
    # Any trick of the deal can be replayed.
    review.locator(".trick-buttons button").first.click()
    assert review.locator(".replay-trick[data-trick='1'] .card").count() == players
    assert _region(p, lang, "sheet").locator("tbody tr").count() >= 1
    p.screenshot(path=_shot_path(shot), full_page=True)
    return piles


def _sit_down_as_possible_taker(p, players: int, wanted: set[str]) -> None:
    for _ in range(MAX_TABLES):
        _sit_down(p, players)
        if wanted & set(_bids(p)):
            return
    pytest.fail(f"the robots outbid the learner at {MAX_TABLES} tables in a row")


def test_practice_on_a_phone(page) -> None:
    """At 390x844, in English: a whole deal with the trick and the hand on screen together at
    every turn; an illegal card explained, not played; undo takes a card back; abandoning the
    deal asks first; after the last card, the last trick, then the review (91 points), then the
    next deal."""
    p = page.page
    p.set_viewport_size(PHONE)
    page.goto("/practice?lang=en")
    _sit_down(p, 4)
    assert _state(p)["phase"] == "bidding" and _state(p)["mine"] == "true"
    assert p.get_by_role("button", name="Pass", exact=True).count() == 1
    p.screenshot(path=_shot_path("practice-bidding-phone"))
    _bid_to(p, ["passe"])
    _settle_contract(p)
    # Card names are the cards' full names.
    names = dict(_hand(p).locator("button.card").evaluate_all(
        "n => n.map(b => [b.dataset.code, b.getAttribute('aria-label')])"))
    for code, name in names.items():
        expected = ("The excuse" if code == "EX" else f"Trump {code[1:]}" if code[0] == "T"
                    and code[1:].isdigit() else None)
        assert name == expected if expected else (" of " in name and name[0] != name[0].lower()
                                                  or name[0].isdigit()), (code, name)
    # Undo: a card played, taken back: the same hand and trick as before it.
    _trick_and_hand_visible(p, "en")
    before = (_hand_codes(p), _region(p, "en", "trick").locator(".card").count())
    table = _state(p)["table"]
    assert _play(p, _legal_cards(p).first)
    assert len(_hand_codes(p)) == len(before[0]) - 1
    undo = p.get_by_role("button", name="Undo my last decision")
    undo.click()
    p.wait_for_function("t => { const r = document.getElementById('practice');"
                        " return r.dataset.table !== t && r.dataset.busy === 'false'; }",
                        arg=table)
    assert (_hand_codes(p), _region(p, "en", "trick").locator(".card").count()) == before
    assert p.locator("#practice [data-role=undone]").count() == 1
    # Abandoning the deal asks first; going back keeps the table.
    table = _state(p)["table"]
    assert _play(p, _legal_cards(p).first)
    p.locator("#practice-start").click()
    dialog = p.get_by_role("dialog")
    assert dialog.is_visible()
    p.get_by_role("button", name="Go back to my deal").click()
    assert not dialog.is_visible() and _state(p)["table"] == table
    _play_out(p, "en", shots="practice-table-phone")
    _review(p, "en", "practice-review-phone")
    assert _act(p, p.get_by_role("button", name="Next deal"))
    assert _state(p)["stage"] == "play"
    assert len(_hand_codes(p)) == 18


def test_practice_on_a_laptop_five_players(page) -> None:
    """At 1280x800, in French, five players: the learner takes, asks which king to call, makes
    a refused écart then the advised one, watches the running count, and plays the deal to its
    review."""
    p = page.page
    p.set_viewport_size(DESKTOP)
    page.goto("/practice?lang=fr")
    _sit_down_as_possible_taker(p, 5, {"petite", "garde"})
    _bid_to(p, ["garde", "petite"])
    assert _state(p)["phase"] == "calling"
    _settle_contract(p, refuse_ecart=True)
    assert "Carte appelée" in p.locator("#practice .table-status").inner_text()
    _play_out(p, "fr", refuse_once=False, shots="practice-table-desktop")
    piles = _review(p, "fr", "practice-review-desktop")
    assert piles["taker"] > 0


def test_running_count_can_be_switched_off(page) -> None:
    """The running count of points per camp is shown during play and can be switched off (the
    choice is remembered)."""
    p = page.page
    page.goto("/practice?lang=en")
    _sit_down(p, 3)
    _bid_to(p, ["passe"])
    _settle_contract(p)
    for _ in range(2):
        assert _play(p, _legal_cards(p).first)
    count = p.get_by_role("region", name="Points won so far")
    count.locator("p[data-camp='taker']").wait_for()
    assert "points" in count.inner_text()
    p.get_by_label("Show the points won").uncheck()
    assert count.count() == 0 or not count.is_visible()
    p.reload()
    _wait_ready(p)
    assert not p.get_by_label("Show the points won").is_checked()


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


def _prepared_table(page, *, dealer: int, contract: str) -> dict:
    """A table of the strong deal (the learner, seat 0, takes ``contract``; robots elsewhere),
    resumed by the practice page of this tab; the table's creation answer."""
    hands, chien = _strong_deal()
    created = _post(page.base + "/api/v1/tables", {
        "players": 4, "deals": 3, "names": ["You", "R1", "R2", "R3"], "bots": [1, 2, 3],
        "duplicate": {"hands": hands, "chien": chien, "dealer": dealer, "taker": 0,
                      "contract": contract}})
    page.goto("/practice?lang=en")
    page.page.evaluate("([table, token]) => sessionStorage.setItem('tarot-tutor-practice',"
                       " JSON.stringify({table: table, token: token, decisions: 0}))",
                       [created["id"], created["seat_tokens"][0]["token"]])
    page.page.reload()
    _wait_ready(page.page)  # the page resumes the table of this tab
    return created


def test_practice_poignee_and_chelem(page) -> None:
    """The learner, taker of a prepared garde, makes his écart; the robots then wait for him:
    he announces a slam instead of « Jeu » and leads. He is prompted to show a poignée before
    his first card (a wrong one is refused and explained first); both reach the score."""
    created = _prepared_table(page, dealer=0, contract="garde")
    p = page.page
    assert _state(p)["table"] == created["id"] and _state(p)["phase"] == "ecart"
    p.locator("#practice [data-role=ask-advice]").click()
    p.locator("#practice [data-role=advised-ecart] .card").first.wait_for()
    p.locator("#practice [data-role=follow]").click()
    assert _act(p, p.locator("#practice [data-role=ecart]"))
    actions = p.locator("#practice [data-role=actions]")
    assert _state(p)["phase"] == "announcing" and _state(p)["mine"] == "true"
    assert actions.get_by_role("button", name="Say “Jeu”").count() == 1
    assert actions.get_by_role("button", name="Show a single handful (10 trumps)").count() == 0
    assert _act(p, actions.get_by_role("button", name="Announce a slam"))
    me = p.locator("#practice .me-bar .seat")
    assert "slam announced" in me.inner_text()
    assert _state(p)["phase"] == "playing" and _state(p)["mine"] == "true"
    assert _region(p, "en", "trick").locator(".card").count() == 0  # the learner leads
    simple = actions.get_by_role("button", name="Show a single handful (10 trumps)")
    assert simple.count() == 1
    simple.click()
    chosen = _hand(p).locator("button.card[aria-pressed='true']")
    assert chosen.count() == 10  # the ten highest trumps, preselected
    _hand(p).locator("button.card[data-code='T12']").click()  # nine trumps: no poignée
    assert not _act(p, p.locator("#practice [data-role=poignee-show]"))
    assert "10" in p.locator("#practice [data-role=why] .explanation").inner_text()
    _hand(p).locator("button.card[data-code='T12']").click()
    assert _act(p, p.locator("#practice [data-role=poignee-show]"))
    assert me.locator(".shown-cards .card").count() == 10
    _play_out(p, "en", check_view=False, refuse_once=False)
    assert _act(p, p.locator("#practice [data-role=see-review]"))
    codes = p.locator("#practice [data-role=derivation] li").evaluate_all(
        "n => n.map(li => li.dataset.code)")
    assert "poignee" in codes and "chelem" in codes


def test_practice_chelem_after_jeu(page) -> None:
    """chelem.announce: « avant que la première carte soit jouée » — the learner, taker of a
    prepared garde sans and the player right of the dealer (he leads), says « Jeu »; the slam
    is still offered beside his poignée and his cards, and once announced it is his lead."""
    _prepared_table(page, dealer=3, contract="garde_sans")
    p = page.page
    assert _state(p)["phase"] == "announcing"
    _say_jeu(p)  # the learner leads: the slam is still offered
    actions = p.locator("#practice [data-role=actions]")
    assert actions.get_by_role("button", name="Show a single handful (10 trumps)").count() == 1
    assert _act(p, actions.get_by_role("button", name="Announce a slam"))
    assert "slam announced" in p.locator("#practice .me-bar .seat").inner_text()
    assert _state(p)["phase"] == "playing" and _state(p)["mine"] == "true"
    assert actions.locator("[data-role=chelem]").count() == 0
    assert _region(p, "en", "trick").locator(".card").count() == 0
