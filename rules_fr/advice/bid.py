"""The bid a hand is worth, at 3, 4 and 5 players, and the card to call at five.

The club method (:mod:`rules_fr.advice.evaluate`) gives a points count and, for four
players, its bands: under 40 pass, 40 to 55 a petite, 56 to 70 a garde, 71 to 80 a garde
sans le chien, above 80 a garde contre le chien.

The method counts an 18-card hand. A 24-card hand at three players holds a third more cards,
so more trumps, honours and long suits, and scores much higher for the same chances (the mean
count is 52 at three players, 33 at four, 25 at five); at five players the taker is helped by
the partner the called king brings him. So the bands at three and five players are set by
simulation: each lower bound is the count at which the bots, taking a petite with the strongest
hand of the deal and playing it out against themselves, make their contract as often as they
do at four players at the club's bound (a logistic fit of success against the count, over
4,000 deals per table size: ``scripts/simulate.py --calibrate`` reruns it). At the four-player
bounds 40, 56, 71 and 81 the bots make a petite 39 %, 70 %, 89 % and 95 % of the time.

=======  ======  =====  ==========  ============
players  petite  garde  garde sans  garde contre
=======  ======  =====  ==========  ============
3        46      60     72          81
4        40      56     71          81
5        21      39     57          68
=======  ======  =====  ==========  ============

A bid must also be legal: strictly above the highest bid so far, and nothing but a pass from a
dealer who misdealt; a hand with the petit sec annuls the deal instead.

>>> hand = CardSet.parse(["T21", "T19", "T12", "T6", "T1", "EX", "KH", "CH", "10H", "8H",
...                       "1H", "JD", "8D", "QC", "CC", "7C", "6S", "4S"])
>>> advice = advise_bid(4, hand)
>>> advice.bid, advice.strength, advice.reasons[-1].as_dict()
(<Contract.GARDE: 2>, 60, {'code': 'bid-contract', 'params': {'strength': 60, \
'contract': 'garde', 'low': 56, 'high': 70, 'players': 4}})
>>> advise_bid(4, hand, [Contract.GARDE_SANS]).bid is None
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from rules_fr.advice.evaluate import HandStrength, evaluate_hand
from rules_fr.advice.reasons import Reason, ReasonCode, reason
from rules_fr.bidding import check_bid, highest_bid
from rules_fr.cards import Card, CardSet, suit_mask
from rules_fr.contracts import Contract
from rules_fr.kingcall import callable_cards
from rules_fr.table import rules_for

__all__ = [
    "BASE_THRESHOLDS",
    "THRESHOLDS",
    "BidAdvice",
    "CallAdvice",
    "advise_bid",
    "advise_king_call",
    "call_policy",
    "recommended_contract",
    "thresholds",
]

BASE_THRESHOLDS: Final = (40, 56, 71, 81)
"""The club method's lowest count for a petite, a garde, a garde sans, a garde contre, with
four players (18-card hands)."""
THRESHOLDS: Final[dict[int, tuple[int, int, int, int]]] = {
    3: (46, 60, 72, 81),
    4: BASE_THRESHOLDS,
    5: (21, 39, 57, 68),
}
"""The bands per table size (see the module docstring for how 3 and 5 were set)."""


def thresholds(players: int) -> tuple[int, int, int, int]:
    """The lowest count for a petite, a garde, a garde sans and a garde contre at this table.

    >>> thresholds(3), thresholds(4), thresholds(5)
    ((46, 60, 72, 81), (40, 56, 71, 81), (21, 39, 57, 68))
    """
    rules_for(players)  # 3, 4 or 5
    return THRESHOLDS[players]


def recommended_contract(players: int, strength: int) -> Contract | None:
    """The contract a count is worth at this table, ``None`` for a pass.

    >>> recommended_contract(4, 39), recommended_contract(4, 40), recommended_contract(4, 81)
    (None, <Contract.PETITE: 1>, <Contract.GARDE_CONTRE: 4>)
    """
    best = None
    for contract, bound in zip(Contract, thresholds(players), strict=True):
        if strength >= bound:
            best = contract
    return best


@dataclass(frozen=True, slots=True)
class BidAdvice:
    """The bid to make (``None``: pass), the contract the hand is worth, its count, and the
    reasons: the count's lines, then the decision."""

    bid: Contract | None
    wanted: Contract | None
    strength: int
    reasons: tuple[Reason, ...]
    evaluation: HandStrength


def advise_bid(
    players: int,
    hand: CardSet,
    earlier: Sequence[Contract | None] = (),
    *,
    dealer_misdealt: bool = False,
) -> BidAdvice:
    """The bid to make with ``hand`` after the ``earlier`` bids (in speaking order); always
    a legal bid (:func:`rules_fr.bidding.check_bid` finds nothing wrong with it)."""
    evaluation = evaluate_hand(hand)
    strength = evaluation.points
    bounds = thresholds(players)
    wanted = recommended_contract(players, strength)
    decision: Reason
    bid: Contract | None = None
    highest = highest_bid(earlier)
    if evaluation.petit_sec:
        wanted = None
        decision = reason(ReasonCode.BID_PETIT_SEC)
    elif wanted is None:
        decision = reason(ReasonCode.BID_TOO_WEAK, strength=strength, needed=bounds[0],
                          players=players)
    elif dealer_misdealt and len(earlier) == players - 1:
        decision = reason(ReasonCode.BID_DEALER_MISDEALT, wanted=wanted)
    elif highest is not None and wanted <= highest:
        decision = reason(ReasonCode.BID_OUTBID, wanted=wanted, highest=highest)
    else:
        bid = wanted
        index = int(wanted) - 1
        high = bounds[index + 1] - 1 if index + 1 < len(bounds) else None
        decision = reason(ReasonCode.BID_CONTRACT, strength=strength, contract=wanted,
                          low=bounds[index], high=high, players=players)
    if check_bid(players, earlier, bid, dealer_misdealt=dealer_misdealt):
        bid = None  # the auction is closed: nothing to say but a pass
    return BidAdvice(bid, wanted, strength, (*evaluation.reasons, decision), evaluation)


@dataclass(frozen=True, slots=True)
class CallAdvice:
    """The card to call at five players and why."""

    card: Card
    reasons: tuple[Reason, ...]


def advise_king_call(hand: CardSet) -> CallAdvice:
    """The card to call: a king the taker lacks (a dame, a cavalier, a valet once he holds all
    the cards above), in the suit where he holds most — the partner's king then guards his
    honours there and he keeps cards to lead to it. With every callable card in hand he calls
    one of his own and plays alone.

    >>> advise_king_call(CardSet.parse(["KS", "QH", "CH", "2H", "3D"])).card
    Card('KH')
    """
    callable_ = callable_cards(hand)
    outside = callable_ - hand
    if not outside:
        card = max(callable_, key=lambda c: (c.rank, -c.index))
        return CallAdvice(card, (reason(ReasonCode.CALL_ALONE, card=card),))

    def weight(card: Card) -> tuple[int, int, int, int]:
        held = CardSet(hand.mask & suit_mask(card.suit))
        return (card.rank, held.points_half(), len(held), -card.index)

    card = max(outside, key=weight)
    length = len(CardSet(hand.mask & suit_mask(card.suit)))
    return CallAdvice(card, (reason(ReasonCode.CALL_KING, card=card, suit=card.suit,
                                    length=length),))


def call_policy(hand: CardSet, rng: random.Random) -> Card:
    """:func:`advise_king_call` as the simulator's :data:`~rules_fr.simulate.CallPolicy`."""
    return advise_king_call(hand).card
