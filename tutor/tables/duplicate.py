"""``POST /api/v1/duplicate/compare``: the results of one prepared deal across the tables that
played it (duplicate tables, created with the same ``duplicate`` deal, taker and contract).

The caller names the tables with a token of each (the referee's or a seat's: a token that may
see the table's scoresheet), so nobody learns another table's results without being given its
token — in a duplicate, a table that has not played the deal yet must not know how it went
elsewhere.

Each deal number of the partie is a board: the plays of that board (one per table that has
scored it) are compared as :mod:`rules_fr.duplicate` says — the takers ranked by score into
topage notes (100 % the best, 0 % the worst, ties sharing), each defender's note 100 % minus
his taker's, and for each pair of tables the quadrettes' match points of the gap between their
takers' scores.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Final

from flask import Response
from marshmallow import Schema, fields, validate
from werkzeug.exceptions import NotFound

from rules_fr.duplicate import defender_note, match_points, topage_notes
from tutor.api.base import ApiBlueprint, BaseSchema, FastNested
from tutor.errors import PROBLEM_JSON, ErrorKey, FieldProblem, Problem, ProblemSchema, Unprocessable
from tutor.tables.resources import _json, get_store

__all__ = ["blp"]

# Alike by nature: each operation's request and response schemas, then its view (shared: api.base)

blp = ApiBlueprint("duplicate", __name__, url_prefix="/api/v1/duplicate",
                   description="Duplicate: compare the results of one prepared deal played at "
                               "several tables.")

MAX_TABLES: Final = 16


class TableRef(BaseSchema):
    id = fields.String(required=True, validate=validate.Length(
        8, 32, error=ErrorKey("field-invalid")))
    token = fields.String(required=True, validate=validate.Length(
        1, 200, error=ErrorKey("field-invalid")), metadata={
        "description": "A token of that table (the referee's or a seat's)."})


class CompareRequest(BaseSchema):
    tables = fields.List(FastNested(TableRef), required=True, validate=validate.Length(
        2, MAX_TABLES, error=ErrorKey("field-invalid")), metadata={
        "description": "The tables to compare (2 to 16), all playing the same prepared deal."})


class TableSummary(Schema):
    id = fields.String(required=True)
    names = fields.List(fields.String(), required=True)
    plays = fields.Integer(required=True, metadata={"description": "Deals scored so far."})
    over = fields.Boolean(required=True)


class PlaySchema(Schema):
    table = fields.String(required=True)
    taker = fields.Integer(required=True, metadata={"description": "The taker's seat."})
    taker_name = fields.String(required=True)
    partner = fields.Integer(required=True, allow_none=True)
    won = fields.Boolean(required=True)
    taker_score = fields.Integer(required=True)
    scores = fields.List(fields.Integer(), required=True, metadata={
        "description": "The deal's line of the table's scoresheet, by seat."})
    rank = fields.Integer(required=True, metadata={
        "description": "1 + the number of plays whose taker scored more."})
    taker_note = fields.Float(required=True, metadata={
        "description": "Topage note of the taker, in percent (rounded to 2 decimals)."})
    defender_note = fields.Float(required=True, metadata={
        "description": "Each defender's note: 100 minus the taker's."})


class PairSchema(Schema):
    tables = fields.List(fields.String(), required=True)
    gap = fields.Integer(required=True, metadata={
        "description": "The first table's taker score minus the second's."})
    match_points = fields.Float(required=True, metadata={
        "description": "Quadrettes: the square root of the gap with its sign, to 3 "
                       "decimals."})


class BoardSchema(Schema):
    number = fields.Integer(required=True, metadata={"description": "The deal number."})
    plays = fields.List(fields.Nested(PlaySchema), required=True)
    pairs = fields.List(fields.Nested(PairSchema), required=True)


class CompareResponse(Schema):
    deal_key = fields.String(required=True)
    players = fields.Integer(required=True)
    taker = fields.Integer(required=True, metadata={"description": "The imposed taker's seat."})
    contract = fields.String(required=True)
    tables = fields.List(fields.Nested(TableSummary), required=True)
    deals = fields.List(fields.Nested(BoardSchema), required=True)


def _percent(value: Any) -> float:
    return round(float(value), 2)


@blp.route("/compare", methods=["POST"])
@blp.arguments(CompareRequest())
@blp.response(200, CompareResponse)
@blp.alt_response(401, schema=ProblemSchema, content_type=PROBLEM_JSON,
                  description="A token that is not its table's.")
def compare(body: dict[str, Any]) -> Response:
    """Compare one prepared deal across duplicate tables: topage notes of the takers and
    defenders on each deal number, and match points between each pair of tables."""
    store = get_store()
    seen: set[str] = set()
    states, first = [], None
    for i, ref in enumerate(body["tables"]):
        table_id = ref["id"]
        if table_id in seen:
            raise Unprocessable([FieldProblem(f"/tables/{i}/id", "table-twice",
                                              {"table": table_id})])
        seen.add(table_id)
        found = store.authenticate(table_id, ref["token"])
        if found is False:
            raise NotFound()
        if found is None:
            raise Problem(401, "token-invalid", headers={
                "WWW-Authenticate": 'Bearer realm="tables", error="invalid_token"'})
        info = store.info(None, table_id)
        assert info is not None
        key = info.meta.deal_key
        if key is None:
            raise Unprocessable([FieldProblem(f"/tables/{i}/id", "not-a-duplicate-table",
                                              {"table": table_id})])
        if first is None:
            first = (table_id, key, info.meta)
        elif key != first[1]:
            raise Unprocessable([FieldProblem(f"/tables/{i}/id", "not-the-same-deal",
                                              {"table": table_id, "first": first[0]})])
        with store.reading(table_id) as state:
            # what the comparison needs, copied while the table's lock is held
            states.append((table_id, info.meta, list(state.partie.entries),
                           [s.won for s in state.scores], state.over))
    assert first is not None
    meta = first[2]
    assert meta.fixed is not None

    boards: dict[int, list[dict[str, Any]]] = {}
    for table_id, table_meta, entries, won, _ in states:
        for entry, made in zip(entries, won, strict=True):
            boards.setdefault(entry.number + 1, []).append({
                "table": table_id, "taker": entry.taker,
                "taker_name": table_meta.names[entry.taker], "partner": entry.partner,
                "won": made, "taker_score": entry.scores[entry.taker],
                "scores": list(entry.scores)})
    deals = []
    for number in sorted(boards):
        plays = boards[number]
        scores = [p["taker_score"] for p in plays]
        for play, note in zip(plays, topage_notes(scores), strict=True):
            play["rank"] = 1 + sum(1 for s in scores if s > play["taker_score"])
            play["taker_note"] = _percent(note)
            play["defender_note"] = _percent(defender_note(note))
        pairs = [{"tables": [a["table"], b["table"]],
                  "gap": a["taker_score"] - b["taker_score"],
                  "match_points": float(match_points(a["taker_score"] - b["taker_score"]))}
                 for a, b in combinations(plays, 2)]
        deals.append({"number": number, "plays": plays, "pairs": pairs})
    return _json({
        "deal_key": first[1], "players": meta.people, "taker": meta.fixed[0],
        "contract": meta.fixed[1].code,
        "tables": [{"id": t, "names": list(m.names), "plays": len(e), "over": over}
                   for t, m, e, _, over in states],
        "deals": deals,
    })
