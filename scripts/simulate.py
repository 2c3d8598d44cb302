"""Play complete deals between policies and print how each camp fares.

    python scripts/simulate.py --deals 2000 --players 4 --taker-policy bot --defence-policy random
    python scripts/simulate.py --bench         # the three runs `make bench` prints
    python scripts/simulate.py --calibrate     # the bid bands at 3 and 5 players

A policy is ``bot`` (:mod:`rules_fr.advice`: its card play, and for the taker its écart and
king call) or ``random`` (a random legal card, écart and call, as
:func:`rules_fr.simulate.play_random_deal` draws them). The taker's camp (the taker, and his
partner at five players) plays with ``--taker-policy``, the defence with ``--defence-policy``.

Who takes, and what: with ``--taking auction`` (the default) every seat bids what the bid
advice says, in turn from the dealer's right, and a deal where everyone passes is dealt again;
with ``--taking random`` the taker and the contract are drawn at random, as in the property
tests. Takers and contracts depend only on the seed and the hands, never on the policies, so
runs with the same seed play the same deals and their figures compare seat for seat.

A camp's score for a deal is the sum of its players' scores (the taker's and the partner's;
the defenders'): the two camps' scores add up to zero. Figures print as ``NAME: VALUE UNIT``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules_fr.advice.bid import BASE_THRESHOLDS, advise_bid, call_policy  # noqa: E402
from rules_fr.advice.ecart import ecart_policy  # noqa: E402
from rules_fr.advice.evaluate import evaluate_hand  # noqa: E402
from rules_fr.advice.play import play_policy  # noqa: E402
from rules_fr.bidding import auction_result  # noqa: E402
from rules_fr.cards import Card  # noqa: E402
from rules_fr.contracts import Contract  # noqa: E402
from rules_fr.deal import Deal, deal, is_petit_sec  # noqa: E402
from rules_fr.simulate import (  # noqa: E402
    ContextPolicy,
    PlayContext,
    SimulatedDeal,
    play_deal,
    random_context_policy,
)

POLICIES: dict[str, ContextPolicy] = {"bot": play_policy, "random": random_context_policy}


def camp_policy(attack: ContextPolicy, defence: ContextPolicy) -> ContextPolicy:
    """One policy for every seat that plays ``attack`` for the taker's camp and ``defence``
    for the others. A player always knows his own camp (the partner holds the called card)."""

    def choose(ctx: PlayContext, rng: random.Random) -> Card:
        mine = ctx.seat == ctx.taker or (ctx.partner_known and ctx.partner == ctx.seat)
        return (attack if mine else defence)(ctx, rng)

    return choose


def advised_auction(dealt: Deal) -> tuple[int, Contract] | None:
    """Every seat bids the advice, from the dealer's right; ``None`` when all pass (or a
    petit sec annuls the deal)."""
    players = dealt.players
    if any(is_petit_sec(hand) for hand in dealt.hands):
        return None
    bids: list[Contract | None] = []
    for spoken in range(players):
        seat = (dealt.dealer + 1 + spoken) % players
        bids.append(advise_bid(players, dealt.hands[seat], bids).bid)
    result = auction_result(players, bids)
    if result.all_passed:
        return None
    taker = result.taker_seat(dealt.dealer, players)
    assert taker is not None and result.contract is not None
    return taker, result.contract


def deals(players: int, count: int, seed: int, taking: str
          ) -> Iterator[tuple[Deal, int, Contract, random.Random]]:
    """``count`` deals with their taker, contract and generator, the same for every run of the
    same seed whatever the policies."""
    made = attempt = 0
    while made < count:
        attempt += 1
        rng = random.Random(seed * 1_000_003 + attempt)
        dealt = deal(players, rng.randrange(players), seed=rng.getrandbits(64))
        if taking == "random":
            taker, contract = rng.randrange(players), Contract(rng.randint(1, 4))
        else:
            found = advised_auction(dealt)
            if found is None:
                continue
            taker, contract = found
        made += 1
        yield dealt, taker, contract, rng


@dataclass
class Run:
    """What a run of deals gave."""

    players: int
    deals: int = 0
    made: int = 0
    attack: int = 0
    """Sum over the deals of the taker's camp's score."""
    seat_scores: list[int] | None = None
    seconds: float = 0.0

    @property
    def success(self) -> float:
        return self.made / self.deals if self.deals else 0.0

    @property
    def attack_per_deal(self) -> float:
        return self.attack / self.deals if self.deals else 0.0

    @property
    def defence_per_deal(self) -> float:
        return -self.attack_per_deal

    @property
    def per_second(self) -> float:
        return self.deals / self.seconds if self.seconds else 0.0


def run(players: int, count: int, seed: int, taker_policy: str, defence_policy: str,
        taking: str = "auction") -> Run:
    """Play ``count`` deals; the taker's camp with ``taker_policy``, the defence with
    ``defence_policy``."""
    policy = camp_policy(POLICIES[taker_policy], POLICIES[defence_policy])
    policies = [policy] * players
    bot_taker = taker_policy == "bot"
    result = Run(players, seat_scores=[0] * players)
    assert result.seat_scores is not None
    start = time.perf_counter()
    for dealt, taker, contract, rng in deals(players, count, seed, taking):
        played: SimulatedDeal = play_deal(
            dealt, taker, contract, rng, policies=policies,
            ecart_policy=ecart_policy if bot_taker else None,
            call_policy=call_policy if bot_taker else None)
        s = played.score
        result.deals += 1
        result.made += s.won
        result.attack += s.taker + s.partner
        for seat in range(players):
            if seat == played.taker:
                result.seat_scores[seat] += s.taker
            elif seat == played.partner:
                result.seat_scores[seat] += s.partner
            else:
                result.seat_scores[seat] += s.defender
    result.seconds = time.perf_counter() - start
    return result


def print_run(r: Run, args: argparse.Namespace) -> None:
    print(f"deals: {r.deals} deals")
    print(f"players: {r.players} players")
    print(f"taker_policy: {args.taker_policy}")
    print(f"defence_policy: {args.defence_policy}")
    print(f"taker_success: {100 * r.success:.1f} %")
    print(f"taker_camp_score: {r.attack_per_deal:+.1f} points/deal")
    print(f"defence_camp_score: {r.defence_per_deal:+.1f} points/deal")
    assert r.seat_scores is not None
    for seat, total in enumerate(r.seat_scores):
        print(f"seat_{seat}_score: {total / r.deals:+.1f} points/deal")
    print(f"deals_per_second: {r.per_second:.0f} deals/s")


def bench(players: int, count: int, seed: int) -> int:
    """The three runs of ``make bench``, over the same deals: bots as taker against random
    defenders, random taker against bot defenders, random against random. Returns 1 when the
    bots' camp does not beat the random camp, or random from the same seat."""
    bot_attack = run(players, count, seed, "bot", "random")
    bot_defence = run(players, count, seed, "random", "bot")
    baseline = run(players, count, seed, "random", "random")
    total_deals = bot_attack.deals + bot_defence.deals + baseline.deals
    total_seconds = bot_attack.seconds + bot_defence.seconds + baseline.seconds
    # Rows alike by nature: one measure a line (name, value, unit).
    lines = [
        ("sim_deals_per_run", f"{count}", "deals"),
        ("sim_random_vs_random_taker_camp", f"{baseline.attack_per_deal:+.1f}", "points/deal"),
        ("sim_random_vs_random_defence_camp", f"{baseline.defence_per_deal:+.1f}",
         "points/deal"),
        ("sim_random_vs_random_taker_success", f"{100 * baseline.success:.1f}", "%"),
        ("sim_bot_taker_camp", f"{bot_attack.attack_per_deal:+.1f}", "points/deal"),
        ("sim_bot_taker_random_defence_camp", f"{bot_attack.defence_per_deal:+.1f}",
         "points/deal"),
        ("sim_bot_taker_success", f"{100 * bot_attack.success:.1f}", "%"),
        ("sim_bot_taker_margin_over_defence",
         f"{bot_attack.attack_per_deal - bot_attack.defence_per_deal:+.1f}", "points/deal"),
        ("sim_bot_taker_margin_over_random_taker",
         f"{bot_attack.attack_per_deal - baseline.attack_per_deal:+.1f}", "points/deal"),
        ("sim_bot_defence_camp", f"{bot_defence.defence_per_deal:+.1f}", "points/deal"),
        ("sim_bot_defence_random_taker_camp", f"{bot_defence.attack_per_deal:+.1f}",
         "points/deal"),
        ("sim_bot_defence_taker_success", f"{100 * bot_defence.success:.1f}", "%"),
        ("sim_bot_defence_margin_over_taker",
         f"{bot_defence.defence_per_deal - bot_defence.attack_per_deal:+.1f}", "points/deal"),
        ("sim_bot_defence_margin_over_random_defence",
         f"{bot_defence.defence_per_deal - baseline.defence_per_deal:+.1f}", "points/deal"),
        ("sim_deals_per_second_bot_taker", f"{bot_attack.per_second:.0f}", "deals/s"),
        ("sim_deals_per_second_bot_defence", f"{bot_defence.per_second:.0f}", "deals/s"),
        ("sim_deals_per_second_random", f"{baseline.per_second:.0f}", "deals/s"),
        ("sim_deals_per_second", f"{total_deals / total_seconds:.0f}", "deals/s"),
    ]
    for name, value, unit in lines:
        print(f"{name}_{players}p: {value} {unit}")
    beaten = (bot_attack.attack_per_deal > bot_attack.defence_per_deal
              and bot_attack.attack_per_deal > baseline.attack_per_deal
              and bot_defence.defence_per_deal > bot_defence.attack_per_deal
              and bot_defence.defence_per_deal > baseline.defence_per_deal)
    if not beaten:
        print("the bots' camp did not beat the random-legal camp", file=sys.stderr)
    return 0 if beaten else 1


# --- calibration of the bid bands ----------------------------------------------------------


def _logistic_fit(xs: list[int], ys: list[int]) -> tuple[float, float, float]:
    """(a, b, mean) of P(y) = 1 / (1 + exp(-(a + b (x - mean)))), by Newton's method."""
    mean = sum(xs) / len(xs)
    a = b = 0.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, ys, strict=True):
            d = x - mean
            p = 1 / (1 + math.exp(-(a + b * d)))
            w = p * (1 - p)
            ga += y - p
            gb += (y - p) * d
            haa += w
            hab += w * d
            hbb += w * d * d
        det = haa * hbb - hab * hab
        a += (hbb * ga - hab * gb) / det
        b += (haa * gb - hab * ga) / det
    return a, b, mean


def calibrate(count: int, seed: int) -> None:
    """For each table size, the strongest hand of each deal takes a petite and the bots play
    it out; success against the count is fitted, and each four-player bound is carried to 3
    and 5 players at the count with the same chance of success."""
    fits = {}
    for players in (3, 4, 5):
        xs: list[int] = []
        ys: list[int] = []
        policies = [play_policy] * players
        for dealt, _taker, _contract, rng in deals(players, count, seed, "random"):
            if any(is_petit_sec(hand) for hand in dealt.hands):
                continue
            counts = [evaluate_hand(hand).points for hand in dealt.hands]
            taker = max(range(players), key=lambda seat: counts[seat])
            played = play_deal(dealt, taker, Contract.PETITE, rng, policies=policies,
                               ecart_policy=ecart_policy, call_policy=call_policy)
            xs.append(counts[taker])
            ys.append(int(played.score.won))
        fits[players] = _logistic_fit(xs, ys)
    a4, b4, m4 = fits[4]
    bands: dict[int, list[int]] = {3: [], 5: []}
    for contract, bound in zip(Contract, BASE_THRESHOLDS, strict=True):
        p = 1 / (1 + math.exp(-(a4 + b4 * (bound - m4))))
        carried = []
        for players in (3, 5):
            a, b, m = fits[players]
            count_at = m + (math.log(p / (1 - p)) - a) / b
            bands[players].append(math.floor(count_at + 0.5))
            carried.append(f"{players}p {count_at:.1f}")
        print(f"bid_band_{contract.code}: 4p {bound} (success {100 * p:.0f} %), "
              + ", ".join(carried))
    for players, bounds in bands.items():
        print(f"bid_bands_{players}p: {tuple(bounds)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=None,
                        help="deals to play (default 1000; 2000 with --bench, 4000 with "
                             "--calibrate)")
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    parser.add_argument("--taker-policy", choices=tuple(POLICIES), default="bot")
    parser.add_argument("--defence-policy", choices=tuple(POLICIES), default="random")
    parser.add_argument("--taking", choices=("auction", "random"), default="auction")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bench", action="store_true",
                        help="bots as taker, as defence, and random against random")
    parser.add_argument("--calibrate", action="store_true",
                        help="fit the bid bands of 3 and 5 players to the four-player ones")
    args = parser.parse_args(argv)
    if args.bench:
        return bench(args.players, args.deals or 2000, args.seed)
    if args.calibrate:
        calibrate(args.deals or 4000, args.seed)
        return 0
    result = run(args.players, args.deals or 1000, args.seed, args.taker_policy,
                 args.defence_policy, args.taking)
    print_run(result, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
