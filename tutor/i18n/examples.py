"""The worked examples in the reader's language: their titles and feature names.

A worked example is a Gherkin scenario of ``scenarios/`` (:mod:`tutor.examples`), written in
French (one file, ``worked_examples_en.feature``, in English). Its title and its feature's name
are msgids of the message catalogs (:func:`tutor.i18n.extract.extract_examples`, context
``example title`` / ``example feature``), so they are served in the reader's language like
every other sentence. Its Gherkin steps are not translated: they are the text the test suite
runs against the referee. Every example served says which language they are written in
(``steps_language``), and the pages put them under a heading that says so; the reader's own
language tells the example as a story (:func:`tutor.services.stories.stories`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor.i18n.catalogs import EXAMPLE_FEATURE, EXAMPLE_TITLE, example_context
from tutor.i18n.words import pgettext, speaking

__all__ = ["example_feature", "example_title", "example_words"]


def _steps_language(entry: Mapping[str, Any]) -> str:
    return str(entry.get("language") or "fr")


@speaking
def example_title(entry: Mapping[str, Any]) -> str:
    """The title of the worked example ``entry`` (a dict of :func:`tutor.examples.example`) in
    the current language; as written when the catalogs do not hold it."""
    return pgettext(example_context(EXAMPLE_TITLE, _steps_language(entry)), entry["title"])


@speaking
def example_feature(entry: Mapping[str, Any]) -> str:
    """The name of the feature (the topic) of the worked example ``entry`` in the current
    language; as written when the catalogs do not hold it."""
    feature = str(entry.get("feature") or "")
    if not feature:
        return feature
    return pgettext(example_context(EXAMPLE_FEATURE, _steps_language(entry)), feature)


@speaking
def example_words(entry: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``entry`` with its ``title`` and ``feature`` in the current language, and
    ``steps_language``: the language its Gherkin steps (and its ``note``, the rulebook's words,
    and its outline's block names) are written in, whatever the reader's (``language`` says
    the same, as Gherkin names it)."""
    return {**entry, "title": example_title(entry), "feature": example_feature(entry),
            "steps_language": _steps_language(entry)}
