"""The five-player king call (l'appel au roi).

At five players the taker calls a king before the chien is turned over; whoever holds it is his
secret partner. The FFT ladder: "Lorsque le preneur a 4 Rois, il peut appeler une Dame (voire
même un Cavalier s'il a 4 Rois et 4 Dames ou un Valet s'il a 4 grands mariages)" — a *grand
mariage* being a king with its dame, four of them are the four kings and the four dames. We
read the valet's condition as the ladder's next rung: four kings, four dames and four
cavaliers, so that every rung requires all the cards above it; a cavalier with the four kings
alone is refused (an error found in other engines).

Calling a card of one's own hand is allowed: the taker then plays alone; so does a called card
that lies in the chien (known only once the chien is turned over).

The legal calls (:func:`callable_cards`) and the check (:func:`check_king_call`) are both
built on one internal function, so they cannot disagree.

>>> callable_cards(CardSet.parse(["KS", "KH", "KD", "KC"])).codes()
['QS', 'KS', 'QH', 'KH', 'QD', 'KD', 'QC', 'KC']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rules_fr.cards import CAVALIER, DAME, DECK, ROI, SUIT_ORDER, VALET, Card, CardSet
from rules_fr.verdicts import Code, Violation, violation

__all__ = ["callable_cards", "check_king_call", "is_alone", "partner_seat"]

_FACES: Final = tuple(card for card in DECK if card.is_face)
_RANK_CARDS: Final = {
    rank: CardSet.of(card for card in _FACES if card.rank == rank)
    for rank in (ROI, DAME, CAVALIER, VALET)
}
_LADDER_CODES: Final = {
    DAME: Code.CALL_QUEEN_WITHOUT_FOUR_KINGS,
    CAVALIER: Code.CALL_CAVALIER_WITHOUT_KINGS_QUEENS,
    VALET: Code.CALL_VALET_WITHOUT_KINGS_QUEENS_CAVALIERS,
}
assert all(len(cards) == len(SUIT_ORDER) for cards in _RANK_CARDS.values())


def _refusal(hand: CardSet, card: Card) -> Violation | None:
    """Why calling ``card`` with ``hand`` is refused, or ``None`` when the call is legal.

    The one source of truth of the ladder: a king always; below it, a face card only when the
    hand holds every card of every rank above it (four kings for a dame; four kings and four
    dames for a cavalier; four kings, dames and cavaliers for a valet).
    """
    # call.king: a face card of a plain suit — never a trump, the excuse or a numeral card
    if not card.is_face:
        return violation(Code.CALL_NOT_A_FACE, card=card)
    # call.ladder: every card of every rank above the called one
    above = CardSet()
    for rank in range(ROI, card.rank, -1):
        above |= _RANK_CARDS[rank]
    missing = above - hand
    if not missing:
        return None
    if card.rank == DAME:
        return violation(
            Code.CALL_QUEEN_WITHOUT_FOUR_KINGS,
            card=card, kings=list(hand & _RANK_CARDS[ROI]), missing=list(missing),
        )
    return violation(_LADDER_CODES[card.rank], card=card, missing=list(missing))


def callable_cards(hand: CardSet) -> CardSet:
    """The cards the taker holding ``hand`` may call: the kings; the dames too with the four
    kings; the cavaliers too with the four kings and dames; the valets too with the four kings,
    dames and cavaliers. Cards of his own hand included (he then plays alone).

    >>> callable_cards(CardSet.parse(["KS", "KH", "KD", "QS"])).codes()
    ['KS', 'KH', 'KD', 'KC']
    >>> len(callable_cards(CardSet.parse(["KS", "KH", "KD", "KC", "QS", "QH", "QD", "QC"])))
    12
    """
    return CardSet.of(card for card in _FACES if _refusal(hand, card) is None)


def check_king_call(hand: CardSet, card: Card, players: int = 5) -> list[Violation]:
    """What is wrong with the taker holding ``hand`` calling ``card`` (empty: a legal call).

    Guards: only at five players (``call-not-five-players``); a face card
    (``call-not-a-face`` for a trump, the excuse or a numeral); a dame only with the four kings
    (``call-queen-without-four-kings``, with the ``kings`` held and the ``missing`` ones); a
    cavalier only with the four kings and the four dames
    (``call-cavalier-without-kings-queens``); a valet only with the four kings, dames and
    cavaliers (``call-valet-without-kings-queens-cavaliers``); each with the ``missing`` cards.

    >>> from rules_fr.cards import parse_card
    >>> four_kings = CardSet.parse(["KS", "KH", "KD", "KC", "QS"])
    >>> check_king_call(four_kings, parse_card("QH"))
    []
    >>> v, = check_king_call(four_kings, parse_card("CH"))  # cavalier: four dames needed too
    >>> v.code.value, v.params["missing"]
    ('call-cavalier-without-kings-queens', ['QH', 'QD', 'QC'])
    >>> [v.code.value for v in check_king_call(four_kings, parse_card("T21"))]
    ['call-not-a-face']
    >>> [v.code.value for v in check_king_call(four_kings, parse_card("KH"), players=4)]
    ['call-not-five-players']
    """
    # call.king: the king call belongs to the five-player game
    if players != 5:
        return [violation(Code.CALL_NOT_FIVE_PLAYERS, players=players)]
    refusal = _refusal(hand, card)
    return [] if refusal is None else [refusal]


def is_alone(hand: CardSet, card: Card, chien: CardSet | None = None) -> bool:
    """Whether the taker plays alone, one against four: he called a card of his own hand, or
    the called card lies in the chien. The chien is turned over only after the call: pass it
    when known (and ``None`` before, which judges by the hand alone).

    >>> from rules_fr.cards import parse_card
    >>> hand = CardSet.parse(["KS", "QH"])
    >>> is_alone(hand, parse_card("KS")), is_alone(hand, parse_card("KH"))
    (True, False)
    >>> is_alone(hand, parse_card("KH"), chien=CardSet.parse(["KH", "2C", "T4"]))
    True
    """
    return card in hand or (chien is not None and card in chien)


def partner_seat(hands: Sequence[CardSet], card: Card, taker: int) -> int | None:
    """The seat of the taker's partner, the holder of the called ``card``; ``None`` when the
    taker plays alone (he holds it, or nobody does: it is in the chien).

    >>> hands = [CardSet.parse(["KS"]), CardSet.parse(["KH"]), CardSet()]
    >>> from rules_fr.cards import parse_card
    >>> partner_seat(hands, parse_card("KH"), taker=0), partner_seat(hands, parse_card("KS"), 0)
    (1, None)
    >>> partner_seat(hands, parse_card("KD"), 0) is None
    True
    """
    for seat, hand in enumerate(hands):
        if card in hand:
            return None if seat == taker else seat
    return None
