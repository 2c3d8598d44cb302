"""Words of the live tables that are not errors: a seat's default name, and the words of the
taker's « Jeu » (the ``announcing`` phase and the ``jeu`` action).

>>> from flask import Flask
>>> from tutor.i18n import init_babel
>>> app = Flask(__name__); init_babel(app)
>>> with app.test_request_context("/?lang=en"):
...     seat_label(3), phase_name("announcing"), action_phrase("jeu")
('Seat 3', "taker's announcement", 'say “Jeu”')
>>> with app.test_request_context("/?lang=fr"):
...     explain_announcing()
"C'est au preneur de dire « Jeu » ou d'annoncer un chelem : rien d'autre ne se fait avant."
"""

from __future__ import annotations

from flask_babel import gettext, pgettext

__all__ = ["action_phrase", "explain_announcing", "explain_jeu_when", "phase_name",
           "seat_label"]


def seat_label(number: int) -> str:
    """A table seat's default name, "Seat 1" / "Siège 1" (``number`` counts from 1), in the
    creator's language: it is stored with the table as its name."""
    return pgettext("seat name", "Seat %(num)s", num=number)


def phase_name(phase: object) -> str | None:
    """The name of the ``announcing`` phase (the taker's « Jeu » or chelem), in the context
    of the other phase names (``phase of a deal``); ``None`` for any other phase. Meant for the
    ``wrong-phase`` sentence of :mod:`tutor.i18n.violations`, which names the phases."""
    if str(phase) == "announcing":
        return pgettext("phase of a deal", "taker's announcement")
    return None


def action_phrase(action: object) -> str | None:
    """What the ``jeu`` action does, as the other actions' phrases (``action at the
    table``: "You cannot %(action)s now"); ``None`` for any other action."""
    if str(action) == "jeu":
        return pgettext("action at the table", "say “Jeu”")
    return None


def explain_announcing() -> str:
    """Why an action is refused while the taker is to speak (ecart.jeu, chelem.announce): a
    table's 422 explanation, for a card, a poignée, or anything but his « Jeu » or chelem."""
    return gettext("It is the taker's turn to say “Jeu” or announce a slam: nothing else is "
                   "done before.")


def explain_jeu_when() -> str:
    """Why « Jeu » is refused outside its moment (ecart.jeu): a table's 422 explanation."""
    return gettext("The taker says “Jeu” once the contract is settled (the king called, the "
                   "écart made) and before the first card.")
