"""The course's feedback says what holds in the position (issue 24): over random quiz
questions, each statement of an explanation is checked against the position by the core or by
an oracle written here from the rulebook's words — a count two by two adds up and pairs each
counting card with a low card, a score's line by line sums to its total, the target is the
one of the oudlers won, a hand's trumps are counted right, a petit sec is one, a revoke is
one, five people play a deal of six or seven, the advice's card may be played."""

from __future__ import annotations

import re

from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_fr.cards import CardSet, parse_card, parse_cards
from rules_fr.play import check_play
from rules_fr.poignee import PoigneeLevel, poignee_size
from tutor import create_app
from tutor.services.quiz import question

SEEDS = st.integers(0, 999_999)
LANGS = st.sampled_from(["en", "fr"])
FAST = settings(max_examples=25, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])

_APP: Flask = create_app({"TESTING": True})


def _asked(kind: str, players: int, seed: int, lang: str = "en") -> dict:
    with _APP.test_request_context("/", query_string={"lang": lang}):
        return question(kind, players, seed)


def _number(text: str) -> float:
    return float(text.replace(",", ".").replace("−", "-"))


@FAST
@given(SEEDS, st.sampled_from([3, 4, 5]), LANGS)
def test_a_count_two_by_two_adds_up(seed: int, players: int, lang: str) -> None:
    asked = _asked("count", players, seed, lang)
    cards = asked["position"]["cards"]
    pairs = asked["answer"]["pairs"]
    assert sorted(c for pair in pairs for c in pair["cards"]) == sorted(cards)
    low = [c for c in cards if parse_card(c).points_half == 1]
    counting = [c for c in cards if parse_card(c).points_half > 1]
    for pair in pairs:
        worth = sum(parse_card(c).points_half for c in pair["cards"])
        assert pair["points"] * 2 == worth
        if len(pair["cards"]) == 2:  # a counting card with a low one, or two low cards
            assert parse_card(pair["cards"][1]).points_half == 1
            assert float(pair["points"]).is_integer()
    # Every counting card has a low card while low cards last.
    assert sum(1 for p in pairs if len(p["cards"]) == 2
               and parse_card(p["cards"][0]).points_half > 1) == min(len(counting), len(low))
    said = re.search(r"(?:In all|En tout), ([0-9,. +]+) = ([0-9,.]+)\.$", asked["explanation"])
    if len(pairs) > 1:
        terms, total = said.group(1).split(" + "), _number(said.group(2))
        assert [_number(t) for t in terms] == [p["points"] for p in pairs]
        assert total == asked["answer"]["points"]


@FAST
@given(SEEDS, st.sampled_from([3, 4, 5]))
def test_a_score_line_by_line_sums_to_its_total(seed: int, players: int) -> None:
    asked = _asked("score", players, seed)
    answer = asked["answer"]
    total = next(d["points"] for d in answer["derivation"] if d["code"] == "total")
    summed = [d for d in answer["derivation"]
              if d["code"] in ("contract", "petit-au-bout", "poignee", "chelem")]
    assert sum(d["points"] for d in summed) == total
    said = re.search(r"Line by line: (.+) = (\d+)\.", asked["explanation"])
    assert (said is not None) == (len(summed) > 1)
    if said:
        assert int(said.group(2)) == abs(total)


@FAST
@given(SEEDS, LANGS)
def test_the_target_is_the_one_of_the_oudlers_won(seed: int, lang: str) -> None:
    asked = _asked("target", 4, seed, lang)
    bouts = asked["position"]["bouts"]
    assert all(parse_card(c).is_bout for c in bouts)
    oracle = {0: 56, 1: 51, 2: 41, 3: 36}[len(bouts)]  # the rulebook's table
    assert asked["answer"]["choice"] == str(oracle)
    assert re.search(rf"\b{oracle} points\b", asked["explanation"])


@FAST
@given(SEEDS, st.sampled_from([3, 4, 5]), LANGS)
def test_a_hands_trumps_are_counted_right(seed: int, players: int, lang: str) -> None:
    asked = _asked("poignee", players, seed, lang)
    hand = asked["position"]["hand"]
    trumps = sum(1 for c in hand if c.startswith("T"))
    held = re.search(r"(?:You hold|Vous avez) (\d+) (?:trumps?|atouts?)", asked["explanation"])
    assert int(held.group(1)) == trumps
    showable = trumps + ("EX" in hand)
    levels = [level.value for level in PoigneeLevel if poignee_size(players, level) <= showable]
    assert asked["answer"]["choice"] == (levels[-1] if levels else "none")
    assert ("excuse" in asked["explanation"]) == ("EX" in hand)


@FAST
@given(SEEDS, st.sampled_from([3, 4, 5]))
def test_a_petit_sec_is_one(seed: int, players: int) -> None:
    asked = _asked("hand", players, seed)
    hand = asked["position"]["hand"]
    oracle = "T1" in hand and "EX" not in hand and sum(c.startswith("T") for c in hand) == 1
    assert (asked["answer"]["choice"] == "yes") == oracle


@FAST
@given(SEEDS)
def test_a_revoke_is_one(seed: int) -> None:
    """The later card shows a revoke when it is of the suit the player did not follow, or a
    trump after he neither followed nor trumped."""
    asked = _asked("revoke", 4, seed)
    earlier, later = asked["position"]["earlier"], asked["position"]["later"]
    led, played = parse_card(earlier["led"]), parse_card(earlier["card"])
    now = parse_card(later["card"])
    oracle = now.suit is led.suit or (now.is_trump and not played.is_trump)
    assert (asked["answer"]["choice"] == "yes") == oracle
    assert later["trick"] > earlier["trick"]


@FAST
@given(SEEDS)
def test_five_people_play_each_deal(seed: int) -> None:
    asked = _asked("sitout", 4, seed)
    answer, position = asked["answer"], asked["position"]
    assert len(answer["playing"]) == 5
    assert len(answer["out"]) == position["people"] - 5
    assert (answer["choice"] == "yes") == (position["person"] in answer["playing"])


@settings(max_examples=15, deadline=None)
@given(SEEDS)
def test_the_advice_card_may_be_played(seed: int) -> None:
    asked = _asked("advice", 4, seed)
    position = asked["position"]
    hand, trick = CardSet.parse(position["hand"]), parse_cards(position["trick"])
    best = parse_card(asked["answer"]["card"])
    assert not check_play(hand, trick, best, players=4)
    assert best.code in position["legal_cards"]
