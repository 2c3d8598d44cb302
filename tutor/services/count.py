"""What cards are worth: the answers of ``POST /count`` and of the MCP ``count_cards`` tool."""

from __future__ import annotations

from typing import Any

from rules_fr.cards import Card, CardSet, points_half
from tutor.i18n.facts import explain_count

__all__ = ["count", "points_number"]


def points_number(half_points: int) -> int | float:
    """Half-points as the JSON number of points: ``83`` → ``41.5``, ``82`` → ``41``."""
    whole, odd = divmod(half_points, 2)
    return whole + 0.5 if odd else whole


def count(body: dict[str, Any]) -> dict[str, Any]:
    """What are these cards worth? (``count``)"""
    cards: list[Card] = body["cards"]
    half = points_half(cards)
    bouts = CardSet.of(cards).bouts()
    return {"points": points_number(half), "half_points": half, "bouts": bouts,
            "cards": len(cards), "explanation": explain_count(cards, half, bouts)}
