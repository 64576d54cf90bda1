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

test: $(VENV)/.installed-test
	SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest
	@if command -v node >/dev/null && command -v npm >/dev/null; then $(MAKE) --no-print-directory web-check; \
	else echo "web-check SKIPPED: no node/npm on this machine (install Node.js 18+ to run the game under Pyodide)"; fi

# Each benchmark in turn (arena.py and rulebase_bot.py are their helpers, not benchmarks).
BENCHMARKS := frame shanten score wall cpu_vs_rulebase cpu_vs_majiang
bench: $(VENV)/.installed-test
	for b in $(BENCHMARKS); do SDL_AUDIODRIVER=dummy $(BIN)/python benchmarks/$$b.py || exit 1; done

# The outside measures' own set-up (benchmarks/arena.py, cpu_vs_majiang.py make it when they
# run; tests/test_majiang_arena.py runs cpu_vs_majiang.py, so `make test` makes it where node is).
arena: $(VENV)/.installed
	$(BIN)/python -c "import sys; sys.path.insert(0, 'benchmarks'); import arena, cpu_vs_majiang; arena.ensure_venv(); cpu_vs_majiang.ensure_node_modules()"

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
