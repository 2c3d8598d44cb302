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

from tutor.api.base import BaseSchema, ViolationSchema, reply
from tutor.api.check import blp
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
from tutor.services import check as service
from tutor.services.check import MAX_BIDS

__all__ = ["blp"]

# Alike by nature: each operation's request and response schemas, then its view (shared: api.base)

TRICK_EXAMPLE: Final[dict[str, Any]] = {"players": 4, "cards": ["7D", "KD", "T1", "2D"],
                                        "leader": 3}
CUT_EXAMPLE: Final[dict[str, Any]] = {"at": 39}
AUCTION_EXAMPLE: Final[dict[str, Any]] = {"players": 4, "dealer": 3,
                                          "bids": ["passe", "petite", "garde_sans", "passe"]}
CHELEM_EXAMPLE: Final[dict[str, Any]] = {"players": 4, "dealer": 0, "taker": 2}


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
    return reply(service.trick(body))


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
    return reply(service.cut(body))


# --- POST /check/auction -------------------------------------------------------------------



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
    return reply(service.auction(body))


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
    return reply(service.chelem(body))
