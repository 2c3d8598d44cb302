"""A played deal's mistakes, with every hand visible: the cards whose side ends worse off.

:func:`analyse_deal` walks a complete deal back from its last trick and asks the
double-dummy solver (:mod:`rules_fr.solver`, the ``score`` objective) about the position
before every card: a card whose value is worse for its side than the best card's is a
mistake, and only those. The search is exact, so a trick is reported only when every one of
its positions was solved within the node budget; the walk stops at the first trick that is
not, and that trick and the earlier ones are *not analysed* (never guessed).

What a mistake lost is given by the score (each defender's score, as
:func:`rules_fr.scoring.score_count` gives it, counted for the side that played the card)
and by the card points (the taker's side's card points with best play for card points, as
the ``points`` objective gives them, counted for the side too: it may be negative when the
better card gives up card points to win on the score, a petit au bout say).

>>> import random
>>> from rules_fr.simulate import play_random_deal
>>> d = play_random_deal(4, random.Random(3))
>>> a = analyse_deal(players=4, contract=d.contract, taker=d.taker, partner=d.partner,
...                  tricks=d.tricks, chien=d.chien, ecart=d.ecart, budget=20_000)
>>> a.exact_from_trick is not None and a.exact_from_trick < 18, a.nodes <= 20_000
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from rules_fr.cards import Card, CardSet
from rules_fr.contracts import Camp, Contract
from rules_fr.counting import PlayedTrick
from rules_fr.play import legal_mask
from rules_fr.poignee import PoigneeLevel
from rules_fr.solver import (
    BudgetExceeded,
    Objective,
    Position,
    deal_position,
    end_facts,
    play_card,
    solve,
)

__all__ = ["DEAL_BUDGET", "DealAnalysis", "Mistake", "analyse_deal", "side_sign"]

DEAL_BUDGET: Final = 150_000
"""Search nodes one deal's analysis may use (a few seconds of pure Python): the last tricks
of a four-player deal fit in it; earlier ones are then not analysed."""


@dataclass(frozen=True, slots=True)
class Mistake:
    """A card whose side ends worse off than with ``better`` (0-based ``trick``)."""

    trick: int
    seat: int
    card: Card
    better: tuple[Card, ...]
    score: int
    """The deal's value (each defender's score) with best play after the card played."""
    best_score: int
    """The same after a better card."""
    lost_score: int
    """What the card cost its side, in score points (> 0)."""
    lost_points_half: int
    """The card points (halves) it cost its side with best play for card points (may be
    0, or negative when the better card gives card points up to win on the score)."""
    petit_au_bout: Camp | None = None
    """The side of the petit au bout with best play after the card played."""
    best_petit_au_bout: Camp | None = None
    """The same after the first better card."""


@dataclass(frozen=True, slots=True)
class DealAnalysis:
    """The proven mistakes of a deal, from ``exact_from_trick`` (0-based) to the end.

    ``exact_from_trick`` is ``None`` when not even the last tricks fit in the budget (it
    cannot happen with a budget of a few hundred nodes or more: the last trick is forced).
    """

    mistakes: tuple[Mistake, ...]
    exact_from_trick: int | None
    tricks: int
    nodes: int
    budget: int


def side_sign(pos: Position, seat: int) -> int:
    """+1 when ``seat`` plays for the taker's side (it wants the value high), -1 otherwise."""
    return 1 if seat == pos.taker or seat == pos.partner else -1


def analyse_deal(*, players: int, contract: Contract, taker: int, partner: int | None,
                 tricks: Sequence[PlayedTrick], chien: CardSet, ecart: CardSet | None,
                 called_card: Card | None = None,
                 poignees: Sequence[tuple[Camp, PoigneeLevel]] = (),
                 chelem_announced: bool = False, budget: int = DEAL_BUDGET) -> DealAnalysis:
    """Every proven mistake of a complete, legal deal (check it first: see
    :func:`rules_fr.replay.first_illegal_play`), the last tricks first in the search,
    within ``budget`` nodes in all; reported in play order."""
    used = 0
    found: list[Mistake] = []
    exact_from: int | None = None

    def position(trick: int, card: int) -> Position:
        return deal_position(players=players, contract=contract, taker=taker,
                             partner=partner, tricks=tricks, chien=chien, ecart=ecart,
                             called_card=called_card, poignees=poignees,
                             chelem_announced=chelem_announced, trick=trick, card=card)

    for t in range(len(tricks) - 1, -1, -1):
        in_trick: list[Mistake] = []
        try:
            for c, played in enumerate(tricks[t].cards):
                pos = position(t, c)
                seat = pos.seat_to_play
                called = pos.called_card if pos.first_trick else None
                if legal_mask(pos.hands[seat].mask, pos.trick, called).bit_count() < 2:
                    continue  # a forced card is never a mistake
                sol = solve(pos, Objective.SCORE, budget=budget - used)
                used += sol.nodes
                value = sol.values_by_code[played.code]
                if value == sol.value:
                    continue
                sign = side_sign(pos, seat)
                pts = solve(pos, Objective.POINTS, budget=budget - used)
                used += pts.nodes
                best_points = max(sign * pts.values_by_code[b.code] for b in sol.best)
                after = solve(play_card(pos, played), Objective.SCORE, budget=budget - used)
                used += after.nodes
                in_trick.append(Mistake(
                    trick=t, seat=seat, card=played, better=sol.best, score=value,
                    best_score=sol.value, lost_score=sign * (sol.value - value),
                    lost_points_half=best_points - sign * pts.values_by_code[played.code],
                    petit_au_bout=end_facts(pos, (played, *after.line)).petit_au_bout,
                    best_petit_au_bout=end_facts(pos, sol.line).petit_au_bout))
        except BudgetExceeded:
            used = budget
            break
        found[:0] = in_trick
        exact_from = t
    return DealAnalysis(tuple(found), exact_from, len(tricks), min(used, budget), budget)
