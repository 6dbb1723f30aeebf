"""Start-up from the command line (issue 31): a game or campaign shows its map at once,
read from the file without its engine, and is opened just after that first paint; a map
shows alone too, its editor built after that paint; the start page is built only when
something wants it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hexcampaign.app.launch import FIRST_PAINT, carried_map_text, preview_map
from hexcampaign.app.main_window import MainWindow
from hexcampaign.maps.fileformat import load_map

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "tests" / "kasserine" / "fixtures" / "feb17-german-combat.kpgame"
KASSERINE = ROOT / "maps" / "kasserine" / "kasserine.hexmap"


def _environment(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT / "src"))
    for name in ("CONFIG", "DATA", "DOCUMENTS"):
        env[f"HEXCAMPAIGN_{name}_DIR"] = str(tmp_path / name.lower())
    env.pop("PYTEST_ADDOPTS", None)
    return env


def test_a_game_shows_the_map_it_carries_before_its_engine_opens_it():
    shown = preview_map(GAME)
    board = load_map(KASSERINE)
    assert shown is not None
    assert (shown.cols, shown.rows, shown.name) == (board.cols, board.rows, board.name)
    assert sorted(p.name for p in shown.places()) == sorted(p.name for p in board.places())


def test_a_file_without_a_map_of_its_own_has_no_preview(tmp_path):
    broken = tmp_path / "broken.kpgame"
    broken.write_text("[1, 2", encoding="utf-8")
    no_map = tmp_path / "nomap.hxcampaign"
    no_map.write_text(json.dumps({"format": "x", "map": 3}), encoding="utf-8")
    assert preview_map(broken) is None
    assert preview_map(no_map) is None
    assert preview_map(KASSERINE) is None  # a map is read whole, as before
    assert preview_map(tmp_path / "gone.kpgame") is None


def test_the_preview_reads_the_file_only_up_to_its_map():
    # The members after the map (a game's moves and states) are not read for the
    # preview; a "map" inside another member is not the file's map.
    text = '\ufeff{ "format": "x", "setup": {"map": 1}, "map" : {"cols": [1, 2]} , "state": [1, 2'
    assert carried_map_text(text) == '{"cols": [1, 2]}'
    assert carried_map_text('{"format": "x", "setup": {"map": {}}}') is None
    assert carried_map_text('{"format" 1, "map": {}}') is None  # breaks before the map


def test_the_start_page_is_built_only_when_wanted(qtbot):
    window = MainWindow(start_page=False)
    qtbot.addWidget(window)
    assert window._start_page is None
    assert window.central.currentWidget() is window.canvas
    window.modes.show_central()  # nothing open: the start page comes
    assert window._start_page is not None
    assert window.central.currentWidget() is window.start_page


@pytest.mark.parametrize("document", [GAME, KASSERINE], ids=["game", "map"])
def test_a_document_on_the_command_line_opens_after_its_first_paint(tmp_path, document):
    # A map, too, shows alone in the first frame; its editor and docks come after it.
    done = subprocess.run(
        [sys.executable, "-m", "hexcampaign", "--quit-after-first-paint", str(document)],
        env=_environment(tmp_path),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-1500:]
    assert FIRST_PAINT in done.stderr
    # The document really opened in its mode after the map was painted: a recent file.
    settings = json.loads((tmp_path / "config" / "settings.json").read_text(encoding="utf-8"))
    assert str(document) in settings["recent_files"]
