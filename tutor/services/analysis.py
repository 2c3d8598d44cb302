"""Analysis with every hand visible: the answers of ``POST /analysis/solve``,
``/analysis/deal``, ``GET /puzzles``, ``POST /puzzles/answer`` and of the MCP tools
``solve_position``, ``find_mistakes``, ``puzzle`` and ``puzzle_answer``.

The searching is the core's (:mod:`rules_fr.solver`, :mod:`rules_fr.analysis`,
:mod:`rules_fr.puzzles`); here a request becomes a position, the core's answer becomes JSON
and sentences of the reader's language (:mod:`tutor.i18n.analysis`).

Every search has a node budget, so no request can run long: ``/analysis/solve`` answers
``exact: false`` with no values when its position needs more (the values it would give could
not be proven); ``/analysis/deal`` reports the tricks it proved, the last ones, and says
from which trick (``exact_from_trick``): earlier tricks are not analysed.
"""

from __future__ import annotations

import random
from typing import Any, Final

from rules_fr.analysis import DEAL_BUDGET, analyse_deal
from rules_fr.cards import Card, CardSet
from rules_fr.claims import CLAIM_BUDGET, check_claim
from rules_fr.contracts import Camp
from rules_fr.play import legal_mask
from rules_fr.poignee import PoigneeLevel
from rules_fr.puzzles import Puzzle, PuzzleIdError, puzzle_from_id
from rules_fr.puzzles import puzzle as core_puzzle
from rules_fr.solver import (
    BudgetExceeded,
    Objective,
    Position,
    PositionError,
    Solution,
    play_card,
    solve,
    verify_position,
)
from tutor.errors import FieldProblem, Unprocessable
from tutor.i18n.analysis import (
    claim_text,
    line_text,
    mistake_text,
    puzzle_explanation,
    puzzle_question,
)
from tutor.i18n.words import card_list, gettext, ngettext
from tutor.services import refuse
from tutor.services.score import MAX_POIGNEES, checked_deal

__all__ = ["PUZZLE_SEEDS", "SOLVE_BUDGET", "check_claim_of", "find_mistakes", "puzzle",
           "puzzle_answer", "solve_position"]

SOLVE_BUDGET: Final = 60_000
"""Search nodes for one objective of ``/analysis/solve`` (about a second or two): a position
of four players with up to 6 tricks left nearly always fits, one of 10 often does."""
PUZZLE_SEEDS: Final = 1_000_000
"""Puzzle seeds run from 0 to 999 999."""

_KEEP_KEY: Final = frozenset({"seat-range", "partner-not-five", "players-range"})


def _half(value: int) -> int | float:
    whole, odd = divmod(value, 2)
    return whole + 0.5 if odd else whole


def _codes(cards: Any) -> list[str]:
    return [c.code for c in cards]


def _role(pos: Position, seat: int) -> str:
    return "taker" if seat == pos.taker else "partner" if seat == pos.partner else "defence"


def _position_problem(error: PositionError) -> FieldProblem:
    pointer = "/" + error.field.replace(".", "/")
    if error.reason in _KEEP_KEY:
        return FieldProblem(pointer, error.reason, error.params)
    return FieldProblem(pointer, "position-invalid", {"reason": error.reason, **error.params})


def _position(body: dict[str, Any]) -> Position:
    """The position a ``/analysis/solve`` request describes, checked by the core."""
    won = body["won"]
    problems: list[FieldProblem] = []
    tricks = won["tricks"]
    if len(tricks) != 2:
        problems.append(FieldProblem("/won/tricks", "list-too-long" if len(tricks) > 2
                                     else "list-too-short",
                                     {"size": len(tricks), "max": 2, "min": 2}))
    if len(body["poignees"]) > MAX_POIGNEES:
        problems.append(FieldProblem("/poignees", "list-too-long",
                                     {"size": len(body["poignees"]), "max": MAX_POIGNEES}))
    refuse(problems)
    poignees: tuple[tuple[Camp, PoigneeLevel], ...] = tuple(
        (p["camp"], p["level"]) for p in body["poignees"])
    pos = Position(
        players=body["players"], hands=tuple(CardSet.of(h) for h in body["hands"]),
        leader=body["leader"], trick=tuple(body["trick"]), taker=body["taker"],
        partner=body["partner"], contract=body["contract"], won_points_half=won["points"],
        won_bouts=won["bouts"], won_tricks=(tricks[0], tricks[1]), poignees=poignees,
        first_trick=body["first_trick"], called_card=body["called_card"])
    try:
        verify_position(pos)
    except PositionError as error:
        raise Unprocessable([_position_problem(error)]) from None
    return pos


def solve_position(body: dict[str, Any]) -> dict[str, Any]:
    """Every legal card's value in a position, both objectives. (``analysis/solve``)"""
    pos = _position(body)
    asked = Objective(body["objective"])
    other = Objective.POINTS if asked is Objective.SCORE else Objective.SCORE
    seat = pos.seat_to_play
    called = pos.called_card if pos.first_trick else None
    legal = CardSet(legal_mask(pos.hands[seat].mask, pos.trick, called))
    found: dict[Objective, Solution | None] = {}
    nodes = 0
    for objective in (asked, other):
        try:
            solution = solve(pos, objective, budget=SOLVE_BUDGET)
        except BudgetExceeded:
            found[objective] = None
            nodes += SOLVE_BUDGET
        else:
            found[objective] = solution
            nodes += solution.nodes
        if found[asked] is None:
            break  # nothing proven: the other objective would not be looked at
    main = found[asked]
    by_points = found.get(Objective.POINTS)
    by_score = found.get(Objective.SCORE)
    cards = [{"card": card.code,
              "points": None if by_points is None else _half(by_points.values_by_code[card.code]),
              "score": None if by_score is None else by_score.values_by_code[card.code]}
             for card in legal]
    value: int | float | None = None
    if main is not None:
        value = _half(main.value) if asked is Objective.POINTS else main.value
        explanation = gettext("With all hands visible, the best: %(best)s. Best play by "
                              "both sides: %(line)s.",
                              best=card_list(main.best, "or"),
                              line=line_text(main.line, pos.players, len(pos.trick)))
    else:
        explanation = gettext("This position needs a longer search than one request is "
                              "allowed: no card's value is given (exact: false). Ask again "
                              "with fewer tricks left.")
    return {
        "seat": seat,
        "objective": asked.value,
        "tricks_left": pos.tricks_left,
        "cards": cards,
        "best": [] if main is None else _codes(main.best),
        "line": [] if main is None else _codes(main.line),
        "value": value,
        "exact": main is not None,
        "nodes": nodes,
        "budget": SOLVE_BUDGET,
        "explanation": explanation,
    }


def check_claim_of(body: dict[str, Any]) -> dict[str, Any]:
    """A claim of every remaining trick by ``claimer``'s side, checked with every hand
    visible. (``analysis/claim``)"""
    pos = _position(body)
    claimer = body["claimer"]
    if claimer >= pos.players:
        refuse([FieldProblem("/claimer", "value-range",
                             {"min": 0, "max": pos.players - 1, "value": claimer})])
    check = check_claim(pos, claimer, budget=CLAIM_BUDGET)
    camp = Camp.TAKER if claimer in (pos.taker, pos.partner) else Camp.DEFENSE
    return {
        "claimer": claimer,
        "camp": camp.value,
        "tricks_claimed": check.tricks_claimed,
        "verdict": check.verdict.value,
        "line": _codes(check.line),
        "exact": check.exact,
        "nodes": check.nodes,
        "budget": CLAIM_BUDGET,
        "explanation": claim_text(verdict=check.verdict.value, camp=camp.value,
                                  tricks=check.tricks_claimed,
                                  line=line_text(check.line, pos.players, len(pos.trick))),
    }


def find_mistakes(body: dict[str, Any]) -> dict[str, Any]:
    """A played deal's proven mistakes, the last tricks first. (``analysis/deal``)"""
    d = checked_deal(body)
    found = analyse_deal(players=d.players, contract=d.contract, taker=d.taker,
                         partner=d.partner, tricks=d.tricks, chien=d.chien, ecart=d.ecart,
                         called_card=d.called_card, poignees=d.poignees,
                         chelem_announced=d.chelem_announced, budget=DEAL_BUDGET)
    mistakes: list[dict[str, Any]] = []
    texts: list[str] = []
    for m in found.mistakes:
        role = ("taker" if m.seat == d.taker else "partner" if m.seat == d.partner
                else "defence")
        pab = None if m.petit_au_bout is None else m.petit_au_bout.value
        best_pab = None if m.best_petit_au_bout is None else m.best_petit_au_bout.value
        texts.append(mistake_text(role=role, card=m.card, better=m.better, score=m.score,
                                  best_score=m.best_score, lost_score=m.lost_score,
                                  lost_points_half=m.lost_points_half, petit_au_bout=pab,
                                  best_petit_au_bout=best_pab))
        mistakes.append({
            "trick": m.trick + 1, "seat": m.seat, "card": m.card.code,
            "better": _codes(m.better),
            "lost": {"score": m.lost_score, "points": _half(m.lost_points_half)},
            "score": m.score, "best_score": m.best_score,
            "petit_au_bout": {"card": pab, "better": best_pab}, "exact": True,
            "text": texts[-1]})
    start = None if found.exact_from_trick is None else found.exact_from_trick + 1
    if start is None:
        summary = gettext("No trick could be proven within the search budget.")
    else:
        summary = ngettext(
            "With all hands visible, tricks %(start)s to %(last)s are analysed exactly "
            "(earlier ones are not analysed): %(num)d card cost its side.",
            "With all hands visible, tricks %(start)s to %(last)s are analysed exactly "
            "(earlier ones are not analysed): %(num)d cards cost their side.",
            len(mistakes), start=start, last=found.tricks)
    return {
        "mistakes": mistakes,
        "exact_from_trick": start,
        "not_analysed": list(range(1, start if start is not None else found.tricks + 1)),
        "tricks": found.tricks,
        "nodes": found.nodes,
        "budget": found.budget,
        "explanation": " ".join([summary, *texts]),
    }


# --- puzzles ---------------------------------------------------------------------------------


def _puzzle_payload(p: Puzzle) -> dict[str, Any]:
    pos = p.position
    seat = pos.seat_to_play
    return {
        "id": p.id,
        "players": pos.players,
        "seed": p.seed,
        "hands": [_codes(h) for h in pos.hands],
        "leader": pos.leader,
        "trick": _codes(pos.trick),
        "taker": pos.taker,
        "partner": pos.partner,
        "contract": pos.contract.code,
        "called_card": None if pos.called_card is None else pos.called_card.code,
        "first_trick": pos.first_trick,
        "won": {"points": _half(pos.won_points_half), "bouts": pos.won_bouts,
                "tricks": list(pos.won_tricks)},
        "poignees": [{"camp": camp.value, "level": level.value}
                     for camp, level in pos.poignees],
        "seat": seat,
        "tricks_left": pos.tricks_left,
        "question": puzzle_question(seat=seat, role=_role(pos, seat), contract=pos.contract,
                                    tricks_left=pos.tricks_left),
    }


def puzzle(players: int, seed: int | None) -> dict[str, Any]:
    """An endgame with exactly one best card (``GET /puzzles``); a seed drawn if none."""
    drawn = seed is None
    for _ in range(3 if drawn else 1):
        chosen = random.randrange(PUZZLE_SEEDS) if drawn else seed
        try:
            return _puzzle_payload(core_puzzle(players, chosen))
        except LookupError:  # no endgame of that seed has one best card: never a 500
            continue
    raise Unprocessable([FieldProblem("/seed", "puzzle-none", {"number": chosen})])


def puzzle_answer(body: dict[str, Any]) -> dict[str, Any]:
    """Mark an answer to a puzzle and explain it. (``puzzles/answer``)"""
    try:
        p = puzzle_from_id(body["id"])
    except PuzzleIdError:
        raise Unprocessable([FieldProblem("/id", "puzzle-unknown",
                                          {"id": body["id"][:40]})]) from None
    card: Card = body["card"]
    sol = p.solution
    pos = p.position
    if card.code not in sol.values_by_code:
        raise Unprocessable([FieldProblem("/card", "card-not-legal", {"card": card.code})])
    best = sol.best[0]
    right = card is best
    refutation: str | None = None
    if not right:
        try:
            after = solve(play_card(pos, card), Objective.SCORE)
            line = (card, *after.line)
        except BudgetExceeded:  # pragma: no cover  (3 to 5 tricks: never)
            line = (card,)
        refutation = line_text(line, pos.players, len(pos.trick))
    explanation = puzzle_explanation(
        right=right, card=card, best=best, best_score=sol.value,
        score=sol.values_by_code[card.code],
        line=line_text(sol.line, pos.players, len(pos.trick)), refutation=refutation)
    return {
        **_puzzle_payload(p),
        "card": card.code,
        "right": right,
        "best": best.code,
        "cards": [{"card": v.card.code, "score": v.value} for v in sol.values],
        "line": _codes(sol.line),
        "explanation": explanation,
    }
