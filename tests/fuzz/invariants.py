"""What every answer and every played deal must satisfy, whatever the question.

One statement of each invariant, shared by the property tests (``tests/test_properties.py``,
over random deals played through the core) and the fuzzer (over the API's answers and the
tables' logs). Each function returns what is broken, as sentences for a report: empty when
the invariant holds, so a test asserts ``not problems`` and the fuzzer records each one.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

__all__ = ["answer_problems", "defenders_at", "trick_problems", "verdict_problems",
           "zero_sum_problems"]


def defenders_at(players: int, *, partner: bool) -> int:
    """How many defenders share the defence's score: all but the taker and his partner.

    >>> [defenders_at(5, partner=True), defenders_at(5, partner=False)]
    [3, 4]
    """
    return players - 1 - (1 if partner else 0)


def zero_sum_problems(taker: int, partner: int, defender: int, defenders: int) -> list[str]:
    """A deal's scores sum to zero: what the taker's camp wins, the defenders lose.

    >>> zero_sum_problems(120, 0, -40, 3)
    []
    >>> zero_sum_problems(120, 0, -40, 2)
    ['scores do not sum to 0: taker 120 + partner 0 + 2 × defender -40 = 40']
    """
    total = taker + partner + defenders * defender
    if total == 0:
        return []
    return [f"scores do not sum to 0: taker {taker} + partner {partner} + {defenders} × "
            f"defender {defender} = {total}"]


def verdict_problems(violations: Sequence[object], *, legal: bool | None = None,
                     card: object = None, legal_cards: Collection[object] | None = None
                     ) -> list[str]:
    """A verdict agrees with itself: legal exactly when nothing is violated and, for a card,
    exactly when the card is among the legal cards (one source of truth: the set and the
    check cannot disagree).

    >>> verdict_problems([], legal=True, card="KH", legal_cards=["KH", "7H"])
    []
    >>> verdict_problems(["must-follow-suit"], card="T3", legal_cards=["T3"])
    ['the card is among the legal cards, yet violations are reported']
    """
    problems = []
    if legal is not None and legal != (not violations):
        problems.append("legal and violations disagree")
    if legal_cards is not None and (card in legal_cards) != (not violations):
        problems.append("the card is among the legal cards, yet violations are reported"
                        if violations else
                        "the card is not among the legal cards, yet no violation is reported")
    return problems


def trick_problems(players: int, tricks: Sequence[Sequence[object]],
                   current: Sequence[object] = ()) -> list[str]:
    """The cards of a deal's tricks: no card played twice, every complete trick one card per
    player, the trick in progress short of complete.

    >>> trick_problems(3, [["KH", "7H", "1H"]], ["KH"])
    ['a card played twice']
    >>> trick_problems(3, [["KH", "7H"]])
    ['a trick of the wrong size']
    """
    problems = []
    played = [card for trick in tricks for card in trick] + list(current)
    if len(played) != len(set(played)):
        problems.append("a card played twice")
    if any(len(trick) != players for trick in tricks) or len(current) >= players:
        problems.append("a trick of the wrong size")
    return problems


VERDICT_PATHS = ("/check/ecart", "/check/bid", "/check/king-call", "/check/poignee")


def answer_problems(path: str, body: Any, answer: Mapping[str, Any]) -> list[str]:
    """What a 200 answer of the API at ``path`` (``/check/play``…) must satisfy whatever the
    question ``body`` was: a verdict agrees with itself, advice is a legal card, a poignée
    has a level exactly when it is legal, scores sum to zero."""
    if path == "/check/play":
        return verdict_problems(answer["violations"], legal=answer["legal"],
                                card=answer["card"], legal_cards=answer["legal_cards"])
    if path in VERDICT_PATHS:
        problems = verdict_problems(answer["violations"], legal=answer["legal"])
        if path == "/check/poignee" and (answer["level"] is None) == answer["legal"]:
            problems.append("a legal poignée without a level, or a level for an illegal one")
        return problems
    if path == "/check/deal":
        return verdict_problems(answer["violations"], legal=answer["valid"])
    if path == "/advice/play":
        return [] if answer["card"] in answer["legal_cards"] else ["advised card not legal"]
    if path in ("/score", "/score/deal") and isinstance(body, dict) and \
            isinstance(body.get("players"), int):
        scores = answer["scores"]
        partner = "partner" in scores
        if partner and body["players"] != 5:
            return ["a partner's score at three or four players"]
        return zero_sum_problems(scores["taker"], scores.get("partner", 0), scores["defender"],
                                 defenders_at(body["players"], partner=partner))
    return []
