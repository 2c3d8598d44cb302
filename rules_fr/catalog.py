"""The rule catalog: every rule of the game, by stable id, in French, with its sources.

A :class:`~rules_fr.verdicts.Violation` names the rule it enforces by id (``play.overtrump``);
this module turns the id into the rule itself, so the tutor can quote the rulebook next to the
verdict. The rules are data, kept in ``catalog.toml`` next to this module, in the order of the
rulebook; each cites its sources (the seed texts, or ``"FFT 2012"`` for a ruling of the FFT's
official rulebook) and, where the sources disagree, a ``note`` saying which one was followed and
why. Only French is stored here: translations belong to the catalogs of the web layer.

>>> rule("play.overtrump").title
"Monter à l'atout"
>>> rule("play.overtrump").topic
'play'
>>> "FFT 2012" in rule("play.overtrump").sources
True
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any, Final

__all__ = [
    "FFT_SOURCE",
    "RULES",
    "SOURCES",
    "Source",
    "TOPICS",
    "Rule",
    "is_rule_id",
    "is_seed_name",
    "parse_catalog",
    "parse_sources",
    "rule",
    "rules_by_topic",
]

TOPICS: Final[tuple[str, ...]] = (
    "cards",
    "deal",
    "bidding",
    "king-call",
    "chien-ecart",
    "poignee",
    "chelem",
    "play",
    "excuse",
    "counting",
    "scoring",
    "partie",
    "duplicate",
)
"""The topics of the rulebook, in its order (a tutor groups rules by them)."""

FFT_SOURCE: Final = "FFT 2012"
"""The source name of a ruling of the FFT's official rulebook (edition of 1 July 2012)."""

_RULE_ID: Final = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+")
_SEED_SOURCE: Final = re.compile(r"\d{3}_[0-9a-f]{16}")
_WEB_SOURCE: Final = re.compile(r"web:[a-z0-9]+(?:-[a-z0-9]+)*")
"""A web page read where the seeds and the FFT's rulebook are silent (a club's pages on the
referee's procedure): titled like any source; a rule citing one says so in its note."""
_BLANKS: Final = re.compile(r"[ \t\r\n]+")  # not str.split(): a no-break space must survive
_FIELDS: Final = frozenset({"id", "topic", "title", "text", "sources", "note"})


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule of the game: what the tutor quotes when it explains a verdict or a score."""

    id: str
    topic: str
    title: str
    text: str
    sources: tuple[str, ...]
    """Seed file names without ``.txt`` (``000_79ccdf50a49e58e5``), ``"FFT 2012"``, and
    ``web:<key>`` for a web page read where both are silent."""
    note: str | None = None
    """Where the sources disagree or a seed is loose: which one was followed, and why."""

    @property
    def seeds(self) -> tuple[str, ...]:
        """The seed texts this rule rests on (its sources other than the FFT's rulebook).

        >>> rule("counting.excuse").seeds
        ()
        """
        return tuple(s for s in self.sources if is_seed_name(s))


@dataclass(frozen=True, slots=True)
class Source:
    """A text the rules rest on, as a reader knows it: by its title, never by a file name.

    >>> SOURCES["000_79ccdf50a49e58e5"].title, SOURCES["FFT 2012"].context
    ('Tarotman', 'source.fft-2012')
    """

    name: str
    """As the rules cite it: a seed file name without ``.txt``, or ``"FFT 2012"``."""
    key: str
    """A stable kebab-case word; ``source.<key>`` is the title's context in the catalogs."""
    title: str
    """In French (the catalogs translate it)."""

    @property
    def context(self) -> str:
        return f"source.{self.key}"


def is_seed_name(name: str) -> bool:
    """Whether ``name`` is a seed text's name (its file name without ``.txt``).

    >>> is_seed_name("000_79ccdf50a49e58e5"), is_seed_name("FFT 2012")
    (True, False)
    """
    return _SEED_SOURCE.fullmatch(name) is not None


def _is_source_name(name: object) -> bool:
    return isinstance(name, str) and (
        name == FFT_SOURCE or is_seed_name(name) or _WEB_SOURCE.fullmatch(name) is not None)


def is_rule_id(text: str) -> bool:
    """Whether ``text`` is a well-formed rule id: dotted words, each in kebab-case.

    >>> is_rule_id("petit.au-bout-chelem"), is_rule_id("Petit au bout"), is_rule_id("play")
    (True, False, False)
    """
    return _RULE_ID.fullmatch(text) is not None


def parse_catalog(text: str) -> dict[str, Rule]:
    r"""The rules of a catalog in TOML (``[[rule]]`` tables), by id, in the order of the file.

    Refuses a malformed catalog outright, so a typo in the data fails at import time rather
    than as a missing explanation in the tutor: unknown or missing fields, a badly formed or
    repeated id, an unknown topic, an empty title, text or source list, a source that is
    neither a seed name nor ``"FFT 2012"``. Runs of blanks and line breaks in the strings fold
    into one space.

    >>> entry = ['[[rule]]', 'id = "cards.deck"', 'topic = "cards"', 'title = "Le jeu"',
    ...          'text = "78 cartes :   56 de couleur, 21 atouts, l\'Excuse."',
    ...          'sources = ["FFT 2012"]']
    >>> parse_catalog("\n".join(entry))["cards.deck"].text
    "78 cartes : 56 de couleur, 21 atouts, l'Excuse."
    >>> parse_catalog("\n".join(entry).replace("cards.deck", "Cards"))
    Traceback (most recent call last):
    ...
    ValueError: rule 'Cards': malformed id
    """
    return _parse(text)[0]


def parse_sources(text: str) -> dict[str, Source]:
    """The ``[[source]]`` tables of a catalog, by name, in file order; a :class:`ValueError`
    for a source table malformed, repeated, or missing while a rule cites it.

    >>> parse_sources('[[source]]\\nname = "FFT 2012"\\nkey = "fft-2012"\\ntitle = "Règlement"')
    {'FFT 2012': Source(name='FFT 2012', key='fft-2012', title='Règlement')}
    """
    return _parse(text)[1]


def _parse(text: str) -> tuple[dict[str, Rule], dict[str, Source]]:
    data = tomllib.loads(text)
    unknown = set(data) - {"rule", "source"}
    if unknown:
        raise ValueError(f"unknown top-level keys in the catalog: {sorted(unknown)}")
    rules: dict[str, Rule] = {}
    for entry in data.get("rule", []):
        parsed = _parse_rule(entry)
        if parsed.id in rules:
            raise ValueError(f"rule {parsed.id!r}: id used twice")
        rules[parsed.id] = parsed
    sources: dict[str, Source] = {}
    for entry in data.get("source", []):
        source = _parse_source(entry)
        if source.name in sources or source.key in {s.key for s in sources.values()}:
            raise ValueError(f"source {source.name!r}: name or key used twice")
        sources[source.name] = source
    if sources:  # a catalog with source tables must title every source its rules cite
        untitled = {name for r in rules.values() for name in r.sources} - sources.keys()
        if untitled:
            raise ValueError(f"sources cited with no [[source]] title: {sorted(untitled)}")
    return rules, sources


def _parse_source(entry: Mapping[str, Any]) -> Source:
    label = f"source {entry.get('name')!r}"
    if set(entry) != {"name", "key", "title"}:
        raise ValueError(f"{label}: fields must be name, key and title")
    name, key = entry["name"], entry["key"]
    if not _is_source_name(name):
        raise ValueError(f"{label}: neither a seed, {FFT_SOURCE!r} nor a web:<key> page")
    if not isinstance(key, str) or not is_rule_id(f"source.{key}"):
        raise ValueError(f"{label}: key must be a kebab-case word")
    title = _prose(entry["title"], label)
    if "," in title:  # the titles of a rule's sources are joined with commas
        raise ValueError(f"{label}: a title may not hold a comma")
    return Source(name, key, title)


def _parse_rule(entry: Mapping[str, Any]) -> Rule:
    rule_id = entry.get("id")
    label = f"rule {rule_id!r}"
    if not isinstance(rule_id, str) or not is_rule_id(rule_id):
        raise ValueError(f"{label}: malformed id")
    fields = set(entry)
    if fields - _FIELDS:
        raise ValueError(f"{label}: unknown fields {sorted(fields - _FIELDS)}")
    missing = (_FIELDS - {"note"}) - fields
    if missing:
        raise ValueError(f"{label}: missing fields {sorted(missing)}")
    if entry["topic"] not in TOPICS:
        raise ValueError(f"{label}: unknown topic {entry['topic']!r}")
    title, text = _prose(entry["title"], label), _prose(entry["text"], label)
    note = _prose(entry["note"], label) if "note" in entry else None
    sources = entry["sources"]
    if not isinstance(sources, list) or not sources:
        raise ValueError(f"{label}: sources must be a non-empty list")
    for source in sources:
        if not _is_source_name(source):
            raise ValueError(f"{label}: source {source!r} is neither a seed, {FFT_SOURCE!r} "
                             "nor a web:<key> page")
    if len(set(sources)) != len(sources):
        raise ValueError(f"{label}: a source is cited twice")
    return Rule(rule_id, entry["topic"], title, text, tuple(sources), note)


def _prose(value: object, label: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{label}: expected a string, got {value!r}")
    folded = _BLANKS.sub(" ", value).strip()
    if not folded:
        raise ValueError(f"{label}: empty string")
    return folded


def _load() -> tuple[Mapping[str, Rule], Mapping[str, Source]]:
    text = resources.files(__package__ or "rules_fr").joinpath("catalog.toml").read_text("utf-8")
    rules, sources = _parse(text)
    return MappingProxyType(rules), MappingProxyType(sources)


_LOADED: Final = _load()
RULES: Final[Mapping[str, Rule]] = _LOADED[0]
"""Every rule, by id, in the order of ``catalog.toml`` (read-only)."""
SOURCES: Final[Mapping[str, Source]] = _LOADED[1]
"""How each source the rules cite is titled, by name (read-only)."""


def rule(rule_id: str) -> Rule:
    """The rule of id ``rule_id``; a :class:`KeyError` if the catalog has none.

    >>> rule("score.targets").sources[0]
    '000_79ccdf50a49e58e5'
    >>> rule("play.no-such-rule")
    Traceback (most recent call last):
    ...
    KeyError: "no rule 'play.no-such-rule' in the catalog"
    """
    try:
        return RULES[rule_id]
    except KeyError:
        raise KeyError(f"no rule {rule_id!r} in the catalog") from None


def rules_by_topic(topic: str) -> tuple[Rule, ...]:
    """The rules of ``topic``, in the catalog's order; a :class:`ValueError` for an unknown one.

    >>> [r.id for r in rules_by_topic("king-call")]
    ['call.king', 'call.ladder', 'call.alone', 'call.partner-secret']
    """
    if topic not in TOPICS:
        raise ValueError(f"unknown topic {topic!r}; topics are {', '.join(TOPICS)}")
    return tuple(r for r in RULES.values() if r.topic == topic)
