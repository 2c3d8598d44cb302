"""Écart advice: always legal (no king, no bout, trumps only when unavoidable, the chien's
size) over random deals at 3, 4 and 5 players, and the good player's habits — voids in suits
without their king, honours without their king put aside, the called suit kept at five."""

from __future__ import annotations

import random

import pytest

from rules_fr.advice.ecart import advise_ecart
from rules_fr.advice.reasons import ReasonCode
from rules_fr.cards import BOUTS, SUIT_ORDER, TRUMPS, CardSet, parse_card, suit_mask
from rules_fr.contracts import Contract
from rules_fr.deal import deal
from rules_fr.ecart import check_ecart, ecart_trumps_needed
from rules_fr.kingcall import callable_cards
from rules_fr.table import rules_for

H = CardSet.parse


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_advised_ecart_is_legal(players):
    rng = random.Random(100 + players)
    for _ in range(200):
        dealt = deal(players, rng.randrange(players), seed=rng.getrandbits(32))
        for seat, hand in enumerate(dealt.hands):
            called = None
            if players == 5:
                called = rng.choice(sorted(callable_cards(hand)))
            advice = advise_ecart(players, hand, dealt.chien, called_card=called)
            assert advice.ecart is not None
            assert check_ecart(players, Contract.GARDE, hand, dealt.chien, advice.ecart) == [], \
                (seat, hand.codes(), dealt.chien.codes(), advice.ecart.codes())
            assert len(advice.ecart) == rules_for(players).chien_size


def test_ecart_forced_trumps_are_the_lowest_and_said():
    # the FFT case: too few plain non-king cards, so two trumps must go, shown to the defence
    hand = H(["KS", "KH", "KD", "KC", "T1", "T21", "EX"] + [f"T{r}" for r in range(2, 13)])
    chien = H(["2S", "3S", "4H", "5D", "T13", "T14"])
    advice = advise_ecart(4, hand, chien)
    assert ecart_trumps_needed(4, hand, chien) == 2
    assert advice.ecart == H(["2S", "3S", "4H", "5D", "T2", "T3"])
    forced = [r for r in advice.reasons if r.code is ReasonCode.ECART_TRUMPS_FORCED]
    assert forced and forced[0].params["cards"] == ["T2", "T3"]


def test_ecart_voids_a_short_suit_without_its_king_and_keeps_kings_and_trumps():
    hand = H(["KS", "QS", "2S", "KH", "4H", "CD", "3D", "5D", "T1", "T5", "T9", "T12", "T15",
              "T17", "EX", "6C", "JC", "9C"])
    chien = H(["7C", "8H", "T3", "1S", "10D", "T20"])
    advice = advise_ecart(4, hand, chien)
    assert advice.ecart is not None
    assert not advice.ecart.mask & (TRUMPS.mask | BOUTS.mask)
    assert not any(card.is_king for card in advice.ecart)
    kept = (hand | chien) - advice.ecart
    assert kept.count_suit(SUIT_ORDER[2]) == 0  # diamonds: no king, four cards → a void
    codes = [r.code for r in advice.reasons]
    assert ReasonCode.ECART_VOID in codes and ReasonCode.ECART_KEEP_KINGS in codes


def test_ecart_puts_aside_honours_whose_king_is_elsewhere():
    # room for a void of clubs (3 cards) and then the lone dame and cavalier of hearts
    hand = H(["KS", "2S", "3S", "4S", "5S", "6S", "QH", "CH", "7H", "8H", "9H", "10H", "T1",
              "T2", "T3", "T4", "T5", "T6"])
    chien = H(["1C", "2C", "3C", "T7", "T8", "T9"])
    advice = advise_ecart(4, hand, chien)
    assert advice.ecart == H(["1C", "2C", "3C", "QH", "CH", "7H"])
    codes = [r.code for r in advice.reasons]
    assert codes.index(ReasonCode.ECART_VOID) < codes.index(ReasonCode.ECART_HONOURS)


def test_ecart_keeps_a_card_of_the_called_suit_at_five():
    hand = H(["2H", "3H", "4S", "5S", "6S", "7S", "8S", "T2", "T3", "T4", "T5", "T6", "T7",
              "T8", "T9"])
    chien = H(["9S", "10S", "1D"])
    advice = advise_ecart(5, hand, chien, called_card=parse_card("KH"))
    assert advice.ecart is not None
    assert ((hand | chien) - advice.ecart).mask & suit_mask(SUIT_ORDER[1])
    assert ReasonCode.ECART_KEEP_CALLED_SUIT in [r.code for r in advice.reasons]


@pytest.mark.parametrize("contract", [Contract.GARDE_SANS, Contract.GARDE_CONTRE])
def test_ecart_none_on_garde_sans_and_contre(contract):
    dealt = deal(4, 0, seed=3)
    advice = advise_ecart(4, dealt.hands[0], dealt.chien, contract=contract)
    assert advice.ecart is None
    assert [r.code for r in advice.reasons] == [ReasonCode.ECART_NOT_ALLOWED]


def test_ecart_advice_is_deterministic():
    dealt = deal(3, 1, seed=42)
    first = advise_ecart(3, dealt.hands[0], dealt.chien)
    assert all(advise_ecart(3, dealt.hands[0], dealt.chien) == first for _ in range(3))
