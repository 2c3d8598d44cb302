"""The sentences of the analysis endpoints (``tutor.api.analysis``): a deal's mistakes, the
puzzles' questions and explanations, and the errors of an inconsistent position.

Everything here is worded from what the core proved (:mod:`rules_fr.solver`,
:mod:`rules_fr.analysis`, :mod:`rules_fr.puzzles`); nothing is searched here. A "score" is
the deal's value as the rulebook's total: what each defender pays (positive: the attack
wins).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from rules_fr.cards import Card
from tutor.i18n.words import (
    capitalized,
    card_list,
    card_name,
    contract_name,
    gettext,
    ngettext,
    number,
    pgettext,
    points,
    signed,
    to_cards,
)

__all__ = ["ANALYSIS_ERRORS", "claim_text", "line_text", "mistake_text",
           "puzzle_explanation", "puzzle_question", "side_text"]

P = Mapping[str, Any]


def side_text(role: str) -> str:
    """``taker``, ``partner`` or ``defence``: who plays the card."""
    if role == "taker":
        return gettext("the taker")
    if role == "partner":
        return gettext("the taker's partner")
    return gettext("a defender")


def line_text(cards: Sequence[Card], players: int, before: int) -> str:
    """A line of play, trick by trick (``before`` cards of the first trick already played):
    "the king of hearts, the 3 of hearts; the 21 of trumps, …" (tricks apart by
    semicolons)."""
    tricks: list[list[str]] = []
    room = players - before
    current: list[str] = []
    for card in cards:
        current.append(card_name(card))
        if len(current) == room:
            tricks.append(current)
            current, room = [], players
    if current:
        tricks.append(current)
    return pgettext("separator between groups of cards", "; ").join(", ".join(t) for t in tricks)


def claim_text(*, verdict: str, camp: str, tricks: int, line: str) -> str:
    """A claim's verdict, with all hands visible (:mod:`rules_fr.claims`): ``camp`` is the
    claimer's side (``taker`` or ``defense``), ``line`` a line of play already worded."""
    taker = camp == "taker"
    if verdict == "accepted":
        if taker:
            return ngettext("Claim accepted: with every hand shown, every line of play gives "
                            "the taker's side the last trick.",
                            "Claim accepted: with every hand shown, every line of play gives "
                            "the taker's side the %(num)d remaining tricks.", tricks)
        return ngettext("Claim accepted: with every hand shown, every line of play gives the "
                        "defence the last trick.",
                        "Claim accepted: with every hand shown, every line of play gives the "
                        "defence the %(num)d remaining tricks.", tricks)
    if verdict == "disputed":
        if taker:
            return gettext("Claim disputed: the taker's side takes every remaining trick only "
                           "by playing its cards in the right order; this line loses one: "
                           "%(line)s. The referee decides from what the claimer stated.",
                           line=line)
        return gettext("Claim disputed: the defence takes every remaining trick only by "
                       "playing its cards in the right order; this line loses one: %(line)s. "
                       "The referee decides from what the claimer stated.", line=line)
    if verdict == "refused":
        if taker:
            return gettext("Claim refused: the defence takes a trick whatever the taker's side "
                           "plays, as in this line: %(line)s.", line=line)
        return gettext("Claim refused: the taker's side takes a trick whatever the defence "
                       "plays, as in this line: %(line)s.", line=line)
    return gettext("This claim needs a longer search than one request is allowed: the "
                   "referee rules on it without the solver.")


def _score_points(value: int) -> str:
    return ngettext("%(num)d point of score", "%(num)d points of score", value)


def mistake_text(*, role: str, card: Card, better: Sequence[Card], score: int,
                 best_score: int, lost_score: int, lost_points_half: int,
                 petit_au_bout: str | None = None, best_petit_au_bout: str | None = None
                 ) -> str:
    """What a card cost, with all hands visible, and which card would have kept it: the
    contract, else the petit au bout (``taker`` or ``defense``: whose it is after the card
    played and after the better card), else score points."""
    named = {"card": card_name(card), "better": card_list(better, "or")}
    taker_side = role in ("taker", "partner")
    mine = "taker" if taker_side else "defense"
    if taker_side and best_score > 0 >= score:
        first = gettext("With all hands visible, %(better)s would have made the contract: "
                        "%(card)s let it fail.", **named)
    elif not taker_side and best_score < 0 <= score:
        first = gettext("With all hands visible, %(better)s would have defeated the "
                        "contract: %(card)s let it be made.", **named)
    elif best_petit_au_bout == mine and petit_au_bout != mine:
        first = gettext("With all hands visible, %(better)s would have won the petit au "
                        "bout: %(card)s lost it.", **named)
    elif petit_au_bout not in (None, mine) and best_petit_au_bout != petit_au_bout:
        first = gettext("With all hands visible, %(better)s would have kept the petit au "
                        "bout from the other side: %(card)s let it through.", **named)
    else:
        first = gettext("With all hands visible, %(better)s was better than %(card)s.",
                        **named)
    if lost_points_half > 0:
        cost = gettext("It cost its side %(score)s and %(points)s card points (each "
                       "defender's score %(after)s instead of %(best)s).",
                       score=_score_points(lost_score), points=points(lost_points_half),
                       after=signed(score), best=signed(best_score))
    else:
        cost = gettext("It cost its side %(score)s (each defender's score %(after)s instead "
                       "of %(best)s).", score=_score_points(lost_score),
                       after=signed(score), best=signed(best_score))
    return f"{first} {cost}"


def puzzle_question(*, seat: int, role: str, contract: Any, tricks_left: int) -> str:
    """The puzzle's question: who plays, for which side, how many tricks are left."""
    tricks = ngettext("%(num)d trick left", "%(num)d tricks left", tricks_left)
    return gettext("Seat %(seat)s, %(side)s, plays (contract: %(contract)s; %(tricks)s). "
                   "With all hands visible, which card is best? Only one is.",
                   seat=seat, side=side_text(role), contract=contract_name(contract),
                   tricks=tricks)


def puzzle_explanation(*, right: bool, card: Card, best: Card, best_score: int,
                       score: int, line: str, refutation: str | None) -> str:
    """Why the best card is best; for a wrong answer, the line that refutes it."""
    proof = gettext("With all hands visible and best play by both sides, %(best)s gives "
                    "each defender's score %(score)s: %(line)s.", best=card_name(best),
                    score=signed(best_score), line=line)
    if right:
        return gettext("Right: %(card)s is the only best card.", card=card_name(card)) \
            + " " + proof
    wrong = gettext("Not the best card: after %(card)s, best play goes %(line)s, and each "
                    "defender's score is %(score)s instead of %(best_score)s.",
                    card=card_name(card), line=refutation or "", score=signed(score),
                    best_score=signed(best_score))
    return f"{wrong} {proof}"


def _position_invalid(p: P) -> str:
    reason = p.get("reason")
    build = _POSITION_REASONS.get(reason or "")
    if build is not None:
        try:
            return build(p)
        except (KeyError, TypeError, ValueError):
            pass
    return gettext("No deal reaches this position.")


def _card(p: P) -> str:
    cards = to_cards(p.get("card"))
    return capitalized(card_name(cards[0])) if cards else str(p.get("card"))


_POSITION_REASONS: Final[Mapping[str, Callable[[P], str]]] = {
    "hands-count": lambda p: gettext("Give one hand per player: %(players)s hands, not "
                                     "%(hands)s.", players=number(p["players"]),
                                     hands=number(p["hands"])),
    "trick-complete": lambda p: gettext("The trick in progress holds fewer cards than the "
                                        "%(players)s players: a complete trick is over.",
                                        players=number(p["players"])),
    "card-twice": lambda p: gettext("%(card)s is given twice in the position.",
                                    card=_card(p)),
    "no-cards": lambda p: gettext("The seat to play has no card left: the deal is over."),
    "hand-size": lambda p: gettext("Seat %(seat)s holds %(found)s cards, not %(expected)s: "
                                   "every hand holds as many cards, one less for those who "
                                   "have played to the trick.", seat=p["seat"],
                                   found=number(p["found"]), expected=number(p["expected"])),
    "bouts-range": lambda p: gettext("The taker's side cannot have won %(bouts)s oudlers: "
                                     "at most %(most)s are out of the hands.",
                                     bouts=number(p["bouts"]), most=number(p["most"])),
    "points-range": lambda p: gettext("The taker's side cannot have won %(points)s points: "
                                      "at most %(most)s are out of the hands.",
                                      points=points(p["points_half"]),
                                      most=points(p["most"])),
    "bouts-points": lambda p: gettext("%(bouts)s oudlers won are worth more than %(points)s "
                                      "points.", bouts=number(p["bouts"]),
                                      points=points(p["points_half"])),
    "tricks-range": lambda p: gettext("So many tricks won and the cards in the hands make "
                                      "more than the 78 cards."),
    "tricks-already-won": lambda p: gettext("The first trick cannot come after tricks already "
                                            "won."),
    "called-not-five": lambda p: gettext("A card is called only with five players."),
    "card-illegal": lambda p: gettext("%(card)s could not have been played to this trick "
                                      "from the hand it came from.", card=_card(p)),
}


ANALYSIS_ERRORS: Final[Mapping[str, Callable[[P], str]]] = {
    "position-invalid": _position_invalid,
    "puzzle-unknown": lambda p: gettext("“%(id)s” is not a puzzle id: ask for a puzzle "
                                        "first, and answer with its id.",
                                        id=p.get("id", "")),
    "puzzle-none": lambda p: gettext("Puzzle number %(number)s has no endgame with a single "
                                     "best card: ask for another number, such as 1.",
                                     number=p.get("number", "")),
    "card-not-legal": lambda p: gettext("%(card)s may not be played in this position.",
                                        card=_card(p)),
}
"""The error sentences of the analysis endpoints (merged into the API's keys)."""
