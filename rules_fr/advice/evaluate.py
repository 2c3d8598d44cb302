"""How strong a hand is, counted the way French clubs teach beginners to count it.

The method is the points count ("barème d'évaluation") of Noël Chavey, *Le Jeu de tarot*
(Hatier, 1986), the one clubs hand out to learners (for instance the Bollène club, "Le 21
Bollénois", page *L'évaluation du jeu*). The points are fictitious — they are not card points
— and are added up line by line:

==========================================  ======
Line                                        Points
==========================================  ======
the 21                                      10
the excuse                                  8
the petit with fewer than 5 trumps          0
the petit as 5th trump / 6th / 7th or more  5 / 7 / 9
each trump, bouts included, with 5 or more  2
each major trump (16 to 21)                 +2
each major trump in a sequence (19-20-21)   +1
a marriage (king and dame of one suit)      10
a king without its dame                     6
a dame without her king                     3
a cavalier                                  2
a valet                                     1
a long suit of 5 / 6 / 7 or more cards      5 / 7 / 9
a void (coupe franche)                      6
a singleton                                 3
==========================================  ======

The excuse is counted among the trumps for the trump lines, as the method's worked examples
do (21, 19, 12, 6, petit and excuse: "six trumps", the petit as 6th trump is worth 7). The
source gives voids and singletons on a line of their own whose condition reads poorly; we count
them only in a hand of five trumps or more, the condition of the trump line, because a void is
worth something only with trumps to cut with. The method was made for an 18-card hand (four
players); :mod:`rules_fr.advice.bid` turns the total into a bid for 3, 4 and 5 players.

The method's first worked example: 21, 19, 12, 6, petit, excuse; ♥ K C 10 8 1; ♦ J 8;
♣ Q C 7; ♠ 6 4 — 60 points, a garde.

>>> hand = CardSet.parse(["T21", "T19", "T12", "T6", "T1", "EX", "KH", "CH", "10H", "8H",
...                       "1H", "JD", "8D", "QC", "CC", "7C", "6S", "4S"])
>>> evaluate_hand(hand).points
60
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, TypedDict

from rules_fr.advice.reasons import Reason, ReasonCode, reason
from rules_fr.cards import (
    CARDS,
    EXCUSE,
    PETIT,
    SUIT_ORDER,
    TRUMP_MASK,
    TWENTY_ONE,
    Card,
    CardSet,
    suit_mask,
)
from rules_fr.cards import CAVALIER as _CAVALIER
from rules_fr.cards import DAME as _DAME
from rules_fr.cards import ROI as _ROI
from rules_fr.cards import VALET as _VALET
from rules_fr.deal import is_petit_sec

__all__ = ["HandStrength", "evaluate_hand", "POINTS"]

class Bareme(TypedDict):
    twenty_one: int
    excuse: int
    petit: dict[int, int]
    trump: int
    trumps_needed: int
    major: int
    major_sequence: int
    marriage: int
    king: int
    dame: int
    cavalier: int
    valet: int
    long: dict[int, int]
    void: int
    singleton: int
"""The barème's points, line by line (``petit`` and ``long``: by trump count, by suit
length)."""


POINTS: Final[Bareme] = {
    "twenty_one": 10,
    "excuse": 8,
    "petit": {5: 5, 6: 7, 7: 9},
    "trump": 2,
    "trumps_needed": 5,
    "major": 2,
    "major_sequence": 1,
    "marriage": 10,
    "king": 6,
    "dame": 3,
    "cavalier": 2,
    "valet": 1,
    "long": {5: 5, 6: 7, 7: 9},
    "void": 6,
    "singleton": 3,
}
"""The method's table (see the module's docstring), by line."""

_MAJOR_LOW: Final = 16


@dataclass(frozen=True, slots=True)
class HandStrength:
    """A hand's points count and the lines that make it."""

    points: int
    reasons: tuple[Reason, ...]
    trumps: int
    """Trumps held, the excuse counted as one (as the method counts them)."""
    bouts: int
    petit_sec: bool

    def as_dict(self) -> dict[str, object]:
        return {"points": self.points, "trumps": self.trumps, "bouts": self.bouts,
                "reasons": [r.as_dict() for r in self.reasons]}


def _card(suit_index: int, rank: int) -> Card:
    return CARDS[suit_index * 14 + rank - 1]


def evaluate_hand(hand: CardSet) -> HandStrength:
    """Count ``hand`` with the club method (module docstring); each line that scores, and the
    lines a learner should notice even at 0 (few trumps, an unguarded petit), is a reason.

    The method's second example, a pass at 34 points:

    >>> weak = CardSet.parse(["T20", "T18", "T14", "T13", "T9", "T8", "T6", "KH", "10H",
    ...                       "5H", "4H", "KD", "QD", "7C", "8C", "8S", "7S", "5S"])
    >>> s = evaluate_hand(weak)
    >>> s.points, [r.code.value for r in s.reasons]
    (34, ['hand-trumps', 'hand-major-trumps', 'hand-king', 'hand-marriage'])
    """
    mask = hand.mask
    found: list[Reason] = []
    total = 0
    trumps = (mask & TRUMP_MASK).bit_count() + (1 if mask & EXCUSE.mask else 0)
    enough_trumps = trumps >= POINTS["trumps_needed"]

    # Bouts.
    if mask & TWENTY_ONE.mask:
        total += POINTS["twenty_one"]
        found.append(reason(ReasonCode.HAND_TWENTY_ONE, points=POINTS["twenty_one"]))
    if mask & EXCUSE.mask:
        total += POINTS["excuse"]
        found.append(reason(ReasonCode.HAND_EXCUSE, points=POINTS["excuse"]))
    petit_sec = is_petit_sec(hand)
    if petit_sec:
        found.append(reason(ReasonCode.HAND_PETIT_SEC, card=PETIT))
    elif mask & PETIT.mask:
        worth = POINTS["petit"].get(min(trumps, 7), 0)
        total += worth
        found.append(reason(ReasonCode.HAND_PETIT, trumps=trumps, points=worth))

    # Trumps: their number, then the major ones and their sequences.
    if enough_trumps:
        worth = POINTS["trump"] * trumps
        total += worth
        found.append(reason(ReasonCode.HAND_TRUMPS, count=trumps, points=worth,
                            excuse=bool(mask & EXCUSE.mask)))
    elif trumps:
        found.append(reason(ReasonCode.HAND_FEW_TRUMPS, count=trumps))
    majors = [rank for rank in range(_MAJOR_LOW, 22) if mask & CARDS[55 + rank].mask]
    if majors:
        worth = POINTS["major"] * len(majors)
        total += worth
        found.append(reason(ReasonCode.HAND_MAJOR_TRUMPS,
                            cards=[CARDS[55 + r] for r in majors], points=worth))
        in_sequence = [r for r in majors if r - 1 in majors or r + 1 in majors]
        if in_sequence:
            worth = POINTS["major_sequence"] * len(in_sequence)
            total += worth
            found.append(reason(ReasonCode.HAND_MAJOR_SEQUENCE,
                                cards=[CARDS[55 + r] for r in in_sequence], points=worth))

    # Honours and distribution, suit by suit.
    for index, suit in enumerate(SUIT_ORDER):
        held = mask & suit_mask(suit)
        king = held & _card(index, _ROI).mask
        dame = held & _card(index, _DAME).mask
        if king and dame:
            total += POINTS["marriage"]
            found.append(reason(ReasonCode.HAND_MARRIAGE, suit=suit, points=POINTS["marriage"]))
        elif king:
            total += POINTS["king"]
            found.append(reason(ReasonCode.HAND_KING, suit=suit, points=POINTS["king"]))
        elif dame:
            total += POINTS["dame"]
            found.append(reason(ReasonCode.HAND_QUEEN, suit=suit, points=POINTS["dame"]))
        if held & _card(index, _CAVALIER).mask:
            total += POINTS["cavalier"]
            found.append(reason(ReasonCode.HAND_CAVALIER, suit=suit,
                                points=POINTS["cavalier"]))
        if held & _card(index, _VALET).mask:
            total += POINTS["valet"]
            found.append(reason(ReasonCode.HAND_VALET, suit=suit, points=POINTS["valet"]))
        length = held.bit_count()
        if length >= 5:
            worth = POINTS["long"][min(length, 7)]
            total += worth
            found.append(reason(ReasonCode.HAND_LONG_SUIT, suit=suit, length=length,
                                points=worth))
        elif enough_trumps and length == 0:
            total += POINTS["void"]
            found.append(reason(ReasonCode.HAND_VOID, suit=suit, points=POINTS["void"]))
        elif enough_trumps and length == 1:
            total += POINTS["singleton"]
            found.append(reason(ReasonCode.HAND_SINGLETON, suit=suit,
                                card=CARDS[held.bit_length() - 1], points=POINTS["singleton"]))

    return HandStrength(total, tuple(found), trumps, hand.bouts(), petit_sec)
