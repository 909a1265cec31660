# Every target sets itself up from a fresh clone: only python3 (3.11+) and make are needed.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TOUR   := notebooks/attack-the-tower/01-rules-tour.ipynb
PIP_FLAGS := --quiet --disable-pip-version-check --no-input

.PHONY: help install lab test unit notebooks lint types bench e2e binder-check docs clean

help:
	@echo "make lab    - set up .venv and open JupyterLab on the tour notebook"
	@echo "make test   - set up .venv and run every test: unit, notebooks (nbval), ruff, mypy"
	@echo "make bench  - print the benchmarks"
	@echo "make docs   - regenerate docs/rules.md from the rulebook registry"

$(STAMP): pyproject.toml binder/constraints.txt
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "Python 3.11 or newer is needed")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install $(PIP_FLAGS) -c binder/constraints.txt -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

lab: install
	$(BIN)/jupyter lab $(TOUR)

test: install lint types unit notebooks

unit: install
	$(BIN)/python -m pytest tests

notebooks: install
	$(BIN)/python -m pytest --nbval notebooks --nbval-sanitize-with notebooks/sanitize.cfg -p no:randomly

lint: install
	$(BIN)/ruff check rules explorer tests
	$(BIN)/ruff format --check rules explorer tests

types: install
	$(BIN)/mypy

bench: install
	$(BIN)/python tests/benchmarks.py

docs: install
	$(BIN)/python -m rules.rulebooks > docs/rules.md

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
