"""A claim checked with every hand visible: "the rest are mine", cards shown.

A player stops play and claims the remaining tricks for his side. With every hand known (the
cards he shows and the others'), two questions settle it:

- can the other side take a trick **whatever he plays**? Then the claim is ``refused``, and
  the line that refutes it is given: his cards played as the search tried them, and the
  defence's answer that takes a trick;
- can it take one only if **he plays carelessly** (a wrong order of his own cards, or of his
  partner's)? Then his side can force every trick but not every line of play does: the claim
  is ``disputed``, with the careless line that loses one, and the referee decides from what
  the claimer stated (the order he announced, "I draw trumps first"…);
- otherwise **every line of play** gives his side every trick: the claim is ``accepted``.

A claim is for the claimer's side (the taker with his partner, or the defence): a trick won
by his partner is his side's. The tricks are settled as the solver settles them
(:func:`rules_fr.solver.play_card`, :func:`rules_fr.solver.final_tricks`), so the excuse
follows the FFT rules: it never wins a trick, but at the last trick of the taker's side's
chelem, where it does.

The searches are exhaustive, memoised on the cards left (the tricks already won by the
claimer's side do not change what follows: a line that reaches a position again reached it
without losing a trick). A node budget keeps any request bounded: past it the answer is not
exact (``exact`` false, verdict ``undetermined``) and the referee rules as without the tool.

>>> from rules_fr.cards import CardSet
>>> from rules_fr.contracts import Contract
>>> pos = Position(players=3, hands=(CardSet.parse(["T21", "T20"]), CardSet.parse(["T2", "3H"]),
...                CardSet.parse(["4H", "T5"])), leader=0, trick=(), taker=0, partner=None,
...                contract=Contract.GARDE, won_tricks=(10, 12))
>>> check_claim(pos, 0).verdict
<ClaimVerdict.ACCEPTED: 'accepted'>
>>> refused = check_claim(pos, 1)
>>> refused.verdict, [c.code for c in refused.line]
(<ClaimVerdict.REFUSED: 'refused'>, ['T21', 'T2', 'T5'])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from rules_fr.cards import Card, CardSet
from rules_fr.play import legal_mask
from rules_fr.solver import Position, final_tricks, play_card, verify_position

__all__ = ["CLAIM_BUDGET", "ClaimCheck", "ClaimVerdict", "check_claim"]

CLAIM_BUDGET: Final = 60_000
"""Positions searched at most by one check (both searches together): a few seconds of pure
Python at worst; the claims made at a table (a few tricks left, master cards) take far
fewer."""


class ClaimVerdict(StrEnum):
    ACCEPTED = "accepted"
    """Every line of play gives the claimer's side every remaining trick."""
    DISPUTED = "disputed"
    """His side can force every trick, but a careless order of its own cards loses one."""
    REFUSED = "refused"
    """The other side takes a trick whatever the claimer's side plays."""
    UNDETERMINED = "undetermined"
    """The budget ran out before the search could tell."""


@dataclass(frozen=True, slots=True)
class ClaimCheck:
    """A claim's verdict, with ``line``: for ``refused`` and ``disputed``, the cards of a line
    of play (from the position, in play order) in which the other side takes a trick, up to
    that trick's last card; empty otherwise."""

    verdict: ClaimVerdict
    claimer: int
    tricks_claimed: int
    line: tuple[Card, ...]
    exact: bool
    nodes: int


class _OutOfBudget(Exception):
    pass


class _Search:
    """Both searches over one position: ``forced`` (the claimer's side chooses its cards, the
    other side answers) and ``every_line`` (every side's every legal card)."""

    def __init__(self, pos: Position, claimer: int, budget: int) -> None:
        self.camp = 0 if claimer in (pos.taker, pos.partner) else 1
        self.others_start = pos.won_tricks[1 - self.camp]
        self.budget = budget
        self.nodes = 0
        self.memo: dict[tuple[object, ...], tuple[bool, tuple[Card, ...]]] = {}

    def _mine(self, pos: Position, seat: int) -> bool:
        return (0 if seat in (pos.taker, pos.partner) else 1) == self.camp

    @staticmethod
    def _key(pos: Position, kind: str) -> tuple[object, ...]:
        return (kind, tuple(h.mask for h in pos.hands), pos.trick, pos.leader, pos.first_trick)

    def _moves(self, pos: Position) -> list[Card]:
        """The legal cards worth trying, strongest first (the claimer's side's likeliest
        winners, the other side's likeliest way to take a trick: either ends a branch
        soonest). A claim is about tricks only, so of two cards of one suit with no card
        of another hand or of the trick between them only one is tried: whichever is
        played, every trick goes the same way."""
        seat = pos.seat_to_play
        hand = pos.hands[seat].mask
        called = pos.called_card if pos.first_trick else None
        legal = sorted(CardSet(legal_mask(hand, pos.trick, called)),
                       key=lambda c: (c.is_trump, c.suit_bits, c.rank), reverse=True)
        others = 0
        for s, cards in enumerate(pos.hands):
            if s != seat:
                others |= cards.mask
        for card in pos.trick:
            others |= card.mask
        kept: list[Card] = []
        for card in legal:
            last = kept[-1] if kept else None
            if (last is not None and not card.is_excuse and not last.is_excuse
                    and card.suit_bits == last.suit_bits
                    and not any(card.rank < c.rank < last.rank
                                for c in CardSet(others & card.suit_bits))):
                continue
            kept.append(card)
        return sorted(kept, key=lambda c: (c.is_trump, c.rank), reverse=True)

    def run(self, pos: Position, forced: bool) -> tuple[bool, tuple[Card, ...]]:
        """(True, ()) when the claimer's side takes every trick from ``pos`` (under the kind
        of search asked); else (False, a line in which it loses one)."""
        key = self._key(pos, "forced" if forced else "every")
        known = self.memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        choose = forced and self._mine(pos, pos.seat_to_play)
        first_failure: tuple[Card, ...] | None = None
        result: tuple[bool, tuple[Card, ...]] | None = None
        for card in self._moves(pos):
            holds, line = self._after(pos, card, forced)
            if holds and choose:
                result = (True, ())
                break
            if not holds:
                if not choose:
                    result = (False, (card, *line))
                    break
                if first_failure is None:
                    first_failure = (card, *line)
        if result is None:
            result = (False, first_failure or ()) if choose else (True, ())
        self.memo[key] = result
        return result

    def _after(self, pos: Position, card: Card, forced: bool) -> tuple[bool, tuple[Card, ...]]:
        if len(pos.trick) == pos.players - 1 and sum(len(h) for h in pos.hands) == 1:
            # the deal's last card
            tricks = final_tricks(pos, card)
            return tricks[1 - self.camp] == self.others_start, ()
        after = play_card(pos, card)
        if after.won_tricks[1 - self.camp] != self.others_start:
            return False, ()
        return self.run(after, forced)


def check_claim(pos: Position, claimer: int, *, budget: int = CLAIM_BUDGET,
                verify: Callable[[Position], None] = verify_position) -> ClaimCheck:
    """Check the claim of seat ``claimer``: every remaining trick for his side (see the
    module). Raises :class:`rules_fr.solver.PositionError` for a position no deal reaches."""
    verify(pos)
    search = _Search(pos, claimer, budget)
    claimed = pos.tricks_left
    try:
        forced, refutation = search.run(pos, forced=True)
        if not forced:
            return ClaimCheck(ClaimVerdict.REFUSED, claimer, claimed, refutation, True,
                              search.nodes)
        every, careless = search.run(pos, forced=False)
    except _OutOfBudget:
        return ClaimCheck(ClaimVerdict.UNDETERMINED, claimer, claimed, (), False, search.nodes)
    verdict = ClaimVerdict.ACCEPTED if every else ClaimVerdict.DISPUTED
    return ClaimCheck(verdict, claimer, claimed, careless, True, search.nodes)
