"""Situations to study, drawn from random deals of the core (``rules_fr.simulate``).

A situation is only a hand and what lies on the table; the pages ask the API what may be
played or discarded. The same seed gives the same situation, so a page can be shared (and the
browser tests are repeatable).
"""

from __future__ import annotations

import random
from typing import Any

from rules_fr.cards import CardSet
from rules_fr.contracts import Contract
from rules_fr.deal import deal
from rules_fr.simulate import play_random_deal

__all__ = ["ecart_situation", "trick_situation"]


def _sorted_codes(cards: CardSet) -> list[str]:
    return [card.code for card in sorted(cards)]


def trick_situation(players: int, seed: int) -> dict[str, Any]:
    """A random moment of a random deal: the hand of the seat about to play and the trick so
    far (cards in play order).

    >>> s = trick_situation(4, 1)
    >>> s == trick_situation(4, 1), len(s["trick"]) < 4, s["players"]
    (True, True, 4)
    """
    played = play_random_deal(players, random.Random(seed))
    pick = random.Random(seed ^ 0x5EED)
    number = pick.randrange(len(played.tricks))
    position = pick.randrange(players)
    hands = list(played.hands)
    if played.ecart is not None:
        hands[played.taker] = (hands[played.taker] | played.chien) - played.ecart
    for done in played.tricks[:number]:
        for i, card in enumerate(done.cards):
            seat = done.seat_of(i, players)
            hands[seat] = hands[seat].remove(card)
    current = played.tricks[number]
    seat = current.seat_of(position, players)
    return {
        "players": players,
        "seed": seed,
        "hand": _sorted_codes(hands[seat]),
        "trick": [card.code for card in current.cards[:position]],
        "first_trick": number == 0,
        "called_card": played.called_card.code if played.called_card is not None else None,
        "trick_number": number + 1,
        "typed": False,
    }


def ecart_situation(players: int, seed: int) -> dict[str, Any]:
    """A random deal seen by its taker: the hand and the chien (to be taken in hand).

    >>> s = ecart_situation(5, 3)
    >>> len(s["hand"]), len(s["chien"]), s == ecart_situation(5, 3)
    (15, 3, True)
    """
    rng = random.Random(seed)
    dealt = deal(players, rng.randrange(players), seed=rng.getrandbits(64))
    taker = rng.randrange(players)
    return {
        "players": players,
        "seed": seed,
        "hand": _sorted_codes(dealt.hands[taker]),
        "chien": _sorted_codes(dealt.chien),
        "contract": Contract.GARDE.code,
    }
