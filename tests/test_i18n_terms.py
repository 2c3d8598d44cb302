"""Words a teacher would sign: every sentence of both catalogs read against the glossary and the
house conventions (issue 12, item 4).

* nothing untranslated: a French sentence of the code that repeats its English msgid, an
  English rule text that repeats its French one (beyond a short list of words that are the
  same in both languages);
* one word per term (:data:`tutor.i18n.glossary.WRONG_WORDS`, :data:`~tutor.i18n.glossary.PAIRED`):
  no "camp" beside "side", "bouts" beside "oudlers", "poignée" beside "handful", the écart
  never "the discard";
* French typography: a space before « : ; ! ? », inside « », no capital after a colon, digits
  for counts of cards, trumps, tricks and players; "surcouper" in one word;
* English: "with four players", never "at 4 players";
* sources named by their titles, never by a seed's file name, in the catalogs and in what the
  API and the MCP server serve.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from rules_fr.catalog import RULES, SOURCES
from tutor import create_app
from tutor.i18n.catalogs import TRANSLATIONS_DIR, source_language
from tutor.i18n.glossary import PAIRED, misused_words, terms


@dataclass(frozen=True)
class Sentence:
    """One catalog entry seen in both languages (each plural form apart)."""

    key: str
    fr: str
    en: str
    source: str  # the language the msgid is written in
    files: tuple[str, ...] = ()  # where the msgid comes from


def _read(language: str):
    path = TRANSLATIONS_DIR / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        return read_po(handle, locale=language)


def _forms(value) -> list[str]:
    return list(value) if isinstance(value, list | tuple) else [value]


def _sentences() -> Iterator[Sentence]:
    french, english = _read("fr"), _read("en")
    for message in french:
        if not message.id:
            continue
        other = english.get(message.id, context=message.context)
        assert other is not None, message.id
        fr_forms, en_forms = _forms(message.string), _forms(other.string)
        source = source_language(message.context)
        files = tuple(sorted({path for path, _ in message.locations}))
        key = f"{message.context + ' | ' if message.context else ''}{_forms(message.id)[0]}"
        # French has 3 plural forms in this catalog, English 2: pair each French form with the
        # English form of the same number (the last English one for the extra French form)
        for index, fr in enumerate(fr_forms):
            en = en_forms[min(index, len(en_forms) - 1)]
            yield Sentence(key, fr, en, source, files)


SENTENCES = list(_sentences())

# --- untranslated --------------------------------------------------------------------------

SAME_IN_BOTH = {
    # words the same in French and English: numbers, card letters, and the tarot words
    # English keeps (the glossary's terms spelled alike in both languages, below)
    "21", "C", "Double", "Excuse", "Tarotman", "Total", "Triple", "Simple", "Note", "Notes",
    "Duplicate", "Table", "Tables", "Table %(number)s", "Sources", "Robot %(number)s", "robot",
    "points", "Points", "%(num)d point", "%(num)d points", "%(points)s points", "Petit",
    "Petit au bout",
} | {word for entry in terms("en") if entry["term"] == entry["other"]
     for word in (entry["term"], entry["term"].capitalize())}
_PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")
_ONLY_MARKUP = re.compile(r"^[\W\d_]*(?:%\(\w+\)[sd][\W\d_]*)*$")


def _is_untranslated(sentence: Sentence) -> bool:
    """The translation is missing, or repeats the other language's words."""
    if not sentence.fr or not sentence.en:
        return True
    if sentence.fr != sentence.en:
        return False
    return not (_ONLY_MARKUP.match(sentence.fr) or sentence.fr in SAME_IN_BOTH)


def test_no_sentence_left_in_the_other_language():
    untranslated = [s.key for s in SENTENCES if _is_untranslated(s)]
    assert untranslated == []


# --- one word per term -----------------------------------------------------------------------

def test_every_sentence_uses_the_glossary_words():
    wrong = [(s.key, lang, found) for s in SENTENCES
             for lang, text in (("fr", s.fr), ("en", s.en))
             for found in misused_words(text, lang)]
    assert wrong == []


@pytest.mark.parametrize("term", sorted(PAIRED))
def test_a_french_term_comes_out_as_its_english_term(term):
    french, english = PAIRED[term]
    missing = [(s.fr, s.en) for s in SENTENCES
               if not (term == "ecart" and (s.key.startswith("duplicate.")  # écart = the gap
                                            or "scenarios/duplicate.feature" in s.files))
               and re.search(french, _PLACEHOLDER.sub("", s.fr), re.IGNORECASE)
               and not re.search(english, s.en, re.IGNORECASE)]
    assert missing == []


def test_the_ecart_is_said_only_where_the_french_says_it():
    """And the other way round: an English "écart" stands for a French écart, never for a
    défausse (a discard, the glossary's word for playing another suit)."""
    wrong = [(s.fr, s.en) for s in SENTENCES
             if re.search(r"\bécart", s.en) and not re.search(r"[ée]cart", s.fr, re.IGNORECASE)]
    assert wrong == []


def test_the_ecart_is_never_called_a_discard():
    wrong = [(s.fr, s.en) for s in SENTENCES
             if re.search(r"\bécart", s.fr, re.IGNORECASE) and re.search(r"\bdiscard", s.en,
                                                                            re.IGNORECASE)]
    assert wrong == []


# --- French typography -----------------------------------------------------------------------

_URL_OR_HEADER = re.compile(r"https?://\S+|Authorization: Bearer|Content-Type: |\w+://")
_PROPER = ("FFT", "Tarotman", "Meepl", "Authorization", "Bearer", "API", "JSON", "CSV",
           "OpenAPI", "MCP")


def _french_problems(text: str) -> list[str]:
    plain = _URL_OR_HEADER.sub("", text)
    unquoted = re.sub(r"«[^»]*»", "«\u00a0»", plain)  # a source quoted keeps its words
    problems = [f"no space before {m.group(1)!r}" for m in re.finditer(r"\S([:;!?])(?=\s|$)",
                                                                          plain)]
    problems += [f"capital after a colon: {m.group(0)!r}"
                 for m in re.finditer(r" : ([A-ZÀÉÈÊÎÔÛÇ][\w'’-]*)", plain)
                 if not m.group(1).startswith(_PROPER) and not m.group(1).isupper()]
    problems += ["no space inside « »" for _ in re.finditer(r"«\S|\S»", plain)]
    problems += [f"a count in letters: {m.group(0)!r}" for m in re.finditer(
        r"(?<!les )(?<!des )\b(?:deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|"
        r"treize|quatorze|quinze|seize|dix-huit)\s+(?:cartes|atouts|plis|levées|bouts|joueurs|donnes)\b",
        unquoted, re.IGNORECASE)]
    problems += [f"players in letters: {m.group(0)!r}" for m in re.finditer(
        r"\bà (?:trois|quatre|cinq|six|sept)\b(?! décimales)", unquoted, re.IGNORECASE)]
    return problems


def test_french_typography():
    found = [(s.key, p) for s in SENTENCES for p in _french_problems(s.fr)]
    assert found == []


def test_french_typography_check_catches_the_slips_of_issue_12():
    assert _french_problems("Conseil: passez")
    assert _french_problems("Conseil : Passez")
    assert _french_problems("Vous avez neuf atouts.")
    assert _french_problems("On n'appelle un roi qu'à cinq joueurs, pas à quatre.")
    assert misused_words("Il faut sur-couper.", "fr")
    assert _french_problems("Conseil : passez ; la FFT dit « passe ».") == []


# --- English ---------------------------------------------------------------------------------

def _english_problems(text: str) -> list[str]:
    problems = [f"players counted with 'at': {m.group(0)!r}" for m in re.finditer(
        r"\bat (?:\d|%\(\w+\)[sd]|three|four|five|six|seven|3|4|5)(?: or \w+)? players?\b",
        text, re.IGNORECASE)]
    problems += [f"space before {m.group(1)!r}" for m in re.finditer(r"\w ([:;!?])", text)]
    return problems


def test_english_wording():
    found = [(s.key, p) for s in SENTENCES for p in _english_problems(s.en)]
    assert found == []


def test_english_check_catches_the_slips_of_issue_12():
    assert _english_problems("At 4 players the taker scores 3 times.")
    assert _english_problems("10 trumps at %(players)d players")
    assert misused_words("the taker's camp", "en")
    assert misused_words("the dummy deals", "en")
    assert _english_problems("With four players, the taker scores 3 times.") == []


# --- sources by title ------------------------------------------------------------------------

_FILE_NAME = re.compile(r"\b\d{3}_[0-9a-f]{16}\b|\.txt\b|\bsource-\d{3}|\bseeds?\b|"
                        r"\bgraines?\b", re.IGNORECASE)
"""A seed's file name, or the word "seed" itself: the rule texts are named by their titles."""


def test_no_sentence_names_a_source_by_its_file():
    found = [(s.key, text) for s in SENTENCES for text in (s.fr, s.en)
             if _FILE_NAME.search(text)]
    assert found == []


def test_file_name_check_catches_seed_names():
    assert _FILE_NAME.search("La graine 000 dit « trois par trois »")
    assert _FILE_NAME.search("Seed 000 says so")
    assert _FILE_NAME.search("source-000_79ccdf50a49e58e5")
    assert _FILE_NAME.search("000_79ccdf50a49e58e5.txt")
    assert _FILE_NAME.search("ni les graines ni la FFT")
    assert not _FILE_NAME.search("Tarotman says so; the FFT rulebook (2012) agrees.")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_rules_served_name_no_source_file(lang):
    client = create_app({"TESTING": True}).test_client()
    for rule_id in RULES:
        answer = client.get(f"/api/v1/rules/{rule_id}?lang={lang}")
        assert answer.status_code == 200
        text = json.dumps(answer.get_json(), ensure_ascii=False)
        leaks = _FILE_NAME.findall(text)
        assert leaks == [], (rule_id, leaks)
    titles = {s.name for s in SOURCES.values()}
    assert titles  # every source the rules cite has a title (rules_fr/catalog.toml)


def test_sources_have_titles_not_file_names():
    for source in SOURCES.values():
        assert not _FILE_NAME.search(source.title), source


def test_composed_french_explanations_put_no_capital_after_a_colon():
    """The sentences the tutor composes (tests/i18n_golden.json: every explanation recorded),
    read as a reader gets them: "Mais attention : le petit…", never "… : Le petit…" (a rule's
    title cited after "Règle :" keeps its capital, as a title)."""
    golden = json.loads((Path(__file__).parent / "i18n_golden.json").read_text("utf-8"))

    def texts(node):
        if isinstance(node, dict):
            for value in node.values():
                yield from texts(value)
        elif isinstance(node, list):
            for value in node:
                yield from texts(value)
        elif isinstance(node, str):
            yield node

    wrong = sorted({m.group(0) for text in texts(golden["fr"])
                    for m in re.finditer(r"(?<!Règle) : ([A-ZÀÉÈ][\w'’]*)", text)
                    if not m.group(1).startswith(_PROPER) and not m.group(1).isupper()})
    assert wrong == []


@pytest.mark.parametrize(("lang", "singleton", "mort"), [
    ("fr", "Le 7 de cœur, seule carte de sa couleur (un singleton) : 3 points.",
     "La formule avec un « mort » se joue à 5 joueurs, pas à 6."),
    ("en", "The 7 of hearts alone in its suit (a singleton): 3 points.",
     "The form with a “mort” is for five players, not 6."),
])
def test_a_singleton_and_the_mort_count_read_as_a_teacher_says_them(lang, singleton, mort):
    """Issue 12's leftovers: "Singleton, le 7 de cœur" named the card after the word, and
    "à 5 joueurs, pas à 6 joueurs" said "joueurs" twice."""
    from rules_fr.advice.reasons import ReasonCode, reason
    from rules_fr.cards import parse_card
    from tutor.i18n.advice import reason_text
    from tutor.i18n.errors import error_text

    with create_app({"TESTING": True}).test_request_context(f"/?lang={lang}"):
        said = reason_text(reason(ReasonCode.HAND_SINGLETON, suit="H", card=parse_card("7H"),
                                  points=3))
        assert said == singleton
        assert error_text("mort-five", players=6) == mort
