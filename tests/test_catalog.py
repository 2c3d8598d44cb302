"""The rule catalog: every rule the code cites exists, and the data is sound.

The catalog is what the tutor quotes next to a verdict, so a rule id in ``RULE_OF_CODE`` with
no rule behind it would leave a player with a bare code. The checks here hold the data to its
own contract (ids, topics, sources, French prose) and cross-check the numbers the texts state
against the tables the code plays by.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest

from rules_fr import catalog
from rules_fr.catalog import FFT_SOURCE, RULES, TOPICS, Rule, parse_catalog, rule, rules_by_topic
from rules_fr.contracts import Contract
from rules_fr.table import PLAYER_COUNTS, rules_for
from rules_fr.verdicts import RULE_ALTERNATIVES, RULE_OF_CODE

CATALOG_FILE = Path(catalog.__file__).with_name("catalog.toml")

# Rules the brief asked for beyond those the code cites: the catalog must cover the whole game.
EXPECTED_IDS = (
    "cards.deck", "cards.order", "cards.bouts", "cards.points", "table.sizes",
    "deal.dealer-draw", "deal.shuffle-cut", "deal.distribution", "deal.chien", "deal.misdeal",
    "deal.petit-sec", "deal.next-dealer", "bid.contracts", "bid.order", "bid.higher",
    "bid.once", "bid.all-pass", "call.king", "call.ladder", "call.alone",
    "call.partner-secret", "chien.shown", "chien.garde-sans-contre", "ecart.size",
    "ecart.no-king-no-bout", "ecart.trumps", "chelem.announce", "excuse.chelem",
    "petit.au-bout-chelem", "poignee.thresholds", "poignee.shown", "poignee.excuse",
    "poignee.bonus", "poignee.hide-extra", "play.own-cards", "play.turn", "play.lead",
    "play.follow-suit", "play.must-trump", "play.overtrump", "play.trump-lead", "play.discard",
    "play.excuse-anytime", "play.excuse-lead", "play.called-suit-first-lead", "trick.winner",
    "petit.hunt", "petit.au-bout", "excuse.exchange", "excuse.last-trick", "counting.total",
    "counting.chien", "counting.half-point", "counting.defence-tricks", "score.targets",
    "score.base", "score.multipliers", "score.petit-au-bout", "score.poignee", "score.chelem",
    "score.defence-chelem", "score.split", "score.zero-sum", "partie.length", "partie.sit-out",
    "partie.mort", "duplicate.contract", "duplicate.notes", "duplicate.quadrettes",
    "deal.pick-up-early", "deal.chien-count-shown", "chien.arbiter", "play.revoke",
    "play.revoke-ruling",
)

# Where the sources disagree, the rule must say which one it follows (see the brief).
DISAGREEMENTS = {
    "score.poignee": "002",  # « pour celui qui a gagné la donne »
    "counting.half-point": "002",  # « arrondie au point supérieur »
    "call.ladder": "000",  # dame or cavalier only; the FFT adds the valet
    "partie.mort": "003",  # the dealer sits out
    "score.split": "000",  # « 3 ou 4 fois » against its own 3-player example
    "petit.au-bout": "004",  # « quand le 1 d'atout remporte le dernier pli »
}


def seeds_dir() -> Path | None:
    """The seed texts: ``../shared/seeds`` next to the clone, else ``$TAROT_SEEDS_DIR``."""
    beside = Path(__file__).resolve().parents[2] / "shared" / "seeds"
    if beside.is_dir():
        return beside
    from_env = os.environ.get("TAROT_SEEDS_DIR")
    if from_env and Path(from_env).is_dir():
        return Path(from_env)
    return None


def raw_entries() -> list[dict[str, object]]:
    """The catalog's entries as written, before the loader folds them into a mapping."""
    with CATALOG_FILE.open("rb") as handle:
        return tomllib.load(handle)["rule"]


def entry_text(rule_id: str = "cards.deck", **fields: object) -> str:
    """A one-rule catalog in TOML, valid unless ``fields`` spoil it (None drops a field)."""
    values: dict[str, object] = {"id": rule_id, "topic": "cards", "title": "Le jeu",
                                 "text": "78 cartes.", "sources": [FFT_SOURCE]}
    values.update(fields)
    lines = ["[[rule]]"]
    for key, value in values.items():
        if value is None:
            continue
        if isinstance(value, list):
            lines.append(f"{key} = [{', '.join(repr_toml(v) for v in value)}]")
        else:
            lines.append(f"{key} = {repr_toml(value)}")
    return "\n".join(lines) + "\n"


def repr_toml(value: object) -> str:
    escaped = str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


# --- the ids the code uses -------------------------------------------------------------------


def test_rule_of_code_ids_exist() -> None:
    missing = sorted(set(RULE_OF_CODE.values()) - set(RULES))
    assert not missing, f"RULE_OF_CODE cites rules the catalog lacks: {missing}"
    narrower = {r for rules in RULE_ALTERNATIVES.values() for r in rules}
    missing = sorted(narrower - set(RULES))
    assert not missing, f"RULE_ALTERNATIVES cites rules the catalog lacks: {missing}"


def test_catalog_covers_the_whole_game() -> None:
    missing = [rule_id for rule_id in EXPECTED_IDS if rule_id not in RULES]
    assert not missing
    assert any(rule_id.startswith("signals.") for rule_id in RULES)


# --- ids, topics, order ----------------------------------------------------------------------


def test_ids_unique_in_file() -> None:
    ids = [entry["id"] for entry in raw_entries()]
    duplicates = sorted({rule_id for rule_id in ids if ids.count(rule_id) > 1})
    assert not duplicates
    assert list(RULES) == ids  # loaded in the file's order, none dropped


@pytest.mark.parametrize("rule_id", list(RULES))
def test_ids_well_formed(rule_id: str) -> None:
    assert re.fullmatch(r"[a-z]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)+", rule_id)
    assert RULES[rule_id].id == rule_id


def test_topics_known_and_all_used() -> None:
    assert {r.topic for r in RULES.values()} == set(TOPICS)
    assert len(set(TOPICS)) == len(TOPICS)


def test_rules_by_topic_partitions_catalog_in_order() -> None:
    seen: list[str] = []
    for topic in TOPICS:
        rules = rules_by_topic(topic)
        assert rules and all(r.topic == topic for r in rules)
        ids = [r.id for r in rules]
        assert ids == [i for i in RULES if RULES[i].topic == topic]
        seen += ids
    assert sorted(seen) == sorted(RULES)
    with pytest.raises(ValueError, match="unknown topic"):
        rules_by_topic("signals")


def test_rule_lookup_and_unknown_id() -> None:
    assert rule("play.overtrump") is RULES["play.overtrump"]
    with pytest.raises(KeyError, match="play.surcoupe"):
        rule("play.surcoupe")


def test_catalog_is_read_only() -> None:
    with pytest.raises(TypeError):
        RULES["x.y"] = RULES["cards.deck"]  # type: ignore[index]
    with pytest.raises(FrozenInstanceError):
        RULES["cards.deck"].text = "autre"  # type: ignore[misc]


# --- sources and notes -----------------------------------------------------------------------


@pytest.mark.parametrize("rule_id", list(RULES))
def test_sources_well_formed(rule_id: str) -> None:
    sources = RULES[rule_id].sources
    assert sources and isinstance(sources, tuple)
    assert len(set(sources)) == len(sources)
    for source in sources:
        assert source == FFT_SOURCE or re.fullmatch(r"\d{3}_[0-9a-f]{16}|web:[a-z0-9-]+", source)


def test_web_pages_are_cited_only_where_a_note_says_why() -> None:
    """A club's web page is no FFT text: a rule citing one names it in its note."""
    for r in RULES.values():
        pages = [s for s in r.sources if s.startswith("web:")]
        if pages:
            assert r.note and ("page" in r.note or "club" in r.note.lower()), r.id


def test_sources_name_existing_seeds() -> None:
    folder = seeds_dir()
    if folder is None:
        pytest.skip("seed folder not found: neither ../shared/seeds nor $TAROT_SEEDS_DIR")
    names = {path.stem for path in folder.glob("*.txt")}
    cited = {s for r in RULES.values() for s in r.seeds}
    assert cited <= names, f"sources with no seed file: {sorted(cited - names)}"
    assert names <= cited, f"seeds no rule cites: {sorted(names - cited)}"


def test_fft_rulings_cited() -> None:
    fft_only = [r.id for r in RULES.values() if r.sources == (FFT_SOURCE,)]
    assert "counting.excuse" in fft_only
    assert all(r.seeds == tuple(s for s in r.sources
                                if s != FFT_SOURCE and not s.startswith("web:"))
               for r in RULES.values())


NOTE_NAMES = {"000": "Tarotman", "002": "résumé en tableaux", "003": "livret de Meepl",
              "004": "article d'initiation"}
"""How a note names each seed: by (a short form of) its title, never by its file name."""


@pytest.mark.parametrize(("rule_id", "seed"), sorted(DISAGREEMENTS.items()))
def test_disagreements_noted(rule_id: str, seed: str) -> None:
    note = RULES[rule_id].note
    assert note, f"{rule_id} follows one source over another and must say so"
    assert NOTE_NAMES[seed].lower() in note.lower() and "suivi" in note.lower()
    assert not re.search(r"graines? \d{3}|\d{3}_[0-9a-f]{16}", note)


def test_notes_say_what_is_followed() -> None:
    for r in RULES.values():
        if r.note is not None:
            assert r.note.strip() and "\n" not in r.note


# --- French prose ----------------------------------------------------------------------------

FRENCH_WORDS = re.compile(r"\b(le|la|les|de|du|des|un|une|et|à|au|on|est)\b", re.IGNORECASE)


@pytest.mark.parametrize("rule_id", list(RULES))
def test_title_and_text_french(rule_id: str) -> None:
    r = RULES[rule_id]
    assert r.title.strip() and r.text.strip()
    assert r.title[0].isupper() or r.title[0] in "«"
    assert FRENCH_WORDS.search(r.text), "the text should be French prose"
    assert r.text.endswith("."), "a rule text is whole sentences"
    assert "  " not in r.text and "\n" not in r.text  # folded on load, ready to be a msgid
    assert len(r.text) <= 500, "keep rule texts to a few sentences"


def test_titles_unique() -> None:
    titles = [r.title for r in RULES.values()]
    assert len(set(titles)) == len(titles)


# --- the texts agree with the tables the code plays by ---------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_poignee_thresholds_text_matches_table(players: int) -> None:
    simple, double, triple = rules_for(players).poignee_thresholds
    assert f"{simple}, {double} et {triple}" in rule("poignee.thresholds").text


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_table_sizes_text_matches_table(players: int) -> None:
    table = rules_for(players)
    text = rule("table.sizes").text
    expected = (f"À {players} joueurs, chacun reçoit {table.hand_size} cartes et le chien en "
                f"compte {table.chien_size}.")
    assert expected in text


def test_score_multipliers_text_matches_contracts() -> None:
    text = rule("score.multipliers").text
    positions = [text.index(f"par {c.multiplier} ") for c in Contract]
    assert positions == sorted(positions)  # petite, garde, garde sans, garde contre


def test_score_targets_text() -> None:
    text = rule("score.targets").text
    for target in (56, 51, 41, 36):
        assert str(target) in text


# --- the loader refuses a bad catalog --------------------------------------------------------


def test_parse_catalog_accepts_minimal_entry() -> None:
    parsed = parse_catalog(entry_text(note="Une  note\nsur deux lignes."))
    assert parsed["cards.deck"] == Rule("cards.deck", "cards", "Le jeu", "78 cartes.",
                                        (FFT_SOURCE,), "Une note sur deux lignes.")


@pytest.mark.parametrize(
    ("catalog_text", "message"),
    [
        (entry_text() + entry_text(), "used twice"),
        (entry_text("Cartes.Jeu"), "malformed id"),
        (entry_text("cards"), "malformed id"),
        (entry_text(topic="signals"), "unknown topic"),
        (entry_text(sources=["Wikipédia"]), "neither a seed"),
        (entry_text(sources=[]), "non-empty list"),
        (entry_text(sources=[FFT_SOURCE, FFT_SOURCE]), "cited twice"),
        (entry_text(text=None), "missing fields"),
        (entry_text(text="   "), "empty string"),
        (entry_text(lang="fr"), "unknown fields"),
        ("[other]\nx = 1\n", "unknown top-level"),
    ],
)
def test_parse_catalog_rejects(catalog_text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_catalog(catalog_text)


def test_no_break_space_survives_folding() -> None:
    parsed = parse_catalog(entry_text(text="Il reste 91\u00a0points."))
    assert parsed["cards.deck"].text == "Il reste 91\u00a0points."
