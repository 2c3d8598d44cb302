"""POST /api/v1/score, /api/v1/score/check and /api/v1/score/deal: what a deal scores, line by
line.

``/score`` takes the figures a scoresheet holds (contract, bouts, the taker camp's points,
petit au bout, poignées, chelem) and refuses with 422 totals no deal can produce;
``/score/check`` says the same as an answer (200, ``possible``), for a page to ask first.
``/score/deal`` takes a whole played deal (chien, écart, tricks with their leaders,
announcements), checks it with the core (the 78 cards once each, the écart, every card legal in
turn), counts it, then scores it as ``/score`` does.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from marshmallow import Schema, fields

from tutor.api import examples
from tutor.api.base import ApiBlueprint, BaseSchema, FastNested, ViolationSchema, reply
from tutor.fields import (
    BoundedInt,
    CampField,
    CardField,
    CardList,
    ContractField,
    HalfPoints,
    PlayersField,
    PoigneeLevelField,
    StrictBool,
    seat_field,
)
from tutor.services import score as service
from tutor.services.score import MAX_POIGNEES

__all__ = ["blp"]

# Alike by nature: each operation's request and response schemas, then its view (shared: api.base)

blp = ApiBlueprint(
    "score", __name__, url_prefix="/api/v1/score",
    description="Score a deal, as a derivation a player can follow line by line.",
)


# --- response ------------------------------------------------------------------------------


class ScoresSchema(Schema):
    taker = fields.Integer(required=True)
    partner = fields.Integer(metadata={
        "description": "The partner's score: only at five players when the taker called a "
                       "partner (absent at three or four players, or when the taker plays "
                       "alone)."})
    defender = fields.Integer(required=True, metadata={
        "description": "Each defender's score. taker + partner (if any) + defender × "
                       "defenders = 0."})


class DerivationLineSchema(Schema):
    code = fields.String(required=True, metadata={
        "description": "Step: `target`, `difference`, `contract`, `petit-au-bout`, "
                       "`poignee`, `chelem`, `total`, `taker-score`, `partner-score`, "
                       "`defender-score`."})
    params = fields.Dict(required=True)
    points = fields.Integer(required=True)
    text = fields.String(required=True, metadata={"description": "The step in words."})


class ScoreResponse(Schema):
    won = fields.Boolean(required=True, metadata={"description": "The contract is made."})
    target = fields.Integer(required=True, metadata={
        "description": "Points the taker needed: 56, 51, 41, 36 with 0 to 3 bouts."})
    difference = fields.Integer(required=True, metadata={
        "description": "Points above or below the target, rounded (≥ 0)."})
    multiplier = fields.Integer(required=True)
    scores = fields.Nested(ScoresSchema, required=True)
    derivation = fields.List(fields.Nested(DerivationLineSchema), required=True)
    why_allowed = fields.List(fields.Nested(ViolationSchema), required=True, metadata={
        "description": "Why a score line that would surprise a beginner is by the rules: "
                       "`poignee-to-winner` (a poignée's bonus goes to the side that wins the "
                       "deal, whoever showed it), `chelem-failed` (an announced chelem not "
                       "made costs 200).",
        "example": [{"code": "poignee-to-winner", "rule": "score.poignee",
                     "params": {"camp": "defense", "to": "taker", "level": "simple",
                                "bonus": 20},
                     "message": "The defence showed the single handful, yet its 20 points go "
                                "to the taker: a poignée's bonus goes to the side that wins "
                                "the deal, whoever showed it. Rule: The poignée in the score "
                                "(score.poignee)."}]})
    explanation = fields.String(required=True, metadata={
        "description": "The computation as the rulebook writes it, then why a surprising "
                       "line is by the rules."})


# --- POST /score ---------------------------------------------------------------------------


class PoigneeAnnouncement(BaseSchema):
    camp = CampField(required=True, metadata={"description": "The camp that showed it."})
    level = PoigneeLevelField(required=True)


class ChelemInput(BaseSchema):
    announced = StrictBool(load_default=False, metadata={
        "description": "The taker announced a chelem."})
    by = CampField(load_default=None, allow_none=True, metadata={
        "description": "The camp that won every trick, if one did."})




class ScoreRequest(BaseSchema):
    players = PlayersField(required=True)
    contract = ContractField(required=True)
    bouts = BoundedInt(0, 3, required=True, metadata={
        "description": "Bouts in the taker camp's tricks (0 to 3)."})
    points = HalfPoints(required=True, metadata={
        "description": "The taker camp's card points, a multiple of 0.5 from 0 to 91.",
        "example": 49})
    petit_au_bout = CampField(load_default=None, allow_none=True, metadata={
        "description": "The camp that won the last trick with the petit in it, if any."})
    poignees = fields.List(FastNested(PoigneeAnnouncement), load_default=list, metadata={
        "maxItems": MAX_POIGNEES,
        "description": "Each poignée shown, with the camp that showed it."})
    chelem = FastNested(ChelemInput, load_default=lambda: {"announced": False, "by": None},
                        metadata={"description": "The chelem (every trick): announced or "
                                                 "not, and which camp made it, if one did."})
    alone = StrictBool(load_default=False, metadata={
        "description": "Five players: the taker plays without a partner (ignored otherwise)."})




class ScoreCheckResponse(Schema):
    possible = fields.Boolean(required=True, metadata={
        "description": "Whether some deal gives these figures (what `/score` accepts)."})
    violations = fields.List(fields.Nested(ViolationSchema), required=True, metadata={
        "description": "Why no deal gives them (`score-impossible`, with the reason)."})
    explanation = fields.String(required=True)


@blp.route("/check", methods=["POST"])
@blp.arguments(ScoreRequest(), example={**examples.SCORE, "bouts": 3, "points": 10})
@blp.response(200, ScoreCheckResponse())
def check_score_view(body: dict[str, Any]) -> Response:
    """Could a deal give these figures?

    The totals `/score` refuses with 422 (three bouts and 10 points, a chelem with 30
    points), as an answer: `possible: false` and why. Ask it first to explain impossible
    figures without an error.
    """
    return reply(service.check_figures(body))


@blp.route("", methods=["POST"])
@blp.arguments(ScoreRequest(), example=examples.SCORE)
@blp.response(200, ScoreResponse())
def score_view(body: dict[str, Any]) -> Response:
    """Score a deal from its figures.

    (25 + difference) × multiplier, petit au bout, poignées, chelem; each defender's score
    and the taker's (and partner's at five). Totals no deal can produce (three bouts and 5
    points, a chelem with 30 points) are refused with 422.
    """
    return reply(service.score_figures(body))


# --- POST /score/deal ----------------------------------------------------------------------


class TrickInput(BaseSchema):
    leader = seat_field(required=True, metadata={"description": "The seat that led."})
    cards = CardList(required=True, max_items=5, metadata={
        "description": "The cards in play order: card i was played by seat (leader + i) mod "
                       "players."})


class SeatPoignee(BaseSchema):
    seat = seat_field(required=True)
    level = PoigneeLevelField(required=True)


class Announcements(BaseSchema):
    poignees = fields.List(FastNested(SeatPoignee), load_default=list, metadata={
        "maxItems": MAX_POIGNEES, "description": "Poignées shown, one per seat at most."})
    chelem_announced = StrictBool(load_default=False, metadata={
        "description": "The taker announced a chelem (he then led the first trick)."})


class ScoreDealRequest(BaseSchema):
    players = PlayersField(required=True)
    contract = ContractField(required=True)
    taker = seat_field(required=True)
    partner = seat_field(load_default=None, allow_none=True, metadata={
        "description": "Five players: the seat of the called card's holder; null when the "
                       "taker plays alone (and always at three or four players)."})
    called_card = CardField(load_default=None, allow_none=True, metadata={
        "description": "Five players, optional: the card called. When given, the first "
                       "lead may not be in its suit, and `partner` must hold it."})
    chien = CardList(required=True, max_items=6, metadata={"description": "The chien as "
                                                                          "dealt."})
    ecart = CardList(load_default=list, max_items=6, metadata={
        "description": "The taker's écart (petite and garde; empty otherwise)."})
    tricks = fields.List(FastNested(TrickInput), required=True, metadata={
        "maxItems": 24, "description": "Every trick, in order."})
    announcements = FastNested(
        Announcements, load_default=lambda: {"poignees": [], "chelem_announced": False},
        metadata={"description": "What was announced: the poignées shown and a chelem."})


class CampCount(Schema):
    points = HalfPoints(required=True, metadata={"description": "Card points (x.5 allowed)."})
    bouts = fields.Integer(required=True)
    tricks = fields.Integer(required=True, metadata={"description": "Tricks won."})


class ExcuseCount(Schema):
    camp = CampField(required=True, allow_none=True, metadata={
        "description": "The camp the excuse counts for in the end."})
    exchanged = fields.Boolean(required=True, metadata={
        "description": "Its owner gave the trick's winner a half-point card for it."})
    lost_last_trick = fields.Boolean(required=True, metadata={
        "description": "Played at the last trick, it went to the other camp."})


class CountSchema(Schema):
    taker = fields.Nested(CampCount, required=True)
    defense = fields.Nested(CampCount, required=True)
    petit_au_bout = CampField(required=True, allow_none=True)
    chelem = CampField(required=True, allow_none=True)
    excuse = fields.Nested(ExcuseCount, required=True)


class ScoreDealResponse(ScoreResponse):
    count = fields.Nested(CountSchema, required=True)


@blp.route("/deal", methods=["POST"])
@blp.arguments(ScoreDealRequest(), example=examples.SCORE_DEAL)
@blp.response(200, ScoreDealResponse())
def score_deal_view(body: dict[str, Any]) -> Response:
    """Count and score a complete played deal.

    The deal is checked first: the 78 cards exactly once between the tricks and the chien
    (or écart), hands of the right size, a legal écart, every card legal in turn and each
    trick led by the previous trick's winner. The first fault is a 422 naming the rule.
    Then the tricks are counted (excuse exchange, petit au bout, chelem) and scored.
    """
    return reply(service.score_deal(body))
