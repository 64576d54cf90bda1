# Two commands do all the set-up: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test bench web clean

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

bench: $(VENV)/.installed-test
	for b in benchmarks/*.py; do SDL_AUDIODRIVER=dummy $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info
