"""What the whole test run shares.

* The scenario steps, one module per topic: ``pytest_plugins`` is honoured only in a top-level
  conftest, hence here rather than in ``tests/scenarios/conftest.py``; the steps are fixtures,
  used only by the scenario tests.
* ``client``: a test client of the app as configured for tests (no database of its own), one a
  module; ``document``: the OpenAPI document it serves. A module that needs another app
  (a database, other settings) defines its own ``client``, which wins over this one.
* The quotas of :mod:`tutor.limits` are off for the suite (and for the servers it starts, which
  inherit the environment): the tests create tables and race actions far faster than any
  client may. ``tests/test_limits.py`` turns them on, with the defaults and with small limits,
  and proves them.
"""

import os
from typing import Any

import pytest
from flask.testing import FlaskClient
from scenarios.steps import PLUGINS

os.environ.setdefault("TAROT_RATELIMIT_ENABLED", "0")

pytest_plugins = list(PLUGINS)


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    from tutor import create_app  # here: the environment above is set before tutor is read

    return create_app({"TESTING": True}).test_client()


@pytest.fixture(scope="module")
def document(client: FlaskClient) -> dict[str, Any]:
    return client.get("/api/v1/openapi.json").get_json()
