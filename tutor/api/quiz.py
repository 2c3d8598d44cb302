"""GET /api/v1/quiz/{kind}: a quiz question drawn from a random deal — the question and the
position, never the answer.

``kind`` is ``play`` (which cards may be played?), ``ecart`` (is this écart legal?),
``count`` (how many points are these cards worth?), ``score`` (what does the taker score?),
``trick`` (which card wins this trick?) or ``bid`` (may you make this bid?). The position
comes from a random deal of the core. The same ``seed`` gives the same question; without
one, the question says which seed was drawn.

POST /api/v1/quiz/answer marks a reader's answer to one question (its kind, players and
seed): right or not, the expected answer and its explanation — what the check, count and
score endpoints answer about the position (:mod:`tutor.services.quiz`). The browser marks
through it too, so a question never carries its answer for a client to give away.
"""

from __future__ import annotations

from typing import Any, Final

from flask import Response
from marshmallow import Schema, fields

from rules_fr.cards import SUIT_ORDER
from rules_fr.scoring import TARGETS
from tutor.api.base import ApiBlueprint, BaseSchema, ViolationSchema, reply
from tutor.api.deal import QueryInt
from tutor.fields import (
    BoundedInt,
    CardField,
    CardList,
    HalfPoints,
    PlayersField,
    StrictBool,
    WordField,
)
from tutor.services import quiz as service

__all__ = ["ANSWER_EXAMPLE", "SEEDS", "QuizAnswerRequest", "QuizQuestionArguments", "blp"]

blp = ApiBlueprint(
    "quiz", __name__, url_prefix="/api/v1/quiz",
    description="Quiz questions from random deals, answered and explained by the rules.",
)

SEEDS: Final = service.SEEDS
"""Seeds run from 0 to 999 999."""

CHOICES: Final = ("yes", "no", "none", "simple", "double", "triple",
                  *(str(target) for target in TARGETS),
                  *(str(bonus) for bonus in (400, 200, 0, -200, -400)),
                  *(suit.value for suit in SUIT_ORDER))
"""Every value a choice question offers (each question lists its own)."""


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


KIND_DESCRIPTION: Final = (
    "The kind of question: `play` (which cards may be played?), `ecart` (is this écart "
    "legal?), `count` (how many points are these cards worth?), `score` (what does the taker "
    "score?), `trick` (which card wins this trick?), `bid` (may you make this bid?), and the "
    "kinds answered by one of the question's `choices`: `target` (how many points does the "
    "taker need?), `hand` (must the deal be annulled: a petit sec?), `king` (may the taker "
    "call this card at five players?), `poignee` (which handful may this hand show?), "
    "`chelem` (what does the slam add to the score?), `sitout` (does this person play this "
    "deal, six or seven at the table?), `revoke` (did this player revoke?), `void` (which "
    "suit would a good taker put aside whole in the écart? the advice engine's), and "
    "`advice` (which card would a good player play? the advice engine's card, answered as "
    "`card`).")


class QuizQuestionArguments(QuizQuery):
    """The MCP tool's arguments (``quiz_question``): the path's kind and the query's
    parameters, as one JSON object."""

    kind = WordField(tuple(service.KINDS), KIND_DESCRIPTION, required=True)


class QuizResponse(Schema):
    """A question as a client shows it: no answer, no explanation (``POST /quiz/answer``
    gives them once the reader has answered)."""

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
                       "earlier ones, in speaking order), bid (the one asked about). target: "
                       "bouts (those the taker's side won). hand and poignee: hand. king: "
                       "hand, card (the card the taker would call). chelem: announced, by "
                       "(the camp that won every trick, or null). sitout: people, deal, "
                       "person. revoke: earlier (trick, led, card), later (trick, card). "
                       "advice: contract, seat, taker, hand, trick, trick_number, "
                       "legal_cards. void: contract, hand, chien."})
    facts = fields.List(fields.String(), metadata={
        "description": "chelem and advice: what the reader is told, in sentences of the "
                       "reader's language."})
    shown = fields.List(fields.Dict(), metadata={
        "description": "The choice kinds: the rows of cards to show, each a label in the "
                       "reader's language and its cards."})
    choices = fields.List(fields.Dict(), metadata={
        "description": "The choice kinds: the answers to choose from, each a `value` (to send "
                       "as `choice`) and a `label` in the reader's language."})


@blp.route("/<any(play, ecart, count, score, trick, bid, target, hand, king, poignee, chelem, "
           "sitout, revoke, advice, void):kind>",
           methods=["GET"],
           parameters=[{"in": "path", "name": "kind", "description": KIND_DESCRIPTION,
                        "example": "play"}])
@blp.arguments(QuizQuery(), location="query")
@blp.response(200, QuizResponse())
@blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
def get_quiz(query: dict[str, Any], kind: str) -> Response:
    """A quiz question of this kind, from a random deal: the question and the position.

    The answer is not in it (a client shows all of this to the learner): send the learner's
    answer with the same kind, players and seed to `POST /quiz/answer`, which marks it and
    gives the expected answer and its explanation.
    """
    return reply(service.ask(kind, query["players"], query["seed"]))


# --- POST /quiz/answer ----------------------------------------------------------------------

ANSWER_EXAMPLE: Final[dict[str, Any]] = {"kind": "count", "players": 4, "seed": 17,
                                         "points": 3}


class QuizAnswerRequest(BaseSchema):
    kind = WordField(tuple(service.KINDS), KIND_DESCRIPTION, required=True)
    players = PlayersField(load_default=4, metadata={
        "description": "Players at the table of the question's deal: 3, 4 or 5 (as asked)."})
    seed = BoundedInt(0, SEEDS - 1, required=True, metadata={
        "description": "The seed of the question answered (as `GET /quiz/{kind}` named it).",
        "example": 17})
    cards = CardList(max_items=24, metadata={
        "description": "play: every card of the hand you say may be played."})
    legal = StrictBool(metadata={"description": "ecart and bid: whether you say the écart "
                                                "or the bid is legal."})
    points = HalfPoints(metadata={"description": "count: the points you say the cards are "
                                                 "worth (a multiple of 0.5).",
                                  "example": 3})
    score = BoundedInt(-100_000, 100_000, metadata={
        "description": "score: the taker's score you worked out.", "example": -504})
    card = CardField(metadata={"description": "trick: the card you say wins the trick. "
                                              "advice: the card you would play."})
    choice = WordField(CHOICES, "target, hand, king, poignee, chelem, sitout, revoke, void: the "
                       "`value` of the choice you make among the question's `choices`.",
                       metadata={"example": "41"})


class QuizMistakeSchema(Schema):
    card = CardField(required=True)
    legal = fields.Boolean(required=True, metadata={
        "description": "Whether the card may in fact be played."})
    explanation = fields.String(required=True)
    violations = fields.List(fields.Nested(ViolationSchema), required=True)


class QuizAnswerResponse(QuizResponse):
    """The question answered (as ``GET /quiz/{kind}`` gives it), then its answer and the
    mark."""

    answer = fields.Dict(required=True, metadata={
        "description": "The expected answer, as the check, count and score endpoints give "
                       "it. play: legal_cards and each card's verdict (card, legal, "
                       "explanation, violations). ecart: legal, violations, trumps_to_show. "
                       "count: points, half_points, bouts. score: won, target, difference, "
                       "multiplier, scores (taker, partner, defender), derivation. trick: "
                       "card and position of the winning card, points, bouts. bid: legal, "
                       "violations."})
    given = fields.Raw(required=True, metadata={
        "description": "The reader's answer as read: card codes, a boolean, points, a score "
                       "or a card code."})
    right = fields.Boolean(required=True, metadata={
        "description": "Whether the answer is right (play: exactly the cards that may be "
                       "played)."})
    mistakes = fields.List(fields.Nested(QuizMistakeSchema), required=True, metadata={
        "description": "play: each card whose verdict the answer got wrong (a legal card left "
                       "out, an illegal one chosen), with why. Empty otherwise."})
    explanation = fields.String(required=True, metadata={
        "description": "The mark (Right. / Not quite.), then why the answer is what it is, in "
                       "the reader's language."})
    why = fields.String(required=True, metadata={
        "description": "Why the answer is what it is, without the mark: for a page that shows "
                       "the mark in its own way (the browser's quiz does)."})


@blp.route("/answer", methods=["POST"])
@blp.arguments(QuizAnswerRequest(), example=ANSWER_EXAMPLE)
@blp.response(200, QuizAnswerResponse())
def answer_quiz(body: dict[str, Any]) -> Response:
    """Mark an answer to a quiz question, and explain it: the expected answer comes here only.

    The question is the one `GET /quiz/{kind}` draws from the same kind, players and seed;
    the answer goes in the member of its kind: `cards` (play), `legal` (ecart, bid), `points`
    (count), `score` (score), `card` (trick). A wrong answer is a 200 with `right: false`.
    """
    return reply(service.mark(body))
