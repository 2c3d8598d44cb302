"""The chien and the écart (seeds: "On ne peut écarter ni roi, ni bout ; on n'écarte des atouts
que si cela se révèle indispensable et en les montrant à la défense"; FFT 2012)."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_fr.cards import DECK, EXCUSE, PETIT, TWENTY_ONE, CardSet, parse_card
from rules_fr.contracts import Camp, Contract
from rules_fr.ecart import (
    check_ecart,
    discardable,
    discardable_trumps,
    ecart_trumps_needed,
    is_legal_ecart,
    legal_ecart_exists,
    random_legal_ecart,
    trumps_to_show,
    verify_ecart,
)
from rules_fr.table import rules_for
from rules_fr.verdicts import Code, IllegalActionError

KINGS = ["KS", "KH", "KD", "KC"]


def cs(*codes: str) -> CardSet:
    return CardSet.parse(codes)


def cards(*codes: str) -> list:
    return [parse_card(code) for code in codes]


def codes_of(violations) -> list[str]:
    return [v.code.value for v in violations]


def by_code(violations, code: Code):
    found = [v for v in violations if v.code is code]
    assert len(found) == 1, violations
    return found[0]


# A four-player hand and chien with only four plain non-king cards: 4 kings, 3 bouts, 13
# trumps from 2 to 14, and 2♠ 3♠ 4♥ 5♦.
SHORT_HAND = cs(*KINGS, "T1", "T21", "EX", *(f"T{r}" for r in range(2, 13)))
SHORT_CHIEN = cs("2S", "3S", "4H", "5D", "T13", "T14")

# An ordinary four-player hand: plenty of plain cards.
HAND = cs("1S", "2S", "3S", "7S", "KS", "QH", "9H", "2H", "JD", "4D", "5C", "6C", "CC",
          "T1", "T5", "T9", "T16", "EX")
CHIEN = cs("KH", "8S", "10D", "T3", "T21", "1C")


# --- ecart.size --------------------------------------------------------------------------


@pytest.mark.parametrize("players, size", [(3, 6), (4, 6), (5, 3)])
def test_ecart_size_as_many_as_the_chien(players: int, size: int) -> None:
    rng = random.Random(players)
    deck = list(DECK)
    rng.shuffle(deck)
    rules = rules_for(players)
    hand = CardSet.of(deck[: rules.hand_size])
    chien = CardSet.of(deck[rules.hand_size : rules.hand_size + rules.chien_size])
    ecart = random_legal_ecart(players, hand, chien, rng)
    assert ecart is not None and len(ecart) == size
    assert check_ecart(players, Contract.GARDE, hand, chien, ecart) == []
    pool = sorted(discardable(hand | chien))
    short = pool[: size - 1]
    long = pool[: size + 1]
    assert by_code(check_ecart(players, Contract.GARDE, hand, chien, short),
                   Code.ECART_SIZE).params == {"expected": size, "given": size - 1}
    assert by_code(check_ecart(players, Contract.PETITE, hand, chien, long),
                   Code.ECART_SIZE).params == {"expected": size, "given": size + 1}


def test_ecart_card_not_available_from_another_hand() -> None:
    ecart = cards("1S", "2S", "3S", "7S", "8S", "5S")  # 5♠ is in nobody's hand here
    violations = check_ecart(4, Contract.GARDE, HAND, CHIEN, ecart)
    assert codes_of(violations) == ["ecart-card-not-available"]
    assert violations[0].rule == "ecart.size"
    assert violations[0].params == {"cards": ["5S"], "duplicates": []}


def test_ecart_card_not_available_twice() -> None:
    ecart = cards("1S", "2S", "3S", "7S", "8S", "8S")
    violations = check_ecart(4, Contract.GARDE, HAND, CHIEN, ecart)
    assert codes_of(violations) == ["ecart-card-not-available"]
    assert violations[0].params == {"cards": [], "duplicates": ["8S"]}


def test_ecart_unavailable_king_reported_once() -> None:
    """A king of another hand is unavailable; it is not reported again as a king."""
    ecart = cards("1S", "2S", "3S", "7S", "8S", "KD")
    assert codes_of(check_ecart(4, Contract.GARDE, HAND, CHIEN, ecart)) == [
        "ecart-card-not-available"]


# --- ecart.no-king-no-bout ---------------------------------------------------------------


def test_ecart_no_king() -> None:
    for king in ("KS", "KH"):  # one from the hand, one from the chien
        ecart = cards("1S", "2S", "3S", "7S", "8S", king)
        violations = check_ecart(4, Contract.GARDE, HAND, CHIEN, ecart)
        assert codes_of(violations) == ["ecart-king"]
        assert violations[0].rule == "ecart.no-king-no-bout"
        assert violations[0].params == {"cards": [king]}


@pytest.mark.parametrize("bout", ["T1", "T21", "EX"])
def test_ecart_no_bout(bout: str) -> None:
    ecart = cards("1S", "2S", "3S", "7S", "8S", bout)
    violations = check_ecart(4, Contract.PETITE, HAND, CHIEN, ecart)
    assert codes_of(violations) == ["ecart-bout"]
    assert violations[0].rule == "ecart.no-king-no-bout"
    assert violations[0].params == {"cards": [bout]}


def test_ecart_no_bout_even_when_trumps_are_needed() -> None:
    """With only four plain cards, the two trumps may not be the petit or the 21."""
    ecart = cards("2S", "3S", "4H", "5D", "T1", "T21")
    assert codes_of(check_ecart(4, Contract.GARDE, SHORT_HAND, SHORT_CHIEN, ecart)) == [
        "ecart-bout"]
    ecart = cards("2S", "3S", "4H", "5D", "T2", "EX")
    assert codes_of(check_ecart(4, Contract.GARDE, SHORT_HAND, SHORT_CHIEN, ecart)) == [
        "ecart-bout"]


# --- ecart.trumps ------------------------------------------------------------------------


def test_ecart_trumps_only_when_unavoidable() -> None:
    """Four plain non-king cards at four players: those four and two trumps, no fewer."""
    assert ecart_trumps_needed(4, SHORT_HAND, SHORT_CHIEN) == 2
    legal = cards("2S", "3S", "4H", "5D", "T2", "T14")
    assert check_ecart(4, Contract.GARDE, SHORT_HAND, SHORT_CHIEN, legal) == []
    # a third trump while 5♦ could go instead: avoidable
    three = cards("2S", "3S", "4H", "T2", "T3", "T14")
    violations = check_ecart(4, Contract.GARDE, SHORT_HAND, SHORT_CHIEN, three)
    assert codes_of(violations) == ["ecart-trump-avoidable"]
    assert violations[0].rule == "ecart.trumps"
    assert violations[0].params == {"trumps": ["T2", "T3", "T14"], "allowed": 2,
                                    "available": ["5D"]}


def test_ecart_trump_avoidable_with_plain_cards_left() -> None:
    ecart = cards("1S", "2S", "3S", "7S", "8S", "T3")
    violations = check_ecart(4, Contract.GARDE, HAND, CHIEN, ecart)
    assert codes_of(violations) == ["ecart-trump-avoidable"]
    params = violations[0].params
    assert params["trumps"] == ["T3"] and params["allowed"] == 0
    assert set(params["available"]) == set(
        discardable(HAND | CHIEN).codes()) - {"1S", "2S", "3S", "7S", "8S"}


def test_ecart_trumps_needed_five_players() -> None:
    hand = cs("KS", "KH", "KD", "KC", "T1", "T21", "EX", *(f"T{r}" for r in range(2, 10)))
    chien = cs("2S", "T10", "T11")
    assert len(hand) == 15
    assert ecart_trumps_needed(5, hand, chien) == 2
    assert check_ecart(5, Contract.GARDE, hand, chien, cards("2S", "T10", "T4")) == []
    assert codes_of(check_ecart(5, Contract.GARDE, hand, chien, cards("2S", "KS", "T4"))) == [
        "ecart-king"]


def test_ecart_trumps_shown() -> None:
    ecart = cards("2S", "3S", "4H", "5D", "T2", "T14")
    assert trumps_to_show(ecart).codes() == ["T2", "T14"]
    assert trumps_to_show(CardSet.of(ecart)) == cs("T2", "T14")
    assert trumps_to_show(cards("1S", "2S", "3S", "7S", "8S", "9H")) == CardSet()


def test_ecart_discardable_trumps_never_bouts() -> None:
    assert discardable_trumps(DECK) == DECK.trumps() - cs("T1", "T21")
    assert len(discardable(DECK)) == 52
    assert all(card.suit.value in "SHDC" and not card.is_king for card in discardable(DECK))


# --- chien.garde-sans-contre -------------------------------------------------------------


@pytest.mark.parametrize("contract", [Contract.GARDE_SANS, Contract.GARDE_CONTRE])
def test_ecart_not_allowed_on_garde_sans_and_contre(contract: Contract) -> None:
    for ecart in ([], cards("1S", "2S", "3S", "7S", "8S", "9H")):
        violations = check_ecart(4, contract, HAND, CHIEN, ecart)
        assert codes_of(violations) == ["ecart-not-allowed"]
        assert violations[0].rule == "chien.garde-sans-contre"
        assert violations[0].params == {"contract": contract.code}


def test_chien_camp_garde_sans_taker_contre_defense() -> None:
    assert Contract.GARDE_SANS.chien_camp is Camp.TAKER
    assert Contract.GARDE_CONTRE.chien_camp is Camp.DEFENSE
    assert Contract.PETITE.chien_camp is Camp.TAKER  # the écart counts for the taker


# --- several faults, reported in the rulebook's order ------------------------------------


def test_ecart_faults_in_rulebook_order() -> None:
    ecart = cards("5S", "KS", "T1", "T3", "T3")
    violations = check_ecart(4, Contract.GARDE, HAND, CHIEN, ecart)
    assert codes_of(violations) == ["ecart-card-not-available", "ecart-size", "ecart-king",
                                    "ecart-bout", "ecart-trump-avoidable"]
    assert violations[0].params == {"cards": ["5S"], "duplicates": ["T3"]}
    assert violations[1].params == {"expected": 6, "given": 5}


def test_verify_ecart_raises_with_violations() -> None:
    with pytest.raises(IllegalActionError) as error:
        verify_ecart(4, Contract.GARDE, HAND, CHIEN, cards("1S", "2S", "3S", "7S", "8S", "KS"))
    assert codes_of(error.value.violations) == ["ecart-king"]
    verify_ecart(4, Contract.GARDE, HAND, CHIEN, cards("1S", "2S", "3S", "7S", "8S", "9H"))


# --- impossible hands: the functions stay total ------------------------------------------


def test_ecart_impossible_hand_is_total() -> None:
    """Too few cards that may go even counting trumps: cannot happen in a real deal (at most
    4 kings and 3 bouts among 18+ cards), but nothing raises and nothing is legal."""
    hand = cs(*KINGS, "T1", "T21")
    chien = cs("2S", "T5", "EX")
    assert ecart_trumps_needed(4, hand, chien) == 5  # more than the one trump 2-20 held
    assert not legal_ecart_exists(4, hand, chien)
    assert random_legal_ecart(4, hand, chien, random.Random(0)) is None
    pool = sorted(hand | chien)
    for ecart in itertools.combinations(pool, 6):
        assert check_ecart(4, Contract.GARDE, hand, chien, ecart) != []
    assert codes_of(check_ecart(4, Contract.GARDE, hand, chien, [])) == ["ecart-size"]


def test_ecart_real_deals_always_allow_an_ecart() -> None:
    """The worst real case: every king and bout in the taker's hand and chien."""
    for players in (3, 4, 5):
        rules = rules_for(players)
        worst = [*cards(*KINGS, "T1", "T21", "EX")]
        rest = [card for card in DECK if card not in CardSet.of(worst)]
        pool = worst + rest[: rules.hand_size + rules.chien_size - len(worst)]
        hand, chien = CardSet.of(pool[: rules.hand_size]), CardSet.of(pool[rules.hand_size :])
        assert legal_ecart_exists(players, hand, chien)


# --- properties over random hands and chiens ---------------------------------------------


def split(players: int, pool: list) -> tuple[CardSet, CardSet]:
    rules = rules_for(players)
    return CardSet.of(pool[: rules.hand_size]), CardSet.of(
        pool[rules.hand_size : rules.hand_size + rules.chien_size])


@st.composite
def real_deals(draw):
    """A taker's hand and the chien from a shuffled deck."""
    players = draw(st.sampled_from((3, 4, 5)))
    deck = draw(st.permutations(list(DECK)))
    return players, *split(players, deck)


FREE = sorted(discardable(DECK))
OTHERS = sorted(DECK - discardable(DECK))  # trumps, kings and the excuse


@st.composite
def trump_heavy_deals(draw):
    """Hand and chien holding few plain non-king cards, so that trumps must go."""
    players = draw(st.sampled_from((3, 4, 5)))
    rules = rules_for(players)
    total = rules.hand_size + rules.chien_size
    free = draw(st.integers(min_value=max(0, total - len(OTHERS)),
                            max_value=rules.chien_size + 2))
    pool = draw(st.permutations(FREE))[:free] + draw(st.permutations(OTHERS))[: total - free]
    pool = draw(st.permutations(pool))
    return players, *split(players, pool)


def oracle_legal(players: int, hand: CardSet, chien: CardSet, ecart: list) -> bool:
    """The rule as the rulebook words it, independently of the module's counting: the écart
    is as many distinct cards of hand and chien as the chien held, no king, no bout, and a
    trump only when no plain non-king card is left that could have gone instead."""
    pool = hand | chien
    chosen = CardSet.of(ecart)
    if len(ecart) != rules_for(players).chien_size or len(chosen) != len(ecart):
        return False
    if not chosen <= pool:
        return False
    if any(card.is_king or card.is_bout for card in chosen):
        return False
    plain_left = [c for c in pool - chosen if not c.is_trump and not c.is_excuse
                  and not c.is_king]
    return not (chosen.trumps() and plain_left)


def check_random_ecart(players: int, hand: CardSet, chien: CardSet, seed: int) -> None:
    rng = random.Random(seed)
    ecart = random_legal_ecart(players, hand, chien, rng)
    assert ecart is not None
    contract = rng.choice((Contract.PETITE, Contract.GARDE))
    assert check_ecart(players, contract, hand, chien, ecart) == []
    assert oracle_legal(players, hand, chien, list(ecart))
    assert len(ecart) == rules_for(players).chien_size
    assert len(trumps_to_show(ecart)) == ecart_trumps_needed(players, hand, chien)
    assert ecart <= hand | chien
    for contract in (Contract.GARDE_SANS, Contract.GARDE_CONTRE):
        assert codes_of(check_ecart(players, contract, hand, chien, ecart)) == [
            "ecart-not-allowed"]


@settings(max_examples=150, deadline=None)
@given(real_deals(), st.integers(0, 2**32))
def test_random_legal_ecart_passes_check_on_real_deals(deal, seed: int) -> None:
    players, hand, chien = deal
    assert legal_ecart_exists(players, hand, chien)
    check_random_ecart(players, hand, chien, seed)


@settings(max_examples=150, deadline=None)
@given(trump_heavy_deals(), st.integers(0, 2**32))
def test_random_legal_ecart_passes_check_when_trumps_must_go(deal, seed: int) -> None:
    players, hand, chien = deal
    assert legal_ecart_exists(players, hand, chien)
    check_random_ecart(players, hand, chien, seed)


@st.composite
def proposed_ecarts(draw, deal_strategy):
    """A deal and an écart proposal: mostly cards of hand and chien, sometimes another card, a
    duplicate, or a wrong count — near misses as well as legal écarts."""
    players, hand, chien = draw(deal_strategy)
    pool = sorted(hand | chien)
    size = rules_for(players).chien_size
    count = draw(st.sampled_from((size, size, size, size - 1, size + 1)))
    ecart = list(draw(st.permutations(pool))[:count])
    if draw(st.booleans()):  # bias towards écarts that are legal or one card away
        free = sorted(discardable(hand | chien))
        trumps = sorted(discardable_trumps(hand | chien))
        needed = ecart_trumps_needed(players, hand, chien)
        base = draw(st.permutations(trumps))[:needed] + draw(st.permutations(free))[
            : size - needed]
        ecart = base
        if draw(st.booleans()):
            ecart[draw(st.integers(0, len(ecart) - 1))] = draw(st.sampled_from(sorted(DECK)))
    if ecart and draw(st.integers(0, 9)) == 0:
        ecart.append(ecart[0])
    return players, hand, chien, ecart


@settings(max_examples=400, deadline=None)
@given(st.one_of(proposed_ecarts(real_deals()), proposed_ecarts(trump_heavy_deals())))
def test_check_ecart_agrees_with_the_rule(proposal) -> None:
    players, hand, chien, ecart = proposal
    pool = hand | chien
    violations = check_ecart(players, Contract.GARDE, hand, chien, ecart)
    found = set(codes_of(violations))
    assert (not violations) == oracle_legal(players, hand, chien, ecart)
    assert is_legal_ecart(players, Contract.GARDE, hand, chien, ecart) == (not violations)
    # each guard fires exactly on its own rule
    distinct = CardSet.of(ecart)
    available = distinct & pool
    assert ("ecart-card-not-available" in found) == (
        len(distinct) != len(ecart) or not distinct <= pool)
    assert ("ecart-size" in found) == (len(ecart) != rules_for(players).chien_size)
    assert ("ecart-king" in found) == any(card.is_king for card in available)
    assert ("ecart-bout" in found) == any(card.is_bout for card in available)
    trumps = discardable_trumps(available)
    assert ("ecart-trump-avoidable" in found) == (
        len(trumps) > ecart_trumps_needed(players, hand, chien))
    # the only ways to be wrong about trumps when all else is right: one plain card was left
    if found == {"ecart-trump-avoidable"}:
        assert discardable(pool) - available
    # every param is JSON-ready
    for violation in violations:
        assert violation.rule
        for value in violation.params.values():
            assert isinstance(value, int | list)


def test_every_legal_ecart_is_found_by_the_oracle_small_case() -> None:
    """Exhaustively at five players (chien of 3) over a trump-heavy hand: the legal écarts are
    exactly the pairs of plain cards with one trump from 2 to 20."""
    hand = cs("KS", "QS", "T1", "T21", "EX", "T2", "T3", "T4", "KH", "KD", "KC", "T5", "T6",
              "T7", "T8")
    chien = cs("4D", "T9", "T20")
    pool = sorted(hand | chien)
    legal = {
        CardSet.of(combo)
        for combo in itertools.combinations(pool, 3)
        if not check_ecart(5, Contract.GARDE, hand, chien, combo)
    }
    small_trumps = [c for c in pool if c.is_trump and not c.is_bout]
    expected = {cs("QS", "4D").add(trump) for trump in small_trumps}
    assert legal == expected
    assert PETIT not in discardable_trumps(hand) and TWENTY_ONE not in discardable_trumps(chien)
    assert EXCUSE not in discardable(hand)
