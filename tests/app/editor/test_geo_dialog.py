"""File > Import geography… in the real window: the mapping dialog lists the file's
values, previews the result live, and OK makes one undo step (or a new map)."""

from __future__ import annotations

import json

import pytest
from PySide6.QtWidgets import QDialog, QDialogButtonBox

from hexcampaign.app import MainWindow
from hexcampaign.app.editor import geo_dialog
from hexcampaign.app.editor.geo_dialog import GeoImportDialog
from hexcampaign.geo import read_geojson
from hexcampaign.maps import HexMap

SQUARE = [[1000, 3000], [6000, 3000], [6000, 8600], [1000, 8600], [1000, 3000]]
REGION = {
    "type": "FeatureCollection",
    "features": [
        {"type": "Feature", "properties": {"landuse": "forest"},
         "geometry": {"type": "Polygon", "coordinates": [SQUARE]}},
        {"type": "Feature", "properties": {"landuse": "meadow"},
         "geometry": {"type": "Polygon", "coordinates": [[[6000, 3000], [9000, 3000], [9000, 6000],
                                                           [6000, 3000]]]}},
        {"type": "Feature", "properties": {"highway": "primary"},
         "geometry": {"type": "LineString", "coordinates": [[500, 5000], [9000, 5000]]}},
        {"type": "Feature", "properties": {"waterway": "river"},
         "geometry": {"type": "LineString", "coordinates": [[4000, 9500], [4000, 500]]}},
        {"type": "Feature", "properties": {"name": "Thala", "kind": "city", "vp": 2},
         "geometry": {"type": "Point", "coordinates": [2000, 7000]}},
    ],
}


@pytest.fixture
def region(tmp_path):
    path = tmp_path / "region.geojson"
    path.write_text(json.dumps(REGION))
    return path


@pytest.fixture
def window(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.open_map(HexMap.blank(12, 12, palette="kasserine"))
    w.show()
    qtbot.waitExposed(w)
    yield w
    if w.document is not None:
        w.document.undo_stack.setClean()


def answer_dialog(monkeypatch, choose):
    """Replace the dialog's exec(): `choose(dialog)` sets it up, then OK is pressed."""
    seen = {}

    def exec_(dialog):
        choose(dialog)
        dialog.refresh()
        seen["dialog"] = dialog
        seen["canvas preview"] = list(dialog.canvas.map_scene.preview.hexes) if dialog.canvas else []
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(GeoImportDialog, "exec", exec_)
    return seen


def terrains(m: HexMap) -> dict[str, int]:
    counts: dict[str, int] = {}
    for h in m.hexes():
        counts[m.terrain(h)] = counts.get(m.terrain(h), 0) + 1
    return counts


def test_the_dialog_lists_each_value_with_a_guess_for_what_it_becomes(qtbot, region):
    dialog = GeoImportDialog(read_geojson(region), None)
    qtbot.addWidget(dialog)
    rows = {key: dialog.table.cellWidget(i, 4).currentData() for i, key in enumerate(dialog._rows)}
    assert rows[("polygon", "landuse", "forest")] == ""  # the kasserine palette has no forest
    assert rows[("line", "highway", "primary")] == "road"
    assert rows[("line", "waterway", "river")] == "river"
    assert ("point", "kind", "city") in rows
    assert dialog.plan is not None and dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


def test_mapping_a_value_changes_the_live_preview(qtbot, region):
    dialog = GeoImportDialog(read_geojson(region), None)
    qtbot.addWidget(dialog)
    before = dialog.preview_image.copy()
    assert set(dialog.plan.terrain.values()) == {"plain"}
    dialog.set_target("polygon", "landuse", "forest", "rugged_crest")
    qtbot.waitUntil(lambda: "rugged_crest" in dialog.plan.terrain.values(), timeout=30_000)
    assert dialog.preview_image != before


def test_an_impossible_hex_size_is_a_sentence_and_import_waits(qtbot, region):
    dialog = GeoImportDialog(read_geojson(region), None)
    qtbot.addWidget(dialog)
    dialog.hex_km.setValue(0.01)
    dialog.refresh()
    assert dialog.plan is None and "choose larger hexes" in dialog.status.text()
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


def test_import_onto_the_open_map_is_one_undo_step(window, region, monkeypatch):
    def choose(dialog):
        dialog.onto.setChecked(True)
        dialog.hex_km.setValue(1.0)
        dialog.set_target("polygon", "landuse", "forest", "high_ground")

    seen = answer_dialog(monkeypatch, choose)
    document = window.document
    original = document.map.copy()
    steps = document.undo_stack.count()
    assert window.editor.import_geography(region)
    m = document.map
    assert terrains(m).get("high_ground", 0) > 10
    assert m.roads() and m.rivers() and m.bridges()
    assert [p.name for p in m.places()] == ["Thala"]
    assert seen["canvas preview"]  # the hexes to change were outlined on the canvas
    assert window.canvas.map_scene.preview.is_empty()  # and the outline went with the dialog
    assert document.undo_stack.count() == steps + 1
    imported = m.copy()
    document.undo_stack.undo()
    assert document.map == original
    document.undo_stack.redo()
    assert document.map == imported


def test_import_as_a_new_map_opens_it_unsaved(window, region, monkeypatch):
    answer_dialog(monkeypatch, lambda d: d.set_target("polygon", "landuse", "forest", "high_ground"))
    old = window.document
    assert window.editor.import_geography(region)
    assert window.document is not old and window.document.dirty
    m = window.document.map
    assert m.name == "region" and terrains(m).get("high_ground", 0) > 10


def test_a_hostile_file_is_one_sentence_in_a_message(window, tmp_path, answering_message_boxes):
    path = tmp_path / "broken.geojson"
    path.write_text('{"type": "FeatureCollection", "features": [{"type": "Feature"}]}')
    steps = window.document.undo_stack.count()
    assert not window.editor.import_geography(path)
    kind, text = answering_message_boxes[-1]
    assert kind == "critical" and "broken.geojson" in text and "feature 1 has no geometry" in text
    assert window.document.undo_stack.count() == steps


def test_a_crossing_outline_is_repaired_when_the_author_agrees(window, tmp_path, monkeypatch):
    path = tmp_path / "bowtie.geojson"
    bowtie = [[0, 0], [3000, 3000], [3000, 0], [0, 3000], [0, 0]]
    path.write_text(json.dumps({"type": "Feature", "properties": {"landuse": "forest"},
                                "geometry": {"type": "Polygon", "coordinates": [bowtie]}}))
    asked = []
    monkeypatch.setattr(geo_dialog.QMessageBox, "question",
                        staticmethod(lambda *a, **k: asked.append(a[2]) or geo_dialog.QMessageBox.StandardButton.Yes))
    data = geo_dialog.read_data(window, path)
    assert data is not None and data.repaired == 1
    assert "feature 1 is a polygon whose outline crosses itself" in asked[0] and "--repair" not in asked[0]
