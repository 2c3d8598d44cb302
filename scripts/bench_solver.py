"""Benchmark of the double-dummy solver (rules_fr.solver) against a plain alpha-beta with a
transposition table written here, in the same run, on the same positions.

The positions are endgames of random complete deals (rules_fr.simulate, seeded): the deal as
played, stopped at the start of the trick that leaves ``k`` tricks. For each number of
players and tricks left, the solver gives every legal card's value by the ``score``
objective (what /analysis/solve and /analysis/deal ask), and the figures are the median and
95th percentile of the solve time and of the nodes. The plain search (full-window
alpha-beta, card by card, legal cards in deck order, a transposition table at each trick's
start keyed on the hands, the leader and everything the score depends on) values the same
cards, up to a smaller number of tricks (it is slow), and the ratio of the medians is given.

Prints ``NAME: VALUE UNIT`` lines. Run with ``.venv/bin/python scripts/bench_solver.py``
(``--quick`` for fewer positions); ``make bench`` runs it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from rules_fr.analysis import DEAL_BUDGET, analyse_deal
from rules_fr.cards import CARDS, Card
from rules_fr.play import legal_mask
from rules_fr.simulate import play_random_deal
from rules_fr.solver import (
    Objective,
    Position,
    Solver,
    _settle,
    _State,
    deal_position,
    final_value,
)

_CAMPS = ("taker", "defense", None)


class PlainSearch:
    """Alpha-beta with a transposition table and nothing else: the reference speed."""

    def __init__(self, pos: Position, objective: Objective) -> None:
        self.pos = pos
        self.objective = objective
        self.n = pos.players
        self.side = tuple(0 if s in (pos.taker, pos.partner) else 1 for s in range(self.n))
        self.hands = [h.mask for h in pos.hands]
        self.tt: dict[tuple[object, ...], tuple[int, int]] = {}
        self.nodes = 0

    def leaf(self, acc: int, bouts: int, pab: int, t0: int, t1: int) -> int:
        from rules_fr.contracts import Camp
        camps = (Camp.TAKER, Camp.DEFENSE, None)
        chelem = 0 if t1 == 0 else 1 if t0 == 0 else 2
        return final_value(self.pos, self.objective, acc, bouts, camps[pab], camps[chelem])

    def trick_start(self, st: _State, alpha: int, beta: int) -> int:
        key = (*self.hands, st.leader, st.acc, st.bouts, st.t0 > 0, st.t1 > 0, st.pprev)
        lower, upper = self.tt.get(key, (-10**9, 10**9))
        if lower >= beta:
            return lower
        if upper <= alpha:
            return upper
        a, b = max(alpha, lower), min(beta, upper)
        value = self.cards(st, a, b)
        if value <= a:
            upper = value
        elif value >= b:
            lower = value
        else:
            lower = upper = value
        self.tt[key] = (lower, upper)
        return value

    def cards(self, st: _State, alpha: int, beta: int) -> int:
        self.nodes += 1
        n = self.n
        seat = (st.leader + len(st.cards)) % n
        hand = self.hands[seat]
        legal = legal_mask(hand, st.cards, st.called)
        maximizing = self.side[seat] == 0
        best = -10**9 if maximizing else 10**9
        while legal:
            low = legal & -legal
            legal ^= low
            card = CARDS[low.bit_length() - 1]
            self.hands[seat] = hand & ~card.mask
            value = self.after(st, card, alpha, beta)
            self.hands[seat] = hand
            if maximizing:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    def after(self, st: _State, card: Card, alpha: int, beta: int) -> int:
        cards = (*st.cards, card)
        if len(cards) < self.n:
            return self.cards(st._replace(cards=cards), alpha, beta)
        last = not self.hands[st.leader]
        winner, acc, bouts, t0, t1, petit_in, pab = _settle(self.side, st, cards, last)
        if last:
            self.nodes += 1
            return self.leaf(acc, bouts, pab, t0, t1)
        return self.trick_start(_State(winner, (), acc, bouts, t0, t1, petit_in, None),
                                alpha, beta)

    def solve(self) -> dict[str, int]:
        """Every legal card's value (a full-window search of each)."""
        pos = self.pos
        st = _State(pos.leader, pos.trick, pos.won_points_half, pos.won_bouts,
                    pos.won_tricks[0], pos.won_tricks[1], pos.petit_previous_trick,
                    pos.called_card if pos.first_trick else None)
        seat = pos.seat_to_play
        hand = self.hands[seat]
        values = {}
        legal = legal_mask(hand, st.cards, st.called)
        while legal:
            low = legal & -legal
            legal ^= low
            card = CARDS[low.bit_length() - 1]
            self.hands[seat] = hand & ~card.mask
            values[card.code] = self.after(st, card, -10**9, 10**9)
            self.hands[seat] = hand
        return values


def positions(players: int, tricks_left: int, count: int) -> list[Position]:
    found = []
    seed = 0
    while len(found) < count:
        seed += 1
        d = play_random_deal(players, random.Random(f"bench-{players}-{seed}"))
        total = len(d.tricks)
        if tricks_left > total:
            break
        found.append(deal_position(
            players=players, contract=d.contract, taker=d.taker, partner=d.partner,
            tricks=d.tricks, chien=d.chien, ecart=d.ecart, called_card=d.called_card,
            trick=total - tricks_left))
    return found


def pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer positions")
    parser.add_argument("--players", type=int, choices=(3, 4, 5), help="one table size")
    parser.add_argument("--upto", type=int, default=12, help="most tricks left")
    args = parser.parse_args()
    count = 6 if args.quick else 15
    plan = {4: range(4, min(12, args.upto) + 1), 3: range(4, min(10, args.upto) + 1),
            5: range(4, min(10, args.upto) + 1)}
    if args.players:
        plan = {args.players: plan[args.players]}
    plain_upto = {4: 6, 3: 6, 5: 5}
    for players, lefts in plan.items():
        for k in lefts:
            cases = positions(players, k, count if k < 11 else max(3, count // 3))
            times, nodes, plain_times, plain_nodes = [], [], [], []
            budget_s = 60.0
            started = time.perf_counter()
            for pos in cases:
                t = time.perf_counter()
                solver = Solver(pos, Objective.SCORE)
                solution = solver.solve()
                times.append(time.perf_counter() - t)
                nodes.append(solution.nodes)
                if k <= plain_upto[players]:
                    t = time.perf_counter()
                    plain = PlainSearch(pos, Objective.SCORE)
                    expected = plain.solve()
                    plain_times.append(time.perf_counter() - t)
                    plain_nodes.append(plain.nodes)
                    assert expected == solution.values_by_code, (players, k)
                if time.perf_counter() - started > budget_s:
                    break
            name = f"solver_{players}p_{k}tricks"
            print(f"{name}_median: {statistics.median(times) * 1000:.1f} ms")
            print(f"{name}_p95: {pct(times, 0.95) * 1000:.1f} ms")
            print(f"{name}_nodes_median: {statistics.median(nodes):.0f} nodes")
            print(f"{name}_nodes_p95: {pct(nodes, 0.95):.0f} nodes")
            print(f"{name}_positions: {len(times)} positions")
            if plain_times:
                pname = f"plain_{players}p_{k}tricks"
                print(f"{pname}_median: {statistics.median(plain_times) * 1000:.1f} ms")
                print(f"{pname}_nodes_median: {statistics.median(plain_nodes):.0f} nodes")
                ratio = statistics.median(plain_times) / statistics.median(times)
                print(f"speedup_{players}p_{k}tricks: {ratio:.1f} x")
            if statistics.median(times) > 20:
                break  # deeper endgames of this size would take too long
    if not args.players or args.players == 4:
        deal_analysis(count)


def deal_analysis(count: int) -> None:
    """A whole deal's analysis as /analysis/deal runs it (rules_fr.analysis, its node
    budget): the time, and how many of the last tricks it proves."""
    times, exact, nodes = [], [], []
    for seed in range(1, count + 1):
        d = play_random_deal(4, random.Random(f"bench-deal-{seed}"))
        t = time.perf_counter()
        found = analyse_deal(players=4, contract=d.contract, taker=d.taker, partner=d.partner,
                             tricks=d.tricks, chien=d.chien, ecart=d.ecart)
        times.append(time.perf_counter() - t)
        start = found.exact_from_trick if found.exact_from_trick is not None else found.tricks
        exact.append(found.tricks - start)
        nodes.append(found.nodes)
    print(f"analysis_4p_deal_median: {statistics.median(times) * 1000:.0f} ms")
    print(f"analysis_4p_deal_p95: {pct(times, 0.95) * 1000:.0f} ms")
    print(f"analysis_4p_exact_tricks_median: {statistics.median(exact):.0f} tricks")
    print(f"analysis_4p_exact_tricks_min: {min(exact)} tricks")
    print(f"analysis_4p_budget: {DEAL_BUDGET} nodes")


if __name__ == "__main__":
    main()
