"""The écart a good player makes, and why.

The rules (:mod:`rules_fr.ecart`) say what may go: no king, no bout, trumps only when the
plain cards run short. Within them, the classic advice for the taker, in the order we apply it:

1. **Trumps only when forced** — the lowest ones, since they are shown to the defence and the
   high ones win tricks (``ecart-trumps-forced``); otherwise every trump is kept
   (``ecart-keep-trumps``).
2. **Keep the kings and the bouts** — the rules forbid them anyway (``ecart-keep-kings``).
3. **Make voids** (*coupes franches*): a whole suit without its king goes, shortest suits first,
   so that the taker can trump it later (``ecart-void``). At five players the taker keeps a card
   of the called king's suit, to lead it to his partner (``ecart-keep-called-suit``).
4. **Put aside honours without their king** — a dame, a cavalier or a valet whose king is
   elsewhere falls to that king in play, but counts for the taker in the écart
   (``ecart-honours``); the highest first.
5. **Shorten** — what room is left takes the lowest cards of the shortest suits, a suit
   without its king first (``ecart-shorten``), towards singletons and later voids.

The result is always legal (:func:`rules_fr.ecart.check_ecart` finds nothing), and the same
hand and chien always give the same écart.

>>> hand = CardSet.parse(["KS", "QS", "2S", "KH", "4H", "CD", "3D", "5D", "T1", "T5", "T9",
...                       "T12", "T15", "T17", "EX", "6C", "JC", "9C"])
>>> chien = CardSet.parse(["7C", "8H", "T3", "1S", "10D", "T20"])
>>> advice = advise_ecart(4, hand, chien)
>>> advice.ecart.codes()
['3D', '5D', '10D', 'CD', '6C', 'JC']
>>> [r.code.value for r in advice.reasons]
['ecart-keep-trumps', 'ecart-keep-kings', 'ecart-void', 'ecart-honours', 'ecart-shorten']
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from rules_fr.advice.reasons import Reason, ReasonCode, reason
from rules_fr.cards import (
    CARDS,
    KING_MASK,
    SUIT_ORDER,
    TRUMP_MASK,
    Card,
    CardSet,
    Suit,
    suit_mask,
)
from rules_fr.contracts import Contract
from rules_fr.ecart import discardable, discardable_trumps, ecart_trumps_needed
from rules_fr.table import rules_for

__all__ = ["EcartAdvice", "advise_ecart", "ecart_policy"]

_SUIT_MASKS: Final = tuple(suit_mask(suit) for suit in SUIT_ORDER)


@dataclass(frozen=True, slots=True)
class EcartAdvice:
    """The cards to put aside (``None`` when the contract has no écart) and why."""

    ecart: CardSet | None
    reasons: tuple[Reason, ...]


def _lowest(mask: int, count: int) -> int:
    """The ``count`` lowest cards of ``mask`` (in deck order, which is rank order in a suit)."""
    taken = 0
    for _ in range(count):
        low = mask & -mask
        taken |= low
        mask ^= low
    return taken


def _by_points_then_rank(mask: int) -> list[Card]:
    """The cards of ``mask``, highest points first, then highest rank."""
    cards = list(CardSet(mask))
    cards.sort(key=lambda card: (card.points_half, card.rank), reverse=True)
    return cards


def advise_ecart(
    players: int,
    hand: CardSet,
    chien: CardSet,
    *,
    contract: Contract = Contract.GARDE,
    called_card: Card | None = None,
) -> EcartAdvice:
    """The écart to make with ``hand`` (as dealt) and the ``chien``, with its reasons.

    ``called_card`` is the card called at five players: a card of its suit is kept when the
    taker holds a few (his way to reach the partner), unless he holds it himself.
    """
    if not contract.taker_takes_chien:
        return EcartAdvice(None, (reason(ReasonCode.ECART_NOT_ALLOWED, contract=contract),))
    size = rules_for(players).chien_size
    pool = hand | chien
    found: list[Reason] = []
    chosen = 0

    # 1. Trumps only when forced, the lowest first.
    needed = ecart_trumps_needed(players, hand, chien)
    if needed:
        chosen |= _lowest(discardable_trumps(pool).mask, needed)
        found.append(reason(ReasonCode.ECART_TRUMPS_FORCED, cards=CardSet(chosen)))
    elif pool.mask & TRUMP_MASK:
        found.append(reason(ReasonCode.ECART_KEEP_TRUMPS,
                            count=(pool.mask & TRUMP_MASK).bit_count()))
    room = size - needed
    # 2. Kings (and bouts) stay: the rules forbid them, and they win tricks.
    if pool.mask & KING_MASK:
        found.append(reason(ReasonCode.ECART_KEEP_KINGS, cards=CardSet(pool.mask & KING_MASK)))
    free = discardable(pool).mask

    # 3. Voids: whole suits without their king, shortest first (fewer points kept first).
    kept_suit = 0
    if (called_card is not None and not called_card.is_trump
            and not pool.mask & called_card.mask):
        kept_suit = called_card.suit_bits
    candidates = []
    for index, bits in enumerate(_SUIT_MASKS):
        held = pool.mask & bits
        if not held or held & KING_MASK or bits == kept_suit:
            continue
        candidates.append((held.bit_count(), -CardSet(held).points_half(), index, held))
    candidates.sort()
    for length, _points, index, held in candidates:
        if length <= room:
            chosen |= held
            room -= length
            found.append(reason(ReasonCode.ECART_VOID, suit=SUIT_ORDER[index],
                                cards=CardSet(held)))
    if kept_suit and pool.mask & kept_suit:
        found.append(reason(ReasonCode.ECART_KEEP_CALLED_SUIT, suit=called_card.suit))  # type: ignore[union-attr]

    # 4. Honours without their king: safer in the écart than in play.
    if room:
        honours = 0
        for bits in _SUIT_MASKS:
            held = free & bits & ~chosen
            if pool.mask & bits & KING_MASK:
                continue
            if kept_suit == bits and (pool.mask & bits & ~chosen).bit_count() <= 1:
                continue
            honours |= held & _FACE_MASK
        picked = 0
        for card in _by_points_then_rank(honours):
            if not room:
                break
            if kept_suit == card.suit_bits and not (pool.mask & kept_suit & ~chosen
                                                    & ~picked & ~card.mask):
                continue  # the last card of the called suit stays
            picked |= card.mask
            room -= 1
        if picked:
            chosen |= picked
            found.append(reason(ReasonCode.ECART_HONOURS, cards=CardSet(picked)))

    # 5. Shorten: the lowest cards of the shortest suits.
    while room:
        best = None
        for index, bits in enumerate(_SUIT_MASKS):
            left = free & bits & ~chosen
            if not left:
                continue
            if kept_suit == bits and (pool.mask & bits & ~chosen).bit_count() <= 1:
                continue
            # shortest first; at equal length a suit without its king, which may become a void
            key = ((pool.mask & bits & ~chosen).bit_count(), bool(pool.mask & bits & KING_MASK),
                   index)
            if best is None or key < best[0]:
                best = (key, index, left)
        if best is None:  # only the called suit's last card is left: it goes after all
            left = free & ~chosen
            best = ((0, False, 0), SUIT_ORDER.index(CARDS[(left & -left).bit_length() - 1].suit),
                    left)
        _key, index, left = best
        take = left & -left
        chosen |= take
        room -= 1
        if found and found[-1].code is ReasonCode.ECART_SHORTEN and \
                found[-1].params["suit"] == SUIT_ORDER[index].value:
            cards = CardSet.parse(found[-1].params["cards"]) | CardSet(take)
            found[-1] = reason(ReasonCode.ECART_SHORTEN, suit=SUIT_ORDER[index], cards=cards)
        else:
            found.append(reason(ReasonCode.ECART_SHORTEN, suit=SUIT_ORDER[index],
                                cards=CardSet(take)))

    return EcartAdvice(CardSet(chosen), tuple(_shorten_lengths(found, pool.mask & ~chosen)))


def _shorten_lengths(found: list[Reason], kept: int) -> list[Reason]:
    """The ``ecart-shorten`` reasons with what the kept hand then holds of their suit:
    ``left`` cards, and ``shortest`` when that is fewer than of any other suit, a void
    included — the advice must not call the suit short when it is not (after the voids and
    honours, the last cards may come from a long suit), nor the shortest beside a void."""
    lengths = {suit: (kept & bits).bit_count()
               for suit, bits in zip(SUIT_ORDER, _SUIT_MASKS, strict=True)}
    out = []
    for r in found:
        if r.code is ReasonCode.ECART_SHORTEN:
            suit = Suit(r.params["suit"])
            left = lengths[suit]
            # A suit voided is shorter still: then no suit kept is "the shortest".
            others = [n for other, n in lengths.items() if other is not suit]
            shortest = bool(left) and left < min(others)
            r = reason(ReasonCode.ECART_SHORTEN, suit=suit, cards=r.params["cards"], left=left,
                       shortest=shortest)
        out.append(r)
    return out


_FACE_MASK: Final = sum(card.mask for card in CARDS if card.is_face and not card.is_king)


def ecart_policy(
    players: int, hand: CardSet, chien: CardSet, called: Card | None, rng: random.Random
) -> CardSet:
    """:func:`advise_ecart` as the simulator's :data:`~rules_fr.simulate.EcartPolicy`."""
    advice = advise_ecart(players, hand, chien, called_card=called)
    assert advice.ecart is not None
    return advice.ecart
