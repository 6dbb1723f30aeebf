"""File > Export VASSAL module… and Export Tiled map… in the map editor (issue 30 items
3 and 4): the same files as `hexcampaign export-vassal` / `export-tiled`."""

from __future__ import annotations

import xml.etree.ElementTree as ET
import zipfile

from PySide6.QtWidgets import QFileDialog

from hexcampaign.maps import HexMap

from ..helpers import shown_window


def test_the_file_menu_exports_a_vassal_module_and_a_tiled_map(qtbot, tmp_path, monkeypatch):
    w = shown_window(qtbot, 1200, 800)
    m = HexMap.new(8, 6, palette="kasserine")
    m.set_terrain(m.at(2, 2), "high_ground")
    w.open_map(m)
    texts = {a.text(): a for a in w.menu("&File").actions()}
    vassal, tiled = texts["Export &VASSAL module…"], texts["Export &Tiled map…"]
    assert vassal.isEnabled() and tiled.isEnabled()
    answers = iter([str(tmp_path / "board"), str(tmp_path / "board.tmx")])
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (next(answers), ""))
    vassal.trigger()
    module = tmp_path / "board.vmod"  # the suffix added to a name typed without it
    with zipfile.ZipFile(module) as z:
        assert "buildFile.xml" in z.namelist() and "moduledata" in z.namelist()
    assert "Exported board.vmod." in w.statusBar().currentMessage()
    tiled.trigger()
    tmx = ET.parse(tmp_path / "board.tmx").getroot()
    assert tmx.get("orientation") == "hexagonal" and (tmx.get("width"), tmx.get("height")) == ("8", "6")
    assert (tmp_path / "board-tiles.png").exists()


def test_an_export_that_cannot_be_written_is_one_sentence(qtbot, tmp_path, monkeypatch):
    w = shown_window(qtbot, 1200, 800)
    w.open_map(HexMap.new(4, 4, palette="kasserine"))
    shown = []
    monkeypatch.setattr(w, "show_error", lambda title, text: shown.append((title, text)))
    missing = tmp_path / "no-such-folder" / "x.tmx"
    assert not w.editor.export_for("tiled", missing)
    assert shown and shown[0][0] == "Could not export the map" and shown[0][1].count(". ") == 0
