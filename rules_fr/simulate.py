"""Complete deals played with random legal cards: the property tests' and benchmarks' engine,
and the "random-legal" policy bots are measured against.

Every choice (dealer, taker, contract, called card, écart, each card) is drawn from ``rng``
among the legal ones, so the same seed replays the same deal.

>>> d = play_random_deal(4, random.Random(7))
>>> d.count.points_half[Camp.TAKER] + d.count.points_half[Camp.DEFENSE]
182
>>> d.score.taker + d.score.partner + d.score.defender * d.score.defenders
0
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules_fr.cards import CARDS, Card, CardSet
from rules_fr.contracts import Camp, Contract
from rules_fr.counting import Count, PlayedTrick, count_deal
from rules_fr.deal import deal as deal_cards
from rules_fr.ecart import random_legal_ecart
from rules_fr.kingcall import callable_cards
from rules_fr.play import legal_cards, trick_winner
from rules_fr.scoring import Score, score
from rules_fr.table import rules_for

__all__ = ["PlayPolicy", "SimulatedDeal", "play_random_deal", "random_card"]

PlayPolicy = Callable[[int, CardSet, Sequence[Card], CardSet, random.Random], Card]
"""(seat, hand, trick so far, legal cards, rng) -> the card to play."""


def random_card(cards: CardSet, rng: random.Random) -> Card:
    """A card drawn uniformly from a non-empty set, without building a list."""
    mask = cards.mask
    for _ in range(rng.randrange(mask.bit_count())):
        mask &= mask - 1
    return CARDS[(mask & -mask).bit_length() - 1]


def _random_policy(seat: int, hand: CardSet, trick: Sequence[Card], legal: CardSet,
                   rng: random.Random) -> Card:
    return random_card(legal, rng)


@dataclass(frozen=True, slots=True)
class SimulatedDeal:
    """Everything about one played deal, enough to replay, count and score it again."""

    players: int
    dealer: int
    hands: tuple[CardSet, ...]
    """The hands as dealt."""
    chien: CardSet
    contract: Contract
    taker: int
    partner: int | None
    called_card: Card | None
    ecart: CardSet | None
    tricks: tuple[PlayedTrick, ...]
    count: Count
    score: Score


def play_random_deal(
    players: int,
    rng: random.Random,
    *,
    policy: PlayPolicy = _random_policy,
    contract: Contract | None = None,
    taker: int | None = None,
) -> SimulatedDeal:
    """Deal, pick a taker and a contract, call a card (5 players), make an écart, and play
    every trick with ``policy`` (random legal cards by default); then count and score."""
    rules = rules_for(players)
    dealer = rng.randrange(players)
    dealt = deal_cards(players, dealer, seed=rng.getrandbits(64))
    if taker is None:
        taker = rng.randrange(players)
    if contract is None:
        contract = Contract(rng.randint(1, 4))
    hands = list(dealt.hands)

    called: Card | None = None
    partner: int | None = None
    if rules.king_call:
        called = random_card(callable_cards(hands[taker]), rng)
        partner = next((seat for seat, hand in enumerate(hands)
                        if called in hand and seat != taker), None)

    ecart: CardSet | None = None
    if contract.taker_takes_chien:
        ecart = random_legal_ecart(players, hands[taker], dealt.chien, rng)
        assert ecart is not None
        hands[taker] = (hands[taker] | dealt.chien) - ecart

    tricks: list[PlayedTrick] = []
    leader = (dealer + 1) % players
    for number in range(rules.tricks):
        trick: list[Card] = []
        for position in range(players):
            seat = (leader + position) % players
            legal = legal_cards(hands[seat], trick, called_card=called, first_trick=number == 0)
            card = policy(seat, hands[seat], trick, legal, rng)
            hands[seat] = CardSet(hands[seat].mask & ~card.mask)
            trick.append(card)
        tricks.append(PlayedTrick(leader, tuple(trick)))
        leader = (leader + trick_winner(trick)) % players

    count = count_deal(players=players, contract=contract, taker=taker, partner=partner,
                       tricks=tricks, chien=dealt.chien, ecart=ecart)
    result = score(
        players=players, contract=contract, bouts=count.bouts[Camp.TAKER],
        points_half=count.points_half[Camp.TAKER], petit_au_bout=count.petit_au_bout,
        chelem=count.chelem, alone=rules.king_call and partner is None,
    )
    return SimulatedDeal(players, dealer, dealt.hands, dealt.chien, contract, taker, partner,
                         called, ecart, tuple(tricks), count, result)
