# hexcampaign — every target sets up .venv itself, so a clean clone needs only `make run` / `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench soak screenshots package install-desktop system-check clean

run: $(STAMP)
	$(BIN)/hexcampaign maps/cm-sample.hexmap

test: $(STAMP)
	$(BIN)/ruff check src tests scripts benchmarks
	$(BIN)/lint-imports
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -p no:cacheprovider

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/run.py

soak: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -m soak tests/reliability

screenshots: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python scripts/screenshots.py

# Qt needs a few system libraries; the check names any that are missing and, run as
# root with apt-get available, installs them.
system-check:
	@$(PYTHON) scripts/check_system.py

$(STAMP): pyproject.toml scripts/check_system.py
	@$(PYTHON) scripts/check_system.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) build dist .pytest_cache
