"""Every export on a full disk says so and leaves an earlier file as it was (issue 19,
item 3), through the windows' own Export commands: battle sheets (Markdown, HTML, PDF),
"Export every sheet", the campaign's turn report and the Kasserine game log. (Pictures,
PNG, SVG and PDF of the map, on a full disk: tests/app/test_render.py; saves:
test_failed_writes.py.)

The disk is full: the first write raises ENOSPC (a game log just begun is a few bytes,
so no room is left at all). An export written in place would leave the earlier file
empty; each must leave it whole and no temporary file beside it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

import app.campaign.helpers as support
import hexcampaign.files as files
from app.helpers import FullDisk

EARLIER = b"an earlier export, whole\n"


@pytest.fixture
def full_disk(monkeypatch):
    """Call it to fill the disk; returns the sentences message boxes showed."""
    shown: list[str] = []
    monkeypatch.setattr(
        QMessageBox, "critical", staticmethod(lambda _p, _t, text, *a, **k: shown.append(text))
    )

    def fill() -> list[str]:
        real_fdopen = os.fdopen
        monkeypatch.setattr(files.os, "fdopen", lambda fd, *a, **k: FullDisk(real_fdopen(fd, *a, **k), 0))
        return shown

    return fill


def choose(monkeypatch, path: Path) -> None:
    """The file dialogs answer `path` (a file, or for folder choosers a folder)."""
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(path), "")))
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(path)))


def assert_kept(shown: list[str], *paths: Path) -> None:
    assert len(shown) == 1 and "disk is full" in shown[0], shown
    assert "\n" not in shown[0]
    for path in paths:
        assert path.read_bytes() == EARLIER, path
        assert sorted(p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")) == []


@pytest.fixture
def desk(qtbot):
    mode = support.open_desk(support.shown_window(qtbot))
    c = support.small_campaign()
    ids = support.clash(c)
    mode.start(c)
    mode.phase_dock.next()
    mode.phase_dock.next()
    assert c.declare_attack([ids["german"]], ids["us"])
    QApplication.processEvents()
    yield mode
    if mode.document is not None:
        mode.document.dirty = False


@pytest.mark.parametrize("suffix", [".md", ".html", ".pdf"])
def test_a_battle_sheet_on_a_full_disk(desk, full_disk, tmp_path, monkeypatch, suffix):
    [battle] = desk.campaign.battles()
    sheet = desk.battles_dock.sheet_dialog(battle.id)
    target = tmp_path / f"sheet{suffix}"
    target.write_bytes(EARLIER)
    choose(monkeypatch, target)
    shown = full_disk()
    assert sheet.export_dialog(suffix) is None
    assert_kept(shown, target)


def test_every_sheet_on_a_full_disk(desk, full_disk, tmp_path, monkeypatch):
    [battle] = desk.campaign.battles()
    sheet = desk.battles_dock.sheet_dialog(battle.id)
    folder = tmp_path / "sheets"
    written = sheet.export_all(folder)  # first on a disk with room
    assert len(written) == 9
    for path in written:
        path.write_bytes(EARLIER)
    choose(monkeypatch, folder)
    shown = full_disk()
    assert sheet.export_all_dialog() == []
    assert_kept(shown, *written)


def test_a_turn_report_on_a_full_disk(desk, full_disk, tmp_path, monkeypatch):
    target = tmp_path / "turn-1-german.md"
    target.write_bytes(EARLIER)
    choose(monkeypatch, target)
    shown = full_disk()
    assert desk.log_dock.export_dialog() is None
    assert_kept(shown, target)


def test_the_kasserine_log_on_a_full_disk(qtbot, full_disk, tmp_path, monkeypatch):
    from hexcampaign.app import MainWindow
    from hexcampaign.app.kasserine import install
    from hexcampaign.app.settings import Settings

    w = MainWindow(settings=Settings(), editor=False)
    qtbot.addWidget(w)
    w.show()
    mode = install(w)
    mode.activate()
    mode.hand_over_screen = False
    mode.new_game(seed=3)
    target = tmp_path / "kasserine-log.txt"
    target.write_bytes(EARLIER)
    choose(monkeypatch, target)
    shown = full_disk()
    assert mode._export_log() is False
    assert_kept(shown, target)
    if mode.session is not None:
        mode.session.dirty = False
