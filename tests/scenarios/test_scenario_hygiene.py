"""The scenarios keep their promises: every step has a definition, every tag names something real,
no scenario is skipped, and every step asks the HTTP API — the step definitions never import
the rules core.

The seeds folder is ``../shared/seeds`` beside the clone (as in CI), or ``$TAROT_SEEDS_DIR``.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from pytest_bdd.parser import FeatureParser, Step
from pytest_bdd.steps import StepFunctionContext, step_function_context_registry

from rules_fr.catalog import RULES
from scenarios.steps import PLUGINS, TOPICS

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
FEATURES = REPO / "scenarios"
CONFTEST = HERE / "conftest.py"
STEPS = HERE / "steps"
STEP_FILES = (CONFTEST, *sorted(STEPS.glob("*.py")))
"""Every file the scenario steps run from: the conftest and the topic modules."""
PROVENANCE = re.compile(r"^(source-.+|derived|fft-2012)$")
FORBIDDEN_TAGS = {"skip", "skipif", "xfail", "wip", "ignore", "todo", "pending"}


def seeds_dir() -> Path:
    configured = os.environ.get("TAROT_SEEDS_DIR")
    return Path(configured) if configured else REPO.parent / "shared" / "seeds"


@dataclass(frozen=True)
class Case:
    """One scenario as pytest-bdd runs it: an outline's row, rendered."""

    file: str
    name: str
    tags: frozenset[str]
    steps: tuple[Step, ...]

    def __str__(self) -> str:
        return f"{self.file}: {self.name}"


def cases() -> Iterator[Case]:
    for path in sorted(FEATURES.glob("*.feature")):
        feature = FeatureParser(str(FEATURES), path.name).parse()
        for template in feature.scenarios.values():
            rule_tags = template.rule.tags if template.rule is not None else set()
            base = set(feature.tags) | set(template.tags) | set(rule_tags)
            blocks = [(examples.tags, context) for examples in template.examples
                      for context in examples.as_contexts()]
            for tags, context in blocks or [(set(), {})]:
                scenario = template.render(context)
                yield Case(path.name, scenario.name, frozenset(base | set(tags)),
                           tuple(scenario.steps))


CASES = list(cases())


def step_definitions() -> list[StepFunctionContext]:
    """The step definitions of the topic modules (pytest has loaded them as plugins)."""
    found = [context for context in step_function_context_registry.values()
             if Path(context.step_func.__code__.co_filename).resolve() in STEP_FILES]
    assert found, "the scenario step modules registered no step"
    return found


def definitions_of(step: Step, definitions: list[StepFunctionContext]) -> list[StepFunctionContext]:
    return [d for d in definitions
            if d.type in (None, step.type) and d.parser.is_matching(step.name)]


def test_the_features_hold_scenarios() -> None:
    assert len({path.name for path in FEATURES.glob("*.feature")}) >= 15
    assert len(CASES) >= 300


def test_every_step_has_exactly_one_definition() -> None:
    definitions = step_definitions()
    missing, ambiguous = [], []
    for case in CASES:
        for step in case.steps:
            matched = definitions_of(step, definitions)
            if not matched:
                missing.append(f"{case} — {step.keyword} {step.name} (line {step.line_number})")
            elif len(matched) > 1:
                ambiguous.append(f"{case} — {step.name}: "
                                 f"{[d.step_func.__name__ for d in matched]}")
    assert not missing, "steps without a definition:\n" + "\n".join(missing)
    assert not ambiguous, "steps with several definitions:\n" + "\n".join(ambiguous)


def test_every_step_definition_is_used() -> None:
    definitions = step_definitions()
    used = {id(d) for case in CASES for step in case.steps
            for d in definitions_of(step, definitions)}
    unused = [d.step_func.__name__ for d in definitions if id(d) not in used]
    assert not unused, f"step definitions no scenario uses: {unused}"


CORE_PACKAGE = "rules_fr"


def core_uses(source: str) -> list[str]:
    """Every place ``source`` reaches the rules core: an ``import rules_fr…`` or ``from rules_fr…
    import`` (at any depth, inside a function too), or the package named in a string (an
    ``importlib.import_module("rules_fr.deal")``, a ``__import__``)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import {alias.name}" for alias in node.names
                      if alias.name.split(".")[0] == CORE_PACKAGE]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and (node.module or "").split(".")[0] == CORE_PACKAGE:
                found.append(f"line {node.lineno}: from {node.module} import ...")
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and re.search(rf"\b{CORE_PACKAGE}\b", node.value)):
            found.append(f"line {node.lineno}: the string {node.value[:40]!r}")
    return found


def test_the_step_definitions_never_import_the_rules_core() -> None:
    """Issue 5: the steps call the HTTP API through the Flask test client, not the core."""
    uses = [f"{path.name} {use}" for path in STEP_FILES
            for use in core_uses(path.read_text("utf-8"))]
    assert not uses, "the scenario steps reach the rules core:\n" + "\n".join(uses)


def test_every_step_definition_lives_in_the_checked_modules() -> None:
    """No step of the repository comes from elsewhere (a module the check above would not
    read), and every topic module is loaded as a plugin."""
    files = {Path(context.step_func.__code__.co_filename).resolve()
             for context in step_function_context_registry.values()}
    outside = sorted(str(f) for f in files if f.is_relative_to(REPO)
                     and f not in STEP_FILES and ".venv" not in f.parts)
    assert not outside, f"step definitions outside {STEPS}: {outside}"
    modules = {path.stem for path in STEPS.glob("*.py")} - {"__init__", "vocabulary"}
    assert modules == set(TOPICS), "a step module is not listed in scenarios.steps.TOPICS"
    assert {path.stem for path in files if path.parent == STEPS} == set(TOPICS)


@pytest.mark.parametrize("source", [
    "from rules_fr import deal\n",
    "import rules_fr.cards as c\n",
    "def step():\n    from rules_fr.partie import Partie\n    return Partie\n",
    "import importlib\nm = importlib.import_module('rules_fr.duplicate')\n",
])
def test_a_core_import_in_the_steps_is_caught(source: str) -> None:
    assert core_uses(source)


def test_api_calls_are_not_mistaken_for_core_imports() -> None:
    assert core_uses("from tutor import create_app\nimport random\n"
                     "text = 'the rules core'\n") == []


def test_no_scenario_is_tagged_core() -> None:
    """The ``@core`` tag marked scenarios asked of the core: none is left."""
    tagged = [str(case) for case in CASES if "core" in case.tags]
    assert not tagged, "scenarios still tagged @core:\n" + "\n".join(tagged)


def test_source_tags_name_seed_files() -> None:
    folder = seeds_dir()
    if not folder.is_dir():  # CI clones beside ../shared; a bare clone elsewhere has no seeds
        pytest.skip(f"no seeds folder at {folder} (set TAROT_SEEDS_DIR)")
    seeds = {path.stem for path in folder.glob("*.txt")}
    cited = {tag.removeprefix("source-") for case in CASES for tag in case.tags
             if tag.startswith("source-")}
    assert cited, "no scenario cites a seed"
    assert cited <= seeds, f"source tags naming no seed file: {sorted(cited - seeds)}"
    assert seeds <= cited, f"seed files no scenario mirrors: {sorted(seeds - cited)}"


def test_rule_tags_name_catalog_rules() -> None:
    unknown = sorted({tag for case in CASES for tag in case.tags
                      if tag.startswith("rule-") and tag.removeprefix("rule-") not in RULES})
    assert not unknown, f"rule tags naming no rule of the catalog: {unknown}"
    untagged = [str(case) for case in CASES
                if not any(tag.startswith("rule-") for tag in case.tags)]
    assert not untagged, "scenarios illustrating no rule:\n" + "\n".join(untagged)


def test_every_scenario_says_where_it_comes_from() -> None:
    orphans = [str(case) for case in CASES
               if not any(PROVENANCE.match(tag) for tag in case.tags)]
    assert not orphans, "scenarios with no @source-, @derived or @fft-2012 tag:\n" + \
        "\n".join(orphans)


def test_the_cases_the_issue_asks_for_are_derived() -> None:
    derived = " | ".join(case.name.lower() for case in CASES if "derived" in case.tags)
    for words in ("chelem annoncé et raté", "la défense inflige le chelem", "garde contre",
                  "40,5 points", "un défenseur montre une poignée et perd",
                  "l'excuse jouée au dernier pli", "roi appelé qui se trouve au chien"):
        assert words in derived, words


def test_no_scenario_is_marked_to_be_skipped() -> None:
    marked = [f"{case}: {sorted(case.tags & FORBIDDEN_TAGS)}" for case in CASES
              if case.tags & FORBIDDEN_TAGS]
    assert not marked, "\n".join(marked)


def test_a_missing_step_fails_the_run_and_a_skip_is_a_failure(tmp_path: Path) -> None:
    """Run pytest on a small feature with this folder's conftest: the scenario with an undefined
    step must fail, the one that skips must fail too, the regular one must pass."""
    (tmp_path / "features").mkdir()
    (tmp_path / "conftest.py").write_text(
        CONFTEST.read_text("utf-8") + f"\npytest_plugins = {list(PLUGINS)!r}\n", "utf-8")
    (tmp_path / "pytest.ini").write_text(
        "[pytest]\nbdd_features_base_dir = features/\naddopts = -p no:cacheprovider\n")
    (tmp_path / "features" / "sonde.feature").write_text(textwrap.dedent("""\
        # language: fr
        Fonctionnalité: Une sonde
          Scénario: Un coup permis
            Soit une table de 4 joueurs
            Et la main "KH 2S"
            Quand je joue "KH"
            Alors le coup est permis

          Scénario: Une étape sans définition
            Soit une table de 4 joueurs
            Alors la lune est carrée

          Scénario: Un scénario qui se saute
            Soit une table de 4 joueurs
            Alors le scénario est sauté
        """), encoding="utf-8")
    (tmp_path / "test_sonde.py").write_text(textwrap.dedent("""\
        import pytest
        from pytest_bdd import scenarios, then

        @then("le scénario est sauté")
        def _skip():
            pytest.skip("sauté")

        scenarios(".")
        """), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(REPO / "tests")])}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rA"], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    output = run.stdout + run.stderr
    assert run.returncode == 1, output
    assert "2 failed, 1 passed" in output, output
    assert "skipped" not in output.splitlines()[-1], output
    assert "StepDefinitionNotFoundError" in output, output
    assert "no scenario may be skipped" in output, output


@pytest.mark.parametrize("tag", ["derived", "fft-2012"])
def test_every_kind_of_tag_is_registered_as_a_marker(pytestconfig: pytest.Config,
                                                     tag: str) -> None:
    markers = {line.split(":")[0] for line in pytestconfig.getini("markers")}
    assert tag in markers
