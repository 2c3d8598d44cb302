"""Which card to play, and why: the bots' policy and the tutor's card advice.

The policy knows only what the player knows (a :class:`~rules_fr.simulate.PlayContext`): his
hand, the cards played, the contract, the taker, the called card and the partner once shown,
the suits each player has shown he lacks. It always returns a legal card, uses no randomness
(the same position gives the same card, so a seeded deal replays identically), and costs a
few dozen microseconds: every test is a few operations on 78-bit card masks.

The strategy is the classic one taught in clubs, in the order the policy applies it:

**The excuse.** Never kept for the last trick, where it would change camp: it goes at the
latest on the trick before (``play-excuse-before-last``), unless a chelem is on
(``play-excuse-kept-for-chelem``). Before that it saves a card the other camp would take — an
honour that must follow under a lost trick (``play-excuse-saves``), or the petit forced under a
higher trump (``play-excuse-protects-petit``).

**The petit.** Played only where nobody can take it: last to a trick it wins, into a trick a
partner surely wins, or once the other camp has no trump left (``play-petit-safe``); the taker
who holds nothing but sure winners besides keeps it for the last trick (petit au bout,
``play-petit-kept-for-end``). An opponent's petit is captured with the highest trump
(``play-capture-petit``); a defence long in trumps leads them while the petit is out
(``play-hunt-petit``).

**Leading.** The taker long in trumps draws the defence's (``play-draw-trumps``); at five players
he leads the called suit for his partner's king (``play-lead-to-partner``), and the partner leads
that king himself when it is safe (``play-lead-called-king``). The attack cashes a master card
— a king, or a card whose betters have all fallen — while nobody has shown a void in its suit
(``play-cash-master``), then leads low in its longest suit to establish it
(``play-lead-long-suit``). The defence does not lead its kings into the taker's voids — he made
them in his écart — but once he has no trump left; it leads the suits he has shown he lacks, to
make him trump (``play-lead-taker-void``), or low in its longest suit without its king
(``play-lead-low``), and does not lead trumps blindly (``play-no-blind-trump``).

The choices that simulation could settle were settled by it (``scripts/simulate.py``, the bots
against themselves over the same deals): the taker leading his longest suit rather than his
shortest gained about 6 points a deal at four players; a defence that leads its kings only once
the taker is out of trumps, about 16.

**Following.** Points go to a trick a partner surely wins (``play-charge``); a king is played
on the first round of its suit when nobody after is likely to trump it, and the partner at five
plays the called king the same way (``play-king-first-round``, ``play-called-king``); last to
play, the trick is taken with the richest card that wins it (``play-win-last``); otherwise with
the cheapest card that is sure to win (``play-win-cheap``), and when no card is sure, the one
worth least (``play-duck``, ``play-discard-low``). Void in the suit: trump to win, high enough
when points are at stake and someone after may overtrump (``play-trump-win``,
``play-trump-high``), the lowest trump when the trick is lost or the partner's
(``play-trump-low``).

>>> from rules_fr.contracts import Contract
>>> ctx = make_context(4, CardSet.parse(["KH", "2H", "T5", "EX"]), parse_cards(["7H"]),
...                    seat=1, taker=3, contract=Contract.GARDE)
>>> advice = advise_play(ctx)
>>> advice.card, [r.code.value for r in advice.reasons]
(Card('KH'), ['play-king-first-round'])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from rules_fr.advice.reasons import Reason, ReasonCode, reason
from rules_fr.cards import (
    CARDS,
    EXCUSE,
    EXCUSE_MASK,
    FULL_MASK,
    PETIT,
    SUIT_ORDER,
    TRUMP_MASK,
    TRUMPS_ABOVE,
    Card,
    CardSet,
    suit_mask,
)
from rules_fr.contracts import Contract
from rules_fr.counting import PlayedTrick
from rules_fr.donne import Donne
from rules_fr.play import legal_cards, trick_winner
from rules_fr.simulate import PlayContext, voids_after

__all__ = [
    "PlayAdvice",
    "advise_play",
    "context_for_donne",
    "make_context",
    "play_policy",
]

_PLAIN_MASKS: Final = tuple(suit_mask(suit) for suit in SUIT_ORDER)
_PLAIN_MASK: Final = sum(_PLAIN_MASKS)
_PETIT: Final = PETIT.mask
_KINGS: Final = sum(card.mask for card in CARDS if card.is_king)


def _above(card: Card) -> int:
    if card.is_trump:
        return TRUMPS_ABOVE[card.rank]
    if card.is_excuse:
        return 0
    return card.suit_bits & ~((card.mask << 1) - 1)


_ABOVE: Final = tuple(_above(card) for card in CARDS)
"""Per card index: the cards of its suit (or the trumps) that beat it."""
_POINTS: Final = tuple(card.points_half for card in CARDS)
_VALUABLE: Final = 5
"""Half-points from which a card is worth saving with the excuse (cavalier, dame, roi)."""
_RICH_TRICK: Final = 9
"""Half-points in a trick from which a trump high enough to keep it is worth spending."""
_HUNT: Final = 28
"""A defence hunts the petit with trumps × players ≥ this: 7 trumps at four players, 6 at
five, 10 at three."""


@dataclass(frozen=True, slots=True)
class PlayAdvice:
    """The card to play and why."""

    card: Card
    reasons: tuple[Reason, ...]


# --- small mask helpers ------------------------------------------------------------------

def _low(mask: int) -> Card:
    """The lowest card of ``mask`` in deck order (the lowest rank within one suit)."""
    return CARDS[(mask & -mask).bit_length() - 1]


def _high(mask: int) -> Card:
    return CARDS[mask.bit_length() - 1]


def _cards(mask: int) -> list[Card]:
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def _cheapest(mask: int, hand: int) -> Card:
    """The card worth least; at equal points the lowest rank, from the longest suit."""
    return min(_cards(mask), key=lambda c: (_POINTS[c.index], c.rank,
                                            -(hand & c.suit_bits).bit_count(), c.index))


def _dearest(mask: int) -> Card:
    return max(_cards(mask), key=lambda c: (_POINTS[c.index], c.rank, c.index))


# --- what the player knows ---------------------------------------------------------------

class _View:
    """The position from the player's seat: camps as he knows them, unseen cards, voids."""

    __slots__ = ("ctx", "n", "me", "hand", "legal", "unseen", "voids", "attack", "camp_known")

    def __init__(self, ctx: PlayContext) -> None:
        self.ctx = ctx
        self.n = ctx.players
        self.me = ctx.seat
        self.hand = ctx.hand.mask
        self.legal = ctx.legal.mask
        in_trick = 0
        for card in ctx.trick:
            in_trick |= card.mask
        known = ctx.played.mask | self.hand | in_trick
        if ctx.ecart is not None:
            known |= ctx.ecart.mask
        self.unseen = FULL_MASK & ~known
        self.voids = ctx.voids if len(ctx.voids) == self.n else (0,) * self.n
        self.camp_known = ctx.partner_known and ctx.taker is not None
        self.attack = ctx.taker is not None and (
            self.me == ctx.taker or (ctx.partner_known and ctx.partner == self.me))

    def friend(self, seat: int) -> int:
        """1 a partner, -1 an opponent, 0 unknown (five players before the call shows)."""
        ctx = self.ctx
        if seat == self.me:
            return 1
        if ctx.taker is None:
            return 0
        if self.camp_known:
            theirs = seat == ctx.taker or (ctx.partner is not None and seat == ctx.partner)
            return 1 if theirs == self.attack else -1
        if self.attack:  # the taker, partner unknown yet
            return 0
        return -1 if seat == ctx.taker else 0

    def others_after(self, position: int) -> list[int]:
        """The seats still to play after the one at ``position`` in the current trick."""
        leader, n = self.ctx.leader, self.n
        return [(leader + i) % n for i in range(position + 1, n)]

    def suit_risky(self, suit_bits: int, seats: Sequence[int]) -> bool:
        """Whether one of ``seats`` (opponents or unknown) may trump a card of this suit: he has
        shown a void in it while trumps are out, or fewer cards of it are out than players.

        (Simulations: a stricter guess of hidden voids made the taker cash fewer kings and
        lose about 15 points a deal.)"""
        unseen_trumps = self.unseen & TRUMP_MASK
        if not unseen_trumps or not seats:
            return False
        for seat in seats:
            void = self.voids[seat]
            if void & suit_bits and not void & TRUMP_MASK:
                return True
        left = (self.unseen & suit_bits).bit_count()
        return left < len(seats)

    def beaten_later(self, card: Card, led: Card, seats: Sequence[int]) -> bool:
        """Whether one of ``seats`` may beat ``card`` in a trick whose suit ``led`` set."""
        if not seats:
            return False
        if card.is_trump:
            higher = self.unseen & TRUMPS_ABOVE[card.rank]
            return bool(higher) and any(not self.voids[s] & TRUMP_MASK for s in seats)
        higher = self.unseen & _ABOVE[card.index]
        if higher and any(not self.voids[s] & led.suit_bits for s in seats):
            return True
        return self.suit_risky(led.suit_bits, seats)

    def enemies(self, seats: Sequence[int]) -> list[int]:
        return [s for s in seats if self.friend(s) != 1]


# --- the policy ------------------------------------------------------------------------

def advise_play(ctx: PlayContext) -> PlayAdvice:
    """The card to play in ``ctx`` and the reasons; always one of ``ctx.legal``."""
    card, why = _choose(ctx)
    if not ctx.legal.mask & card.mask:  # never happens; a last guard keeps the promise
        card = _cheapest(ctx.legal.mask, ctx.hand.mask)
        why = (reason(ReasonCode.PLAY_DUCK, card=card),)
    return PlayAdvice(card, why)


def play_policy(ctx: PlayContext, rng: random.Random) -> Card:
    """:func:`advise_play` as the simulator's :data:`~rules_fr.simulate.ContextPolicy`
    (``rng`` is not used: the policy is deterministic)."""
    card = _choose(ctx)[0]
    if not ctx.legal.mask & card.mask:
        return _cheapest(ctx.legal.mask, ctx.hand.mask)
    return card


def _one(code: ReasonCode, card: Card, **params: object) -> tuple[Card, tuple[Reason, ...]]:
    return card, (reason(code, card=card, **params),)


def _choose(ctx: PlayContext) -> tuple[Card, tuple[Reason, ...]]:
    legal = ctx.legal.mask
    if not legal & (legal - 1):
        return _one(ReasonCode.PLAY_ONLY_CARD, _low(legal))
    view = _View(ctx)
    hand = view.hand

    # The excuse is never kept for the last trick (but in a chelem).
    if legal & EXCUSE_MASK and hand.bit_count() == 2:
        other = _low(hand & ~EXCUSE_MASK)
        if _chelem_on(ctx, view, other):
            return _one(ReasonCode.PLAY_EXCUSE_KEPT_FOR_CHELEM, other)
        return _one(ReasonCode.PLAY_EXCUSE_BEFORE_LAST, EXCUSE)

    led = None
    for card in ctx.trick:
        if not card.is_excuse:
            led = card
            break
    if led is None:
        return _lead(ctx, view)
    return _follow(ctx, view, led)


def _chelem_on(ctx: PlayContext, view: _View, other: Card) -> bool:
    """Whether the player's camp has won every trick so far and should keep the excuse for
    the last one (where it wins in a chelem): the taker's chelem announced, or the player
    leads now with a trump nobody can beat. Only the taker's camp: a defender's excuse at
    the last trick wins nothing, chelem or not (excuse.chelem)."""
    if not ctx.history or not view.attack:
        return False
    n = view.n
    for trick in ctx.history:
        if view.friend(trick.winner_seat(n)) != 1:
            return False
    if ctx.chelem_announced and view.attack:
        return True
    return not ctx.trick and other.is_trump and not view.unseen & TRUMPS_ABOVE[other.rank]


# --- leading ---------------------------------------------------------------------------

def _lead(ctx: PlayContext, view: _View) -> tuple[Card, tuple[Reason, ...]]:
    hand, legal, unseen = view.hand, view.legal, view.unseen
    plain = legal & _PLAIN_MASK
    trumps = legal & TRUMP_MASK
    others = view.enemies(view.others_after(len(ctx.trick)))
    unseen_trumps = unseen & TRUMP_MASK
    taker = ctx.taker is not None and view.me == ctx.taker

    # The petit, once the other camp holds no trump: banked, or kept for the last trick.
    if legal & _PETIT and not unseen_trumps:
        rest = hand & ~_PETIT & ~EXCUSE_MASK
        sure = rest and all(not unseen & _ABOVE[c.index] and (c.is_trump or not unseen_trumps)
                            for c in _cards(rest))
        if taker and sure and legal & rest:
            return _one(ReasonCode.PLAY_PETIT_KEPT_FOR_END, _high(legal & rest))
        return _one(ReasonCode.PLAY_PETIT_SAFE, PETIT, why="no-trumps")

    if view.attack:
        # The taker long in trumps draws the defence's.
        held = (hand & TRUMP_MASK).bit_count()
        out = unseen_trumps.bit_count()
        if taker and trumps and out and held >= out:
            top = _high(trumps)
            if not unseen & TRUMPS_ABOVE[top.rank]:
                return _one(ReasonCode.PLAY_DRAW_TRUMPS, top, held=held, out=out)
            low = trumps & ~_PETIT
            if low:
                return _one(ReasonCode.PLAY_DRAW_TRUMPS, _low(low), held=held, out=out)
        called = ctx.called_card
        if called is not None and not ctx.played.mask & called.mask:
            if legal & called.mask and not view.suit_risky(called.suit_bits, others):
                return _one(ReasonCode.PLAY_LEAD_CALLED_KING, called)
            if taker and not ctx.partner_known:
                towards = plain & called.suit_bits & ~called.mask
                if towards:
                    return _one(ReasonCode.PLAY_LEAD_TO_PARTNER, _low(towards),
                                suit=called.suit)

    # A master card while its suit is safe; in defence, once the taker has no trump left.
    taker_out = ctx.taker is not None and bool(view.voids[ctx.taker] & TRUMP_MASK)
    best = None
    for bits in _PLAIN_MASKS:
        mine = plain & bits
        if not mine:
            continue
        top = _high(mine)
        if unseen & _ABOVE[top.index] or view.suit_risky(bits, others):
            continue
        if not view.attack and not taker_out:
            continue  # the taker made voids in his écart: he would trump it
        if best is None or _POINTS[top.index] > _POINTS[best.index]:
            best = top
    if best is not None and _POINTS[best.index] >= 3:
        return _one(ReasonCode.PLAY_CASH_MASTER, best)

    if view.attack:
        # Low in the longest suit, to establish it (a suit without its king first).
        if plain:
            suit = max((bits for bits in _PLAIN_MASKS if plain & bits),
                       key=lambda bits: ((hand & bits).bit_count(), not hand & bits & _KINGS))
            card = _low(plain & suit)
            # "to make its other cards good" only when one of them is not good yet: a
            # card of that suit left beside it that an unseen card still beats
            rest = hand & suit & ~(1 << card.index)
            establish = any(unseen & _ABOVE[c.index] for c in CardSet(rest))
            return _one(ReasonCode.PLAY_LEAD_LONG_SUIT, card, suit=card.suit,
                        establish=establish)
    else:
        taker_seat = ctx.taker
        # Hunt the petit: long in trumps while it is out.
        if (trumps and unseen & _PETIT and taker_seat is not None
                and not view.voids[taker_seat] & TRUMP_MASK
                and (hand & TRUMP_MASK).bit_count() * view.n >= _HUNT):
            return _one(ReasonCode.PLAY_HUNT_PETIT, _high(trumps))
        # A suit the taker lacks, to make him trump.
        if taker_seat is not None and unseen_trumps and not view.voids[taker_seat] & TRUMP_MASK:
            for bits in _PLAIN_MASKS:
                if plain & bits and view.voids[taker_seat] & bits:
                    return _one(ReasonCode.PLAY_LEAD_TAKER_VOID, _low(plain & bits),
                                suit=_low(bits).suit)
        if plain:
            pool = [bits for bits in _PLAIN_MASKS if plain & bits and not hand & bits & _KINGS]
            kingless = bool(pool)
            if not pool:
                pool = [bits for bits in _PLAIN_MASKS if plain & bits]
            suit = max(pool, key=lambda bits: (hand & bits).bit_count())
            card = _low(plain & suit)
            why = [reason(ReasonCode.PLAY_LEAD_LOW, card=card, suit=card.suit,
                          kingless=kingless)]
            if trumps:
                why.append(reason(ReasonCode.PLAY_NO_BLIND_TRUMP))
            return card, tuple(why)

    # Only trumps (and perhaps the excuse) to lead.
    if trumps:
        top = _high(trumps)
        if not unseen & TRUMPS_ABOVE[top.rank] and unseen_trumps:
            return _one(ReasonCode.PLAY_DRAW_TRUMPS, top,
                        held=(hand & TRUMP_MASK).bit_count(), out=unseen_trumps.bit_count())
        low_trumps = trumps & ~_PETIT
        if low_trumps:
            return _trump_low(_low(low_trumps), hand, legal)
    if legal & EXCUSE_MASK:
        return _one(ReasonCode.PLAY_EXCUSE_PROTECTS_PETIT if legal & _PETIT
                    else ReasonCode.PLAY_DUCK, EXCUSE)
    return _one(ReasonCode.PLAY_DUCK, _cheapest(legal, hand))


# --- following -------------------------------------------------------------------------

def _follow(ctx: PlayContext, view: _View, led: Card) -> tuple[Card, tuple[Reason, ...]]:
    trick = ctx.trick
    hand, legal, unseen = view.hand, view.legal, view.unseen
    n = view.n
    win_at = trick_winner(trick)
    winner = trick[win_at]
    winner_seat = (ctx.leader + win_at) % n
    later = view.others_after(len(trick))
    threats = view.enemies(later)
    partner_wins = view.friend(winner_seat) == 1 and not view.beaten_later(winner, led, threats)
    points = sum(_POINTS[c.index] for c in trick)
    top_trump = max((c.rank for c in trick if c.is_trump), default=0)
    following = legal & led.suit_bits & ~EXCUSE_MASK
    trumps = legal & TRUMP_MASK
    excuse = legal & EXCUSE_MASK and hand.bit_count() > 2

    def save_or(card: Card, code: ReasonCode) -> tuple[Card, tuple[Reason, ...]]:
        """``card`` to a lost trick, unless the excuse should save it."""
        if excuse and card is PETIT:
            return _one(ReasonCode.PLAY_EXCUSE_PROTECTS_PETIT, EXCUSE)
        if excuse and _POINTS[card.index] >= _VALUABLE and not partner_wins:
            return EXCUSE, (reason(ReasonCode.PLAY_EXCUSE_SAVES, card=card),)
        if code is ReasonCode.PLAY_TRUMP_LOW:
            return _trump_low(card, hand, legal)
        return _one(code, card)

    if following and not led.is_trump:
        winners = following & _ABOVE[winner.index] if not top_trump else 0
        if partner_wins:
            # Points to the partner's trick; a card that overtakes his takes the trick itself,
            # and is given only when nobody after can beat it either.
            card = _dearest(following)
            if not card.mask & winners:
                return _one(ReasonCode.PLAY_CHARGE, card, winner=winner_seat)
            if not view.beaten_later(card, led, threats):
                return _one(ReasonCode.PLAY_CHARGE, card, winner=view.me, takes=True)
            under = following & ~winners
            if under:
                return _one(ReasonCode.PLAY_CHARGE, _dearest(under), winner=winner_seat)
        if winners:
            if not threats:
                return _one(ReasonCode.PLAY_WIN_LAST, _dearest(winners),
                            why=_after(ctx, view))
            for card in _cards(winners):  # the cheapest sure winner
                if not view.beaten_later(card, led, threats):
                    if card is ctx.called_card:
                        return _one(ReasonCode.PLAY_CALLED_KING, card)
                    if card.is_king and not _suit_seen(ctx, card.suit_bits):
                        return _one(ReasonCode.PLAY_KING_FIRST_ROUND, card)
                    return _one(ReasonCode.PLAY_WIN_CHEAP, card)
        return save_or(_low(following), ReasonCode.PLAY_DUCK)

    if trumps:
        enemy_petit = any(card is PETIT and view.friend((ctx.leader + i) % n) != 1
                          for i, card in enumerate(trick))
        higher = trumps & TRUMPS_ABOVE[top_trump]
        if enemy_petit and higher:
            return _one(ReasonCode.PLAY_CAPTURE_PETIT, _high(higher))
        if partner_wins and winner.is_trump:  # under the partner's trump
            if trumps & _PETIT:
                return _one(ReasonCode.PLAY_PETIT_SAFE, PETIT, why="partner")
            return _trump_low(_low(trumps), hand, legal)
        if higher:
            if higher & _PETIT and not view.beaten_later(PETIT, led, threats):
                return _one(ReasonCode.PLAY_PETIT_SAFE, PETIT,
                            why="none-after" if threats else _after(ctx, view))
            cheap = higher & ~_PETIT
            if not cheap:
                return save_or(PETIT, ReasonCode.PLAY_TRUMP_LOW)
            if not threats:
                return _one(ReasonCode.PLAY_TRUMP_WIN, _low(cheap), sure="none-after")
            low = _low(cheap)
            if not view.beaten_later(low, led, threats):
                return _one(ReasonCode.PLAY_TRUMP_WIN, low, sure="expected")
            if points >= _RICH_TRICK or (not led.is_trump and _POINTS[led.index] >= 3):
                for card in _cards(cheap):
                    if not unseen & TRUMPS_ABOVE[card.rank]:
                        return _one(ReasonCode.PLAY_TRUMP_HIGH, card, sure=True)
                if points >= _RICH_TRICK:
                    return _one(ReasonCode.PLAY_TRUMP_HIGH, _high(cheap), sure=False)
            return _one(ReasonCode.PLAY_TRUMP_WIN, low, sure="for-now")
        low_trumps = trumps & ~_PETIT
        if low_trumps:
            card, why = _trump_low(_low(low_trumps), hand, legal)
            if trumps & _PETIT and top_trump > 1:  # the petit would fall under a higher trump
                why += (reason(ReasonCode.PLAY_KEEP_PETIT, card=PETIT, over=f"T{top_trump}"),)
            return card, why
        return save_or(PETIT, ReasonCode.PLAY_TRUMP_LOW)

    # Neither the suit nor a trump: discard.
    cards = legal & ~EXCUSE_MASK
    if not cards:
        return _one(ReasonCode.PLAY_DUCK, EXCUSE)
    if partner_wins:
        return _one(ReasonCode.PLAY_CHARGE, _dearest(cards), winner=winner_seat)
    return save_or(_cheapest(cards, hand), ReasonCode.PLAY_DISCARD_LOW)


def _after(ctx: PlayContext, view: _View) -> str:
    """Why nobody after can beat the card: ``last`` to play, or ``partners-after`` — only the
    player's partners are still to play (the sentence must not say "last" then)."""
    return "last" if len(ctx.trick) == view.n - 1 else "partners-after"


def _trump_low(card: Card, hand: int, legal: int) -> tuple[Card, tuple[Reason, ...]]:
    """``play-trump-low`` saying which lowest ``card`` is: the lowest trump held (``hand``),
    the lowest but the petit (``but-petit``, kept), or the lowest one may play here
    (``legal``: lower ones held must not be played, one has to overtrump)."""
    held = hand & TRUMP_MASK
    if card is _low(held):
        lowest = "hand"
    elif held & _PETIT and card is _low(held & ~_PETIT):
        lowest = "but-petit"
    else:
        lowest = "legal"
    # "keep the high ones for later" only when the hand holds a trump above the one played
    higher = (held & TRUMPS_ABOVE[card.rank]).bit_count()
    return _one(ReasonCode.PLAY_TRUMP_LOW, card, lowest=lowest, higher=higher)


def _suit_seen(ctx: PlayContext, suit_bits: int) -> bool:
    """Whether a trick of this suit was already played (the suit's first round is over)."""
    for trick in ctx.history:
        for card in trick.cards:
            if not card.is_excuse:
                if card.mask & suit_bits:
                    return True
                break
    return False


# --- contexts from other places ----------------------------------------------------------

def make_context(
    players: int,
    hand: CardSet,
    trick: Sequence[Card] = (),
    *,
    seat: int | None = None,
    taker: int | None = None,
    contract: Contract | None = None,
    called_card: Card | None = None,
    partner: int | None = None,
    history: Sequence[PlayedTrick] = (),
    chien: CardSet | None = None,
    ecart: CardSet | None = None,
    chelem_announced: bool = False,
    first_trick: bool | None = None,
) -> PlayContext:
    """A :class:`~rules_fr.simulate.PlayContext` from what a learner can tell the tutor: the
    hand and the trick, and when known the seat, the taker, the contract, the called card and
    the earlier tricks. The seat defaults to 0; the camps are unknown without a taker. The
    legal cards, the cards played, the voids shown and whether the partner is known are
    worked out here, as the table would. ``first_trick`` (for the five-player first lead)
    defaults to whether ``history`` is empty.

    >>> ctx = make_context(4, CardSet.parse(["2H", "T5"]), parse_cards(["7H"]), seat=2)
    >>> ctx.leader, ctx.legal.codes()
    (1, ['2H'])
    """
    me = 0 if seat is None else seat
    leader = (me - len(trick)) % players
    number = len(history)
    first = number == 0 if first_trick is None else first_trick
    legal = legal_cards(hand, trick, called_card=called_card, first_trick=first)
    played = 0
    voids = [0] * players
    shown_holder: int | None = None  # who played the called card, when he did
    for past in (*history, PlayedTrick(leader, tuple(trick))):
        led = None
        for position, card in enumerate(past.cards):
            holder = past.seat_of(position, players)
            if led is None and not card.is_excuse:
                led = card
            else:
                voids[holder] = voids_after(voids[holder], led, card)
            if card is called_card:
                shown_holder = holder
    for past in history:
        for card in past.cards:
            played |= card.mask

    # Who the partner is, as this seat knows it.
    if players < 5:
        knows, partner = True, None
    elif called_card is None:
        knows = partner is not None
    elif shown_holder is not None:
        knows, partner = True, (None if shown_holder == taker else shown_holder)
    elif hand.mask & called_card.mask:
        knows, partner = True, (None if me == taker else me)
    elif me == taker and any(s is not None and s.mask & called_card.mask
                             for s in (chien, ecart)):
        knows, partner = True, None
    else:
        knows = partner is not None
        if knows and partner != me:  # only the holder knows before the card shows
            knows, partner = False, None
    return PlayContext(
        players=players, seat=me, hand=hand, trick=tuple(trick), legal=legal, leader=leader,
        trick_number=number, taker=taker, contract=contract, called_card=called_card,
        partner=partner if knows else None, partner_known=knows and taker is not None,
        played=CardSet(played), history=tuple(history), chien=chien,
        ecart=ecart if taker is not None and me == taker else None, voids=tuple(voids),
        chelem_announced=chelem_announced,
    )


def context_for_donne(donne: Donne, seat: int) -> PlayContext:
    """The context of ``seat`` in a :class:`rules_fr.donne.Donne` in its playing phase (what
    the bots of the tables see): the partner is known to himself, and to all once the called
    card was played; the chien when it was shown; the écart to the taker only."""
    shown = donne.contract is not None and donne.contract.taker_takes_chien
    return make_context(
        donne.players, donne.hands[seat], list(donne.trick), seat=seat, taker=donne.taker,
        contract=donne.contract, called_card=donne.called_card,
        partner=donne.partner if seat == donne.partner else None,
        history=donne.tricks, chien=donne.chien if shown else None,
        ecart=donne.ecart, chelem_announced=donne.chelem_announced,
    )


# Doctest helpers.
from rules_fr.cards import parse_cards  # noqa: E402,F401
