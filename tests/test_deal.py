"""Dealing: dealer draw, cut, deal, deal checks, petit sec, who deals next (seeds 000, 003)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_fr import deal as deal_module
from rules_fr.cards import DECK, EXCUSE, PETIT, CardSet, parse_card, parse_cards
from rules_fr.deal import (
    Deal,
    Redeal,
    RedealReason,
    check_deal,
    check_hand_for_misdeal,
    chien_positions,
    cut,
    cutter_seat,
    deal,
    dealer_draw_key,
    draw_dealer,
    is_petit_sec,
    must_redraw,
    next_dealer,
    redeal,
    shuffled_deck,
)
from rules_fr.table import rules_for
from rules_fr.verdicts import Code

SIZES = {3: (24, 6), 4: (18, 6), 5: (15, 3)}


def codes(violations):
    return [v.code for v in violations]


# --- dealer draw ---------------------------------------------------------------------------


def test_dealer_draw_ace_of_clubs_lowest():
    """"L'as de trèfle est donc la plus petite carte": it deals against any other card."""
    ace = parse_card("1C")
    for other in DECK:
        if other is ace or other is EXCUSE:
            continue
        assert draw_dealer([other, ace]) == 1
        assert draw_dealer([ace, other]) == 0


def test_dealer_draw_ties_by_suit_order_spades_hearts_diamonds_clubs():
    """At equal rank the priority ♠ ♥ ♦ ♣ makes clubs the lowest, then diamonds, hearts."""
    assert draw_dealer(parse_cards(["KS", "KH", "KD", "KC"])) == 3
    assert draw_dealer(parse_cards(["KS", "KH", "KD"])) == 2
    assert draw_dealer(parse_cards(["KS", "KH"])) == 1
    assert draw_dealer(parse_cards(["7S", "7H", "7D", "8C"])) == 2  # rank first, then suit


def test_dealer_draw_lower_rank_is_lower():
    assert draw_dealer(parse_cards(["2S", "1S"])) == 1
    assert draw_dealer(parse_cards(["QC", "JS"])) == 1  # valet below dame, whatever the suit


def test_dealer_draw_trumps_above_plain_cards():
    """"Les atouts sont prioritaires": the petit ranks above the king of spades."""
    assert draw_dealer(parse_cards(["T1", "KS"])) == 1
    assert draw_dealer(parse_cards(["T5", "T3"])) == 1
    assert draw_dealer(parse_cards(["KC", "T3", "KS", "T5"])) == 0


def test_dealer_draw_key_is_a_total_order_of_77_cards():
    ranked = sorted((card for card in DECK if card is not EXCUSE), key=dealer_draw_key)
    assert [dealer_draw_key(card) for card in ranked] == list(range(77))
    assert [card.code for card in ranked[:5]] == ["1C", "1D", "1H", "1S", "2C"]
    assert [card.code for card in ranked[52:58]] == ["KC", "KD", "KH", "KS", "T1", "T2"]
    assert ranked[-1].code == "T21"


def test_dealer_draw_excuse_does_not_count():
    """"L'excuse ne compte pas : il faut retirer dans ce cas une nouvelle carte"."""
    draws = parse_cards(["5H", "EX", "T3"])
    assert draw_dealer(draws) is None
    assert must_redraw(draws) == [1]
    with pytest.raises(ValueError):
        dealer_draw_key(EXCUSE)
    draws[1] = parse_card("1C")  # the redraw
    assert must_redraw(draws) == []
    assert draw_dealer(draws) == 1


def test_dealer_draw_one_pack_no_card_twice():
    with pytest.raises(ValueError):
        draw_dealer(parse_cards(["5H", "5H"]))
    with pytest.raises(ValueError):
        draw_dealer([])


# --- shuffle and cut -----------------------------------------------------------------------


def test_shuffle_seeded_is_reproducible():
    assert shuffled_deck(123) == shuffled_deck(123)
    assert shuffled_deck(123) != shuffled_deck(124)
    assert sorted(shuffled_deck(123)) == list(DECK)


def test_shuffle_without_seed_uses_a_csprng(monkeypatch):
    used = []

    class Recording(random.SystemRandom):
        def shuffle(self, x):  # type: ignore[override]
            used.append(len(x))
            super().shuffle(x)

    monkeypatch.setattr(deal_module.random, "SystemRandom", Recording)
    pack = shuffled_deck()
    assert used == [78]
    assert CardSet.of(pack) == DECK and len(pack) == 78


def test_cut_takes_and_leaves_more_than_three_cards():
    """"Couper en prenant ou en laissant obligatoirement plus de trois cartes"."""
    pack = shuffled_deck(5)
    for bad in (0, 1, 2, 3, 75, 76, 77, 78, -1):
        with pytest.raises(ValueError):
            cut(pack, bad)
    for good in (4, 39, 74):
        after = cut(pack, good)
        assert after == pack[good:] + pack[:good]
        assert sorted(after) == sorted(pack)


def test_cut_by_the_player_left_of_the_dealer():
    """Play runs to the right (seat + 1), so the dealer's left is seat - 1."""
    assert [cutter_seat(d, 4) for d in range(4)] == [3, 0, 1, 2]
    assert cutter_seat(0, 3) == 2 and cutter_seat(0, 5) == 4


# --- the deal ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_deal_distribution_hand_and_chien_sizes(players):
    """Hands of 24/18/15 cards, chien of 6/6/3."""
    hand_size, chien_size = SIZES[players]
    dealt = deal(players, seed=2024)
    assert dealt.players == players
    assert [len(hand) for hand in dealt.hands] == [hand_size] * players
    assert len(dealt.chien) == chien_size


@pytest.mark.parametrize("players", [3, 4, 5])
def test_deal_chien_never_first_or_last_card(players):
    """"Il est interdit de mettre la première ou la dernière carte du paquet au chien"."""
    positions = chien_positions(players)
    assert len(positions) == SIZES[players][1]
    assert 0 not in positions and 77 not in positions
    for seed in range(200):
        pack = shuffled_deck(seed)
        dealt = deal(players, seed % players, deck=pack)
        assert pack[0] not in dealt.chien and pack[-1] not in dealt.chien
        assert dealt.chien == CardSet.of(pack[i] for i in positions)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_deal_chien_built_card_by_card(players):
    """The chien is laid one card at a time, spread over the deal: never two in a row."""
    positions = chien_positions(players)
    assert all(b - a > 1 for a, b in zip(positions, positions[1:], strict=False))
    packet = rules_for(players).packet_size
    # each chien card falls between two packets: the cards before it form whole packets
    assert all((pos - i) % packet == 0 for i, pos in enumerate(positions))


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_deal_counter_clockwise_packets(players, dealer):
    """Packets go to the player right of the dealer first, then on to the right."""
    pack = shuffled_deck(players * 10 + dealer)
    dealt = deal(players, dealer, deck=pack)
    packet = rules_for(players).packet_size
    chien = set(chien_positions(players))
    dealt_cards = [card for i, card in enumerate(pack) if i not in chien]
    for number in range(len(dealt_cards) // packet):
        seat = (dealer + 1 + number) % players
        for card in dealt_cards[number * packet:(number + 1) * packet]:
            assert card in dealt.hands[seat], (number, seat, card)
    assert dealt.first_speaker == (dealer + 1) % players


def test_deal_packets_of_four_at_three_players():
    """"Les cartes sont distribuées 4 par 4" at three players; 3 by 3 otherwise."""
    dealt = deal(3, 0, deck=list(DECK))
    assert dealt.hands[1].codes()[:4] == ["1S", "2S", "3S", "4S"]
    assert dealt.hands[2].codes()[:4] == ["5S", "6S", "7S", "8S"]
    dealt = deal(4, 0, deck=list(DECK))
    assert dealt.hands[1].codes()[:3] == ["1S", "2S", "3S"]
    assert parse_card("4S") in dealt.hands[2]


def test_deal_seeded_is_reproducible_and_dealer_matters():
    assert deal(4, 1, seed=9) == deal(4, 1, seed=9)
    a, b = deal(4, 0, seed=9), deal(4, 1, seed=9)
    assert a.chien == b.chien
    assert a.hands[1] == b.hands[2]  # the same pack, every hand one seat further


def test_deal_rejects_bad_arguments():
    with pytest.raises(ValueError):
        deal(4, seed=1, deck=list(DECK))
    with pytest.raises(ValueError):
        deal(4, 4)
    with pytest.raises(ValueError):
        deal(6)
    with pytest.raises(ValueError):
        deal(4, deck=list(DECK)[:-1])
    with pytest.raises(ValueError):
        deal(4, deck=[*list(DECK)[:-1], PETIT])


def test_deal_is_frozen():
    dealt = deal(4, seed=3)
    assert isinstance(dealt, Deal)
    with pytest.raises(AttributeError):
        dealt.dealer = 2  # type: ignore[misc]


@settings(max_examples=150, deadline=None)
@given(
    players=st.sampled_from([3, 4, 5]),
    seed=st.integers(min_value=0, max_value=2**63),
    dealer=st.integers(min_value=0, max_value=4),
)
def test_deal_distribution_every_card_exactly_once(players, seed, dealer):
    """Any seeded deal holds the 78 cards exactly once, and check_deal accepts it."""
    dealer %= players
    dealt = deal(players, dealer, seed=seed)
    cards = [card for hand in dealt.hands for card in hand] + list(dealt.chien)
    assert len(cards) == 78 and CardSet.of(cards) == DECK
    assert check_deal(players, [list(hand) for hand in dealt.hands], list(dealt.chien)) == []


# --- check_deal ----------------------------------------------------------------------------


def _regular(players=4, seed=11):
    dealt = deal(players, seed=seed)
    return [list(hand) for hand in dealt.hands], list(dealt.chien)


def test_deal_distribution_one_hand_per_player():
    hands, chien = _regular()
    found = check_deal(4, hands[:3], chien + hands[3])
    assert Code.DEAL_HAND_COUNT in codes(found)
    hand_count = next(v for v in found if v.code == Code.DEAL_HAND_COUNT)
    assert hand_count.params == {"hands": 3, "players": 4}
    assert hand_count.rule == "deal.distribution"


def test_deal_distribution_hand_size_checked():
    hands, chien = _regular()
    hands[2].append(chien.pop())
    found = check_deal(4, hands, chien)
    assert codes(found) == [Code.DEAL_HAND_SIZE, Code.DEAL_CHIEN_SIZE]
    assert found[0].params == {"seat": 2, "size": 19, "expected": 18}
    assert found[1].params == {"size": 5, "expected": 6}


def test_deal_chien_size_checked():
    hands, chien = _regular(5)
    found = check_deal(5, hands, [*chien, chien[0]])
    assert codes(found) == [
        Code.DEAL_CHIEN_SIZE, Code.DEAL_CARD_COUNT, Code.DEAL_DUPLICATE_CARD,
    ]
    assert found[0].rule == "deal.chien"


def test_cards_deck_duplicate_and_missing_cards():
    hands, chien = _regular(3)
    lost = hands[0][5]
    hands[0][5] = hands[1][0]  # a card given twice, another given nowhere
    found = check_deal(3, hands, chien)
    assert codes(found) == [Code.DEAL_DUPLICATE_CARD, Code.DEAL_MISSING_CARD]
    assert found[0].params == {"card": hands[1][0].code, "count": 2}
    assert found[1].params == {"cards": [lost.code]}
    assert {v.rule for v in found} == {"cards.deck"}


def test_deal_distribution_card_count():
    hands, chien = _regular()
    found = check_deal(4, hands, [])
    assert codes(found) == [Code.DEAL_CHIEN_SIZE, Code.DEAL_CARD_COUNT, Code.DEAL_MISSING_CARD]
    assert found[1].params == {"count": 72, "expected": 78}
    assert sorted(found[2].params["cards"]) == sorted(card.code for card in chien)


# --- petit sec -----------------------------------------------------------------------------


def test_deal_petit_sec_annuls_the_deal():
    """Petit as the only trump, no excuse: announced, the deal annulled before bidding."""
    hand = CardSet.parse(["T1", "KS", "QS", "2H", "5D", "9C"])
    assert is_petit_sec(hand)
    found = check_hand_for_misdeal(hand)
    assert codes(found) == [Code.PETIT_SEC]
    assert found[0].rule == "deal.petit-sec" and found[0].params == {"card": "T1"}


def test_deal_petit_sec_not_with_the_excuse_or_another_trump():
    assert not is_petit_sec(CardSet.parse(["T1", "EX", "KS"]))
    assert not is_petit_sec(CardSet.parse(["T1", "T21", "KS"]))
    assert not is_petit_sec(CardSet.parse(["KS", "QS"]))  # no petit at all
    assert not is_petit_sec(CardSet.parse(["T2", "KS"]))
    assert check_hand_for_misdeal(CardSet.parse(["T1", "EX"])) == []


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), players=st.sampled_from([3, 4, 5]))
def test_deal_petit_sec_matches_its_definition(seed, players):
    for hand in deal(players, seed=seed).hands:
        expected = PETIT in hand and len(hand.trumps()) == 1 and EXCUSE not in hand
        assert is_petit_sec(hand) is expected
        assert bool(check_hand_for_misdeal(hand)) is expected


# --- who deals next ------------------------------------------------------------------------


def test_deal_passes_to_the_right():
    """"Le donneur suivant est celui placé à droite du donneur actuel"."""
    assert [next_dealer(d, 4) for d in range(4)] == [1, 2, 3, 0]
    assert next_dealer(2, 3) == 0 and next_dealer(4, 5) == 0


def test_deal_all_passed_right_of_dealer_redeals():
    """"Si tous les joueurs passent, le voisin de droite du donneur procède à une nouvelle
    distribution"."""
    assert redeal(RedealReason.ALL_PASSED, 2, 3) == Redeal(dealer=0, dealer_may_bid=True)


def test_deal_misdeal_same_dealer_may_not_bid():
    """"En cas de fausse donne, le donneur redistribue, mais ne peut pas prendre à ce tour"."""
    assert redeal(RedealReason.MISDEAL, 2, 4) == Redeal(dealer=2, dealer_may_bid=False)


def test_deal_petit_sec_same_dealer_deals_again():
    assert redeal(RedealReason.PETIT_SEC, 1, 5) == Redeal(dealer=1, dealer_may_bid=True)
