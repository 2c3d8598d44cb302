"""``python -m fuzz`` (with ``tests/`` on the path): the fuzzer's command line."""

import sys

from fuzz.runner import main

sys.exit(main())
