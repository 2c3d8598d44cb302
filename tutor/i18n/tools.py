"""The sentences of the MCP tools' texts that no endpoint says: how many rules a search
found, which rules an answer rests on."""

from __future__ import annotations

from tutor.i18n.words import gettext, ngettext, speaking

__all__ = ["found_rules", "next_page", "rules_cited", "session_language"]


@speaking
def found_rules(count: int) -> str:
    """``3 rules found:`` (or that none was)."""
    if count == 0:
        return gettext("No rule matches these words.")
    return ngettext("%(num)d rule found:", "%(num)d rules found:", count)


@speaking
def rules_cited(rules: str) -> str:
    """The rules an answer rests on, ids and titles already listed."""
    return gettext("Rules: %(rules)s.", rules=rules)


@speaking
def next_page(cursor: str) -> str:
    """That a search has more rules than it showed, and how to see them."""
    return gettext("More rules: ask again with cursor “%(cursor)s”.", cursor=cursor)


@speaking
def session_language() -> str:
    """That this session's answers are now in the current language."""
    return gettext("From now on, this session's answers are in English.")
