"""The chien and the écart: what the taker may put aside after taking the chien.

On a petite or a garde the taker turns the chien face up for everyone to see, takes it in hand
and puts aside (*écarte*) as many cards as the chien held — 6 at three and four players, 3 at
five. The écart stays secret and counts with the taker's tricks. The rulebook's words, in the
order the guards of :func:`check_ecart` follow them:

1. "Sur une petite ou une garde … le preneur retourne les cartes du chien … Il les incorpore à
   son jeu puis « écarte » un même nombre de cartes": the écart is made of cards of the hand
   and the chien, as many as the chien held (rules ``ecart.size``);
2. "On ne peut écarter ni roi, ni bout" (``ecart.no-king-no-bout``);
3. "on n'écarte des atouts que si cela se révèle indispensable et en les montrant à la défense"
   (``ecart.trumps``): a trump may go only when the hand and chien hold too few plain cards
   that are not kings, and then exactly as many trumps as are missing — never the petit or
   the 21, which are bouts. The trumps discarded are shown (:func:`trumps_to_show`).

On a garde sans or a garde contre there is no écart at all: the chien stays face down, unseen
by anyone until the end of the deal, and counts for the taker (garde sans) or for the defence
(garde contre) — that is :attr:`rules_fr.contracts.Contract.chien_camp`.

FFT 2012: an écart of the wrong size "may be corrected as long as no card has been played, even
after *jeu*"; this module only gives the verdict, the deal's state machine decides when the
écart is final.

Some engines forbid trumps in the écart outright. That is wrong when the taker has too few
other cards to put aside:

>>> hand = CardSet.parse(["KS", "KH", "KD", "KC", "T1", "T21", "EX"]
...                      + [f"T{r}" for r in range(2, 13)])
>>> chien = CardSet.parse(["2S", "3S", "4H", "5D", "T13", "T14"])
>>> ecart_trumps_needed(4, hand, chien)
2
>>> check_ecart(4, Contract.GARDE, hand, chien, CardSet.parse(["2S", "3S", "4H", "5D", "T2", "T3"]))
[]
>>> trumps_to_show(CardSet.parse(["2S", "3S", "4H", "5D", "T2", "T3"])).codes()
['T2', 'T3']
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from rules_fr.cards import (
    BOUT_MASK,
    KING_MASK,
    SUIT_ORDER,
    TRUMP_MASK,
    Card,
    CardSet,
    sort_given,
    suit_mask,
)
from rules_fr.contracts import Contract
from rules_fr.table import rules_for
from rules_fr.verdicts import Code, IllegalActionError, Violation, violation

__all__ = [
    "check_ecart",
    "verify_ecart",
    "is_legal_ecart",
    "discardable",
    "discardable_trumps",
    "ecart_trumps_needed",
    "trumps_to_show",
    "legal_ecart_exists",
    "random_legal_ecart",
]

_FREE_MASK = sum(suit_mask(suit) for suit in SUIT_ORDER) & ~KING_MASK
"""Plain cards that are not kings: the cards an écart may always hold."""
_SMALL_TRUMP_MASK = TRUMP_MASK & ~BOUT_MASK
"""Trumps 2 to 20: the only trumps an écart may ever hold."""


def discardable(cards: CardSet) -> CardSet:
    """The cards of ``cards`` that may always go to the écart: plain cards other than kings.

    Pass the hand and the chien together (``hand | chien``). Trumps are not among them: they
    are discardable only when these run short (see :func:`ecart_trumps_needed`).

    >>> discardable(CardSet.parse(["KS", "QS", "1C", "T5", "T1", "EX"])).codes()
    ['QS', '1C']
    """
    return CardSet(cards.mask & _FREE_MASK)


def discardable_trumps(cards: CardSet) -> CardSet:
    """The trumps of ``cards`` an écart may hold when it must: every trump but the petit and
    the 21, which are bouts.

    >>> discardable_trumps(CardSet.parse(["T1", "T7", "T21", "EX", "7S"])).codes()
    ['T7']
    """
    return CardSet(cards.mask & _SMALL_TRUMP_MASK)


def ecart_trumps_needed(players: int, hand: CardSet, chien: CardSet) -> int:
    """How many trumps a legal écart must hold: the chien's size less the plain non-king cards
    of the hand and chien, or 0 when those are enough.

    Trumps are allowed only "si cela s'avère indispensable", so a legal écart holds exactly
    this many trumps. The count is not capped: when it exceeds the trumps that may go
    (:func:`discardable_trumps`), no legal écart exists (:func:`legal_ecart_exists`), which
    never happens in a real deal — at most four kings and three bouts stand among the 24
    (four players), 18 (five) or 30 (three) cards of the hand and chien.

    >>> plain = CardSet.parse(["2S", "3S", "4S"])
    >>> ecart_trumps_needed(4, plain, CardSet()), ecart_trumps_needed(5, plain, CardSet())
    (3, 0)
    """
    return max(0, rules_for(players).chien_size - len(discardable(hand | chien)))


def legal_ecart_exists(players: int, hand: CardSet, chien: CardSet) -> bool:
    """Whether the hand and chien hold enough cards that may go to the écart (plain non-king
    cards, then trumps other than the petit and the 21). Always true in a real deal.

    >>> legal_ecart_exists(5, CardSet.parse(["KS", "T1", "2S"]), CardSet.parse(["T2", "T3"]))
    True
    >>> legal_ecart_exists(5, CardSet.parse(["KS", "T1", "2S"]), CardSet.parse(["T21", "EX"]))
    False
    """
    pool = hand | chien
    return len(discardable(pool)) + len(discardable_trumps(pool)) >= rules_for(
        players
    ).chien_size


def random_legal_ecart(
    players: int, hand: CardSet, chien: CardSet, rng: random.Random
) -> CardSet | None:
    """A legal écart drawn at random from the hand and chien, or ``None`` when none exists.

    Every legal écart can come out: the trumps needed (:func:`ecart_trumps_needed`) are drawn
    among trumps 2 to 20, the rest among the plain non-king cards. Meant for bots and
    property tests.

    >>> hand = CardSet.parse(["KS", "T1", "2S", "3S"])
    >>> ecart = random_legal_ecart(5, hand, CardSet.parse(["T2", "T3", "EX"]), random.Random(1))
    >>> len(ecart), len(ecart.trumps()), check_ecart(5, Contract.PETITE, hand,
    ...                                              CardSet.parse(["T2", "T3", "EX"]), ecart)
    (3, 1, [])
    """
    if not legal_ecart_exists(players, hand, chien):
        return None
    pool = hand | chien
    size = rules_for(players).chien_size
    needed = ecart_trumps_needed(players, hand, chien)
    # a card set iterates in deck order: the population rng.sample draws from is sorted
    trumps = rng.sample(list(discardable_trumps(pool)), needed)
    plain = rng.sample(list(discardable(pool)), size - needed)
    return CardSet.of(trumps) | CardSet.of(plain)


def trumps_to_show(ecart: Iterable[Card]) -> CardSet:
    """The trumps of an écart, which the taker must show to the defence.

    The excuse is not a trump (and may not be discarded anyway).

    >>> trumps_to_show(CardSet.parse(["2S", "T4", "T9", "5D"])).codes()
    ['T4', 'T9']
    """
    if not isinstance(ecart, CardSet):
        ecart = CardSet.of(ecart)
    return ecart.trumps()


def check_ecart(
    players: int,
    contract: Contract,
    hand: CardSet,
    chien: CardSet,
    ecart: Iterable[Card],
) -> list[Violation]:
    """What is wrong with the taker's écart, in the rulebook's order; empty when it is legal.

    ``hand`` is the taker's hand as dealt, before he takes the chien. ``ecart`` is taken as a
    sequence so that a card given twice can be reported. A card that is not available is
    reported once, as unavailable, and is left out of the king, bout and trump guards.

    >>> hand = CardSet.parse(["KS", "T1", "2S", "3S", "4S"])
    >>> chien = CardSet.parse(["T2", "T3", "EX"])
    >>> [v.code.value for v in check_ecart(5, Contract.GARDE, hand, chien,
    ...                                    CardSet.parse(["KS", "EX", "T2"]))]
    ['ecart-king', 'ecart-bout', 'ecart-trump-avoidable']
    >>> check_ecart(5, Contract.GARDE_SANS, hand, chien, [])[0].code.value
    'ecart-not-allowed'
    """
    given = list(ecart)
    size = rules_for(players).chien_size
    pool = hand | chien

    # chien.garde-sans-contre: on a garde sans or contre the chien stays face down, no écart.
    if not contract.taker_takes_chien:
        return [violation(Code.ECART_NOT_ALLOWED, contract=contract)]

    violations: list[Violation] = []
    put_aside, unavailable, duplicates = sort_given(given, pool)

    # ecart.size: the écart is made of cards of the hand and the chien …
    if unavailable or duplicates:
        violations.append(violation(
            Code.ECART_CARD_NOT_AVAILABLE, cards=unavailable, duplicates=duplicates))

    # ecart.size: … as many as the chien held.
    if len(given) != size:
        violations.append(violation(Code.ECART_SIZE, expected=size, given=len(given)))

    # ecart.no-king-no-bout: "on ne peut écarter ni roi, ni bout".
    kings = CardSet(put_aside.mask & KING_MASK)
    if kings:
        violations.append(violation(Code.ECART_KING, cards=kings))
    bouts = CardSet(put_aside.mask & BOUT_MASK)
    if bouts:
        violations.append(violation(Code.ECART_BOUT, cards=bouts))

    # ecart.trumps: trumps only "si cela se révèle indispensable", as many as are missing.
    trumps = discardable_trumps(put_aside)
    allowed = ecart_trumps_needed(players, hand, chien)
    if len(trumps) > allowed:
        violations.append(violation(
            Code.ECART_TRUMP_AVOIDABLE,
            trumps=trumps,
            allowed=allowed,
            available=discardable(pool) - put_aside,
        ))

    return violations


def is_legal_ecart(
    players: int, contract: Contract, hand: CardSet, chien: CardSet, ecart: Iterable[Card]
) -> bool:
    """Whether :func:`check_ecart` finds nothing wrong.

    >>> is_legal_ecart(5, Contract.PETITE, CardSet.parse(["2S", "3S"]), CardSet.parse(["4S"]),
    ...                CardSet.parse(["2S", "3S", "4S"]))
    True
    """
    return not check_ecart(players, contract, hand, chien, ecart)


def verify_ecart(
    players: int, contract: Contract, hand: CardSet, chien: CardSet, ecart: Iterable[Card]
) -> None:
    """Raise :class:`~rules_fr.verdicts.IllegalActionError` when the écart is not legal.

    >>> verify_ecart(5, Contract.PETITE, CardSet.parse(["KS", "3S"]), CardSet.parse(["4S"]),
    ...              CardSet.parse(["KS", "3S", "4S"]))
    Traceback (most recent call last):
    ...
    rules_fr.verdicts.IllegalActionError: ecart-king
    """
    violations = check_ecart(players, contract, hand, chien, ecart)
    if violations:
        raise IllegalActionError(violations)
