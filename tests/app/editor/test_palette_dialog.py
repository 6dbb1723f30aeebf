"""Map › Palette…: the palette editor driven as a user would, checked on the map and the
undo stack."""

from __future__ import annotations

import pytest

from hexcampaign.app.editor.palette_dialog import PaletteDialog
from hexcampaign.app.editor.user_palettes import user_palettes
from hexcampaign.maps import HexMap, load_map, load_palette, save_map
from hexcampaign.rules import IllegalAction

from .conftest import at


@pytest.fixture
def window(qtbot):
    from hexcampaign.app import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    m = HexMap.blank(12, 10, palette="ww2")
    m.set_terrain(at(1, 1), "woods")
    m.set_terrain(at(2, 1), "marsh")
    w.open_map(m)
    yield w
    w.document.undo_stack.setClean()


def row_of(dialog: PaletteDialog, label: str) -> int:
    return next(r for r in range(dialog.table.rowCount()) if dialog.table.item(r, 0).text() == label)


def test_add_rename_recolour_reorder_and_rules_are_one_undo_step(window, qtbot):
    doc = window.document
    before = doc.map.copy()
    dialog = PaletteDialog(doc.map)
    qtbot.addWidget(dialog)
    woods = row_of(dialog, "Woods")
    dialog.table.item(woods, 0).setText("Forest")
    dialog.table.item(woods, 1).setText("forest")
    dialog.set_colour(woods, "#336633")
    row = dialog.add_terrain("Bocage", "#88aa55", "trees")
    dialog.table.selectRow(row)
    for _ in range(row):
        dialog.move_terrain(-1)
    column = dialog.add_rule("supply_cost")
    dialog.table.item(0, column).setText("3")
    dialog.accept()
    palette, mapping = dialog.result_palette(), dialog.mapping()
    assert palette.name == "ww2-copy"  # the shipped one stays read-only
    assert window.editor.apply_palette(palette, mapping) is None

    m = doc.map
    assert m.palette.terrains_list[0].label == "Bocage"
    assert m.palette.terrains["bocage"].symbol == "trees"
    assert m.palette.terrains["bocage"].rules == {"supply_cost": 3.0}
    assert m.terrain(at(1, 1)) == "forest" and m.palette.terrains["forest"].colour == "#336633"
    assert m.terrain(at(2, 1)) == "marsh"
    assert doc.undo_stack.count() == 1
    assert window.canvas.hexmap is m
    # The map's file carries the palette; New map offers it next time.
    assert "ww2-copy" in {p.name for p in user_palettes()}
    doc.undo_stack.undo()
    assert doc.map == before and doc.map.palette == load_palette("ww2")
    doc.undo_stack.redo()
    assert doc.map.terrain(at(1, 1)) == "forest"


def test_saved_map_reopens_with_its_own_palette(window, qtbot, tmp_path):
    dialog = PaletteDialog(window.document.map)
    qtbot.addWidget(dialog)
    dialog.add_terrain("Steppe", "#e0d890", "sand")
    dialog.title.setText("Russian front")
    dialog.name.setText("russia")
    window.editor.apply_palette(dialog.result_palette(), dialog.mapping())
    save_map(window.document.map, tmp_path / "front.hexmap")
    reopened = load_map(tmp_path / "front.hexmap")
    assert reopened.palette.title == "Russian front"
    assert reopened.palette.terrains["steppe"].label == "Steppe"


def test_removing_a_terrain_in_use_is_refused_naming_it(window, qtbot):
    dialog = PaletteDialog(window.document.map)
    qtbot.addWidget(dialog)
    dialog.table.selectRow(row_of(dialog, "Marsh"))
    dialog.remove_terrain()
    assert row_of(dialog, "Marsh") >= 0
    assert "Marsh is painted on this map" in dialog.error.text()


def test_a_palette_losing_a_terrain_in_use_is_refused_in_one_sentence(window, qtbot):
    editor = window.editor
    before = window.document.map.copy()
    refusal = editor.apply_palette(load_palette("cm"))
    assert refusal is not None and "Woods" in refusal
    assert window.document.map == before
    assert window.document.undo_stack.count() == 0
    dialog = PaletteDialog(window.document.map)
    qtbot.addWidget(dialog)
    # Starting from a copy of the CM palette, which has no woods: OK is refused in the dialog.
    cm_index = next(i for i in range(dialog.start.count()) if "copy of" in dialog.start.itemText(i)
                    and dialog.start.itemData(i)[1].name == "cm")
    dialog.start.setCurrentIndex(cm_index)
    dialog._start_from(*dialog.start.itemData(cm_index))
    dialog.accept()
    assert dialog.result() != dialog.DialogCode.Accepted
    assert "Woods" in dialog.error.text()


def test_bad_rule_number_is_one_sentence_and_keeps_the_table(window, qtbot):
    dialog = PaletteDialog(window.document.map)
    qtbot.addWidget(dialog)
    column = dialog.rule_names().index("move_cost") + 5
    dialog.table.item(0, column).setText("lots")
    with pytest.raises(IllegalAction, match="move_cost must be a number"):
        dialog.result_palette()
    dialog.accept()
    assert dialog.error.isVisibleTo(dialog) and dialog.table.item(0, column).text() == "lots"


def test_export_and_import_a_palette_file(window, qtbot, tmp_path):
    dialog = PaletteDialog(window.document.map)
    qtbot.addWidget(dialog)
    dialog.add_terrain("Jungle", "#226622", "trees")
    assert dialog.export_file(tmp_path / "jungle.hexpalette")
    other = PaletteDialog(HexMap.blank(4, 4, palette="kasserine"))
    qtbot.addWidget(other)
    assert other.import_file(tmp_path / "jungle.hexpalette")
    assert row_of(other, "Jungle") >= 0
    (tmp_path / "bad.hexpalette").write_text("{}")
    assert not other.import_file(tmp_path / "bad.hexpalette")
    assert "bad.hexpalette is not a usable terrain palette" in other.error.text()


def test_colour_picked_by_double_click(window, qtbot):
    dialog = PaletteDialog(window.document.map)
    qtbot.addWidget(dialog)
    dialog.ask_colour = lambda current: "#123456"
    dialog._double_clicked(0, 3)
    assert dialog.result_palette().terrains_list[0].colour == "#123456"


def test_map_menu_has_the_palette_editor(window):
    assert window.editor.palette_action.text() == "&Palette…"
    assert window.editor.palette_action in window.menu("&Map").actions()


def test_new_map_offers_the_shipped_palettes_and_the_users_own(window, qtbot):
    from hexcampaign.app.dialogs.new_map import NewMapDialog

    dialog = PaletteDialog(window.document.map)
    qtbot.addWidget(dialog)
    dialog.add_terrain("Jungle", "#226622", "trees")
    dialog.title.setText("Burma 1944")
    dialog.name.setText("burma")
    window.editor.apply_palette(dialog.result_palette(), dialog.mapping())
    new = NewMapDialog()
    qtbot.addWidget(new)
    titles = [new.palette_box.itemText(i) for i in range(new.palette_box.count())]
    assert "Operational WWII (general)" in titles and "Kasserine Pass (1972)" in titles
    assert "Burma 1944 (yours)" in titles
    new.palette_box.setCurrentIndex(titles.index("Burma 1944 (yours)"))
    m = new.hexmap()
    assert m.palette.title == "Burma 1944" and "jungle" in m.palette.terrains


def test_a_new_terrains_name_follows_its_label_until_typed(window, qtbot):
    dialog = PaletteDialog(window.document.map)
    qtbot.addWidget(dialog)
    row = dialog.add_terrain()
    dialog.table.item(row, 0).setText("Peach orchard")
    assert dialog.table.item(row, 1).text() == "peach_orchard"
    dialog.table.item(row, 1).setText("orchard")
    dialog.table.item(row, 0).setText("Orchard")
    assert dialog.table.item(row, 1).text() == "orchard"
    woods = row_of(dialog, "Woods")
    dialog.table.item(woods, 0).setText("Forest")  # a terrain of the map keeps its name
    assert dialog.table.item(woods, 1).text() == "woods"


def test_each_symbol_choice_shows_its_symbol_in_the_terrains_colour(window, qtbot):
    from PySide6.QtGui import QColor

    dialog = PaletteDialog(window.document.map)
    qtbot.addWidget(dialog)
    woods = row_of(dialog, "Woods")
    box = dialog._symbol_box(woods)
    trees = box.itemIcon(box.findData("trees")).pixmap(28, 28).toImage()
    flat = box.itemIcon(box.findData("")).pixmap(28, 28).toImage()
    assert trees != flat  # the trees are drawn on the hex
    dialog.set_colour(woods, "#ff0000")
    recoloured = box.itemIcon(box.findData("")).pixmap(28, 28).toImage()
    assert QColor(recoloured.pixel(14, 14)).red() > 200
