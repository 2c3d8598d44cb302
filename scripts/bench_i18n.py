"""Micro-benchmark of the sentences (:mod:`tutor.i18n`); prints one line per figure,
``NAME: VALUE UNIT``.

Each figure is the median of several timed repeats of one call, in µs, inside a Flask request
context (``?lang=fr`` or ``?lang=en``) of an app with :func:`tutor.i18n.init_babel`, as a
request of the API makes it:

- ``score_payload`` of the rulebook's garde example (poignée, petit au bout, 4 players), the
  body of ``POST /api/v1/score``;
- ``violation_payload`` of a must-follow-suit violation (two cards named, the rule cited);
- ``explain_play`` of that illegal card (the violation and the cards that may be played);
- ``check_play_illegal``: what ``POST /api/v1/check/play`` renders for it (the violation's
  payload, then the explanation).

Each call gets a new Violation object, as each request does (a request words a violation once
and reuses the sentence: the same object twice in one request would measure that memo).

    .venv/bin/python scripts/bench_i18n.py [--repeats 7]
"""

from __future__ import annotations

import argparse
import statistics
import timeit
from collections.abc import Callable

from flask import Flask

from rules_fr.cards import CardSet, parse_card, parse_cards
from rules_fr.contracts import Camp, Contract
from rules_fr.play import check_play, legal_cards
from rules_fr.poignee import PoigneeLevel
from rules_fr.scoring import score
from rules_fr.verdicts import Violation
from tutor.i18n import explain_play, init_babel, score_payload, violation_payload

LANGUAGES = ("fr", "en")


def median_us(stmt: Callable[[], object], number: int, repeats: int) -> float:
    runs = timeit.repeat(stmt, number=number, repeat=repeats)
    return statistics.median(runs) / number * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()

    app = Flask("bench-i18n")
    init_babel(app)
    garde = score(players=4, contract=Contract.GARDE, bouts=2, points_half=98,
                  petit_au_bout=Camp.TAKER, poignees=[(Camp.TAKER, PoigneeLevel.SIMPLE)])
    hand = CardSet.parse(["7H", "KH", "T3", "EX", "2S"])
    trick = parse_cards(["5H"])
    card = parse_card("2S")
    found = check_play(hand, trick, card, players=4)
    legal = legal_cards(hand, trick)
    assert found, "the benchmark's card must be illegal"

    def fresh() -> list[Violation]:
        return [Violation(v.code, v.rule, v.params) for v in found]

    def check_play_illegal() -> object:
        violations = fresh()
        return ([violation_payload(v) for v in violations],
                explain_play(card, violations, [], legal))

    cases: list[tuple[str, Callable[[], object], int]] = [
        ("score_payload", lambda: score_payload(garde), 1_000),
        ("violation_payload", lambda: violation_payload(fresh()[0]), 3_000),
        ("explain_play_illegal", lambda: explain_play(card, fresh(), [], legal), 3_000),
        ("check_play_illegal", check_play_illegal, 3_000),
    ]
    for language in LANGUAGES:
        with app.test_request_context(f"/?lang={language}"):
            for name, stmt, number in cases:
                stmt()  # warm the catalogs and caches, as a worker's first request does
                print(f"{name}_{language}: {median_us(stmt, number, args.repeats):.1f} us")


if __name__ == "__main__":
    main()
