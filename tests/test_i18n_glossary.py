"""The glossary FR ⇄ EN (:mod:`tutor.i18n.glossary`): every tarot word, worded by the catalogs,
the same pair seen from either language."""

from __future__ import annotations

import pytest

from tutor.i18n.catalogs import available_languages
from tutor.i18n.glossary import TERM_IDS, term, terms

# The words a beginner meets in the rules and the explanations (issue 12's list, and more).
REQUIRED = ("preneur", "defense", "chien", "ecart", "poignee", "petit-au-bout", "chelem",
            "excuse", "bout", "renonce", "garde", "garde-sans", "garde-contre", "petite",
            "appel-au-roi", "mort", "donneur", "pli", "atout", "couper", "surcouper",
            "sous-couper", "pisser", "se-defausser", "entame", "camp", "partenaire", "maldonne")


def test_glossary_covers_every_tarot_word():
    assert set(REQUIRED) <= set(TERM_IDS)
    assert len(TERM_IDS) == len(set(TERM_IDS))


@pytest.mark.parametrize("language", available_languages())
def test_every_term_is_worded_in_every_language(language):
    entries = terms(language)
    assert [entry["id"] for entry in entries] == list(TERM_IDS)
    for entry in entries:
        assert set(entry) == {"id", "term", "other", "definition"}
        assert all(entry.values()), entry


def test_french_and_english_are_the_two_sides_of_one_pair():
    french = {entry["id"]: entry for entry in terms("fr")}
    english = {entry["id"]: entry for entry in terms("en")}
    for identifier in TERM_IDS:
        assert french[identifier]["other"] == english[identifier]["term"]
        assert english[identifier]["other"] == french[identifier]["term"]
        assert french[identifier]["definition"] != english[identifier]["definition"]
    assert (french["preneur"]["term"], english["preneur"]["term"]) == ("preneur", "taker")
    assert (french["poignee"]["term"], english["poignee"]["term"]) == ("poignée", "handful")
    assert (french["camp"]["term"], english["camp"]["term"]) == ("camp", "side")
    assert (french["bout"]["term"], english["bout"]["term"]) == ("bout", "oudler")


def test_one_term_in_one_language():
    assert term("renonce", "fr") == next(t for t in terms("fr") if t["id"] == "renonce")
    assert term("renonce", "en")["term"] == "revoke"
    assert term("no-such-word", "en") is None


def test_a_language_without_catalog_falls_back_to_french_as_the_api_does():
    assert terms("de") == terms("fr")
    assert terms("en-GB") == terms("en")
