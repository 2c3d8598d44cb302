"""Checking a complete deal given as its tricks: the hands it implies, and the first card that
breaks a rule.

A played deal is given as it is written down: the chien, the écart, and each trick with the
seat that led it. Every seat played each of its cards once, so the tricks tell the hands:

* the hand a seat played from is the cards it played;
* the hands as dealt are the same, except the taker's on a petite or a garde, who took the
  chien in hand and put the écart aside: his dealt hand is what he played plus the écart,
  less the chien.

:func:`dealt_hands` rebuilds the dealt hands (for :func:`rules_fr.deal.check_deal` and
:func:`rules_fr.ecart.check_ecart`), :func:`first_illegal_play` replays the tricks with
:func:`rules_fr.play.check_play`: the winner of a trick leads the next
(``play.turn``), and each card must be legal in its trick.

>>> from rules_fr.simulate import play_random_deal
>>> import random
>>> d = play_random_deal(4, random.Random(3))
>>> first_illegal_play(4, d.tricks) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules_fr.cards import Card, CardSet
from rules_fr.contracts import Contract
from rules_fr.counting import PlayedTrick
from rules_fr.play import check_play
from rules_fr.verdicts import Code, Violation, violation

__all__ = ["PlayFault", "dealt_hands", "first_illegal_play", "played_hands"]


@dataclass(frozen=True, slots=True)
class PlayFault:
    """The first card of a replayed deal that breaks a rule, and where it stands."""

    trick: int
    """Index of the trick (0 is the first)."""
    position: int
    """Position of the card in the trick (0 is the lead)."""
    seat: int
    card: Card
    violation: Violation


def played_hands(players: int, tricks: Sequence[PlayedTrick]) -> list[list[Card]]:
    """The cards each seat played, in the order played (a list, so a card given twice shows).

    >>> from rules_fr.cards import parse_cards
    >>> played_hands(3, [PlayedTrick(2, tuple(parse_cards(["KH", "2H", "3H"])))])
    [[Card('2H')], [Card('3H')], [Card('KH')]]
    """
    hands: list[list[Card]] = [[] for _ in range(players)]
    for trick in tricks:
        for position, card in enumerate(trick.cards):
            hands[trick.seat_of(position, players)].append(card)
    return hands


def dealt_hands(
    players: int,
    contract: Contract,
    taker: int,
    tricks: Sequence[PlayedTrick],
    chien: Sequence[Card],
    ecart: Sequence[Card],
) -> list[list[Card]]:
    """The hands as dealt, rebuilt from the tricks: on a petite or a garde the taker's is what
    he played plus the écart, less the chien (which he took in hand); otherwise every hand is
    what its seat played.

    >>> from rules_fr.cards import parse_cards
    >>> tricks = [PlayedTrick(0, tuple(parse_cards(["KH", "2H", "3H"])))]
    >>> dealt_hands(3, Contract.GARDE, 0, tricks, parse_cards(["KH"]), parse_cards(["5S"]))
    [[Card('5S')], [Card('2H')], [Card('3H')]]
    """
    hands = played_hands(players, tricks)
    if contract.taker_takes_chien:
        chien_mask = CardSet.of(chien).mask
        taken = [card for card in hands[taker] + list(ecart) if not card.mask & chien_mask]
        hands[taker] = taken
    return hands


def first_illegal_play(
    players: int,
    tricks: Sequence[PlayedTrick],
    *,
    called_card: Card | None = None,
) -> PlayFault | None:
    """The first card that breaks a rule when the tricks are replayed in order, or ``None``.

    Each seat's hand at the start of play is what it played (see :func:`played_hands`); the
    first trick may be led by anyone (who leads depends on the dealer and on a chelem
    announcement, which the tricks do not say); every later trick is led by the winner of
    the one before (``not-your-turn`` on the leader's card otherwise). ``called_card`` (five
    players) enables the first-lead rule of the called suit.
    """
    hands = [CardSet.of(cards) for cards in played_hands(players, tricks)]
    for number, trick in enumerate(tricks):
        if number > 0:
            expected = tricks[number - 1].winner_seat(players)
            if trick.leader != expected and trick.cards:
                return PlayFault(number, 0, trick.leader, trick.cards[0], violation(
                    Code.NOT_YOUR_TURN, seat=trick.leader, expected=expected))
        for position, card in enumerate(trick.cards):
            seat = trick.seat_of(position, players)
            found = check_play(hands[seat], trick.cards[:position], card, players=players,
                               called_card=called_card, first_trick=number == 0)
            if found:
                return PlayFault(number, position, seat, card, found[0])
            hands[seat] = hands[seat].remove(card)
    return None
