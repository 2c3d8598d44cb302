"""``mypy --strict`` holds for every package listed in ``[tool.mypy] files`` of pyproject.toml
(``make lint`` runs the same command): a type error fails the suite, not only the linter."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_mypy_strict_is_clean() -> None:
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict"], cwd=REPO,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Success" in run.stdout, run.stdout
