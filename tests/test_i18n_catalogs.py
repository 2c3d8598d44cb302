"""The catalogs on disk: complete, in sync with the code, and compiled without a hand step.

"Fuzzy entries vanish silently after a msgid changes" (STACK.md): these tests fail on any
untranslated or fuzzy entry, on a ``.pot`` older than the code or the rule catalog, on a
``.po`` that was not updated from the ``.pot``, and on a translation whose placeholders differ
from its msgid's.
"""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from flask import Flask

from rules_fr.catalog import RULES, SOURCES
from tutor.i18n import catalogs
from tutor.i18n.catalogs import (
    POT_FILE,
    REPO_ROOT,
    TRANSLATIONS_DIR,
    available_languages,
    catalog_problems,
    compile_catalogs,
    fill_source_entries,
    source_language,
)
from tutor.i18n.extract import extract_examples, extract_rules
from tutor.i18n.language import init_babel

LANGUAGES = ("en", "fr")
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def _keys(path: Path, locale: str | None = None) -> set[tuple[str | None, str]]:
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=locale)
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


def _po(language: str) -> Path:
    return TRANSLATIONS_DIR / language / "LC_MESSAGES" / "messages.po"


def test_catalogs_exist_for_french_and_english():
    assert set(LANGUAGES) <= set(available_languages())


def test_catalogs_have_no_untranslated_or_fuzzy_entry():
    assert catalog_problems() == []


@pytest.fixture(scope="module")
def fresh_pot(tmp_path_factory) -> Path:
    """The template re-extracted now from the code and the rule catalog (pybabel's own CLI,
    reading the repository's [tool.babel.extract_messages] and babel.cfg)."""
    out = tmp_path_factory.mktemp("pot") / "messages.pot"
    cwd = Path.cwd()
    try:
        import os

        os.chdir(REPO_ROOT)
        status = CommandLineInterface().run(["pybabel", "-q", "extract", "-o", str(out)])
    finally:
        os.chdir(cwd)
    assert not status
    return out


def test_pot_is_not_stale(fresh_pot):
    committed, fresh = _keys(POT_FILE), _keys(fresh_pot)
    assert sorted(fresh - committed, key=str) == [], "run: python -m tutor.i18n update"
    assert sorted(committed - fresh, key=str) == [], "run: python -m tutor.i18n update"


@pytest.mark.parametrize("language", LANGUAGES)
def test_po_is_updated_from_pot(language):
    assert _keys(_po(language), language) == _keys(POT_FILE)


def test_pot_holds_every_rule_title_text_and_note(fresh_pot):
    keys = _keys(fresh_pot)
    for rule in RULES.values():
        for text in (rule.title, rule.text, rule.note):
            if text:
                assert (rule.id, text) in keys


def test_extract_rules_yields_pgettext_with_the_rule_id_as_context():
    source = (REPO_ROOT / "rules_fr" / "catalog.toml").read_bytes()
    found = list(extract_rules(io.BytesIO(source), ["pgettext"], [], {}))
    expected = sum(2 + (1 if r.note else 0) for r in RULES.values())
    assert len(found) == expected + len(SOURCES)
    assert {m[2] for m in found[expected:]} == {(s.context, s.title) for s in SOURCES.values()}
    lineno, funcname, (context, text), comments = found[0]
    first = next(iter(RULES.values()))
    assert (funcname, context, text) == ("pgettext", first.id, first.title)
    assert source.decode().splitlines()[lineno - 1].strip() == f'id = "{first.id}"'
    assert comments == [f"Rule {first.id}, title."]


def test_extract_examples_yields_each_feature_name_and_scenario_title():
    """Issues 24 and 26: the worked examples' names and titles are msgids (the file's language
    in the context when it is not French), each with the line it stands on."""
    from tutor.examples import all_examples

    found = []
    for path in sorted((REPO_ROOT / "scenarios").glob("*.feature")):
        lines = path.read_text("utf-8").splitlines()
        for lineno, funcname, (context, text), comments in extract_examples(
                io.BytesIO(path.read_bytes()), ["pgettext"], [], {}):
            assert funcname == "pgettext" and comments and text in lines[lineno - 1]
            found.append((context, text))
    wanted = {(source_language_context(e, "title"), e["title"]) for e in all_examples()} | \
        {(source_language_context(e, "feature"), e["feature"]) for e in all_examples()}
    assert set(found) == wanted and len(found) == len(wanted)
    assert ("example title (en)", "One must follow the suit led") in wanted
    assert len([c for c, _ in found if c == "example title"]) >= 140
    assert len([c for c, _ in found if c == "example feature"]) == 17


SAME_TITLE_IN_BOTH: frozenset[str] = frozenset()
"""Worked examples' titles or feature names whose translation may repeat the source (a proper
noun, a number): reviewed, none so far."""


def test_every_worked_example_title_and_feature_has_a_translation_of_its_own():
    """Issues 24 and 26: under ``lang=en`` a worked example's title and topic are English, under
    ``lang=fr`` French (the English feature file's ones too): every such entry of the catalog
    that is not in its own language holds a translation different from its msgid."""
    checked = 0
    for language in LANGUAGES:
        with _po(language).open("rb") as handle:
            catalog = read_po(handle, locale=language)
        for message in catalog:
            if not message.id or not (message.context or "").startswith("example "):
                continue
            if source_language(message.context) == language:
                assert message.string == message.id
                continue
            checked += 1
            assert message.string and not message.fuzzy, (language, message.id)
            assert message.string != message.id or message.id in SAME_TITLE_IN_BOTH, \
                (language, message.id)
    assert checked >= 160


def source_language_context(entry, kind):
    return f"example {kind}" if entry["language"] == "fr" else \
        f"example {kind} ({entry['language']})"


def test_pot_holds_every_worked_example_title_and_feature(fresh_pot):
    from tutor.examples import all_examples

    keys = _keys(fresh_pot)
    for entry in all_examples():
        if entry["language"] == "fr":
            assert ("example title", entry["title"]) in keys
            assert ("example feature", entry["feature"]) in keys


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders_of_their_msgid(language):
    with _po(language).open("rb") as handle:
        catalog = read_po(handle, locale=language)
    for message in catalog:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        wanted = set().union(*(set(PLACEHOLDER.findall(i)) for i in ids))
        for string in strings:
            got = set(PLACEHOLDER.findall(string))
            # a singular form may leave the count out ("le joueur a parlé"), never add a name
            assert got <= wanted, (message.id, string)
            assert wanted - got <= {"num"}, (message.id, string)


@pytest.mark.parametrize("language", LANGUAGES)
def test_source_language_entries_repeat_their_msgid(language):
    """English sentences of the code are their own English; French rules and worked examples'
    titles their own French (the English feature file's titles their own English)."""
    with _po(language).open("rb") as handle:
        catalog = read_po(handle, locale=language)
    for message in catalog:
        if not message.id or not isinstance(message.id, str):
            continue
        if language == source_language(message.context):
            assert message.string == message.id


def test_plain_pybabel_compile_works_from_the_repository_config(tmp_path):
    target = tmp_path / "translations"
    shutil.copytree(TRANSLATIONS_DIR, target, ignore=shutil.ignore_patterns("*.mo"))
    status = CommandLineInterface().run(["pybabel", "-q", "compile", "-d", str(target)])
    assert not status
    for language in LANGUAGES:
        mo = target / language / "LC_MESSAGES" / "messages.mo"
        with mo.open("rb") as handle:
            catalog = read_mo(handle)
        assert catalog.get("Total: %(total)s.") is not None


def test_init_babel_compiles_missing_catalogs(tmp_path):
    target = tmp_path / "translations"
    shutil.copytree(TRANSLATIONS_DIR, target, ignore=shutil.ignore_patterns("*.mo"))
    app = Flask("fresh-clone")
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(target)
    init_babel(app)
    for language in LANGUAGES:
        assert (target / language / "LC_MESSAGES" / "messages.mo").is_file()
    from tutor.i18n import explain_bid

    with app.test_request_context("/?lang=en"):
        assert explain_bid(None, []) == "You pass."
    with app.test_request_context("/?lang=fr"):
        assert explain_bid(None, []) == "Vous passez."


def test_compile_catalogs_skips_fresh_ones_and_redoes_stale_ones(tmp_path):
    target = tmp_path / "translations"
    shutil.copytree(TRANSLATIONS_DIR, target, ignore=shutil.ignore_patterns("*.mo"))
    assert compile_catalogs(target) == ["en", "fr"]
    assert compile_catalogs(target) == []
    po = target / "fr" / "LC_MESSAGES" / "messages.po"
    mo = po.with_suffix(".mo")
    import os

    os.utime(mo, (po.stat().st_mtime - 10, po.stat().st_mtime - 10))
    assert compile_catalogs(target) == ["fr"]


def test_fill_source_entries_fills_only_the_source_halves(tmp_path):
    target = tmp_path / "translations"
    shutil.copytree(TRANSLATIONS_DIR, target, ignore=shutil.ignore_patterns("*.mo"))
    # blank one English sentence (en is its source) and one French rule text (fr is its source)
    # and one French sentence of the code (fr must be translated by a person)
    rule = RULES["play.follow-suit"]
    for language, key in (("en", (None, "You pass.")), ("fr", (rule.id, rule.text)),
                          ("fr", (None, "You pass."))):
        path = target / language / "LC_MESSAGES" / "messages.po"
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=language)
        catalog.get(key[1], context=key[0]).string = ""
        from babel.messages.pofile import write_po

        with path.open("wb") as handle:
            write_po(handle, catalog)
    assert fill_source_entries(target) == {"en": 1, "fr": 1}
    assert catalog_problems(target) == ["fr: 'You pass.': untranslated"]


def test_catalogs_module_cli_check_passes(capsys):
    assert catalogs.main(["check"]) == 0


@pytest.mark.parametrize("module", ["tutor.i18n.catalogs", "tutor.i18n.language",
                                    "tutor.i18n.extract"])
def test_doctests(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted and not result.failed
