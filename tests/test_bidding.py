"""The auction and the chelem announcement (seed 000: "Les enchères", "Le chelem")."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_fr.bidding import (
    AuctionResult,
    auction_result,
    check_bid,
    check_chelem_announcement,
    check_speaker,
    chelem_leader,
    highest_bid,
    parse_bid,
    speaker_seat,
)
from rules_fr.contracts import Contract
from rules_fr.verdicts import Code, IllegalActionError

BIDS = [None, *Contract]


def codes(violations):
    return [v.code for v in violations]


# --- parsing -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("passe", None), ("pass", None), ("PASSE", None), ("je passe", None),
        ("petite", Contract.PETITE), ("prise", Contract.PETITE), ("je prends", Contract.PETITE),
        ("garde", Contract.GARDE), ("Je garde", Contract.GARDE),
        ("garde_sans", Contract.GARDE_SANS), ("garde sans", Contract.GARDE_SANS),
        ("garde-sans", Contract.GARDE_SANS), ("garde sans le chien", Contract.GARDE_SANS),
        ("garde_contre", Contract.GARDE_CONTRE), ("Garde Contre", Contract.GARDE_CONTRE),
        ("garde-contre-le-chien", Contract.GARDE_CONTRE),
        ("  garde   contre ", Contract.GARDE_CONTRE),
    ],
)
def test_bid_parse_names_of_the_bids(text, expected):
    assert parse_bid(text) is expected


@pytest.mark.parametrize("text", ["", "contre", "garde avec", "double", "passe garde", "p"])
def test_bid_parse_unknown_text_raises(text):
    with pytest.raises(ValueError, match="unknown bid"):
        parse_bid(text)


# --- speaking order ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_bid_order_right_of_dealer_first_dealer_last(players, dealer):
    """"Le joueur placé à droite du donneur parle le premier … et ainsi de suite jusqu'au
    donneur"."""
    seats = [speaker_seat(dealer, players, spoken) for spoken in range(players)]
    assert seats[0] == (dealer + 1) % players
    assert seats[-1] == dealer
    assert seats == [(dealer + 1 + k) % players for k in range(players)]
    assert speaker_seat(dealer, players, [None] * 2) == seats[2]
    with pytest.raises(ValueError):
        speaker_seat(dealer, players, players)


def test_bid_order_out_of_turn():
    assert check_speaker(2, 4, 0, 3) == []
    found = check_speaker(2, 4, 0, 0)
    assert codes(found) == [Code.BID_OUT_OF_TURN]
    assert found[0].params == {"seat": 0, "expected": 3} and found[0].rule == "bid.order"
    assert check_speaker(2, 4, [None, None, None], 2) == []  # the dealer speaks last
    assert codes(check_speaker(2, 4, 4, 2)) == [Code.BID_AUCTION_CLOSED]


# --- the bids ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bid_once_each_player_speaks_once(players):
    """"Chaque joueur ne peut parler qu'une seule fois"."""
    spoken = [None] * players
    for bid in BIDS:
        found = check_bid(players, spoken, bid)
        assert codes(found) == [Code.BID_AUCTION_CLOSED]
        assert found[0].rule == "bid.once"
        assert found[0].params == {"bids": players, "players": players}
    assert check_bid(players, spoken[:-1], None) == []


@pytest.mark.parametrize(("earlier", "bid"), list(itertools.product(Contract, Contract)))
def test_bid_higher_strictly_than_every_earlier_contract(earlier, bid):
    """Each contract must cover the ones named before: "une enchère supérieure"."""
    found = check_bid(4, [None, earlier], bid)
    if bid > earlier:
        assert found == []
    else:
        assert codes(found) == [Code.BID_TOO_LOW]
        assert found[0].params == {"bid": bid.code, "highest": earlier.code}
        assert found[0].rule == "bid.higher"


def test_bid_higher_compares_with_the_highest_not_the_last():
    found = check_bid(5, [Contract.GARDE, None, None], Contract.PETITE)
    assert found[0].params == {"bid": "petite", "highest": "garde"}


def test_bid_higher_pass_always_legal_while_open():
    for earlier in ([], [Contract.GARDE_CONTRE], [None, Contract.PETITE, Contract.GARDE]):
        assert check_bid(4, earlier, None) == []


def test_bid_once_garde_contre_does_not_end_the_auction():
    """Not FFT to stop at a garde contre: the others still speak, and can only pass."""
    bids = [Contract.GARDE_CONTRE]
    for _ in range(3):
        assert not auction_result(4, bids).complete
        assert codes(check_bid(4, bids, Contract.GARDE_CONTRE)) == [Code.BID_TOO_LOW]
        assert check_bid(4, bids, None) == []
        bids.append(None)
    assert auction_result(4, bids) == AuctionResult(0, Contract.GARDE_CONTRE, True, False)


def test_deal_misdeal_dealer_may_not_bid():
    """"En cas de fausse donne, le donneur redistribue, mais ne peut pas prendre à ce tour"."""
    for players in (3, 4, 5):
        before_dealer = [None] * (players - 1)
        for contract in Contract:
            found = check_bid(players, before_dealer, contract, dealer_misdealt=True)
            assert codes(found) == [Code.BID_DEALER_AFTER_MISDEAL]
            assert found[0].rule == "deal.misdeal"
            assert found[0].params == {"bid": contract.code}
            # the same bid without the misdeal is legal
            assert check_bid(players, before_dealer, contract) == []
        assert check_bid(players, before_dealer, None, dealer_misdealt=True) == []
        # the other players bid as usual
        for spoken in range(players - 1):
            assert check_bid(players, [None] * spoken, Contract.GARDE, dealer_misdealt=True) == []


def test_deal_misdeal_and_too_low_both_reported():
    found = check_bid(4, [Contract.GARDE, None, None], Contract.PETITE, dealer_misdealt=True)
    assert codes(found) == [Code.BID_DEALER_AFTER_MISDEAL, Code.BID_TOO_LOW]


def test_bid_players_counted_from_three_to_five():
    with pytest.raises(ValueError):
        check_bid(6, [], None)


# --- the outcome ---------------------------------------------------------------------------


def test_bid_auction_result_highest_wins():
    result = auction_result(5, [Contract.PETITE, None, Contract.GARDE, None, None])
    assert result == AuctionResult(taker_index=2, contract=Contract.GARDE, complete=True,
                                   all_passed=False)
    assert result.taker_seat(dealer=4, players=5) == 2  # seat 0 spoke first
    assert result.taker_seat(dealer=0, players=5) == 3


def test_bid_auction_result_all_passed_redeal():
    """"Si tous les joueurs passent, … une nouvelle distribution"."""
    result = auction_result(4, [None] * 4)
    assert result.all_passed and result.complete
    assert result.taker_index is None and result.contract is None
    assert result.taker_seat(0, 4) is None


def test_bid_auction_result_incomplete():
    result = auction_result(4, [None, None])
    assert not result.complete and not result.all_passed and result.contract is None
    result = auction_result(4, [])
    assert not result.complete and result.taker_index is None
    result = auction_result(3, [None, Contract.GARDE])
    assert result.taker_index == 1 and not result.complete


@pytest.mark.parametrize(
    "bids",
    [
        [Contract.GARDE, Contract.GARDE],
        [Contract.GARDE_SANS, None, Contract.PETITE],
        [None, None, None, None, None],  # five bids at four players
    ],
)
def test_bid_auction_result_refuses_illegal_sequences(bids):
    with pytest.raises(IllegalActionError):
        auction_result(4, bids)


def test_deal_misdeal_auction_result_refuses_dealer_taking():
    with pytest.raises(IllegalActionError) as caught:
        auction_result(3, [None, None, Contract.PETITE], dealer_misdealt=True)
    assert codes(caught.value.violations) == [Code.BID_DEALER_AFTER_MISDEAL]


@st.composite
def legal_auctions(draw):
    players = draw(st.sampled_from([3, 4, 5]))
    length = draw(st.integers(min_value=0, max_value=players))
    bids: list[Contract | None] = []
    for _ in range(length):
        highest = highest_bid(bids)
        higher = [c for c in Contract if highest is None or c > highest]
        bids.append(draw(st.sampled_from([None, *higher])))
    return players, bids


@settings(max_examples=300, deadline=None)
@given(auction=legal_auctions(), bid=st.sampled_from(BIDS))
def test_bid_higher_check_agrees_with_its_definition(auction, bid):
    """Over random legal auctions: a bid is legal exactly when the auction is open and the bid
    is a pass or beats every contract named; the result names the highest bidder."""
    players, bids = auction
    highest = highest_bid(bids)
    legal = len(bids) < players and (bid is None or highest is None or bid > highest)
    assert (check_bid(players, bids, bid) == []) is legal
    result = auction_result(players, bids)
    assert result.contract is highest
    if highest is not None:
        assert bids[result.taker_index] is highest
        assert all(b is None or b < highest for b in bids[result.taker_index + 1:])
    assert result.complete is (len(bids) == players)
    assert result.all_passed is (result.complete and highest is None)


# --- chelem --------------------------------------------------------------------------------


def test_chelem_announce_by_the_taker_only():
    """"Le chelem est annoncé en plus du contrat": the taker announces it."""
    assert check_chelem_announcement(is_taker=True, cards_played=0) == []
    found = check_chelem_announcement(is_taker=False, cards_played=0)
    assert codes(found) == [Code.CHELEM_NOT_TAKER]
    assert found[0].rule == "chelem.announce"


def test_chelem_announce_before_the_first_card():
    found = check_chelem_announcement(is_taker=True, cards_played=1)
    assert codes(found) == [Code.CHELEM_TOO_LATE]
    assert found[0].params == {"cards_played": 1}
    assert codes(check_chelem_announcement(False, 5)) == [Code.CHELEM_NOT_TAKER,
                                                         Code.CHELEM_TOO_LATE]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_chelem_announcer_leads_whoever_dealt(players):
    """"En cas d'annonce du chelem, l'entame revient de droit au preneur, quel que soit le
    donneur"; otherwise the player right of the dealer leads."""
    for dealer in range(players):
        for taker in range(players):
            assert chelem_leader(taker, dealer, players, announced=True) == taker
            assert chelem_leader(taker, dealer, players, announced=False) == (dealer + 1) % players
