"""POST /api/v1/duplicate/notes: a duplicate tournament's figures, from scores or notes.

The FFT's 2012 rules (:mod:`rules_fr.duplicate`): on one deal played at several tables, the
takers are ranked by score into notes from 100 % (the best) to 0 % (the worst), tied takers
sharing theirs, and each defender gets 100 % minus his taker's note; a player's global
percentage is ¼ of his average attack note plus ¾ of his average defence note; in quadrettes,
the gap between two takers' scores becomes match points by its square root, with its sign.

Notes are exact fractions (five takers: steps of 25 %; four: steps of 33⅓ %): each is given
as its exact value (``"200/3"``) and as a percentage rounded to two decimals. The route joins
the ``duplicate`` blueprint of :mod:`tutor.tables.duplicate`, which compares live tables.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from fractions import Fraction
from typing import Any, Final

from flask import Response
from marshmallow import Schema, ValidationError, fields

from rules_fr.duplicate import defender_note, global_percentage, match_points, topage_notes
from tutor.api.base import BaseSchema, reply
from tutor.errors import ErrorKey, FieldProblem, Unprocessable
from tutor.fields import BoundedInt
from tutor.i18n.facts import explain_notes
from tutor.tables.duplicate import blp

__all__ = ["blp"]

# Alike by nature: each operation's request and response schemas, then its view (shared: api.base)

MAX_ITEMS: Final = 64
MAX_SCORE: Final = 100_000
NOTE_TEXT: Final = re.compile(r"[0-9]{1,3}(\.[0-9]{1,6}|/[1-9][0-9]{0,5})?")
"""A decimal (``62.5``) or a fraction of integers (``200/3``), as :class:`Fraction` reads."""
SECTIONS: Final = ("taker_scores", "taker_notes", "gaps", "attack_notes", "defence_notes")

EXAMPLE: Final[dict[str, Any]] = {"taker_scores": [120, 60, 60, -30, -90], "gaps": [144, -10],
                                  "attack_notes": [100], "defence_notes": [50, 30]}


class NoteField(fields.Field[Fraction]):
    """A note in percent, 0 to 100: a JSON number (``62.5``) or an exact text (``"62.5"``,
    ``"200/3"``), loaded as a :class:`~fractions.Fraction`."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"oneOf": [
            {"type": "number", "minimum": 0, "maximum": 100},
            {"type": "string", "pattern": f"^{NOTE_TEXT.pattern}$", "maxLength": 20}],
            "description": "A note in percent, 0 to 100: a number, or exact text such as "
                           "\"62.5\" or \"200/3\".", **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Fraction:
        if type(value) is str:
            if len(value) > 20 or not NOTE_TEXT.fullmatch(value):
                raise ValidationError(ErrorKey("field-invalid"))
            try:
                note = Fraction(value)
            except (ValueError, ZeroDivisionError):  # the pattern should leave none
                raise ValidationError(ErrorKey("field-invalid")) from None
        elif type(value) in (int, float) and math.isfinite(value):
            note = Fraction(str(value)) if type(value) is float else Fraction(value)
        else:
            raise ValidationError(ErrorKey("field-invalid"))
        if not 0 <= note <= 100:
            shown = value if type(value) is str else (value if abs(value) < 10**12 else "…")
            raise ValidationError(ErrorKey("value-range", value=shown, min=0, max=100))
        return note


def _scores(**kwargs: Any) -> fields.List[int]:
    return fields.List(BoundedInt(-MAX_SCORE, MAX_SCORE), load_default=list, **kwargs)


class NotesRequest(BaseSchema):
    taker_scores = _scores(metadata={
        "maxItems": MAX_ITEMS,
        "description": "The takers' scores on one deal, one per table that played it: each "
                       "gets a note (and its defenders the complement)."})
    taker_notes = fields.List(NoteField(), load_default=list, metadata={
        "maxItems": MAX_ITEMS,
        "description": "Takers' notes, to get their defenders' notes."})
    gaps = _scores(metadata={
        "maxItems": MAX_ITEMS,
        "description": "Quadrettes: gaps between two takers' scores on the same deal (ours "
                       "minus theirs), to get match points."})
    attack_notes = fields.List(NoteField(), load_default=list, metadata={
        "maxItems": MAX_ITEMS,
        "description": "A player's notes as a taker, for his global percentage."})
    defence_notes = fields.List(NoteField(), load_default=list, metadata={
        "maxItems": MAX_ITEMS,
        "description": "The same player's notes as a defender."})


class NoteSchema(Schema):
    exact = fields.String(required=True, metadata={
        "description": "The exact note, an integer or a fraction: \"100\", \"125/2\", "
                       "\"200/3\".", "example": "125/2"})
    percent = fields.Float(required=True, metadata={
        "description": "The note rounded to two decimals.", "example": 62.5})


class TakerNoteSchema(Schema):
    score = fields.Integer(required=True)
    rank = fields.Integer(required=True, metadata={
        "description": "1 + the number of takers who scored more."})
    taker = fields.Nested(NoteSchema, required=True)
    defender = fields.Nested(NoteSchema, required=True, metadata={
        "description": "Each defender of that table: 100 minus the taker's note."})


class MatchPointsSchema(Schema):
    gap = fields.Integer(required=True)
    match_points = fields.Float(required=True, metadata={
        "description": "The square root of the gap with its sign, to three decimals."})


class NotesResponse(Schema):
    notes = fields.List(fields.Nested(TakerNoteSchema), required=True, metadata={
        "description": "One per taker score, in the order given."})
    defender_notes = fields.List(fields.Nested(NoteSchema), required=True, metadata={
        "description": "One per taker note, in the order given."})
    match_points = fields.List(fields.Nested(MatchPointsSchema), required=True, metadata={
        "description": "One per gap, in the order given."})
    global_percentage = fields.Nested(NoteSchema, required=True, allow_none=True, metadata={
        "description": "When attack or defence notes are given."})
    explanation = fields.String(required=True)


def _note(value: Fraction) -> dict[str, Any]:
    rounded = round(value, 2)
    percent = float(Decimal(rounded.numerator) / Decimal(rounded.denominator))
    return {"exact": str(value), "percent": percent}


@blp.route("/notes", methods=["POST"])
@blp.arguments(NotesRequest(), example=EXAMPLE)
@blp.response(200, NotesResponse())
def notes_view(body: dict[str, Any]) -> Response:
    """Duplicate notes, match points and global percentage.

    Takers ranked by score into notes from 100 % to 0 % (ties share), defenders 100 % minus
    their taker's note; match points as the signed square root of a gap; a global
    percentage of ¼ attack and ¾ defence.
    """
    problems = [FieldProblem(f"/{name}", "list-too-long",
                             {"size": len(body[name]), "max": MAX_ITEMS})
                for name in SECTIONS if len(body[name]) > MAX_ITEMS]
    if not problems and not any(body[name] for name in SECTIONS):
        problems.append(FieldProblem("", "nothing-to-compute",
                                     {"choices": ", ".join(SECTIONS)}))
    if problems:
        raise Unprocessable(problems)
    scores: list[int] = body["taker_scores"]
    notes = [{"score": s, "rank": 1 + sum(1 for other in scores if other > s),
              "taker": _note(note), "defender": _note(defender_note(note))}
             for s, note in zip(scores, topage_notes(scores), strict=True)]
    attack: list[Fraction] = body["attack_notes"]
    defence: list[Fraction] = body["defence_notes"]
    overall = _note(global_percentage(attack, defence)) if attack or defence else None
    return reply({
        "notes": notes,
        "defender_notes": [_note(defender_note(n)) for n in body["taker_notes"]],
        "match_points": [{"gap": gap, "match_points": float(match_points(gap))}
                         for gap in body["gaps"]],
        "global_percentage": overall,
        "explanation": explain_notes(takers=len(scores), taker_notes=bool(body["taker_notes"]),
                                     gaps=bool(body["gaps"]),
                                     global_notes=overall is not None),
    })
