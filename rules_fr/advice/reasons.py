"""The reasons behind a piece of advice, as stable codes with JSON-ready params.

Like the core's verdicts (:mod:`rules_fr.verdicts`), advice never holds a sentence: each
step of an evaluation, a bid, an écart or a card played is a :class:`Reason` — a
:class:`ReasonCode`, the cards and counts involved, and for the hand evaluation the points
the step adds. The web layer words them in the reader's language.

>>> r = reason(ReasonCode.HAND_KING, suit=Suit.HEARTS, points=6)
>>> r.code, dict(r.params), r.as_dict()["code"]
('hand-king', {'suit': 'H', 'points': 6}, 'hand-king')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any

from rules_fr.cards import Card, CardSet, Suit  # noqa: F401 (Suit: doctest)

__all__ = ["Reason", "ReasonCode", "reason"]


# Alike by nature with verdicts.Code: both are the API's stable vocabularies, as string enums.
class ReasonCode(StrEnum):
    """Every reason the advice can give (the API's stable vocabulary)."""

    def __repr__(self) -> str:
        return repr(self.value)

    # --- hand evaluation (one line of the points count each) -------------------------------
    HAND_TWENTY_ONE = "hand-twenty-one"
    HAND_EXCUSE = "hand-excuse"
    HAND_PETIT = "hand-petit"
    """The petit, worth more the more trumps guard it (params: trumps, points)."""
    HAND_TRUMPS = "hand-trumps"
    """Trumps (the excuse counted among them) when more than four (params: count, points;
    excuse: whether the hand holds it, so that it is said counted only then)."""
    HAND_FEW_TRUMPS = "hand-few-trumps"
    """Four trumps or fewer: they earn nothing (params: count)."""
    HAND_MAJOR_TRUMPS = "hand-major-trumps"
    HAND_MAJOR_SEQUENCE = "hand-major-sequence"
    HAND_MARRIAGE = "hand-marriage"
    HAND_KING = "hand-king"
    HAND_QUEEN = "hand-queen"
    HAND_CAVALIER = "hand-cavalier"
    HAND_VALET = "hand-valet"
    HAND_LONG_SUIT = "hand-long-suit"
    HAND_VOID = "hand-void"
    HAND_SINGLETON = "hand-singleton"
    HAND_PETIT_SEC = "hand-petit-sec"
    # --- bid ------------------------------------------------------------------------------
    BID_CONTRACT = "bid-contract"
    """The strength falls in a contract's band (params: strength, contract, low, high)."""
    BID_TOO_WEAK = "bid-too-weak"
    """Below the petite's threshold (params: strength, needed)."""
    BID_OUTBID = "bid-outbid"
    """The contract the hand is worth is not above the highest bid (params: wanted, highest)."""
    BID_DEALER_MISDEALT = "bid-dealer-misdealt"
    BID_PETIT_SEC = "bid-petit-sec"
    CALL_KING = "call-king"
    """The king (or face) to call and why: the suit where the taker holds most (params: card,
    suit, length)."""
    CALL_ALONE = "call-alone"
    # --- écart ----------------------------------------------------------------------------
    ECART_VOID = "ecart-void"
    """A whole suit put aside: the taker will be able to trump it (params: suit, cards)."""
    ECART_HONOURS = "ecart-honours"
    """Honours without their king put aside: safe in the écart, lost in play (params: cards)."""
    ECART_SHORTEN = "ecart-shorten"
    """Low cards put aside to fill the écart (params: suit, cards; left: the cards of that
    suit kept; shortest: whether that is fewer than of any other suit kept)."""
    ECART_TRUMPS_FORCED = "ecart-trumps-forced"
    """Too few other cards: the lowest trumps go, shown to the defence (params: cards)."""
    ECART_KEEP_KINGS = "ecart-keep-kings"
    ECART_KEEP_TRUMPS = "ecart-keep-trumps"
    ECART_KEEP_CALLED_SUIT = "ecart-keep-called-suit"
    """Five players: a card of the called suit is kept to reach the partner (params: suit)."""
    ECART_NOT_ALLOWED = "ecart-not-allowed"
    # --- card play ------------------------------------------------------------------------
    PLAY_ONLY_CARD = "play-only-card"
    PLAY_EXCUSE_BEFORE_LAST = "play-excuse-before-last"
    PLAY_EXCUSE_KEPT_FOR_CHELEM = "play-excuse-kept-for-chelem"
    PLAY_EXCUSE_SAVES = "play-excuse-saves"
    """The excuse instead of a card the other camp would take (params: card)."""
    PLAY_EXCUSE_PROTECTS_PETIT = "play-excuse-protects-petit"
    PLAY_PETIT_SAFE = "play-petit-safe"
    """The petit played where nobody can take it (params: why: ``last`` to play,
    ``partners-after`` (only partners still to play), ``partner`` (under a partner's trump that
    holds the trick), ``none-after`` (no opponent after holds a trump to take it),
    ``no-trumps`` (no trump is left outside the player's hand))."""
    PLAY_KEEP_PETIT = "play-keep-petit"
    """Do not play the petit under a higher trump that holds the trick (params: card, the
    petit; over, that trump)."""
    PLAY_PETIT_KEPT_FOR_END = "play-petit-kept-for-end"
    PLAY_CAPTURE_PETIT = "play-capture-petit"
    PLAY_DRAW_TRUMPS = "play-draw-trumps"
    """The taker, long in trumps, leads them to draw the defence's (params: held, out)."""
    PLAY_CASH_MASTER = "play-cash-master"
    """A card no one can beat in its suit, led while the suit is safe (params: card)."""
    PLAY_LEAD_LONG_SUIT = "play-lead-long-suit"
    """The attack leads low in its longest suit, to establish it (params: suit)."""
    PLAY_LEAD_TAKER_VOID = "play-lead-taker-void"
    """Defence: a suit the taker lacks, to make him trump (params: suit)."""
    PLAY_LEAD_LOW = "play-lead-low"
    """Defence: low in its longest suit (params: card, suit; kingless: whether the suit is the
    longest of those without their king — else every suit held has its king)."""
    PLAY_HUNT_PETIT = "play-hunt-petit"
    PLAY_NO_BLIND_TRUMP = "play-no-blind-trump"
    PLAY_LEAD_CALLED_KING = "play-lead-called-king"
    PLAY_LEAD_TO_PARTNER = "play-lead-to-partner"
    """Five players: the taker leads the called suit for his partner's king (params: suit)."""
    PLAY_CALLED_KING = "play-called-king"
    PLAY_CHARGE = "play-charge"
    """Points given to a trick one's side holds (params: card, winner — the seat whose card
    still holds the trick after this one; takes: present when that is the player's own card,
    which overtakes his partner's and which nobody after is expected to beat)."""
    PLAY_KING_FIRST_ROUND = "play-king-first-round"
    PLAY_WIN_LAST = "play-win-last"
    """No opponent plays after: the richest card that wins the trick (params: card; why:
    ``last`` to play, or ``partners-after``, only partners still to play)."""
    PLAY_WIN_CHEAP = "play-win-cheap"
    PLAY_TRUMP_WIN = "play-trump-win"
    """A trump that takes the trick (params: card; sure: ``none-after``, no opponent plays
    after; ``expected``, nobody after is expected to beat it; ``for-now``, it holds the trick
    but an opponent after may overtrump)."""
    PLAY_TRUMP_HIGH = "play-trump-high"
    """A high trump on a trick worth taking (params: card; sure: whether no trump above it is
    left outside the hand — else the highest, to make an overtrump less likely)."""
    PLAY_TRUMP_LOW = "play-trump-low"
    """A low trump (params: card; lowest: ``hand`` the lowest trump held, ``but-petit`` the
    lowest apart from the petit, ``legal`` the lowest one may play here; higher: how many
    trumps the hand holds above it, kept for later)."""
    PLAY_DUCK = "play-duck"
    """Cannot win: the card worth least (params: card)."""
    PLAY_DISCARD_LOW = "play-discard-low"


@dataclass(frozen=True, slots=True)
class Reason:
    """One step of a piece of advice: a code and its JSON-ready params."""

    code: ReasonCode
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def as_dict(self) -> dict[str, Any]:
        """``{"code", "params"}``, JSON-ready."""
        return {"code": self.code.value, "params": dict(self.params)}


def _json_ready(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, CardSet):
        return value.codes()
    if isinstance(value, Enum):
        code = getattr(value, "code", None)
        return code if isinstance(code, str) else value.value
    if isinstance(value, (list, tuple, frozenset, set)) or (
        isinstance(value, Iterable) and not isinstance(value, (str, bytes, Mapping))
    ):
        return [_json_ready(item) for item in value]
    return value


def reason(code: ReasonCode, **params: Any) -> Reason:
    """A :class:`Reason` whose params are JSON-ready: cards become codes, card sets lists of
    codes, suits and contracts their API names.

    >>> from rules_fr.contracts import Contract
    >>> reason(ReasonCode.BID_OUTBID, wanted=Contract.GARDE, highest=Contract.GARDE).params
    {'wanted': 'garde', 'highest': 'garde'}
    """
    return Reason(code, {key: _json_ready(value) for key, value in params.items()})
