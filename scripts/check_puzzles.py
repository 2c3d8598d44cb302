"""Every puzzle served for seeds 1-200 at 3, 4 and 5 players has exactly one best card.

Each puzzle (:func:`rules_fr.puzzles.puzzle`) is solved again from scratch with the
double-dummy solver, without a node budget: its position must have 3 to 5 tricks left,
exactly one best card by score, the puzzle's best, ahead of every other card by
:data:`rules_fr.puzzles.MIN_GAP` points at least, and its id must rebuild the same puzzle.
The suite checks seeds 1-12 (tests/test_analysis_api.py); this checks the 600 puzzles.

Run with ``.venv/bin/python scripts/check_puzzles.py`` (``--seeds 50`` for fewer). Prints
``NAME: VALUE UNIT`` lines and exits 1 on the first puzzle that fails.
"""

from __future__ import annotations

import argparse
import sys
import time

from rules_fr.puzzles import MIN_GAP, puzzle, puzzle_from_id
from rules_fr.solver import Objective, solve


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=200, help="seeds 1 to this")
    args = parser.parse_args()
    for players in (3, 4, 5):
        started = time.perf_counter()
        for seed in range(1, args.seeds + 1):
            p = puzzle(players, seed)
            sol = solve(p.position, Objective.SCORE)
            gaps = [abs(v.value - sol.value) for v in sol.values if v.card not in sol.best]
            ok = (3 <= p.position.tricks_left <= 5 and len(sol.best) == 1
                  and sol.best == p.solution.best and gaps and min(gaps) >= MIN_GAP
                  and puzzle_from_id(p.id).position == p.position)
            if not ok:
                print(f"puzzle_failed: players={players} seed={seed} id={p.id}")
                return 1
        elapsed = time.perf_counter() - started
        print(f"puzzles_{players}p_checked: {args.seeds} puzzles")
        print(f"puzzles_{players}p_time: {elapsed:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
