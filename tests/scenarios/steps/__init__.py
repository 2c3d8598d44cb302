"""The step definitions of the scenarios, one module per topic of the features.

Each module is a pytest plugin (pytest-bdd registers a step as a fixture of the module that
defines it, so the module must be one pytest reads fixtures from). ``tests/conftest.py``
requires :data:`PLUGINS`; the hygiene test checks that every step comes from one of them and
that none imports the rules core. Shared words and the scene are in :mod:`.vocabulary`.
"""

from __future__ import annotations

TOPICS = ("table", "play", "ecart", "bidding", "poignee", "deal", "scoring", "played_deal",
          "counting", "dealing", "partie", "duplicate", "referee")
PLUGINS = tuple(f"{__name__}.{topic}" for topic in TOPICS)
