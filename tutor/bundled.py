"""Where the data folders the service reads at run time live: ``translations/`` (the Babel
catalogs) and ``scenarios/`` (the worked examples).

In a checkout (and an editable install) they are the repository's own folders. A wheel has
no repository around it, so its build (``setup.py``, :class:`BuildWithData`) copies them into
the package as ``tutor/_data/<name>``, with every catalog compiled to ``.mo``: an installed
service answers in English and shows its worked examples with nothing else on the machine.

>>> data_folder("scenarios").name
'scenarios'
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

__all__ = ["BUNDLED_DIR", "REPO_ROOT", "data_folder"]

BUNDLED_DIR: Final = Path(__file__).resolve().parent / "_data"
"""The data a wheel's build put inside the package (absent in a checkout)."""
REPO_ROOT: Final = Path(__file__).resolve().parent.parent


def data_folder(name: str) -> Path:
    """The folder ``name`` (``"translations"``, ``"scenarios"``): the wheel's bundled copy when
    there is one, else the repository's."""
    bundled = BUNDLED_DIR / name
    return bundled if bundled.is_dir() else REPO_ROOT / name
