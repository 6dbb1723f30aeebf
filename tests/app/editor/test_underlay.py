"""Map › Underlay image…: a scanned map under the hexes, fitted by clicking two hexes on
it and naming them, saved with the map and undone as one step (issue 30 item 1); note
marks on the canvas; km per hex in Map properties and on the printed scale bar."""

from __future__ import annotations

import json
import math
import shutil

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter

from hexcampaign.app.editor.underlay_dialog import UnderlayDialog
from hexcampaign.app.render import map_layout, map_scene_rect, paint_map
from hexcampaign.app.render.tracing import scene_transform
from hexcampaign.hexes import Layout
from hexcampaign.maps import HexMap
from hexcampaign.maps.underlay import placement

from .test_mode import forget_edits, window  # noqa: F401  (the editor in the main window, a 30×24 map)

# A fake scan: the map's hex (col, row) centre sits at picture pixel SCAN(col, row).
SCALE_PX, TURN, ORIGIN = 40.0, 10.0, (300.0, 120.0)


def _scan_point(m: HexMap, col: int, row: int) -> QPointF:
    """Where a hex's centre is on the fake scan: the map turned TURN degrees, scaled."""
    x, y = Layout(1.0, m.orientation).center(m.at(col, row))
    t = math.radians(TURN)
    return QPointF(ORIGIN[0] + SCALE_PX * (x * math.cos(t) + y * math.sin(t)),
                   ORIGIN[1] + SCALE_PX * (-x * math.sin(t) + y * math.cos(t)))


@pytest.fixture
def scan(tmp_path):
    picture = QImage(1400, 1200, QImage.Format.Format_RGB32)
    picture.fill(QColor("white"))
    picture.save(str(tmp_path / "scan.png"))
    return tmp_path / "scan.png"


def _fit_with_two_clicks(window, scan, qtbot) -> UnderlayDialog:  # noqa: F811
    m = window.document.map
    dialog = UnderlayDialog(window.document, window, window.editor._say)
    qtbot.addWidget(dialog)
    assert dialog.set_picture(scan)
    for n, (col, row) in enumerate(((2, 3), (20, 15))):
        dialog.add_point(_scan_point(m, col, row))
        dialog.set_hex(n, m.label(m.at(col, row)))
    assert dialog.fit()
    return dialog


def test_two_clicks_fit_the_picture_and_ok_is_one_undo_step(window, scan, qtbot):  # noqa: F811
    m = window.document.map
    dialog = _fit_with_two_clicks(window, scan, qtbot)
    assert "worst is 0.00 hex off" in dialog.message.text()
    parts = placement(m.underlay.transform)  # the map behind shows it already
    assert math.isclose(parts.rotation, TURN, abs_tol=1e-6) and math.isclose(parts.scale, 1 / SCALE_PX)
    assert math.isclose(dialog.spacing.value(), SCALE_PX * math.sqrt(3), abs_tol=0.01)
    dialog.opacity.setValue(70)
    dialog.accept()
    assert m.underlay.opacity == 0.7 and m.underlay.path == str(scan.resolve())
    window.document.undo_stack.undo()
    assert window.document.map.underlay is None
    window.document.undo_stack.redo()
    assert window.document.map.underlay.opacity == 0.7
    forget_edits(window)


def test_cancel_leaves_the_map_as_it_was(window, scan, qtbot):  # noqa: F811
    dialog = _fit_with_two_clicks(window, scan, qtbot)
    dialog.reject()
    assert window.document.map.underlay is None and window.document.undo_stack.count() == 0
    again = UnderlayDialog(window.document, window)
    qtbot.addWidget(again)
    assert not again.remove_button.isEnabled() and not again.opacity.isEnabled()  # nothing to remove yet
    again.reject()


def test_a_hex_number_the_map_lacks_is_refused_in_one_sentence(window, scan, qtbot):  # noqa: F811
    dialog = UnderlayDialog(window.document, window)
    qtbot.addWidget(dialog)
    dialog.set_picture(scan)
    dialog.add_point(QPointF(10, 10))
    dialog.set_hex(0, "9999")
    dialog.add_point(QPointF(300, 10))
    dialog.set_hex(1, "0101")
    assert not dialog.fit()
    assert dialog.message.text().startswith("The map has no hex 9999;")
    dialog.set_hex(0, "0101")
    assert not dialog.fit()
    assert "same place on the map" in dialog.message.text()
    dialog.reject()


def test_the_underlay_is_saved_relative_and_reopened_or_missed_in_one_sentence(window, scan, qtbot, tmp_path):  # noqa: F811
    _fit_with_two_clicks(window, scan, qtbot).accept()
    path = tmp_path / "traced.hexmap"
    window.document.save(path)
    written = json.loads(path.read_text("utf-8"))
    assert written["underlay"]["path"] == "scan.png" and written["version"] == 6
    assert window.open_path(path)
    assert window.document.map.underlay.path == str(scan.resolve())
    assert "underlay" not in window.statusBar().currentMessage()
    # Moved with its picture, the map still finds it.
    moved = tmp_path / "moved"
    moved.mkdir()
    shutil.copy(path, moved / "traced.hexmap")
    shutil.copy(scan, moved / "scan.png")
    assert window.open_path(moved / "traced.hexmap")
    assert window.document.map.underlay.path == str((moved / "scan.png").resolve())
    (moved / "scan.png").unlink()
    assert window.open_path(moved / "traced.hexmap")  # the map opens all the same
    said = window.statusBar().currentMessage()
    assert "The underlay picture scan.png is not at" in said and "the map opened without it" in said
    forget_edits(window)


def _picture(m: HexMap, layers) -> QImage:
    layout = map_layout(m, 20)
    rect = map_scene_rect(m, layout)
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    p.translate(-rect.left(), -rect.top())
    paint_map(p, m, layout, rect, layers)
    p.end()
    return image


def test_the_underlay_shows_through_the_terrain_and_prints_only_when_asked(qapp, tmp_path):
    red = QImage(50, 50, QImage.Format.Format_RGB32)
    red.fill(QColor(255, 0, 0))
    red.save(str(tmp_path / "red.png"))
    m = HexMap.new(6, 5)
    from hexcampaign.maps.underlay import Affine, Underlay

    m.underlay = Underlay(str(tmp_path / "red.png"), Affine(0.2, 0, -1, 0, 0.2, -1), 0.5)
    layout = map_layout(m, 20)
    x, y = layout.center(m.at(1, 1))
    assert scene_transform(m.underlay.transform, layout).map(QPointF(0, 0)).x() < x
    rect = map_scene_rect(m, layout)
    plain = _picture(m, None).pixelColor(int(x - rect.left()), int(y - rect.top()))
    shown = _picture(m, {"terrain", "underlay"}).pixelColor(int(x - rect.left()), int(y - rect.top()))
    # Half red over the terrain's colour: both show; a picture of every default layer
    # (an export, a print) has no underlay.
    assert shown.green() < plain.green() - 60 and shown.red() >= plain.red() and shown != QColor(255, 0, 0)
    assert plain.green() > 200


def test_hexes_with_a_note_carry_a_mark_with_the_notes_layer(qapp):
    m = HexMap.new(6, 5)
    m.set_note(m.at(2, 2), "Ford")
    layout = map_layout(m, 20)
    rect = map_scene_rect(m, layout)
    x, y = layout.center(m.at(2, 2))
    corner = (int(x + 20 * 0.55 - rect.left()), int(y - 20 * 0.3 - rect.top()))
    without = _picture(m, None).pixelColor(*corner)
    marked = _picture(m, {"terrain", "notes"}).pixelColor(*corner)
    assert without != marked
    other = layout.center(m.at(4, 2))
    spot = (int(other[0] + 20 * 0.55 - rect.left()), int(other[1] - 20 * 0.3 - rect.top()))
    assert _picture(m, {"terrain", "notes"}).pixelColor(*spot) == _picture(m, {"terrain"}).pixelColor(*spot)


def test_note_marks_and_underlay_are_layers_of_the_menu_and_left_out_of_exports(window):  # noqa: F811
    map_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Map")
    assert "map-underlay" in [a.objectName() for a in map_menu.actions()]
    assert "layer-notes" in [a.objectName() for a in window.layer_actions.values()]
    assert "layer-underlay" in [a.objectName() for a in window.layer_actions.values()]
    editor = window.editor
    assert "notes" not in editor.visible_layers() and "underlay" not in editor.visible_layers()
    assert {"notes", "underlay"} <= set(editor.visible_layers(tracing_aids=True))
    window.layer_actions["notes"].setChecked(False)
    assert not window.canvas.layer_visible("notes")
    assert "notes" not in editor.visible_layers(tracing_aids=True)


def test_km_per_hex_is_a_map_property_and_the_scale_bar_says_it(window):  # noqa: F811
    from hexcampaign.app.editor.dialogs import MapPropertiesDialog
    from hexcampaign.app.render.sheet_furniture import scale_text

    m = window.document.map
    dialog = MapPropertiesDialog(m, window)
    assert dialog.hex_km.text() == "not set"
    dialog.hex_km.setValue(2.5)
    assert window.editor.apply_properties(dialog.values())
    assert m.hex_km == 2.5
    assert scale_text(m, 19) == "1 hex = 2.5 km (19 mm across)"
    window.document.undo_stack.undo()
    assert m.hex_km is None and scale_text(m, 19) == "hex = 19 mm across"
    forget_edits(window)


def test_the_print_question_asks_for_the_tracing_aids_off_by_default(qapp):
    from hexcampaign.app.editor.file_handling import print_scale_question

    box = print_scale_question(None)
    assert box.checkBox().objectName() == "tracing-aids" and not box.checkBox().isChecked()


def test_a_resize_on_the_left_and_top_keeps_the_picture_under_its_hexes(qapp):
    from hexcampaign.app.editor.reshape import resize_map
    from hexcampaign.maps.underlay import Affine, Underlay

    m = HexMap.new(8, 6)
    m.underlay = Underlay("scan.png", Affine(0.03, 0.004, 1.0, -0.004, 0.03, 2.0))
    new, _lost = resize_map(m, left=2, top=1)
    unit_old, unit_new = Layout(1.0, m.orientation), Layout(1.0, new.orientation)
    pixel = m.underlay.transform.inverse().apply(unit_old.center(m.at(3, 2)))
    x, y = new.underlay.transform.apply(pixel)
    assert math.dist((x, y), unit_new.center(new.at(5, 3))) < 1e-9
