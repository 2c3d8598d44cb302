"""Complete deals played with random legal cards: the property tests' and benchmarks' engine,
and the "random-legal" policy bots are measured against.

Every choice (dealer, taker, contract, called card, écart, each card) is drawn from ``rng``
among the legal ones, so the same seed replays the same deal.

>>> from rules_fr.contracts import Camp
>>> d = play_random_deal(4, random.Random(7))
>>> d.count.points_half[Camp.TAKER] + d.count.points_half[Camp.DEFENSE]
182
>>> d.score.taker + d.score.partner + d.score.defender * d.score.defenders
0
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from rules_fr.cards import CARDS, EXCUSE_MASK, TRUMP_MASK, Card, CardSet
from rules_fr.contracts import Contract
from rules_fr.counting import Count, PlayedTrick, count_deal
from rules_fr.deal import Deal
from rules_fr.deal import deal as deal_cards
from rules_fr.ecart import random_legal_ecart
from rules_fr.kingcall import callable_cards
from rules_fr.play import legal_mask, trick_winner
from rules_fr.scoring import Score, score_count
from rules_fr.table import rules_for

__all__ = [
    "CallPolicy",
    "ContextPolicy",
    "EcartPolicy",
    "PlayContext",
    "PlayPolicy",
    "SimulatedDeal",
    "play_deal",
    "play_random_deal",
    "random_card",
    "random_context_policy",
    "voids_after",
]

PlayPolicy = Callable[[int, CardSet, Sequence[Card], CardSet, random.Random], Card]
"""(seat, hand, trick so far, legal cards, rng) -> the card to play."""


@dataclass(frozen=True, slots=True)
class PlayContext:
    """What the player whose turn it is may know, and nothing more: his hand, the cards on the
    table and in earlier tricks, the contract, who took, the called card, and the partner once
    the called card has shown him (the partner knows himself from the start).

    Bots that play like people need more than the legal cards; a :data:`ContextPolicy`
    receives one of these. Nothing here leaks another player's hand.
    """

    players: int
    seat: int
    hand: CardSet
    trick: tuple[Card, ...]
    """Cards already played to the current trick, in play order."""
    legal: CardSet
    leader: int
    """The seat that led the current trick."""
    trick_number: int
    """0 for the first trick."""
    taker: int | None
    """``None`` when unknown (advice asked on a bare hand and trick): camps are then unknown."""
    contract: Contract | None
    called_card: Card | None = None
    partner: int | None = None
    """The taker's partner as this seat knows him: himself when he holds the called card,
    anyone once the called card has been played; ``None`` while unknown (or when alone)."""
    partner_known: bool = False
    """Whether this seat knows the camps: always at 3 and 4 players; at 5 for the taker's
    partner, for everyone once the called card was played, and for the taker who called a
    card of his own hand or of a chien he showed."""
    played: CardSet = field(default_factory=CardSet)
    """Every card of the completed tricks."""
    history: tuple[PlayedTrick, ...] = ()
    chien: CardSet | None = None
    """The chien when this seat saw it (shown on a petite or a garde)."""
    ecart: CardSet | None = None
    """The écart, given to the taker only."""
    voids: tuple[int, ...] = ()
    """Per seat, the mask of the suits (and trumps) that seat has shown it lacks, by not
    following or not trumping; empty when unknown."""
    chelem_announced: bool = False


ContextPolicy = Callable[[PlayContext, random.Random], Card]
"""(what the player knows, rng) -> the card to play; it must be one of ``context.legal``."""
EcartPolicy = Callable[[int, CardSet, CardSet, Card | None, random.Random], CardSet]
"""(players, taker's hand as dealt, chien, called card or None, rng) -> a legal écart."""
CallPolicy = Callable[[CardSet, random.Random], Card]
"""(taker's hand, rng) -> the card he calls at five players."""


def random_card(cards: CardSet, rng: random.Random) -> Card:
    """A card drawn uniformly from a non-empty set, without building a list."""
    return _random_in_mask(cards.mask, rng)


_BITS: Final = tuple(n.bit_length() for n in range(79))


def _random_in_mask(mask: int, rng: random.Random) -> Card:
    """A card of a non-empty mask, drawn as ``rng.randrange(count)`` would draw its index
    (rejection sampling on ``getrandbits``, CPython's own method), so that seeds replay the
    deals of earlier versions, without the call's argument checks."""
    count = mask.bit_count()
    bits = _BITS[count]
    index = rng.getrandbits(bits)
    while index >= count:
        index = rng.getrandbits(bits)
    for _ in range(index):
        mask &= mask - 1
    return CARDS[(mask & -mask).bit_length() - 1]


def _random_policy(seat: int, hand: CardSet, trick: Sequence[Card], legal: CardSet,
                   rng: random.Random) -> Card:
    return random_card(legal, rng)


def random_context_policy(context: PlayContext, rng: random.Random) -> Card:
    """The random-legal player as a :data:`ContextPolicy`: it draws from ``rng`` exactly as
    the default policy does, so a seat may switch between the two forms without changing a
    seeded deal."""
    return random_card(context.legal, rng)


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
    policies: Sequence[ContextPolicy | None] | None = None,
    ecart_policy: EcartPolicy | None = None,
    call_policy: CallPolicy | None = None,
) -> SimulatedDeal:
    """Deal, pick a taker and a contract, call a card (5 players), make an écart, and play
    every trick with ``policy`` (random legal cards by default); then count and score.

    ``policies``, ``ecart_policy`` and ``call_policy`` are passed on to :func:`play_deal`.
    """
    dealer = rng.randrange(players)
    dealt = deal_cards(players, dealer, seed=rng.getrandbits(64))
    if taker is None:
        taker = rng.randrange(players)
    if contract is None:
        contract = Contract(rng.randint(1, 4))
    return play_deal(dealt, taker, contract, rng, policy=policy, policies=policies,
                     ecart_policy=ecart_policy, call_policy=call_policy)


def _random_tricks(masks: list[int], leader: int, called: Card | None, count: int,
                   rng: random.Random) -> list[PlayedTrick]:
    """Every trick played with random legal cards from the hands ``masks`` (the default
    policy's draws, without a card set built per card: the simulator's hot path)."""
    players = len(masks)
    tricks: list[PlayedTrick] = []
    first_lead = called
    for _ in range(count):
        trick: list[Card] = []
        for position in range(players):
            seat = (leader + position) % players
            card = _random_in_mask(legal_mask(masks[seat], trick, first_lead), rng)
            masks[seat] &= ~card.mask
            trick.append(card)
        first_lead = None
        tricks.append(PlayedTrick(leader, tuple(trick)))
        leader = (leader + trick_winner(trick)) % players
    return tricks


def voids_after(void: int, led: Card | None, card: Card) -> int:
    """The void mask of a player updated with the ``card`` he played on a trick whose suit was
    set by ``led``: not following shows a void in the led suit; not trumping either (on a plain
    suit or on trumps) shows he has no trump left. The excuse shows nothing.

    >>> from rules_fr.cards import parse_card, suit_mask, Suit
    >>> mask = voids_after(0, parse_card("5H"), parse_card("2S"))
    >>> mask == suit_mask(Suit.HEARTS) | TRUMP_MASK
    True
    >>> voids_after(0, parse_card("5H"), parse_card("T2")) == suit_mask(Suit.HEARTS)
    True
    """
    if led is None or card.mask & EXCUSE_MASK or card.mask & led.suit_bits:
        return void
    void |= led.suit_bits
    if not card.is_trump:
        void |= TRUMP_MASK
    return void


def play_deal(
    dealt: Deal,
    taker: int,
    contract: Contract,
    rng: random.Random,
    *,
    policy: PlayPolicy = _random_policy,
    policies: Sequence[ContextPolicy | None] | None = None,
    ecart_policy: EcartPolicy | None = None,
    call_policy: CallPolicy | None = None,
) -> SimulatedDeal:
    """Play out a dealt deal whose taker and contract are settled: call a card (5 players),
    make an écart (petite, garde), play every trick, count and score.

    Each seat plays with ``policies[seat]`` when given (a :data:`ContextPolicy`, which sees a
    :class:`PlayContext`), else with ``policy``. The taker calls with ``call_policy`` and
    discards with ``ecart_policy`` when given, else at random among the legal choices. With the
    defaults, the draws from ``rng`` are those of earlier versions: a seed replays the same deal.
    """
    players = dealt.players
    rules = rules_for(players)
    hands = list(dealt.hands)

    called: Card | None = None
    partner: int | None = None
    if rules.king_call:
        if call_policy is not None:
            called = call_policy(hands[taker], rng)
        else:
            called = random_card(callable_cards(hands[taker]), rng)
        partner = next((seat for seat, hand in enumerate(hands)
                        if called in hand and seat != taker), None)

    ecart: CardSet | None = None
    if contract.taker_takes_chien:
        if ecart_policy is not None:
            ecart = ecart_policy(players, hands[taker], dealt.chien, called, rng)
        else:
            ecart = random_legal_ecart(players, hands[taker], dealt.chien, rng)
        assert ecart is not None
        hands[taker] = (hands[taker] | dealt.chien) - ecart

    tricks: list[PlayedTrick] = []
    leader = (dealt.dealer + 1) % players
    uses_context = policies is not None and any(p is not None for p in policies)
    voids = [0] * players
    played = 0
    # Who knows the camps at five players before the called card shows up.
    alone_known = called is not None and (
        called in dealt.hands[taker]
        or (contract.taker_takes_chien and called in dealt.chien))
    revealed = not rules.king_call or alone_known
    shown_chien = dealt.chien if contract.taker_takes_chien else None
    masks = [hand.mask for hand in hands]
    fast = policy is _random_policy and not uses_context
    if fast:
        tricks = _random_tricks(masks, leader, called, rules.tricks, rng)
    for number in range(0 if fast else rules.tricks):  # the other policies, card by card
        trick: list[Card] = []
        led: Card | None = None
        first_lead = called if number == 0 else None
        for position in range(players):
            seat = (leader + position) % players
            legal = legal_mask(masks[seat], trick, first_lead)
            hands[seat] = CardSet(masks[seat])
            legal_set = CardSet(legal)
            seat_policy = policies[seat] if policies is not None else None
            if seat_policy is None:
                card = policy(seat, hands[seat], trick, legal_set, rng)
            else:
                knows = revealed or seat == partner or (seat == taker and alone_known)
                context = PlayContext(
                    players=players, seat=seat, hand=hands[seat], trick=tuple(trick),
                    legal=legal_set, leader=leader, trick_number=number, taker=taker,
                    contract=contract, called_card=called,
                    partner=partner if knows else None, partner_known=knows,
                    played=CardSet(played), history=tuple(tricks), chien=shown_chien,
                    ecart=ecart if seat == taker else None, voids=tuple(voids),
                )
                card = seat_policy(context, rng)
                if not legal & card.mask:
                    raise ValueError(f"policy of seat {seat} played {card}, not a legal card")
            masks[seat] &= ~card.mask
            trick.append(card)
            if uses_context:
                if led is None and not card.mask & EXCUSE_MASK:
                    led = card
                else:
                    voids[seat] = voids_after(voids[seat], led, card)
                if card is called:
                    revealed = True
        tricks.append(PlayedTrick(leader, tuple(trick)))
        for card in trick:
            played |= card.mask
        leader = (leader + trick_winner(trick)) % players

    count = count_deal(players=players, contract=contract, taker=taker, partner=partner,
                       tricks=tricks, chien=dealt.chien, ecart=ecart)
    result = score_count(count, players=players, contract=contract,
                         alone=rules.king_call and partner is None)
    return SimulatedDeal(players, dealt.dealer, dealt.hands, dealt.chien, contract, taker,
                         partner, called, ecart, tuple(tricks), count, result)
