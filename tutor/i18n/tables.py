"""Words of the live tables that are not errors: a seat's default name.

>>> from flask import Flask
>>> from tutor.i18n import init_babel
>>> app = Flask(__name__); init_babel(app)
>>> with app.test_request_context("/?lang=en"):
...     seat_label(3)
'Seat 3'
"""

from __future__ import annotations

from flask_babel import pgettext

__all__ = ["seat_label"]


def seat_label(number: int) -> str:
    """A table seat's default name, "Seat 1" / "Siège 1" (``number`` counts from 1), in the
    creator's language: it is stored with the table as its name."""
    return pgettext("seat name", "Seat %(num)s", num=number)
