"""Heavy fuzzing of the API and the pages — a manual tool; the fuzzer is the ``tests/fuzz``
package (its light mode runs in the test suite). See ``tests/fuzz/__init__.py``::

    .venv/bin/python scripts/fuzz_api.py [--examples 500] [--parts nasty,web,tables,smart,schema]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fuzz.runner import main  # noqa: E402  (tests/ on the path first)

if __name__ == "__main__":
    sys.exit(main())
