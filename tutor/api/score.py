"""POST /api/v1/score and /api/v1/score/deal: what a deal scores, line by line.

``/score`` takes the figures a scoresheet holds (contract, bouts, the taker camp's points,
petit au bout, poignées, chelem) and refuses with 422 totals no deal can produce.
``/score/deal`` takes a whole played deal (chien, écart, tricks with their leaders,
announcements), checks it with the core (the 78 cards once each, the écart, every card legal in
turn), counts it, then scores it as ``/score`` does.
"""

from __future__ import annotations

from typing import Any, Final

from flask import Response
from marshmallow import Schema, fields

from rules_fr.cards import Card, CardSet
from rules_fr.contracts import Camp, Contract
from rules_fr.counting import Count, PlayedTrick, camp_of, count_deal
from rules_fr.deal import check_deal
from rules_fr.ecart import check_ecart
from rules_fr.kingcall import partner_seat
from rules_fr.poignee import PoigneeLevel, poignees_allowed
from rules_fr.replay import dealt_hands, first_illegal_play, played_hands
from rules_fr.scoring import Score, check_score_input, score, score_count
from rules_fr.table import rules_for
from tutor.api import examples
from tutor.api.base import ApiBlueprint, BaseSchema, FastNested, reply
from tutor.errors import FieldProblem, Unprocessable
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
from tutor.i18n import score_payload, violation_payload

__all__ = ["blp"]

blp = ApiBlueprint(
    "score", __name__, url_prefix="/api/v1/score",
    description="Score a deal, as a derivation a player can follow line by line.",
)


# --- response ------------------------------------------------------------------------------


class ScoresSchema(Schema):
    taker = fields.Integer(required=True)
    partner = fields.Integer(required=True, metadata={
        "description": "The partner's score at five players (0 when the taker is alone or at "
                       "three or four players)."})
    defender = fields.Integer(required=True, metadata={
        "description": "Each defender's score. taker + partner + defender × defenders = 0."})


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
    explanation = fields.String(required=True, metadata={
        "description": "The computation as the rulebook writes it."})


# --- POST /score ---------------------------------------------------------------------------


class PoigneeAnnouncement(BaseSchema):
    camp = CampField(required=True, metadata={"description": "The camp that showed it."})
    level = PoigneeLevelField(required=True)


class ChelemInput(BaseSchema):
    announced = StrictBool(load_default=False, metadata={
        "description": "The taker announced a chelem."})
    by = CampField(load_default=None, allow_none=True, metadata={
        "description": "The camp that won every trick, if one did."})


MAX_POIGNEES: Final = 5


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
    chelem = FastNested(ChelemInput, load_default=lambda: {"announced": False, "by": None})
    alone = StrictBool(load_default=False, metadata={
        "description": "Five players: the taker plays without a partner (ignored otherwise)."})


_POINTER_OF_REASON: Final = {"points-range": "/points", "bouts-range": "/bouts",
                             "bouts-points": "/points", "chelem-points": "/chelem/by"}


@blp.route("", methods=["POST"])
@blp.arguments(ScoreRequest(), example=examples.SCORE)
@blp.response(200, ScoreResponse())
def score_view(body: dict[str, Any]) -> Response:
    """Score a deal from its figures.

    (25 + difference) × multiplier, petit au bout, poignées, chelem; each defender's score
    and the taker's (and partner's at five). Totals no deal can produce (three bouts and 5
    points, a chelem with 30 points) are refused with 422.
    """
    poignees: list[dict[str, Any]] = body["poignees"]
    if len(poignees) > MAX_POIGNEES:
        raise Unprocessable([FieldProblem("/poignees", "list-too-long",
                                          {"size": len(poignees), "max": MAX_POIGNEES})])
    chelem = body["chelem"]
    impossible = check_score_input(players=body["players"], bouts=body["bouts"],
                                   points_half=body["points"], chelem=chelem["by"],
                                   contract=body["contract"])
    if impossible:
        raise Unprocessable([
            FieldProblem(_POINTER_OF_REASON.get(v.params.get("reason", ""), ""),
                         "impossible-score", v.params)
            for v in impossible
        ])
    result = score(
        players=body["players"], contract=body["contract"], bouts=body["bouts"],
        points_half=body["points"], petit_au_bout=body["petit_au_bout"],
        poignees=[(p["camp"], p["level"]) for p in poignees],
        chelem_announced=chelem["announced"], chelem=chelem["by"], alone=body["alone"],
    )
    return reply(score_payload(result))


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
    chelem_announced = StrictBool(load_default=False)


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
    announcements = FastNested(Announcements, load_default=lambda: {
        "poignees": [], "chelem_announced": False})


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


def _seat_problems(body: dict[str, Any], players: int) -> list[FieldProblem]:
    problems: list[FieldProblem] = []

    def seat(pointer: str, value: int) -> None:
        if value >= players:
            problems.append(FieldProblem(pointer, "seat-range",
                                         {"seat": value, "players": players}))

    seat("/taker", body["taker"])
    partner = body["partner"]
    if partner is not None:
        if players != 5:
            problems.append(FieldProblem("/partner", "partner-not-five", {"players": players}))
        elif partner == body["taker"]:
            problems.append(FieldProblem("/partner", "partner-is-taker", {"seat": partner}))
        seat("/partner", partner)
    for i, trick in enumerate(body["tricks"]):
        seat(f"/tricks/{i}/leader", trick["leader"])
    seen: set[int] = set()
    for i, shown in enumerate(body["announcements"]["poignees"]):
        pointer = f"/announcements/poignees/{i}"
        seat(pointer + "/seat", shown["seat"])
        if shown["seat"] in seen:
            problems.append(FieldProblem(pointer, "poignee-twice", {"seat": shown["seat"]}))
        seen.add(shown["seat"])
    return problems


def _shape_problems(body: dict[str, Any], players: int) -> list[FieldProblem]:
    expected = rules_for(players).tricks
    tricks = body["tricks"]
    problems: list[FieldProblem] = []
    if len(tricks) != expected:
        problems.append(FieldProblem("/tricks", "trick-count",
                                     {"count": len(tricks), "expected": expected}))
    for i, trick in enumerate(tricks):
        if len(trick["cards"]) != players:
            problems.append(FieldProblem(f"/tricks/{i}/cards", "trick-size", {
                "trick": i + 1, "size": len(trick["cards"]), "expected": players}))
    return problems


def _count_payload(count: Count) -> dict[str, Any]:
    def camp(c: Camp) -> dict[str, Any]:
        whole, odd = divmod(count.points_half[c], 2)
        return {"points": whole + 0.5 if odd else whole, "bouts": count.bouts[c],
                "tricks": count.tricks_won[c]}

    def name(c: Camp | None) -> str | None:
        return None if c is None else c.value

    return {
        "taker": camp(Camp.TAKER),
        "defense": camp(Camp.DEFENSE),
        "petit_au_bout": name(count.petit_au_bout),
        "chelem": name(count.chelem),
        "excuse": {"camp": name(count.excuse_camp), "exchanged": count.excuse_exchanged,
                   "lost_last_trick": count.excuse_lost_last_trick},
    }


def _refuse(problems: list[FieldProblem]) -> None:
    if problems:
        raise Unprocessable(problems)


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
    players: int = body["players"]
    contract: Contract = body["contract"]
    taker: int = body["taker"]
    partner: int | None = body["partner"]
    for pointer, items, limit in (("/tricks", body["tricks"], 24),
                                  ("/announcements/poignees",
                                   body["announcements"]["poignees"], MAX_POIGNEES)):
        if len(items) > limit:
            raise Unprocessable([FieldProblem(pointer, "list-too-long",
                                              {"size": len(items), "max": limit})])
    _refuse(_seat_problems(body, players))
    _refuse(_shape_problems(body, players))

    tricks = [PlayedTrick(t["leader"], tuple(t["cards"])) for t in body["tricks"]]
    chien: list[Card] = body["chien"]
    ecart: list[Card] = body["ecart"]
    dealt = dealt_hands(players, contract, taker, tricks, chien, ecart)
    _refuse([FieldProblem("", "illegal-deal", {}, violation=violation_payload(v))
             for v in check_deal(players, dealt, chien)])
    if contract.taker_takes_chien or ecart:
        _refuse([FieldProblem("/ecart", "illegal-ecart", {}, violation=violation_payload(v))
                 for v in check_ecart(players, contract, CardSet.of(dealt[taker]),
                                      CardSet.of(chien), ecart)])

    called: Card | None = body["called_card"] if players == 5 else None
    if called is not None:
        holder = partner_seat([CardSet.of(h) for h in dealt], called, taker)
        if holder != partner:
            _refuse([FieldProblem("/partner", "partner-mismatch",
                                  {"card": called.code, "seat": partner, "expected": holder})])
    fault = first_illegal_play(players, tricks, called_card=called)
    if fault is not None:
        _refuse([FieldProblem(
            f"/tricks/{fault.trick}/cards/{fault.position}", "illegal-play",
            {"trick": fault.trick + 1, "seat": fault.seat, "card": fault.card.code},
            violation=violation_payload(fault.violation))])

    played = played_hands(players, tricks)
    poignees: list[tuple[Camp, PoigneeLevel]] = []
    problems: list[FieldProblem] = []
    for i, shown in enumerate(body["announcements"]["poignees"]):
        seat, level = shown["seat"], shown["level"]
        if level not in poignees_allowed(players, CardSet.of(played[seat])):
            problems.append(FieldProblem(f"/announcements/poignees/{i}", "poignee-not-held",
                                         {"seat": seat, "level": level.value}))
        poignees.append((camp_of(seat, taker, partner), level))
    _refuse(problems)

    count = count_deal(players=players, contract=contract, taker=taker, partner=partner,
                       tricks=tricks, chien=CardSet.of(chien),
                       ecart=CardSet.of(ecart) if contract.taker_takes_chien else None)
    result: Score = score_count(
        count, players=players, contract=contract, poignees=poignees,
        chelem_announced=body["announcements"]["chelem_announced"],
        alone=players == 5 and partner is None,
    )
    return reply({"count": _count_payload(count), **score_payload(result)})
