"""What the whole test run shares.

* The scenario steps, one module per topic: ``pytest_plugins`` is honoured only in a top-level
  conftest, hence here rather than in ``tests/scenarios/conftest.py``; the steps are fixtures,
  used only by the scenario tests.
* The quotas of :mod:`tutor.limits` are off for the suite (and for the servers it starts, which
  inherit the environment): the tests create tables and race actions far faster than any
  client may. ``tests/test_limits.py`` turns them on, with the defaults and with small limits,
  and proves them.
"""

import os

from scenarios.steps import PLUGINS

os.environ.setdefault("TAROT_RATELIMIT_ENABLED", "0")

pytest_plugins = list(PLUGINS)
