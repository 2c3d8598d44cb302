"""The glossary of tarot words, French ⇄ English: one translation per term.

Each term has a stable id (the French word, ascii, kebab-case), its name and its definition.
The words and definitions are msgids of the Babel catalogs (English, as every msgid of the
code; context ``glossary term`` / ``glossary definition``), so the French ones live in the
French catalog like every other sentence, and a test checks that the sentences of the
catalogs use the glossary's words (``tests/test_i18n_glossary.py``): a term is translated one
way, everywhere.

The browser's glossary page and the explanations' links read it through :func:`terms` and
:func:`term`, which need no request: the language is an argument.

>>> term("preneur", "en")["term"], term("preneur", "fr")["term"], term("preneur", "en")["other"]
('taker', 'preneur', 'preneur')
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path
from typing import Final

from babel.support import NullTranslations, Translations

from tutor.i18n.catalogs import (
    CODE_SOURCE_LANGUAGE,
    DOMAIN,
    RULES_SOURCE_LANGUAGE,
    TRANSLATIONS_DIR,
    available_languages,
    compile_catalogs,
)

__all__ = ["PAIRED", "TERM_IDS", "WRONG_WORDS", "misused_words", "term", "terms"]

_Pgettext = Callable[[str, str], str]


def _entries(pgettext: _Pgettext) -> list[tuple[str, str, str]]:
    """``(id, term, definition)`` of every term, in the order a beginner meets them, worded by
    ``pgettext`` (one catalog's lookup). Written as calls so that ``pybabel extract`` finds
    each msgid with its context."""
    return [
        ("carte", pgettext("glossary term", "card"),
         pgettext("glossary definition",
                  "One of the 78 cards: 56 cards of the four suits, 21 trumps and the excuse.")),
        ("couleur", pgettext("glossary term", "suit"),
         pgettext("glossary definition",
                  "Spades, hearts, diamonds or clubs: 14 cards each, from the king down to the "
                  "ace (king, queen, knight, jack, then 10 to 1).")),
        ("atout", pgettext("glossary term", "trump"),
         pgettext("glossary definition",
                  "One of the 21 numbered cards, from the 21 (the strongest) down to the 1 (the "
                  "petit). Any trump beats any card of a suit.")),
        ("petit", pgettext("glossary term", "petit"),
         pgettext("glossary definition",
                  "The 1 of trumps: the lowest trump, and one of the three oudlers.")),
        ("excuse", pgettext("glossary term", "excuse"),
         pgettext("glossary definition",
                  "The card with a star: it follows no suit and may be played at any time. It "
                  "does not win the trick: its side takes it back and gives a low card in "
                  "exchange. One of the three oudlers.")),
        ("bout", pgettext("glossary term", "oudler"),
         pgettext("glossary definition",
                  "The petit, the 21 and the excuse. The more of them the taker wins, the fewer "
                  "points he needs: 56 with none, 51 with one, 41 with two, 36 with three.")),
        ("main", pgettext("glossary term", "hand"),
         pgettext("glossary definition", "The cards a player is dealt.")),
        ("donneur", pgettext("glossary term", "dealer"),
         pgettext("glossary definition",
                  "The player who deals: counter-clockwise, three cards at a time (four at a "
                  "time with three players), putting the chien's cards aside one at a time. "
                  "The deal passes to the right after each deal.")),
        ("donne", pgettext("glossary term", "deal"),
         pgettext("glossary definition",
                  "One round of play, from the dealing of the cards to its score.")),
        ("maldonne", pgettext("glossary term", "misdeal"),
         pgettext("glossary definition",
                  "A fault in the dealing: the cards are dealt again, by the same dealer.")),
        ("chien", pgettext("glossary term", "chien"),
         pgettext("glossary definition",
                  "The cards set aside at the deal (6 with three or four players, 3 with five). "
                  "At a petite or a garde the taker shows them and takes them; at a garde sans "
                  "they count for him unseen, at a garde contre for the defence.")),
        ("petit-sec", pgettext("glossary term", "petit sec"),
         pgettext("glossary definition",
                  "A hand whose only trump is the petit, without the excuse: its holder must "
                  "show it and the cards are dealt again.")),
        ("enchere", pgettext("glossary term", "bid"),
         pgettext("glossary definition",
                  "What a player offers to play in the auction: petite, garde, garde sans or "
                  "garde contre, each higher than the one before; or pass.")),
        ("passe", pgettext("glossary term", "pass"),
         pgettext("glossary definition",
                  "Declining to bid. If everyone passes, the cards are dealt again.")),
        ("contrat", pgettext("glossary term", "contract"),
         pgettext("glossary definition",
                  "The highest bid: what the taker undertakes to make, and how much the deal "
                  "is worth.")),
        ("petite", pgettext("glossary term", "petite"),
         pgettext("glossary definition",
                  "The lowest contract (also called prise): the taker takes the chien; the "
                  "score is not multiplied.")),
        ("garde", pgettext("glossary term", "garde"),
         pgettext("glossary definition",
                  "The contract above the petite: the taker takes the chien; the score is "
                  "multiplied by 2.")),
        ("garde-sans", pgettext("glossary term", "garde sans"),
         pgettext("glossary definition",
                  "The taker plays without the chien, which nobody sees and which counts for "
                  "him; the score is multiplied by 4.")),
        ("garde-contre", pgettext("glossary term", "garde contre"),
         pgettext("glossary definition",
                  "The chien goes, unseen, to the defence and counts for it; the score is "
                  "multiplied by 6.")),
        ("preneur", pgettext("glossary term", "taker"),
         pgettext("glossary definition",
                  "The player who won the auction and plays the contract against the "
                  "others.")),
        ("defense", pgettext("glossary term", "defence"),
         pgettext("glossary definition",
                  "The players against the taker (with five players, all but the taker and his "
                  "partner). They count their tricks together.")),
        ("attaque", pgettext("glossary term", "attack"),
         pgettext("glossary definition",
                  "The taker, with his partner when there are five players.")),
        ("camp", pgettext("glossary term", "side"),
         pgettext("glossary definition",
                  "The attack or the defence: the players who count their tricks together.")),
        ("appel-au-roi", pgettext("glossary term", "king call"),
         pgettext("glossary definition",
                  "With five players, the taker names a king before the chien is shown (a "
                  "queen if he holds the four kings); its holder is his partner, unknown "
                  "until the called card is played.")),
        ("partenaire", pgettext("glossary term", "partner"),
         pgettext("glossary definition",
                  "With five players, the holder of the called card, who plays with the "
                  "taker.")),
        ("mort", pgettext("glossary term", "mort"),
         pgettext("glossary definition",
                  "In one five-player form, the dealer, who deals to the four others and sits "
                  "that deal out (he scores 0). He holds no cards, and no hand is played in "
                  "his place.")),
        ("ecart", pgettext("glossary term", "écart"),
         pgettext("glossary definition",
                  "The cards the taker sets aside face down after taking the chien, as many "
                  "as the chien held; they count for him. No king and no oudler; trumps only "
                  "when he cannot do otherwise, shown to the defence.")),
        ("poignee", pgettext("glossary term", "handful"),
         pgettext("glossary definition",
                  "Trumps shown just before one's first card, for a bonus: a single, double or "
                  "triple handful (10, 13 or 15 trumps with four players). The bonus goes to "
                  "the side that wins the deal.")),
        ("chelem", pgettext("glossary term", "slam"),
         pgettext("glossary definition",
                  "Winning every trick. It may be announced before the first card; made, it "
                  "earns a bonus, and an announced slam that fails costs one.")),
        ("petit-au-bout", pgettext("glossary term", "petit au bout"),
         pgettext("glossary definition",
                  "The petit in the last trick: a bonus for the side that wins that trick.")),
        ("pli", pgettext("glossary term", "trick"),
         pgettext("glossary definition",
                  "One card from each player in turn (also called a levée). The strongest card "
                  "wins it, and its winner leads the next trick.")),
        ("entame", pgettext("glossary term", "lead"),
         pgettext("glossary definition",
                  "The first card of a trick, which sets the suit to play (after the excuse, "
                  "the next card does).")),
        ("fournir", pgettext("glossary term", "follow suit"),
         pgettext("glossary definition",
                  "To play a card of the suit led, as one must when one has one.")),
        ("couper", pgettext("glossary term", "trump a suit"),
         pgettext("glossary definition",
                  "To play a trump on a suit one does not have, as one must when one has "
                  "trumps.")),
        ("surcouper", pgettext("glossary term", "overtrump"),
         pgettext("glossary definition",
                  "To play a trump higher than every trump already in the trick, as one must "
                  "when one can, even over a partner.")),
        ("sous-couper", pgettext("glossary term", "undertrump"),
         pgettext("glossary definition",
                  "To play a trump lower than one already in the trick: allowed only when one "
                  "has no higher trump.")),
        ("se-defausser", pgettext("glossary term", "discard"),
         pgettext("glossary definition",
                  "To play a card of another suit: allowed only with neither the suit led "
                  "nor a trump.")),
        ("pisser", pgettext("glossary term", "pisser"),
         pgettext("glossary definition",
                  "Players' slang. The FFT rulebook says it of playing a lower trump when one "
                  "cannot go higher; many players also say it of discarding.")),
        ("renonce", pgettext("glossary term", "revoke"),
         pgettext("glossary definition",
                  "Not following suit, or not trumping, when one could: a fault. Play stops "
                  "and the referee is called; no FFT text read gives its penalty, so the "
                  "service flags it and lets the referee rule.")),
        ("arbitre", pgettext("glossary term", "referee"),
         pgettext("glossary definition",
                  "The person who settles disputes at a club or tournament table and rules "
                  "on irregularities.")),
        ("marque", pgettext("glossary term", "score"),
         pgettext("glossary definition",
                  "What a deal is worth to each player: the contract's value, its bonuses, "
                  "multiplied by the contract, with the taker's share against each "
                  "defender's.")),
        ("partie", pgettext("glossary term", "game"),
         pgettext("glossary definition",
                  "A series of deals, with a running total for each player.")),
    ]


TERM_IDS: Final = tuple(entry[0] for entry in _entries(lambda _context, text: text))
"""Every term's id, in the glossary's order."""


WRONG_WORDS: Final[dict[str, dict[str, tuple[str, ...]]]] = {
    # term id: {language: words (regular expressions) that must not stand for it there}
    "camp": {"en": (r"\bcamps?\b",)},
    "bout": {"en": (r"(?<!au )(?<!“au )\bbouts?\b",), "fr": (r"\boudlers?\b",)},
    "poignee": {"en": (r"\bpoign[ée]es?\b",)},
    "chelem": {"en": (r"\bchelems?\b",)},
    "mort": {"en": (r"\bdumm(?:y|ies)\b",)},
    "surcouper": {"fr": (r"\bsur-coup",)},
    "arbitre": {"en": (r"\barbiters?\b",)},
}
"""Words a catalog must not use for a term: the other language's word, or a second word for
the same thing ("camp" and "side", "bouts" and "oudlers", "handful" and "poignée", the mort
called a dummy — he is not one: he holds no cards). The glossary's own word is the one to use;
``tests/test_i18n_terms.py`` reads every sentence of both catalogs against this list."""

_PLACEHOLDER: Final = re.compile(r"%\(\w+\)[sd]")

PAIRED: Final[dict[str, tuple[str, str]]] = {
    # term id: (French word, English word): a sentence that says the first says the second
    "camp": (r"\bcamps?\b", r"\bsides?\b"),
    "ecart": (r"\b[ée]cart(?!s? entre)(?! de \d)\b", r"\b[ée]cart\b"),
    "poignee": (r"\bpoign[ée]es?\b", r"\bhandfuls?\b"),
    "chelem": (r"\bchelems?\b", r"\bslams?\b"),
}
"""Terms whose French word, when a sentence uses it, must come out as the glossary's English
word in that sentence's translation: the écart is the écart (not "the discard", which is the
glossary's word for *se défausser*), a camp a side."""


def misused_words(text: str, lang: str) -> list[tuple[str, str]]:
    """``(term id, word)`` for every word of ``text`` (in ``lang``) that the glossary rules
    out (:data:`WRONG_WORDS`).

    >>> misused_words("The taker's camp wins the poignée.", "en")
    [('camp', 'camp'), ('poignee', 'poignée')]
    >>> misused_words("The petit au bout goes to the side with 3 oudlers.", "en")
    []
    """
    text = _PLACEHOLDER.sub("", text)  # "%(bouts)s" is a name, not a word
    found: list[tuple[str, str]] = []
    for identifier, by_language in WRONG_WORDS.items():
        for pattern in by_language.get(lang, ()):
            found.extend((identifier, match.group(0))
                         for match in re.finditer(pattern, text, re.IGNORECASE))
    return found


@functools.lru_cache(maxsize=16)
def _translations(language: str, directory: str) -> NullTranslations:
    compile_catalogs(directory)
    return Translations.load(directory, [language], DOMAIN)


def _wording(language: str) -> dict[str, tuple[str, str]]:
    directory = str(TRANSLATIONS_DIR)
    translations = _translations(language, directory)
    return {identifier: (word, definition)
            for identifier, word, definition in _entries(translations.upgettext)}


def _other_language(language: str) -> str:
    """English for a French reader, French (the rules' language) for everyone else."""
    return CODE_SOURCE_LANGUAGE if language == RULES_SOURCE_LANGUAGE else RULES_SOURCE_LANGUAGE


def _known(language: str) -> str:
    """``language`` if a catalog exists for it, else French (what the API falls back to)."""
    code = language.strip().replace("_", "-").split("-", 1)[0].lower()
    return code if code in available_languages(Path(TRANSLATIONS_DIR)) else RULES_SOURCE_LANGUAGE


def terms(lang: str) -> list[dict[str, str]]:
    """Every term in ``lang``: ``{"id", "term", "other", "definition"}``, ``other`` being the
    term in the other language (English for French, French for English).

    >>> [t["term"] for t in terms("fr")][:3]
    ['carte', 'couleur', 'atout']
    """
    language = _known(lang)
    own, other = _wording(language), _wording(_other_language(language))
    return [{"id": identifier, "term": own[identifier][0], "other": other[identifier][0],
             "definition": own[identifier][1]} for identifier in TERM_IDS]


def term(id: str, lang: str) -> dict[str, str] | None:  # noqa: A002 (the interface's name)
    """The term ``id`` in ``lang`` (as in :func:`terms`), or ``None`` for an unknown id.

    >>> term("poignee", "fr")["other"], term("nothing", "fr")
    ('handful', None)
    """
    if id not in TERM_IDS:
        return None
    return next(entry for entry in terms(lang) if entry["id"] == id)
