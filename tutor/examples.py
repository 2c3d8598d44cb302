"""Worked examples for the tutor: the Gherkin scenarios of ``scenarios/``, linked to their rules.

The scenarios are the rulebook's own examples (and the cases they imply), written in French
Gherkin and run against the API by the test suite. Each scenario carries tags that say where it
comes from and what it illustrates:

* ``@rule-<id>`` — a rule of :mod:`rules_fr.catalog` it illustrates (one or more);
* ``@source-<seed>`` — the seed text whose example it mirrors; ``@derived`` — a case the sources
  imply without spelling it out; ``@fft-2012`` — a ruling of the FFT's rulebook;
* ``@core`` — a fact no endpoint serves yet, checked against the rules core.

:func:`examples_for_rule` returns the scenarios of a rule as plain JSON-ready dicts, so that
``GET /api/v1/rules/<id>`` and the browser tutor can show them beside the rule. The files are
parsed once (with the official Gherkin parser, the one pytest-bdd uses) and kept in memory.

>>> [e["title"] for e in examples_for_rule("play.called-suit-first-lead")][:1]
['À 5 joueurs, la première entame ne se fait pas dans la couleur du roi appelé']
>>> example = examples_for_rule("score.total")[0]
>>> example["id"], example["sources"], example["examples"][0]["header"][:2]
('marque/exemple-1-une-garde-gagnee-avec-une-poignee-et-le-petit-au-bout-106', \
['000_79ccdf50a49e58e5'], ['joueurs', 'marques'])
>>> examples_for_rule("no.such-rule")
[]
"""

from __future__ import annotations

import copy
import re
import unicodedata
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from gherkin.parser import Parser

from tutor.bundled import data_folder

__all__ = [
    "SCENARIOS_DIR",
    "all_examples",
    "example",
    "examples_for_rule",
    "parse_feature",
]

SCENARIOS_DIR: Final = data_folder("scenarios")
"""Where the feature files live: ``scenarios/`` at the root of the repository (in a wheel, the
copy its build bundled: :mod:`tutor.bundled`)."""

RULE_TAG: Final = "rule-"
SOURCE_TAG: Final = "source-"
URL_PREFIX: Final = "/examples/"


def examples_for_rule(rule_id: str, directory: Path | str | None = None) -> list[dict[str, Any]]:
    """The scenarios that illustrate the rule ``rule_id``, in the order of the feature files.

    Each is a dict: ``id`` (``<feature file>/<slug of the title>``), ``title``, ``url``
    (``/examples/<id>``), ``feature``, ``file``, ``line``, ``language``, ``note`` (the comment
    that quotes the rulebook, or ``None``), ``tags``, ``rules``, ``sources``, ``derived``,
    ``fft``, ``steps`` (``keyword``, ``text`` and ``table`` — a list of rows, or
    ``None``) and ``examples`` (each block of an outline: ``name``, ``tags``, ``header``,
    ``rows``). An unknown rule has no example. The dicts are copies: callers may change them.
    """
    return [copy.deepcopy(entry) for entry in _index(_folder(directory)).get(rule_id, ())]


def all_examples(directory: Path | str | None = None) -> list[dict[str, Any]]:
    """Every scenario of every feature file, in file order (copies)."""
    return [copy.deepcopy(entry) for entry in _load(_folder(directory))]


def example(example_id: str, directory: Path | str | None = None) -> dict[str, Any] | None:
    """The scenario of id ``example_id`` (as :func:`examples_for_rule` names it), or ``None``.

    >>> example("marque/une-garde-contre-chutee")["rules"][0]
    'score.multipliers'
    """
    for entry in _load(_folder(directory)):
        if entry["id"] == example_id:
            return copy.deepcopy(entry)
    return None


def parse_feature(text: str, file: str = "") -> list[dict[str, Any]]:
    """The scenarios of one feature file's text, as :func:`examples_for_rule` describes them.

    Tags of the feature, of a ``Règle`` block and of the scenario apply to the scenario; tags of
    an ``Exemples`` block apply to its rows (and are listed with the block), and count for the
    scenario's rules and sources.

    >>> text = '''# language: fr
    ... @rule-cards.deck
    ... Fonctionnalité: Les cartes
    ...   @source-000_79ccdf50a49e58e5
    ...   Scénario: Un jeu de 78 cartes
    ...     # Un jeu de tarot comporte 78 cartes.
    ...     Soit une donne régulière à 4 joueurs
    ...     Alors la donne est valide
    ... '''
    >>> [(e["id"], e["rules"], e["sources"], e["note"]) for e in parse_feature(text, "cartes")]
    [('cartes/un-jeu-de-78-cartes', ['cards.deck'], ['000_79ccdf50a49e58e5'], \
'Un jeu de tarot comporte 78 cartes.')]
    """
    document: Any = Parser().parse(text)  # gherkin's TypedDicts miss the keys read here
    feature = document.get("feature")
    if not feature:
        return []
    comments = {c["location"]["line"]: c["text"].strip().lstrip("#").strip()
                for c in document.get("comments", [])}
    stem = Path(file).stem if file else ""
    found: list[dict[str, Any]] = []
    for child in feature.get("children", []):
        if "scenario" in child:
            found.append(_scenario(child["scenario"], feature, (), comments, file, stem))
        elif "rule" in child:
            rule = child["rule"]
            for inner in rule.get("children", []):
                if "scenario" in inner:
                    found.append(_scenario(inner["scenario"], feature, rule.get("tags", []),
                                           comments, file, stem))
    return found


# --- parsing ---------------------------------------------------------------------------------


def _tag_names(tags: Iterable[Mapping[str, Any]]) -> list[str]:
    return [tag["name"].lstrip("@") for tag in tags]


def _scenario(scenario: Mapping[str, Any], feature: Mapping[str, Any],
              rule_tags: Iterable[Mapping[str, Any]], comments: Mapping[int, str],
              file: str, stem: str) -> dict[str, Any]:
    tags = _unique(_tag_names(feature.get("tags", [])) + _tag_names(rule_tags)
                   + _tag_names(scenario.get("tags", [])))
    blocks = [{
        "name": block.get("name", ""),
        "tags": _tag_names(block.get("tags", [])),
        "header": [cell["value"] for cell in block.get("tableHeader", {}).get("cells", [])],
        "rows": [[cell["value"] for cell in row["cells"]] for row in block.get("tableBody", [])],
    } for block in scenario.get("examples", [])]
    every_tag = _unique(tags + [tag for block in blocks for tag in block["tags"]])
    steps = [{
        "keyword": step["keyword"].strip(),
        "text": step["text"],
        "table": ([[cell["value"] for cell in row["cells"]] for row in step["dataTable"]["rows"]]
                  if "dataTable" in step else None),
    } for step in scenario.get("steps", [])]
    line = scenario["location"]["line"]
    first_step = scenario["steps"][0]["location"]["line"] if scenario.get("steps") else line + 1
    note = " ".join(comments[n] for n in range(line + 1, first_step) if n in comments) or None
    slug = f"{stem}/{_slug(scenario['name'])}" if stem else _slug(scenario["name"])
    return {
        "id": slug,
        "title": scenario["name"],
        "url": URL_PREFIX + slug,
        "feature": feature.get("name", ""),
        "file": file,
        "line": line,
        "language": feature.get("language", "en"),
        "note": note,
        "tags": every_tag,
        "rules": [tag[len(RULE_TAG):] for tag in every_tag if tag.startswith(RULE_TAG)],
        "sources": [tag[len(SOURCE_TAG):] for tag in every_tag if tag.startswith(SOURCE_TAG)],
        "derived": "derived" in every_tag,
        "fft": "fft-2012" in every_tag,
        "steps": steps,
        "examples": blocks,
    }


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


def _slug(text: str) -> str:
    """ASCII, lower case, words joined by hyphens.

    >>> _slug("Exemple 1 — une garde gagnée : 106")
    'exemple-1-une-garde-gagnee-106'
    """
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")


# --- the files, read once --------------------------------------------------------------------


def _folder(directory: Path | str | None) -> Path:
    return (Path(directory) if directory is not None else SCENARIOS_DIR).resolve()


@lru_cache(maxsize=4)
def _load(folder: Path) -> tuple[dict[str, Any], ...]:
    entries: list[dict[str, Any]] = []
    seen: set[str] = set()
    for path in sorted(folder.glob("*.feature")):
        relative = f"{folder.name}/{path.name}"
        for entry in parse_feature(path.read_text("utf-8"), relative):
            if entry["id"] in seen:
                raise ValueError(f"two scenarios have the id {entry['id']!r}")
            seen.add(entry["id"])
            entries.append(entry)
    return tuple(entries)


@lru_cache(maxsize=4)
def _index(folder: Path) -> Mapping[str, tuple[dict[str, Any], ...]]:
    by_rule: dict[str, list[dict[str, Any]]] = {}
    for entry in _load(folder):
        for rule_id in entry["rules"]:
            by_rule.setdefault(rule_id, []).append(entry)
    return {rule_id: tuple(entries) for rule_id, entries in by_rule.items()}
