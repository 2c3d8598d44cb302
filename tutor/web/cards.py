"""How a card looks on a page: a short face (rank and suit symbol), a colour class, and its
full name for screen readers ("roi de cœur" / "king of hearts").

Only presentation: which card may be played is always the API's answer.
"""

from __future__ import annotations

from typing import Any, Final

from flask_babel import gettext as _

from rules_fr.cards import CARDS, Card, Suit, parse_card

__all__ = ["card_view", "cards_table"]

_SYMBOLS: Final = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣",
                   Suit.TRUMPS: "", Suit.EXCUSE: "★"}
_CLASSES: Final = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
                   Suit.CLUBS: "clubs", Suit.TRUMPS: "trump", Suit.EXCUSE: "excuse"}


def _rank_face(card: Card) -> str:
    if card.is_excuse:
        return ""
    if card.is_trump or card.rank <= 10:
        return str(card.rank)
    # Translators: one-letter abbreviations of the face cards on a card face.
    return {11: _("J"), 12: _("C"), 13: _("Q"), 14: _("K")}[card.rank]


def _name(card: Card) -> str:
    """The card's full name as a button says it — the accessibility contract of the browser
    tutor, which tests and screen-reader users rely on: "King of hearts" / "Roi de cœur",
    "The excuse" / "L'excuse", "Trump 21" / "Atout 21" (sentences name trumps the teacher's
    way, "the 5 of trumps"; a button is a label to find and say quickly)."""
    from tutor.i18n import card_name
    from tutor.i18n.words import capitalized

    if card.is_excuse:
        return _("The excuse")
    if card.is_trump:
        return _("Trump %(rank)s", rank=card.rank)
    return capitalized(card_name(card, article=False))


def _face_word(card: Card) -> str:
    """The word printed on a card face that has one: the excuse's name, "petit" for the 1."""
    if card.is_excuse:
        # Translators: the word printed on the excuse's face.
        return _("Excuse")
    if card.is_trump and card.rank == 1:
        # Translators: the word printed on the trump 1's face (le petit).
        return _("Petit")
    return ""


def card_view(card: Card | str) -> dict[str, Any]:
    """Everything a template or the script needs to draw ``card`` (a Card or a code)."""
    if isinstance(card, str):
        card = parse_card(card)
    return {
        "code": card.code,
        "order": card.index,
        "rank": _rank_face(card),
        "symbol": _SYMBOLS[card.suit],
        "cls": _CLASSES[card.suit],
        "name": _name(card),
        "trump": _("trump") if card.is_trump else "",
        "bout": card.is_bout,
        "word": _face_word(card),
    }


def cards_table() -> dict[str, dict[str, Any]]:
    """``card_view`` of the 78 cards by code, for the script (cards it draws from the API)."""
    return {card.code: card_view(card) for card in CARDS}
