"""Benchmarks of the rules core's hot paths beside a peer's, in one process on the same inputs;
prints one line per figure, ``NAME: VALUE UNIT``, and the ratios.

The peer is magmacrunch-tarot (PyPI, module ``tarot.rules``: a port of a web game's rules,
French tarot for four). ``make bench`` installs it apart from the project (``.venv/bench-
peers``, see pyproject's ``bench`` extra); without it the peer's lines are skipped.

* legal cards: the same 18-card hand facing the same trick, in each library's types;
* scoring a counted deal: the same counted deal (points, bouts, contract, petit au bout) to
  each seat's score — ours with its derivation (built lazily), the peer's ``hand_score`` and
  ``distribute``;
* a complete random 4-player deal: each library's whole pipeline from a seeded generator —
  shuffle and deal, a taker and a contract, the écart, 18 tricks of random legal cards, the
  count and the score;
* ``check_play`` of an illegal card against a legal one (ours only: the peer has no verdict).

Each pair of figures compared (ours and the peer's, a legal and an illegal card) is timed in
alternated rounds and each is its fastest round (see :func:`paired_us`), so that the ratio
holds on a shared machine. Run with ``make bench`` (or ``.venv/bin/python scripts/bench_core.py``).
"""

from __future__ import annotations

import random
import statistics
import sys
import timeit
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from rules_fr.cards import Card, CardSet, parse_card, parse_cards
from rules_fr.contracts import Camp, Contract
from rules_fr.play import check_play, legal_cards
from rules_fr.scoring import score_count
from rules_fr.simulate import play_random_deal

REPEATS = 7
ROUNDS = 30
PEERS = Path(__file__).resolve().parents[1] / ".venv" / "bench-peers"


def median_us(stmt: Callable[[], object], number: int) -> float:
    runs = timeit.repeat(stmt, number=number, repeat=REPEATS)
    return statistics.median(runs) / number * 1e6


def paired_us(first: Callable[[], object], second: Callable[[], object] | None,
              number: int) -> tuple[float, float, float]:
    """µs per call of ``first`` and ``second``, and how many times slower ``second`` is.

    They are timed in alternation, :data:`ROUNDS` rounds of ``number // ROUNDS`` calls of
    each in turn; each time is the fastest of its rounds (the least disturbed by the
    neighbours), the ratio the median of the rounds' own ratios, so that a load that comes
    and goes on a shared machine weighs on both sides of each ratio alike."""
    if second is None:
        return median_us(first, number), float("nan"), float("nan")
    calls = max(1, number // ROUNDS)
    a: list[float] = []
    b: list[float] = []
    for _ in range(ROUNDS):
        a.append(timeit.timeit(first, number=calls))
        b.append(timeit.timeit(second, number=calls))
    ratio = statistics.median(y / x for x, y in zip(a, b, strict=True))
    return min(a) / calls * 1e6, min(b) / calls * 1e6, ratio


def _peer() -> ModuleType | None:
    if PEERS.is_dir():
        sys.path.insert(0, str(PEERS))
    try:
        from tarot import rules  # magmacrunch-tarot
    except ImportError:
        return None
    return rules


# --- the same inputs in the peer's types ----------------------------------------------------

_SUITS = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}
_RANKS = {"J": "V", "C": "C", "Q": "D", "K": "R"}


def _peer_card(mm: ModuleType, card: Card) -> Any:
    if card.is_excuse:
        return mm.Card(mm.EXCUSE, number=0)
    if card.is_trump:
        return mm.Card(mm.TRUMP, number=card.rank)
    code = card.code
    rank, suit = code[:-1], code[-1]
    return mm.Card(mm.SUITED, _SUITS[suit], _RANKS.get(rank, rank))


def _peer_trick(mm: ModuleType, cards: list[Card]) -> Any:
    trick = mm.Trick()
    for seat, card in enumerate(cards):
        c = _peer_card(mm, card)
        trick.cards.append((c, seat))
        if c.type == mm.SUITED and not trick.led_trump and not trick.led_suit:
            trick.led_suit = c.suit
        if c.type == mm.TRUMP:
            trick.led_trump = True
            trick.highest_trump = max(trick.highest_trump, c.number)
    return trick


_PEER_BIDS = ("PRISE", "GARDE", "GARDE_SANS", "GARDE_CONTRE")


def _peer_random_deal(mm: ModuleType, rng: random.Random) -> list[float]:
    """The peer's complete deal: its shuffle and deal (a petit sec dealt again), the first
    speaker takes a random contract and the others pass, its écart, random legal cards."""
    game = mm.Game(rng.random)
    game.deal()
    while game.petit_sec >= 0:
        game.deal()
    game.bid(game.current_bidder, rng.choice(_PEER_BIDS))
    while game.phase == mm.BIDDING:
        game.bid(game.current_bidder, "PASSE")
    if game.phase == mm.DOG_EXCHANGE:
        game.discard([c.id for c in mm.ai_discards(game.hands[game.taker])])
    if game.poignee_offer:
        game.declare_poignee(False)
    while game.phase == mm.TRICK_PLAY:
        seat = game.current
        game.play(seat, rng.choice(mm.legal_plays(game.hands[seat], game.trick)))
    return list(game.round_scores)


def _ratio(name: str, ratio: float) -> None:
    print(f"{name}: {ratio:.2f} x")


def main() -> None:
    mm = _peer()
    # An 18-card hand, void in hearts, facing a heart lead already trumped: the overtrump path.
    hand = CardSet.parse(["2S", "5S", "9S", "QS", "KS", "3D", "7D", "CD", "1C", "4C", "JC",
                          "T2", "T6", "T9", "T13", "T17", "T20", "EX"])
    trick = parse_cards(["5H", "T11"])
    card = parse_card("T13")
    assert card in legal_cards(hand, trick)
    peer_legal_call: Callable[[], object] | None = None
    if mm is not None:
        peer_hand = [_peer_card(mm, c) for c in hand]
        peer_trick = _peer_trick(mm, trick)
        assert len(mm.legal_plays(peer_hand, peer_trick)) == len(legal_cards(hand, trick))

        def peer_legal_call() -> object:
            return mm.legal_plays(peer_hand, peer_trick)

    legal_us, peer_legal, legal_ratio = paired_us(lambda: legal_cards(hand, trick), peer_legal_call,
                                     100_000)
    print(f"legal_cards_18: {legal_us:.2f} us")
    if mm is not None:
        print(f"peer_legal_cards_18: {peer_legal:.2f} us")
        _ratio("legal_cards_speedup", legal_ratio)

    bad = parse_card("T6")
    good_us, bad_us, bad_ratio = paired_us(lambda: check_play(hand, trick, card, players=4),
                                lambda: check_play(hand, trick, bad, players=4), 200_000)
    print(f"check_play_18: {good_us:.2f} us")
    print(f"check_play_18_illegal: {bad_us:.2f} us")
    _ratio("check_play_illegal_over_legal", bad_ratio)

    # One counted deal, scored by each: a garde with 2 bouts and 49 points, petit au bout.
    counted = play_random_deal(4, random.Random(11)).count
    points_half, bouts = counted.taker_points_half, counted.taker_bouts
    peer_score: Callable[[], object] | None = None
    if mm is not None:
        target = mm.threshold(bouts)
        points = points_half / 2
        petit = {Camp.TAKER: "taker", Camp.DEFENSE: "defence", None: None}[
            counted.petit_au_bout]

        def peer_score() -> list[float]:  # the per-seat scores, as ours reads .taker
            made = points >= target
            score = mm.hand_score(made, points - target, 2, petit, None)
            return mm.distribute(0, score)  # type: ignore[no-any-return]

    score_us, peer_score_us, score_ratio = paired_us(
        lambda: score_count(counted, players=4, contract=Contract.GARDE).taker, peer_score,
        100_000)
    print(f"score_deal: {score_us:.2f} us")
    if mm is not None:
        print(f"peer_score_deal: {peer_score_us:.2f} us")
        _ratio("score_deal_speedup", score_ratio)

    rng = random.Random(1)
    peer_deal_call: Callable[[], object] | None = None
    if mm is not None:
        peer_rng = random.Random(1)

        def peer_deal_call() -> object:
            return _peer_random_deal(mm, peer_rng)

    per_deal, peer_deal, deal_ratio = paired_us(lambda: play_random_deal(4, rng),
                                                peer_deal_call, 600)
    print(f"random_deal_4p: {per_deal / 1000:.3f} ms")
    print(f"random_deals_per_second_4p: {1e6 / per_deal:.0f} deals/s")
    if mm is not None:
        print(f"peer_random_deal_4p: {peer_deal / 1000:.3f} ms")
        _ratio("random_deal_speedup", deal_ratio)


if __name__ == "__main__":
    main()
