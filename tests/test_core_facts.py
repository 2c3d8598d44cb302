"""The core functions the facts endpoints need (the cut, the order of the deal, the first
illegal bid of an auction), checked against the rules they apply."""

from __future__ import annotations

import pytest

from rules_fr.bidding import auction_result, check_bid, first_illegal_bid
from rules_fr.cards import DECK
from rules_fr.contracts import Contract
from rules_fr.deal import (
    MIN_CUT,
    check_cut,
    chien_positions,
    cut,
    deal,
    deal_order,
)
from rules_fr.table import rules_for
from rules_fr.verdicts import Code, IllegalActionError

# --- deal.shuffle-cut: take and leave more than three cards ----------------------------------


@pytest.mark.parametrize("at", range(0, 79))
def test_deal_shuffle_cut_takes_and_leaves_more_than_three(at: int) -> None:
    found = check_cut(78, at)
    fair = 4 <= at <= 74
    assert (found == []) is fair
    if not fair:
        assert [v.code for v in found] == [Code.CUT_SIZE]
        assert found[0].rule == "deal.shuffle-cut"
        assert dict(found[0].params) == {"at": at, "left": 78 - at, "pack": 78}


@pytest.mark.parametrize("at", [0, 3, 4, 39, 74, 75, 78])
def test_deal_shuffle_cut_agrees_with_cut(at: int) -> None:
    """check_cut judges exactly the cuts that cut() refuses."""
    pack = list(DECK)
    if check_cut(len(pack), at):
        with pytest.raises(ValueError):
            cut(pack, at)
    else:
        assert cut(pack, at)[0] == pack[at]


def test_deal_shuffle_cut_small_pack_has_no_fair_cut() -> None:
    assert all(check_cut(2 * MIN_CUT - 1, at) for at in range(0, 2 * MIN_CUT))
    assert check_cut(2 * MIN_CUT, MIN_CUT) == []


# --- deal.distribution: the order of the deal ------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_deal_distribution_order_is_the_deal(players: int, dealer: int) -> None:
    """deal_order says where each card of the pack goes, exactly as deal() deals it."""
    order = deal_order(players, dealer)
    pack = list(DECK)
    dealt = deal(players, dealer, deck=pack)
    for card, seat in zip(pack, order, strict=True):
        if seat is None:
            assert card in dealt.chien
        else:
            assert card in dealt.hands[seat]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_deal_distribution_packets_counter_clockwise_from_right_of_dealer(players: int) -> None:
    rules = rules_for(players)
    dealer = players - 1
    order = [seat for seat in deal_order(players, dealer) if seat is not None]
    size = rules.packet_size
    packets = [order[i:i + size] for i in range(0, len(order), size)]
    assert all(len(set(packet)) == 1 for packet in packets)
    assert [packet[0] for packet in packets[:players]] == [(dealer + 1 + k) % players
                                                           for k in range(players)]
    assert [order.count(seat) for seat in range(players)] == [rules.hand_size] * players


@pytest.mark.parametrize("players", [3, 4, 5])
def test_deal_chien_never_first_nor_last_card(players: int) -> None:
    order = deal_order(players, 0)
    chien = [i for i, seat in enumerate(order) if seat is None]
    assert tuple(chien) == chien_positions(players)
    assert len(chien) == rules_for(players).chien_size
    assert order[0] is not None and order[-1] is not None


def test_deal_order_refuses_a_seat_outside_the_table() -> None:
    with pytest.raises(ValueError):
        deal_order(4, 4)
    with pytest.raises(ValueError):
        deal_order(6, 0)


# --- bid.once / bid.higher: the first illegal bid of an auction ------------------------------


def test_bid_higher_first_illegal_bid_is_found_with_its_index() -> None:
    bids = [None, Contract.GARDE, Contract.PETITE, Contract.GARDE_SANS]
    index, found = first_illegal_bid(4, bids) or (None, [])
    assert index == 2
    assert found == check_bid(4, bids[:2], Contract.PETITE)
    with pytest.raises(IllegalActionError):
        auction_result(4, bids)


def test_bid_once_a_bid_after_everyone_spoke() -> None:
    index, found = first_illegal_bid(3, [None, None, None, None]) or (None, [])
    assert index == 3 and [v.code for v in found] == [Code.BID_AUCTION_CLOSED]


def test_deal_misdeal_dealer_may_only_pass() -> None:
    bids = [None, None, None, Contract.GARDE]
    assert first_illegal_bid(4, bids) is None
    index, found = first_illegal_bid(4, bids, dealer_misdealt=True) or (None, [])
    assert index == 3 and [v.code for v in found] == [Code.BID_DEALER_AFTER_MISDEAL]


def test_bid_legal_auction_has_no_illegal_bid() -> None:
    assert first_illegal_bid(5, [None, Contract.PETITE, None, Contract.GARDE_CONTRE, None]) \
        is None
    assert first_illegal_bid(4, []) is None
