#!/usr/bin/env bash
# Every test, in two pytest runs side by side: the browser tests (mostly waiting on Chromium
# and on live servers) and the rest (mostly CPU). On the 2-core CI machine this takes about
# the time of the longer of the two instead of their sum. The two runs share nothing: the
# browser tests use their own SQLite servers on free ports, never PostgreSQL or Redis.
# Usage: scripts/test_all.sh PYTHON
set -uo pipefail
python="${1:-.venv/bin/python}"
log="$(mktemp -t browser-tests.XXXXXX.log)"
"$python" -m pytest tests/browser -p no:cacheprovider >"$log" 2>&1 &
browser=$!
"$python" -m pytest --ignore=tests/browser -p no:cacheprovider
rest=$?
wait "$browser"
browser_status=$?
echo
echo "=== browser tests (tests/browser) ==="
cat "$log"
rm -f "$log"
echo "=== exit: browser $browser_status, the rest $rest ==="
[ "$rest" -eq 0 ] && [ "$browser_status" -eq 0 ]
