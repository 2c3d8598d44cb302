"""Bid advice: the club points count (Chavey's barème) on its own worked examples, the bands
per table size, and every advised bid and king call legal over random deals at 3, 4 and 5
players."""

from __future__ import annotations

import random

import pytest

from rules_fr.advice.bid import (
    BASE_THRESHOLDS,
    advise_bid,
    advise_king_call,
    recommended_contract,
    thresholds,
)
from rules_fr.advice.evaluate import POINTS, evaluate_hand
from rules_fr.advice.reasons import ReasonCode
from rules_fr.bidding import check_bid, highest_bid
from rules_fr.cards import CardSet
from rules_fr.contracts import Contract
from rules_fr.deal import deal
from rules_fr.kingcall import check_king_call

H = CardSet.parse

# The method's worked examples (le21bollenois.com, "L'évaluation du jeu"): 60 a garde, 34 a pass.
GARDE_60 = H(["T21", "T19", "T12", "T6", "T1", "EX", "KH", "CH", "10H", "8H", "1H", "JD", "8D",
              "QC", "CC", "7C", "6S", "4S"])
PASS_34 = H(["T20", "T18", "T14", "T13", "T9", "T8", "T6", "KH", "10H", "5H", "4H", "KD", "QD",
             "7C", "8C", "8S", "7S", "5S"])


def test_club_count_first_worked_example_is_60_a_garde():
    strength = evaluate_hand(GARDE_60)
    assert strength.points == 60
    lines = {r.code: r.params["points"] for r in strength.reasons if "points" in r.params}
    # the 21, the excuse, the petit as 6th trump, 6 trumps × 2, two major trumps
    assert lines[ReasonCode.HAND_TWENTY_ONE] == 10
    assert lines[ReasonCode.HAND_EXCUSE] == 8
    assert lines[ReasonCode.HAND_PETIT] == 7
    assert lines[ReasonCode.HAND_TRUMPS] == 12
    assert lines[ReasonCode.HAND_MAJOR_TRUMPS] == 4
    assert advise_bid(4, GARDE_60).bid is Contract.GARDE


def test_club_count_second_worked_example_is_34_a_pass():
    assert evaluate_hand(PASS_34).points == 34
    advice = advise_bid(4, PASS_34)
    assert advice.bid is None
    assert advice.reasons[-1].code is ReasonCode.BID_TOO_WEAK
    assert advice.reasons[-1].params == {"strength": 34, "needed": 40, "players": 4}


def test_club_count_major_sequence_and_distribution_lines():
    hand = H(["T21", "T20", "T19", "T16", "T14", "T12", "T8", "EX", "KH", "QH", "8H", "5H",
              "2H", "4H", "KD", "8C", "9C", "3C"])
    reasons = {r.code: r.params for r in evaluate_hand(hand).reasons}
    assert reasons[ReasonCode.HAND_MAJOR_SEQUENCE]["cards"] == ["T19", "T20", "T21"]
    assert reasons[ReasonCode.HAND_MARRIAGE] == {"suit": "H", "points": POINTS["marriage"]}
    assert reasons[ReasonCode.HAND_LONG_SUIT] == {"suit": "H", "length": 6, "points": 7}
    assert reasons[ReasonCode.HAND_VOID] == {"suit": "S", "points": 6}
    assert reasons[ReasonCode.HAND_SINGLETON]["card"] == "KD"


def test_club_count_petit_unguarded_and_few_trumps_score_nothing():
    hand = H(["T1", "T5", "T9", "KS", "2S", "3H"])
    reasons = {r.code: r.params for r in evaluate_hand(hand).reasons}
    assert reasons[ReasonCode.HAND_PETIT] == {"trumps": 3, "points": 0}
    assert reasons[ReasonCode.HAND_FEW_TRUMPS] == {"count": 3}
    assert ReasonCode.HAND_VOID not in reasons  # no void counted without trumps to cut


def test_bid_bands_four_players_are_the_club_method():
    assert thresholds(4) == BASE_THRESHOLDS == (40, 56, 71, 81)
    assert [recommended_contract(4, s) for s in (39, 40, 55, 56, 70, 71, 80, 81)] == [
        None, Contract.PETITE, Contract.PETITE, Contract.GARDE, Contract.GARDE,
        Contract.GARDE_SANS, Contract.GARDE_SANS, Contract.GARDE_CONTRE]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bid_bands_rise_with_the_contract(players):
    bands = thresholds(players)
    assert list(bands) == sorted(set(bands))


def test_bid_petit_sec_is_no_bid():
    hand = H(["T1", "KS", "KH", "KD", "KC", "QS", "QH", "QD", "QC", "2S", "3S", "4S", "5S",
              "6S", "7S", "8S", "9S", "10S"])
    advice = advise_bid(4, hand)
    assert advice.bid is None
    assert advice.reasons[-1].code is ReasonCode.BID_PETIT_SEC


def test_bid_outbid_passes_and_says_so():
    advice = advise_bid(4, GARDE_60, [Contract.GARDE])
    assert advice.bid is None and advice.wanted is Contract.GARDE
    assert advice.reasons[-1].as_dict() == {
        "code": "bid-outbid", "params": {"wanted": "garde", "highest": "garde"}}


def test_bid_dealer_after_misdeal_passes():
    advice = advise_bid(4, GARDE_60, [None, None, None], dealer_misdealt=True)
    assert advice.bid is None
    assert advice.reasons[-1].code is ReasonCode.BID_DEALER_MISDEALT


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_advised_bid_is_legal(players):
    """Random deals; each seat speaks in turn after random legal (or advised) earlier bids,
    sometimes after a misdeal: the advice never breaks a bidding rule."""
    rng = random.Random(players)
    for number in range(150):
        dealt = deal(players, rng.randrange(players), seed=rng.getrandbits(32))
        misdealt = number % 7 == 0
        bids: list[Contract | None] = []
        for spoken in range(players):
            seat = (dealt.dealer + 1 + spoken) % players
            advice = advise_bid(players, dealt.hands[seat], bids, dealer_misdealt=misdealt)
            assert check_bid(players, bids, advice.bid, dealer_misdealt=misdealt) == []
            if advice.bid is not None:
                assert advice.bid == advice.wanted
                assert advice.bid > (highest_bid(bids) or 0)
            if rng.random() < 0.5:  # sometimes someone else's legal bid instead
                options = [b for b in (None, *Contract)
                           if not check_bid(players, bids, b, dealer_misdealt=misdealt)]
                bids.append(rng.choice(options))
            else:
                bids.append(advice.bid)


def test_every_advised_king_call_is_legal_and_outside_the_hand_when_possible():
    rng = random.Random(5)
    for _ in range(300):
        dealt = deal(5, rng.randrange(5), seed=rng.getrandbits(32))
        for hand in dealt.hands:
            advice = advise_king_call(hand)
            assert check_king_call(hand, advice.card) == []
            kings_held = sum(1 for card in hand if card.is_king)
            if kings_held < 4:
                assert advice.card.is_king and advice.card not in hand
                assert advice.reasons[0].code is ReasonCode.CALL_KING


def test_king_call_prefers_the_suit_the_taker_holds_most():
    hand = H(["KS", "QH", "CH", "2H", "3H", "3D"])
    assert advise_king_call(hand).card.code == "KH"
