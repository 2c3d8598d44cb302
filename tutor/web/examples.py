"""The scenarios of :mod:`tutor.examples` as the pages show them: worked examples.

A scenario's title and feature name are shown in the reader's language
(:mod:`tutor.i18n.examples`); its steps as written (French Gherkin, or English for
``worked_examples_en.feature``), under a heading that says so when the reader's language is
another (``steps_language``). What this module adds is reading aid:
the rules it illustrates with their titles in the reader's language, and the card codes of a
step (``"KS QH 2H"``) or of a table cell split out so that the page can draw them as cards with
their names for screen readers.
"""

from __future__ import annotations

import re
from typing import Any, Final

from rules_fr.cards import parse_card

__all__ = ["example_view", "text_parts"]

_QUOTED: Final = re.compile(r'"([^"]*)"')
_CODE: Final = re.compile(r"(?:[1-9]|10|[JCQK])[SHDC]|T(?:[1-9]|1[0-9]|2[01])|EX")
"""A card as the scenarios write it: the canonical code only (a bare ``10`` is a number)."""
_PLACEHOLDER: Final = re.compile(r"(<[\w -]+>)")


def _card_codes(text: str) -> list[str] | None:
    """The canonical codes of ``text`` when it is only card codes (at least one), else None.

    >>> _card_codes("KS 10H  EX"), _card_codes("garde"), _card_codes("10"), _card_codes("")
    (['KS', '10H', 'EX'], None, None, None)
    """
    words = text.split()
    if not words or not all(_CODE.fullmatch(word) for word in words):
        return None
    return [parse_card(word).code for word in words]


def _plain_parts(text: str) -> list[dict[str, Any]]:
    """Text with the outline's ``<placeholders>`` marked (``var``)."""
    parts: list[dict[str, Any]] = []
    for i, piece in enumerate(_PLACEHOLDER.split(text)):
        if piece:
            parts.append({"var": piece} if i % 2 else {"text": piece})
    return parts


def text_parts(text: str) -> list[dict[str, Any]]:
    """A step's text cut into ``{"text"}``, ``{"var"}`` (an outline placeholder) and
    ``{"cards": [codes], "quoted": bool}`` parts, in order: a quoted run of card codes, or a
    whole text of card codes (a table cell), becomes cards; any other text stays as written.

    >>> text_parts('la main "KS 2H" en "garde"')
    [{'text': 'la main '}, {'cards': ['KS', '2H'], 'quoted': True}, {'text': ' en "garde"'}]
    >>> text_parts("T21 EX"), text_parts("une donne à <joueurs> joueurs")[1]
    ([{'cards': ['T21', 'EX'], 'quoted': False}], {'var': '<joueurs>'})
    """
    whole = _card_codes(text)
    if whole is not None:
        return [{"cards": whole, "quoted": False}]
    parts: list[dict[str, Any]] = []
    plain = ""
    last = 0
    for match in _QUOTED.finditer(text):
        codes = _card_codes(match.group(1))
        if codes is None:
            continue
        plain += text[last:match.start()]
        parts.extend(_plain_parts(plain))
        plain = ""
        parts.append({"cards": codes, "quoted": True})
        last = match.end()
    parts.extend(_plain_parts(plain + text[last:]))
    return parts


def _table(rows: list[list[str]]) -> dict[str, Any]:
    return {"header": rows[0], "rows": [[text_parts(cell) for cell in row] for row in rows[1:]]}


def example_view(entry: dict[str, Any]) -> dict[str, Any]:
    """``entry`` (a dict of :func:`tutor.examples.example`) with what the page draws: its
    ``title`` and ``feature`` in the reader's language and ``steps_language`` (the language of
    its steps: :func:`tutor.i18n.examples.example_words`), ``rule_links`` (id, title in the
    reader's language, address on the rules page), and for each step ``parts`` and ``grid``
    (its table: header and rows of cell parts), for each block of examples ``grid`` likewise,
    and ``story`` (the example told in the reader's language:
    :func:`tutor.services.stories.stories`)."""
    from flask import url_for

    from tutor.i18n.examples import example_words
    from tutor.i18n.rules import rule_title, source_titles

    view = example_words(entry)
    view["sources"] = source_titles(entry["sources"])
    view["rule_links"] = [{"id": rule_id, "title": rule_title(rule_id),
                           "url": url_for("web.rules") + "#" + rule_id}
                          for rule_id in entry["rules"]]
    view["steps"] = [{**step, "parts": text_parts(step["text"]),
                      "grid": _table(step["table"]) if step["table"] else None}
                     for step in entry["steps"]]
    view["examples"] = [{**block, "grid": _table([block["header"], *block["rows"]])}
                        for block in entry["examples"]]
    from tutor.services.stories import stories

    view["story"] = stories(entry)
    return view
