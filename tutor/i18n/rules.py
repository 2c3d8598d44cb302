"""The rule catalog in the reader's language.

The catalog (:mod:`rules_fr.catalog`) is written in French; its titles, texts and notes are
extracted into the message catalogs with the rule id as ``msgctxt``
(:func:`tutor.i18n.extract.extract_rules`), so ``pgettext(rule.id, rule.title)`` gives the
English title in English and the French one (its own msgid) in French.
"""

from __future__ import annotations

from typing import Any

from rules_fr.catalog import RULES, Rule
from tutor.i18n.words import pgettext, speaking

__all__ = ["rule_payload", "rule_title"]


@speaking
def rule_title(rule_id: str) -> str:
    """The title of rule ``rule_id`` in the current language; the id itself for a rule the
    catalog does not hold (so a citation never fails)."""
    rule = RULES.get(rule_id)
    if rule is None:
        return rule_id
    return pgettext(rule.id, rule.title)


@speaking
def rule_payload(rule: Rule) -> dict[str, Any]:
    """``{"id", "topic", "title", "text", "source", "sources", "note"}`` in the current
    language: ``source`` is the sources joined with commas, ``sources`` the list;
    ``note`` is ``None`` when the rule has none."""
    return {
        "id": rule.id,
        "topic": rule.topic,
        "title": pgettext(rule.id, rule.title),
        "text": pgettext(rule.id, rule.text),
        "source": ", ".join(rule.sources),
        "sources": list(rule.sources),
        "note": pgettext(rule.id, rule.note) if rule.note else None,
    }
