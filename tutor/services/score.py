"""What a deal scores, line by line: the answers of ``POST /score`` and ``/score/deal`` and of
the MCP ``score`` and ``score_deal`` tools.

:func:`score_figures` takes the figures a scoresheet holds and refuses totals no deal can
produce; :func:`score_deal` takes a whole played deal, checks it with the core (the 78 cards
once each, the écart, every card legal in turn), counts it, then scores it the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

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
from tutor.errors import FieldProblem, Unprocessable
from tutor.i18n import score_payload, violation_payload
from tutor.services import refuse

__all__ = ["MAX_POIGNEES", "CheckedDeal", "check_figures", "checked_deal", "score_deal",
           "score_figures"]

MAX_POIGNEES: Final = 5
"""Poignées shown in one deal: one per seat at most."""

_POINTER_OF_REASON: Final = {"points-range": "/points", "bouts-range": "/bouts",
                             "bouts-points": "/points", "chelem-points": "/chelem/by"}


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



def _poignees(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The poignées of a request, refused (422) beyond one per seat."""
    poignees: list[dict[str, Any]] = body["poignees"]
    if len(poignees) > MAX_POIGNEES:
        raise Unprocessable([FieldProblem("/poignees", "list-too-long",
                                          {"size": len(poignees), "max": MAX_POIGNEES})])
    return poignees


def check_figures(body: dict[str, Any]) -> dict[str, Any]:
    """Could a deal give these figures? (``score/check``) The core's
    :func:`~rules_fr.scoring.check_score_input` as an answer, not a refusal: a page asks it
    before ``/score`` so that figures no deal can produce are explained without a 422."""
    from flask_babel import gettext as _

    _poignees(body)  # a request /score refuses as meaningless is refused here alike
    found = check_score_input(players=body["players"], bouts=body["bouts"],
                              points_half=body["points"], chelem=body["chelem"]["by"],
                              contract=body["contract"])
    violations = [violation_payload(v) for v in found]
    return {"possible": not found, "violations": violations,
            "explanation": " ".join(v["message"] for v in violations)
            or _("A deal can give these figures.")}


def score_figures(body: dict[str, Any]) -> dict[str, Any]:
    """Score a deal from its figures. (``score``)"""
    poignees = _poignees(body)
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
    return score_payload(result)


@dataclass(frozen=True, slots=True)
class CheckedDeal:
    """A complete played deal as a request gave it, checked by the core: what
    :func:`rules_fr.counting.count_deal` and :func:`rules_fr.analysis.analyse_deal` read."""

    players: int
    contract: Contract
    taker: int
    partner: int | None
    called_card: Card | None
    tricks: list[PlayedTrick]
    chien: CardSet
    ecart: CardSet | None
    poignees: list[tuple[Camp, PoigneeLevel]]
    chelem_announced: bool


def checked_deal(body: dict[str, Any]) -> CheckedDeal:
    """The deal of a ``/score/deal`` request, refused (422) unless it is a complete legal
    deal: the 78 cards once each, the écart, the partner, every card legal in turn."""
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
    refuse(_seat_problems(body, players))
    refuse(_shape_problems(body, players))

    tricks = [PlayedTrick(t["leader"], tuple(t["cards"])) for t in body["tricks"]]
    chien: list[Card] = body["chien"]
    ecart: list[Card] = body["ecart"]
    dealt = dealt_hands(players, contract, taker, tricks, chien, ecart)
    refuse([FieldProblem("", "illegal-deal", {}, violation=violation_payload(v))
             for v in check_deal(players, dealt, chien)])
    if contract.taker_takes_chien or ecart:
        refuse([FieldProblem("/ecart", "illegal-ecart", {}, violation=violation_payload(v))
                 for v in check_ecart(players, contract, CardSet.of(dealt[taker]),
                                      CardSet.of(chien), ecart)])

    called: Card | None = body["called_card"] if players == 5 else None
    if called is not None:
        holder = partner_seat([CardSet.of(h) for h in dealt], called, taker)
        if holder != partner:
            refuse([FieldProblem("/partner", "partner-mismatch",
                                  {"card": called.code, "seat": partner, "expected": holder})])
    fault = first_illegal_play(players, tricks, called_card=called)
    if fault is not None:
        refuse([FieldProblem(
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
    refuse(problems)
    return CheckedDeal(players, contract, taker, partner, called, tricks, CardSet.of(chien),
                       CardSet.of(ecart) if contract.taker_takes_chien else None, poignees,
                       body["announcements"]["chelem_announced"])


def score_deal(body: dict[str, Any]) -> dict[str, Any]:
    """Count and score a complete played deal. (``score/deal``)"""
    d = checked_deal(body)
    count = count_deal(players=d.players, contract=d.contract, taker=d.taker,
                       partner=d.partner, tricks=d.tricks, chien=d.chien, ecart=d.ecart)
    result: Score = score_count(
        count, players=d.players, contract=d.contract, poignees=d.poignees,
        chelem_announced=d.chelem_announced, alone=d.players == 5 and d.partner is None,
    )
    return {"count": _count_payload(count), **score_payload(result)}
