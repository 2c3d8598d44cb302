"""The beginner's course's exercises are designed: each step opens on questions chosen (by
seed) to show that step's point, judged here by the core itself (``rules_fr``), not by the
service that drew them — the step on following suit has a position where the learner must
follow, the one on trumping a position where they must trump, the step on the chien counts a
chien… — and every load of a step asks the same questions in the same order."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask

from rules_fr.bidding import check_bid, parse_bid
from rules_fr.cards import CardSet, parse_card, parse_cards
from rules_fr.contracts import Contract
from rules_fr.ecart import check_ecart
from rules_fr.play import check_play, led_card, legal_cards, trick_winner
from rules_fr.table import rules_for
from rules_fr.verdicts import Code
from tutor import create_app
from tutor.services.quiz import question
from tutor.web.course import EXERCISE_SEEDS, STEPS, steps

Position = dict[str, Any]


def _violations(position: Position) -> dict[str, set[str]]:
    """Each card of a play position's hand with the codes the core refuses it for."""
    hand, trick = CardSet.parse(position["hand"]), parse_cards(position["trick"])
    return {card.code: {v.code for v in check_play(hand, trick, card, players=4)}
            for card in hand}


def _led(position: Position) -> Any:
    return led_card(parse_cards(position["trick"]))


def _plain_lead(position: Position) -> bool:
    """A suit led, no excuse in the trick or the hand (step 9 comes later)."""
    led = _led(position)
    return (led is not None and not led.is_trump and "EX" not in position["trick"]
            and "EX" not in position["hand"])


def _trump_wins_over_a_suit(position: Position) -> bool:
    """Step 1: a trump beats the cards of the suit led, a king among them."""
    cards = parse_cards(position["cards"])
    led = led_card(cards)
    return (led is not None and not led.is_trump
            and cards[trick_winner(cards)].is_trump
            and any(c.is_face and c.suit is led.suit for c in cards))


def _has_bout(position: Position) -> bool:
    """Step 2: an oudler among the cards to count."""
    return any(card.is_bout for card in parse_cards(position["cards"]))


def _faces_and_low_cards(position: Position) -> bool:
    """Step 3: cards of different values: two face ranks at least and a low card."""
    cards = parse_cards(position["cards"])
    faces = {c.rank for c in cards if c.is_face}
    return len(faces) >= 2 and any(c.points_half == 1 for c in cards)


def _is_a_chien(position: Position) -> bool:
    """Step 4: the chien's cards (a chien's size, not a trick's)."""
    return len(position["cards"]) == rules_for(4).chien_size != 4


def _bid_not_higher(position: Position) -> bool:
    """Step 5: a bid refused for not being higher than one named before."""
    earlier = [parse_bid(bid) for bid in position["bids"]]
    found = check_bid(4, earlier, parse_bid(position["bid"]))
    return bool(earlier) and [v.code for v in found] == [Code.BID_TOO_LOW]


def _ecart_king_or_bout(position: Position) -> bool:
    """Step 6: an écart that puts a king or an oudler aside."""
    found = check_ecart(4, Contract.parse(position["contract"]),
                        CardSet.parse(position["hand"]), CardSet.parse(position["chien"]),
                        parse_cards(position["ecart"]))
    return bool({v.code for v in found} & {Code.ECART_KING, Code.ECART_BOUT})


def _must_follow(position: Position) -> bool:
    """Step 7: a suit is led, the hand holds it and other cards: it must follow."""
    refused = _violations(position)
    led = _led(position)
    return (_plain_lead(position)
            and any(parse_card(c).suit is led.suit for c in position["hand"])
            and any(Code.MUST_FOLLOW_SUIT in codes for codes in refused.values()))


def _must_trump(position: Position) -> bool:
    """Step 8: a suit is led that the hand lacks; it holds trumps and other cards: it must
    trump."""
    refused = _violations(position)
    return (_plain_lead(position)
            and any(Code.MUST_TRUMP in codes for codes in refused.values()))


def _excuse_always_legal(position: Position) -> bool:
    """Step 9: the hand holds the excuse, which may be played though other cards may not."""
    hand, trick = CardSet.parse(position["hand"]), parse_cards(position["trick"])
    legal = legal_cards(hand, trick)
    return "EX" in position["hand"] and parse_card("EX") in legal and len(legal) < len(hand)


def _highest_of_the_suit_led(position: Position) -> bool:
    """Step 10: no trump in the trick; a card of another suit outranks its winner, which is
    the highest card of the suit led."""
    cards = parse_cards(position["cards"])
    winner = cards[trick_winner(cards)]
    return (not any(c.is_trump for c in cards)
            and any(c.rank > winner.rank and c.suit is not winner.suit for c in cards))


def _bout_and_face(position: Position) -> bool:
    """Step 11: what the taker's side counts: an oudler and a face card among low cards."""
    cards = parse_cards(position["cards"])
    return (any(c.is_bout for c in cards) and any(c.is_face for c in cards)
            and any(c.points_half == 1 for c in cards))


def _garde_made(position: Position) -> bool:
    """Step 12: a garde made, no petit au bout, no chelem: base, difference, multiplier."""
    from rules_fr.scoring import TARGETS

    return (position["contract"] == Contract.GARDE.code and position["petit_au_bout"] is None
            and position["chelem_by"] is None
            and position["points"] > TARGETS[position["bouts"]])


POINTS: dict[int, tuple[str, Callable[[Position], bool]]] = {
    1: ("trick", _trump_wins_over_a_suit), 2: ("count", _has_bout),
    3: ("count", _faces_and_low_cards), 4: ("count", _is_a_chien),
    5: ("bid", _bid_not_higher), 6: ("ecart", _ecart_king_or_bout),
    7: ("play", _must_follow), 8: ("play", _must_trump), 9: ("play", _excuse_always_legal),
    10: ("trick", _highest_of_the_suit_led), 11: ("count", _bout_and_face),
    12: ("score", _garde_made),
}
"""Each step's exercise kind and the point its questions must show, by the core."""


@pytest.fixture(scope="module")
def app() -> Flask:
    return create_app({"TESTING": True})


def test_every_step_has_its_point() -> None:
    assert set(POINTS) == set(range(1, STEPS + 1)) == set(EXERCISE_SEEDS)


@pytest.mark.parametrize("number", range(1, STEPS + 1))
def test_each_question_of_a_step_shows_its_point(app: Flask, number: int) -> None:
    kind, shows = POINTS[number]
    seeds = EXERCISE_SEEDS[number]
    assert len(seeds) == len(set(seeds)) >= 3
    with app.test_request_context("/course", query_string={"lang": "en"}):
        assert steps()[number - 1]["exercise"]["kind"] == kind
        assert steps()[number - 1]["exercise"]["seeds"] == list(seeds)
        for seed in seeds:
            assert shows(question(kind, 4, seed)["position"]), (number, seed, shows.__doc__)


@pytest.mark.parametrize("number", range(1, STEPS + 1))
def test_a_step_asks_the_same_questions_on_every_load(app: Flask, number: int) -> None:
    client = app.test_client()
    pages = [client.get(f"/course/{number}?lang={lang}").get_data(as_text=True)
             for lang in ("en", "en", "fr")]
    found = [re.search(r'data-seeds="([0-9 ]+)"', page) for page in pages]
    assert all(found) and len({m.group(1) for m in found if m}) == 1
    assert [int(s) for s in found[0].group(1).split()] == list(EXERCISE_SEEDS[number])
    kind = POINTS[number][0]
    first = EXERCISE_SEEDS[number][0]
    asked = [client.get(f"/api/v1/quiz/{kind}?players=4&seed={first}").get_json()
             for _ in range(2)]
    assert asked[0] == asked[1]
