# hexcampaign — every target sets up .venv itself, so a clean clone needs only `make run` / `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench soak screenshots translations package package-test install-desktop system-check clean

run: $(STAMP)
	$(BIN)/hexcampaign

test: $(STAMP)
	$(BIN)/ruff check src tests scripts benchmarks packaging
	$(BIN)/lint-imports
	$(BIN)/mypy
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -p no:cacheprovider

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/run.py

soak: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -p no:cacheprovider -m soak tests

screenshots: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python scripts/screenshots.py

# The window's strings (every translate("Context", "...") under src/hexcampaign/app) into
# each language's .ts, then compiled to the .qm the program loads (app/i18n.py). Both are
# committed; a test fails when the .qm is older than its .ts.
LANGUAGES := de
TS_FILES := $(foreach lang,$(LANGUAGES),resources/translations/hexcampaign_$(lang).ts)
translations: $(STAMP)
	$(BIN)/pyside6-lupdate -silent -extensions py -locations none -no-obsolete -source-language en \
		src/hexcampaign/app -ts $(TS_FILES)
	for ts in $(TS_FILES); do $(BIN)/pyside6-lrelease -silent $$ts -qm $${ts%.ts}.qm || exit 1; done

# The one-folder app in dist/hexcampaign/ (packaging/hexcampaign.spec). PyInstaller is a
# build tool, not a dependency of the program: installed into .venv the first time only.
package: $(STAMP)
	$(BIN)/python -c "import PyInstaller" 2>/dev/null || $(BIN)/python -m pip install -q 'pyinstaller>=6.3'
	$(BIN)/python -m PyInstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller packaging/hexcampaign.spec
	@echo "built dist/hexcampaign/ (run dist/hexcampaign/hexcampaign)"

# Build the one-folder app and run the built program offscreen (render the Kasserine map,
# version, bad file, resources): the tests behind the `package` marker.
package-test: package
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -p no:cacheprovider -m package tests/packaging

# Launcher, file types and icons for this user (XDG_DATA_HOME); the launcher runs
# .venv/bin/hexcampaign. Undo with: $(BIN)/python packaging/install_desktop.py --uninstall
install-desktop: $(STAMP)
	$(BIN)/python packaging/install_desktop.py

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
