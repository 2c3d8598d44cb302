"""The service layer: what the JSON API and the MCP server answer, computed once.

Each function takes a request already parsed by the API's request schema (cards as
:class:`~rules_fr.cards.Card`, contracts as enums; see :mod:`tutor.api`), asks the rules core,
and returns the JSON-ready answer in the current language (a Flask request context, as
:mod:`tutor.i18n` needs). A request that means nothing raises
:class:`~tutor.errors.Unprocessable`, a rule the catalog lacks :class:`UnknownRule`. The HTTP
views (:mod:`tutor.api`) and the MCP tools (:mod:`tutor.mcp_server`) are thin shells around
these functions, so a chatbot and an app can never be told two different things.
"""

from __future__ import annotations

from tutor.errors import FieldProblem, Unprocessable

__all__ = ["UnknownRule", "refuse"]


def refuse(problems: list[FieldProblem]) -> None:
    """Raise the 422 of ``problems``, if there are any."""
    if problems:
        raise Unprocessable(problems)


from tutor.services.rules import UnknownRule  # noqa: E402  (after refuse: it may import it)
