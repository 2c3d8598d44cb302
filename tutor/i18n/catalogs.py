"""The message catalogs on disk: where they are, compiling them, and keeping them complete.

The ``.po`` files in ``translations/`` are the source of truth and are committed; the ``.mo``
files are build products (gitignored), compiled by ``pybabel -q compile`` at install or test
time, and by :func:`compile_catalogs` when the app starts and finds one missing or older than
its ``.po`` — so a fresh clone works whatever runs first.

Two kinds of msgids live in one domain:

- the sentences of the code, written in **English** (``gettext("You must play %(suit)s…")``):
  the ``en`` catalog repeats them, the other catalogs translate them;
- the rule catalog (``rules_fr/catalog.toml``), written in **French**, extracted by
  :func:`tutor.i18n.extract.extract_rules` with the rule id as ``msgctxt``: the ``fr`` catalog
  repeats them, the others translate them;
- the worked examples' feature names and scenario titles (``scenarios/*.feature``), written in
  **French** too, extracted by :func:`tutor.i18n.extract.extract_examples` with
  ``example feature`` / ``example title`` as ``msgctxt``: the ``fr`` catalog repeats them, the
  others translate them. A feature file written in another language (``# language: en``) gets
  that language in its contexts (``example title (en)``), and that language's catalog repeats
  it (:func:`source_language`).

A catalog is complete when no entry is untranslated or fuzzy. The "repeat" halves are filled
mechanically by :func:`fill_source_entries` (``python -m tutor.i18n update`` runs
extract, update and fill in one go); :func:`catalog_problems` lists what a translator still owes.

Command line (from the repository root)::

    python -m tutor.i18n update    # extract + update + fill the source-language halves
    python -m tutor.i18n compile   # the .mo files (same as: pybabel -q compile)
    python -m tutor.i18n check     # untranslated or fuzzy entries; exit 1 if any
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Final

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from tutor.bundled import data_folder

__all__ = [
    "CODE_SOURCE_LANGUAGE",
    "DOMAIN",
    "EXAMPLE_FEATURE",
    "EXAMPLE_TITLE",
    "POT_FILE",
    "REPO_ROOT",
    "RULES_SOURCE_LANGUAGE",
    "TRANSLATIONS_DIR",
    "available_languages",
    "catalog_problems",
    "compile_catalogs",
    "example_context",
    "fill_source_entries",
    "is_rule_context",
    "main",
    "source_language",
]

REPO_ROOT: Final = Path(__file__).resolve().parents[2]
TRANSLATIONS_DIR: Final = data_folder("translations")
"""The catalogs: ``translations/`` of the repository, or in a wheel its compiled copy."""
DOMAIN: Final = "messages"
POT_FILE: Final = TRANSLATIONS_DIR / f"{DOMAIN}.pot"
CODE_SOURCE_LANGUAGE: Final = "en"
"""The language the code's msgids are written in."""
RULES_SOURCE_LANGUAGE: Final = "fr"
"""The language of the rule catalog's msgids (``rules_fr/catalog.toml``), and of the worked
examples' (``scenarios/*.feature``, but for a file that says otherwise)."""
EXAMPLE_FEATURE: Final = "example feature"
"""The ``msgctxt`` of a feature file's name (the topic of its worked examples)."""
EXAMPLE_TITLE: Final = "example title"
"""The ``msgctxt`` of a scenario's title (a worked example's title)."""


def is_rule_context(context: str | None) -> bool:
    """Whether an entry comes from the rule catalog: its ``msgctxt`` is a rule id (dotted
    kebab-case words). The code's own contexts never contain a dot.

    >>> is_rule_context("play.follow-suit"), is_rule_context("card"), is_rule_context(None)
    (True, False, False)
    """
    from rules_fr.catalog import is_rule_id

    return context is not None and is_rule_id(context)


def example_context(kind: str, language: str) -> str:
    """The ``msgctxt`` of a worked example's text of ``kind`` (:data:`EXAMPLE_FEATURE` or
    :data:`EXAMPLE_TITLE`) written in ``language``: the kind alone for French, the source
    language of the examples, else the kind and the language.

    >>> example_context(EXAMPLE_TITLE, "fr"), example_context(EXAMPLE_TITLE, "en")
    ('example title', 'example title (en)')
    """
    return kind if language == RULES_SOURCE_LANGUAGE else f"{kind} ({language})"


def source_language(context: str | None) -> str:
    """The language an entry's msgid is written in, told by its ``msgctxt``: French for a rule
    (its id) and a worked example's name or title, the language a worked example's context
    names (``example title (en)``), English for the code's own sentences.

    >>> [source_language(c) for c in ("play.follow-suit", "example title", "example feature",
    ...                               "example title (en)", "card", None)]
    ['fr', 'fr', 'fr', 'en', 'en', 'en']
    """
    if is_rule_context(context):
        return RULES_SOURCE_LANGUAGE
    for kind in (EXAMPLE_FEATURE, EXAMPLE_TITLE):
        if context == kind:
            return RULES_SOURCE_LANGUAGE
        if context is not None and context.startswith(kind + " (") and context.endswith(")"):
            return context[len(kind) + 2:-1]
    return CODE_SOURCE_LANGUAGE


def _po_path(directory: Path, language: str) -> Path:
    return directory / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def available_languages(directory: Path | str | None = None) -> list[str]:
    """The languages with a catalog in ``directory`` (default ``translations/``), sorted.

    Adding a language is adding its catalog (``pybabel init -l de``): nothing in the code lists
    the languages.

    >>> {"en", "fr"} <= set(available_languages())
    True
    """
    base = Path(directory) if directory is not None else TRANSLATIONS_DIR
    if not base.is_dir():
        return []
    return sorted(
        entry.name for entry in base.iterdir()
        if entry.is_dir() and (_po_path(base, entry.name).is_file()
                               or _po_path(base, entry.name).with_suffix(".mo").is_file())
    )


def _read(po: Path, language: str) -> Catalog:
    with po.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def compile_catalogs(directory: Path | str | None = None, *, force: bool = False) -> list[str]:
    """Compile each ``<lang>/LC_MESSAGES/messages.po`` whose ``.mo`` is missing or older than
    it (every one with ``force``); returns the languages compiled.

    Uses Babel's own reader and writer, as ``pybabel compile`` does (fuzzy entries are left
    out). Each file is written to a temporary name and moved into place, so several workers
    starting at once never read a half-written catalog. A read-only tree is left alone: the
    app then serves whatever was compiled at install time.
    """
    base = Path(directory) if directory is not None else TRANSLATIONS_DIR
    compiled: list[str] = []
    for language in available_languages(base):
        po = _po_path(base, language)
        mo = po.with_suffix(".mo")
        if not po.is_file():
            continue
        if not force and mo.is_file() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        catalog = _read(po, language)
        try:
            fd, tmp = tempfile.mkstemp(prefix=".messages-", suffix=".mo", dir=po.parent)
            try:
                with os.fdopen(fd, "wb") as handle:
                    write_mo(handle, catalog)
                os.replace(tmp, mo)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        except OSError:
            continue
        compiled.append(language)
    return compiled


def _source_entry(message: Message, language: str) -> bool:
    """Whether ``language`` is the language ``message``'s msgid is written in."""
    return language == source_language(message.context)


def fill_source_entries(directory: Path | str | None = None) -> dict[str, int]:
    """In each catalog, give the entries written in that catalog's own language their msgid
    as translation (English sentences in ``en``, French rules and worked examples' titles in
    ``fr``: :func:`source_language`), clearing a fuzzy
    flag there: the source text is always its own right translation. Other entries are never
    touched. Returns how many entries each catalog had filled.
    """
    base = Path(directory) if directory is not None else TRANSLATIONS_DIR
    filled: dict[str, int] = {}
    for language in available_languages(base):
        po = _po_path(base, language)
        if not po.is_file():
            continue
        catalog = _read(po, language)
        count = 0
        for message in catalog:
            if not message.id or not _source_entry(message, language):
                continue
            wanted: str | tuple[str, ...]
            if isinstance(message.id, tuple | list):
                singular, plural = message.id[0], message.id[1]
                forms = catalog.num_plurals
                wanted = tuple([singular] + [plural] * (forms - 1))
            else:
                wanted = message.id
            current = tuple(message.string) if isinstance(message.string, list | tuple) \
                else message.string
            if current != wanted or message.fuzzy:
                message.string = wanted
                message.flags.discard("fuzzy")
                message.previous_id = []
                count += 1
        if count:
            with po.open("wb") as handle:
                write_po(handle, catalog, width=76, ignore_obsolete=True)
        filled[language] = count
    return filled


def catalog_problems(directory: Path | str | None = None) -> list[str]:
    """Every untranslated or fuzzy entry of every catalog, as ``"fr: 'msgid': fuzzy"`` lines
    (``"fr: play.follow-suit | 'Fournir la couleur': untranslated"`` with a context)."""
    base = Path(directory) if directory is not None else TRANSLATIONS_DIR
    problems: list[str] = []
    for language in available_languages(base):
        po = _po_path(base, language)
        if not po.is_file():
            problems.append(f"{language}: no {DOMAIN}.po")
            continue
        for message in _read(po, language):
            if not message.id:
                continue
            label = f"{language}: {message.context + ' | ' if message.context else ''}" \
                    f"{message.id!r}"
            if message.fuzzy:
                problems.append(f"{label}: fuzzy")
            strings = message.string if isinstance(message.string, list | tuple) \
                else [message.string]
            if not strings or not all(strings):
                problems.append(f"{label}: untranslated")
    return problems


def _babel(argv: Sequence[str]) -> int:
    from babel.messages.frontend import CommandLineInterface

    cli: Any = CommandLineInterface()  # babel's frontend is untyped
    return int(cli.run(["pybabel", "-q", *argv]) or 0)


def main(argv: Iterable[str] | None = None) -> int:
    """``update`` (extract, update, fill), ``extract``, ``compile`` or ``check``."""
    args = list(sys.argv[1:] if argv is None else argv)
    command = args[0] if args else "check"
    if command not in ("update", "extract", "compile", "check"):
        print(f"unknown command {command!r}: use update, extract, compile or check",
              file=sys.stderr)
        return 2
    if command == "compile":
        print(", ".join(compile_catalogs(force=True)) or "nothing to compile")
        return 0
    if command in ("extract", "update"):
        cwd = os.getcwd()
        os.chdir(REPO_ROOT)  # pybabel reads [tool.babel.*] of pyproject.toml in the cwd
        if str(REPO_ROOT) not in sys.path:  # the rule extractor is imported by dotted path
            sys.path.insert(0, str(REPO_ROOT))
        try:
            status = _babel(["extract"])
            if command == "update" and not status:
                status = _babel(["update"])
        finally:
            os.chdir(cwd)
        if status or command == "extract":
            return status
        for language, count in fill_source_entries().items():
            if count:
                print(f"{language}: {count} source-language entries filled")
    problems = catalog_problems()
    for line in problems:
        print(line)
    return 1 if problems and command == "check" else 0


if __name__ == "__main__":
    raise SystemExit(main())
