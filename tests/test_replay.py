"""rules_fr.replay: a played deal's tricks tell the dealt hands, and replaying them finds the
first card that breaks a rule."""

from __future__ import annotations

import random

import pytest

from rules_fr.cards import DECK, CardSet
from rules_fr.counting import PlayedTrick
from rules_fr.replay import dealt_hands, first_illegal_play, played_hands
from rules_fr.simulate import play_random_deal


@pytest.mark.parametrize("players", [3, 4, 5])
def test_deal_dealt_hands_rebuilt_from_tricks_chien_and_ecart(players: int) -> None:
    for seed in range(30):
        d = play_random_deal(players, random.Random(seed))
        ecart = list(d.ecart) if d.ecart is not None else []
        rebuilt = dealt_hands(players, d.contract, d.taker, d.tricks, list(d.chien), ecart)
        assert [CardSet.of(h) for h in rebuilt] == list(d.hands), (players, seed)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_play_turn_random_legal_deals_replay_cleanly(players: int) -> None:
    for seed in range(30):
        d = play_random_deal(players, random.Random(seed))
        assert first_illegal_play(players, d.tricks, called_card=d.called_card) is None


def test_play_turn_winner_leads_next_trick() -> None:
    d = play_random_deal(4, random.Random(5))
    tricks = list(d.tricks)
    bad = tricks[3]
    shift = 1
    cards = bad.cards[-shift:] + bad.cards[:-shift]
    tricks[3] = PlayedTrick((bad.leader - shift) % 4, cards)
    fault = first_illegal_play(4, tricks)
    assert fault is not None
    assert (fault.trick, fault.position, fault.violation.code) == (3, 0, "not-your-turn")
    assert fault.violation.params["expected"] == bad.leader


def test_play_follow_suit_first_fault_is_reported() -> None:
    """Swapping two cards of one seat between tricks breaks a rule somewhere; the replay
    reports the first card that does, and nothing before it."""
    for seed in range(20):
        d = play_random_deal(4, random.Random(seed))
        tricks = list(d.tricks)
        for index in range(1, len(tricks)):
            a, b = tricks[index - 1], tricks[index]
            pos_a = next(i for i in range(4) if a.seat_of(i, 4) == 0)
            pos_b = next(i for i in range(4) if b.seat_of(i, 4) == 0)
            ca, cb = list(a.cards), list(b.cards)
            ca[pos_a], cb[pos_b] = cb[pos_b], ca[pos_a]
            swapped = [*tricks[:index - 1], PlayedTrick(a.leader, tuple(ca)),
                       PlayedTrick(b.leader, tuple(cb)), *tricks[index + 1:]]
            if any(PlayedTrick(t.leader, t.cards).winner_seat(4) != w.winner_seat(4)
                   for t, w in zip(swapped, tricks, strict=True)):
                continue  # the swap changed a winner: leaders no longer follow
            fault = first_illegal_play(4, swapped)
            if fault is not None:
                # the first fault is in one of the two tricks (a changed lead may put it on
                # another seat), and it is a rule of following
                assert fault.trick in (index - 1, index)
                assert fault.card is swapped[fault.trick].cards[fault.position]
                assert fault.violation.code in ("must-follow-suit", "must-trump",
                                                "must-overtrump")
                assert first_illegal_play(4, swapped[:fault.trick]) is None
                return
    pytest.fail("no swap of one seat's cards broke a rule")


def test_played_hands_each_seat_played_its_cards() -> None:
    for seed in range(10):
        d = play_random_deal(5, random.Random(seed))
        hands = played_hands(5, d.tricks)
        assert all(len(h) == 15 for h in hands)
        aside = d.ecart if d.ecart is not None else d.chien
        assert CardSet.of(c for h in hands for c in h) | aside == DECK
