"""A Babel extractor for the rule catalog (``rules_fr/catalog.toml``), registered in babel.cfg.

Each rule's title, text and note become msgids — in French, the catalog's language — with the
rule id as ``msgctxt``, so ``pgettext(rule.id, rule.title)`` finds them; each source's title
too, with ``source.<key>`` as ``msgctxt``. The strings are those
:func:`rules_fr.catalog.parse_catalog` loads (blanks folded), so the msgids are exactly what the
code looks up.

babel.cfg::

    [extractors]
    rules = tutor.i18n.extract:extract_rules

    [rules: rules_fr/catalog.toml]
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from rules_fr.catalog import parse_catalog, parse_sources

__all__ = ["extract_rules"]

_ID_LINE = re.compile(r'^\s*id\s*=\s*"([^"]+)"', re.MULTILINE)
_NAME_LINE = re.compile(r'^\s*name\s*=\s*"([^"]+)"', re.MULTILINE)


def extract_rules(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Yield ``(lineno, "pgettext", (rule_id, text), comments)`` for each title, text and note,
    then ``(lineno, "pgettext", ("source.<key>", title), comments)`` for each source.

    >>> import io
    >>> toml = '[[rule]]\\nid = "cards.deck"\\ntopic = "cards"\\ntitle = "Le jeu"\\n' \\
    ...        'text = "78 cartes."\\nsources = ["FFT 2012"]\\n'
    >>> [m[2] for m in extract_rules(io.BytesIO(toml.encode()), ["pgettext"], [], {})]
    [('cards.deck', 'Le jeu'), ('cards.deck', '78 cartes.')]
    """
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    lines = {match.group(1): source.count("\n", 0, match.start()) + 1
             for match in _ID_LINE.finditer(source)}
    for rule in parse_catalog(source).values():
        lineno = lines.get(rule.id, 1)
        fields = [("title", rule.title), ("text", rule.text)]
        if rule.note:
            fields.append(("note", rule.note))
        for name, text in fields:
            yield lineno, "pgettext", (rule.id, text), [f"Rule {rule.id}, {name}."]
    names = {match.group(1): source.count("\n", 0, match.start()) + 1
             for match in _NAME_LINE.finditer(source)}
    for cited in parse_sources(source).values():
        yield (names.get(cited.name, 1), "pgettext", (cited.context, cited.title),
               [f"Title of the source {cited.name}."])
