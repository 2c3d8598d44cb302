"""What would a good player bid, put aside, play — and why? The answers of
``POST /advice/*`` and of the MCP ``advise_*`` tools.

Each function refuses with :class:`~tutor.errors.Unprocessable` what is not a position of the
game (a hand too large for the table, a card both in the hand and the trick, a seat not at
the table), asks :mod:`rules_fr.advice`, and renders its reasons through the catalogs: each
reason is ``{"code", "params", "text"}`` and ``explanation`` sums the advice up in one
paragraph. The advice is always a legal action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules_fr.advice.bid import advise_bid, advise_king_call, thresholds
from rules_fr.advice.ecart import advise_ecart
from rules_fr.advice.play import advise_play, make_context
from rules_fr.cards import Card, CardSet
from rules_fr.contracts import Contract
from rules_fr.counting import PlayedTrick
from rules_fr.ecart import trumps_to_show
from rules_fr.table import rules_for
from tutor.errors import FieldProblem
from tutor.i18n.advice import (
    explain_bid_advice,
    explain_ecart_advice,
    explain_play_advice,
    reason_payload,
)
from tutor.services import refuse

__all__ = ["bid", "ecart", "king_call", "play"]


def _size_problems(pointer: str, cards: Sequence[Card], size: int, *,
                   too_large: str, exact: bool) -> list[FieldProblem]:
    if len(cards) > size:
        return [FieldProblem(pointer, too_large, {"size": len(cards), "max": size})]
    if exact and len(cards) < size:
        return [FieldProblem(pointer, "list-too-short", {"size": len(cards), "min": size})]
    return []


def _overlap(pointer: str, cards: Sequence[Card], taken: int,
             key: str = "duplicate-card") -> tuple[list[FieldProblem], int]:
    """A problem for each card of ``cards`` already in ``taken``; the union of both."""
    problems = []
    for i, card in enumerate(cards):
        if card.mask & taken:
            problems.append(FieldProblem(f"{pointer}/{i}", key, {"card": card.code}))
        taken |= card.mask
    return problems, taken


def _reasons(reasons: Sequence[Any]) -> list[dict[str, Any]]:
    return [reason_payload(r) for r in reasons]


def _play_problems(body: dict[str, Any], players: int) -> list[FieldProblem]:
    hand_cards: list[Card] = body["hand"]
    trick: list[Card] = body["trick"]
    problems = _size_problems("/hand", hand_cards, rules_for(players).hand_size,
                              too_large="hand-too-large", exact=False)
    if len(trick) >= players:
        problems.append(FieldProblem("/trick", "trick-too-long",
                                     {"size": len(trick), "players": players}))
    for name in ("seat", "taker", "partner"):
        value = body[name]
        if value is not None and value >= players:
            problems.append(FieldProblem(f"/{name}", "seat-range",
                                         {"seat": value, "players": players}))
    if body["partner"] is not None and players != 5:
        problems.append(FieldProblem("/partner", "partner-not-five", {"players": players}))
    elif body["partner"] is not None and body["partner"] == body["taker"]:
        problems.append(FieldProblem("/partner", "partner-is-taker",
                                     {"seat": body["partner"]}))
    found, taken = _overlap("/trick", trick, CardSet.of(hand_cards).mask,
                            "card-in-hand-and-trick")
    problems += found
    for i, past in enumerate(body["history"]):
        pointer = f"/history/{i}"
        if past["leader"] >= players:
            problems.append(FieldProblem(pointer + "/leader", "seat-range",
                                         {"seat": past["leader"], "players": players}))
        if len(past["cards"]) != players:
            problems.append(FieldProblem(pointer + "/cards", "trick-size", {
                "trick": i + 1, "size": len(past["cards"]), "expected": players}))
        found, taken = _overlap(pointer + "/cards", past["cards"], taken)
        problems += found
    if len(body["history"]) + 1 > rules_for(players).tricks:
        problems.append(FieldProblem("/history", "list-too-long", {
            "size": len(body["history"]), "max": rules_for(players).tricks - 1}))
    return problems


def bid(body: dict[str, Any]) -> dict[str, Any]:
    """What should this hand bid? (``advice/bid``)"""
    players: int = body["players"]
    hand_cards: list[Card] = body["hand"]
    bids: list[Contract | None] = body["bids"]
    problems = _size_problems("/hand", hand_cards, rules_for(players).hand_size,
                              too_large="hand-too-large", exact=False)
    if len(bids) >= players:
        problems.append(FieldProblem("/bids", "list-too-long",
                                     {"size": len(bids), "max": players - 1}))
    refuse(problems)
    advice = advise_bid(players, CardSet.of(hand_cards), bids,
                        dealer_misdealt=body["dealer_misdealt"])
    bounds = thresholds(players)
    return {
        "bid": "passe" if advice.bid is None else advice.bid.code,
        "wanted": None if advice.wanted is None else advice.wanted.code,
        "strength": advice.strength,
        "thresholds": {contract.code: bound
                       for contract, bound in zip(Contract, bounds, strict=True)},
        "reasons": _reasons(advice.reasons),
        "explanation": explain_bid_advice(advice.bid, advice.reasons),
    }


def ecart(body: dict[str, Any]) -> dict[str, Any]:
    """Which cards should the taker put aside? (``advice/ecart``)"""
    players: int = body["players"]
    rules = rules_for(players)
    hand_cards: list[Card] = body["hand"]
    chien_cards: list[Card] = body["chien"]
    problems = _size_problems("/hand", hand_cards, rules.hand_size,
                              too_large="hand-too-large", exact=True)
    problems += _size_problems("/chien", chien_cards, rules.chien_size,
                               too_large="chien-too-large", exact=True)
    overlap, _ = _overlap("/chien", chien_cards, CardSet.of(hand_cards).mask)
    refuse(problems + overlap)
    called: Card | None = body["called_card"] if players == 5 else None
    advice = advise_ecart(players, CardSet.of(hand_cards), CardSet.of(chien_cards),
                          contract=body["contract"] or Contract.GARDE, called_card=called)
    ecart = None if advice.ecart is None else list(advice.ecart)
    return {
        "ecart": None if ecart is None else [card.code for card in ecart],
        "trumps_to_show": [] if advice.ecart is None else trumps_to_show(advice.ecart).codes(),
        "reasons": _reasons(advice.reasons),
        "explanation": explain_ecart_advice(ecart, advice.reasons),
    }


def play(body: dict[str, Any]) -> dict[str, Any]:
    """Which card should be played? (``advice/play``)"""
    players: int = body["players"]
    refuse(_play_problems(body, players))
    hand = CardSet.of(body["hand"])
    chien = None if body["chien"] is None else CardSet.of(body["chien"])
    ecart = None if body["ecart"] is None else CardSet.of(body["ecart"])
    history = [PlayedTrick(t["leader"], tuple(t["cards"])) for t in body["history"]]
    called = body["called_card"] if players == 5 else None
    ctx = make_context(
        players, hand, body["trick"], seat=body["seat"], taker=body["taker"],
        contract=body["contract"], called_card=called, partner=body["partner"],
        history=history, chien=chien, ecart=ecart,
        chelem_announced=body["chelem_announced"], first_trick=body["first_trick"],
    )
    advice = advise_play(ctx)
    return {
        "card": advice.card.code,
        "legal_cards": ctx.legal.codes(),
        "reasons": _reasons(advice.reasons),
        "explanation": explain_play_advice(advice.card, advice.reasons),
    }


def king_call(body: dict[str, Any]) -> dict[str, Any]:
    """Which card should the taker call at five players? (``advice/king-call``)"""
    hand_cards: list[Card] = body["hand"]
    problems, _ = _overlap("/hand", hand_cards, 0)
    refuse(problems)
    advice = advise_king_call(CardSet.of(hand_cards))
    reasons = _reasons(advice.reasons)
    return {"card": advice.card.code, "reasons": reasons,
            "explanation": " ".join(r["text"] for r in reasons)}
