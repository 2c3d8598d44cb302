"""The API's error sentences, by stable key (``error_text("unknown-card", text="ZZ")``).

The keys are the contract with the API (see notes/I18N_INTERFACE.md); an unknown key raises
:class:`KeyError`, so a key the API uses without a catalog entry fails its tests rather than a
reader. Params that name a card (``card``) accept a card code and are spoken as the card's
name; numbers are formatted for the locale.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any, Final

from flask_babel import gettext

from tutor.i18n.violations import score_reason
from tutor.i18n.words import card_name, number, to_cards

__all__ = ["ERRORS", "error_text"]


def N_(message: str) -> str:
    """Marks a msgid for extraction; translated later, when the key is used."""
    return message


ERRORS: Final[Mapping[str, str]] = {
    "malformed-json": N_("The request body is not valid JSON."),
    "body-too-large": N_("The request body is too large."),
    "unsupported-media-type": N_("Send the request body as JSON (Content-Type: "
                                 "application/json)."),
    "validation-failed": N_("Some fields of the request are missing or invalid: see the "
                            "details."),
    "not-found": N_("There is nothing at this address."),
    "method-not-allowed": N_("This method is not allowed at this address."),
    "unknown-card": N_("“%(text)s” is not a card: write it as a code such as KH, 10D, CS, T21 "
                       "or EX, or by its name."),
    "duplicate-card": N_("The same card is given twice: %(card)s."),
    "card-in-hand-and-trick": N_("A card cannot be both in the hand and in the trick: "
                                 "%(card)s."),
    "card-not-in-hand": N_("You do not hold %(card)s."),
    "trick-too-long": N_("A trick holds at most one card per player: %(size)s cards for "
                         "%(players)s players."),
    "hand-too-large": N_("A hand holds at most %(max)s cards, not %(size)s."),
    "players-range": N_("A deal is played by 3, 4 or 5 players, not %(value)s."),
    "unknown-contract": N_("“%(text)s” is not a contract: petite, garde, garde_sans or "
                           "garde_contre."),
    "unknown-bid": N_("“%(text)s” is not a bid: pass, petite, garde, garde_sans or "
                      "garde_contre."),
    "not-a-half-point": N_("Points are counted in half points: %(value)s is not a multiple of "
                           "0.5."),
    "points-range": N_("The taker's points must be between 0 and 91, not %(value)s."),
    "field-required": N_("This field is required."),
    "field-invalid": N_("This value is not valid."),
    "internal-error": N_("Something went wrong on our side; please try again."),
    "impossible-score": N_("No deal can end with this score: %(reason)s"),
}
"""Every key the API may use, with its English msgid."""


def _param(name: str, value: Any) -> Any:
    if name == "card":
        cards = to_cards(value)
        return card_name(cards[0]) if cards else str(value)
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float | Decimal):
        return number(value)
    return value


def error_text(key: str, **params: Any) -> str:
    """The error sentence ``key`` in the current language, filled with ``params``.

    ``impossible-score`` takes the ``reason`` of a ``score-impossible`` verdict (with its other
    params) and gives that reason's sentence; a free-text reason is quoted as is.
    Raises :class:`KeyError` for an unknown key or a missing param.
    """
    msgid = ERRORS[key]
    if key == "impossible-score":
        reason = params.get("reason")
        sentence = score_reason(reason, params)
        if sentence is not None:
            return sentence
        params = {"reason": str(reason) if reason is not None else ""}
    values = {name: _param(name, value) for name, value in params.items()}
    if "%(" in msgid:
        return gettext(msgid, **values) if values else _missing(key, msgid)
    return gettext(msgid)


def _missing(key: str, msgid: str) -> str:
    raise KeyError(f"error {key!r} needs params: {msgid!r}")
