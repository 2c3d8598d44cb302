"""Deals to enter through the referee pages in tests: a whole deal as it happens at a real
table (bids, chien, écart, every card), dealt and played by the rules core, with a revoke put
in on purpose — a defender who discards or trumps on a suit he holds, whose later card of that
suit proves it."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from rules_fr.cards import Card, CardSet, Suit
from rules_fr.deal import deal, is_petit_sec
from rules_fr.ecart import random_legal_ecart
from rules_fr.play import legal_cards, trick_winner


@dataclass
class ScriptedDeal:
    """What the table saw of one four-player deal, dealer seat 0, the first speaker taking a
    garde: the chien turned over, the écart (known to the test only), the tricks in order,
    and the revoke put in (trick number, seat)."""

    chien: list[str]
    ecart: list[str]
    taker: int
    plays: list[tuple[int, str]] = field(default_factory=list)
    """(seat, card) in the order the cards were played."""
    tricks: list[dict[str, object]] = field(default_factory=list)
    revoke: tuple[int, int] | None = None
    poignee: tuple[int, list[str]] | None = None
    """(seat, trumps shown) of a simple poignée shown before that seat's first card."""


def _suit_of(card: Card) -> Suit:
    return card.suit


def scripted_deal(seed: int, *, revoke_at: int = 2, poignee: bool = False) -> ScriptedDeal:
    """A deal of four players with a revoke at trick ``revoke_at`` (or later, at the first
    trick led in a plain suit where a defender holds it and something else to play); with
    ``poignee``, a deal where a seat holds ten trumps or more, and shows the ten highest (a
    simple poignée, FFT: 10 trumps at four players) before its first card."""
    rng = random.Random(seed)
    while True:
        dealt = deal(4, 0, seed=rng.randrange(2**31))
        if any(is_petit_sec(h) for h in dealt.hands):
            continue
        hands = [CardSet(h.mask) for h in dealt.hands]
        taker = 1
        ecart = random_legal_ecart(4, hands[taker], dealt.chien, rng)
        if ecart is None:
            continue
        hands[taker] = CardSet((hands[taker].mask | dealt.chien.mask) & ~ecart.mask)
        script = ScriptedDeal(dealt.chien.codes(), ecart.codes(), taker)
        if poignee:
            holders = [seat for seat in range(4)
                       if sum(1 for c in hands[seat] if c.is_trump) >= 10]
            if not holders:
                continue
            trumps = sorted((c for c in hands[holders[0]] if c.is_trump),
                            key=lambda c: -c.rank)[:10]
            script.poignee = (holders[0], [c.code for c in trumps])
        leader = (0 + 1) % 4
        for number in range(1, 19):
            trick: list[Card] = []
            for position in range(4):
                seat = (leader + position) % 4
                hand = hands[seat]
                card = None
                if (script.revoke is None and number >= revoke_at and position > 0
                        and seat != taker and trick[0].suit not in (Suit.TRUMPS, Suit.EXCUSE)):
                    led = trick[0].suit
                    of_suit = [c for c in hand if c.suit is led]
                    others = [c for c in hand if c.suit is not led and not c.is_excuse]
                    if of_suit and others:
                        card = rng.choice(sorted(others, key=lambda c: c.index))
                        script.revoke = (number, seat)
                if card is None:
                    legal = sorted(legal_cards(hand, trick, players=4), key=lambda c: c.index)
                    card = rng.choice(legal)
                hands[seat] = CardSet(hand.mask & ~card.mask)
                trick.append(card)
                script.plays.append((seat, card.code))
            script.tricks.append({"leader": leader, "cards": [c.code for c in trick]})
            leader = (leader + trick_winner(trick)) % 4
        if script.revoke is not None:
            return script
