# Every target sets itself up from a fresh clone: only python3 (3.11+) and make are needed.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
NOTEBOOK_DIR := notebooks
TOUR   := attack-the-tower/01-rules-tour.ipynb
NOTEBOOKS := $(wildcard $(NOTEBOOK_DIR)/*/*.ipynb)
PIP_FLAGS := --quiet --disable-pip-version-check --no-input
# uv (from PyPI, pinned in binder/constraints.txt) installs the environment in seconds where pip takes minutes.
# --compile-bytecode writes every installed module's bytecode once, at install: the tests start many Python
# processes at once (pytest workers, kernels, Dask workers, the CLI), and each would otherwise compile again what it
# imports - every time where bytecode is not written (PYTHONDONTWRITEBYTECODE, a read-only environment).
INSTALL := $(BIN)/uv pip install --quiet --compile-bytecode --python $(BIN)/python -c binder/constraints.txt

.PHONY: help install lab present test unit notebooks notebooks-clean lint types bench conformance e2e binder-check docs clean

help:
	@echo "make lab    - set up .venv and open JupyterLab on notebooks/ with the tour open"
	@echo "make present - the notebooks as Voila apps for the classroom (no code, presenter mode: large type, step bar)"
	@echo "make test   - set up .venv and run every test: unit, notebooks (nbval), ruff, mypy"
	@echo "make bench  - print the benchmarks"
	@echo "make conformance - 10,000 random whole games of each game through the protocol, every step checked"
	@echo "                   then the whole malformed-input corpus and every property at 1,000 examples or more"
	@echo "make e2e    - the real-browser test: JupyterLab on 127.0.0.1 driven through Debian's chromium"
	@echo "make binder-check - a fresh environment from binder/requirements.txt alone runs every notebook"
	@echo "make docs   - regenerate docs/rules.md and each game's rule_ids.py from the rulebook registries"
	@echo "make notebooks-clean - remove saved widget state from every notebook (CI refuses notebooks with it)"

$(STAMP): pyproject.toml binder/constraints.txt
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "Python 3.11 or newer is needed")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install $(PIP_FLAGS) -c binder/constraints.txt uv
	$(INSTALL) -e ".[dev]"
	touch $(STAMP)

# Attack the Tower's and Tower Defense's records and engines compiled to C by mypyc from the same sources
# (rules.core.native_build): compiled again when one of them, or the build itself, has changed since (it keeps
# their digests); without a C compiler the sources run (the same rules, slower).
install: $(STAMP)
	-@$(BIN)/python -m rules.core.native_build build

# JupyterLab refuses to run as root unless told; containers and CI machines often are root.
LAB_FLAGS := $(if $(filter 0,$(shell id -u)),--allow-root,)

# The project's Jupyter settings (Binder reads them too, through binder/start): every notebook saved, by
# JupyterLab's autosave as well, is stripped of widget state (explorer.notebook_state.pre_save_hook).
JUPYTER_SETTINGS := JUPYTER_CONFIG_PATH=$(CURDIR)/binder/jupyter_config

# Rooted at notebooks/ (all three games in the file browser); the URL printed opens the tour.
lab: install
	$(JUPYTER_SETTINGS) $(BIN)/jupyter lab $(LAB_FLAGS) --ServerApp.root_dir=$(NOTEBOOK_DIR) \
		--LabApp.default_url=/lab/tree/$(TOUR)

# The classroom: every notebook as an app (Voila strips the code cells; each panel is in presenter mode: full
# width, large type, the step bar held at the bottom of the window); the walkthroughs of the three games are
# voila/render/attack-the-tower/02-combat-walkthrough.ipynb, the-tower/01-the-tower.ipynb and
# tower-defense/01-tower-defense.ipynb under the address printed.
present: install
	$(INSTALL) -e ".[present]"
	$(BIN)/voila --strip_sources=True $(NOTEBOOK_DIR)

# mypy (one core for about 45 s on a fresh clone), the unit tests and the notebooks run at the same time, so both
# cores stay busy to the end; each prints its report when it ends (--output-sync), the unit tests' usually last.
# The project's own modules are compiled once first, for the same reason as --compile-bytecode above.
test: install lint
	$(BIN)/python -m compileall -q -j 2 rules explorer tests
	$(MAKE) --no-print-directory -j3 --output-sync=target types unit notebooks

# Both cores: pytest-xdist hands each idle worker the next test (a test that starts a Dask cluster or binds a
# port asks the system for a free one, so two run side by side), and each worker the next notebook (its cells in
# order, in one kernel: --dist loadfile). TEST_WORKERS=1 runs them in this process.
TEST_WORKERS ?= 2
unit: install
	$(BIN)/python -m pytest tests -m "not e2e" $(if $(filter 1,$(TEST_WORKERS)),,-n $(TEST_WORKERS) --dist worksteal)

notebooks: install
	$(BIN)/python -m explorer.notebook_state --check $(NOTEBOOKS)
	$(BIN)/python -m pytest --nbval notebooks --nbval-sanitize-with notebooks/sanitize.cfg \
		$(if $(filter 1,$(TEST_WORKERS)),,-n $(TEST_WORKERS) --dist loadfile)

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
	TOWER_HYPOTHESIS_PROFILE=deep $(BIN)/python -m pytest tests -m "not e2e" -q \
		--hypothesis-show-statistics

# The accessibility checker the browser test injects: axe-core from the npm registry, installed here once
# (the page under test never fetches anything).
AXE_VERSION := 4.11.4
AXE := $(VENV)/e2e-node/node_modules/axe-core/axe.min.js
$(AXE):
	npm install --prefix $(VENV)/e2e-node --no-audit --no-fund --loglevel=error axe-core@$(AXE_VERSION)

# The browser test uses Debian's chromium (installed with apt-get when missing), never a downloaded one.
e2e: install $(AXE)
	@command -v chromium >/dev/null 2>&1 || { \
		echo "installing Debian's chromium (apt-get)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }
	$(INSTALL) -e ".[e2e,present]"
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

# Saved widget state would hide each panel's static board on GitHub, nbviewer and nbconvert.
notebooks-clean: install
	$(BIN)/python -m explorer.notebook_state $(NOTEBOOKS)

docs: install
	$(BIN)/python -m rules.rulebooks > docs/rules.md
	$(BIN)/python -m rules.rulebooks --rule-ids

clean:
	-$(BIN)/python -m rules.core.native_build clean
	rm -rf $(VENV) build .mypy_cache .ruff_cache .pytest_cache .hypothesis
