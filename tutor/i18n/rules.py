"""The rule catalog in the reader's language.

The catalog (:mod:`rules_fr.catalog`) is written in French; its titles, texts and notes are
extracted into the message catalogs with the rule id as ``msgctxt``
(:func:`tutor.i18n.extract.extract_rules`), so ``pgettext(rule.id, rule.title)`` gives the
English title in English and the French one (its own msgid) in French. Sources are named by
their titles (``Tarotman``, ``FFT rulebook 2012``), never by a seed's file name.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules_fr.catalog import RULES, SOURCES, Rule
from tutor.i18n.words import pgettext, speaking

__all__ = ["rule_payload", "rule_title", "source_title", "source_titles"]


@speaking
def rule_title(rule_id: str) -> str:
    """The title of rule ``rule_id`` in the current language; the id itself for a rule the
    catalog does not hold (so a citation never fails)."""
    rule = RULES.get(rule_id)
    if rule is None:
        return rule_id
    return pgettext(rule.id, rule.title)


@speaking
def source_title(name: str) -> str:
    """The title of the source ``name`` (a seed name or ``"FFT 2012"``) in the current
    language; the name itself for a source the catalog does not title."""
    source = SOURCES.get(name)
    return name if source is None else pgettext(source.context, source.title)


@speaking
def source_titles(names: Iterable[str]) -> list[str]:
    """:func:`source_title` of each name, in order."""
    return [source_title(name) for name in names]


@speaking
def rule_payload(rule: Rule) -> dict[str, Any]:
    """``{"id", "topic", "title", "text", "source", "sources", "note"}`` in the current
    language: ``sources`` the titles of the sources, ``source`` the same joined with commas;
    ``note`` is ``None`` when the rule has none."""
    sources = source_titles(rule.sources)
    return {
        "id": rule.id,
        "topic": rule.topic,
        "title": pgettext(rule.id, rule.title),
        "text": pgettext(rule.id, rule.text),
        "source": ", ".join(sources),
        "sources": sources,
        "note": pgettext(rule.id, rule.note) if rule.note else None,
    }
