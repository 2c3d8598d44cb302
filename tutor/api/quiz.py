"""GET /api/v1/quiz/{kind}: a quiz question drawn from a random deal, with its answer.

``kind`` is ``play`` (which cards may be played?), ``ecart`` (is this écart legal?),
``count`` (how many points are these cards worth?), ``score`` (what does the taker score?),
``trick`` (which card wins this trick?) or ``bid`` (may you make this bid?). The position
comes from a random deal of the core; the answer and its explanation are what the check,
count and score endpoints answer about it
(:mod:`tutor.services.quiz`). The same ``seed`` gives the same question; without one, the
answer says which seed was drawn.
"""

from __future__ import annotations

import random
from typing import Any, Final

from flask import Response
from marshmallow import Schema, fields

from tutor.api.base import ApiBlueprint, reply
from tutor.api.deal import QueryInt
from tutor.services import quiz as service

__all__ = ["SEEDS", "blp"]

blp = ApiBlueprint(
    "quiz", __name__, url_prefix="/api/v1/quiz",
    description="Quiz questions from random deals, answered and explained by the rules.",
)

SEEDS: Final = 1_000_000
"""Seeds run from 0 to 999 999."""


class SeedInt(QueryInt):
    """A seed of the query string: any run of ASCII digits (with a minus sign or not) is read
    as a number, so that one out of range is told so (not that it is no integer)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        digits = value[1:] if type(value) is str and value.startswith("-") else value
        if type(digits) is str and digits.isascii() and digits.isdigit() and len(value) <= 30:
            value = int(value)
        return super()._deserialize(value, attr, data, **kwargs)


class QuizQuery(Schema):
    """Query parameters (a plain schema: the query string is a multi-dict)."""

    players = QueryInt(3, 5, key="players-range", load_default=4, metadata={
        "description": "Players at the table of the deal: 3, 4 or 5.", "example": 4})
    seed = SeedInt(0, SEEDS - 1, load_default=None, metadata={
        "description": "Draws the same question again (0 to 999999); without it, one is "
                       "drawn and named in the answer.", "example": 17})


class QuizResponse(Schema):
    kind = fields.String(required=True, metadata={"enum": list(service.KINDS)})
    players = fields.Integer(required=True)
    seed = fields.Integer(required=True, metadata={
        "description": "The seed of this question: send it again to get the same one."})
    question = fields.String(required=True, metadata={
        "description": "The question, in the reader's language."})
    position = fields.Dict(required=True, metadata={
        "description": "What the reader sees. play: players, hand, trick (in play order), "
                       "first_trick, called_card, trick_number. ecart: players, contract, "
                       "hand, chien, ecart (the cards put aside). count and trick: cards "
                       "(a trick in play order). score: players, contract, bouts and points "
                       "of the taker's camp, petit_au_bout, chelem_by, alone. bid: bids (the "
                       "earlier ones, in speaking order), bid (the one asked about)."})
    answer = fields.Dict(required=True, metadata={
        "description": "The expected answer, as the check, count and score endpoints give "
                       "it. play: legal_cards and each card's verdict (card, legal, "
                       "explanation, violations). ecart: legal, violations, trumps_to_show. "
                       "count: points, half_points, bouts. score: won, target, difference, "
                       "multiplier, scores (taker, partner, defender), derivation. trick: "
                       "card and position of the winning card, points, bouts. bid: legal, "
                       "violations."})
    explanation = fields.String(required=True, metadata={
        "description": "Why the answer is what it is, in the reader's language."})


@blp.route("/<any(play, ecart, count, score, trick, bid):kind>", methods=["GET"])
@blp.arguments(QuizQuery(), location="query")
@blp.response(200, QuizResponse())
@blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
def get_quiz(query: dict[str, Any], kind: str) -> Response:
    """A quiz question of this kind, from a random deal, with its answer and explanation."""
    seed = query["seed"] if query["seed"] is not None else random.randrange(SEEDS)
    return reply(service.question(kind, query["players"], seed))
