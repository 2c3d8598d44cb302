"""Plugins of the whole test run: the scenario steps, one module per topic.

``pytest_plugins`` is honoured only in a top-level conftest, hence here rather than in
``tests/scenarios/conftest.py``; the steps are fixtures, used only by the scenario tests.
"""

from scenarios.steps import PLUGINS

pytest_plugins = list(PLUGINS)
