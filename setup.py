"""The wheel's build hook: the data the service reads at run time goes inside the package.

``translations/`` and ``scenarios/`` sit at the root of the repository (pybabel, pytest-bdd and
the people editing them expect them there), outside any package, so a plain wheel would ship
neither: English answers would come back in French and rules without their worked examples.
``build_py`` here copies both into ``tutor/_data/`` of the build, compiling every catalog's
``.po`` to its ``.mo`` with Babel (the ``.mo`` files are not committed). At run time
:func:`tutor.bundled.data_folder` prefers that copy. Editable installs read the repository's
folders directly and skip the copy.

Everything else is declared in ``pyproject.toml``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def _compile_catalogs(source: Path, target: Path) -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted(source.glob("*/LC_MESSAGES/*.po")):
        mo = target / po.relative_to(source).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=po.parent.parent.name, domain=po.stem)
        with mo.open("wb") as handle:
            write_mo(handle, catalog)  # fuzzy entries left out, as `pybabel compile` does


class BuildWithData(build_py):
    """``build_py`` plus ``tutor/_data/{translations,scenarios}`` (catalogs compiled)."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        data = Path(self.build_lib) / "tutor" / "_data"
        shutil.rmtree(data, ignore_errors=True)
        _compile_catalogs(ROOT / "translations", data / "translations")
        shutil.copytree(ROOT / "scenarios", data / "scenarios",
                        ignore=shutil.ignore_patterns("*.pyc", "__pycache__"))


setup(cmdclass={"build_py": BuildWithData})
