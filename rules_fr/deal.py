"""Dealing: the dealer draw, shuffle and cut, the deal itself, and checks on a given deal.

The seeds' rules (FFT 2012 where they are silent):

* **Dealer draw** — each player draws a card; the lowest deals. Plain cards rank below trumps;
  at equal rank the suits rank ♠ ♥ ♦ ♣ from the highest, so the ace of clubs is the lowest card
  of all. The excuse does not count: whoever drew it draws again.
* **Cut** — the player left of the dealer cuts, taking *and* leaving more than three cards.
* **Deal** — packets of three (four at three players), counter-clockwise, starting with the
  player right of the dealer; the chien is built card by card during the deal, never from the
  first or the last card of the pack. Hands of 24/18/15 cards, chien of 6/6/3.
* **Petit sec** — a hand whose only trump is the petit, without the excuse, annuls the deal
  before the bidding.
* **Next dealer** — the deal passes to the right: seat ``(dealer + 1) % n``.

Seats are integers in playing order: seat ``(dealer + 1) % n`` is right of the dealer, speaks
first and receives the first packet.

**Where the chien cards go.** The dealer may choose, but a program must pick. We spread the
chien across the deal: with ``P`` packets and a chien of ``c`` cards, one chien card is laid
right after packet number ``P * k // (c + 1)`` for ``k = 1 .. c``. Every such packet number is
between 1 and ``P - 1``, so the first card of the pack (the first card of packet 1) and the
last (the last card of packet ``P``) never go to the chien. The positions are the same for
every deal of a player count, which keeps a seeded deal reproducible from the seed alone:

>>> chien_positions(4)
(9, 19, 32, 42, 55, 65)
>>> chien_positions(3), chien_positions(5)
((8, 21, 30, 43, 52, 65), (18, 37, 56))
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Final

from rules_fr.cards import DECK, EXCUSE, PETIT, SUIT_ORDER, Card, CardSet
from rules_fr.table import rules_for
from rules_fr.verdicts import Code, Violation, violation

__all__ = [
    "Deal",
    "Redeal",
    "RedealReason",
    "MIN_CUT",
    "check_cut",
    "check_deal",
    "check_hand_for_misdeal",
    "chien_positions",
    "cut",
    "cutter_seat",
    "deal",
    "deal_order",
    "dealer_draw_key",
    "draw_dealer",
    "is_petit_sec",
    "must_redraw",
    "next_dealer",
    "redeal",
    "shuffled_deck",
]

MIN_CUT: Final = 4
"""The cut must take more than three cards and leave more than three."""

_DECK_SIZE: Final = 78


# --- dealer draw ---------------------------------------------------------------------------


def dealer_draw_key(card: Card) -> int:
    """The card's rank in the dealer draw: 0 for the ace of clubs (the lowest) to 76 for the 21.

    Plain cards rank by their rank, then, at equal rank, by suit with trèfle lowest, then
    carreau, cœur, pique (the seeds' order of priority ♠ ♥ ♦ ♣ read from the top); every trump
    ranks above every plain card. The excuse has no rank: its drawer draws again.

    >>> from rules_fr.cards import parse_card
    >>> [dealer_draw_key(parse_card(c)) for c in ("1C", "1D", "1H", "1S", "2C", "KS", "T1")]
    [0, 1, 2, 3, 4, 55, 56]
    >>> dealer_draw_key(EXCUSE)
    Traceback (most recent call last):
    ...
    ValueError: the excuse does not count in the dealer draw: draw again
    """
    if card.is_excuse:
        raise ValueError("the excuse does not count in the dealer draw: draw again")
    if card.is_trump:
        return 55 + card.rank
    return (card.rank - 1) * 4 + (len(SUIT_ORDER) - 1 - SUIT_ORDER.index(card.suit))


def must_redraw(draws: Sequence[Card]) -> list[int]:
    """The players (indexes into ``draws``) who drew the excuse and must draw again.

    >>> from rules_fr.cards import parse_cards
    >>> must_redraw(parse_cards(["5H", "EX", "T3"]))
    [1]
    """
    return [i for i, card in enumerate(draws) if card.is_excuse]


def draw_dealer(draws: Sequence[Card]) -> int | None:
    """The index of the player who drew the lowest card, who deals first.

    ``draws`` holds one card per player, in any fixed order of players. Returns ``None`` while a
    draw is the excuse, which does not count: :func:`must_redraw` says who draws again, the
    caller replaces that card and asks again. Raises ``ValueError`` when no card was drawn or a
    card appears twice (all cards come from one pack).

    >>> from rules_fr.cards import parse_cards
    >>> draw_dealer(parse_cards(["KC", "T3", "KS", "T5"]))  # the tarot club example
    0
    >>> draw_dealer(parse_cards(["1S", "1C", "1H"]))  # the ace of clubs is the lowest card
    1
    >>> draw_dealer(parse_cards(["T1", "KS"]))  # trumps rank above plain cards
    1
    >>> draw_dealer(parse_cards(["EX", "KS"])) is None
    True
    """
    if not draws:
        raise ValueError("nobody drew a card")
    if len(CardSet.of(draws)) != len(draws):
        raise ValueError("a card was drawn twice")
    if must_redraw(draws):
        return None
    return min(range(len(draws)), key=lambda i: dealer_draw_key(draws[i]))


# --- shuffle, cut, deal --------------------------------------------------------------------


def shuffled_deck(seed: int | None = None) -> list[Card]:
    """The 78 cards in a random order, the first card on top of the pack.

    With a ``seed`` the order is reproducible (``random.Random(seed)``: replays, tests, the
    tutor's exercises); without one it comes from the operating system's CSPRNG
    (``random.SystemRandom``), so that no player can predict a live deal.

    >>> shuffled_deck(7) == shuffled_deck(7), len(shuffled_deck()), len(set(shuffled_deck()))
    (True, 78, 78)
    """
    cards = list(DECK)
    if seed is None:
        random.SystemRandom().shuffle(cards)
        return cards
    # Seeded (the simulator's millions of deals): random.shuffle's Fisher-Yates with its
    # own draws (randbelow by rejection sampling on getrandbits), written out — the same
    # packs for the same seeds, without a method call per card.
    getrandbits = random.Random(seed).getrandbits
    for i, bound, bits in _SHUFFLE_STEPS:
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


_SHUFFLE_STEPS: Final = tuple((i, i + 1, (i + 1).bit_length()) for i in range(77, 0, -1))
"""(position, bound, bits of the bound) of each step of :func:`shuffled_deck`."""


def cut(deck: Sequence[Card], at: int) -> list[Card]:
    """The pack after a cut of its top ``at`` cards, which go under the rest.

    The cut must take more than three cards and leave more than three: ``ValueError`` otherwise.

    >>> pack = list(DECK)
    >>> after = cut(pack, 4)
    >>> after[0].code, after[-1].code, len(after)
    ('5S', '4S', 78)
    >>> cut(pack, 3)
    Traceback (most recent call last):
    ...
    ValueError: the cut must take and leave more than 3 cards (cut at 3 of 78)
    """
    if not MIN_CUT <= at <= len(deck) - MIN_CUT:
        raise ValueError(
            f"the cut must take and leave more than {MIN_CUT - 1} cards"
            f" (cut at {at} of {len(deck)})"
        )
    return [*deck[at:], *deck[:at]]


def check_cut(pack_size: int, at: int) -> list[Violation]:
    """What is wrong with cutting the top ``at`` cards of a pack of ``pack_size`` (an empty
    list: a fair cut).

    The cutter must take more than three cards and leave more than three (``cut-size``, with
    ``at``, ``left`` and ``pack``); :func:`cut` performs a cut and raises on the same fault.

    >>> check_cut(78, 4), check_cut(78, 74)
    ([], [])
    >>> [(v.code.value, dict(v.params)) for v in check_cut(78, 75)]
    [('cut-size', {'at': 75, 'left': 3, 'pack': 78})]
    """
    left = pack_size - at
    if at < MIN_CUT or left < MIN_CUT:
        return [violation(Code.CUT_SIZE, at=at, left=left, pack=pack_size)]
    return []


def cutter_seat(dealer: int, players: int) -> int:
    """The seat of the player left of the dealer, who cuts (play runs to the right).

    >>> cutter_seat(0, 4), cutter_seat(2, 4)
    (3, 1)
    """
    return (dealer - 1) % players


@cache
def _deal_plan(players: int) -> tuple[int | None, ...]:
    """For each position of the pack, who receives it: an offset in speaking order (0 is the
    player right of the dealer) or ``None`` for the chien."""
    rules = rules_for(players)
    packets = players * rules.hand_size // rules.packet_size
    chien_after = {packets * k // (rules.chien_size + 1) for k in range(1, rules.chien_size + 1)}
    assert len(chien_after) == rules.chien_size and not chien_after & {0, packets}
    plan: list[int | None] = []
    for packet in range(1, packets + 1):
        plan.extend([(packet - 1) % players] * rules.packet_size)
        if packet in chien_after:
            plan.append(None)
    assert len(plan) == _DECK_SIZE and plan[0] is not None and plan[-1] is not None
    return tuple(plan)


def deal_order(players: int, dealer: int) -> tuple[int | None, ...]:
    """Who receives each card of the pack, top card first: a seat, or ``None`` for the chien.

    Packets go counter-clockwise from the player right of the dealer, seat ``dealer + 1``;
    the chien takes the cards at :func:`chien_positions`. :func:`deal` follows this order.

    >>> order = deal_order(4, dealer=3)
    >>> order[:7], order[9], len(order)
    ((0, 0, 0, 1, 1, 1, 2), None, 78)
    >>> deal_order(4, dealer=4)
    Traceback (most recent call last):
    ...
    ValueError: no seat 4 at a table of 4
    """
    rules_for(players)
    if not 0 <= dealer < players:
        raise ValueError(f"no seat {dealer} at a table of {players}")
    return tuple(None if who is None else (dealer + 1 + who) % players
                 for who in _deal_plan(players))


def chien_positions(players: int) -> tuple[int, ...]:
    """The positions in the pack (0 is the top card, dealt first) that go to the chien.

    Never 0 nor 77, the first and the last card of the pack (see the module's docstring).

    >>> chien_positions(5)
    (18, 37, 56)
    """
    return tuple(i for i, who in enumerate(_deal_plan(players)) if who is None)


@dataclass(frozen=True, slots=True)
class Deal:
    """The result of a deal: one hand per seat, the chien, and who dealt."""

    hands: tuple[CardSet, ...]
    """Indexed by seat."""
    chien: CardSet
    dealer: int

    @property
    def players(self) -> int:
        """How many players hold cards."""
        return len(self.hands)

    @property
    def first_speaker(self) -> int:
        """The seat right of the dealer, who speaks first and leads the first trick."""
        return (self.dealer + 1) % self.players


def deal(
    players: int,
    dealer: int = 0,
    *,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
) -> Deal:
    """Deal a pack to ``players`` players (3, 4 or 5), ``dealer`` being the dealer's seat.

    The pack is ``deck`` when given (top card first: a prepared or already cut pack), else a
    fresh :func:`shuffled_deck` of ``seed`` (a CSPRNG when ``seed`` is ``None``); giving both
    is an error. Packets of :attr:`~rules_fr.table.TableRules.packet_size` cards go
    counter-clockwise to seats ``dealer + 1``, ``dealer + 2``, … (mod ``players``), and the
    chien takes the cards at :func:`chien_positions`.

    >>> d = deal(4, dealer=3, deck=list(DECK))  # an unshuffled pack shows the order
    >>> d.first_speaker, d.hands[0].codes()[:6]  # packets 1 and 5 go to seat 0
    (0, ['1S', '2S', '3S', 'KS', '1H', '2H'])
    >>> d.chien.codes()  # pack positions 9, 19, 32, 42, 55, 65
    ['10S', '6H', '5D', '1C', 'KC', 'T10']
    >>> d = deal(5, seed=42)
    >>> [len(h) for h in d.hands], len(d.chien), d == deal(5, seed=42)
    ([15, 15, 15, 15, 15], 3, True)
    """
    rules = rules_for(players)
    if not 0 <= dealer < players:
        raise ValueError(f"no seat {dealer} at a table of {players}")
    if deck is not None and seed is not None:
        raise ValueError("give a seed or a deck, not both")
    if deck is None:
        pack = shuffled_deck(seed)  # the 78 cards by construction
    else:
        pack = list(deck)
        if len(pack) != _DECK_SIZE or len(CardSet.of(pack)) != _DECK_SIZE:
            raise ValueError("a pack holds the 78 cards, each exactly once")
    masks = [0] * players
    chien = 0
    for card, who in zip(pack, _deal_plan(players), strict=True):
        if who is None:
            chien |= card.mask
        else:
            masks[(dealer + 1 + who) % players] |= card.mask
    result = Deal(tuple(CardSet(m) for m in masks), CardSet(chien), dealer)
    assert all(len(h) == rules.hand_size for h in result.hands)
    return result


# --- checks on a given deal ----------------------------------------------------------------


def check_deal(
    players: int, hands: Sequence[Iterable[Card]], chien: Iterable[Card]
) -> list[Violation]:
    """What is wrong with a deal given card by card (an empty list: a regular deal).

    Hands and chien are sequences of cards, not sets, so that a card given twice is seen. The
    checks, in order: one hand per player (``deal-hand-count``), each hand's size
    (``deal-hand-size``, with ``seat``), the chien's size (``deal-chien-size``), the number of
    cards (``deal-card-count``), each card given more than once (``deal-duplicate-card``, one
    per card), the cards given nowhere (``deal-missing-card``, all in one).

    >>> d = deal(3, seed=1)
    >>> check_deal(3, [list(h) for h in d.hands], list(d.chien))
    []
    >>> hands = [list(h) for h in d.hands]
    >>> moved = hands[0].pop()
    >>> hands[1].append(hands[1][0])
    >>> [(v.code.value, dict(v.params)) for v in check_deal(3, hands, list(d.chien))][:2]
    [('deal-hand-size', {'seat': 0, 'size': 23, 'expected': 24}), \
('deal-hand-size', {'seat': 1, 'size': 25, 'expected': 24})]
    """
    rules = rules_for(players)
    hand_lists = [list(hand) for hand in hands]
    chien_list = list(chien)
    found: list[Violation] = []
    # one hand per player
    if len(hand_lists) != players:
        found.append(violation(Code.DEAL_HAND_COUNT, hands=len(hand_lists), players=players))
    # hand sizes
    for seat, hand in enumerate(hand_lists):
        if len(hand) != rules.hand_size:
            found.append(
                violation(Code.DEAL_HAND_SIZE, seat=seat, size=len(hand),
                          expected=rules.hand_size)
            )
    # chien size
    if len(chien_list) != rules.chien_size:
        found.append(
            violation(Code.DEAL_CHIEN_SIZE, size=len(chien_list), expected=rules.chien_size)
        )
    # every card exactly once
    everything = [card for hand in hand_lists for card in hand] + chien_list
    if len(everything) != _DECK_SIZE:
        found.append(violation(Code.DEAL_CARD_COUNT, count=len(everything), expected=_DECK_SIZE))
    counts = Counter(everything)
    for card in sorted(card for card, n in counts.items() if n > 1):
        found.append(violation(Code.DEAL_DUPLICATE_CARD, card=card, count=counts[card]))
    missing = DECK - CardSet.of(everything)
    if missing:
        found.append(violation(Code.DEAL_MISSING_CARD, cards=list(missing)))
    return found


def is_petit_sec(hand: CardSet) -> bool:
    """Whether the petit is the hand's only trump and the hand has no excuse.

    >>> is_petit_sec(CardSet.parse(["T1", "KS", "2H"]))
    True
    >>> is_petit_sec(CardSet.parse(["T1", "EX", "KS"])), is_petit_sec(CardSet.parse(["T1", "T2"]))
    (False, False)
    """
    return hand.trumps() == CardSet(PETIT.mask) and EXCUSE not in hand


def check_hand_for_misdeal(hand: CardSet) -> list[Violation]:
    """``petit-sec`` when the hand holds the petit sec: it must be announced, the hand shown,
    and the deal annulled before the bidding (see :func:`redeal` for who deals next).

    >>> [v.code.value for v in check_hand_for_misdeal(CardSet.parse(["T1", "KS"]))]
    ['petit-sec']
    >>> check_hand_for_misdeal(CardSet.parse(["T1", "T2", "KS"]))
    []
    """
    if is_petit_sec(hand):
        return [violation(Code.PETIT_SEC, card=PETIT)]
    return []


# --- who deals next ------------------------------------------------------------------------


def next_dealer(dealer: int, players: int) -> int:
    """After a deal played out, the deal passes to the right: seat ``(dealer + 1) % players``.

    >>> next_dealer(0, 4), next_dealer(3, 4), next_dealer(4, 5)
    (1, 0, 0)
    """
    return (dealer + 1) % players


class RedealReason(StrEnum):
    """Why a deal is dealt again before being played."""

    ALL_PASSED = "all-passed"
    """Everyone passed: the player right of the dealer deals (the deal passes on)."""
    PETIT_SEC = "petit-sec"
    """A petit sec annulled the deal: nobody is at fault, the same dealer deals again."""
    MISDEAL = "misdeal"
    """A fault in the deal (fausse donne): the same dealer deals again and may not bid."""
    REFEREE = "referee"
    """The referee of a table annuls the deal (his ruling on a revoke or an irregularity the
    finished deal revealed): nobody misdealt, the same dealer deals again and may bid."""


@dataclass(frozen=True, slots=True)
class Redeal:
    """Who deals the new deal, and whether he may bid on it."""

    dealer: int
    dealer_may_bid: bool


def redeal(reason: RedealReason, dealer: int, players: int) -> Redeal:
    """Who deals after a deal that is not played.

    * All passed: the seeds say the player right of the dealer deals again.
    * Misdeal: the seeds say the same dealer deals again "mais ne peut pas prendre à ce tour".
    * Petit sec: the seeds and the FFT only say the deal is annulled before the bidding. No
      one is at fault and the deal was never played, so the turn to deal does not pass: the
      same dealer deals again, with the right to bid (as clubs apply it, e.g. "la donne est
      annulée et alors redistribuée par le même donneur").

    >>> redeal(RedealReason.ALL_PASSED, 3, 4)
    Redeal(dealer=0, dealer_may_bid=True)
    >>> redeal(RedealReason.MISDEAL, 3, 4)
    Redeal(dealer=3, dealer_may_bid=False)
    >>> redeal(RedealReason.PETIT_SEC, 3, 4)
    Redeal(dealer=3, dealer_may_bid=True)

    * The referee's annulment (a table's ``annul``): the deal was never scored and no one
      misdealt, so the same dealer deals again, with the right to bid, as after a petit sec.
    """
    if reason is RedealReason.ALL_PASSED:
        return Redeal(next_dealer(dealer, players), True)
    if reason is RedealReason.MISDEAL:
        return Redeal(dealer, False)
    return Redeal(dealer, True)
