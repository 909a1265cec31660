# Every target sets itself up from a fresh clone: only python3 (3.11+) and make are needed.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TOUR   := notebooks/attack-the-tower/01-rules-tour.ipynb
PIP_FLAGS := --quiet --disable-pip-version-check --no-input

.PHONY: help install lab test unit notebooks lint types bench conformance e2e binder-check docs clean

help:
	@echo "make lab    - set up .venv and open JupyterLab on the tour notebook"
	@echo "make test   - set up .venv and run every test: unit, notebooks (nbval), ruff, mypy"
	@echo "make bench  - print the benchmarks"
	@echo "make conformance - 10,000 random whole games of each game through the protocol, every step checked"
	@echo "                   then the whole malformed-input corpus and every property at 1,000 examples or more"
	@echo "make e2e    - the real-browser test: JupyterLab on 127.0.0.1 driven through Debian's chromium"
	@echo "make binder-check - a fresh environment from binder/requirements.txt alone runs every notebook"
	@echo "make docs   - regenerate docs/rules.md and each game's rule_ids.py from the rulebook registries"

$(STAMP): pyproject.toml binder/constraints.txt
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "Python 3.11 or newer is needed")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install $(PIP_FLAGS) -c binder/constraints.txt -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

# JupyterLab refuses to run as root unless told; containers and CI machines often are root.
LAB_FLAGS := $(if $(filter 0,$(shell id -u)),--allow-root,)

lab: install
	$(BIN)/jupyter lab $(LAB_FLAGS) $(TOUR)

test: install lint types unit notebooks

unit: install
	$(BIN)/python -m pytest tests -m "not e2e"

notebooks: install
	$(BIN)/python -m pytest --nbval notebooks --nbval-sanitize-with notebooks/sanitize.cfg -p no:randomly

lint: install
	$(BIN)/ruff check rules explorer tests
	$(BIN)/ruff format --check rules explorer tests

types: install
	$(BIN)/mypy

bench: install
	$(BIN)/python tests/benchmarks.py

# Long: about an hour on two cores. Prints games, steps, states round-tripped and violations (must be 0).
# Then the whole malformed-input corpus (make test runs a sample) and every hypothesis property under the
# "deep" profile of tests/conftest.py (at least 1,000 examples each), with hypothesis's counts per property.
CONFORMANCE_GAMES ?= 10000
conformance: install
	$(BIN)/python -m rules.conformance --games $(CONFORMANCE_GAMES) --workers 2
	$(BIN)/python tests/malformed_runner.py --all
	TOWER_HYPOTHESIS_PROFILE=deep $(BIN)/python -m pytest tests -m "not e2e" -p no:randomly -q \
		--hypothesis-show-statistics

# The browser test uses Debian's chromium (installed with apt-get when missing), never a downloaded one.
e2e: install
	@command -v chromium >/dev/null 2>&1 || { \
		echo "installing Debian's chromium (apt-get)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }
	$(BIN)/python -m pip install $(PIP_FLAGS) -c binder/constraints.txt -e ".[e2e]"
	$(BIN)/python -m pytest tests/e2e -m e2e -s -p no:cacheprovider

binder-check:
	rm -rf .venv-binder-check artifacts/binder-check
	$(PYTHON) -m venv .venv-binder-check
	.venv-binder-check/bin/python -m pip install $(PIP_FLAGS) -r binder/requirements.txt
	mkdir -p artifacts/binder-check
	for nb in notebooks/*/*.ipynb; do \
		.venv-binder-check/bin/jupyter nbconvert --to notebook --execute --output-dir artifacts/binder-check "$$nb" || exit 1; \
	done
	@echo "binder-check: every notebook ran in an environment built from binder/requirements.txt alone"

docs: install
	$(BIN)/python -m rules.rulebooks > docs/rules.md
	$(BIN)/python -m rules.rulebooks --rule-ids

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
