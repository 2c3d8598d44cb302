"""Babel extractors for the French source texts, registered in babel.cfg: the rule catalog
(``rules_fr/catalog.toml``) and the worked examples (the Gherkin feature files of ``scenarios/``).

Each rule's title, text and note become msgids — in French, the catalog's language — with the
rule id as ``msgctxt``, so ``pgettext(rule.id, rule.title)`` finds them; each source's title
too, with ``source.<key>`` as ``msgctxt``. The strings are those
:func:`rules_fr.catalog.parse_catalog` loads (blanks folded), so the msgids are exactly what the
code looks up.

Each feature file's name and each of its scenarios' titles become msgids too, in the file's
own language (French, but for ``worked_examples_en.feature``), with ``example feature`` and
``example title`` as ``msgctxt`` (:func:`tutor.i18n.catalogs.example_context`): what
:mod:`tutor.i18n.examples` looks up to serve an example's title in the reader's language. The
strings are those :func:`tutor.examples.parse_feature` reads, so the msgids are exactly what the
code looks up. The Gherkin steps are not extracted: they are the text the test suite runs.

babel.cfg::

    [extractors]
    rules = tutor.i18n.extract:extract_rules
    examples = tutor.i18n.extract:extract_examples

    [rules: rules_fr/catalog.toml]

    [examples: **.feature]
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from rules_fr.catalog import parse_catalog, parse_sources
from tutor.i18n.catalogs import EXAMPLE_FEATURE, EXAMPLE_TITLE, example_context

__all__ = ["extract_examples", "extract_rules"]

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


_FEATURE_LINE = re.compile(r"^\s*[^\s#@][^:\n]*:\s*(.+?)\s*$", re.MULTILINE)


def extract_examples(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Yield ``(lineno, "pgettext", ("example feature", name), comments)`` for the feature of a
    Gherkin file, then ``(lineno, "pgettext", ("example title", title), comments)`` for each of
    its scenarios (an outline once), in file order; the contexts carry the file's language when
    it is not French (:func:`tutor.i18n.catalogs.example_context`).

    >>> import io
    >>> feature = ('# language: fr\\nFonctionnalité: Les cartes\\n\\n'
    ...            '  Scénario: Un jeu de 78 cartes\\n    Soit une donne\\n')
    >>> [m[:3] for m in extract_examples(io.BytesIO(feature.encode()), ["pgettext"], [], {})]
    [(2, 'pgettext', ('example feature', 'Les cartes')), \
(4, 'pgettext', ('example title', 'Un jeu de 78 cartes'))]
    """
    from tutor.examples import parse_feature

    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    scenarios = parse_feature(source, "extracted.feature")
    if not scenarios:
        return
    first = scenarios[0]
    language = first["language"]
    feature = first["feature"]
    line = next((source.count("\n", 0, match.start()) + 1
                 for match in _FEATURE_LINE.finditer(source)
                 if match.group(1) == feature.strip()), 1)
    if feature:
        yield (line, "pgettext", (example_context(EXAMPLE_FEATURE, language), feature),
               ["Name of a feature file of worked examples (a topic of the rules)."])
    seen: set[str] = set()
    for scenario in scenarios:
        if scenario["title"] in seen:
            continue
        seen.add(scenario["title"])
        comments = ["Title of a worked example (a scenario). Words between angle brackets "
                    "name a column of its table: keep them as they are."
                    if "<" in scenario["title"] else "Title of a worked example (a scenario)."]
        yield (scenario["line"], "pgettext",
               (example_context(EXAMPLE_TITLE, language), scenario["title"]), comments)
