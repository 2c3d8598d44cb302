"""A double-dummy solver: with every hand visible, what each legal card is worth.

From any position of a deal's play (every seat's remaining cards, the trick in progress, what
the taker's side has already won), :func:`solve` gives the value of every legal card of the
seat to play with best play by both sides after it, the best cards and a principal line, for
one of two objectives:

- ``points``: the taker's side's card points at the end of the deal, in half-points
  (``won_points_half`` included);
- ``score``: the deal's value per defender as :func:`rules_fr.scoring.score_count` gives it
  (contract made or failed by how much, petit au bout, poignées, chelem): the taker's side
  maximises it, the defence minimises it.

The rules are the core's: :func:`rules_fr.play.legal_mask` for the cards allowed,
:func:`rules_fr.play.trick_winner` for the trick, the excuse as :mod:`rules_fr.counting`
counts it (it stays with its owner's side, which gives back a half-point card, except at
the last trick, where it goes to the trick's winner — unless the taker's side has won every
other trick, when it wins that trick), the petit au bout to the side that wins the last trick
(or the penultimate one when the excuse wins the last), and the score from
:func:`rules_fr.scoring.score_count`.

The search, after Bo Haglund's DDS: alpha-beta, card by card, with move ordering; cards of one
hand that are equivalent (same suit, same card points, no other hand's card left between
them, and never the petit) tried once; a transposition table at every trick's start keyed on
the remaining card sets, the leader and what the rest of the deal depends on (for ``points``
the values are stored relative to the points already won, so transpositions that gave the
same side different points share an entry); quick bounds from the cards sure to come home
(trumps above every opposing trump, the excuse with two tricks or more to go); MTD(f),
zero-window searches converging on each card's value.

>>> from rules_fr.cards import CardSet
>>> pos = Position(players=3, hands=(CardSet.parse(["EX", "2C"]), CardSet.parse(["KH", "3H"]),
...                CardSet.parse(["4H", "5H"])), leader=0, trick=(), taker=0, partner=None,
...                contract=Contract.GARDE, won_points_half=80, won_tricks=(10, 12))
>>> s = solve(pos, Objective.POINTS)
>>> [(v.card.code, v.value) for v in s.values], [c.code for c in s.best]
([('2C', 83), ('EX', 88)], ['EX'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Final, NamedTuple

from rules_fr.cards import (
    BOUT_MASK,
    CARDS,
    EXCUSE,
    EXCUSE_MASK,
    PETIT,
    TRUMP_MASK,
    Card,
    CardSet,
)
from rules_fr.contracts import Camp, Contract
from rules_fr.counting import EXCHANGE_HALF, PlayedTrick
from rules_fr.play import legal_mask, trick_winner
from rules_fr.poignee import PoigneeLevel
from rules_fr.scoring import score_count

__all__ = [
    "BudgetExceeded",
    "CardValue",
    "EndFacts",
    "Objective",
    "Position",
    "PositionError",
    "Solution",
    "Solver",
    "deal_position",
    "end_facts",
    "end_value",
    "final_tricks",
    "final_value",
    "play_card",
    "solve",
    "verify_position",
]

_INF: Final = 1 << 30


class Objective(StrEnum):
    """What the sides play for: the taker's side's card points, or the deal's score."""

    POINTS = "points"
    SCORE = "score"


class PositionError(ValueError):
    """A position no deal can reach; ``field`` names the input at fault, ``reason`` says why
    (a stable code), ``params`` the figures involved."""

    def __init__(self, field: str, reason: str, **params: object) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason
        self.params = params


class BudgetExceeded(RuntimeError):
    """The search used more nodes than its budget allowed."""


@dataclass(frozen=True, slots=True)
class Position:
    """A position of a deal's play, all hands visible.

    ``hands[s]`` is seat ``s``'s remaining cards; ``trick`` the cards of the trick in
    progress, led by ``leader`` (who leads the next trick when it is empty);
    ``won_points_half``, ``won_bouts`` what the taker's side has won so far (the chien or the
    écart included when they count for it), ``won_tricks`` the tricks won so far by the
    taker's side and by the defence. ``first_trick`` with ``called_card``: the five-player
    first lead may not be in the called suit. ``petit_previous_trick``: the petit fell in the
    trick just completed (it matters only for the last trick: a taker's excuse that wins it in
    a chelem puts the petit au bout at the penultimate trick).
    """

    players: int
    hands: tuple[CardSet, ...]
    leader: int
    trick: tuple[Card, ...]
    taker: int
    partner: int | None
    contract: Contract
    won_points_half: int = 0
    won_bouts: int = 0
    won_tricks: tuple[int, int] = (0, 0)
    poignees: tuple[tuple[Camp, PoigneeLevel], ...] = ()
    chelem_announced: bool = False
    first_trick: bool = False
    called_card: Card | None = None
    petit_previous_trick: bool = False

    @property
    def seat_to_play(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    @property
    def tricks_left(self) -> int:
        """Tricks still to complete, the one in progress included."""
        return len(self.hands[self.leader]) + (1 if self.trick else 0)


def verify_position(pos: Position) -> None:
    """Raise :class:`PositionError` naming the field at fault when no deal reaches ``pos``.

    >>> from rules_fr.cards import CardSet
    >>> bad = Position(players=3, hands=(CardSet.parse(["KH"]), CardSet.parse(["KH"]),
    ...                CardSet.parse(["2S"])), leader=0, trick=(), taker=0, partner=None,
    ...                contract=Contract.GARDE)
    >>> try:
    ...     verify_position(bad)
    ... except PositionError as e:
    ...     print(e.field, e.reason, e.params)
    hands.1 card-twice {'card': 'KH'}
    """
    n = pos.players
    if n not in (3, 4, 5):
        raise PositionError("players", "players-range", players=n)
    if len(pos.hands) != n:
        raise PositionError("hands", "hands-count", players=n, hands=len(pos.hands))
    for name, seat in (("leader", pos.leader), ("taker", pos.taker)):
        if not 0 <= seat < n:
            raise PositionError(name, "seat-range", seat=seat, players=n)
    if pos.partner is not None:
        if n != 5:
            raise PositionError("partner", "partner-not-five", players=n)
        if not 0 <= pos.partner < n or pos.partner == pos.taker:
            raise PositionError("partner", "seat-range", seat=pos.partner, players=n)
    if len(pos.trick) >= n:
        raise PositionError("trick", "trick-complete", players=n)
    seen = 0
    for seat, hand in enumerate(pos.hands):
        if hand.mask & seen:
            card = CARDS[(hand.mask & seen).bit_length() - 1]
            raise PositionError(f"hands.{seat}", "card-twice", card=card.code)
        seen |= hand.mask
    for i, card in enumerate(pos.trick):
        if card.mask & seen:
            raise PositionError(f"trick.{i}", "card-twice", card=card.code)
        seen |= card.mask
    to_play = len(pos.hands[pos.seat_to_play])
    if to_play == 0:
        raise PositionError("hands", "no-cards")
    for i in range(n):
        seat = (pos.leader + i) % n
        expected = to_play - 1 if i < len(pos.trick) else to_play
        if len(pos.hands[seat]) != expected:
            raise PositionError(f"hands.{seat}", "hand-size", seat=seat,
                                expected=expected, found=len(pos.hands[seat]))
    cards_left = seen.bit_count()
    remaining_bouts = (seen & BOUT_MASK).bit_count()
    if not 0 <= pos.won_bouts <= 3 - remaining_bouts:
        raise PositionError("won.bouts", "bouts-range", bouts=pos.won_bouts,
                            most=3 - remaining_bouts)
    remaining_half = CardSet(seen).points_half()
    if not 0 <= pos.won_points_half <= 182 - remaining_half:
        raise PositionError("won.points", "points-range", points_half=pos.won_points_half,
                            most=182 - remaining_half)
    if pos.won_points_half < 9 * pos.won_bouts - EXCHANGE_HALF:
        raise PositionError("won.points", "bouts-points", points_half=pos.won_points_half,
                            bouts=pos.won_bouts)
    t0, t1 = pos.won_tricks
    if t0 < 0 or t1 < 0 or (t0 + t1) * n + cards_left > 78:
        raise PositionError("won.tricks", "tricks-range", tricks=[t0, t1])
    if pos.first_trick and (t0 or t1):
        raise PositionError("first_trick", "tricks-already-won", tricks=[t0, t1])
    if pos.called_card is not None and n != 5:
        raise PositionError("called_card", "called-not-five", players=n)
    for i in range(1, len(pos.trick) + 1):
        # every card of the trick in progress legal in turn: its player's hand then held it
        # and the cards after it in the hand left now
        seat = (pos.leader + i - 1) % n
        held = pos.hands[seat].mask | pos.trick[i - 1].mask
        called = pos.called_card if pos.first_trick else None
        if not legal_mask(held, pos.trick[:i - 1], called) & pos.trick[i - 1].mask:
            raise PositionError(f"trick.{i - 1}", "card-illegal", card=pos.trick[i - 1].code)


@dataclass(frozen=True, slots=True)
class CardValue:
    """A legal card and its value with best play after it (half-points for ``points``)."""

    card: Card
    value: int


@dataclass(frozen=True, slots=True)
class Solution:
    """The values of the legal cards of ``seat``, the best of them for its side, and a line
    of best play from the position to the end of the deal (best card first)."""

    seat: int
    objective: Objective
    values: tuple[CardValue, ...]
    best: tuple[Card, ...]
    line: tuple[Card, ...]
    value: int
    nodes: int
    values_by_code: dict[str, int] = field(default_factory=dict, compare=False, repr=False)


class _Figures(NamedTuple):
    """A deal's end in the shape :func:`rules_fr.scoring.score_count` reads."""

    taker_bouts: int
    taker_points_half: int
    petit_au_bout: Camp | None
    chelem: Camp | None


def final_value(pos: Position, objective: Objective, points_half: int, bouts: int,
                petit_au_bout: Camp | None, chelem: Camp | None) -> int:
    """The objective's value of a deal's end: the taker side's points, or the score's total
    (each defender pays it) from :func:`rules_fr.scoring.score_count`."""
    if objective is Objective.POINTS:
        return points_half
    s = score_count(_Figures(bouts, points_half, petit_au_bout, chelem),
                    players=pos.players, contract=pos.contract, poignees=pos.poignees,
                    chelem_announced=pos.chelem_announced,
                    alone=pos.players == 5 and pos.partner is None)
    return s.total


# Cards of equal card points, by value: a card is only ever merged with one of the same class.
_SAME_POINTS: Final = tuple(
    sum(other.mask for other in CARDS if other.points_half == card.points_half)
    for card in CARDS
)
_BELOW: Final = tuple((1 << i) - 1 for i in range(79))
_TRUMP_ORDER_DESC: Final = tuple(CARDS[i] for i in range(76, 55, -1))


class _State(NamedTuple):
    """A node of the search: whose trick, what the taker's side has won so far."""

    leader: int
    cards: tuple[Card, ...]
    acc: int
    bouts: int
    t0: int
    t1: int
    pprev: bool
    called: Card | None


class Solver:
    """The search over one deal's remaining cards for one objective (the transposition table
    is kept between calls, so the values of every root card and the line share it).

    ``budget`` (nodes) makes a search that would go further raise :class:`BudgetExceeded`.
    """

    def __init__(self, pos: Position, objective: Objective, *, budget: int | None = None
                 ) -> None:
        verify_position(pos)
        self.pos = pos
        self.objective = objective
        self.n = pos.players
        self.side = tuple(0 if s == pos.taker or s == pos.partner else 1
                          for s in range(pos.players))
        self.hands = [h.mask for h in pos.hands]
        self.tt: dict[tuple[object, ...], tuple[int, int]] = {}
        self.best_move: dict[tuple[object, ...], int] = {}
        self.leaf_cache: dict[tuple[int, int, int, int], int] = {}
        self.nodes = 0
        self.budget = budget
        self.relative = objective is Objective.POINTS
        self.root = _State(pos.leader, pos.trick, pos.won_points_half, pos.won_bouts,
                           pos.won_tricks[0], pos.won_tricks[1], pos.petit_previous_trick,
                           pos.called_card if pos.first_trick else None)

    # --- the deal's end -------------------------------------------------------------------

    def _leaf(self, acc: int, bouts: int, pab: int, t0: int, t1: int) -> int:
        """The value at the deal's end; ``pab`` 0 taker, 1 defence, 2 none."""
        if self.relative:
            return acc
        chelem = 0 if t1 == 0 else 1 if t0 == 0 else 2
        key = (acc, bouts, pab, chelem)
        value = self.leaf_cache.get(key)
        if value is None:
            value = final_value(self.pos, self.objective, acc, bouts,
                                _CAMPS[pab], _CAMPS[chelem])
            self.leaf_cache[key] = value
        return value

    def _finish(self, st: _State, cards: Sequence[Card]) -> tuple[int, int, int, int, int,
                                                                    bool, int]:
        return _settle(self.side, st, cards, not self.hands[st.leader])

    # --- quick bounds ---------------------------------------------------------------------

    def _bounds(self, st: _State) -> tuple[int, int]:
        """Bounds of the value at a trick's start from the cards sure to come home."""
        hands = self.hands
        side = self.side
        mine = [0, 0]
        for seat, hand in enumerate(hands):
            mine[side[seat]] |= hand
        left = mine[0] | mine[1]
        tricks_left = hands[st.leader].bit_count()
        sure = [0, 0]
        for s in (0, 1):
            other_trumps = mine[1 - s] & TRUMP_MASK
            top = other_trumps.bit_length()  # trumps above it are sure
            mask = mine[s] & TRUMP_MASK & ~((1 << top) - 1)
            sure[s] = CardSet(mask).points_half()
        excuse_side = -1
        excuse_chelem = bool(st.t1 == 0 and mine[0] & EXCUSE_MASK)
        if excuse_chelem:
            # the taker's excuse may yet win the last trick, the defence's trumps in it too
            sure[1] = 0
        if left & EXCUSE_MASK and tricks_left >= 2:
            excuse_side = 0 if mine[0] & EXCUSE_MASK else 1
            sure[excuse_side] += EXCUSE.points_half - EXCHANGE_HALF
        total = CardSet(left).points_half()
        low = st.acc + sure[0]
        high = st.acc + total - sure[1]
        if self.relative:
            return low, high
        # the score is monotone in the taker side's points, bouts, petit au bout and chelem
        petit_alive = bool(left & PETIT.mask)
        bouts_left = (left & BOUT_MASK).bit_count()
        top1 = (mine[1] & TRUMP_MASK).bit_length()
        top0 = (mine[0] & TRUMP_MASK).bit_length()
        sure_bouts0 = (mine[0] & TRUMP_MASK & ~((1 << top1) - 1) & BOUT_MASK).bit_count()
        sure_bouts1 = (mine[1] & TRUMP_MASK & ~((1 << top0) - 1) & BOUT_MASK).bit_count()
        if excuse_chelem:
            sure_bouts1 = 0
        if excuse_side == 0:
            sure_bouts0 += 1
        elif excuse_side == 1:
            sure_bouts1 += 1
        b_low = st.bouts + sure_bouts0
        b_high = st.bouts + bouts_left - sure_bouts1
        if petit_alive:
            pab_best, pab_worst = 0, 1
        elif tricks_left == 1 and st.pprev:
            pab_best, pab_worst = 0, 2
        else:
            pab_best = pab_worst = 2
        chelem_best = 0 if st.t1 == 0 else 2
        chelem_worst = 1 if st.t0 == 0 else 2
        hi = self._leaf_any(min(high, 182), b_high, pab_best, chelem_best)
        lo = self._leaf_any(max(low, 0), b_low, pab_worst, chelem_worst)
        return lo, hi

    def _leaf_any(self, acc: int, bouts: int, pab: int, chelem: int) -> int:
        key = (acc, bouts, pab, chelem)
        value = self.leaf_cache.get(key)
        if value is None:
            value = final_value(self.pos, self.objective, acc, bouts,
                                _CAMPS[pab], _CAMPS[chelem])
            self.leaf_cache[key] = value
        return value

    # --- the search -----------------------------------------------------------------------

    def _candidates(self, seat: int, cards: Sequence[Card], called: Card | None) -> list[Card]:
        """The legal cards of ``seat``, one per class of equivalent cards, best guesses
        first."""
        hands = self.hands
        hand = hands[seat]
        legal = legal_mask(hand, cards, called)
        alive = 0
        for h in hands:
            alive |= h
        for card in cards:
            alive |= card.mask
        others = alive & ~hand
        kept: list[Card] = []
        prev: Card | None = None
        m = legal
        while m:
            low = m & -m
            m ^= low
            card = CARDS[low.bit_length() - 1]
            if (prev is not None and prev.suit is card.suit
                    and prev.points_half == card.points_half and card is not PETIT
                    and prev is not PETIT):
                between = _BELOW[card.index] & ~_BELOW[prev.index + 1]
                if not between & others and not between & hand & ~_SAME_POINTS[card.index]:
                    continue
            kept.append(card)
            prev = card
        if len(kept) > 1:
            kept = self._order(seat, kept, cards, alive)
        return kept

    def _order(self, seat: int, kept: list[Card], cards: Sequence[Card], alive: int
               ) -> list[Card]:
        side = self.side
        my = side[seat]
        n = self.n
        k = len(cards)
        if k == 0 or (k == 1 and cards[0] is EXCUSE):
            # leading: masters first (the richest), then the lowest cards
            def lead_key(card: Card) -> int:
                if card is EXCUSE:
                    return 50
                above = alive & card.suit_bits & ~_BELOW[card.index + 1]
                if not above:
                    return -card.points_half - 20
                return card.points_half
            return sorted(kept, key=lead_key)
        leader = self.cur_leader
        win_pos = trick_winner(cards) if not (k == 1 and cards[0] is EXCUSE) else 0
        win_side = side[(leader + win_pos) % n]
        last_to_play = k == n - 1
        partners_after = all(side[(leader + j) % n] == my for j in range(k + 1, n))
        scratch = list(cards)
        scratch.append(cards[0])

        def follow_key(card: Card) -> int:
            if card is EXCUSE:
                return 40
            scratch[k] = card
            wins = trick_winner(scratch) == k
            if win_side == my and not wins:
                # the trick is ours: load it with points, or keep high cards
                return -card.points_half if (last_to_play or partners_after) else \
                    card.points_half - 5
            if wins:
                # take it: the cheapest winning card that keeps the richest cards, unless
                # nobody plays after
                if last_to_play or partners_after:
                    return -card.points_half - 30
                return -30 + (card.rank if card.is_trump else 0) - card.points_half
            return card.points_half  # lose it cheaply
        return sorted(kept, key=follow_key)

    cur_leader: int = 0

    def _trick_start(self, st: _State, alpha: int, beta: int) -> int:
        hands = self.hands
        relative = self.relative
        if relative:
            key: tuple[object, ...] = (*hands, st.leader, st.t1 == 0, st.t0 > 0)
            offset = st.acc
        else:
            key = (*hands, st.leader, st.acc, st.bouts, st.t0 > 0, st.t1 > 0,
                   st.pprev and hands[st.leader].bit_count() == 1)
            offset = 0
        entry = self.tt.get(key)
        if entry is not None:
            lower, upper = entry[0] + offset, entry[1] + offset
        else:
            lower, upper = self._bounds(st)
        if lower >= beta:
            return lower
        if upper <= alpha:
            return upper
        if lower == upper:
            return lower
        a = max(alpha, lower)
        b = min(beta, upper)
        value = self._cards(st, a, b, key)
        if value <= a:
            upper = min(upper, value)
        elif value >= b:
            lower = max(lower, value)
        else:
            lower = upper = value
        self.tt[key] = (lower - offset, upper - offset)
        return value

    def _cards(self, st: _State, alpha: int, beta: int, key: tuple[object, ...] | None
               ) -> int:
        """Alpha-beta over the cards of the seat to play in ``st``."""
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise BudgetExceeded(self.nodes)
        n = self.n
        cards = st.cards
        seat = (st.leader + len(cards)) % n
        self.cur_leader = st.leader
        candidates = self._candidates(seat, cards, st.called)
        if key is not None:
            hint = self.best_move.get(key)
            if hint is not None:
                for i, card in enumerate(candidates):
                    if card.index == hint:
                        if i:
                            candidates.insert(0, candidates.pop(i))
                        break
        maximizing = self.side[seat] == 0
        hands = self.hands
        hand = hands[seat]
        best = -_INF if maximizing else _INF
        best_card = candidates[0]
        for card in candidates:
            hands[seat] = hand & ~card.mask
            value = self._after(st, card, alpha, beta)
            hands[seat] = hand
            if maximizing:
                if value > best:
                    best, best_card = value, card
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
            else:
                if value < best:
                    best, best_card = value, card
                    if value < beta:
                        beta = value
                        if alpha >= beta:
                            break
        if key is not None:
            self.best_move[key] = best_card.index
        return best

    def _after(self, st: _State, card: Card, alpha: int, beta: int) -> int:
        """The value after ``card`` is played in ``st`` (its hand already updated)."""
        cards = (*st.cards, card)
        if len(cards) < self.n:
            return self._cards(st._replace(cards=cards), alpha, beta, None)
        winner, acc, bouts, t0, t1, petit_in, pab = self._finish(st, cards)
        if pab >= 0:
            self.nodes += 1
            return self._leaf(acc, bouts, pab, t0, t1)
        return self._trick_start(_State(winner, (), acc, bouts, t0, t1, petit_in, None),
                                 alpha, beta)

    def _search(self, st: _State, alpha: int, beta: int) -> int:
        if st.cards:
            return self._cards(st, alpha, beta, None)
        return self._trick_start(st, alpha, beta)

    def _mtdf(self, st: _State, guess: int, lower: int = -_INF, upper: int = _INF) -> int:
        """The exact value of ``st`` by zero-window searches from ``guess`` (MTD(f))."""
        g = guess
        while lower < upper:
            beta = g + 1 if g == lower else g
            g = self._search(st, beta - 1, beta)
            if g < beta:
                upper = g
            else:
                lower = g
        return g

    def _child(self, st: _State, card: Card) -> tuple[_State | None, int]:
        """The state after ``card`` (hands updated); ``None`` and the value at the deal's
        end."""
        seat = (st.leader + len(st.cards)) % self.n
        self.hands[seat] &= ~card.mask
        cards = (*st.cards, card)
        if len(cards) < self.n:
            return st._replace(cards=cards), 0
        winner, acc, bouts, t0, t1, petit_in, pab = self._finish(st, cards)
        if pab >= 0:
            return None, self._leaf(acc, bouts, pab, t0, t1)
        return _State(winner, (), acc, bouts, t0, t1, petit_in, None), 0

    def value_of(self, st: _State, card: Card, guess: int) -> int:
        saved = list(self.hands)
        child, end = self._child(st, card)
        try:
            if child is None:
                return end
            return self._mtdf(child, guess)
        finally:
            self.hands[:] = saved

    def solve(self) -> Solution:
        """Every legal card's value, the best ones, and a line of best play."""
        st = self.root
        seat = (st.leader + len(st.cards)) % self.n
        hand = self.hands[seat]
        legal = legal_mask(hand, st.cards, st.called)
        self.cur_leader = st.leader
        reps = self._candidates(seat, st.cards, st.called)
        maximizing = self.side[seat] == 0
        guess = self._mtdf(st, sum(self._bounds_any(st)) // 2)
        values: dict[Card, int] = {}
        for card in reps:
            values[card] = self.value_of(st, card, guess)
        # every legal card takes its representative's value (equivalent cards)
        all_values: list[CardValue] = []
        for card in CardSet(legal):
            rep = self._representative(card, reps, seat, st)
            all_values.append(CardValue(card, values[rep]))
        best_value = (max if maximizing else min)(v.value for v in all_values)
        best = tuple(v.card for v in all_values if v.value == best_value)
        line = self._line(st, best[0], best_value)
        return Solution(seat, self.objective, tuple(all_values), best, tuple(line),
                        best_value, self.nodes, {v.card.code: v.value for v in all_values})

    def _bounds_any(self, st: _State) -> tuple[int, int]:
        if st.cards:
            return (-_INF // 2, _INF // 2) if not self.relative else (st.acc, st.acc + 182)
        return self._bounds(st)

    def _representative(self, card: Card, reps: list[Card], seat: int, st: _State) -> Card:
        """The card of ``reps`` equivalent to ``card`` (itself when it is one)."""
        if card in reps:
            return card
        alive = 0
        for h in self.hands:
            alive |= h
        for c in st.cards:
            alive |= c.mask
        others = alive & ~self.hands[seat]
        for rep in reps:
            if rep.suit is card.suit and rep.points_half == card.points_half:
                lo, hi = sorted((rep.index, card.index))
                between = _BELOW[hi] & ~_BELOW[lo + 1]
                if not between & others:
                    return rep
        raise AssertionError(f"no representative for {card}")  # pragma: no cover

    def _line(self, st: _State, first: Card, value: int) -> list[Card]:
        saved = list(self.hands)
        line = [first]
        try:
            node, _ = self._child(st, first)
            while node is not None:
                seat = (node.leader + len(node.cards)) % self.n
                self.cur_leader = node.leader
                maximizing = self.side[seat] == 0
                chosen: Card | None = None
                for card in self._candidates(seat, node.cards, node.called):
                    keep = list(self.hands)
                    child, end = self._child(node, card)
                    if child is None:
                        v = end
                        ok = v == value
                    elif maximizing:
                        ok = self._search(child, value - 1, value) >= value
                    else:
                        ok = self._search(child, value, value + 1) <= value
                    self.hands[:] = keep
                    if ok:
                        chosen = card
                        break
                assert chosen is not None, "the line lost its value"
                line.append(chosen)
                node, _ = self._child(node, chosen)
        finally:
            self.hands[:] = saved
        return line


_CAMPS: Final = (Camp.TAKER, Camp.DEFENSE, None)


def _settle(side: Sequence[int], st: _State, cards: Sequence[Card], last: bool
            ) -> tuple[int, int, int, int, int, bool, int]:
    """A complete trick settled as :func:`rules_fr.counting.count_deal` counts it: (winner
    seat, the taker side's points and bouts, the tricks of each side, whether the petit is in
    it, and ``pab``: at the last trick the side of the petit au bout, 0 taker, 1 defence,
    2 none; -1 before the last trick). ``side[seat]`` is 0 for the taker's side."""
    n = len(side)
    leader = st.leader
    acc, bouts, t0, t1 = st.acc, st.bouts, st.t0, st.t1
    mask = 0
    pts = 0
    excuse_at = -1
    for i, card in enumerate(cards):
        mask |= card.mask
        pts += card.points_half
        if card is EXCUSE:
            excuse_at = i
    petit_in = bool(mask & PETIT.mask)
    chelem_excuse = False
    if excuse_at < 0:
        winner = (leader + trick_winner(cards)) % n
        ws = side[winner]
        if ws == 0:
            acc += pts
            bouts += (mask & BOUT_MASK).bit_count()
    else:
        owner = side[(leader + excuse_at) % n]
        if last and owner == 0 and t1 == 0 and t0 > 0:
            # excuse.chelem: the taker's side, with every other trick, wins the last with
            # the excuse ("C'est le seul cas où l'excuse fait un pli")
            winner = (leader + excuse_at) % n
            ws = 0
            chelem_excuse = True
            acc += pts
            bouts += (mask & BOUT_MASK).bit_count()
        else:
            winner = (leader + trick_winner(cards)) % n
            ws = side[winner]
            if last:
                # excuse.last-trick: the excuse goes to the trick's winner
                if ws == 0:
                    acc += pts
                    bouts += (mask & BOUT_MASK).bit_count()
            else:
                # excuse.exchange: it stays with its side, a half-point card given back
                if ws == 0:
                    acc += pts - EXCUSE.points_half
                    bouts += (mask & BOUT_MASK & ~EXCUSE_MASK).bit_count()
                if owner == 0:
                    acc += EXCUSE.points_half
                    bouts += 1
                if owner != ws:
                    acc += EXCHANGE_HALF if ws == 0 else -EXCHANGE_HALF
    if ws == 0:
        t0 += 1
    else:
        t1 += 1
    pab = -1
    if last:
        if petit_in:
            pab = ws  # petit.au-bout: the petit in the last trick, to the side winning it
        elif chelem_excuse and st.pprev:
            pab = 0  # petit.au-bout-chelem: at the penultimate trick, the taker's
        else:
            pab = 2
    return winner, acc, bouts, t0, t1, petit_in, pab


def play_card(pos: Position, card: Card) -> Position:
    """The position after the seat to play plays ``card`` (it must be legal): the trick
    settled when it completes, as :func:`rules_fr.counting.count_deal` counts it.

    Raises :class:`PositionError` (field ``card``) for an illegal card or when the card ends
    the deal (a position always has a card to play).
    """
    seat = pos.seat_to_play
    hand = pos.hands[seat]
    called = pos.called_card if pos.first_trick else None
    if not legal_mask(hand.mask, pos.trick, called) & card.mask:
        raise PositionError("card", "card-illegal", card=card.code)
    hands = list(pos.hands)
    hands[seat] = hand.remove(card)
    cards = (*pos.trick, card)
    if len(cards) < pos.players:
        return replace(pos, hands=tuple(hands), trick=cards)
    if not hands[pos.leader]:
        raise PositionError("card", "deal-over", card=card.code)
    side = tuple(0 if s == pos.taker or s == pos.partner else 1 for s in range(pos.players))
    st = _State(pos.leader, cards, pos.won_points_half, pos.won_bouts, pos.won_tricks[0],
                pos.won_tricks[1], pos.petit_previous_trick, called)
    winner, acc, bouts, t0, t1, petit_in, _ = _settle(side, st, cards, False)
    return replace(pos, hands=tuple(hands), trick=(), leader=winner, won_points_half=acc,
                   won_bouts=bouts, won_tricks=(t0, t1), first_trick=False,
                   petit_previous_trick=petit_in)


def _settle_last(pos: Position, card: Card, field: str
                 ) -> tuple[int, int, int, int, int, bool, int]:
    """The deal's last trick settled once ``card`` completes it (see :func:`_settle`); raises
    :class:`PositionError` (``field``) when ``pos`` is not at the deal's last card."""
    seat = pos.seat_to_play
    if len(pos.trick) != pos.players - 1 or any(
            len(hand) != (seat == s) for s, hand in enumerate(pos.hands)):
        raise PositionError(field, "not-the-end")
    if card not in pos.hands[seat]:
        raise PositionError("card", "card-illegal", card=card.code)
    side = tuple(0 if s == pos.taker or s == pos.partner else 1 for s in range(pos.players))
    st = _State(pos.leader, pos.trick, pos.won_points_half, pos.won_bouts, pos.won_tricks[0],
                pos.won_tricks[1], pos.petit_previous_trick, None)
    return _settle(side, st, (*pos.trick, card), True)


def final_tricks(pos: Position, card: Card) -> tuple[int, int]:
    """The tricks won by the taker's side and by the defence once ``card``, the deal's last
    card, is played from ``pos``: the last trick settled as :func:`play_card` settles the
    others (the excuse of the taker's side wins it in a chelem)."""
    _, _, _, t0, t1, _, _ = _settle_last(pos, card, "card")
    return t0, t1


class EndFacts(NamedTuple):
    """How a line ends: the taker side's card points (halves) and bouts, the side of the
    petit au bout and of a chelem (``None``: nobody's)."""

    points_half: int
    bouts: int
    petit_au_bout: Camp | None
    chelem: Camp | None


def end_facts(pos: Position, cards: Sequence[Card]) -> EndFacts:
    """The end of the deal once ``cards`` (the rest of the deal's cards, in play order,
    legal in turn) are played from ``pos``, settled as the solver does."""
    for card in cards[:-1]:
        pos = play_card(pos, card)
    _, acc, bouts, t0, t1, _, pab = _settle_last(pos, cards[-1], "cards")
    chelem = 0 if t1 == 0 else 1 if t0 == 0 else 2
    return EndFacts(acc, bouts, _CAMPS[pab], _CAMPS[chelem])


def end_value(pos: Position, objective: Objective, cards: Sequence[Card]) -> int:
    """The objective's value once ``cards`` (the rest of the deal's cards, in play order,
    legal in turn) are played from ``pos``: a line's result, settled as the solver does."""
    facts = end_facts(pos, cards)
    return final_value(pos, objective, *facts)


def solve(pos: Position, objective: Objective = Objective.SCORE, *,
          budget: int | None = None) -> Solution:
    """The value of every legal card of the seat to play in ``pos`` (see the module).

    ``budget`` caps the nodes searched (:class:`BudgetExceeded` beyond it).
    """
    return Solver(pos, objective, budget=budget).solve()


def deal_position(*, players: int, contract: Contract, taker: int, partner: int | None,
                  tricks: Sequence[PlayedTrick], chien: CardSet, ecart: CardSet | None,
                  called_card: Card | None = None,
                  poignees: Sequence[tuple[Camp, PoigneeLevel]] = (),
                  chelem_announced: bool = False, trick: int = 0, card: int = 0) -> Position:
    """The position of a played deal (the facts :func:`rules_fr.scoring.score_deal` reads)
    before card ``card`` of trick ``trick`` (both 0-based): every seat's hand rebuilt from the
    cards it played, the chien or the écart counted for the side it goes to, the cards before
    played in turn by :func:`play_card`."""
    hands = [0] * players
    for t in tricks:
        for i, c in enumerate(t.cards):
            hands[t.seat_of(i, players)] |= c.mask
    if contract.taker_takes_chien:
        aside = ecart if ecart is not None else chien
    elif contract is Contract.GARDE_SANS:
        aside = chien
    else:
        aside = CardSet()
    pos = Position(players=players, hands=tuple(CardSet(h) for h in hands),
                   leader=tricks[0].leader, trick=(), taker=taker, partner=partner,
                   contract=contract, won_points_half=aside.points_half(),
                   won_bouts=aside.bouts(), poignees=tuple(poignees),
                   chelem_announced=chelem_announced,
                   first_trick=players == 5 and called_card is not None,
                   called_card=called_card if players == 5 else None)
    for number, t in enumerate(tricks[:trick + 1]):
        upto = len(t.cards) if number < trick else card
        for c in t.cards[:upto]:
            pos = play_card(pos, c)
    return pos
