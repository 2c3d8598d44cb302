"""The sentences of a deal's review and of undo at a practice table (``tutor.api.review``).

A review says what each camp's pile holds once the deal is counted: its tricks, its points and
its bouts, where the chien or the écart went, and what became of the excuse. Everything here is
worded from the core's count (:class:`rules_fr.counting.Count`); nothing is counted here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from tutor.i18n.words import bouts_phrase, gettext, ngettext, points

__all__ = ["REVIEW_ERRORS", "camp_sentence", "chien_sentence", "excuse_sentence"]

P = Mapping[str, Any]


def camp_sentence(camp: str, tricks: int, points_half: int, bouts: int) -> str:
    """"The taker's camp: 11 tricks, 49.5 points and 2 oudlers." (or the defence's)."""
    tricks_text = ngettext("%(num)s trick", "%(num)s tricks", tricks)
    bouts_text = bouts_phrase(bouts)
    if camp == "taker":
        return gettext("The taker's side: %(tricks)s, %(points)s points and %(bouts)s.",
                       tricks=tricks_text, points=points(points_half), bouts=bouts_text)
    return gettext("The defence: %(tricks)s, %(points)s points and %(bouts)s.",
                   tricks=tricks_text, points=points(points_half), bouts=bouts_text)


def chien_sentence(contract: str, camp: str) -> str:
    """Where the six (or three) cards set aside at the deal counted."""
    if contract in ("petite", "garde"):
        return gettext("The taker took the chien in hand and put his écart aside: the écart "
                       "counts in his pile.")
    if camp == "taker":
        return gettext("Garde sans: the chien stays face down and counts for the taker.")
    return gettext("Garde contre: the chien stays face down and counts for the defence.")


def excuse_sentence(*, played: bool, exchanged: bool, lost_last_trick: bool,
                    camp: str | None, owner_won_a_trick: bool = True) -> str | None:
    """What became of the excuse, or ``None`` when nobody played it (it was in the écart).
    A side that won no trick (the other side's chelem) had no card to give for it: the half
    point it owed is counted, not given."""
    if not played:
        return None
    if lost_last_trick:
        return gettext("The excuse was played at the last trick: it went to the side that won "
                       "that trick.")
    if exchanged and not owner_won_a_trick:
        return gettext("The excuse stayed with its side, which won no trick and so had no "
                       "card to give in exchange: the half point it owed counts for the other "
                       "side.")
    if exchanged:
        return gettext("The excuse stayed with its side, which gave a card worth half a point "
                       "in exchange to the side that won its trick.")
    if camp == "taker":
        return gettext("The excuse counted for the taker's side.")
    return gettext("The excuse counted for the defence.")


def _msg(make: Callable[[], str]) -> Callable[[P], str]:
    return lambda _params: make()


REVIEW_ERRORS: Final[Mapping[str, Callable[[P], str]]] = {
    "deal-not-scored": lambda p: gettext("Deal %(number)s of this table has not been scored: "
                                         "only a finished deal can be reviewed.",
                                         number=p["number"]),
    "undo-not-practice": _msg(lambda: gettext(
        "Undo is for a practice table, where every other seat is a robot.")),
    "undo-nothing": _msg(lambda: gettext("You have made no decision at this table yet: there is "
                                         "nothing to undo.")),
}
"""The error sentences of the review and undo endpoints (merged into the API's keys)."""
