"""Where the program's folders are and where file dialogs start (issue 32): Import
geography, palette import and export and log export start in the documents folder, then
in the folder last used for that kind; the settings and data folders per platform are the
ones docs/install.md lists (on Windows `%LOCALAPPDATA%\\hexcampaign`, not platformdirs'
default `…\\hexcampaign\\hexcampaign`)."""

from __future__ import annotations

import re
from pathlib import Path

import platformdirs
import pytest
from platformdirs.macos import MacOS
from platformdirs.unix import Unix
from platformdirs.windows import Windows
from PySide6.QtWidgets import QFileDialog

from app.helpers import shown_window
from hexcampaign.app.editor import geo_dialog
from hexcampaign.app.editor.palette_dialog import PaletteDialog
from hexcampaign.app.settings import config_dir, data_dir, documents_dir
from hexcampaign.maps import HexMap

ROOT = Path(__file__).resolve().parents[2]


class Asked:
    """A file dialog that records the folder it was opened in and answers `answer`."""

    def __init__(self, answer: str = "") -> None:
        self.answer = answer
        self.folders: list[Path] = []

    def __call__(self, parent, title, where, *rest, **options):
        where = Path(where)
        self.folders.append(where if where.is_dir() else where.parent)
        return self.answer, ""


@pytest.fixture
def window(qtbot):
    w = shown_window(qtbot, play_modes=True)
    w.open_map(HexMap.blank(6, 6, palette="cm"))
    return w


def test_import_geography_starts_in_the_documents_folder(window, monkeypatch):
    asked = Asked()
    monkeypatch.setattr(QFileDialog, "getOpenFileName", asked)
    assert not geo_dialog.run_import(window.editor)
    assert asked.folders == [documents_dir()]
    assert Path.home() != documents_dir()


def test_palette_import_and_export_start_in_documents_then_in_the_folder_last_used(window, tmp_path, monkeypatch):
    dialog = PaletteDialog(window.document.map, window)
    chosen = tmp_path / "my palettes"
    chosen.mkdir()
    saving = Asked(str(chosen / "mine.hxpalette"))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", saving)
    assert dialog.export_file()
    assert saving.folders == [documents_dir()]
    opening = Asked()
    monkeypatch.setattr(QFileDialog, "getOpenFileName", opening)
    dialog.import_file()
    assert opening.folders == [chosen]  # where the last palette went
    dialog.reject()


def test_the_game_log_export_starts_in_the_documents_folder(window, monkeypatch):
    mode = window.play_mode("hexcampaign.app.kasserine")
    window.set_mode(mode)
    mode.new_game(seed=8)
    asked = Asked()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", asked)
    assert not mode.files.export_log()
    assert asked.folders == [documents_dir()]
    mode.document.set_dirty(False)


def test_the_tracker_chart_export_starts_in_the_documents_folder(window, monkeypatch):
    """It offered a bare file name: the folder the program was started from."""
    mode = window.play_mode("hexcampaign.app.kasserine")
    window.set_mode(mode)
    mode.new_game(seed=8)
    asked = Asked()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", asked)
    mode.docks.tracker.charts.ask_export()
    assert asked.folders == [documents_dir()]
    mode.document.set_dirty(False)


def documented_folders() -> dict[str, tuple[str, str]]:
    """platform -> (settings folder, data folder) as docs/install.md's table gives them."""
    text = (ROOT / "docs" / "install.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (Linux|macOS|Windows) \| `([^`]+)` \| `([^`]+)` \|", text, re.M)
    return {platform: (settings, data) for platform, settings, data in rows}


@pytest.mark.parametrize("platform, dirs", [("Linux", Unix), ("macOS", MacOS), ("Windows", Windows)])
def test_the_settings_and_data_folders_are_those_the_docs_list(monkeypatch, tmp_path, platform, dirs):
    for override in ("HEXCAMPAIGN_CONFIG_DIR", "HEXCAMPAIGN_DATA_DIR", "XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        monkeypatch.delenv(override, raising=False)
    home, local = "/home/user", r"C:\Users\user\AppData\Local"
    monkeypatch.setenv("HOME", home)
    # platformdirs' own override of a Windows known folder (it cannot ask Windows here).
    monkeypatch.setenv("WIN_PD_OVERRIDE_LOCAL_APPDATA", local)
    monkeypatch.setattr(platformdirs, "PlatformDirs", dirs)

    def same(documented: str, computed: Path) -> None:
        expected = documented.replace("~", home).replace("%LOCALAPPDATA%", local)
        assert str(computed).replace("\\", "/") == expected.replace("\\", "/")

    settings, data = documented_folders()[platform]
    same(settings, config_dir())
    same(data, data_dir())


def test_the_nested_folder_of_earlier_versions_moves_up_once(monkeypatch, tmp_path):
    """Windows before 0.2: %LOCALAPPDATA%\\hexcampaign\\hexcampaign held the settings and
    autosaves; they move up into the documented folder, so nothing is lost (shown with the
    Linux folders: the move is the same everywhere)."""
    from hexcampaign.app import settings

    monkeypatch.delenv("HEXCAMPAIGN_CONFIG_DIR")
    monkeypatch.delenv("HEXCAMPAIGN_DATA_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(platformdirs, "PlatformDirs", Unix)
    monkeypatch.setattr(settings, "_MOVED_UP", set())
    old_config = tmp_path / "config" / "hexcampaign" / "hexcampaign"
    old_data = tmp_path / "data" / "hexcampaign" / "hexcampaign"
    (old_data / "autosave").mkdir(parents=True)
    (old_data / "autosave" / "lost.hexmap").write_text("{}")
    old_config.mkdir(parents=True)
    (old_config / "settings.json").write_text('{"recent_files": []}')
    assert config_dir() == tmp_path / "config" / "hexcampaign"
    assert (config_dir() / "settings.json").read_text() == '{"recent_files": []}'
    assert (data_dir() / "autosave" / "lost.hexmap").exists()
    assert not old_config.exists() and not old_data.exists()
