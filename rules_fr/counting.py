"""Counting a played deal: who won each trick, the excuse exchange, petit au bout, chelem,
and the card points and bouts of each camp.

The excuse (FFT 2012, seed 000):

- Played before the last trick, it stays with its camp; its owner gives the trick's winner a
  card worth half a point in exchange. When the owner's camp has no trick yet the exchange is
  settled later, and when it never wins one (a chelem against it) it keeps the excuse all the
  same: in every case the owner's camp nets 4 points for it and the other camp half a point.
  We therefore count the exchange as a transfer of one half-point, not as a particular card.
- Played at the last trick, it goes to that trick's winner (it changes camp), except in the
  taker's chelem: the taker's camp, having won every other trick, plays the excuse last and
  wins that trick too — "En cas de chelem réussi par un preneur possédant l'excuse, cette
  carte jouée au dernier pli, remporte ce dernier pli. (C'est le seul cas où l'excuse fait un
  pli)". A defender's excuse led at the last trick wins nothing, even after the defence won
  every other trick.

Petit au bout: the camp that wins the last trick, when that trick holds the petit, takes the
bonus whoever played it ("Si le Petit fait partie de la dernière levée, on dit qu'il est « au
bout »"). When the taker's camp plays the excuse last in a chelem, the petit is au bout in the
penultimate trick as well ("le petit sera considéré au bout s'il est mené à l'avant-dernier
pli") — and still in the last one, where an opponent's petit may fall under the excuse.

>>> from rules_fr.cards import parse_cards
>>> trick = PlayedTrick(0, tuple(parse_cards(["7D", "KD", "EX", "2D"])))
>>> trick.winner_seat(4)
1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from rules_fr.cards import BOUT_MASK, EXCUSE, PETIT, Card, CardSet, points_half
from rules_fr.contracts import Camp, Contract
from rules_fr.play import trick_winner

__all__ = ["EXCHANGE_HALF", "Count", "Piles", "PlayedTrick", "count_deal", "camp_of", "deal_piles",
           "pairs", "trick_won_half"]

EXCHANGE_HALF: Final = 1
"""What the excuse's owner gives the trick's winner in exchange for it (excuse.exchange): a
card worth half a point, counted as a transfer of one half-point."""


def trick_won_half(cards: Sequence[Card], *, excuse_returned: bool = True) -> int:
    """The half-points the camp that wins the trick ``cards`` adds to its pile.

    Without the excuse, every card's points. With it, ``excuse_returned`` (the excuse is the
    other camp's and the trick is not the last — :func:`count_deal` settles it so): the
    excuse goes back to its owner's camp, and a half-point card comes in exchange; otherwise
    the excuse stays in the pile (its own camp won the trick, or the last trick took it).

    >>> from rules_fr.cards import parse_cards
    >>> trick = parse_cards(["KD", "EX", "7D", "2D"])
    >>> points_half(trick), trick_won_half(trick), trick_won_half(trick, excuse_returned=False)
    (20, 12, 20)
    """
    total = points_half(cards)
    if excuse_returned and EXCUSE in cards:
        return total - EXCUSE.points_half + EXCHANGE_HALF
    return total


LOW_HALF: Final = 1
"""What a low card is worth (any card that is not a bout or a face card): half a point."""


def pairs(cards: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """``cards`` grouped as French rulebooks count them, two by two (cards.points, seed 000:
    "il est donc plus facile de compter les cartes deux par deux"): each counting card (a
    bout or a face card, highest first) with a low card while low cards last, then the low
    cards two by two. A counting card left without a low card, or a last low card, stands
    alone. The groups hold every card once, so their values add up to the cards' points; a
    pair of a counting card and a low card, or of two low cards, is worth whole points (a bout
    or a king with a low card 5, a queen 4, a cavalier 3, a valet 2, two low cards 1).

    >>> from rules_fr.cards import parse_cards
    >>> [[c.code for c in g] for g in pairs(parse_cards(["7H", "KS", "2D", "QC", "3H"]))]
    [['KS', '7H'], ['QC', '2D'], ['3H']]
    >>> [points_half(g) for g in pairs(parse_cards(["T1", "T21", "4C", "8C"]))]
    [10, 10]
    """
    counting = sorted((c for c in cards if c.points_half > LOW_HALF),
                      key=lambda c: -c.points_half)
    low = [c for c in cards if c.points_half == LOW_HALF]
    groups: list[tuple[Card, ...]] = []
    for card in counting:
        groups.append((card, low.pop(0)) if low else (card,))
    groups.extend(tuple(low[i:i + 2]) for i in range(0, len(low), 2))
    return tuple(groups)


@dataclass(frozen=True, slots=True)
class PlayedTrick:
    """A complete trick: the seat that led it and the cards in play order (card ``i`` was
    played by seat ``(leader + i) % players``)."""

    leader: int
    cards: tuple[Card, ...]

    def seat_of(self, position: int, players: int) -> int:
        """The seat that played the card at ``position``."""
        return (self.leader + position) % players

    def winner_seat(self, players: int) -> int:
        """The seat whose card wins the trick (the excuse never does here)."""
        return self.seat_of(trick_winner(self.cards), players)


def camp_of(seat: int, taker: int, partner: int | None) -> Camp:
    """The taker and his partner (five players) attack; everyone else defends."""
    return Camp.TAKER if seat in (taker, partner) else Camp.DEFENSE


@dataclass(slots=True)
class Count:
    """What each camp made in a deal, in half-points, and the events the score depends on.

    A verdict: treat it as immutable (not frozen, whose generated ``__init__`` costs four
    times a plain one on every counted deal)."""

    points_half: Mapping[Camp, int]
    bouts: Mapping[Camp, int]
    tricks_won: Mapping[Camp, int]
    trick_winners: tuple[int, ...]
    """The seat that won each trick, in order (the next trick's leader)."""
    petit_au_bout: Camp | None
    chelem: Camp | None
    """The camp that won every trick, if one did."""
    excuse_camp: Camp | None
    """The camp the excuse counts for in the end."""
    taker_points_half: int
    """``points_half[Camp.TAKER]``: what the score reads."""
    taker_bouts: int
    """``bouts[Camp.TAKER]``."""
    excuse_exchanged: bool = False
    """Whether the excuse's owner owed the other camp a half-point card for it."""
    excuse_lost_last_trick: bool = False
    chien_camp: Camp = Camp.TAKER



def count_deal(
    *,
    players: int,
    contract: Contract,
    taker: int,
    partner: int | None,
    tricks: Sequence[PlayedTrick],
    chien: CardSet,
    ecart: CardSet | None = None,
) -> Count:
    """Count a complete deal.

    ``chien`` is the chien as dealt; ``ecart`` the taker's discard (petite and garde only; it
    counts for the taker). Under a garde sans the chien counts for the taker, under a garde
    contre for the defence. The totals always make 91 points (182 half-points).
    """
    camp_mask = {Camp.TAKER: 0, Camp.DEFENSE: 0}
    won = {Camp.TAKER: 0, Camp.DEFENSE: 0}
    transfer = {Camp.TAKER: 0, Camp.DEFENSE: 0}
    winners: list[int] = []
    excuse_camp: Camp | None = None
    excuse_exchanged = excuse_lost = False
    chelem_excuse_trick = False
    last = len(tricks) - 1

    if contract.taker_takes_chien:
        camp_mask[Camp.TAKER] |= (ecart if ecart is not None else chien).mask
        chien_camp = Camp.TAKER
    else:
        chien_camp = contract.chien_camp
        camp_mask[chien_camp] |= chien.mask

    excuse_mask = EXCUSE.mask
    for number, trick in enumerate(tricks):
        cards = trick.cards
        trick_mask = 0
        for card in cards:
            trick_mask |= card.mask
        if not trick_mask & excuse_mask:
            winner_seat = (trick.leader + trick_winner(cards)) % players
            winner = Camp.TAKER if winner_seat in (taker, partner) else Camp.DEFENSE
            winners.append(winner_seat)
            won[winner] += 1
            camp_mask[winner] |= trick_mask
            continue
        excuse_at = cards.index(EXCUSE)
        owner = camp_of(trick.seat_of(excuse_at, players), taker, partner)
        if owner is Camp.TAKER and number == last and number > 0 and won[owner] == number:
            # excuse.chelem: the taker's camp, having won every other trick, wins the last
            # with the excuse — "En cas de chelem réussi par un preneur possédant l'excuse …
            # (C'est le seul cas où l'excuse fait un pli)": not the defence
            winner_seat = trick.seat_of(excuse_at, players)
            winner = owner
            chelem_excuse_trick = True
        else:
            winner_seat = trick.winner_seat(players)
            winner = camp_of(winner_seat, taker, partner)
        winners.append(winner_seat)
        won[winner] += 1
        if number == last and not chelem_excuse_trick:
            # excuse.last-trick: played last, the excuse goes to the trick's winner
            camp_mask[winner] |= trick_mask
            excuse_camp = winner
            excuse_lost = winner is not owner
        else:
            # excuse.exchange: the excuse stays with its camp, which owes a half-point card
            camp_mask[winner] |= trick_mask & ~excuse_mask
            camp_mask[owner] |= excuse_mask
            excuse_camp = owner
            if winner is not owner:
                transfer[owner] -= EXCHANGE_HALF
                transfer[winner] += EXCHANGE_HALF
                excuse_exchanged = True

    if excuse_camp is None:  # the excuse was in the chien or the écart
        excuse_camp = next((camp for camp, mask in camp_mask.items() if mask & EXCUSE.mask),
                           None)

    petit_au_bout: Camp | None = None
    if tricks and PETIT in CardSet.of(tricks[last].cards):
        # petit.au-bout: the petit in the last trick, to the camp that wins it — in an excuse
        # chelem too, when an opponent's petit falls under the excuse
        petit_au_bout = camp_of(winners[last], taker, partner)
    elif chelem_excuse_trick and PETIT in CardSet.of(tricks[last - 1].cards):
        # petit.au-bout-chelem: the excuse won the last trick, the petit counts at the
        # penultimate one
        petit_au_bout = camp_of(winners[last - 1], taker, partner)

    chelem = next((camp for camp in Camp if tricks and won[camp] == len(tricks)), None)
    half = {camp: points_half(CardSet(mask)) + transfer[camp]
            for camp, mask in camp_mask.items()}
    bouts = {camp: (mask & BOUT_MASK).bit_count() for camp, mask in camp_mask.items()}
    return Count(
        points_half=half,
        bouts=bouts,
        tricks_won=dict(won),
        trick_winners=tuple(winners),
        petit_au_bout=petit_au_bout,
        chelem=chelem,
        excuse_camp=excuse_camp,
        taker_points_half=half[Camp.TAKER],
        taker_bouts=bouts[Camp.TAKER],
        excuse_exchanged=excuse_exchanged,
        excuse_lost_last_trick=excuse_lost,
        chien_camp=chien_camp,
    )


@dataclass(frozen=True, slots=True)
class Piles:
    """Each camp's pile of cards at the end of a deal, as they lie on the table once the excuse
    is settled: their card points add up to :class:`Count`'s ``points_half`` of that camp."""

    cards: Mapping[Camp, tuple[Card, ...]]
    exchange_card: Card | None
    """The low card the excuse's owner gave for it (excuse.exchange), moved from his camp's
    pile to the other camp's."""
    exchange_owed: Camp | None
    """The camp still owed the half-point card when the excuse's camp had none to give (it
    won no low card at all): counted in the points, shown by no card."""


def deal_piles(
    *,
    players: int,
    contract: Contract,
    taker: int,
    partner: int | None,
    tricks: Sequence[PlayedTrick],
    chien: CardSet,
    ecart: CardSet | None = None,
    count: Count | None = None,
) -> Piles:
    """Each camp's cards after the deal, counted as :func:`count_deal` counts them (``count``:
    its answer for these arguments, when the caller has it): the tricks to their winners'
    camps, the chien or the écart to its camp, the excuse to the camp it counts for and, when
    it was exchanged, the lowest low card of its camp's pile moved to the other camp
    (excuse.exchange: "une carte valant un demi-point").

    >>> from rules_fr.cards import parse_cards
    >>> tricks = [PlayedTrick(0, tuple(parse_cards(["EX", "KD", "7D", "2D"]))),
    ...           PlayedTrick(1, tuple(parse_cards(["QS", "8S", "9S", "KS"])))]
    >>> piles = deal_piles(players=4, contract=Contract.GARDE_SANS, taker=0, partner=None,
    ...                    tricks=tricks, chien=CardSet.of(parse_cards(["3C", "KC"])))
    >>> piles.exchange_card.code, EXCUSE in piles.cards[Camp.TAKER]
    ('8S', True)
    >>> [points_half(piles.cards[camp]) / 2 for camp in Camp]
    [18.0, 6.0]
    """
    if count is None:
        count = count_deal(players=players, contract=contract, taker=taker, partner=partner,
                           tricks=tricks, chien=chien, ecart=ecart)
    piles: dict[Camp, list[Card]] = {Camp.TAKER: [], Camp.DEFENSE: []}
    played_excuse = False
    for trick, winner in zip(tricks, count.trick_winners, strict=True):
        camp = camp_of(winner, taker, partner)
        for card in trick.cards:
            if card is EXCUSE:
                played_excuse = True
            else:
                piles[camp].append(card)
    if played_excuse and count.excuse_camp is not None:
        piles[count.excuse_camp].append(EXCUSE)
    if contract.taker_takes_chien:
        piles[Camp.TAKER].extend(ecart if ecart is not None else chien)
    else:
        piles[count.chien_camp].extend(chien)
    exchange_card: Card | None = None
    owed: Camp | None = None
    if count.excuse_exchanged and count.excuse_camp is not None:
        owner = count.excuse_camp
        other = Camp.DEFENSE if owner is Camp.TAKER else Camp.TAKER
        low = sorted(c for c in piles[owner] if c.points_half == LOW_HALF)
        if low:
            exchange_card = low[0]
            piles[owner].remove(exchange_card)
            piles[other].append(exchange_card)
        else:
            owed = other
    return Piles(cards={camp: tuple(sorted(cards)) for camp, cards in piles.items()},
                 exchange_card=exchange_card, exchange_owed=owed)
