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
    cards_phrase,
    contract_name,
    format_list,
    gettext,
    handful_name,
    ngettext,
    number,
    players_phrase,
    plural_count,
    points,
    signed,
    speaking,
    trumps_phrase,
)

__all__ = ["called_card_sentence", "called_partner_sentence", "chelem_announced_sentence",
           "chelem_by_sentence", "chien_sentence", "count_sentence", "earlier_bids_sentence",
           "ecart_aside_sentence", "ecart_deal_sentence", "ecart_sentence", "hand_sentence",
           "petit_au_bout_sentence", "play_sentence", "played_deal_sentence",
           "played_trick_sentence", "poignee_sentence", "score_deal_sentence",
           "seat_poignee_sentence", "show_sentence", "trick_sentence", "unseen_chien_sentence",
           "misdealt_sentence", "full_trick_sentence", "draws_sentence", "pair_sentence",
           "pack_sentence", "no_such_card_sentence", "table_sentence", "cut_sentence",
           "misdeal_redeal_sentence", "auction_bids_sentence", "taker_sentence",
           "no_chelem_sentence", "lead_trick_sentence", "deal_sizes_sentence",
           "replaced_card_sentence", "petit_sec_seat_sentence", "partie_sentence",
           "partie_length_sentence", "schedule_sentence", "entry_sentence",
           "entry_scores_sentence", "totals_sentence", "all_passed_partie_sentence",
           "gap_sentence", "match_points_sentence", "cards_played_sentence", "show_now_sentence",
           "referee_bids_sentence", "imposed_garde_sentence",
           "imposed_taker_sentence", "jeu_sentence", "first_card_sentence",
           "change_ecart_sentence",
           "recorded_bids_sentence", "recorded_chien_sentence", "awaits_jeu_sentence",
           "referee_misdeal_sentence", "table_bid_sentence", "not_held_sentence"]

# Alike by nature: a function a sentence of the stories, each its catalog message.


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
    """"At the end of the deal the taker's side counts 49 points and 2 oudlers." (the story
    has named several players by then: "his side" would not say whose)"""
    return gettext("At the end of the deal the taker's side counts %(points)s points and "
                   "%(bouts)s.",
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


# --- the cards and their points --------------------------------------------------------------


@speaking
def pair_sentence(first: Card, second: Card) -> str:
    """Counting by pairs: a card worth more than half a point with one worth half a point."""
    return gettext("The cards are counted two by two: %(first)s goes with %(second)s.",
                   first=card_name(first), second=card_name(second))


@speaking
def pack_sentence(trumps: int, suits: int, per_suit: int) -> str:
    """The pack's make-up, counted from the core's cards."""
    return gettext("The whole pack: %(trumps)s, the excuse, and %(suits)s suits of %(cards)s.",
                   trumps=trumps_phrase(trumps), suits=number(suits),
                   cards=cards_phrase(per_suit))


@speaking
def no_such_card_sentence(code: str) -> str:
    return gettext("“%(code)s” names no card of the pack: the request is refused.", code=code)


@speaking
def not_held_sentence(card: Card) -> str:
    """The card played is not in the hand: the request is refused before any rule of play."""
    return gettext("You play %(card)s, which is not in your hand: the request is refused, a "
                   "player only ever plays a card of his own hand.", card=card_name(card))


# --- the deal: cut, packets, who speaks and leads --------------------------------------------


@speaking
def table_sentence(players: int) -> str:
    return gettext("A table of %(players)s.", players=players_phrase(players))


@speaking
def cut_sentence(dealer: int, cutter: int, taken: int) -> str:
    return gettext("Seat %(dealer)s deals; seat %(cutter)s, on his left, cuts and takes "
                   "%(cards)s off the pack.", dealer=str(dealer), cutter=str(cutter),
                   cards=cards_phrase(taken))


@speaking
def misdeal_redeal_sentence(dealer: int, again: int, *, may_bid: bool) -> str:
    if may_bid:
        return gettext("Seat %(dealer)s misdeals: seat %(again)s deals again.",
                       dealer=str(dealer), again=str(again))
    return gettext("Seat %(dealer)s misdeals: seat %(again)s deals again, and on the new deal "
                   "he may only pass.", dealer=str(dealer), again=str(again))


def _bid_word(bid: Any) -> str:
    return gettext("pass") if bid is None else contract_name(bid)


@speaking
def auction_bids_sentence(dealer: int, first: int, bids: Sequence[Any]) -> str:
    return gettext("Seat %(dealer)s deals. The bids, in turn from seat %(first)s on his right: "
                   "%(bids)s.", dealer=str(dealer), first=str(first),
                   bids=format_list(_bid_word(bid) for bid in bids))


@speaking
def taker_sentence(players: int, dealer: int, taker: int) -> str:
    return gettext("With %(players)s, seat %(dealer)s deals and seat %(taker)s takes.",
                   players=players_phrase(players), dealer=str(dealer), taker=str(taker))


@speaking
def no_chelem_sentence(taker: int, leader: int) -> str:
    return gettext("Seat %(taker)s announces no slam: seat %(leader)s, on the dealer's right, "
                   "leads the first trick.", taker=str(taker), leader=str(leader))


@speaking
def lead_trick_sentence(leader: int, cards: Sequence[Card]) -> str:
    return gettext("Seat %(seat)s leads a trick, played in this order: %(cards)s.",
                   seat=str(leader), cards=format_list(card_name(card) for card in cards))


# --- a whole deal checked ----------------------------------------------------------------------


@speaking
def deal_sizes_sentence(players: int, hand_size: int, chien_size: int) -> str:
    return gettext("With %(players)s, each player is dealt %(hand)s and the chien gets "
                   "%(chien)s.", players=players_phrase(players), hand=cards_phrase(hand_size),
                   chien=cards_phrase(chien_size))


@speaking
def replaced_card_sentence(old: Card, new: Card) -> str:
    return gettext("But %(old)s was never dealt: in its place, %(new)s was dealt a second "
                   "time.", old=card_name(old), new=card_name(new))


@speaking
def petit_sec_seat_sentence(seat: int) -> str:
    return gettext("But seat %(seat)s holds the petit sec: the petit, with no other trump and "
                   "without the excuse. He shows his hand and the deal is annulled before the "
                   "bidding.", seat=str(seat))


# --- a partie ------------------------------------------------------------------------------------


@speaking
def partie_sentence(names: Sequence[str], deals: int, playing: int, *, mort: bool) -> str:
    """Who plays the partie, how long, and how many play each deal."""
    said = gettext("%(names)s play a partie of %(deals)s deals.", names=format_list(names),
                   deals=number(deals))
    out = len(names) - playing
    if mort:
        return " ".join((said, gettext("With the mort, the dealer sits out each deal and the "
                                       "%(playing)s others play.", playing=number(playing))))
    if out:
        return " ".join((said, ngettext(
            "Each deal is played by %(playing)s of them: %(num)d sits out in turn and scores 0.",
            "Each deal is played by %(playing)s of them: %(num)d sit out in turn and score 0.",
            out, playing=number(playing))))
    return said


@speaking
def partie_length_sentence(deals: int | None, low: int, high: int, default: int, *,
                           accepted: bool) -> str:
    if deals is None:
        return gettext("A partie opened without a length lasts %(default)s deals.",
                       default=number(default))
    if accepted:
        return gettext("A partie lasts from %(low)s to %(high)s deals: one of %(deals)s is "
                       "accepted.", low=number(low), high=number(high), deals=number(deals))
    return gettext("A partie lasts from %(low)s to %(high)s deals: one of %(deals)s is "
                   "refused.", low=number(low), high=number(high), deals=number(deals))


@speaking
def schedule_sentence(number_: int, players: Sequence[str], out: Sequence[str]) -> str:
    if not out:
        return gettext("Deal %(number)s: %(players)s play.", number=str(number_),
                       players=format_list(players))
    return ngettext("Deal %(number)s: %(players)s play; %(out)s sits out.",
                    "Deal %(number)s: %(players)s play; %(out)s sit out.", len(out),
                    number=str(number_), players=format_list(players), out=format_list(out))


@speaking
def entry_sentence(number_: int, taker: str, contract: str, partner: str | None,
                   points_half: int, bouts: int) -> str:
    if partner is None:
        return gettext("Deal %(number)s: %(taker)s takes %(contract)s and makes %(points)s "
                       "points with %(bouts)s.", number=str(number_), taker=taker,
                       contract=contract_name(contract, article=True),
                       points=points(points_half), bouts=bouts_phrase(bouts))
    return gettext("Deal %(number)s: %(taker)s takes %(contract)s with %(partner)s as partner "
                   "and makes %(points)s points with %(bouts)s.", number=str(number_),
                   taker=taker, contract=contract_name(contract, article=True),
                   partner=partner, points=points(points_half), bouts=bouts_phrase(bouts))


@speaking
def entry_scores_sentence(scores: Sequence[tuple[str, int]], out: Sequence[str]) -> str:
    said = gettext("Scores: %(scores)s.", scores=format_list(
        f"{name} {signed(score)}" for name, score in scores))
    if not out:
        return said
    return " ".join((said, ngettext("%(out)s, sitting out, scores 0.",
                                    "%(out)s, sitting out, score 0.", len(out),
                                    out=format_list(out))))


@speaking
def totals_sentence(played: int, totals: Sequence[tuple[str, int]]) -> str:
    return ngettext("Totals after %(num)d deal: %(totals)s; they add up to 0.",
                    "Totals after %(num)d deals: %(totals)s; they add up to 0.", played,
                    totals=format_list(f"{name} {signed(total)}" for name, total in totals))


@speaking
def all_passed_partie_sentence(number_: int, players: Sequence[str]) -> str:
    return gettext("On deal %(number)s everyone passes: %(players)s deal again, and nothing "
                   "goes on the scoresheet.", number=str(number_), players=format_list(players))


# --- duplicate ------------------------------------------------------------------------------------


@speaking
def gap_sentence(gap: int) -> str:
    """The gap between the two takers of one deal (the first's score minus the second's)."""
    return gettext("In duplicate, the first taker of a deal scores %(gap)s against the second "
                   "taker of the same deal.", gap=signed(gap))


@speaking
def match_points_sentence(points_: Any) -> str:
    """The plural of the number as written, the locale's way (:func:`plural_count`): "0 point
    de match", "+1,414 point de match" (below 2), "+3,162 points de match"; "0 match points",
    "+1 match point", "+1.414 match points"."""
    return ngettext("That gap's square root, with its sign, gives %(points)s match point.",
                    "That gap's square root, with its sign, gives %(points)s match points.",
                    plural_count(points_), points=signed(points_))


# --- a poignée's moment ---------------------------------------------------------------------------


@speaking
def show_now_sentence(cards: Sequence[Card]) -> str:
    """A poignée shown after the first card (too late)."""
    return gettext("You now show %(cards)s.", cards=card_list(cards))


@speaking
def cards_played_sentence(count: int) -> str:
    if not count:
        return gettext("You have not played a card yet.")
    return ngettext("You have already played %(num)d card.",
                    "You have already played %(num)d cards.", count)


# --- a physical table and its referee -------------------------------------------------------------


@speaking
def recorded_bids_sentence(players: int, dealer: int, bids: Sequence[Any]) -> str:
    return gettext("At a physical table of %(players)s, seat %(dealer)s deals; the referee "
                   "records the bids: %(bids)s.", players=players_phrase(players),
                   dealer=str(dealer), bids=format_list(_bid_word(bid) for bid in bids))


@speaking
def referee_bids_sentence(bids: Sequence[Any]) -> str:
    """The bids recorded, once the table has been introduced."""
    return gettext("The referee records the bids: %(bids)s.",
                   bids=format_list(_bid_word(bid) for bid in bids))


@speaking
def recorded_chien_sentence(cards: Sequence[Card]) -> str:
    return gettext("The referee then records a chien of %(num)s cards: %(cards)s.",
                   num=str(len(cards)), cards=card_list(cards))


@speaking
def awaits_jeu_sentence(taker: int, contract: str) -> str:
    return gettext("On %(contract)s the chien stays face down: the referee next records "
                   "seat %(taker)s's “Jeu”.", contract=contract_name(contract, article=True),
                   taker=str(taker))


@speaking
def referee_misdeal_sentence(players: int, dealer: int, again: int) -> str:
    return gettext("At a physical table of %(players)s, seat %(dealer)s deals; the referee "
                   "notes a misdeal: seat %(again)s deals again.",
                   players=players_phrase(players), dealer=str(dealer), again=str(again))


@speaking
def table_bid_sentence(seat: int, bid: Any) -> str:
    return gettext("Seat %(seat)s then bids %(bid)s.", seat=str(seat),
                   bid=gettext("pass") if bid is None else contract_name(bid, article=True))


# --- duplicate: an imposed garde -----------------------------------------------------------------


@speaking
def imposed_garde_sentence(players: int, taker: int) -> str:
    return gettext("In duplicate, with %(players)s, the deal is prepared in advance and the "
                   "garde is imposed on seat %(taker)s: nobody bids.",
                   players=players_phrase(players), taker=str(taker))


@speaking
def imposed_taker_sentence(taker: int, contract: str) -> str:
    return gettext("Seat %(taker)s takes %(contract)s without a word spoken: he takes the "
                   "chien into his hand and makes his écart.", taker=str(taker),
                   contract=contract_name(contract, article=True))


@speaking
def jeu_sentence(taker: int) -> str:
    return gettext("Seat %(taker)s says “Jeu”.", taker=str(taker))


@speaking
def first_card_sentence(seat: int, card: Card) -> str:
    return gettext("Seat %(seat)s plays the first card, %(card)s.", seat=str(seat),
                   card=card_name(card))


@speaking
def change_ecart_sentence(taker: int, cards: Sequence[Card]) -> str:
    return gettext("Seat %(taker)s then wants to change his écart for %(cards)s.",
                   taker=str(taker), cards=card_list(cards))
