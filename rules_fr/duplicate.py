"""Duplicate tournaments (FFT 2012): the same prepared deal played at several tables with an
imposed garde, then compared.

- Individual duplicate ("topage"): on each deal the takers who played it are ranked by score;
  notes run evenly from 100 % (best) to 0 % (worst) over the number of plays, ties share their
  notes, and each defender gets 100 % minus his taker's note. A player's global percentage is
  ¼ of his average attack note plus ¾ of his average defence note.
- Teams of four ("quadrettes"): the gap between our taker's score and the other team's taker's
  score on the same deal becomes match points by square root, keeping its sign.

Notes are exact fractions; match points are decimals rounded to three places, as published.

>>> [str(n) for n in topage_notes([120, 60, 60, -30, -90])]
['100', '125/2', '125/2', '25', '0']
>>> match_points(16), match_points(-144), match_points(10)
(Decimal('4.000'), Decimal('-12.000'), Decimal('3.162'))
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

__all__ = ["defender_note", "global_percentage", "match_points", "topage_notes"]


def topage_notes(taker_scores: Sequence[int]) -> list[Fraction]:
    """Each play's taker note in percent, in the order given (ties share their notes).

    >>> topage_notes([10, 10])
    [Fraction(50, 1), Fraction(50, 1)]
    """
    plays = len(taker_scores)
    if plays == 0:
        return []
    if plays == 1:
        return [Fraction(50)]  # nobody to compare with: the middle note
    step = Fraction(100, plays - 1)
    order = sorted(range(plays), key=lambda i: -taker_scores[i])
    notes: list[Fraction] = [Fraction(0)] * plays
    rank = 0
    while rank < plays:
        tied = [i for i in order[rank:] if taker_scores[i] == taker_scores[order[rank]]]
        shared = sum(100 - step * (rank + k) for k in range(len(tied))) / len(tied)
        for i in tied:
            notes[i] = Fraction(shared)
        rank += len(tied)
    return notes


def defender_note(taker_note: Fraction) -> Fraction:
    """A defender's note on a deal: 100 % minus his taker's."""
    return 100 - taker_note


def global_percentage(attack_notes: Sequence[Fraction],
                      defence_notes: Sequence[Fraction]) -> Fraction:
    """¼ × the average attack note + ¾ × the average defence note.

    >>> global_percentage([Fraction(100)], [Fraction(50), Fraction(30)])
    Fraction(55, 1)
    """
    attack = sum(attack_notes, Fraction(0)) / len(attack_notes) if attack_notes else Fraction(0)
    defence = (sum(defence_notes, Fraction(0)) / len(defence_notes)
               if defence_notes else Fraction(0))
    return attack / 4 + defence * 3 / 4


def match_points(gap: int) -> Decimal:
    """Quadrettes: the square root of the score gap, with its sign, to three decimals."""
    root = Decimal(abs(gap)).sqrt().quantize(Decimal("0.001"), rounding=ROUND_HALF_UP)
    return -root if gap < 0 else root
