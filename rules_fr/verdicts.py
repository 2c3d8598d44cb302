"""Structured verdicts: what a check found wrong, which rule it breaks, with which cards.

A check never returns a sentence. It returns :class:`Violation` values, each with a stable
kebab-case ``code``, the id of the rule of :mod:`rules_fr.catalog` it enforces, and
JSON-ready ``params`` (cards as canonical codes, counts as integers); the catalogs of the web
layer turn them into sentences in the reader's language. Warnings are advice on a legal
action and have the same shape.

>>> v = violation(Code.MUST_FOLLOW_SUIT, card="KS", led="5H", cards=["7H", "KH"])
>>> v.code, v.rule
('must-follow-suit', 'play.follow-suit')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from enum import StrEnum
from typing import Any, Final

__all__ = [
    "ALLOWANCE_CODES", "Code", "Violation", "IllegalActionError", "RULE_ALTERNATIVES",
    "RULE_OF_CODE", "WARNING_CODES",
    "lazy_violation", "violation",
]


class Code(StrEnum):
    """Every violation and warning code the core can emit (the API's stable vocabulary).

    A code reads and prints as its plain string: ``Code.MUST_TRUMP == "must-trump"``.
    """

    def __repr__(self) -> str:
        return repr(self.value)

    # card play
    CARD_NOT_IN_HAND = "card-not-in-hand"
    MUST_FOLLOW_SUIT = "must-follow-suit"
    MUST_TRUMP = "must-trump"
    MUST_OVERTRUMP = "must-overtrump"
    CALLED_SUIT_FIRST_LEAD = "called-suit-first-lead"
    TRICK_COMPLETE = "trick-complete"
    # warnings on a legal play
    EXCUSE_LAST_TRICK = "excuse-last-trick"
    PETIT_EXPOSED = "petit-exposed"
    # allowances: why a legal play (or a score line) that surprises a beginner is allowed
    UNDERTRUMP_ALLOWED = "undertrump-allowed"
    PETIT_UNDER_TRUMP = "petit-under-trump"
    DISCARD_ALLOWED = "discard-allowed"
    EXCUSE_ANYTIME = "excuse-anytime"
    EXCUSE_EXCHANGE = "excuse-exchange"
    CALLED_SUIT_LEAD_ALLOWED = "called-suit-lead-allowed"
    POIGNEE_TO_WINNER = "poignee-to-winner"
    CHELEM_FAILED = "chelem-failed"
    # écart
    ECART_SIZE = "ecart-size"
    ECART_KING = "ecart-king"
    ECART_BOUT = "ecart-bout"
    ECART_TRUMP_AVOIDABLE = "ecart-trump-avoidable"
    ECART_CARD_NOT_AVAILABLE = "ecart-card-not-available"
    ECART_NOT_ALLOWED = "ecart-not-allowed"
    # poignée
    POIGNEE_SIZE = "poignee-size"
    POIGNEE_NOT_TRUMP = "poignee-not-trump"
    POIGNEE_CARD_NOT_IN_HAND = "poignee-card-not-in-hand"
    POIGNEE_EXCUSE_HIDES_TRUMP = "poignee-excuse-hides-trump"
    POIGNEE_TOO_LATE = "poignee-too-late"
    # bidding
    BID_TOO_LOW = "bid-too-low"
    BID_AUCTION_CLOSED = "bid-auction-closed"
    BID_OUT_OF_TURN = "bid-out-of-turn"
    BID_DEALER_AFTER_MISDEAL = "bid-dealer-after-misdeal"
    # chelem
    CHELEM_NOT_TAKER = "chelem-not-taker"
    CHELEM_TOO_LATE = "chelem-too-late"
    # king call
    CALL_NOT_A_FACE = "call-not-a-face"
    CALL_QUEEN_WITHOUT_FOUR_KINGS = "call-queen-without-four-kings"
    CALL_CAVALIER_WITHOUT_KINGS_QUEENS = "call-cavalier-without-kings-queens"
    CALL_VALET_WITHOUT_KINGS_QUEENS_CAVALIERS = "call-valet-without-kings-queens-cavaliers"
    CALL_NOT_FIVE_PLAYERS = "call-not-five-players"
    # deal and hands
    DEAL_CARD_COUNT = "deal-card-count"
    DEAL_DUPLICATE_CARD = "deal-duplicate-card"
    DEAL_MISSING_CARD = "deal-missing-card"
    DEAL_HAND_SIZE = "deal-hand-size"
    DEAL_CHIEN_SIZE = "deal-chien-size"
    DEAL_HAND_COUNT = "deal-hand-count"
    PETIT_SEC = "petit-sec"
    # tables: order of play
    NOT_YOUR_TURN = "not-your-turn"
    WRONG_PHASE = "wrong-phase"
    # physical tables: a card contradicts what an earlier play proved (a revoke, "renonce")
    REVOKE_FOLLOW_SUIT = "revoke-follow-suit"
    REVOKE_TRUMP = "revoke-trump"
    REVOKE_OVERTRUMP = "revoke-overtrump"
    CARD_ALREADY_PLAYED = "card-already-played"
    # scoring input
    SCORE_IMPOSSIBLE = "score-impossible"
    # the cut before the deal
    CUT_SIZE = "cut-size"


RULE_OF_CODE: Final[Mapping[Code, str]] = {
    Code.CARD_NOT_IN_HAND: "play.own-cards",
    Code.MUST_FOLLOW_SUIT: "play.follow-suit",
    Code.MUST_TRUMP: "play.must-trump",
    Code.MUST_OVERTRUMP: "play.overtrump",
    Code.CALLED_SUIT_FIRST_LEAD: "play.called-suit-first-lead",
    Code.TRICK_COMPLETE: "play.turn",
    Code.EXCUSE_LAST_TRICK: "excuse.last-trick",
    Code.PETIT_EXPOSED: "petit.hunt",
    Code.UNDERTRUMP_ALLOWED: "play.overtrump",
    Code.PETIT_UNDER_TRUMP: "play.overtrump",
    Code.DISCARD_ALLOWED: "play.discard",
    Code.EXCUSE_ANYTIME: "play.excuse-anytime",
    Code.EXCUSE_EXCHANGE: "excuse.exchange",
    Code.CALLED_SUIT_LEAD_ALLOWED: "play.called-suit-first-lead",
    Code.POIGNEE_TO_WINNER: "score.poignee",
    Code.CHELEM_FAILED: "score.chelem",
    Code.ECART_SIZE: "ecart.size",
    Code.ECART_KING: "ecart.no-king-no-bout",
    Code.ECART_BOUT: "ecart.no-king-no-bout",
    Code.ECART_TRUMP_AVOIDABLE: "ecart.trumps",
    Code.ECART_CARD_NOT_AVAILABLE: "ecart.size",
    Code.ECART_NOT_ALLOWED: "chien.garde-sans-contre",
    Code.POIGNEE_SIZE: "poignee.thresholds",
    Code.POIGNEE_NOT_TRUMP: "poignee.thresholds",
    Code.POIGNEE_CARD_NOT_IN_HAND: "poignee.shown",
    Code.POIGNEE_EXCUSE_HIDES_TRUMP: "poignee.excuse",
    Code.POIGNEE_TOO_LATE: "poignee.shown",
    Code.BID_TOO_LOW: "bid.higher",
    Code.BID_AUCTION_CLOSED: "bid.once",
    Code.BID_OUT_OF_TURN: "bid.order",
    Code.BID_DEALER_AFTER_MISDEAL: "deal.misdeal",
    Code.CHELEM_NOT_TAKER: "chelem.announce",
    Code.CHELEM_TOO_LATE: "chelem.announce",
    Code.CALL_NOT_A_FACE: "call.king",
    Code.CALL_QUEEN_WITHOUT_FOUR_KINGS: "call.ladder",
    Code.CALL_CAVALIER_WITHOUT_KINGS_QUEENS: "call.ladder",
    Code.CALL_VALET_WITHOUT_KINGS_QUEENS_CAVALIERS: "call.ladder",
    Code.CALL_NOT_FIVE_PLAYERS: "call.king",
    Code.DEAL_CARD_COUNT: "deal.distribution",
    Code.DEAL_DUPLICATE_CARD: "cards.deck",
    Code.DEAL_MISSING_CARD: "cards.deck",
    Code.DEAL_HAND_SIZE: "deal.distribution",
    Code.DEAL_CHIEN_SIZE: "deal.chien",
    Code.DEAL_HAND_COUNT: "deal.distribution",
    Code.PETIT_SEC: "deal.petit-sec",
    Code.NOT_YOUR_TURN: "play.turn",
    Code.WRONG_PHASE: "play.turn",
    Code.SCORE_IMPOSSIBLE: "counting.total",
    Code.REVOKE_FOLLOW_SUIT: "play.follow-suit",
    Code.REVOKE_TRUMP: "play.must-trump",
    Code.REVOKE_OVERTRUMP: "play.overtrump",
    Code.CARD_ALREADY_PLAYED: "cards.deck",
    Code.CUT_SIZE: "deal.shuffle-cut",
}

RULE_ALTERNATIVES: Final[Mapping[Code, tuple[str, ...]]] = {
    Code.MUST_FOLLOW_SUIT: ("play.trump-lead",),
    Code.WRONG_PHASE: ("deal.petit-sec", "bid.all-pass", "bid.once", "call.king", "chien.shown",
                       "chien.garde-sans-contre", "ecart.size", "ecart.jeu", "chelem.announce",
                       "poignee.shown"),
}
"""The narrower rules a code may cite instead of its :data:`RULE_OF_CODE` one: a plain card
played on a trump lead by a player who holds trumps breaks ``play.trump-lead`` (trumps are the
suit to follow), not ``play.follow-suit``; an action out of its moment breaks the rule that
sets that moment (an écart changed once play has begun: ``ecart.jeu``; a chien recorded on a
garde sans: ``chien.garde-sans-contre``), ``play.turn`` when no narrower rule does."""

WARNING_CODES: Final = frozenset({Code.EXCUSE_LAST_TRICK, Code.PETIT_EXPOSED})
ALLOWANCE_CODES: Final = frozenset({
    Code.UNDERTRUMP_ALLOWED, Code.PETIT_UNDER_TRUMP, Code.DISCARD_ALLOWED, Code.EXCUSE_ANYTIME,
    Code.EXCUSE_EXCHANGE, Code.CALLED_SUIT_LEAD_ALLOWED, Code.POIGNEE_TO_WINNER,
    Code.CHELEM_FAILED,
})
"""Why-allowed verdicts: the same shape as a violation, said of a legal play or a score line
that would surprise a beginner (:func:`rules_fr.play.why_allowed`,
:func:`rules_fr.scoring.why_scored`)."""


_Pending = tuple[Callable[..., Mapping[str, Any]], tuple[Any, ...]]
"""A verdict's params not yet built: (builder, facts), the params being builder(*facts)."""


def _as_given(params: Mapping[str, Any]) -> Mapping[str, Any]:
    return params


class Violation:
    """A rule a proposed action breaks (or, for a warning, a rule the player should mind).

    ``params`` are JSON-ready (cards as codes). :func:`violation` and :func:`lazy_violation`
    hand over the values as the check found them (cards, card sets, enums) and they are made
    JSON-ready the first time ``params`` is read: a refused card costs the check little more
    than a legal one, and the rendering is paid only when a verdict is shown. A verdict never
    changes once made.
    """

    __slots__ = ("code", "rule", "_data")
    __match_args__ = ("code", "rule", "params")

    code: Code
    rule: str

    def __init__(self, code: Code, rule: str, params: Mapping[str, Any] | None = None) -> None:
        self.code = code
        self.rule = rule
        self._data: Mapping[str, Any] | _Pending = {} if params is None else params
        """The JSON-ready params, or what builds them (see :data:`_Pending`)."""

    @property
    def params(self) -> Mapping[str, Any]:
        data = self._data
        if type(data) is tuple:
            build, facts = data
            data = self._data = {k: _plain(v) for k, v in build(*facts).items()}
        assert not isinstance(data, tuple)
        return data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Violation):
            return NotImplemented
        return (self.code == other.code and self.rule == other.rule
                and dict(self.params) == dict(other.params))

    def __hash__(self) -> int:
        return hash((self.code, self.rule))

    def __repr__(self) -> str:
        return f"Violation(code={self.code!r}, rule={self.rule!r}, params={dict(self.params)!r})"

    def __reduce__(self) -> tuple[object, tuple[Code, str, dict[str, Any]]]:
        return Violation, (self.code, self.rule, dict(self.params))

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape the API serves (without the sentence, which the catalogs add)."""
        return {"code": self.code.value, "rule": self.rule, "params": dict(self.params)}


def violation(code: Code, **params: Any) -> Violation:
    """A :class:`Violation` of ``code``, its rule id looked up; its params are made JSON-ready
    when first read."""
    found: Violation = _new(Violation)
    found.code = code
    found.rule = RULE_OF_CODE[code]
    found._data = (_as_given, (params,))
    return found


_new = object.__new__


def lazy_violation(code: Code, build: Callable[..., dict[str, Any]],
                   facts: tuple[Any, ...], *, rule: str | None = None) -> Violation:
    """:func:`violation` for the hot paths: the params are ``build(*facts)``, called (and made
    JSON-ready) only when they are first read — a refused card costs its check no more than
    the facts it already holds. ``rule``: the rule the fault breaks when it is a narrower one
    than the code's usual rule (:data:`RULE_ALTERNATIVES`)."""
    found: Violation = _new(Violation)
    found.code = code
    found.rule = RULE_OF_CODE[code] if rule is None else rule
    assert rule is None or rule in RULE_ALTERNATIVES.get(code, ()), (code, rule)
    found._data = (build, facts)
    return found


def _plain(value: Any) -> Any:
    code = getattr(value, "code", None)
    if isinstance(code, str):  # a Card or an enum with an API code
        return code
    if isinstance(value, str | int | float | bool) or value is None:
        return value.value if isinstance(value, StrEnum) else value
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, Iterable):
        return [_plain(v) for v in value]
    return value


class IllegalActionError(ValueError):
    """Raised by the ``verify_*`` functions and the state machine on an illegal action."""

    def __init__(self, violations: list[Violation]) -> None:
        super().__init__(", ".join(v.code for v in violations))
        self.violations = violations
