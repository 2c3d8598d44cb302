"""The Gherkin scenarios' fixtures and hooks; the step definitions live in :mod:`scenarios.steps`.

Every scenario asks the JSON API (``/api/v1``, the Flask test client) what a referee would ask:
may I play this card, is this écart legal, what does this deal score. The steps assert on the
JSON and on the explanation, in the language of the feature (``# language: fr`` asks with
``?lang=fr``).

pytest-bdd 9 finds step definitions only in the test module, a conftest or a pytest plugin (a
plain import does not register them): the topic modules of ``steps/`` are plugins, listed in
:data:`scenarios.steps.PLUGINS` and required by ``tests/conftest.py`` (pytest accepts
``pytest_plugins`` only in a top-level conftest). This conftest holds what is not a step: the
app, the scene, the language of each feature, the markers, and the rule that a skipped or
xfailed scenario is a failure: every scenario must run.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scenarios.steps.vocabulary import Scene
from tutor import create_app


@pytest.fixture(scope="session")
def tutor_app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    """The app, its live tables in a database of this run (not the instance folder's)."""
    folder = tmp_path_factory.mktemp("tables")
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder}/tables.db"})


@pytest.fixture
def client(tutor_app: Flask) -> FlaskClient:
    return tutor_app.test_client()


@pytest.fixture
def scene() -> Scene:
    return Scene()


def pytest_configure(config: pytest.Config) -> None:
    """Register every tag of the features as a marker (``pytest -m derived`` selects the
    derived cases; the dotted ``@source-…`` and ``@rule-…`` tags are registered so they do not
    warn)."""
    for tag in sorted(feature_tags()):
        config.addinivalue_line("markers", f"{tag}: a tag of the scenarios")


def feature_tags() -> set[str]:
    from pathlib import Path

    from gherkin.parser import Parser

    tags: set[str] = set()
    folder = Path(__file__).resolve().parents[2] / "scenarios"

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for tag in node.get("tags", []):
                tags.add(tag["name"].lstrip("@"))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in folder.glob("*.feature"):
        walk(Parser().parse(path.read_text("utf-8")))
    return tags


def pytest_bdd_before_scenario(request: pytest.FixtureRequest, feature: Any,
                               scenario: Any) -> None:
    """Ask the API in the feature's language."""
    request.getfixturevalue("scene").lang = feature.language or "en"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A scenario must run: a skip (or an xfail) of a scenario is reported as a failure."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    # a pytest-bdd scenario is a test asking for the "_pytest_bdd_example" fixture
    if report.skipped and "_pytest_bdd_example" in getattr(item, "fixturenames", ()):
        report.outcome = "failed"
        report.longrepr = f"scenario skipped ({call.when}), but no scenario may be skipped: " \
                          f"{report.longrepr}"

