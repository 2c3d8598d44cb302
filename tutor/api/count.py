"""POST /api/v1/count: what cards are worth, counted the rulebook's way.

A roi or a bout is worth 4.5 points, a dame 3.5, a cavalier 2.5, a valet 1.5, any other card
0.5; the 78 cards make 91 points. The answer gives the points (a multiple of 0.5), the exact
half-points the core counts in, and the bouts among the cards.
"""

from __future__ import annotations

from typing import Any, Final

from flask import Response
from marshmallow import Schema, fields

from tutor.api.base import ApiBlueprint, BaseSchema, reply
from tutor.fields import CardList, HalfPoints
from tutor.services import count as service
from tutor.services.count import points_number

__all__ = ["blp", "points_number"]

# Alike by nature: each operation's request and response schemas, then its view (shared: api.base)

blp = ApiBlueprint(
    "count", __name__, url_prefix="/api/v1/count",
    description="What cards are worth: card points, half-points and bouts.",
)

EXAMPLE: Final[dict[str, Any]] = {"cards": ["T21", "2C", "KH", "QD", "JS"]}


class CountRequest(BaseSchema):
    cards = CardList(required=True, min_items=1, max_items=78, metadata={
        "description": "The cards to count, no card twice: one card, a trick, a pile of "
                       "tricks, the chien, or the whole pack."})


class CountResponse(Schema):
    points = HalfPoints(required=True, metadata={
        "description": "Card points, a multiple of 0.5 (the 78 cards: 91)."})
    half_points = fields.Integer(required=True, metadata={
        "description": "The same in half-points, an exact integer (the 78 cards: 182)."})
    bouts = fields.Integer(required=True, metadata={
        "description": "Bouts among the cards: the petit (T1), the 21 (T21), the excuse."})
    cards = fields.Integer(required=True, metadata={"description": "Cards counted."})
    explanation = fields.String(required=True)


@blp.route("", methods=["POST"])
@blp.arguments(CountRequest(), example=EXAMPLE)
@blp.response(200, CountResponse())
def count_view(body: dict[str, Any]) -> Response:
    """What are these cards worth?

    Roi and bouts 4.5, dame 3.5, cavalier 2.5, valet 1.5, other cards 0.5: the rulebook
    counts them two by two, which gives the same total.
    """
    return reply(service.count(body))
