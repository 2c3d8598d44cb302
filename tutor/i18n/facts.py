"""The sentences of the facts endpoints: card points, the winner of a trick, the dealer draw,
how a deal is dealt, the cut, an auction's outcome, the slam's lead, a partie's scoresheet and
a duplicate's notes — and the error keys they add. The cut's violation (``cut-size``) is worded
with the other violations in :mod:`tutor.i18n.violations`, a layer below this one: facts build
on violations, never the other way round.

Like the rest of :mod:`tutor.i18n`, the msgids are English and the catalogs translate them;
nothing here decides a rule: the numbers come from :mod:`rules_fr`.

>>> from flask import Flask
>>> from rules_fr.cards import parse_cards
>>> from tutor.i18n import init_babel
>>> app = Flask(__name__); init_babel(app)
>>> with app.test_request_context("/?lang=en"):
...     explain_count(parse_cards(["KH"]), 9, 0)
'The king of hearts is worth 4.5 points.'
>>> with app.test_request_context("/?lang=fr"):
...     explain_count(parse_cards(["T21", "2C"]), 10, 1)
'Ces 2 cartes valent 5 points en tout. Bouts parmi elles : 1.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any, Final

from rules_fr.cards import Card
from rules_fr.contracts import Contract
from rules_fr.verdicts import Violation
from tutor.i18n.violations import violation_message
from tutor.i18n.words import (
    capitalized,
    card_list,
    card_name,
    contract_name,
    format_list,
    gettext,
    ngettext,
    number,
    plural_count,
    points,
    signed,
    speaking,
)

__all__ = [
    "FACT_ERRORS",
    "explain_auction",
    "explain_chelem",
    "explain_count",
    "explain_cut",
    "explain_draw",
    "explain_notes",
    "explain_pairs",
    "explain_score_sum",
    "explain_poignee_count",
    "explain_target",
    "explain_partie",
    "explain_plan",
    "explain_trick",
]

P = Mapping[str, Any]


def _messages(violations: Sequence[Violation]) -> str:
    return " ".join(violation_message(v) for v in violations)


def _points_plural(half: int) -> int:
    """The number that picks the plural of "point(s)" for ``half`` half-points, the count as
    written (:func:`plural_count`): "1 point", "0.5 points", "1.5 points" in English; in
    French below 2 is singular, "0,5 point", "1,5 point", "2,5 points"."""
    return plural_count(half // 2 if half % 2 == 0 else Decimal(half) / 2)


# --- error keys --------------------------------------------------------------------------------


def _mort_five(p: P) -> str:
    """The count alone after "not" ("à 5 joueurs, pas à 6"): "joueurs" is said once."""
    return gettext("The form with a “mort” is for five players, not %(players)s.",
                   players=number(int(p["players"])))


FACT_ERRORS: Final[Mapping[str, Callable[[P], str]]] = {
    "person-range": lambda p: gettext("There is no player %(value)s in this partie: players "
                                      "are numbered from 0 to %(max)s.", value=p["value"],
                                      max=number(p["max"])),
    "person-sitting-out": lambda p: gettext("%(name)s sits out deal %(deal)s: only the players "
                                            "of a deal take or partner in it.",
                                            name=p["name"], deal=p["deal"]),
    "name-twice": lambda p: gettext("The name “%(name)s” is given twice: each player needs a "
                                    "name of their own.", name=p["name"]),
    "mort-five": _mort_five,
    "nothing-to-compute": lambda p: gettext("Nothing to compute: give at least one of "
                                            "%(choices)s.", choices=p["choices"]),
}
"""The error keys of the facts endpoints (merged into :data:`tutor.i18n.errors.ERRORS`)."""


# --- POST /count -------------------------------------------------------------------------------


@speaking
def explain_count(cards: Sequence[Card], half_points: int, bouts: int) -> str:
    """What the cards are worth: one card by name, several as a total with their bouts."""
    num = _points_plural(half_points)
    if len(cards) == 1:
        card = cards[0]
        sentence = ngettext("%(card)s is worth %(points)s point.",
                            "%(card)s is worth %(points)s points.", num,
                            card=capitalized(card_name(card)), points=points(half_points))
        if card.is_bout:
            sentence += " " + gettext("It is one of the three oudlers.")
        return sentence
    sentence = ngettext("These %(count)s cards are worth %(points)s point in all.",
                        "These %(count)s cards are worth %(points)s points in all.", num,
                        count=number(len(cards)), points=points(half_points))
    if bouts:
        sentence += " " + gettext("Oudlers among them: %(bouts)s.", bouts=number(bouts))
    return sentence


@speaking
def explain_pairs(groups: Sequence[Sequence[Card]]) -> str:
    """The count shown two by two, as rulebooks teach it (:func:`rules_fr.counting.pairs`):
    each group with what it is worth, then the sum."""
    worth = [sum(card.points_half for card in group) for group in groups]
    said = []
    for group, half in zip(groups, worth, strict=True):
        if len(group) == 2 and group[0].points_half > group[1].points_half:
            cards = gettext("%(high)s with %(low)s", high=card_name(group[0]),
                            low=card_name(group[1]))
        else:
            cards = card_list(list(group))
        said.append(gettext("%(cards)s (%(points)s)", cards=cards, points=points(half)))
    total = sum(worth)
    if len(groups) == 1:
        return gettext("Counted two by two: %(groups)s.", groups=said[0])
    return gettext("Counted two by two: %(groups)s. In all, %(sum)s = %(total)s.",
                   groups="; ".join(said), sum=" + ".join(points(h) for h in worth),
                   total=points(total))


_SUMMED: Final = ("contract", "petit-au-bout", "poignee", "chelem")
"""The derivation lines whose points make the total (``rules_fr.scoring.LineCode``)."""


@speaking
def explain_score_sum(derivation: Sequence[Mapping[str, Any]], won: bool) -> str:
    """The total line by line, as the rulebook writes it ("66 + 20 + 20 = 106"), from the
    side that wins the deal (a failed contract is counted for the defence); empty when the
    total is the contract's line alone."""
    terms = [int(line["points"]) * (1 if won else -1) for line in derivation
             if line["code"] in _SUMMED]
    if len(terms) < 2:
        return ""
    said = number(terms[0]) if terms[0] >= 0 else "−" + number(-terms[0])
    for term in terms[1:]:
        said += (" + " if term >= 0 else " − ") + number(abs(term))
    return gettext("Line by line: %(sum)s = %(total)s.", sum=said, total=number(sum(terms)))


@speaking
def explain_target(bouts: int, target: int) -> str:
    """The taker's target for the bouts his side won, with the core's four targets."""
    from rules_fr.scoring import TARGETS

    targets = dict(target=number(target), t0=number(TARGETS[0]), t1=number(TARGETS[1]),
                   t2=number(TARGETS[2]), t3=number(TARGETS[3]))
    if bouts == 0:
        return gettext("With no oudler the taker needs %(target)s points. The targets: "
                       "%(t0)s points with no oudler, %(t1)s with one, %(t2)s with two, "
                       "%(t3)s with three.", **targets)
    return ngettext(
        "With %(num)d oudler the taker needs %(target)s points. The targets: %(t0)s points "
        "with no oudler, %(t1)s with one, %(t2)s with two, %(t3)s with three.",
        "With %(num)d oudlers the taker needs %(target)s points. The targets: %(t0)s points "
        "with no oudler, %(t1)s with one, %(t2)s with two, %(t3)s with three.",
        bouts, **targets)


@speaking
def explain_poignee_count(players: int, hand: Any, said: str) -> str:
    """How many trumps the hand holds against the poignée thresholds of the table, then
    ``said`` (what ``POST /check/hand`` says the hand may show)."""
    from rules_fr.cards import EXCUSE
    from rules_fr.poignee import PoigneeLevel, poignee_size

    trumps = len(hand.trumps())
    sizes = dict(simple=number(poignee_size(players, PoigneeLevel.SIMPLE)),
                 double=number(poignee_size(players, PoigneeLevel.DOUBLE)),
                 triple=number(poignee_size(players, PoigneeLevel.TRIPLE)),
                 players=number(players))
    held = (ngettext("You hold %(num)d trump and the excuse, which may stand for a trump.",
                     "You hold %(num)d trumps and the excuse, which may stand for a trump.",
                     trumps) if EXCUSE in hand else
            ngettext("You hold %(num)d trump.", "You hold %(num)d trumps.", trumps))
    table = gettext("With %(players)s players a single handful shows %(simple)s trumps, a double "
                    "%(double)s, a triple %(triple)s.", **sizes)
    return " ".join((held, table, said))


# --- POST /check/trick -------------------------------------------------------------------------


@speaking
def explain_trick(cards: Sequence[Card], winner: int | None, seat: int | None, complete: bool,
                  half_points: int, won_half: int | None = None) -> str:
    """Which card takes the trick and why (the highest trump, else the highest card of the
    suit led), who leads next, what the trick holds; with the excuse in it, what the winner
    nets (``won_half``, the core's :func:`rules_fr.counting.trick_won_half`): the excuse goes
    back to its owner's side for a half-point card."""
    if winner is None:
        return gettext("The excuse sets no suit and wins nothing: the next card played sets the "
                       "suit of the trick.")
    card = cards[winner]
    name = card_name(card)
    if complete:
        sentence = (gettext("%(card)s wins the trick: it is the highest trump played.",
                            card=capitalized(name)) if card.is_trump else
                    gettext("%(card)s wins the trick: no trump was played and it is the highest "
                            "card of the suit led.", card=capitalized(name)))
    else:
        sentence = (gettext("For now %(card)s holds the trick: it is the highest trump played.",
                            card=name) if card.is_trump else
                    gettext("For now %(card)s holds the trick: no trump was played and it is "
                            "the highest card of the suit led.", card=name))
    sentences = [sentence]
    if seat is not None:
        sentences.append(gettext("Seat %(seat)s played it and leads the next trick.", seat=seat)
                         if complete else gettext("Seat %(seat)s played it.", seat=seat))
    sentences.append(ngettext("The trick holds %(points)s point.",
                              "The trick holds %(points)s points.",
                              _points_plural(half_points), points=points(half_points)))
    if won_half is not None and won_half != half_points:
        sentences.append(ngettext(
            "The excuse wins no trick (but the last one of a slam): it goes back to its "
            "owner's side, which gives a card worth half a point in exchange, so the winner's "
            "side nets %(won)s point — all %(points)s if the excuse is its own, or at the last "
            "trick, which goes whole to its winner.",
            "The excuse wins no trick (but the last one of a slam): it goes back to its "
            "owner's side, which gives a card worth half a point in exchange, so the winner's "
            "side nets %(won)s points — all %(points)s if the excuse is its own, or at the last "
            "trick, which goes whole to its winner.",
            _points_plural(won_half), won=points(won_half), points=points(half_points)))
    return " ".join(sentences)


# --- POST /deal/draw ---------------------------------------------------------------------------


@speaking
def explain_draw(draws: Sequence[Card], dealer: int | None, redraw: Sequence[int]) -> str:
    """Who deals first, or who must draw again (the excuse does not count)."""
    if dealer is None:
        return " ".join(gettext("The excuse does not count in the draw: player %(player)s draws "
                                "another card.", player=index) for index in redraw)
    return gettext("The lowest card is %(card)s, drawn by player %(player)s, who deals first. "
                   "Plain cards rank below trumps; at equal rank, spades are highest, then "
                   "hearts, diamonds and clubs.", card=card_name(draws[dealer]), player=dealer)


# --- GET /deal/plan ----------------------------------------------------------------------------


@speaking
def explain_plan(*, dealer: int, cutter: int, first: int, next_dealer: int, packet_size: int,
                 hand_size: int, chien_size: int) -> str:
    """How a deal is cut, dealt and spoken: the three sentences of the rulebook."""
    return " ".join([
        gettext("Seat %(dealer)s deals; seat %(cutter)s, on the dealer's left, cuts.",
                dealer=dealer, cutter=cutter),
        gettext("Packets of %(packet)s cards go counter-clockwise from seat %(first)s, on the "
                "dealer's right: %(hand)s cards each, and %(chien)s in the chien, laid card by "
                "card but never the first or the last card of the pack.",
                packet=number(packet_size), first=first, hand=number(hand_size),
                chien=number(chien_size)),
        gettext("Seat %(first)s speaks first and leads the first trick, the dealer speaks last; "
                "seat %(next)s deals the next deal.", first=first, next=next_dealer),
    ])


# --- POST /check/cut ---------------------------------------------------------------------------


@speaking
def explain_cut(at: int, left: int, violations: Sequence[Violation]) -> str:
    """Whether the cut is fair (more than three cards taken and left)."""
    if violations:
        return _messages(violations)
    return gettext("This cut takes %(at)s cards and leaves %(left)s: more than three each way, "
                   "it is fair.", at=number(at), left=number(left))


# --- POST /check/auction -----------------------------------------------------------------------


@speaking
def explain_auction(violations: Sequence[Violation], *, complete: bool, all_passed: bool,
                    taker: int | None, contract: Contract | None, next_speaker: int | None,
                    redealer: int | None) -> str:
    """The auction's outcome: the taker and his contract, a redeal, or who speaks next."""
    sentences = [_messages(violations)] if violations else []
    if all_passed:
        sentences.append(gettext("Everyone passed: the deal is dealt again, by seat %(seat)s, "
                                 "right of the dealer.", seat=redealer))
    elif complete and taker is not None and contract is not None:
        sentences.append(gettext("Everyone has spoken: seat %(seat)s takes with %(contract)s, "
                                 "the highest bid.", seat=taker,
                                 contract=contract_name(contract, article=True)))
    elif next_speaker is not None:
        if taker is not None and contract is not None:
            sentences.append(gettext("Seat %(seat)s speaks next; so far seat %(taker)s bids "
                                     "highest, with %(contract)s.", seat=next_speaker,
                                     taker=taker,
                                     contract=contract_name(contract, article=True)))
        else:
            sentences.append(gettext("Seat %(seat)s speaks next; nobody has taken yet.",
                                     seat=next_speaker))
    return " ".join(sentences)


# --- POST /check/chelem ------------------------------------------------------------------------


@speaking
def explain_chelem(violations: Sequence[Violation], seat: int, leader: int) -> str:
    """Whether the slam announcement stands, and who leads the first trick."""
    if violations:
        return " ".join([_messages(violations),
                         gettext("Seat %(seat)s, right of the dealer, leads the first trick.",
                                 seat=leader)])
    return gettext("Seat %(seat)s announces a slam: he leads the first trick, whoever dealt.",
                   seat=seat)


# --- POST /partie ------------------------------------------------------------------------------


@speaking
def explain_partie(names: Sequence[str], *, deals: int, played: int, totals: Sequence[int],
                   leaders: Sequence[int], over: bool,
                   sitting_out_next: Sequence[int]) -> str:
    """Where the partie stands: deals scored, who leads (or won), who sits out next."""
    if played == 0:
        sentences = [gettext("No deal scored yet: the partie lasts %(deals)s deals.",
                             deals=number(deals))]
    else:
        who = format_list([names[p] for p in leaders])
        total = signed(totals[leaders[0]])
        if over:
            sentences = [gettext("The partie is over."),
                         ngettext("%(names)s wins with %(total)s.",
                                  "%(names)s win with %(total)s each, tied.", len(leaders),
                                  names=who, total=total)]
        else:
            sentences = [gettext("Deals scored: %(played)s of %(deals)s.",
                                 played=number(played), deals=number(deals)),
                         ngettext("%(names)s leads with %(total)s.",
                                  "%(names)s lead with %(total)s each.", len(leaders),
                                  names=who, total=total)]
    if not over and sitting_out_next:
        sentences.append(ngettext("Next deal: %(names)s sits out.",
                                  "Next deal: %(names)s sit out.", len(sitting_out_next),
                                  names=format_list([names[p] for p in sitting_out_next])))
    return " ".join(sentences)


# --- POST /duplicate/notes ---------------------------------------------------------------------


@speaking
def explain_notes(*, takers: int, taker_notes: bool, gaps: bool, global_notes: bool) -> str:
    """How each figure asked for is computed (FFT 2012 duplicate rules)."""
    sentences: list[str] = []
    if takers == 1:
        sentences.append(gettext("A single play has nothing to compare with: its taker gets "
                                 "%(note)s %% and each defender %(note)s %%.", note=number(50)))
    elif takers:
        sentences.append(gettext("The %(count)s takers are ranked by score: notes run from "
                                 "100 %% for the best to 0 %% for the worst, tied takers share "
                                 "theirs, and each defender gets 100 %% minus his taker's note.",
                                 count=number(takers)))
    if taker_notes:
        sentences.append(gettext("Each defender gets %(full)s %% minus his taker's note.",
                                 full=number(100)))
    if gaps:
        sentences.append(gettext("Match points: the square root of the gap between the two "
                                 "takers' scores, with its sign, to three decimals."))
    if global_notes:
        sentences.append(gettext("Global percentage: a quarter of the average attack note plus "
                                 "three quarters of the average defence note."))
    return " ".join(sentences)
