"""POST /api/v1/check/trick, /check/cut, /check/auction and /check/chelem: who wins this trick,
is this cut fair, where does this auction stand, may this slam be announced and who leads.

These views join the ``check`` blueprint of :mod:`tutor.api.check` (same tag, same
conventions): a broken rule is a 200 with ``"legal": false`` and the violations; a request
that means nothing (a seat outside the table, a trick longer than the table) is a 422.
"""

from __future__ import annotations

from typing import Any, Final

from flask import Response
from marshmallow import Schema, fields

from rules_fr.bidding import (
    auction_result,
    check_chelem_announcement,
    chelem_leader,
    first_illegal_bid,
    speaker_seat,
)
from rules_fr.cards import Card, CardSet, points_half
from rules_fr.contracts import Contract
from rules_fr.counting import PlayedTrick
from rules_fr.deal import RedealReason, check_cut, redeal
from rules_fr.play import led_card, trick_winner
from rules_fr.verdicts import Violation
from tutor.api.base import BaseSchema, ViolationSchema, reply
from tutor.api.check import blp
from tutor.api.count import points_number
from tutor.errors import FieldProblem, Unprocessable
from tutor.fields import (
    BidField,
    BoundedInt,
    CardField,
    CardList,
    ContractField,
    HalfPoints,
    PlayersField,
    StrictBool,
    seat_field,
)
from tutor.i18n import violation_payload
from tutor.i18n.facts import explain_auction, explain_chelem, explain_cut, explain_trick

__all__ = ["blp"]

TRICK_EXAMPLE: Final[dict[str, Any]] = {"players": 4, "cards": ["7D", "KD", "T1", "2D"],
                                        "leader": 3}
CUT_EXAMPLE: Final[dict[str, Any]] = {"at": 39}
AUCTION_EXAMPLE: Final[dict[str, Any]] = {"players": 4, "dealer": 3,
                                          "bids": ["passe", "petite", "garde_sans", "passe"]}
CHELEM_EXAMPLE: Final[dict[str, Any]] = {"players": 4, "dealer": 0, "taker": 2}


def _violations(found: list[Violation]) -> list[dict[str, Any]]:
    return [violation_payload(v) for v in found]


def _seat_problems(players: int, seats: dict[str, int | None]) -> list[FieldProblem]:
    return [FieldProblem(f"/{name}", "seat-range", {"seat": seat, "players": players})
            for name, seat in seats.items() if seat is not None and seat >= players]


def _refuse(problems: list[FieldProblem]) -> None:
    if problems:
        raise Unprocessable(problems)


# --- POST /check/trick ---------------------------------------------------------------------


class TrickRequest(BaseSchema):
    players = PlayersField(required=True)
    cards = CardList(required=True, min_items=1, max_items=5, metadata={
        "description": "The cards of the trick in play order (all of them for a complete "
                       "trick, fewer for a trick under way)."})
    leader = seat_field(load_default=None, allow_none=True, metadata={
        "description": "The seat that led, if known: card i was played by seat (leader + i) "
                       "mod players, and the answer names the winner's seat."})


class TrickWinnerSchema(Schema):
    position = fields.Integer(required=True, metadata={
        "description": "Index in `cards` of the winning card."})
    card = CardField(required=True)
    seat = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The seat that played it (null without `leader`)."})


class TrickResponse(Schema):
    complete = fields.Boolean(required=True, metadata={
        "description": "Every player has played to the trick."})
    winner = fields.Nested(TrickWinnerSchema, required=True, allow_none=True, metadata={
        "description": "The card that wins (so far, when the trick is under way); null when "
                       "only the excuse has been played."})
    next_leader = fields.Integer(required=True, allow_none=True, metadata={
        "description": "A complete trick with its leader: the winner's seat, who leads the "
                       "next trick."})
    led_suit = fields.String(required=True, allow_none=True, metadata={
        "enum": ["S", "H", "D", "C", "T", None],
        "description": "The suit to follow, set by the first card that is not the excuse "
                       "(`T` for trumps)."})
    points = HalfPoints(required=True, metadata={"description": "Card points in the trick."})
    half_points = fields.Integer(required=True)
    bouts = fields.Integer(required=True)
    explanation = fields.String(required=True)


@blp.route("/trick", methods=["POST"])
@blp.arguments(TrickRequest(), example=TRICK_EXAMPLE)
@blp.response(200, TrickResponse())
def check_trick_view(body: dict[str, Any]) -> Response:
    """Who wins this trick?

    The highest trump, else the highest card of the suit led; the excuse never wins (but
    for the last trick of a slam, settled when a deal is counted). The winner leads the
    next trick.
    """
    players: int = body["players"]
    cards: list[Card] = body["cards"]
    leader: int | None = body["leader"]
    problems = _seat_problems(players, {"leader": leader})
    if len(cards) > players:
        problems.append(FieldProblem("/cards", "trick-too-long",
                                     {"size": len(cards), "players": players}))
    _refuse(problems)
    complete = len(cards) == players
    led = led_card(cards)
    position = None if led is None else trick_winner(cards)
    seat = None
    if position is not None and leader is not None:
        seat = PlayedTrick(leader, tuple(cards)).seat_of(position, players)
    half = points_half(cards)
    return reply({
        "complete": complete,
        "winner": None if position is None else {
            "position": position, "card": cards[position].code, "seat": seat},
        "next_leader": seat if complete else None,
        "led_suit": None if led is None else led.suit.value,
        "points": points_number(half),
        "half_points": half,
        "bouts": CardSet.of(cards).bouts(),
        "explanation": explain_trick(cards, position, seat, complete, half),
    })


# --- POST /check/cut -----------------------------------------------------------------------


class CutRequest(BaseSchema):
    pack = BoundedInt(1, 78, load_default=78, metadata={
        "description": "Cards in the pack (78, the whole pack, by default)."})
    at = BoundedInt(0, 78, required=True, metadata={
        "description": "How many cards the cutter takes off the top (at most `pack`)."})


class CutResponse(Schema):
    legal = fields.Boolean(required=True)
    taken = fields.Integer(required=True, metadata={"description": "Cards taken off the top."})
    left = fields.Integer(required=True, metadata={"description": "Cards left below."})
    violations = fields.List(fields.Nested(ViolationSchema), required=True)
    explanation = fields.String(required=True)


@blp.route("/cut", methods=["POST"])
@blp.arguments(CutRequest(), example=CUT_EXAMPLE)
@blp.response(200, CutResponse())
def check_cut_view(body: dict[str, Any]) -> Response:
    """Is this cut fair?

    The player left of the dealer cuts, taking more than three cards and leaving more than
    three.
    """
    pack: int = body["pack"]
    at: int = body["at"]
    if at > pack:
        raise Unprocessable([FieldProblem("/at", "value-range",
                                          {"value": at, "min": 0, "max": pack})])
    found = check_cut(pack, at)
    return reply({"legal": not found, "taken": at, "left": pack - at,
                  "violations": _violations(found),
                  "explanation": explain_cut(at, pack - at, found)})


# --- POST /check/auction -------------------------------------------------------------------


MAX_BIDS: Final = 5


class AuctionRequest(BaseSchema):
    players = PlayersField(required=True)
    dealer = seat_field(required=True, metadata={"description": "The dealer's seat."})
    bids = fields.List(BidField(), required=True, metadata={
        "maxItems": MAX_BIDS,
        "description": "The bids in speaking order, the player right of the dealer first: "
                       "`passe`, `petite` (alias `prise`), `garde`, `garde_sans`, "
                       "`garde_contre`."})
    dealer_misdealt = StrictBool(load_default=False, metadata={
        "description": "This deal is dealt again after the dealer's misdeal: the dealer may "
                       "only pass."})


class AuctionRedeal(Schema):
    dealer = fields.Integer(required=True, metadata={"description": "Who deals again."})
    dealer_may_bid = fields.Boolean(required=True)


class AuctionResponse(Schema):
    legal = fields.Boolean(required=True, metadata={"description": "Every bid is legal."})
    violations = fields.List(fields.Nested(ViolationSchema), required=True, metadata={
        "description": "What the first illegal bid breaks."})
    illegal_bid = fields.Integer(required=True, allow_none=True, metadata={
        "description": "Index in `bids` of the first illegal bid; the outcome below counts "
                       "only the bids before it."})
    complete = fields.Boolean(required=True, metadata={
        "description": "Every player has spoken once."})
    all_passed = fields.Boolean(required=True, metadata={
        "description": "Complete, and nobody took: the deal is dealt again (see `redeal`)."})
    taker = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The seat with the highest bid (so far, while the auction is open)."})
    contract = ContractField(required=True, allow_none=True)
    next_speaker = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The seat to speak next; null once everyone has spoken."})
    redeal = fields.Nested(AuctionRedeal, required=True, allow_none=True, metadata={
        "description": "When all passed: who deals the new deal."})
    explanation = fields.String(required=True)


@blp.route("/auction", methods=["POST"])
@blp.arguments(AuctionRequest(), example=AUCTION_EXAMPLE)
@blp.response(200, AuctionResponse())
def check_auction_view(body: dict[str, Any]) -> Response:
    """Where does this auction stand?

    The player right of the dealer speaks first, the dealer last, each once; the highest
    contract takes. If everyone passes, the player right of the dealer deals again.
    """
    players: int = body["players"]
    dealer: int = body["dealer"]
    bids: list[Contract | None] = body["bids"]
    if len(bids) > MAX_BIDS:
        raise Unprocessable([FieldProblem("/bids", "list-too-long",
                                          {"size": len(bids), "max": MAX_BIDS})])
    _refuse(_seat_problems(players, {"dealer": dealer}))
    misdealt: bool = body["dealer_misdealt"]
    fault = first_illegal_bid(players, bids, dealer_misdealt=misdealt)
    counted = bids if fault is None else bids[:fault[0]]
    found = [] if fault is None else fault[1]
    result = auction_result(players, counted, dealer_misdealt=misdealt)
    taker = result.taker_seat(dealer, players)
    next_speaker = None if result.complete else speaker_seat(dealer, players, counted)
    again = redeal(RedealReason.ALL_PASSED, dealer, players) if result.all_passed else None
    return reply({
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
    })


# --- POST /check/chelem --------------------------------------------------------------------


class ChelemRequest(BaseSchema):
    players = PlayersField(required=True)
    dealer = seat_field(required=True, metadata={"description": "The dealer's seat."})
    taker = seat_field(required=True, metadata={"description": "The taker's seat."})
    seat = seat_field(load_default=None, allow_none=True, metadata={
        "description": "The seat announcing the slam (the taker when omitted)."})
    cards_played = BoundedInt(0, 78, load_default=0, metadata={
        "description": "Cards already played in the deal (a slam is announced before the "
                       "first)."})


class ChelemResponse(Schema):
    legal = fields.Boolean(required=True)
    violations = fields.List(fields.Nested(ViolationSchema), required=True)
    leader = fields.Integer(required=True, metadata={
        "description": "Who leads the first trick: the taker after a legal announcement, "
                       "whoever dealt; otherwise the seat right of the dealer."})
    explanation = fields.String(required=True)


@blp.route("/chelem", methods=["POST"])
@blp.arguments(ChelemRequest(), example=CHELEM_EXAMPLE)
@blp.response(200, ChelemResponse())
def check_chelem_view(body: dict[str, Any]) -> Response:
    """May this slam be announced, and who leads the first trick?

    Only the taker announces a slam, once the contract is settled and before the first
    card; he then leads the first trick, whoever dealt.
    """
    players: int = body["players"]
    dealer: int = body["dealer"]
    taker: int = body["taker"]
    seat: int = taker if body["seat"] is None else body["seat"]
    _refuse(_seat_problems(players, {"dealer": dealer, "taker": taker, "seat": body["seat"]}))
    found = check_chelem_announcement(seat == taker, body["cards_played"])
    leader = chelem_leader(taker, dealer, players, announced=not found)
    return reply({"legal": not found, "violations": _violations(found), "leader": leader,
                  "explanation": explain_chelem(found, seat, leader)})
