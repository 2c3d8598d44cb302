"""POST /api/v1/analysis/solve and /analysis/deal, GET /api/v1/puzzles and POST
/puzzles/answer: analysis with every hand visible (double dummy).

``/analysis/solve`` values every legal card of the seat to play in a position (every seat's
remaining cards, the trick in progress, what the taker's side has won) by both objectives:
``points``, the taker's side's card points at the end, and ``score``, the deal's value (what
each defender pays; positive when the attack wins), with best play by both sides after it.
``/analysis/deal`` takes a complete deal (the body of ``/score/deal``) and lists the proven
mistakes of its last tricks. ``/puzzles`` serves an endgame where exactly one card is best;
``/puzzles/answer`` marks a card. Every search has a node budget: nothing runs long, and a
position that needs more is answered ``exact: false`` (see :mod:`tutor.services.analysis`).
"""

from __future__ import annotations

from typing import Any, Final

from flask import Response
from marshmallow import Schema, fields
from marshmallow.validate import Length

from tutor.api import examples
from tutor.api.base import ApiBlueprint, BaseSchema, FastNested, reply
from tutor.api.deal import QueryInt
from tutor.api.quiz import SeedInt
from tutor.api.score import PoigneeAnnouncement, ScoreDealRequest
from tutor.fields import (
    BoundedInt,
    CardField,
    CardList,
    ContractField,
    HalfPoints,
    PlayersField,
    StrictBool,
    WordField,
    seat_field,
)
from tutor.services import analysis as service
from tutor.services.score import MAX_POIGNEES

__all__ = ["CLAIM_EXAMPLE", "PUZZLE_ANSWER_EXAMPLE", "SOLVE_EXAMPLE", "ClaimRequest",
           "PuzzleAnswerRequest", "PuzzleQuery", "SolveRequest", "blp", "puzzles_blp"]

blp = ApiBlueprint(
    "analysis", __name__, url_prefix="/api/v1/analysis",
    description="With every hand visible: what each card is worth, and a deal's mistakes.",
)
puzzles_blp = ApiBlueprint(
    "puzzles", __name__, url_prefix="/api/v1/puzzles",
    description="Endgames with exactly one best card, every hand visible.",
)

SOLVE_EXAMPLE: Final[dict[str, Any]] = {
    "players": 4,
    "hands": [["JD", "QC", "KC"], ["5S", "JS", "KD", "JC"], ["T8", "T11", "T13", "T14"],
              ["JH", "T18", "EX"]],
    "leader": 3, "trick": ["9S", "T9"], "taker": 3, "partner": None, "contract": "petite",
    "won": {"points": 31, "bouts": 0, "tricks": [7, 7]}, "poignees": [],
    "objective": "score", "first_trick": False, "called_card": None,
}
PUZZLE_ANSWER_EXAMPLE: Final[dict[str, Any]] = {"id": "4-1-1-14-2", "card": "T21"}


# --- POST /analysis/solve ---------------------------------------------------------------------


class WonInput(BaseSchema):
    points = HalfPoints(load_default=0, metadata={
        "description": "The taker's side's card points so far (x.5 allowed), the chien or "
                       "écart included when it counts for that side."})
    bouts = BoundedInt(0, 3, load_default=0, metadata={
        "description": "Bouts the taker's side has won so far."})
    tricks = fields.List(BoundedInt(0, 24), load_default=lambda: [0, 0], metadata={
        "minItems": 2, "maxItems": 2,
        "description": "Tricks won so far: [taker's side, defence]. A chelem is possible only "
                       "while one of them is 0."})


class SolveRequest(BaseSchema):
    players = PlayersField(required=True)
    hands = fields.List(CardList(max_items=24, too_long="hand-too-large"), required=True,
                        metadata={"minItems": 3, "maxItems": 5, "description":
                                  "Every seat's remaining cards, seat 0 first (the cards "
                                  "of the trick in progress are not in them)."})
    leader = seat_field(required=True, metadata={
        "description": "The seat that led the trick in progress (or leads the next)."})
    trick = CardList(load_default=list, max_items=4, metadata={
        "description": "The trick in progress, in play order."})
    taker = seat_field(required=True)
    partner = seat_field(load_default=None, allow_none=True, metadata={
        "description": "Five players: the called card's holder; null when the taker plays "
                       "alone, and always at three or four players."})
    contract = ContractField(required=True)
    won = FastNested(WonInput, load_default=lambda: {"points": 0, "bouts": 0,
                                                      "tricks": [0, 0]},
                     metadata={"description": "What the taker's side has won so far."})
    poignees = fields.List(FastNested(PoigneeAnnouncement), load_default=list, metadata={
        "maxItems": MAX_POIGNEES, "description": "Poignées shown, with the camp that showed "
                                                 "each."})
    objective = WordField(("score", "points"), "What `best` and `line` play for: `score` "
                          "(the deal's value) or `points` (the taker's side's card points).",
                          load_default="score")
    first_trick = StrictBool(load_default=False, metadata={
        "description": "Five players: this is the first trick (its lead may not be in the "
                       "called suit, but for the called card)."})
    called_card = CardField(load_default=None, allow_none=True, metadata={
        "description": "Five players: the card called."})


class CardValueSchema(Schema):
    card = CardField(required=True)
    points = fields.Float(required=True, allow_none=True, metadata={
        "description": "The taker's side's card points at the end with best play for card "
                       "points after this card (x.5 possible); null when not proven."})
    score = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The deal's value with best play for the score after this card: what "
                       "each defender pays (positive: the attack wins); null when not "
                       "proven."})


class SolveResponse(Schema):
    seat = fields.Integer(required=True, metadata={"description": "The seat to play."})
    objective = fields.String(required=True, metadata={"enum": ["score", "points"]})
    tricks_left = fields.Integer(required=True)
    cards = fields.List(fields.Nested(CardValueSchema), required=True, metadata={
        "description": "Every legal card, valued by both objectives."})
    best = fields.List(CardField(), required=True, metadata={
        "description": "The cards best for the seat's side by the objective (empty when not "
                       "exact)."})
    line = fields.List(CardField(), required=True, metadata={
        "description": "A line of best play to the end, the best card first."})
    value = fields.Float(required=True, allow_none=True, metadata={
        "description": "The position's value by the objective (null when not exact)."})
    exact = fields.Boolean(required=True, metadata={
        "description": "Whether the objective's values were proven within the budget; when "
                       "not, no value is given."})
    nodes = fields.Integer(required=True, metadata={"description": "Search nodes used."})
    budget = fields.Integer(required=True, metadata={
        "description": "Search nodes allowed per objective."})
    explanation = fields.String(required=True)


@blp.route("/solve", methods=["POST"])
@blp.arguments(SolveRequest(), example=SOLVE_EXAMPLE)
@blp.response(200, SolveResponse())
def solve_view(body: dict[str, Any]) -> Response:
    """Value every legal card of a position, with every hand visible.

    The seat to play is the one after the trick in progress. Each legal card gets its value
    with best play by both sides after it, by card points and by score; `best` and `line`
    follow the objective asked. An inconsistent position (a card twice, hands of the wrong
    size, more bouts won than exist) is a 422 naming the field. A position needing more
    than the node budget is answered `exact: false`, with no values.
    """
    return reply(service.solve_position(body))


# --- POST /analysis/deal ----------------------------------------------------------------------


class LostSchema(Schema):
    score = fields.Integer(required=True, metadata={
        "description": "Score points the card cost its side (each defender's score)."})
    points = fields.Float(required=True, metadata={
        "description": "Card points it cost its side, with best play for card points "
                       "(may be 0 or negative: the better card gave points up to win on the "
                       "score)."})


class PetitAuBoutSchema(Schema):
    card = fields.String(required=True, allow_none=True, metadata={
        "enum": ["taker", "defense", None]})
    better = fields.String(required=True, allow_none=True, metadata={
        "enum": ["taker", "defense", None]})


class MistakeSchema(Schema):
    trick = fields.Integer(required=True, metadata={"description": "1-based."})
    seat = fields.Integer(required=True)
    card = CardField(required=True)
    better = fields.List(CardField(), required=True)
    lost = fields.Nested(LostSchema, required=True)
    score = fields.Integer(required=True, metadata={
        "description": "The deal's value with best play after the card played."})
    best_score = fields.Integer(required=True, metadata={
        "description": "The same after a better card."})
    petit_au_bout = fields.Nested(PetitAuBoutSchema, required=True, metadata={
        "description": "The side of the petit au bout with best play after the card played "
                       "and after the first better card (null: nobody's)."})
    exact = fields.Boolean(required=True, metadata={"description": "Always true: proven."})
    text = fields.String(required=True, metadata={
        "description": "What was lost and which card would have kept it."})


class DealAnalysisResponse(Schema):
    mistakes = fields.List(fields.Nested(MistakeSchema), required=True, metadata={
        "description": "Every card of the analysed tricks whose side ends worse off (by "
                       "score) than with its best card, and no other, in play order."})
    exact_from_trick = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The first trick analysed (1-based): from it to the last, every card "
                       "was proven."})
    not_analysed = fields.List(fields.Integer(), required=True, metadata={
        "description": "The tricks not analysed (the budget ran out): no verdict."})
    tricks = fields.Integer(required=True)
    nodes = fields.Integer(required=True)
    budget = fields.Integer(required=True, metadata={
        "description": "Search nodes allowed for the whole deal."})
    explanation = fields.String(required=True)


@blp.route("/deal", methods=["POST"])
@blp.arguments(ScoreDealRequest(), example=examples.SCORE_DEAL)
@blp.response(200, DealAnalysisResponse())
def deal_view(body: dict[str, Any]) -> Response:
    """The proven mistakes of a complete deal, with every hand visible.

    The body is `/score/deal`'s, checked the same way. From the last trick back, the
    position before every card is solved; a card whose side ends worse off by score than
    with its best card is a mistake. The tricks the node budget cannot prove are listed as
    not analysed.
    """
    return reply(service.find_mistakes(body))


# --- POST /analysis/claim ----------------------------------------------------------------------


CLAIM_EXAMPLE: Final[dict[str, Any]] = {
    "players": 4,
    "hands": [["T21", "T20", "T19"], ["T3", "2H", "3H"], ["4H", "5H", "6H"], ["T4", "7H", "8H"]],
    "leader": 0, "trick": [], "taker": 0, "partner": None, "contract": "garde",
    "won": {"points": 60, "bouts": 1, "tricks": [10, 5]}, "poignees": [],
    "first_trick": False, "called_card": None, "claimer": 0,
}


class ClaimRequest(SolveRequest):
    claimer = seat_field(required=True, metadata={
        "description": "The seat claiming every remaining trick for its side, cards shown "
                       "(0 to players − 1)."})

    class Meta(SolveRequest.Meta):
        exclude = ("objective",)


class ClaimResponse(Schema):
    claimer = fields.Integer(required=True)
    camp = fields.String(required=True, metadata={
        "enum": ["taker", "defense"], "description": "The claimer's side: its partner's "
                                                    "tricks are its tricks."})
    tricks_claimed = fields.Integer(required=True, metadata={
        "description": "The tricks left, the one in progress included."})
    verdict = fields.String(required=True, metadata={
        "enum": ["accepted", "disputed", "refused", "undetermined"], "description":
            "`accepted`: every line of play gives the side every trick; `disputed`: only "
            "the right order of its own cards does (the referee decides from what the "
            "claimer stated); `refused`: the other side takes a trick whatever it plays; "
            "`undetermined`: past the node budget."})
    line = fields.List(CardField(), required=True, metadata={
        "description": "Refused or disputed: a line of play, from the position, up to the "
                       "trick the other side takes."})
    exact = fields.Boolean(required=True)
    nodes = fields.Integer(required=True)
    budget = fields.Integer(required=True)
    explanation = fields.String(required=True)


@blp.route("/claim", methods=["POST"])
@blp.arguments(ClaimRequest(), example=CLAIM_EXAMPLE)
@blp.response(200, ClaimResponse())
def claim_view(body: dict[str, Any]) -> Response:
    """Check a claim of every remaining trick ("the rest are mine"), every hand visible.

    The position is `/analysis/solve`'s, without an objective, and the claimer's seat. The
    claim is for the claimer's side. A position past the node budget is answered
    `undetermined`, `exact: false`.
    """
    return reply(service.check_claim_of(body))


# --- GET /puzzles, POST /puzzles/answer ---------------------------------------------------------


class PuzzleQuery(Schema):
    """Query parameters (and the MCP tool's arguments)."""

    players = QueryInt(3, 5, key="players-range", load_default=4, metadata={
        "example": 4})
    seed = SeedInt(0, service.PUZZLE_SEEDS - 1, load_default=None, metadata={
        "description": "The same seed, the same puzzle (drawn when absent).",
        "example": 1})


class PuzzleWonSchema(Schema):
    points = fields.Float(required=True)
    bouts = fields.Integer(required=True)
    tricks = fields.List(fields.Integer(), required=True)


class PuzzleResponse(Schema):
    id = fields.String(required=True, metadata={"description": "Send it to /puzzles/answer."})
    players = fields.Integer(required=True)
    seed = fields.Integer(required=True)
    hands = fields.List(fields.List(CardField()), required=True)
    leader = fields.Integer(required=True)
    trick = fields.List(CardField(), required=True)
    taker = fields.Integer(required=True)
    partner = fields.Integer(required=True, allow_none=True)
    contract = fields.String(required=True)
    called_card = CardField(required=True, allow_none=True)
    first_trick = fields.Boolean(required=True)
    won = fields.Nested(PuzzleWonSchema, required=True)
    poignees = fields.List(fields.Dict(), required=True)
    seat = fields.Integer(required=True, metadata={"description": "The seat to play."})
    tricks_left = fields.Integer(required=True)
    question = fields.String(required=True)


@puzzles_blp.route("", methods=["GET"])
@puzzles_blp.arguments(PuzzleQuery(), location="query")
@puzzles_blp.response(200, PuzzleResponse())
@puzzles_blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
def puzzle_view(query: dict[str, Any]) -> Response:
    """An endgame of 3 to 5 tricks, every hand shown, where exactly one card is best.

    The answer is not in it: send the reader's card with the puzzle's id to
    `POST /puzzles/answer`.
    """
    return reply(service.puzzle(query["players"], query["seed"]))


class PuzzleAnswerRequest(BaseSchema):
    id = fields.String(required=True, validate=Length(1, 30), metadata={
        "description": "The puzzle's.", "example": "4-1-1-14-2"})
    card = CardField(required=True, metadata={"description": "The card played."})


class PuzzleCardSchema(Schema):
    card = CardField(required=True)
    score = fields.Integer(required=True)


class PuzzleAnswerResponse(PuzzleResponse):
    card = CardField(required=True)
    right = fields.Boolean(required=True)
    best = CardField(required=True)
    cards = fields.List(fields.Nested(PuzzleCardSchema), required=True, metadata={
        "description": "Every legal card's score with best play after it."})
    line = fields.List(CardField(), required=True, metadata={
        "description": "Best play from the position, the best card first."})
    explanation = fields.String(required=True, metadata={
        "description": "Why; for a wrong card, the line that refutes it."})


@puzzles_blp.route("/answer", methods=["POST"])
@puzzles_blp.arguments(PuzzleAnswerRequest(), example=PUZZLE_ANSWER_EXAMPLE)
@puzzles_blp.response(200, PuzzleAnswerResponse())
def puzzle_answer_view(body: dict[str, Any]) -> Response:
    """Mark a card played in a puzzle, and explain it with every hand visible."""
    return reply(service.puzzle_answer(body))
