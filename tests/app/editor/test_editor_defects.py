"""The map editor's measured defects of issue 30 (item 9), each as a user meets it:
resize on a map with its own palette, the dialogs, paste of chosen layers and across
palettes, and a flood fill of tens of thousands of hexes with its undo and redo."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog

from hexcampaign.app import MainWindow
from hexcampaign.app.document import MapDocument
from hexcampaign.app.editor.dialogs import PlaceDialog, ResizeDialog
from hexcampaign.maps import HexMap, load_map

from .conftest import at

EXAMPLES = Path(__file__).resolve().parents[3] / "maps" / "examples"


@pytest.fixture
def window(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(1200, 800)
    yield w
    if w.document is not None:
        w.document.undo_stack.setClean()


def open_example(window, name: str) -> HexMap:
    window.set_document(MapDocument(load_map(EXAMPLES / name), EXAMPLES / name))
    return window.document.map


# --- 1. Map › Resize on a map whose palette is its own ------------------------------------


@pytest.mark.parametrize("name", ["gettysburg.hexmap", "arnhem-1944.hexmap"])
def test_resize_from_the_map_menu_works_on_the_shipped_examples(window, monkeypatch, name):
    m = open_example(window, name)
    assert not m.palette.is_shipped()  # the map carries a palette of its own
    before = m.copy()
    places = {p.name: m.offset(p.hex) for p in m.places()}

    def accept(dialog):
        dialog.left.setValue(2)
        dialog.bottom.setValue(3)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(ResizeDialog, "exec", accept)
    window.editor.resize_action.trigger()
    new = window.document.map
    assert (new.cols, new.rows) == (before.cols + 2, before.rows + 3)
    assert new.palette == before.palette  # its own palette, every terrain kept
    assert {p.name: new.offset(p.hex) for p in new.places()} == {
        name: (col + 2, row) for name, (col, row) in places.items()
    }
    assert len(new.roads()) == len(before.roads()) and new.rivers()
    assert window.statusBar().currentMessage().startswith(f"The map is now {new.cols}×{new.rows}")
    window.document.undo_stack.undo()
    assert window.document.map == before


def test_a_failing_map_command_is_one_sentence_not_silence(window, monkeypatch):
    """Whatever goes wrong in a menu command reaches the user as a sentence."""
    window.open_map(HexMap.blank(6, 5))

    def broken(*_args, **_kwargs):
        raise ValueError("There is no terrain palette named 'nap1812'.")

    monkeypatch.setattr(ResizeDialog, "exec", lambda dialog: QDialog.DialogCode.Accepted)
    monkeypatch.setattr("hexcampaign.app.editor.edits.resize_map", broken)
    window.editor.resize_action.trigger()
    message = window.statusBar().currentMessage()
    assert message == "Resize did not work: there is no terrain palette named 'nap1812'."
    assert window.document.undo_stack.count() == 0


# --- 2. Dialogs --------------------------------------------------------------------------


def test_place_dialog_opens_on_the_name_and_ok_waits_for_one(qtbot):
    m = HexMap.blank(6, 6, palette="kasserine")
    dialog = PlaceDialog(m, None, at(3, 3))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.focusWidget() is dialog.name  # what typing reaches when the dialog opens
    assert not dialog.ok.isEnabled()
    qtbot.keyClicks(dialog.name, "Thala")
    assert dialog.ok.isEnabled()
    qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.values().name == "Thala"
    dialog.name.setText("   ")
    assert not dialog.ok.isEnabled()


def test_print_asks_true_scale_or_fit_to_page_by_name(qtbot):
    from hexcampaign.app.editor.file_handling import PRINT_SCALES, print_scale_question

    box = print_scale_question(None)
    qtbot.addWidget(box)
    named = {b.objectName(): b.text().replace("&", "") for b in box.buttons()}
    assert named["true-scale"] == "True scale" and named["fit-to-page"] == "Fit to page"
    assert "cancel" in named
    assert PRINT_SCALES == {"true-scale": True, "fit-to-page": False}
    assert not any(b.text().replace("&", "") in ("Yes", "No") for b in box.buttons())


def test_palette_symbol_icons_move_with_their_terrain(window, qtbot):
    from PySide6.QtGui import QColor

    from hexcampaign.app.editor.palette_dialog import PaletteDialog

    window.open_map(HexMap.blank(6, 5, palette="ww2"))
    dialog = PaletteDialog(window.document.map)
    qtbot.addWidget(dialog)
    dialog.set_colour(1, "#ff0000")
    dialog.set_colour(0, "#0000ff")

    def centre(row: int) -> QColor:
        box = dialog._symbol_box(row)
        return QColor(box.itemIcon(box.findData("")).pixmap(28, 28).toImage().pixel(14, 14))

    assert centre(1).red() > 200 and centre(0).blue() > 200
    dialog.table.selectRow(1)
    dialog.move_terrain(-1)
    assert dialog.table.item(0, 3).text() == "#ff0000"
    assert centre(0).red() > 200 and centre(0).blue() < 60  # the red terrain's icons moved up
    assert centre(1).blue() > 200 and centre(1).red() < 60


def test_validation_rows_wrap_whole_sentences_and_name_their_hex(window, qtbot):
    m = HexMap.blank(20, 16, palette="kasserine")
    m.add_road(at(1, 1), at(2, 1))
    m.add_place(at(15, 12), "Haidra with a long enough name to need two lines", "village")
    window.open_map(m)
    window.show()
    qtbot.waitExposed(window)
    dock = window.editor.validation
    dock.show()
    dock.refresh()
    assert dock.list.minimumWidth() >= 260 and dock.list.minimumHeight() >= 150
    item = next(dock.list.item(i) for i in range(dock.list.count()) if "Haidra" in dock.list.item(i).text())
    assert item.text().startswith("Hex 1512 · Unreachable place\n")
    dock.list.resize(280, 400)
    QApplication.processEvents()
    height = dock.list.visualItemRect(item).height()
    assert height >= 3 * dock.list.fontMetrics().height()  # heading and a wrapped sentence


# --- 3. Paste: chosen layers, and terrains mapped from another palette ----------------------


def hilly_road_map() -> HexMap:
    """A map with a road, a hill and a river across the hexes a paste lands on."""
    m = HexMap.blank(12, 10, palette="kasserine")
    for c in range(2, 8):
        m.add_road(at(c, 4), at(c + 1, 4))
        m.set_elevation(at(c, 4), 2)
    m.set_river(at(4, 3), True)
    m.add_place(at(6, 4), "Sbiba", "village")
    return m


def crested_block() -> HexMap:
    m = HexMap.blank(4, 4, palette="kasserine")
    for c in range(4):
        for r in range(4):
            m.set_terrain(at(c, r), "rugged_crest")
    return m


def test_paste_terrain_only_keeps_the_roads_hills_rivers_and_places_under_it(window):
    from hexcampaign.app.editor.reshape import copy_region

    window.open_map(hilly_road_map())
    editor = window.editor
    doc = window.document
    before = doc.map.copy()
    region = copy_region(crested_block(), crested_block().hexes())
    assert editor.paste(at(4, 2), region, layers=frozenset({"terrain"}))
    m = doc.map
    assert m.terrain(at(5, 4)) == "rugged_crest"
    assert all(m.has_road(at(c, 4), at(c + 1, 4)) for c in range(2, 8))
    assert [m.elevation(at(c, 4)) for c in range(2, 8)] == [2] * 6
    assert m.is_river(at(4, 3)) and m.place("Sbiba").hex == at(6, 4)
    doc.undo_stack.undo()
    assert m == before
    # All layers, as a plain paste: the block's own (empty) roads and hills replace them.
    assert editor.paste(at(4, 2), region)
    assert not m.has_road(at(4, 4), at(5, 4)) and m.elevation(at(5, 4)) == 0
    assert m.has_road(at(2, 4), at(3, 4))  # outside the block: untouched


def test_paste_special_dialog_chooses_layers_terrain_only_in_one_click(window, qtbot):
    from hexcampaign.app.editor.paste_dialog import PasteDialog
    from hexcampaign.app.editor.reshape import ALL_LAYERS, copy_region

    m = hilly_road_map()
    dialog = PasteDialog(m, copy_region(crested_block(), crested_block().hexes()))
    qtbot.addWidget(dialog)
    assert dialog.layers() == ALL_LAYERS and dialog.mapping() is None
    assert dialog.mapping_group.isHidden()  # the same palette: nothing to map
    dialog.findChild(type(dialog.buttons.buttons()[0]), "paste-terrain-only").click()
    assert dialog.layers() == {"terrain"}
    dialog.layer_boxes["terrain"].setChecked(False)
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()


def test_hexes_from_another_palette_are_mapped_terrain_by_terrain(window, monkeypatch, qtbot):
    from hexcampaign.app.editor.paste_dialog import PasteDialog
    from hexcampaign.app.editor.reshape import copy_region

    source = HexMap.blank(3, 3, palette="ww2")
    source.set_terrain(at(0, 0), "woods")
    source.set_terrain(at(1, 0), "hills")
    region = copy_region(source, source.hexes())
    window.open_map(hilly_road_map())
    editor = window.editor
    m = window.document.map
    # Without a mapping the paste is refused in a sentence, and nothing changes.
    before = m.copy()
    assert not editor.paste(at(0, 0), region)
    assert "not in the kasserine palette" in window.statusBar().currentMessage()
    assert m == before

    region.terrain_labels["hills"] = "<b>Hills</b>"  # another map's file: shown as typed
    dialog = PasteDialog(m, region, choose_layers=False)
    qtbot.addWidget(dialog)
    assert dialog.layer_group.isHidden() and not dialog.mapping_group.isHidden()
    from PySide6.QtWidgets import QLabel

    caption = next(label for label in dialog.mapping_group.findChildren(QLabel) if "Hills" in label.text())
    assert caption.text() == "<b>Hills</b> (hills):" and caption.textFormat() == Qt.TextFormat.PlainText
    assert set(dialog.terrain_boxes) == {"clear", "woods", "hills"}
    assert dialog.terrain_boxes["clear"].currentData() == "plain"  # nothing alike: the default
    dialog.terrain_boxes["woods"].setCurrentIndex(dialog.terrain_boxes["woods"].findData("high_ground"))
    dialog.terrain_boxes["hills"].setCurrentIndex(dialog.terrain_boxes["hills"].findData("rugged_crest"))
    chosen = dialog.mapping()

    # Edit › Paste asks for the mapping (the dialog above), floats, and a click lands.
    asked = []
    monkeypatch.setattr(editor, "ask_paste_options",
                        lambda region, special: asked.append(special) or (frozenset({"terrain"}), chosen))
    from hexcampaign.app.editor.edits import _put_on_clipboard

    _put_on_clipboard(region)  # as Copy in the other map's window leaves it
    editor.select_hex(at(0, 0))
    assert editor.float_paste()
    assert asked == [False]
    editor._land_float(at(0, 0))
    assert m.terrain(at(0, 0)) == "high_ground" and m.terrain(at(1, 0)) == "rugged_crest"
    assert m.terrain(at(2, 2)) == "plain"
    assert window.document.undo_stack.count() == 1


# --- 4. Flood fill of tens of thousands of hexes, its undo and redo ------------------------


def test_a_flood_fill_of_the_whole_map_is_one_step_undone_and_redone_hex_for_hex(window, qtbot):
    m = HexMap.new(200, 200, palette="kasserine")
    # A wall of high ground cuts off the east: the fill stops at it, as the user expects.
    for r in range(200):
        m.set_terrain(m.at(150, r), "high_ground")
    m.set_terrain(m.at(20, 20), "rugged_crest")  # an island in the filled region
    window.open_map(m)
    window.show()
    qtbot.waitExposed(window)
    editor = window.editor
    doc = window.document
    before = m.copy()
    heard = []
    doc.changed.connect(lambda changes, initiator: heard.append(changes))
    editor.set_tool("fill")
    editor.brush.terrain = "rugged_crest"
    from .conftest import event

    editor.tool.pressed(event(m.at(100, 100)))
    editor.tool.released(event(m.at(100, 100)))
    west = {h for h in m.hexes() if m.offset(h)[0] < 150} - {m.at(20, 20)}
    assert all(m.terrain(h) == "rugged_crest" for h in west)
    assert all(m.terrain(h) == before.terrain(h) for h in m.hexes() if h not in west)
    assert doc.undo_stack.count() == 1 and len(heard) == 1  # one step, one announcement
    assert window.statusBar().currentMessage() == f"Filled {len(west)} hexes with Rugged crest."
    after = m.copy()
    doc.undo_stack.undo()
    assert m == before
    doc.undo_stack.redo()
    assert m == after
    assert len(heard) == 3


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_the_minimap_of_a_big_map_shows_a_fill_and_its_undo(window, qtbot, orientation):
    from PySide6.QtCore import QPointF

    m = HexMap.new(200, 200, palette="kasserine", orientation=orientation)
    window.open_map(m)
    window.show()
    qtbot.waitExposed(window)
    overview = window.editor.overview
    overview.resize(300, 240)
    overview.rebuild()
    doc = window.document

    def colour_at(col: int, row: int) -> str:
        qtbot.waitUntil(lambda: not overview._redraw.isActive(), timeout=30_000)
        centre = overview._to_widget(QPointF(*window.canvas.layout.center(m.at(col, row)))) - overview._offset
        ratio = overview._image.devicePixelRatio()
        return overview._image.pixelColor(int(centre.x() * ratio), int(centre.y() * ratio)).name()

    colours = {t.name: t.colour.lower() for t in m.palette.terrains_list}
    assert colour_at(120, 80) == colours["plain"]
    window.editor.set_tool("fill")
    window.editor.brush.terrain = "high_ground"
    from .conftest import event

    window.editor.tool.pressed(event(m.at(5, 5)))
    assert colour_at(120, 80) == colours["high_ground"]
    doc.undo_stack.undo()
    assert colour_at(120, 80) == colours["plain"]
