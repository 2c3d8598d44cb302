"""The rule catalog as a service: list, search, read one rule with its worked examples.

Search (``GET /rules?q=&topic=``, the MCP tool ``search_rules``) reads the rules in every
language the service speaks, so a French or an English query finds a rule whichever language
the answer is in. Words are compared without accents or case (``écart`` = ``ECART``), plural
``s`` aside, a query word also matching the start of a longer word and the other way round
(``surcoup`` and ``surcouper`` both find ``surcoupe``), numbers written as words read as
digits (``six`` = ``6``); common words and the words that only make a question (``le``,
``the``, ``combien``, ``how many``…) are ignored, and a question's word also matches the
words the rules use for it (``discard`` finds ``écart``: :data:`_SYNONYMS`). A rule is ranked
by the telling words it matches (those fewer than a quarter of the rules hold), then all the
words it matches, then where they match — id, title, topic, text, note — weighed by how rare
each word is among the rules; when some rules match every telling word, only those are given.
``tests/data/search_questions.toml`` holds the questions this is tuned on
(``tests/test_rule_search.py``: the right rule first for at least 90 % of them).
"""

from __future__ import annotations

import difflib
import json
import math
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from flask import current_app
from flask_babel import force_locale

from rules_fr.catalog import RULES, SOURCES, TOPICS, Rule
from tutor.examples import SOURCE_TAG, examples_for_rule
from tutor.i18n import rule_payload
from tutor.i18n.examples import example_title, example_words
from tutor.i18n.language import supported_languages
from tutor.i18n.rules import source_titles
from tutor.services.stories import stories

__all__ = ["EXAMPLE_LEVELS", "TOLD_BUDGET", "VIEWS", "UnknownRule", "closest_rule_ids",
           "example_payload", "list_rules", "normalize", "query_words", "read_rule",
           "search_rule_ids"]

_WEIGHTS: Final = {"id": 6.0, "title": 4.0, "topic": 2.0, "text": 1.0, "note": 0.5}
_PREFIX_SHARE: Final = 0.7
"""How much a query word that only starts a word of the rule counts, against an exact word."""
_STOPWORD_TEXT: Final = """
a au aux avec ce ces cette d de des du elle en est et il je l la le les leur lui ma mais me
mes mon ne on ou par pas peut pour qu que quel quelle quand qui sa se si son sur ta te tes
ton un une vous y doit
an and are as at be by can do does for from how i if in is it its may me must my of on or
the their then this to what when where which who why with you your
"""
_QUESTION_WORDS: Final = """
c ca quoi quels quelles comment combien n ai j nous t comme mettre peux puis
many much there get gets got have has had what whats we our us should shall will would
could please tell about happen happens put
"""
_STOPWORDS: Final = frozenset(_STOPWORD_TEXT.split()) | frozenset(_QUESTION_WORDS.split())
"""Words too common in French or English questions to tell two rules apart (with the words
that only make a sentence a question: "combien", "how many", "tell me")."""
_NUMBERS: Final = {"two": "2", "deux": "2", "three": "3", "trois": "3", "four": "4",
                   "quatre": "4", "five": "5", "cinq": "5", "six": "6", "seven": "7",
                   "sept": "7"}
"""Numbers written as words, read as digits in the rules and the queries alike ("six
players" finds "À 6 joueurs"); one is left out: "un", "une" are articles too."""
_SYNONYMS: Final = {
    "discard": ("discard", "ecart"), "defausse": ("defausse", "ecart"),
    "deck": ("deck", "pack", "jeu"), "need": ("need", "make", "faire", "realiser"),
    "faut": ("realiser", "make", "need"),
    "distribue": ("distribue", "donne", "donneur"), "pli": ("pli", "levee"),
    "trick": ("trick", "levee"), "everybody": ("everybody", "all", "tout"),
    "everyone": ("everyone", "all", "tout"),
    "worth": ("worth", "vaut", "value", "bonus", "prime"),
    "rapporte": ("rapporte", "prime", "vaut"), "game": ("game", "partie"),
    "multiplie": ("multiplie", "multiplier", "coefficient"),
    "gagne": ("gagne", "remporte", "win"), "jouer": ("jouer", "joue", "jouee", "play"),
}
"""A question's word and the words the rules use for the same thing, in either language
(asked "can I discard a king", the rules say "écart"): a word matches as its best
alternative."""
_WORD: Final = re.compile(r"[0-9]+(?:[.,][0-9]+)?(?![0-9a-z])|[a-z0-9]+")
"""A word, or a number with its decimals ("2,5 points" is no "2": "deux bouts" must not find
the value of the cards)."""
_INDEX_KEY: Final = "tutor.rule_search_index"
_IDF_KEY: Final = "tutor.rule_search_idf"


class UnknownRule(LookupError):
    """No rule of that id: the closest ids are offered (a 404, a tool error)."""

    def __init__(self, rule_id: str, closest: list[str]) -> None:
        super().__init__(rule_id)
        self.rule_id = rule_id
        self.closest = closest


def normalize(text: str) -> str:
    """``text`` without accents, ligatures or case, for comparing words.

    >>> normalize("Écart, CŒUR, Garde Contre")
    'ecart, coeur, garde contre'
    """
    text = text.replace("œ", "oe").replace("Œ", "OE").replace("æ", "ae").replace("Æ", "AE")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _stem(word: str) -> str:
    if word in _NUMBERS:
        return _NUMBERS[word]
    return word[:-1] if len(word) > 3 and word[-1] in "sx" else word


def _words(text: str) -> list[str]:
    return [_stem(w) for w in _WORD.findall(normalize(text))]


def query_words(query: str) -> list[str]:
    """The words of a query that count (no stop word), each once, in order.

    >>> query_words("Quand peut-on jouer l'Excuse ?")
    ['jouer', 'excuse']
    """
    seen: dict[str, None] = {}
    for word in _WORD.findall(normalize(query)):
        if word not in _STOPWORDS and _stem(word) not in _STOPWORDS:
            seen.setdefault(_stem(word), None)
    return list(seen)


@dataclass(frozen=True, slots=True)
class _Entry:
    rule_id: str
    fields: Mapping[str, frozenset[str]]


def _index() -> list[_Entry]:
    """Every rule's words by field, over every language served (built once per app)."""
    cached = current_app.extensions.get(_INDEX_KEY)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    words: dict[str, dict[str, set[str]]] = {
        r.id: {"id": set(_words(r.id.replace(".", " ").replace("-", " "))),
               "topic": set(_words(r.topic.replace("-", " "))),
               "title": set(), "text": set(), "note": set()}
        for r in RULES.values()}
    for language in supported_languages():
        with force_locale(language):
            for r in RULES.values():
                served = rule_payload(r)
                for name in ("title", "text", "note"):
                    words[r.id][name].update(_words(served[name] or ""))
    entries = [_Entry(rule_id, {name: frozenset(found) for name, found in fields.items()})
               for rule_id, fields in words.items()]
    current_app.extensions[_INDEX_KEY] = entries
    return entries


def _match(word: str, found: frozenset[str]) -> float:
    if word in found:
        return 1.0
    if len(word) >= 3 and any(w.startswith(word) or (len(w) >= 5 and word.startswith(w))
                              for w in found):
        return _PREFIX_SHARE  # "surcoup" finds "surcoupe", "surcouper" finds "surcoupe"
    return 0.0


def _idf(entries: list[_Entry]) -> dict[str, float]:
    """How rare each word of the rules is: ``log(1 + N / df)`` with ``df`` the rules holding
    it in any field (built once per app, beside the index)."""
    cached = current_app.extensions.get(_IDF_KEY)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    counts: dict[str, int] = {}
    for entry in entries:
        for word in frozenset().union(*entry.fields.values()):
            counts[word] = counts.get(word, 0) + 1
    total = len(entries)
    idf = {word: math.log(1 + total / count) for word, count in counts.items()}
    current_app.extensions[_IDF_KEY] = idf
    return idf


def _rarity(word: str, idf: Mapping[str, float], most: float) -> float:
    """A query word's weight: the rarity of its most common alternative found in the rules
    (``faut`` is as common as ``faire``); a word found nowhere, or only as a prefix, weighs
    as the rarest."""
    found = [idf[a] for a in _SYNONYMS.get(word, (word,)) if a in idf]
    return min(found) if found else most


_DISTINCTIVE: Final = math.log(1 + 4)
"""A query word held by fewer than a quarter of the rules tells them apart: when some rules
match every such word, only those are given ("excuse dernier pli" narrows "excuse"), while a
word as common as "faire" or "jouer" narrows nothing."""


def _matches_all(entry: _Entry, words: list[str]) -> bool:
    return all(any(_match(a, found) for a in _SYNONYMS.get(word, (word,))
                   for found in entry.fields.values()) for word in words)


def search_rule_ids(query: str, topic: str | None = None) -> list[str]:
    """The ids of the rules that answer ``query`` (of ``topic`` only, if given), best first;
    every rule of the topic (or the catalog) in the rulebook's order for an empty query.

    Each query word (or its best alternative of :data:`_SYNONYMS`) scores the weight of the
    best field it matches (:data:`_WEIGHTS`) times its rarity among the rules (a word every
    rule holds tells none apart). Rules are ranked by the telling words they match
    (:data:`_DISTINCTIVE`), then the words they match, then that score, then by how much of
    the rule's id the query names (``petit au bout`` is ``petit.au-bout`` before
    ``petit.au-bout-chelem``); when some rules match every telling word, only those are
    given."""
    wanted = query_words(query)
    every = _index()
    entries = [e for e in every if topic is None or RULES[e.rule_id].topic == topic]
    if not wanted:
        return [e.rule_id for e in entries]
    idf = _idf(every)
    most = max(idf.values())
    rarity = {word: _rarity(word, idf, most) for word in wanted}
    ranked: list[tuple[int, int, float, float, int, str]] = []
    by_id = {entry.rule_id: entry for entry in entries}
    for order, entry in enumerate(entries):
        matched, telling, score = 0, 0, 0.0
        for word in wanted:
            best = max(_WEIGHTS[name] * _match(alternative, found)
                       for alternative in _SYNONYMS.get(word, (word,))
                       for name, found in entry.fields.items())
            if best:
                matched += 1
                telling += rarity[word] > _DISTINCTIVE
                score += best * rarity[word]
        if matched:
            named = entry.fields["id"]
            share = sum(1 for w in named if any(
                _match(a, frozenset((w,))) for word in wanted
                for a in _SYNONYMS.get(word, (word,)))) / len(named)
            ranked.append((-telling, -matched, -score, -share, order, entry.rule_id))
    ranked.sort()
    distinctive = [word for word in wanted if rarity[word] > _DISTINCTIVE]
    if distinctive:  # the rules that match every distinctive word, if some do: those only
        every_word = [r for r in ranked if _matches_all(by_id[r[-1]], distinctive)]
        if every_word:
            ranked = every_word
    return [r[-1] for r in ranked]


def closest_rule_ids(text: str, limit: int = 5) -> list[str]:
    """The ids nearest to ``text``, an id that is not in the catalog: the rules its words find
    (``excuse`` → the excuse's rules), then the ids spelled alike (``play.folow-suit`` →
    ``play.follow-suit`` first). Needs the app (the search reads the rules in its languages).
    """
    found = search_rule_ids(text.replace(".", " ").replace("-", " ").replace("_", " "))
    alike = difflib.get_close_matches(text.lower(), list(RULES), n=limit, cutoff=0.6)
    closest = [*alike[:1], *found, *alike[1:]]
    return list(dict.fromkeys(closest))[:limit]


def _reader_tag(tag: str) -> str:
    """A scenario's tag as a reader may see it: ``source-<seed file>`` becomes
    ``source-<key>`` (``source-tarotman``), the source's stable word, never its file name."""
    if tag.startswith(SOURCE_TAG):
        source = SOURCES.get(tag[len(SOURCE_TAG):])
        if source is not None:
            return SOURCE_TAG + source.key
    return tag


def example_payload(entry: Mapping[str, Any]) -> dict[str, Any]:
    """A worked example as the API serves it: its ``title`` and ``feature`` in the reader's
    language, ``steps_language`` the language its Gherkin steps are written in (French: they
    are the text the test suite runs, never translated; :func:`tutor.i18n.examples.
    example_words`), its sources named by their titles, its tags by the sources' keys (no
    seed's file name reaches a reader), and ``story``: the example told in the reader's
    language, figures from the core (:func:`tutor.services.stories.stories`)."""
    blocks = [{**block, "tags": [_reader_tag(t) for t in block.get("tags", [])]}
              for block in entry.get("examples", [])]
    return {**example_words(entry), "sources": source_titles(entry["sources"]),
            "tags": [_reader_tag(t) for t in entry.get("tags", [])], "examples": blocks,
            "story": stories(entry)}


EXAMPLE_LEVELS: Final = ("full", "told", "brief", "none")
"""How much of each worked example an answer carries: ``full`` (every member: the Gherkin steps,
the outline's rows, the story), ``told`` (id, title, page and the story's sentences), ``brief``
(id, title and page), ``none`` (no ``examples`` member)."""

VIEWS: Final = ("full", "summary")
"""A listed rule in full (title, text, sources, note) or as a ``summary`` (title, its first
sentence and, for a query, the sentence that matches it best)."""

_SUMMARY_LENGTH: Final = 160
_SENTENCE: Final = re.compile(r"(?<=[.;!?])\s+(?=[A-ZÀ-Ý«(])")


def _example(entry: Mapping[str, Any], level: str) -> dict[str, Any]:
    if level == "full":
        return example_payload(entry)
    brief = {"id": entry["id"], "title": example_title(entry), "url": entry["url"]}
    if level == "told":
        brief["story"] = [{"case": told["case"], "text": told["text"]}
                          for told in stories(entry)]
    return brief


TOLD_BUDGET: Final = 8_000
"""The characters (as JSON) of the examples one answer tells with ``examples=told``: past
them, the examples come brief (id, title, page), to read one by one."""


def _examples(rule_id: str, level: str) -> list[dict[str, Any]]:
    if level != "told":
        return [_example(e, level) for e in examples_for_rule(rule_id)]
    shown: list[dict[str, Any]] = []
    room = TOLD_BUDGET
    for entry in examples_for_rule(rule_id):
        told = _example(entry, "told")
        size = len(json.dumps(told, ensure_ascii=False))
        if size > room:
            told = _example(entry, "brief")
            room = 0  # the rulebook's order is kept: once one is brief, the rest are too
        else:
            room -= size
        shown.append(told)
    return shown


def _rule_answer(rule: Rule, examples: str = "full") -> dict[str, Any]:
    answer = rule_payload(rule)
    if examples != "none":
        answer["examples"] = _examples(rule.id, examples)
    return answer


def _clip(text: str, length: int = _SUMMARY_LENGTH) -> str:
    if len(text) <= length:
        return text
    return text[:length].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def _sentences(text: str) -> list[str]:
    return [part.strip() for part in _SENTENCE.split(text) if part.strip()]


def _snippet(served: Mapping[str, Any], query: str) -> str | None:
    """The sentence of the rule's text or note that holds the most words of ``query`` (None
    when it is the first sentence, the summary already, or none holds any)."""
    wanted = query_words(query)
    if not wanted:
        return None
    sentences = _sentences(served["text"]) + _sentences(served["note"] or "")
    best, best_score = None, 0.0
    for index, sentence in enumerate(sentences):
        found = frozenset(_words(sentence))
        score = sum(_match(word, found) for word in wanted)
        if score > best_score:
            best, best_score = index, score
    if best is None or best == 0:
        return None
    return _clip(sentences[best], 240)


def _summary(rule: Rule, query: str | None, examples: str) -> dict[str, Any]:
    served = rule_payload(rule)
    first = _sentences(served["text"])
    answer: dict[str, Any] = {
        "id": rule.id, "topic": rule.topic, "title": served["title"],
        "summary": _clip(first[0] if first else served["text"]),
        "snippet": _snippet(served, query or "")}
    if examples != "none":
        answer["examples"] = [_example(e, examples) for e in examples_for_rule(rule.id)]
    return answer


def _offset(cursor: str | None, total: int) -> int:
    """A cursor is the position of the page's first rule, as digits (past the end: an empty
    page)."""
    if cursor is None or not (cursor.isascii() and cursor.isdigit()):
        return 0
    return min(int(cursor), total)


def list_rules(query: str | None = None, topic: str | None = None, *,
               limit: int | None = None, cursor: str | None = None, view: str = "full",
               examples: str | None = None) -> dict[str, Any]:
    """``{"rules": [...], "total", "next_cursor"}``: every rule (of ``topic``), or those that
    answer ``query``, best first; ``limit`` rules at most from ``cursor`` on (the previous
    page's ``next_cursor``, None when there is no more); each rule in full or as a
    ``summary`` (:data:`VIEWS`), its worked examples at the level of :data:`EXAMPLE_LEVELS`
    (``full`` for a full rule, ``none`` for a summary, unless asked; ``told`` tells stories up
    to :data:`TOLD_BUDGET` characters, the examples past it brief). ``topic`` must be one of
    :data:`rules_fr.catalog.TOPICS`."""
    if topic is not None and topic not in TOPICS:
        raise ValueError(f"unknown topic {topic!r}")
    level = examples or ("full" if view == "full" else "none")
    ids = search_rule_ids(query or "", topic)
    start = _offset(cursor, len(ids))
    end = len(ids) if limit is None else min(len(ids), start + limit)
    page = [RULES[rule_id] for rule_id in ids[start:end]]
    rules = ([_rule_answer(rule, level) for rule in page] if view == "full"
             else [_summary(rule, query, level) for rule in page])
    return {"rules": rules, "total": len(ids),
            "next_cursor": str(end) if end < len(ids) else None}


def read_rule(rule_id: str, examples: str = "full") -> dict[str, Any]:
    """One rule with its worked examples (at the level of :data:`EXAMPLE_LEVELS`);
    :class:`UnknownRule` (with the closest ids) for an id the catalog does not hold."""
    rule = RULES.get(rule_id)
    if rule is None:
        raise UnknownRule(rule_id, closest_rule_ids(rule_id))
    return _rule_answer(rule, examples)
