"""The beginner's course in order: each step has one goal (its topic), and every designed
question of its exercise needs only what that step and the earlier ones taught — read here
from the question's position by the core itself (``rules_fr``), not by the service that drew
it. A question on following suit holds no excuse (taught later), a trick of the first step
is won by a trump, a score question with a half point comes no earlier than the step on
rounding… Each step's questions also show its own point (the step's topic is among what they
need), and every load of a step asks the same questions in the same order."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask

from rules_fr.bidding import check_bid, parse_bid
from rules_fr.cards import CardSet, parse_card, parse_cards
from rules_fr.contracts import Contract
from rules_fr.ecart import check_ecart
from rules_fr.play import check_play, led_card, trick_winner, why_allowed
from rules_fr.table import rules_for
from rules_fr.verdicts import Code
from tutor import create_app
from tutor.services.quiz import question
from tutor.web.course import PLAN, STEPS, steps

Position = dict[str, Any]


def _play_needs(position: Position) -> set[str]:
    """What answering a play question takes: the obligation each refused card breaks, why
    each surprising legal card is allowed (the core's ``why_allowed``), the excuse."""
    hand, trick = CardSet.parse(position["hand"]), parse_cards(position["trick"])
    players = position["players"]
    needs = {"follow"}
    codes: set[str] = set()
    for card in hand:
        codes |= {v.code for v in check_play(hand, trick, card, players=players)}
        codes |= {v.code for v in why_allowed(hand, trick, card, players=players)}
    topic = {Code.MUST_TRUMP: "trump", Code.MUST_OVERTRUMP: "overtrump",
             Code.UNDERTRUMP_ALLOWED: "undertrump", Code.PETIT_UNDER_TRUMP: "undertrump",
             Code.DISCARD_ALLOWED: "undertrump", Code.EXCUSE_ANYTIME: "excuse",
             Code.EXCUSE_EXCHANGE: "excuse"}
    needs |= {topic[code] for code in codes if code in topic}
    if any(c.is_excuse for c in trick) or any(c.is_excuse for c in hand):
        needs.add("excuse")
    led = led_card(trick)
    if led is not None and led.is_trump:
        needs.add("overtrump")  # a trump led: a higher trump is owed
    if position.get("called_card") and position["players"] == 5:
        needs.add("king-call")
    return needs


def _trick_needs(position: Position) -> set[str]:
    cards = parse_cards(position["cards"])
    winner = cards[trick_winner(cards)]
    needs = {"cards"}
    if not winner.is_trump:
        needs.add("tricks")  # the suit led decides
    if any(c.is_excuse for c in cards):
        needs |= {"excuse", "excuse-kept"}
    if any(c.is_bout for c in cards):
        needs.add("bouts")
    return needs


def _count_needs(position: Position) -> set[str]:
    cards = parse_cards(position["cards"])
    needs = {"values"}
    if any(c.is_bout for c in cards):
        needs.add("bouts")
    if len(cards) == rules_for(position["players"]).chien_size != position["players"]:
        needs.add("deal")  # a chien
    if sum(1 for c in cards if c.points_half > 1) >= 2 and any(
            c.points_half == 1 for c in cards):
        needs.add("pairs")  # face cards with low cards: counted two by two
    return needs


def _score_needs(position: Position) -> set[str]:
    needs = {"score", "target", "bouts"}
    if position["points"] != int(position["points"]):
        needs.add("rounding")
    if position["petit_au_bout"]:
        needs.add("petit-au-bout")
    if position["chelem_by"]:
        needs.add("chelem")
    if position["players"] == 5:
        needs |= {"five", "king-call"}
    if position["players"] == 3:
        needs.add("three")
    return needs


def _ecart_needs(position: Position) -> set[str]:
    found = check_ecart(position["players"], Contract.parse(position["contract"]),
                        CardSet.parse(position["hand"]), CardSet.parse(position["chien"]),
                        parse_cards(position["ecart"]))
    needs = {"ecart", "bouts", "bidding", "deal"}
    if position["players"] == 5:
        needs.add("king-call")
    return needs | ({"ecart"} if found else set())


def _bid_needs(position: Position) -> set[str]:
    earlier = [parse_bid(bid) for bid in position["bids"]]
    check_bid(position["players"], earlier, parse_bid(position["bid"]))
    return {"bidding"}


THEMES = {
    "save-petit": {"play-excuse-protects-petit", "play-petit-safe", "play-keep-petit",
                   "play-petit-kept-for-end", "play-capture-petit", "play-hunt-petit"},
    "charge": {"play-charge"},
    "excuse-play": {"play-excuse-before-last", "play-excuse-saves"},
}
"""The advice engine's reasons (``rules_fr.advice.reasons``) each strategy step is about."""


def _advice_needs(question: dict[str, Any]) -> set[str]:
    """A good play: the rules of the position, and the strategy its reasons are about."""
    position = question["position"]
    needs = _play_needs({**position, "called_card": None}) | {"score", "bidding"}
    codes = {r["code"] for r in question["answer"]["reasons"]}
    return needs | {theme for theme, wanted in THEMES.items() if codes & wanted}


NEEDS = {
    "play": _play_needs, "trick": _trick_needs, "count": _count_needs, "score": _score_needs,
    "ecart": _ecart_needs, "bid": _bid_needs,
    "target": lambda p: {"target", "bouts"},
    "hand": lambda p: {"petit-sec", "bouts"},
    "king": lambda p: {"king-call"},
    "poignee": lambda p: {"poignee"} | ({"excuse"} if "EX" in p["hand"] else set()),
    "chelem": lambda p: {"chelem"},
    "sitout": lambda p: {"sitout"},
    "revoke": lambda p: {"revoke", "follow", "trump"},
    "void": lambda p: {"voids", "ecart", "trump"},
}
"""What a question of each kind needs the learner to know, read from its position."""


def _point(number: int, position: Position) -> bool:
    """The step's own point, beyond its topic being needed: what makes a question of that
    step worth asking there (a bid refused for being too low, a king or oudler in the
    écart, a garde made with no bonus…)."""
    slug = PLAN[number - 1].slug
    refused = {"follow": Code.MUST_FOLLOW_SUIT, "trump": Code.MUST_TRUMP,
               "overtrump": Code.MUST_OVERTRUMP, "excuse": None}
    if slug in refused:  # a card refused for the step's obligation (the excuse: any)
        hand, trick = CardSet.parse(position["hand"]), parse_cards(position["trick"])
        codes = [{v.code for v in check_play(hand, trick, card, players=4)} for card in hand]
        if slug == "excuse":
            return "EX" in position["hand"] and any(codes)
        return any(refused[slug] in found for found in codes)
    if slug == "voids":
        return True  # the engine's écart: a suit voided or none, both taught
    if slug == "bidding":
        earlier = [parse_bid(bid) for bid in position["bids"]]
        found = check_bid(4, earlier, parse_bid(position["bid"]))
        return bool(earlier) and [v.code for v in found] == [Code.BID_TOO_LOW]
    if slug == "ecart":
        found = check_ecart(4, Contract.parse(position["contract"]),
                            CardSet.parse(position["hand"]), CardSet.parse(position["chien"]),
                            parse_cards(position["ecart"]))
        return bool({v.code for v in found} & {Code.ECART_KING, Code.ECART_BOUT})
    if slug == "cards":
        cards = parse_cards(position["cards"])
        led = led_card(cards)
        return (led is not None and not led.is_trump
                and any(c.is_face and c.suit is led.suit for c in cards))
    if slug == "tricks":
        cards = parse_cards(position["cards"])
        winner = cards[trick_winner(cards)]
        return any(c.rank > winner.rank and c.suit is not winner.suit for c in cards)
    if slug == "score":
        return position["contract"] == Contract.GARDE.code
    return True


@pytest.fixture(scope="module")
def app() -> Flask:
    return create_app({"TESTING": True})


def test_every_step_has_one_goal_of_its_own() -> None:
    topics = [planned.topic for planned in PLAN]
    assert len(topics) == len(set(topics)) == STEPS
    assert len({planned.slug for planned in PLAN}) == STEPS


def test_the_course_teaches_every_topic_of_the_issue() -> None:
    """The topics issue 24 asks for, each a step of its own (its slug)."""
    wanted = {"cards", "tricks", "bouts", "values", "pairs", "follow", "trump", "overtrump",
              "undertrump", "excuse", "excuse-kept", "target", "deal", "petit-sec", "bidding",
              "ecart", "king-call", "poignee", "score", "rounding", "five", "three",
              "petit-au-bout", "chelem", "sitout", "revoke", "save-petit", "charge",
              "excuse-play", "voids"}
    assert wanted <= {planned.topic for planned in PLAN}


@pytest.mark.parametrize("number", range(1, STEPS + 1))
def test_each_question_needs_only_what_was_taught(app: Flask, number: int) -> None:
    planned = PLAN[number - 1]
    taught = {p.topic for p in PLAN[:number]}
    assert len(planned.seeds) == len(set(planned.seeds)) >= 3
    with app.test_request_context("/course", query_string={"lang": "en"}):
        made = steps()[number - 1]
        assert made["exercise"]["kind"] == planned.kind
        assert made["exercise"]["seeds"] == list(planned.seeds)
        for seed in planned.seeds:
            asked = question(planned.kind, planned.players, seed)
            position = asked["position"]
            needs = (_advice_needs(asked) if planned.kind == "advice"
                     else NEEDS[planned.kind](position))
            assert needs <= taught, (planned.slug, seed, needs - taught)
            assert planned.topic in needs, (planned.slug, seed, needs)
            assert _point(number, position), (planned.slug, seed)
            if planned.slug == "charge":  # points given: a face card, not a low one
                assert parse_card(asked["answer"]["card"]).points_half > 1, seed


def test_a_later_topic_is_caught() -> None:
    """The order test can fail: a play position with the excuse in hand needs the excuse."""
    position = {"players": 4, "hand": ["7H", "EX", "KS"], "trick": ["5H"],
                "called_card": None}
    assert "excuse" in _play_needs(position)
    assert "rounding" in _score_needs({"points": 40.5, "petit_au_bout": None,
                                       "chelem_by": None, "players": 4})


@pytest.mark.parametrize("number", [1, 6, 12])
def test_a_step_asks_the_same_questions_on_every_load(app: Flask, number: int) -> None:
    client = app.test_client()
    pages = [client.get(f"/course/{number}?lang={lang}").get_data(as_text=True)
             for lang in ("en", "en", "fr")]
    found = [re.search(r'data-seeds="([0-9 ]+)"', page) for page in pages]
    assert all(found) and len({m.group(1) for m in found if m}) == 1
    assert [int(s) for s in found[0].group(1).split()] == list(PLAN[number - 1].seeds)
    kind = PLAN[number - 1].kind
    first = PLAN[number - 1].seeds[0]
    asked = [client.get(f"/api/v1/quiz/{kind}?players=4&seed={first}").get_json()
             for _ in range(2)]
    assert asked[0] == asked[1]
