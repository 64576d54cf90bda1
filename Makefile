# Two commands do all the set-up: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test bench arena web web-check clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The stamps remember which install is current; pyproject.toml changes refresh them.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(VENV)/.installed $@

play: $(VENV)/.installed
	$(BIN)/pyxel run main.py

# The set-up that needs the network (the arena's .venv-mjai and npm packages, the web check's
# Pyodide) is made here, once, never inside a test; then the web check, then the tests on every
# core (pytest-xdist; tests that share a module's fixture stay on one worker: --dist loadgroup),
# and last how long it all took and the ten slowest tests, so a slow test is seen the day it comes.
PYTEST_ARGS ?= -n auto --dist loadgroup --durations=10

test: $(VENV)/.installed-test
	@start=$$(date +%s); status=0; \
	if command -v node >/dev/null && command -v npm >/dev/null; then \
	$(MAKE) --no-print-directory arena web-check || status=1; \
	else echo "web-check SKIPPED: no node/npm on this machine (install Node.js 18+ to run the game under Pyodide)"; fi; \
	SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest $(PYTEST_ARGS) || status=1; \
	echo "make test: $$(( $$(date +%s) - start )) s in all (set-up, web check, tests); $$([ $$status = 0 ] && echo passed || echo FAILED)"; \
	exit $$status

# Every benchmarks/*.py is a benchmark, run to its end (a new one is picked up by its name);
# what is not a benchmark lives in a folder beneath (benchmarks/bots/). BENCH_ARGS.NAME gives a
# benchmark the arguments of a quick run: cpu_vs_rulebase plays 16 games here and cpu_vs_majiang
# 4, quick reads of the CPU's strength (docs/measurements.md gives the 400-game measures and
# their commands); the monkey presses 6,000 frames (the measure: 30,000).
BENCHMARKS := $(sort $(wildcard benchmarks/*.py))
BENCH_ARGS.cpu_vs_rulebase := --games 16 --jobs 2
BENCH_ARGS.cpu_vs_majiang := --games 4 --jobs 2
BENCH_ARGS.monkey := --frames 6000

bench: $(VENV)/.installed-test
	@set -e; $(foreach b,$(BENCHMARKS),\
	echo "== $(b) $(BENCH_ARGS.$(basename $(notdir $(b))))"; \
	SDL_AUDIODRIVER=dummy $(BIN)/python $(b) $(BENCH_ARGS.$(basename $(notdir $(b)))); \
	echo;) echo "bench: $(words $(BENCHMARKS)) benchmarks ran to their end"

# The outside measures' own set-up (benchmarks/bots/arena.py and cpu_vs_majiang.py make it when
# they run; `make test` makes it first where node is, and tests/test_majiang_arena.py asks for it).
arena: $(VENV)/.installed
	$(BIN)/python -c "import sys; sys.path[:0] = ['benchmarks', 'benchmarks/bots']; import arena, cpu_vs_majiang; arena.ensure_venv(); cpu_vs_majiang.ensure_node_modules()"

# The page: dist/pico-riichi.html (and the .pyxapp inside it); see tools/web.py.
web: $(VENV)/.installed
	$(BIN)/python tools/web.py build

# The game under the Pyodide the page loads (npm, pinned in web/package-lock.json), against CPython.
web-check: web web/node_modules/.package-lock.json
	$(BIN)/python tools/web.py check

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error

clean:
	rm -rf $(VENV) .venv-mjai build dist web/node_modules benchmarks/majiang/node_modules *.egg-info
