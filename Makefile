# Two commands matter: `make run` (the service on its embedded SQLite default) and
# `make test` (every test). Both install what they need into .venv first. `make serve` is
# the production server (gunicorn, gevent workers; PORT, DATABASE_URL, REDIS_URL).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
RUNTIME_STAMP := $(VENV)/.installed-runtime
PORT ?= 5000

.PHONY: run serve test bench lint catalogs compile browser clean

# `make run` installs the runtime dependencies only; `make test` (and `make catalogs`, which
# the engineers' setup runs) adds the test extras.
$(RUNTIME_STAMP): pyproject.toml setup.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e .
	touch $(RUNTIME_STAMP)

$(STAMP): $(RUNTIME_STAMP)
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

compile: $(RUNTIME_STAMP)
	@if ls translations/*/LC_MESSAGES/messages.po >/dev/null 2>&1; then \
		$(BIN)/pybabel -q compile -d translations; fi

catalogs: $(STAMP) compile

# Debian's Chromium for the browser tests (never a downloaded browser).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
		echo "installing Debian's chromium for the browser tests"; \
		(apt-get update -qq && apt-get install -y -qq chromium >/dev/null) || \
		echo "could not install chromium: browser tests will fail"; }

run: compile
	$(BIN)/flask --app tutor run --port $(PORT)

# PORT (8000), DATABASE_URL (the SQLite file), REDIS_URL (none): see tutor/serve_conf.py.
serve: catalogs
	$(BIN)/gunicorn -c python:tutor.serve_conf

test: catalogs browser
	scripts/test_all.sh $(BIN)/python

# The peer of scripts/bench_core.py, apart from the project's packages (see pyproject's
# `bench` extra for why --no-deps and a folder of its own).
PEERS := $(VENV)/bench-peers
$(PEERS)/.installed: pyproject.toml
	$(BIN)/python -m pip install -q --no-deps --upgrade --target $(PEERS) magmacrunch-tarot==0.1.1
	touch $@

bench: catalogs $(PEERS)/.installed
	$(BIN)/python scripts/bench_core.py
	$(BIN)/python scripts/bench_http.py
	$(BIN)/python scripts/bench_tables.py
	$(BIN)/python scripts/bench_live.py
	$(BIN)/python scripts/bench_solver.py  # the double-dummy solver against plain alpha-beta
	@if [ -f scripts/simulate.py ]; then $(BIN)/python scripts/simulate.py --bench; fi

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m mypy --strict rules_fr
	$(BIN)/python -m mypy --strict

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis translations/*/LC_MESSAGES/*.mo
