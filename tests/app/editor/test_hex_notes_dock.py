"""The Properties dock shows and edits the selected hex's note as undo steps, and its
search lists the hexes whose notes match and centres the map on a pick (issue 30 item 6)."""

from __future__ import annotations

from PySide6.QtWidgets import QTableWidgetItem

from .conftest import at
from .test_mode import window  # noqa: F401  (the editor in the main window, a 30×24 map)


def _with_a_noted_hex(window) -> None:  # noqa: F811
    window.document.map.set_note(at(20, 18), "Supply dump", [("supply", "3")])


def test_a_note_typed_in_the_dock_is_one_undo_step(window):  # noqa: F811
    editor, m = window.editor, window.document.map
    dock = editor.properties
    editor.select_hex(at(4, 4))
    assert dock.note_text.toPlainText() == "" and not dock.note_remove.isEnabled()
    dock.note_text.setPlainText("Ford, summer only")
    dock.note_properties.setItem(0, 0, QTableWidgetItem("crossing"))
    dock.note_properties.setItem(0, 1, QTableWidgetItem("ford"))
    assert dock.note_properties.rowCount() == 2  # an empty row to add the next one
    dock.note_apply.click()
    note = m.note(at(4, 4))
    assert note.text == "Ford, summer only" and note.properties == (("crossing", "ford"),)
    assert not window.document.undo_stack.isClean()  # Save has something to save
    window.document.undo_stack.undo()
    assert m.note(at(4, 4)) is None and dock.note_text.toPlainText() == ""
    window.document.undo_stack.redo()
    assert dock.note_text.toPlainText() == "Ford, summer only"
    dock.note_remove.click()
    assert m.note(at(4, 4)) is None


def test_a_refused_note_says_why_and_changes_nothing(window):  # noqa: F811
    editor, m = window.editor, window.document.map
    dock = editor.properties
    editor.select_hex(at(3, 3))
    dock.note_properties.setItem(0, 1, QTableWidgetItem("no name"))
    dock.note_apply.click()
    assert m.note(at(3, 3)) is None
    assert "no name" in window.statusBar().currentMessage()


def test_the_search_lists_matching_hexes_and_a_pick_centres_the_map(window, qtbot):  # noqa: F811
    _with_a_noted_hex(window)
    editor, m = window.editor, window.document.map
    dock = editor.properties
    editor.find_note_action.trigger()
    qtbot.wait(10)
    assert not dock.find_field.visibleRegion().isEmpty()  # scrolled into view, below the boxes
    dock.find_field.setText("SUPPLY")
    assert dock.find_results.count() == 1
    item = dock.find_results.item(0)
    assert item.text().startswith(m.label(at(20, 18)))
    before = window.canvas.mapToScene(window.canvas.viewport().rect().center())
    dock.find_results.itemClicked.emit(item)
    assert editor.selected_hex == at(20, 18)
    assert dock.title.text().endswith("(note below)")
    assert dock.note_text.toPlainText() == "Supply dump"
    after = window.canvas.mapToScene(window.canvas.viewport().rect().center())
    target = window.canvas.layout.center(at(20, 18))
    assert abs(after.x() - target[0]) + abs(after.y() - target[1]) < abs(before.x() - target[0]) + abs(
        before.y() - target[1]
    )
    dock.find_field.setText("tanks")
    assert dock.find_results.item(0).text() == "No hex note holds 'tanks'."


def test_a_new_note_appears_in_an_open_search(window):  # noqa: F811
    editor = window.editor
    dock = editor.properties
    dock.find_field.setText("bridge")
    assert dock.find_results.item(0).data(0x0100) is None  # "no hex note holds…"
    editor.select_hex(at(2, 2))
    dock.note_text.setPlainText("Bridge blown")
    dock.note_apply.click()
    assert dock.find_results.count() == 1 and dock.find_results.item(0).data(0x0100) == at(2, 2)


def test_resizing_the_map_moves_notes_with_their_hexes(qapp):
    from hexcampaign.app.editor.reshape import resize_map
    from hexcampaign.maps import HexMap

    m = HexMap.new(6, 6)
    m.set_note(m.at(3, 2), "keep", [("k", "v")])
    m.set_note(m.at(0, 0), "lost off the west edge")
    bigger, lost = resize_map(m, left=-2, top=2)  # an even shift keeps the columns' stagger
    assert lost == 1
    assert bigger.notes() == {bigger.at(1, 4): m.note(m.at(3, 2))}
