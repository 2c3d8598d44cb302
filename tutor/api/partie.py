"""POST /api/v1/partie: the scoresheet of a partie, from its deals so far.

A partie lasts 3 to 10 deals (5 by default) between 3 and 7 people; at six or seven, five
play each deal and the others sit out in turn, scoring 0; the five-player form with a "mort"
has the dealer sit out and four play. The caller sends the people, the length and the deals
scored so far — each as the figures of ``POST /score`` with the taker (and partner) named by
their index in ``names`` — and gets back who plays each deal, each deal's line and the running
totals, the leaders, and whether the partie is over. Nothing is stored: the client keeps the
sheet and sends it again with the next deal.
"""

from __future__ import annotations

from typing import Any, Final

from flask import Response
from marshmallow import Schema, fields

from rules_fr.partie import DEFAULT_DEALS, MAX_DEALS, MIN_DEALS, Partie
from rules_fr.scoring import Score, check_score_input, score
from tutor.api.base import ApiBlueprint, BaseSchema, FastNested, reply
from tutor.api.score import ChelemInput, PoigneeAnnouncement
from tutor.errors import FieldProblem, Unprocessable
from tutor.fields import BoundedInt, CampField, ContractField, HalfPoints, NameField, StrictBool
from tutor.i18n.facts import explain_partie
from tutor.services.score import MAX_POIGNEES

__all__ = ["blp"]

blp = ApiBlueprint(
    "partie", __name__, url_prefix="/api/v1/partie",
    description="A partie of several deals: who plays each deal (six or seven people sit out "
                "in turn), each deal's scores, the running totals and the winner.",
)

MIN_PEOPLE, MAX_PEOPLE = 3, 7
MAX_NAME: Final = 40

EXAMPLE: Final[dict[str, Any]] = {
    "names": ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred"],
    "deals": 3,
    "entries": [{"taker": 1, "partner": 2, "contract": "garde", "bouts": 2, "points": 49},
                {"taker": 0, "partner": 3, "contract": "petite", "bouts": 1, "points": 40}],
}

_POINTER_OF_REASON: Final = {"points-range": "points", "bouts-range": "bouts",
                             "bouts-points": "points", "chelem-points": "chelem/by"}


class PartieEntryInput(BaseSchema):
    taker = BoundedInt(0, MAX_PEOPLE - 1, required=True, metadata={
        "description": "The taker: an index into `names`, among that deal's players."})
    partner = BoundedInt(0, MAX_PEOPLE - 1, load_default=None, allow_none=True, metadata={
        "description": "Five-player deals: the called card's holder, an index into `names`; "
                       "null when the taker plays alone (and always at three or four)."})
    contract = ContractField(required=True)
    bouts = BoundedInt(0, 3, required=True, metadata={
        "description": "Bouts in the taker camp's tricks."})
    points = HalfPoints(required=True, metadata={
        "description": "The taker camp's card points, a multiple of 0.5 from 0 to 91."})
    petit_au_bout = CampField(load_default=None, allow_none=True)
    poignees = fields.List(FastNested(PoigneeAnnouncement), load_default=list, metadata={
        "maxItems": MAX_POIGNEES})
    chelem = FastNested(ChelemInput, load_default=lambda: {"announced": False, "by": None})


class PartieRequest(BaseSchema):
    names = fields.List(NameField(MAX_NAME), required=True, metadata={
        "minItems": MIN_PEOPLE, "maxItems": MAX_PEOPLE,
        "description": "The people at the table, in seat order (3 to 7, each name once)."})
    deals = BoundedInt(MIN_DEALS, MAX_DEALS, load_default=DEFAULT_DEALS, metadata={
        "description": "Deals in the partie: 3 to 10, 5 by default."})
    mort = StrictBool(load_default=False, metadata={
        "description": "Five people only: play four-player deals, the dealer sitting out in "
                       "turn (\"le mort\"), instead of five-player deals with a called king."})
    entries = fields.List(FastNested(PartieEntryInput), load_default=list, metadata={
        "maxItems": MAX_DEALS,
        "description": "The deals scored so far, in order (deals where everyone passed are "
                       "dealt again by the same people and are not entries)."})


class PartieDealSchema(Schema):
    number = fields.Integer(required=True, metadata={"description": "1 for the first deal."})
    players = fields.List(fields.Integer(), required=True, metadata={
        "description": "Who plays it (indexes into `names`), in seat order."})
    sitting_out = fields.List(fields.Integer(), required=True, metadata={
        "description": "Who sits out and scores 0."})


class PartieLineSchema(Schema):
    number = fields.Integer(required=True)
    players = fields.List(fields.Integer(), required=True)
    taker = fields.Integer(required=True)
    partner = fields.Integer(required=True, allow_none=True)
    contract = ContractField(required=True)
    won = fields.Boolean(required=True)
    scores = fields.List(fields.Integer(), required=True, metadata={
        "description": "Each person's score for the deal (by index into `names`; 0 when "
                       "sitting out); they sum to 0."})
    totals = fields.List(fields.Integer(), required=True, metadata={
        "description": "Each person's running total after this deal."})


class PartieResponse(Schema):
    names = fields.List(fields.String(), required=True)
    deals = fields.Integer(required=True)
    mort = fields.Boolean(required=True)
    schedule = fields.List(fields.Nested(PartieDealSchema), required=True, metadata={
        "description": "Every deal of the partie: who plays, who sits out."})
    entries = fields.List(fields.Nested(PartieLineSchema), required=True, metadata={
        "description": "The scoresheet: one line per deal scored."})
    totals = fields.List(fields.Integer(), required=True, metadata={
        "description": "Each person's total (they sum to 0)."})
    leaders = fields.List(fields.Integer(), required=True, metadata={
        "description": "The people with the highest total: the winners once it is over."})
    over = fields.Boolean(required=True)
    next_deal = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The number of the next deal to play; null once the partie is over."})
    explanation = fields.String(required=True)


def _entry_problems(partie: Partie, number: int, entry: dict[str, Any]) -> list[FieldProblem]:
    """What makes the entry of deal ``number`` (0-based) meaningless for this partie."""
    pointer = f"/entries/{number}"
    playing = partie.players_for_deal(number)
    problems: list[FieldProblem] = []
    for role in ("taker", "partner"):
        person = entry[role]
        if person is None:
            continue
        if person >= partie.people:
            problems.append(FieldProblem(f"{pointer}/{role}", "person-range",
                                         {"value": person, "max": partie.people - 1}))
        elif person not in playing:
            problems.append(FieldProblem(f"{pointer}/{role}", "person-sitting-out",
                                         {"name": partie.names[person], "deal": number + 1}))
    partner = entry["partner"]
    if partner is not None:
        if len(playing) != 5:
            problems.append(FieldProblem(f"{pointer}/partner", "partner-not-five",
                                         {"players": len(playing)}))
        elif partner == entry["taker"]:
            problems.append(FieldProblem(f"{pointer}/partner", "partner-is-taker",
                                         {"seat": partner}))
    for v in check_score_input(players=len(playing), bouts=entry["bouts"],
                               points_half=entry["points"], chelem=entry["chelem"]["by"]):
        where = _POINTER_OF_REASON.get(v.params.get("reason", ""))
        problems.append(FieldProblem(f"{pointer}/{where}" if where else pointer,
                                     "impossible-score", v.params))
    poignees = entry["poignees"]
    if len(poignees) > MAX_POIGNEES:
        problems.append(FieldProblem(f"{pointer}/poignees", "list-too-long",
                                     {"size": len(poignees), "max": MAX_POIGNEES}))
    return problems


def _score(players: int, entry: dict[str, Any]) -> Score:
    chelem = entry["chelem"]
    return score(players=players, contract=entry["contract"], bouts=entry["bouts"],
                 points_half=entry["points"], petit_au_bout=entry["petit_au_bout"],
                 poignees=[(p["camp"], p["level"]) for p in entry["poignees"]],
                 chelem_announced=chelem["announced"], chelem=chelem["by"],
                 alone=players == 5 and entry["partner"] is None)


def _sitting_out(partie: Partie, number: int) -> list[int]:
    playing = set(partie.players_for_deal(number))
    return [p for p in range(partie.people) if p not in playing]


@blp.route("", methods=["POST"])
@blp.arguments(PartieRequest(), example=EXAMPLE)
@blp.response(200, PartieResponse())
def partie_view(body: dict[str, Any]) -> Response:
    """The scoresheet of a partie.

    3 to 10 deals; at six or seven people, five play each deal and one or two sit out in turn
    (scoring 0); with a "mort", five people play four-player deals and the dealer sits out.
    The highest total wins.
    """
    names: list[str] = body["names"]
    problems: list[FieldProblem] = []
    if len(names) < MIN_PEOPLE:
        problems.append(FieldProblem("/names", "list-too-short",
                                     {"size": len(names), "min": MIN_PEOPLE}))
    elif len(names) > MAX_PEOPLE:
        problems.append(FieldProblem("/names", "list-too-long",
                                     {"size": len(names), "max": MAX_PEOPLE}))
    seen: set[str] = set()
    for i, name in enumerate(names):
        if name in seen:
            problems.append(FieldProblem(f"/names/{i}", "name-twice", {"name": name}))
        seen.add(name)
    if body["mort"] and len(names) != 5:
        problems.append(FieldProblem("/mort", "mort-five", {"players": len(names)}))
    entries: list[dict[str, Any]] = body["entries"]
    if len(entries) > MAX_DEALS:
        problems.append(FieldProblem("/entries", "list-too-long",
                                     {"size": len(entries), "max": MAX_DEALS}))
    if problems:
        raise Unprocessable(problems)

    partie = Partie(names, deals=body["deals"], mort=body["mort"])
    if len(entries) > partie.deals:
        raise Unprocessable([FieldProblem(f"/entries/{partie.deals}", "partie-over")])
    for number, entry in enumerate(entries):
        problems += _entry_problems(partie, number, entry)
    if problems:
        raise Unprocessable(problems)

    lines: list[dict[str, Any]] = []
    for number, entry in enumerate(entries):
        playing = partie.players_for_deal(number)
        result = _score(len(playing), entry)
        line = partie.record(result, taker=entry["taker"], partner=entry["partner"])
        lines.append({"number": number + 1, "players": list(line.players),
                      "taker": line.taker, "partner": line.partner,
                      "contract": result.contract.code, "won": result.won,
                      "scores": list(line.scores)})
    for row, running in zip(lines, partie.running_totals(), strict=True):
        row["totals"] = list(running)
    totals = list(partie.totals())
    leaders = partie.leaders()
    over = partie.is_over
    played = len(partie.entries)
    return reply({
        "names": list(names), "deals": partie.deals, "mort": partie.mort,
        "schedule": [{"number": n + 1, "players": list(partie.players_for_deal(n)),
                      "sitting_out": _sitting_out(partie, n)} for n in range(partie.deals)],
        "entries": lines,
        "totals": totals,
        "leaders": leaders,
        "over": over,
        "next_deal": None if over else played + 1,
        "explanation": explain_partie(
            names, deals=partie.deals, played=played, totals=totals, leaders=leaders,
            over=over, sitting_out_next=[] if over else _sitting_out(partie, played)),
    })
