"""The rules core type-checks under ``mypy --strict`` (as ``make lint`` runs it): CI runs the
test suite, so a type error in ``rules_fr`` fails CI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_rules_core_is_mypy_strict_clean() -> None:
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "rules_fr"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
