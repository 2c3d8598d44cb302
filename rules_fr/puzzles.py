"""Endgame puzzles: 3 to 5 tricks left, every hand visible, exactly one best card by score.

:func:`puzzle` draws deals from a seed (:func:`rules_fr.simulate.play_random_deal`, every
seat played by the advice bots of :mod:`rules_fr.advice`), and looks, in a seeded order,
through the positions with 3 to 5 tricks left for one where the seat to play has a choice and
the double-dummy solver (:mod:`rules_fr.solver`, objective ``score``) proves that exactly one
of its legal cards is best for its side, by :data:`MIN_GAP` score points at least. The same
players and seed always give the same
puzzle.

A puzzle's id is the address of its position — players, seed, the deal drawn (attempt), the
trick and the card — so :func:`puzzle_from_id` rebuilds it with no stored state, and refuses
(:class:`PuzzleIdError`) an id that names no puzzle.

>>> p = puzzle(4, 1)
>>> p.id == puzzle(4, 1).id, 3 <= p.position.tricks_left <= 5, len(p.solution.best)
(True, True, 1)
>>> puzzle_from_id(p.id).solution.best == p.solution.best
True
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from rules_fr.advice.ecart import ecart_policy
from rules_fr.advice.play import play_policy
from rules_fr.play import legal_mask
from rules_fr.simulate import SimulatedDeal, play_random_deal
from rules_fr.solver import BudgetExceeded, Objective, Position, Solution, deal_position, solve

__all__ = ["MAX_ATTEMPTS", "MIN_GAP", "PUZZLE_TRICKS", "SEARCH_BUDGET", "Puzzle", "PuzzleIdError",
           "puzzle", "puzzle_from_id", "puzzle_position"]

PUZZLE_TRICKS: Final = (3, 4, 5)
"""Tricks left in a puzzle, the one in progress included."""
SEARCH_BUDGET: Final = 40_000
"""Nodes the solver may spend on one candidate position (one that needs more is skipped)."""
MAX_ATTEMPTS: Final = 40
"""Deals drawn for one seed at most (a deal with no puzzle is followed by another)."""
MIN_GAP: Final = 4
"""The best card beats every other by this much score at least (a card worth playing for)."""

_ID: Final = re.compile(r"([345])-(\d{1,7})-(\d{1,2})-(\d{1,2})-([0-4])")


class PuzzleIdError(ValueError):
    """A puzzle id that names no puzzle (malformed, out of range, or no single best card)."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A position with exactly one best card, and its solution (objective ``score``)."""

    players: int
    seed: int
    attempt: int
    trick: int
    card: int
    position: Position
    solution: Solution

    @property
    def id(self) -> str:
        return f"{self.players}-{self.seed}-{self.attempt}-{self.trick}-{self.card}"


@lru_cache(maxsize=64)
def _deal(players: int, seed: int, attempt: int) -> SimulatedDeal:
    rng = random.Random(f"puzzle/{players}/{seed}/{attempt}")
    return play_random_deal(players, rng, policies=[play_policy] * players,
                            ecart_policy=ecart_policy)


def puzzle_position(players: int, seed: int, attempt: int, trick: int, card: int
                    ) -> Position:
    """The position before card ``card`` of trick ``trick`` (0-based) of the deal drawn."""
    d = _deal(players, seed, attempt)
    return deal_position(players=players, contract=d.contract, taker=d.taker,
                         partner=d.partner, tricks=d.tricks, chien=d.chien, ecart=d.ecart,
                         called_card=d.called_card, trick=trick, card=card)


def _solved(pos: Position) -> Solution | None:
    """The position's solution when the seat to play has a choice and exactly one legal
    card is best, within the search budget; else ``None``."""
    called = pos.called_card if pos.first_trick else None
    if legal_mask(pos.hands[pos.seat_to_play].mask, pos.trick, called).bit_count() < 2:
        return None
    try:
        sol = solve(pos, Objective.SCORE, budget=SEARCH_BUDGET)
    except BudgetExceeded:
        return None
    if len(sol.best) != 1:
        return None
    gap = min(abs(v.value - sol.value) for v in sol.values if v.card is not sol.best[0])
    return sol if gap >= MIN_GAP else None


@lru_cache(maxsize=256)
def puzzle(players: int, seed: int) -> Puzzle:
    """The puzzle of ``seed`` at ``players`` (3, 4 or 5): always the same one."""
    if players not in (3, 4, 5):
        raise ValueError(f"players: {players}")
    order = random.Random(f"puzzle-order/{players}/{seed}")
    for attempt in range(MAX_ATTEMPTS):
        tricks = len(_deal(players, seed, attempt).tricks)
        lefts = list(PUZZLE_TRICKS)
        order.shuffle(lefts)
        for left in lefts:
            cards = list(range(players))
            order.shuffle(cards)
            for card in cards:
                trick = tricks - left
                pos = puzzle_position(players, seed, attempt, trick, card)
                sol = _solved(pos)
                if sol is not None:
                    return Puzzle(players, seed, attempt, trick, card, pos, sol)
    raise LookupError(f"no puzzle for players={players} seed={seed}")


def puzzle_from_id(text: str) -> Puzzle:
    """The puzzle an id names (:attr:`Puzzle.id`), rebuilt and solved again."""
    match = _ID.fullmatch(text)
    if match is None:
        raise PuzzleIdError(text)
    players, seed, attempt, trick, card = (int(g) for g in match.groups())
    if attempt >= MAX_ATTEMPTS or card >= players:
        raise PuzzleIdError(text)
    tricks = len(_deal(players, seed, attempt).tricks)
    if tricks - trick not in PUZZLE_TRICKS:
        raise PuzzleIdError(text)
    pos = puzzle_position(players, seed, attempt, trick, card)
    sol = _solved(pos)
    if sol is None:
        raise PuzzleIdError(text)
    return Puzzle(players, seed, attempt, trick, card, pos, sol)
