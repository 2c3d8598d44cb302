"""The overall sentence of each check endpoint: what was proposed, and whether the rules allow it.

A refused action lists the sentence of each violation (each citing its rule); an allowed one
says so, adding what the player must still do (show the trumps of an écart) or mind (the
warnings of a legal play).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rules_fr.cards import EXCUSE, Card, CardSet
from rules_fr.poignee import PoigneeLevel, poignee_size
from rules_fr.verdicts import Violation
from tutor.i18n.violations import violation_message
from tutor.i18n.words import (
    card_list,
    card_name,
    contract_name,
    format_list,
    gettext,
    handful_name,
    ngettext,
    number,
    speaking,
)

__all__ = [
    "explain_bid",
    "explain_deal",
    "explain_ecart",
    "explain_hand",
    "explain_king_call",
    "explain_play",
    "explain_poignee",
]


def _messages(violations: Iterable[Violation]) -> str:
    return " ".join(violation_message(v) for v in violations)


_LISTED = 6
"""The most legal cards an explanation names one by one; past it, a count and two of them."""


def _legal_cards(legal: CardSet) -> str:
    """"You may play the 7 or the king of hearts, or the excuse." — the excuse apart, since it
    may always be played."""
    others = legal - CardSet(EXCUSE.mask)
    if not others:
        return gettext("The only card you may play is the excuse.")
    if len(others) > _LISTED:
        # a lesson names a couple of cards, not a hand of eighteen
        shown = card_list(CardSet.of(list(others)[:2]))
        if EXCUSE in legal:
            return gettext("You may play %(num)d cards, such as %(cards)s, or the excuse.",
                           num=len(others), cards=shown)
        return gettext("You may play %(num)d cards, such as %(cards)s.", num=len(others),
                       cards=shown)
    cards = card_list(others, style="or")
    if EXCUSE in legal:
        return ngettext("You may play %(cards)s, or the excuse.",
                        "You may play %(cards)s, or the excuse.", len(others), cards=cards)
    return ngettext("The only card you may play is %(cards)s.", "You may play %(cards)s.",
                    len(others), cards=cards)


@speaking
def explain_play(card: Card, violations: Sequence[Violation], warnings: Sequence[Violation],
                 legal: CardSet, allowed: Sequence[Violation] = ()) -> str:
    """POST /check/play: why ``card`` may not be played, and which cards may; or that it may,
    why when the play would surprise a beginner (``allowed``, :func:`rules_fr.play.why_allowed`
    — each sentence says the card, so it replaces the plain "You may play …"), then the
    warnings."""
    if violations:
        sentences = [_messages(violations)]
        if legal:
            sentences.append(_legal_cards(legal))
        return " ".join(sentences)
    if allowed:
        sentences = [_messages(allowed)]
    else:
        sentences = [gettext("You may play %(card)s.", card=card_name(card))]
    if warnings:
        sentences.append(gettext("But mind this:"))
        warning = _messages(warnings)  # after a colon, no capital (French typography)
        sentences.append(warning[:1].lower() + warning[1:])
    return " ".join(sentences)


@speaking
def explain_ecart(violations: Sequence[Violation], trumps_to_show: CardSet) -> str:
    """POST /check/ecart: what is wrong with the écart, or that it is legal (and which trumps
    the taker must show to the defence)."""
    if violations:
        return _messages(violations)
    sentences = [gettext("Your écart is legal.")]
    if trumps_to_show:
        sentences.append(ngettext("Show this trump to the defence: %(cards)s.",
                                  "Show these %(num)d trumps to the defence: %(cards)s.",
                                  len(trumps_to_show), cards=card_list(trumps_to_show)))
    return " ".join(sentences)


@speaking
def explain_bid(bid: Any, violations: Sequence[Violation]) -> str:
    """POST /check/bid: why the bid is refused, or the bid made (``None`` is a pass)."""
    if violations:
        return _messages(violations)
    if bid is None:
        return gettext("You pass.")
    return gettext("You bid %(contract)s.", contract=contract_name(bid, article=True))


@speaking
def explain_king_call(card: Card, violations: Sequence[Violation], alone: bool, *,
                      in_chien: bool = False) -> str:
    """POST /check/king-call: why the call is refused, or who the partner is. ``in_chien``:
    the called card lies in the chien (known once it is turned over), so the taker plays
    alone although he does not hold it."""
    if violations:
        return _messages(violations)
    if in_chien:
        return gettext("You call %(card)s: it is in the chien, so you play alone, one against "
                       "four.", card=card_name(card))
    if alone:
        return gettext("You call %(card)s: nobody else holds it, so you play alone, one against "
                       "four.", card=card_name(card))
    return gettext("You call %(card)s: its holder is your partner, unknown to all until the card "
                   "is played.", card=card_name(card))


@speaking
def explain_poignee(level: PoigneeLevel | None, violations: Sequence[Violation]) -> str:
    """POST /check/poignee: why the poignée is refused, or what it is worth."""
    if violations:
        return _messages(violations)
    if level is None:
        return gettext("You show no handful.")
    level = PoigneeLevel(level)
    return gettext("You show a %(handful)s: %(bonus)s points go to the side that wins the deal.",
                   handful=handful_name(level), bonus=number(level.bonus))


@speaking
def explain_hand(players: int, petit_sec: bool, poignees: Sequence[PoigneeLevel]) -> str:
    """What a hand allows or demands before play: a petit sec annuls the deal; a poignée may
    be shown (each level with its number of trumps)."""
    if petit_sec:
        return gettext("Petit sec: the petit is your only trump and you have no excuse. Announce "
                       "it and show your hand: the deal is annulled before the bidding.")
    if not poignees:
        return gettext("Nothing to announce: no petit sec, no handful.")
    choices = [
        ngettext("a %(handful)s (%(num)d trump)", "a %(handful)s (%(num)d trumps)",
                 poignee_size(players, PoigneeLevel(level)),
                 handful=handful_name(PoigneeLevel(level)))
        for level in poignees
    ]
    return gettext("You may show %(choices)s, just before your first card.",
                   choices=format_list(choices, style="or"))


@speaking
def explain_deal(violations: Sequence[Violation]) -> str:
    """POST /check/deal: what is wrong with the deal, or that it is regular."""
    if violations:
        return _messages(violations)
    return gettext("The deal is regular: each of the 78 cards is dealt once, the hands and the "
                   "chien have the right size.")

