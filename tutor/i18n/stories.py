"""The sentences of the worked examples told as stories: the deal, the play, the counting, in the
reader's language (the figures come from the core: :mod:`tutor.services.stories`).

Each function words one sentence of a story; the score lines themselves are the derivation's
own sentences (:func:`tutor.i18n.score_payload`), so a story and ``POST /score`` say a score
the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules_fr.cards import Card
from tutor.i18n.words import (
    bouts_phrase,
    camp_name,
    card_list,
    card_name,
    contract_name,
    format_list,
    gettext,
    handful_name,
    players_phrase,
    points,
    speaking,
)

__all__ = ["called_card_sentence", "called_partner_sentence", "chelem_announced_sentence",
           "chelem_by_sentence", "chien_sentence", "count_sentence", "earlier_bids_sentence",
           "ecart_aside_sentence", "ecart_deal_sentence", "ecart_sentence", "hand_sentence",
           "petit_au_bout_sentence", "play_sentence", "played_deal_sentence",
           "played_trick_sentence", "poignee_sentence", "score_deal_sentence",
           "seat_poignee_sentence", "show_sentence", "trick_sentence", "unseen_chien_sentence",
           "misdealt_sentence", "full_trick_sentence", "draws_sentence"]


@speaking
def score_deal_sentence(players: int, contract: str, *, alone: bool) -> str:
    """"With 4 players, the taker plays a garde." (and plays alone, with five)."""
    if alone:
        return gettext("With %(players)s, the taker plays %(contract)s, alone against the "
                       "four others.", players=players_phrase(players),
                       contract=contract_name(contract, article=True))
    return gettext("With %(players)s, the taker plays %(contract)s.",
                   players=players_phrase(players), contract=contract_name(contract, article=True))


@speaking
def poignee_sentence(camp: str, level: str) -> str:
    """Who shows which handful before his first card."""
    if camp == "taker":
        return gettext("Before his first card he shows a %(handful)s.",
                       handful=handful_name(level))
    return gettext("A defender shows a %(handful)s before his first card.",
                   handful=handful_name(level))


@speaking
def chelem_announced_sentence() -> str:
    return gettext("He announces a slam, and so leads the first trick.")


@speaking
def count_sentence(points_half: int, bouts: int) -> str:
    """"At the end of the deal his side counts 49 points and 2 oudlers." """
    return gettext("At the end of the deal his side counts %(points)s points and %(bouts)s.",
                   points=points(points_half), bouts=bouts_phrase(bouts))


@speaking
def petit_au_bout_sentence(camp: str) -> str:
    """The petit in the last trick, and who won that trick."""
    return gettext("The petit is in the last trick, which %(camp)s wins.",
                   camp=camp_name(camp))


@speaking
def chelem_by_sentence(camp: str) -> str:
    if camp == "taker":
        return gettext("The taker's side wins every trick.")
    return gettext("The defence wins every trick.")


@speaking
def hand_sentence(players: int, hand: Sequence[Card]) -> str:
    """"With 4 players, you hold the 7 and the king of hearts; …" """
    return gettext("With %(players)s, you hold %(cards)s.", players=players_phrase(players),
                   cards=card_list(hand))


@speaking
def trick_sentence(trick: Sequence[Card]) -> str:
    """The cards already in the trick, in the order they were played (or none: you lead)."""
    if not trick:
        return gettext("You lead the trick.")
    return gettext("Already in the trick, in the order played: %(cards)s.",
                   cards=format_list(card_name(card) for card in trick))


@speaking
def called_card_sentence(card: Card, *, first_trick: bool) -> str:
    if first_trick:
        return gettext("It is the first trick, and the taker called %(card)s.",
                       card=card_name(card))
    return gettext("The taker called %(card)s.", card=card_name(card))


@speaking
def play_sentence(card: Card) -> str:
    return gettext("You play %(card)s.", card=card_name(card))


@speaking
def ecart_deal_sentence(players: int, contract: str, hand: Sequence[Card],
                        chien: Sequence[Card]) -> str:
    """The reader is the taker: his hand and the chien he takes (the verdict speaks to him)."""
    return gettext("With %(players)s, you take %(contract)s. Your hand: %(hand)s. The chien, "
                   "which you take in hand: %(chien)s.", players=players_phrase(players),
                   contract=contract_name(contract, article=True), hand=card_list(hand),
                   chien=card_list(chien))


@speaking
def ecart_sentence(cards: Sequence[Card]) -> str:
    return gettext("You set aside, face down, %(cards)s: your écart.", cards=card_list(cards))


@speaking
def played_deal_sentence(players: int, contract: str, taker: int) -> str:
    """"With 4 players, the player in seat 0 takes a garde." """
    return gettext("With %(players)s, the player in seat %(seat)s takes %(contract)s.",
                   players=players_phrase(players), seat=str(taker),
                   contract=contract_name(contract, article=True))


@speaking
def called_partner_sentence(card: Card, partner: int | None) -> str:
    if partner is None:
        return gettext("He calls %(card)s, which is in the chien: he plays alone.",
                       card=card_name(card))
    return gettext("He calls %(card)s, held by seat %(seat)s: his partner.",
                   card=card_name(card), seat=str(partner))


@speaking
def chien_sentence(chien: Sequence[Card], shown: bool) -> str:
    if shown:
        return gettext("The chien, shown to all, then taken by the taker: %(cards)s.",
                       cards=card_list(chien))
    return gettext("The chien, which nobody sees before the end: %(cards)s.",
                   cards=card_list(chien))


@speaking
def ecart_aside_sentence(cards: Sequence[Card]) -> str:
    return gettext("His écart, set aside face down: %(cards)s.", cards=card_list(cards))


@speaking
def seat_poignee_sentence(seat: int, level: str) -> str:
    return gettext("Seat %(seat)s shows a %(handful)s before his first card.", seat=str(seat),
                   handful=handful_name(level))


@speaking
def played_trick_sentence(number: int, leader: int, cards: Sequence[Card]) -> str:
    """"Trick 3, led by seat 2: the 7 of hearts, …" — the cards in the order played."""
    return gettext("Trick %(number)s, led by seat %(seat)s: %(cards)s.", number=str(number),
                   seat=str(leader), cards=format_list(card_name(card) for card in cards))


@speaking
def unseen_chien_sentence(chien: Sequence[Card]) -> str:
    return gettext("The chien, which nobody has seen yet, holds %(cards)s.",
                   cards=card_list(chien))


@speaking
def show_sentence(cards: Sequence[Card]) -> str:
    return gettext("Before your first card, you show %(cards)s.", cards=card_list(cards))


def _bid_name(bid: Any) -> str:
    return gettext("pass") if bid is None else contract_name(bid)


@speaking
def earlier_bids_sentence(players: int, bids: Sequence[Any]) -> str:
    """Who spoke before the reader, in order ("pass, garde")."""
    if not bids:
        return gettext("With %(players)s, you speak first.", players=players_phrase(players))
    return gettext("With %(players)s, the players before you said: %(bids)s.",
                   players=players_phrase(players),
                   bids=format_list(_bid_name(bid) for bid in bids))


@speaking
def misdealt_sentence() -> str:
    """The reader is the dealer who misdealt (he dealt again, and now speaks)."""
    return gettext("You are the dealer: you misdealt, and dealt the cards again.")


@speaking
def full_trick_sentence(cards: Sequence[Card]) -> str:
    """A whole trick, in the order its cards were played."""
    return gettext("A trick of %(num)s cards, in the order played: %(cards)s.",
                   num=str(len(cards)), cards=format_list(card_name(card) for card in cards))


@speaking
def draws_sentence(cards: Sequence[Card]) -> str:
    """The cards drawn for the first deal, player by player (seat 0 first)."""
    return gettext("To choose the first dealer, the players draw, one after the other: "
                   "%(cards)s.", cards=format_list(card_name(card) for card in cards))
