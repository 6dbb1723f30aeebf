"""Help › Open an example… (issue 32 item 6): the shipped maps and a Kasserine Pass game
in progress, each opened as an untitled copy: Save asks where (the user's documents),
and the shipped file is never overwritten; the example is not a recent file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QDialog

from app.helpers import shown_window
from hexcampaign.app import examples
from hexcampaign.app.dialogs import files
from hexcampaign.app.settings import Settings, documents_dir
from hexcampaign.paths import maps_path

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def window(qtbot):
    return shown_window(qtbot, settings=Settings(), play_modes=True)


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def test_every_shipped_map_and_the_game_in_progress_are_offered(window, monkeypatch):
    offered = [example.file for example in examples.shipped_examples()]
    assert offered == [example.file for example in examples.EXAMPLES]  # every file ships
    for name in (
        "examples/arnhem-1944.hexmap",
        "examples/gettysburg.hexmap",
        "cm-sample.hexmap",
        "geo-example/kasserine-region.hexmap",
        "kasserine/kasserine.hexmap",
        "kasserine/example-feb15.kpgame",
    ):
        assert name in offered
    # The Help menu's entry opens the dialog with one row an example.
    shown: list[int] = []

    def run(dialog: QDialog) -> int:
        shown.append(dialog.list.count())
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(examples.ExamplesDialog, "exec", run)
    entry = next(a for a in window.menu("&Help").actions() if a.objectName() == "open-example")
    entry.trigger()
    assert shown == [len(examples.EXAMPLES)]


def saved_as(monkeypatch, target: Path) -> list[Path]:
    """Save As answers `target`; returns the folders and names it was offered."""
    offered: list[Path] = []

    def ask(_host, _title, suggested, *_args, **_kwargs):
        offered.append(Path(suggested))
        return target

    monkeypatch.setattr(files, "ask_save_path", ask)
    return offered


@pytest.mark.parametrize("name", ["examples/gettysburg.hexmap", "cm-sample.hexmap"])
def test_a_map_opens_as_an_untitled_copy_and_save_asks_where(window, monkeypatch, name):
    shipped = maps_path(name)
    before = shipped.read_bytes()
    assert examples.open_example(window, shipped)
    document = window.document
    assert document is not None and document.path is None
    assert document.title == document.map.name  # the map's own name, not a file's
    target = documents_dir() / "my-map.hexmap"
    offered = saved_as(monkeypatch, target)
    window.maps.canvas.setFocus()
    assert window.save()  # Save, not Save As: it asks because there is no file yet
    assert offered and offered[0].parent == documents_dir()
    assert target.is_file() and shipped.read_bytes() == before
    assert str(shipped.resolve()) not in [str(p) for p in window.settings.recent_files()]
    assert target.resolve() in window.settings.recent_files()


def test_the_game_in_progress_opens_as_a_copy_in_the_kasserine_mode(window, monkeypatch):
    shipped = maps_path("kasserine/example-feb15.kpgame")
    before = shipped.read_bytes()
    assert examples.open_example(window, shipped)
    settle()
    mode = window.mode
    assert mode is window.play_mode("hexcampaign.app.kasserine")
    game = mode.game
    assert game.turn == 2 and game.date() == "Feb 15" and game.phase == "german_movement"
    document = window.document_in_charge()
    assert document.path is None
    assert "example-feb15" not in window.windowTitle()
    target = documents_dir() / "my-game.kpgame"
    offered = saved_as(monkeypatch, target)
    assert window.save()
    assert offered and offered[0].parent == documents_dir()
    assert target.is_file() and shipped.read_bytes() == before
    assert str(shipped.resolve()) not in [str(p) for p in window.settings.recent_files()]


def test_the_shipped_game_is_the_one_the_script_makes():
    """maps/kasserine/example-feb15.kpgame is made by scripts/build_example_game.py
    (the engine playing itself), never by hand."""
    done = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "build_example_game.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
