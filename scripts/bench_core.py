"""Benchmarks of the rules core's hot paths; prints one line per figure, ``NAME: VALUE UNIT``.

Run with ``make bench`` (or ``.venv/bin/python scripts/bench_core.py``). Figures are medians
of several timed repeats, so a noisy neighbour moves them less than a mean would.
"""

from __future__ import annotations

import random
import statistics
import timeit

from rules_fr.cards import CardSet, parse_card, parse_cards
from rules_fr.contracts import Camp, Contract
from rules_fr.play import check_play, legal_cards
from rules_fr.scoring import score
from rules_fr.simulate import play_random_deal

REPEATS = 7


def median_us(stmt, number: int) -> float:
    runs = timeit.repeat(stmt, number=number, repeat=REPEATS)
    return statistics.median(runs) / number * 1e6


def main() -> None:
    # An 18-card hand, void in hearts, facing a heart lead already trumped: the overtrump path.
    hand = CardSet.parse(["2S", "5S", "9S", "QS", "KS", "3D", "7D", "CD", "1C", "4C", "JC",
                          "T2", "T6", "T9", "T13", "T17", "T20", "EX"])
    trick = parse_cards(["5H", "T11"])
    card = parse_card("T13")
    assert card in legal_cards(hand, trick)
    print(f"legal_cards_18: {median_us(lambda: legal_cards(hand, trick), 200_000):.2f} us")
    print(f"check_play_18: "
          f"{median_us(lambda: check_play(hand, trick, card, players=4), 200_000):.2f} us")
    bad = parse_card("T6")
    print(f"check_play_18_illegal: "
          f"{median_us(lambda: check_play(hand, trick, bad, players=4), 50_000):.2f} us")
    print("score_deal: {:.2f} us".format(median_us(lambda: score(
        players=4, contract=Contract.GARDE, bouts=2, points_half=98,
        petit_au_bout=Camp.TAKER), 50_000)))
    rng = random.Random(1)
    per_deal = median_us(lambda: play_random_deal(4, rng), 300)
    print(f"random_deal_4p: {per_deal / 1000:.3f} ms")
    print(f"random_deals_per_second_4p: {1e6 / per_deal:.0f} deals/s")


if __name__ == "__main__":
    main()
