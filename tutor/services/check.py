"""Is an action legal? The answers of ``POST /check/*`` and of the MCP ``check_*`` tools.

Each function takes a request parsed by its schema in :mod:`tutor.api.check` (or
:mod:`tutor.api.check_facts`), refuses with :class:`~tutor.errors.Unprocessable` what is not a
question about the rules (a card both in the hand and the trick, a card not in the hand, a
trick longer than the table, a hand larger than the deal allows, a seat outside the table),
asks the core, and renders the verdict through the catalogs. An illegal action is an answer
(``"legal": false`` and the violations), not an error.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rules_fr.bidding import (
    auction_result,
    check_bid,
    check_chelem_announcement,
    chelem_leader,
    first_illegal_bid,
    speaker_seat,
)
from rules_fr.cards import Card, CardSet, points_half
from rules_fr.contracts import Contract
from rules_fr.counting import PlayedTrick, trick_won_half
from rules_fr.deal import (
    RedealReason,
    check_cut,
    check_deal,
    check_hand_for_misdeal,
    chien_positions,
    cutter_seat,
    deal_order,
    is_petit_sec,
    next_dealer,
    redeal,
)
from rules_fr.ecart import check_ecart, trumps_to_show
from rules_fr.kingcall import check_king_call, is_alone
from rules_fr.play import (
    check_play,
    led_card,
    legal_cards,
    play_warnings,
    trick_winner,
    why_allowed,
)
from rules_fr.poignee import (
    check_poignee,
    check_poignee_timing,
    poignee_level,
    poignee_size,
    poignees_allowed,
)
from rules_fr.table import rules_for
from tutor.errors import FieldProblem, Unprocessable
from tutor.i18n import (
    explain_bid,
    explain_deal,
    explain_ecart,
    explain_hand,
    explain_king_call,
    explain_play,
    explain_poignee,
    violation_payload,
)
from tutor.i18n.facts import (
    explain_auction,
    explain_chelem,
    explain_cut,
    explain_plan,
    explain_trick,
)
from tutor.services import refuse
from tutor.services.count import points_number

__all__ = ["MAX_BIDS", "auction", "bid", "chelem", "cut", "deal", "ecart", "hand", "king_call",
           "play", "poignee", "trick"]


def _violations(found: Sequence[Any]) -> list[dict[str, Any]]:
    return [violation_payload(v) for v in found]


def _hand_size_problem(pointer: str, hand: Sequence[Card], players: int) -> list[FieldProblem]:
    limit = rules_for(players).hand_size
    if len(hand) > limit:
        return [FieldProblem(pointer, "hand-too-large", {"size": len(hand), "max": limit})]
    return []


def _overlap_problems(pointer: str, cards: Sequence[Card], other: CardSet,
                      key: str) -> list[FieldProblem]:
    """A problem for each card of ``cards`` also in ``other``, at its index."""
    if not CardSet.of(cards).mask & other.mask:
        return []
    return [FieldProblem(f"{pointer}/{i}", key, {"card": card.code})
            for i, card in enumerate(cards) if card.mask & other.mask]


def _seat_problems(players: int, seats: dict[str, int | None]) -> list[FieldProblem]:
    return [FieldProblem(f"/{name}", "seat-range", {"seat": seat, "players": players})
            for name, seat in seats.items() if seat is not None and seat >= players]



def play(body: dict[str, Any]) -> dict[str, Any]:
    """May this card be played? (``check/play``)"""
    players: int = body["players"]
    hand_cards: list[Card] = body["hand"]
    trick: list[Card] = body["trick"]
    card: Card = body["card"]
    hand = CardSet.of(hand_cards)

    problems = _hand_size_problem("/hand", hand_cards, players)
    if len(trick) > players:
        problems.append(FieldProblem("/trick", "trick-too-long",
                                     {"size": len(trick), "players": players}))
    problems += _overlap_problems("/trick", trick, hand, "card-in-hand-and-trick")
    if card not in hand:
        problems.append(FieldProblem("/card", "card-not-in-hand", {"card": card.code}))
    refuse(problems)

    called = body["called_card"] if players == 5 else None
    first = body["first_trick"]
    found = check_play(hand, trick, card, players=players, called_card=called,
                       first_trick=first)
    warnings = [] if found else play_warnings(hand, trick, card, players=players)
    allowed = [] if found else why_allowed(hand, trick, card, players=players,
                                           called_card=called, first_trick=first)
    legal = legal_cards(hand, trick, called_card=called, first_trick=first, players=players)
    return {
        "legal": not found,
        "card": card.code,
        "legal_cards": legal.codes(),
        "violations": _violations(found),
        "why_allowed": _violations(allowed),
        "warnings": _violations(warnings),
        "explanation": explain_play(card, found, warnings, legal, allowed),
    }


def ecart(body: dict[str, Any]) -> dict[str, Any]:
    """Is this écart legal? (``check/ecart``)"""
    players: int = body["players"]
    hand_cards: list[Card] = body["hand"]
    chien_cards: list[Card] = body["chien"]
    hand = CardSet.of(hand_cards)
    problems = _hand_size_problem("/hand", hand_cards, players)
    chien_max = rules_for(players).chien_size
    if len(chien_cards) > chien_max:
        problems.append(FieldProblem("/chien", "chien-too-large",
                                     {"size": len(chien_cards), "max": chien_max}))
    problems += _overlap_problems("/chien", chien_cards, hand, "duplicate-card")
    refuse(problems)

    ecart: list[Card] = body["ecart"]
    found = check_ecart(players, body["contract"], hand, CardSet.of(chien_cards), ecart)
    shown = trumps_to_show(ecart)
    return {
        "legal": not found,
        "violations": _violations(found),
        "trumps_to_show": shown.codes(),
        "explanation": explain_ecart(found, shown),
    }


def bid(body: dict[str, Any]) -> dict[str, Any]:
    """Is this bid legal after the earlier ones? (``check/bid``)"""
    bids: list[Any] = body["bids"]
    if len(bids) > 5:
        raise Unprocessable([FieldProblem("/bids", "list-too-long",
                                          {"size": len(bids), "max": 5})])
    found = check_bid(body["players"], bids, body["bid"],
                      dealer_misdealt=body["dealer_misdealt"])
    return {"legal": not found, "violations": _violations(found),
            "explanation": explain_bid(body["bid"], found)}


def king_call(body: dict[str, Any]) -> dict[str, Any]:
    """May the taker call this card? (``check/king-call``)"""
    players: int = body["players"]
    hand_cards: list[Card] = body["hand"]
    hand = CardSet.of(hand_cards)
    chien_cards: list[Card] | None = body["chien"]
    problems = _hand_size_problem("/hand", hand_cards, players)
    if chien_cards is not None:
        problems += _overlap_problems("/chien", chien_cards, hand, "duplicate-card")
    refuse(problems)
    card: Card = body["card"]
    found = check_king_call(hand, card, players)
    chien = CardSet.of(chien_cards) if chien_cards is not None else None
    # A refused call makes no partner and no one alone: "alone" only of a call allowed.
    alone = not found and is_alone(hand, card, chien)
    return {"legal": not found, "violations": _violations(found), "alone": alone,
            "explanation": explain_king_call(
                card, found, alone, in_chien=chien is not None and card in chien)}


def poignee(body: dict[str, Any]) -> dict[str, Any]:
    """Is this poignée legal, and which one is it? (``check/poignee``)"""
    players: int = body["players"]
    hand_cards: list[Card] = body["hand"]
    refuse(_hand_size_problem("/hand", hand_cards, players))
    shown: list[Card] = body["shown"]
    found = check_poignee(players, CardSet.of(hand_cards), shown)
    if body["cards_played"] is not None:
        found += check_poignee_timing(body["cards_played"])
    level = poignee_level(players, len(shown))
    granted = None if found else level
    return {"legal": not found,
            "level": granted.value if granted is not None else None,
            "bonus": granted.bonus if granted is not None else None,
            "violations": _violations(found),
            "explanation": explain_poignee(level, found)}


def hand(body: dict[str, Any]) -> dict[str, Any]:
    """What does this hand allow? Petit sec (the deal is annulled) and the poignées it can
    show. (``check/hand``)"""
    players: int = body["players"]
    hand_cards: list[Card] = body["hand"]
    refuse(_hand_size_problem("/hand", hand_cards, players))
    hand = CardSet.of(hand_cards)
    petit_sec = is_petit_sec(hand)
    levels = poignees_allowed(players, hand)
    return {
        "petit_sec": petit_sec,
        "violations": _violations(check_hand_for_misdeal(hand)),
        "poignees": [{"level": level.value, "trumps": poignee_size(players, level),
                      "bonus": level.bonus} for level in levels],
        "explanation": explain_hand(players, petit_sec, levels),
    }


def deal(body: dict[str, Any]) -> dict[str, Any]:
    """Is this deal regular? One hand per player of the right size, the chien's size, each
    of the 78 cards exactly once. (``check/deal``)"""
    hands: list[list[Card]] = body["hands"]
    if len(hands) > 6:
        raise Unprocessable([FieldProblem("/hands", "list-too-long",
                                          {"size": len(hands), "max": 6})])
    found = check_deal(body["players"], hands, body["chien"])
    return {
        "valid": not found,
        "violations": _violations(found),
        "petit_sec": [seat for seat, hand in enumerate(hands)
                      if is_petit_sec(CardSet.of(hand))],
        "explanation": explain_deal(found),
    }


MAX_BIDS: Final = 5
"""Bids in one auction: one per player, five at most."""


def trick(body: dict[str, Any]) -> dict[str, Any]:
    """Who wins this trick? (``check_facts/trick``)"""
    players: int = body["players"]
    cards: list[Card] = body["cards"]
    leader: int | None = body["leader"]
    problems = _seat_problems(players, {"leader": leader})
    if len(cards) > players:
        problems.append(FieldProblem("/cards", "trick-too-long",
                                     {"size": len(cards), "players": players}))
    refuse(problems)
    complete = len(cards) == players
    led = led_card(cards)
    position = None if led is None else trick_winner(cards)
    seat = None
    if position is not None and leader is not None:
        seat = PlayedTrick(leader, tuple(cards)).seat_of(position, players)
    half = points_half(cards)
    return {
        "complete": complete,
        "winner": None if position is None else {
            "position": position, "card": cards[position].code, "seat": seat},
        "next_leader": seat if complete else None,
        "led_suit": None if led is None else led.suit.value,
        "points": points_number(half),
        "half_points": half,
        "bouts": CardSet.of(cards).bouts(),
        "explanation": explain_trick(cards, position, seat, complete, half,
                                     trick_won_half(cards)),
    }


def cut(body: dict[str, Any]) -> dict[str, Any]:
    """Is this cut fair? (``check_facts/cut``)"""
    pack: int = body["pack"]
    at: int = body["at"]
    if at > pack:
        raise Unprocessable([FieldProblem("/at", "value-range",
                                          {"value": at, "min": 0, "max": pack})])
    found = check_cut(pack, at)
    return {"legal": not found, "taken": at, "left": pack - at,
            "violations": _violations(found),
            "explanation": explain_cut(at, pack - at, found)}


def auction(body: dict[str, Any]) -> dict[str, Any]:
    """Where does this auction stand? (``check_facts/auction``)"""
    players: int = body["players"]
    dealer: int = body["dealer"]
    bids: list[Contract | None] = body["bids"]
    if len(bids) > MAX_BIDS:
        raise Unprocessable([FieldProblem("/bids", "list-too-long",
                                          {"size": len(bids), "max": MAX_BIDS})])
    refuse(_seat_problems(players, {"dealer": dealer}))
    misdealt: bool = body["dealer_misdealt"]
    fault = first_illegal_bid(players, bids, dealer_misdealt=misdealt)
    counted = bids if fault is None else bids[:fault[0]]
    found = [] if fault is None else fault[1]
    result = auction_result(players, counted, dealer_misdealt=misdealt)
    taker = result.taker_seat(dealer, players)
    next_speaker = None if result.complete else speaker_seat(dealer, players, counted)
    again = redeal(RedealReason.ALL_PASSED, dealer, players) if result.all_passed else None
    return {
        "legal": fault is None,
        "violations": _violations(found),
        "illegal_bid": None if fault is None else fault[0],
        "complete": result.complete,
        "all_passed": result.all_passed,
        "taker": taker,
        "contract": None if result.contract is None else result.contract.code,
        "next_speaker": next_speaker,
        "redeal": None if again is None else {"dealer": again.dealer,
                                              "dealer_may_bid": again.dealer_may_bid},
        "explanation": explain_auction(
            found, complete=result.complete, all_passed=result.all_passed, taker=taker,
            contract=result.contract, next_speaker=next_speaker,
            redealer=None if again is None else again.dealer),
    }


def chelem(body: dict[str, Any]) -> dict[str, Any]:
    """May this slam be announced, and who leads the first trick? (``check_facts/chelem``)"""
    players: int = body["players"]
    dealer: int = body["dealer"]
    taker: int = body["taker"]
    seat: int = taker if body["seat"] is None else body["seat"]
    refuse(_seat_problems(players, {"dealer": dealer, "taker": taker, "seat": body["seat"]}))
    found = check_chelem_announcement(seat == taker, body["cards_played"])
    leader = chelem_leader(taker, dealer, players, announced=not found)
    return {"legal": not found, "violations": _violations(found), "leader": leader,
            "explanation": explain_chelem(found, seat, leader)}


def _redeal(reason: RedealReason, dealer: int, players: int) -> dict[str, Any]:
    again = redeal(reason, dealer, players)
    return {"dealer": again.dealer, "dealer_may_bid": again.dealer_may_bid}


def deal_plan(players: int, dealer: int) -> dict[str, Any]:
    """How a deal goes at this table with this dealer (``GET /deal/plan``, and the worked
    examples of the cut, the packets, the order of speaking and the next dealer)."""
    rules = rules_for(players)
    seats = [speaker_seat(dealer, players, spoken) for spoken in range(players)]
    plan: dict[str, Any] = {
        "players": players, "dealer": dealer, "cutter": cutter_seat(dealer, players),
        "seats": seats, "first_speaker": seats[0], "last_speaker": dealer,
        "next_dealer": next_dealer(dealer, players), "packet_size": rules.packet_size,
        "packets": players * rules.hand_size // rules.packet_size,
        "hand_size": rules.hand_size, "chien_size": rules.chien_size,
        "pack": list(deal_order(players, dealer)),
        "chien_positions": list(chien_positions(players)),
        "redeal": {"all_passed": _redeal(RedealReason.ALL_PASSED, dealer, players),
                   "misdeal": _redeal(RedealReason.MISDEAL, dealer, players),
                   "petit_sec": _redeal(RedealReason.PETIT_SEC, dealer, players)},
    }
    plan["explanation"] = explain_plan(
        dealer=dealer, cutter=plan["cutter"], first=seats[0], next_dealer=plan["next_dealer"],
        packet_size=rules.packet_size, hand_size=rules.hand_size, chien_size=rules.chien_size)
    return plan
