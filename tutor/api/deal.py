"""POST /api/v1/deal/draw and GET /api/v1/deal/plan: who deals, and how a deal goes.

``/deal/draw`` takes the cards the players drew and names the first dealer (the lowest card;
the excuse is drawn again). ``/deal/plan`` says, for a table and a dealer, everything the
rulebook fixes before the first bid: who cuts, the packets and the order of the seats, where
the chien's cards come from in the pack, who speaks and leads first, who deals next, and who
deals again after an auction where all passed, a misdeal or a petit sec.
"""

from __future__ import annotations

from typing import Any, Final

from flask import Response
from marshmallow import Schema, fields

from rules_fr.cards import Card
from rules_fr.deal import draw_dealer, must_redraw
from tutor.api.base import ApiBlueprint, BaseSchema, reply
from tutor.errors import FieldProblem, Unprocessable
from tutor.fields import BoundedInt, CardField, CardList
from tutor.i18n.facts import explain_draw
from tutor.services.check import deal_plan

__all__ = ["blp"]

# Alike by nature: each operation's request and response schemas, then its view (shared: api.base)

blp = ApiBlueprint(
    "deal", __name__, url_prefix="/api/v1/deal",
    description="Before the bidding: the dealer draw, and how a deal is cut, dealt and "
                "spoken.",
)

DRAW_EXAMPLE: Final[dict[str, Any]] = {"draws": ["KC", "T3", "KS", "T5"]}


# --- POST /deal/draw -----------------------------------------------------------------------


class DrawRequest(BaseSchema):
    draws = CardList(required=True, min_items=3, max_items=7, metadata={
        "description": "One card per person drawing (3 to 7), in a fixed order of the people; "
                       "no card twice (they come from one pack). Whoever drew the excuse "
                       "draws again: send the draws again with his new card."})


class DrawResponse(Schema):
    dealer = fields.Integer(required=True, allow_none=True, metadata={
        "description": "Index in `draws` of the lowest card, who deals first; null while "
                       "someone must draw again."})
    card = CardField(required=True, allow_none=True, metadata={
        "description": "The lowest card drawn (null while someone must draw again)."})
    redraw = fields.List(fields.Integer(), required=True, metadata={
        "description": "Indexes in `draws` of the people who drew the excuse and draw again."})
    explanation = fields.String(required=True)


@blp.route("/draw", methods=["POST"])
@blp.arguments(DrawRequest(), example=DRAW_EXAMPLE)
@blp.response(200, DrawResponse())
def draw_view(body: dict[str, Any]) -> Response:
    """Who deals first?

    The lowest card drawn: plain cards rank below trumps, and at equal rank spades are
    highest, then hearts, diamonds, clubs (the ace of clubs is the lowest card of all). The
    excuse does not count: whoever drew it draws again.
    """
    draws: list[Card] = body["draws"]
    dealer = draw_dealer(draws)
    redraw = must_redraw(draws)
    return reply({"dealer": dealer, "card": None if dealer is None else draws[dealer].code,
                  "redraw": redraw, "explanation": explain_draw(draws, dealer, redraw)})


# --- GET /deal/plan ------------------------------------------------------------------------


class QueryInt(BoundedInt):
    """An integer of the query string (``?players=4``): ASCII digits, then bounded."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if type(value) is str and value.isascii() and value.isdigit() and len(value) <= 6:
            value = int(value)
        return super()._deserialize(value, attr, data, **kwargs)


class PlanQuery(Schema):
    """Query parameters (a plain schema: the query string is a multi-dict, not a JSON
    object). Other parameters are left alone, as for every address: ``lang`` is one."""

    players = QueryInt(3, 5, key="players-range", required=True, metadata={
        "description": "Players holding cards: 3, 4 or 5."})
    dealer = QueryInt(0, 4, load_default=0, metadata={
        "description": "The dealer's seat, 0 to players − 1 (seats in playing order)."})


class RedealSchema(Schema):
    dealer = fields.Integer(required=True, metadata={"description": "Who deals again."})
    dealer_may_bid = fields.Boolean(required=True, metadata={
        "description": "Whether that dealer may take on the new deal."})


class PlanRedeals(Schema):
    all_passed = fields.Nested(RedealSchema, required=True, metadata={
        "description": "Everyone passed: the player right of the dealer deals."})
    misdeal = fields.Nested(RedealSchema, required=True, metadata={
        "description": "A misdeal: the same dealer deals again and may only pass."})
    petit_sec = fields.Nested(RedealSchema, required=True, metadata={
        "description": "A petit sec annulled the deal: the same dealer deals again."})


class PlanResponse(Schema):
    players = fields.Integer(required=True)
    dealer = fields.Integer(required=True)
    cutter = fields.Integer(required=True, metadata={
        "description": "The seat left of the dealer, who cuts (more than three cards taken "
                       "and left: POST /check/cut)."})
    seats = fields.List(fields.Integer(), required=True, metadata={
        "description": "The seats in the order they receive packets, speak and play: right of "
                       "the dealer first, the dealer last."})
    first_speaker = fields.Integer(required=True, metadata={
        "description": "The seat right of the dealer: speaks first, leads the first trick "
                       "(unless the taker announces a slam)."})
    last_speaker = fields.Integer(required=True, metadata={"description": "The dealer."})
    next_dealer = fields.Integer(required=True, metadata={
        "description": "Who deals the next deal: the seat right of the dealer."})
    packet_size = fields.Integer(required=True, metadata={
        "description": "Cards dealt at a time: 4 at three players, 3 otherwise."})
    packets = fields.Integer(required=True, metadata={"description": "Packets dealt in all."})
    hand_size = fields.Integer(required=True)
    chien_size = fields.Integer(required=True)
    pack = fields.List(fields.Integer(allow_none=True), required=True, metadata={
        "description": "Who receives each card of the pack, top card first (78 entries): a "
                       "seat, or null for the chien."})
    chien_positions = fields.List(fields.Integer(), required=True, metadata={
        "description": "Positions in the pack (0 is the top card) laid in the chien, one at a "
                       "time: never the first card nor the last."})
    redeal = fields.Nested(PlanRedeals, required=True, metadata={
        "description": "Who deals again when the deal is not played."})
    explanation = fields.String(required=True)


@blp.route("/plan", methods=["GET"])
@blp.arguments(PlanQuery(), location="query")
@blp.response(200, PlanResponse())
def plan_view(query: dict[str, Any]) -> Response:
    """How does a deal go at this table, with this dealer?

    The player left of the dealer cuts; packets of three cards (four at three players) go
    counter-clockwise from the player right of the dealer, who speaks and leads first; the
    chien is laid card by card, never the first or the last card of the pack; the deal then
    passes to the right.
    """
    players: int = query["players"]
    dealer: int = query["dealer"]
    if dealer >= players:
        raise Unprocessable([FieldProblem("/query/dealer", "seat-range",
                                          {"seat": dealer, "players": players})])
    return reply(deal_plan(players, dealer))
