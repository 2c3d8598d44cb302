"""What a client asks first: which service this is (``GET /api/v1/version``).

* the package's version (``pyproject.toml``'s, as installed: ``importlib.metadata``), also the
  OpenAPI document's ``info.version`` and the MCP server's ``serverInfo.version``;
* the API's version, the ``v1`` of every path: it changes only when an answer would break a
  client written against the previous one;
* the date of the rule text the catalog follows: the FFT's official rulebook
  (*Règlement officiel du jeu de tarot*, version of 1 July 2012; ``FFT 2012`` in the rules'
  sources).
"""

from __future__ import annotations

from functools import cache
from importlib import metadata
from typing import Final

__all__ = ["API_VERSION", "RULES_DATE", "package_version", "versions"]

API_VERSION: Final = "1"
"""The ``v1`` of ``/api/v1``."""

RULES_DATE: Final = "2012-07-01"
"""The FFT rulebook's version (ISO date) that settles what the seed texts leave loose."""


@cache
def package_version() -> str:
    """The installed package's version; ``0+unknown`` for a checkout never installed."""
    try:
        return metadata.version("tarot-tutor")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def versions() -> dict[str, str]:
    """``{"version", "api_version", "rules_date"}``, the answer of ``GET /api/v1/version``.

    >>> sorted(versions())
    ['api_version', 'rules_date', 'version']
    """
    return {"version": package_version(), "api_version": API_VERSION, "rules_date": RULES_DATE}
