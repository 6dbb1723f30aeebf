"""The editor's dialogs refuse bad values in the dialog, keeping what was typed."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

from hexcampaign.app.editor.dialogs import (
    ExportDialog,
    MapPropertiesDialog,
    PlaceDialog,
    ResizeDialog,
)
from hexcampaign.maps import HexMap, load_palette

from .conftest import at


def test_place_dialog_refuses_a_taken_name_and_keeps_the_typing(qtbot):
    m = HexMap.blank(6, 6, palette="kasserine")
    m.add_place(at(1, 1), "Thala", "city")
    dialog = PlaceDialog(m, None, at(3, 3))
    qtbot.addWidget(dialog)
    assert [dialog.kind.itemText(i) for i in range(dialog.kind.count())] == ["city", "village"]
    dialog.name.setText("thala")
    dialog.vp.setValue(3)
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert not dialog.error.isHidden() and "already a place named thala" in dialog.error.text()
    assert dialog.name.text() == "thala" and dialog.vp.value() == 3
    dialog.name.setText("Sbiba")
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.values().name == "Sbiba" and dialog.values().vp == 3


def test_editing_a_place_may_keep_its_own_name(qtbot):
    m = HexMap.blank(6, 6, palette="cm")
    place = m.add_place(at(1, 1), "Fort Lewis", "capital", 1, 5)
    dialog = PlaceDialog(m, place, at(1, 1))
    qtbot.addWidget(dialog)
    assert dialog.name.text() == "Fort Lewis" and dialog.kind.currentText() == "capital"
    dialog.pp.setValue(6)
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted and dialog.values().pp == 6


def test_resize_dialog_shows_the_new_size_and_refuses_an_empty_map(qtbot):
    m = HexMap.blank(10, 8, palette="kasserine")
    dialog = ResizeDialog(m)
    qtbot.addWidget(dialog)
    dialog.left.setValue(2)
    dialog.bottom.setValue(-3)
    assert dialog.new_size() == (12, 5) and "12×5" in dialog.size_label.text()
    assert dialog.margins() == (2, 0, 0, -3)
    dialog.right.setValue(-9)
    dialog.left.setValue(-9)
    assert dialog.left.value() == -9
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert "Resize" in dialog.error.text()


def test_map_properties_dialog_values(qtbot):
    m = HexMap.blank(4, 4, palette="kasserine")
    m.name = "Kasserine"
    dialog = MapPropertiesDialog(m)
    qtbot.addWidget(dialog)
    assert dialog.name.text() == "Kasserine"
    # The palette by its display name, as New map shows it, not its id.
    assert dialog.palette_box.currentText() == load_palette("kasserine").title
    dialog.author.setText("John Hill")
    dialog.palette_box.setCurrentIndex(dialog.palette_box.findData("cm"))
    dialog.label_style.setCurrentIndex(2)
    values = dialog.values()
    assert (values.author, values.palette, values.label_style) == ("John Hill", "cm", "CC-RR")


def test_export_dialog_reports_the_picture_size_and_enables_what_applies(qtbot):
    m = HexMap.blank(10, 8, palette="kasserine")
    dialog = ExportDialog(m)
    qtbot.addWidget(dialog)
    dialog.hex_size.setValue(16)
    first = dialog.pixels.text()
    dialog.hex_size.setValue(64)
    assert dialog.pixels.text() != first
    # A PNG: pixels a hex, and the printed hex width its resolution is set for.
    assert dialog.hex_size.isEnabled() and dialog.hex_mm.isEnabled()
    dialog.kinds.button(3).click()
    options = dialog.options()
    assert options.kind == "pdf-tiled" and dialog.hex_mm.isEnabled()
    assert not dialog.hex_size.isEnabled()


def test_export_dialog_announces_the_size_the_export_writes(qtbot, tmp_path):
    from hexcampaign.app.render import export

    m = HexMap.blank(30, 24, palette="kasserine")
    dialog = ExportDialog(m)
    qtbot.addWidget(dialog)
    for size in (12.0, 24.5, 32.0):
        dialog.hex_size.setValue(size)
        width, height = export.export_picture(m, tmp_path / "map.png", size)
        assert dialog.pixels.text() == f"{width} × {height} pixels"


def test_place_dialog_keeps_its_fields_whole_when_it_shows_a_refusal(qtbot):
    m = HexMap.blank(6, 6, palette="kasserine")
    m.add_place(at(1, 1), "Thala", "city")
    dialog = PlaceDialog(m, None, at(3, 3))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    fields = (dialog.name, dialog.kind, dialog.vp, dialog.pp)
    heights = [f.height() for f in fields]
    width = dialog.width()
    dialog.name.setText("thala")
    dialog.accept()
    qtbot.wait(20)
    assert [f.height() for f in fields] == heights
    assert dialog.width() == width
    # The whole sentence shows: wrapped, the label is as tall as its lines need.
    label = dialog.error
    assert label.height() >= label.heightForWidth(label.width())
    assert label.geometry().bottom() < dialog.buttons.geometry().top()
