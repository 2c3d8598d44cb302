"""The poignée (seeds: simple 8/10/13, double 10/13/15, triple 13/15/18 trumps at 5/4/3
players, 20/30/40 points whatever the contract; "l'excuse dans la poignée implique que
l'annonceur n'a pas d'autre atout"; FFT 2012)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_fr.cards import DECK, EXCUSE, TRUMPS, CardSet, parse_card
from rules_fr.poignee import (
    PoigneeLevel,
    check_poignee,
    check_poignee_timing,
    legal_poignee,
    poignee_level,
    poignee_size,
    poignees_allowed,
    verify_poignee,
)
from rules_fr.table import rules_for
from rules_fr.verdicts import Code, IllegalActionError

SIMPLE, DOUBLE, TRIPLE = PoigneeLevel.SIMPLE, PoigneeLevel.DOUBLE, PoigneeLevel.TRIPLE


def trumps(count: int, start: int = 1) -> list:
    """``count`` trumps from ``start`` upwards."""
    return [parse_card(f"T{r}") for r in range(start, start + count)]


def codes_of(violations) -> list[str]:
    return [v.code.value for v in violations]


PLAIN = [parse_card(code) for code in ("KS", "QH", "2D", "7C", "1S", "9H", "JD", "CC", "3S")]


def hand_with(trump_count: int, excuse: bool = False, plain: int = 3) -> CardSet:
    hand = CardSet.of(trumps(trump_count)) | CardSet.of(PLAIN[:plain])
    return hand.add(EXCUSE) if excuse else hand


# --- poignee.thresholds: per player count ------------------------------------------------


@pytest.mark.parametrize("players, size, level", [
    *((3, size, level) for size, level in [
        (13, SIMPLE), (15, DOUBLE), (18, TRIPLE),
        (8, None), (10, None), (12, None), (14, None), (16, None), (17, None), (19, None)]),
    *((4, size, level) for size, level in [
        (10, SIMPLE), (13, DOUBLE), (15, TRIPLE),
        (8, None), (9, None), (11, None), (12, None), (14, None), (16, None), (18, None)]),
    *((5, size, level) for size, level in [
        (8, SIMPLE), (10, DOUBLE), (13, TRIPLE),
        (7, None), (9, None), (11, None), (12, None), (14, None), (15, None)]),
])
def test_poignee_thresholds(players: int, size: int, level: PoigneeLevel | None) -> None:
    assert poignee_level(players, size) is level
    hand = {3: hand_with(21), 4: hand_with(18), 5: CardSet.of(trumps(15))}[players]
    assert (check_poignee(players, hand, trumps(size)) == []) == (level is not None)


def test_poignee_thresholds_come_from_the_table() -> None:
    assert [rules_for(n).poignee_thresholds for n in (3, 4, 5)] == [
        (13, 15, 18), (10, 13, 15), (8, 10, 13)]
    assert [[poignee_size(n, level) for level in PoigneeLevel] for n in (3, 4, 5)] == [
        [13, 15, 18], [10, 13, 15], [8, 10, 13]]


def test_poignee_bonus_simple_double_triple() -> None:
    assert (SIMPLE.bonus, DOUBLE.bonus, TRIPLE.bonus) == (20, 30, 40)
    assert [level.value for level in PoigneeLevel] == ["simple", "double", "triple"]


def test_poignee_eight_trumps_five_players_is_simple() -> None:
    hand = hand_with(8)
    assert poignees_allowed(5, hand) == [SIMPLE]
    assert check_poignee(5, hand, trumps(8)) == []


def test_poignee_ten_trumps_three_players_is_nothing() -> None:
    hand = hand_with(10, plain=9)
    assert poignees_allowed(3, hand) == []
    violations = check_poignee(3, hand, trumps(10))
    assert codes_of(violations) == ["poignee-size"]
    assert violations[0].params == {"size": 10, "thresholds": [13, 15, 18], "lower": None}


def test_poignee_eleven_shown_four_players_refused() -> None:
    hand = hand_with(11)
    violations = check_poignee(4, hand, trumps(11))
    assert codes_of(violations) == ["poignee-size"]
    assert violations[0].rule == "poignee.thresholds"
    assert violations[0].params == {"size": 11, "thresholds": [10, 13, 15], "lower": 10}
    # … he hides one and shows ten
    assert check_poignee(4, hand, trumps(10, start=2)) == []


def test_poignee_size_nearest_lower_threshold() -> None:
    assert check_poignee(3, hand_with(21), trumps(17))[0].params["lower"] == 15
    assert check_poignee(5, hand_with(15), trumps(14))[0].params["lower"] == 13
    assert check_poignee(5, hand_with(15), trumps(9))[0].params["lower"] == 8


@pytest.mark.parametrize("players, count, levels", [
    (3, 12, []), (3, 13, [SIMPLE]), (3, 17, [SIMPLE, DOUBLE]), (3, 18, [SIMPLE, DOUBLE, TRIPLE]),
    (4, 9, []), (4, 10, [SIMPLE]), (4, 14, [SIMPLE, DOUBLE]), (4, 15, [SIMPLE, DOUBLE, TRIPLE]),
    (5, 7, []), (5, 8, [SIMPLE]), (5, 12, [SIMPLE, DOUBLE]), (5, 13, [SIMPLE, DOUBLE, TRIPLE]),
])
def test_poignees_allowed_by_trump_count(players: int, count: int, levels: list) -> None:
    assert poignees_allowed(players, CardSet.of(trumps(count))) == levels
    # the excuse stands for one missing trump
    assert poignees_allowed(players, CardSet.of(trumps(count - 1)).add(EXCUSE)) == levels


# --- poignee.excuse ----------------------------------------------------------------------


def test_poignee_excuse_never_hides_a_trump() -> None:
    """A hand of 11 trumps and the excuse may not show 9 trumps and the excuse."""
    hand = hand_with(11, excuse=True)
    shown = trumps(9, start=3) + [EXCUSE]
    violations = check_poignee(4, hand, shown)
    assert codes_of(violations) == ["poignee-excuse-hides-trump"]
    assert violations[0].rule == "poignee.excuse"
    assert violations[0].params == {"hidden": ["T1", "T2"]}
    # ten of its trumps, without the excuse, are fine
    assert check_poignee(4, hand, trumps(10)) == []


def test_poignee_excuse_replaces_a_missing_trump() -> None:
    """A hand of exactly 9 trumps and the excuse may show all ten."""
    hand = hand_with(9, excuse=True)
    assert poignees_allowed(4, hand) == [SIMPLE]
    assert check_poignee(4, hand, trumps(9) + [EXCUSE]) == []
    assert legal_poignee(4, hand, SIMPLE) == CardSet.of(trumps(9)).add(EXCUSE)


def test_poignee_excuse_hides_even_one_trump() -> None:
    hand = hand_with(10, excuse=True)
    violations = check_poignee(4, hand, trumps(9, start=2) + [EXCUSE])
    assert codes_of(violations) == ["poignee-excuse-hides-trump"]
    assert violations[0].params == {"hidden": ["T1"]}


def test_poignee_excuse_with_every_trump_at_five_and_three_players() -> None:
    assert check_poignee(5, hand_with(7, excuse=True), trumps(7) + [EXCUSE]) == []
    assert check_poignee(3, hand_with(17, excuse=True), trumps(17) + [EXCUSE]) == []
    assert codes_of(check_poignee(3, hand_with(18, excuse=True), trumps(17, 2) + [EXCUSE])) == [
        "poignee-excuse-hides-trump"]


# --- poignee.shown -----------------------------------------------------------------------


def test_poignee_card_not_in_hand() -> None:
    hand = hand_with(10)
    violations = check_poignee(4, hand, trumps(9) + [parse_card("T20")])
    assert codes_of(violations) == ["poignee-card-not-in-hand"]
    assert violations[0].rule == "poignee.shown"
    assert violations[0].params == {"cards": ["T20"], "duplicates": []}


def test_poignee_card_shown_twice() -> None:
    hand = hand_with(10)
    violations = check_poignee(4, hand, trumps(9) + [parse_card("T1")])
    assert codes_of(violations) == ["poignee-card-not-in-hand"]
    assert violations[0].params == {"cards": [], "duplicates": ["T1"]}


def test_poignee_not_trump() -> None:
    hand = hand_with(10)
    violations = check_poignee(4, hand, trumps(9) + [parse_card("KS")])
    assert codes_of(violations) == ["poignee-not-trump"]
    assert violations[0].rule == "poignee.thresholds"
    assert violations[0].params == {"cards": ["KS"]}


def test_poignee_faults_in_rulebook_order() -> None:
    hand = hand_with(12, excuse=True)
    shown = [parse_card("T20"), parse_card("T1"), parse_card("T1"), parse_card("KS"), EXCUSE]
    assert codes_of(check_poignee(4, hand, shown)) == [
        "poignee-card-not-in-hand", "poignee-not-trump", "poignee-size",
        "poignee-excuse-hides-trump"]


def test_poignee_too_late() -> None:
    assert check_poignee_timing(0) == []
    violations = check_poignee_timing(1)
    assert codes_of(violations) == ["poignee-too-late"]
    assert violations[0].rule == "poignee.shown"
    assert violations[0].params == {"cards_played": 1}
    assert codes_of(check_poignee_timing(5)) == ["poignee-too-late"]


def test_verify_poignee_raises() -> None:
    with pytest.raises(IllegalActionError) as error:
        verify_poignee(4, hand_with(11), trumps(11))
    assert error.value.violations[0].code is Code.POIGNEE_SIZE
    verify_poignee(4, hand_with(11), trumps(10))


# --- properties over random hands --------------------------------------------------------


@st.composite
def hands(draw):
    """A hand of the right size for the table, biased towards many trumps."""
    players = draw(st.sampled_from((3, 4, 5)))
    size = rules_for(players).hand_size
    trump_count = draw(st.integers(0, min(21, size)))
    chosen = draw(st.permutations(sorted(TRUMPS)))[:trump_count]
    others = draw(st.permutations(sorted(DECK - TRUMPS)))[: size - trump_count]
    return players, CardSet.of(chosen + others)


def oracle_legal(players: int, hand: CardSet, shown: list) -> bool:
    """The rule as worded: distinct cards of the hand, trumps or the excuse, exactly a
    threshold's count, and the excuse only with every trump of the hand."""
    chosen = CardSet.of(shown)
    if len(chosen) != len(shown) or not chosen <= hand:
        return False
    if any(not (card.is_trump or card.is_excuse) for card in chosen):
        return False
    if len(shown) not in rules_for(players).poignee_thresholds:
        return False
    return not (EXCUSE in chosen and hand.trumps() - chosen)


@settings(max_examples=300, deadline=None)
@given(hands())
def test_legal_poignee_matches_poignees_allowed(deal) -> None:
    players, hand = deal
    allowed = poignees_allowed(players, hand)
    for level in PoigneeLevel:
        shown = legal_poignee(players, hand, level)
        assert (shown is not None) == (level in allowed)
        if shown is not None:
            assert check_poignee(players, hand, shown) == []
            assert poignee_level(players, len(shown)) is level
    # no larger show exists than the trumps plus the excuse
    count = len(hand.trumps()) + (EXCUSE in hand)
    assert all(poignee_size(players, level) <= count for level in allowed)


@settings(max_examples=400, deadline=None)
@given(hands(), st.data())
def test_check_poignee_agrees_with_the_rule(deal, data) -> None:
    players, hand = deal
    candidates = sorted(hand.trumps() | (CardSet.of([EXCUSE]) & hand))
    if data.draw(st.booleans()):
        candidates += sorted(DECK)[:: data.draw(st.integers(5, 40))]  # other cards, too
    size = data.draw(st.integers(0, len(candidates)))
    shown = data.draw(st.permutations(candidates))[:size]
    if shown and data.draw(st.integers(0, 9)) == 0:
        shown.append(shown[-1])
    violations = check_poignee(players, hand, shown)
    assert (not violations) == oracle_legal(players, hand, shown)
    found = set(codes_of(violations))
    chosen = CardSet.of(shown)
    held = chosen & hand
    assert ("poignee-size" in found) == (
        len(shown) not in rules_for(players).poignee_thresholds)
    assert ("poignee-excuse-hides-trump" in found) == (
        EXCUSE in held and bool(hand.trumps() - held))
    assert ("poignee-card-not-in-hand" in found) == (
        len(chosen) != len(shown) or not chosen <= hand)
    assert ("poignee-not-trump" in found) == any(
        not (card.is_trump or card.is_excuse) for card in held)
