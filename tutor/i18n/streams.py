"""The sentences of the live tables' streams and their tickets (error keys only).

Like the rest of :mod:`tutor.i18n`, the msgids are English and the catalogs translate them.

>>> from flask import Flask
>>> from tutor.i18n import init_babel
>>> app = Flask(__name__); init_babel(app)
>>> with app.test_request_context("/?lang=en"):
...     STREAM_ERRORS["ticket-expired"]({})
'This stream ticket has expired: ask for a new one with the table token (POST …/stream-tickets).'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from flask_babel import gettext

__all__ = ["STREAM_ERRORS"]

P = Mapping[str, Any]

STREAM_ERRORS: Final[Mapping[str, Callable[[P], str]]] = {
    "title-503": lambda p: gettext("Service unavailable"),
    "stream-unavailable": lambda p: gettext(
        "Live updates cannot be delivered right now (the message broker is out of reach): "
        "open the stream again in a few seconds; the events are kept and none will be "
        "missed."),
    "ticket-invalid": lambda p: gettext(
        "This stream ticket is not valid: ask for a new one with the table token "
        "(POST …/stream-tickets)."),
    "ticket-expired": lambda p: gettext(
        "This stream ticket has expired: ask for a new one with the table token "
        "(POST …/stream-tickets)."),
    "ticket-other-table": lambda p: gettext(
        "This stream ticket was issued for another table."),
    "ticket-stream-only": lambda p: gettext(
        "A stream ticket opens the table's event stream only: this request needs "
        "Authorization: Bearer <token>."),
}
"""Every key the streams use, with the function that words it."""
