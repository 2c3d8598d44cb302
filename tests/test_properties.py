"""Properties over random complete deals at 3, 4 and 5 players, played with random legal cards
(in the spirit of OpenSpiel's random_sim_test). The invariants that the fuzzer also checks on
the API's answers are stated once, in :mod:`fuzz.invariants`."""

from __future__ import annotations

import random

from fuzz.invariants import defenders_at, trick_problems, verdict_problems, zero_sum_problems
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_fr.cards import DECK, CardSet
from rules_fr.contracts import Camp
from rules_fr.counting import count_deal
from rules_fr.deal import check_deal
from rules_fr.play import check_play, legal_cards
from rules_fr.simulate import play_random_deal

players = st.sampled_from([3, 4, 5])
seeds = st.integers(min_value=0, max_value=2**32)


@settings(max_examples=150, deadline=None)
@given(players=players, seed=seeds)
def test_random_deal_counts_91_points_and_scores_sum_to_zero(players: int, seed: int) -> None:
    d = play_random_deal(players, random.Random(seed))
    assert d.count.points_half[Camp.TAKER] + d.count.points_half[Camp.DEFENSE] == 182
    assert d.count.bouts[Camp.TAKER] + d.count.bouts[Camp.DEFENSE] == 3
    s = d.score
    assert not zero_sum_problems(s.taker, s.partner, s.defender, s.defenders)
    assert s.defenders == defenders_at(players, partner=d.partner is not None)


@settings(max_examples=100, deadline=None)
@given(players=players, seed=seeds)
def test_random_deal_accounts_for_all_78_cards(players: int, seed: int) -> None:
    d = play_random_deal(players, random.Random(seed))
    assert check_deal(players, [list(h) for h in d.hands], list(d.chien)) == []
    assert not trick_problems(players, [trick.cards for trick in d.tricks])
    played = [card for trick in d.tricks for card in trick.cards]
    assert len(played) == players * len(d.hands[0])
    set_aside = d.ecart if d.ecart is not None else d.chien
    assert CardSet.of(played) | set_aside == DECK
    assert not CardSet.of(played).mask & set_aside.mask


@settings(max_examples=60, deadline=None)
@given(players=players, seed=seeds)
def test_check_play_accepts_exactly_legal_cards(players: int, seed: int) -> None:
    """Replay a random deal; at every turn check_play agrees with legal_cards on every card of
    the hand (and refuses every card outside it)."""
    d = play_random_deal(players, random.Random(seed))
    hands = list(d.hands)
    if d.ecart is not None:
        hands[d.taker] = (hands[d.taker] | d.chien) - d.ecart
    for number, trick in enumerate(d.tricks):
        for position, card in enumerate(trick.cards):
            seat = trick.seat_of(position, players)
            hand, so_far = hands[seat], trick.cards[:position]
            kw = {"called_card": d.called_card, "first_trick": number == 0}
            legal = legal_cards(hand, so_far, **kw)
            assert card in legal
            for candidate in DECK:
                verdict = check_play(hand, so_far, candidate, players=players, **kw)
                assert not verdict_problems(verdict, card=candidate, legal_cards=legal), \
                    (candidate, hand, so_far)
            hands[seat] = hand.remove(card)


@settings(max_examples=60, deadline=None)
@given(players=players, seed=seeds)
def test_counting_is_a_pure_function_of_the_tricks(players: int, seed: int) -> None:
    d = play_random_deal(players, random.Random(seed))
    again = count_deal(players=players, contract=d.contract, taker=d.taker, partner=d.partner,
                       tricks=d.tricks, chien=d.chien, ecart=d.ecart)
    assert again == d.count
    assert play_random_deal(players, random.Random(seed)) == d


@settings(max_examples=150, deadline=None)
@given(players=players, seed=seeds)
def test_real_deals_pass_the_score_input_check(players: int, seed: int) -> None:
    """The API's 'no deal can produce this' refusal never refuses a deal that was played."""
    from rules_fr.scoring import check_score_input

    d = play_random_deal(players, random.Random(seed))
    assert check_score_input(players=players, bouts=d.count.bouts[Camp.TAKER],
                             points_half=d.count.points_half[Camp.TAKER],
                             chelem=d.count.chelem, contract=d.contract) == []
