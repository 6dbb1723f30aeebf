"""The editor in the real main window: menus, docks, shortcuts, settings."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

from hexcampaign.app import MainWindow
from hexcampaign.app.document import MapDocument
from hexcampaign.app.editor.dialogs import MapProperties
from hexcampaign.app.settings import Settings
from hexcampaign.maps import HexMap

from .conftest import at, drag, event


def sample() -> HexMap:
    m = HexMap.blank(30, 24, palette="kasserine")
    m.name = "Sample"
    for c in range(0, 12):
        m.add_road(at(c, 10), at(c + 1, 10))
    m.add_place(at(2, 10), "Kasserine", "city", 5)
    return m


@pytest.fixture
def window(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.open_map(sample())
    w.show()
    qtbot.waitExposed(w)
    yield w
    forget_edits(w)


def forget_edits(w) -> None:
    """Closing a window with unsaved edits asks first; tests leave without asking."""
    if w.document is not None:
        w.document.undo_stack.setClean()


def test_tools_are_chosen_by_shortcut_and_the_canvas_gets_them(window, qtbot):
    editor = window.editor
    window.canvas.setFocus()
    qtbot.keyClick(window.canvas, Qt.Key.Key_T)
    assert editor.tool.name == "terrain" and window.canvas.tool is editor.tool
    qtbot.keyClick(window.canvas, Qt.Key.Key_D)
    assert editor.tool.name == "road"
    assert editor.tool_actions["road"].isChecked()


def test_a_stroke_through_the_editor_is_one_undo_entry_in_the_history(window):
    editor = window.editor
    editor.set_tool("terrain")
    editor.palette_dock.terrains.setCurrentRow(2)  # rugged crest
    original = window.document.map.copy()
    drag(editor.tool, [at(c, 3) for c in range(10)])
    assert window.document.map.terrain(at(5, 3)) == "rugged_crest"
    assert editor.history.view.model().rowCount() == 2  # "as opened" + one stroke
    assert window.isWindowModified()
    editor.undo_action.trigger()
    assert window.document.map == original
    editor.redo_action.trigger()
    assert window.document.map.terrain(at(9, 3)) == "rugged_crest"


def test_brush_radius_and_elevation_mode_come_from_the_palette_dock(window):
    editor = window.editor
    editor.palette_dock.radius.setValue(1)
    editor.set_tool("elevation")
    editor.palette_dock.elevation_mode.setCurrentIndex(2)  # set level
    editor.palette_dock.level.setValue(4)
    drag(editor.tool, [at(5, 5)])
    m = window.document.map
    assert all(m.elevation(h) == 4 for h in at(5, 5).within(1))


def test_validation_dock_lists_a_planted_problem_and_a_click_centres_its_hex(window, qtbot):
    editor = window.editor
    m = window.document.map
    far = at(25, 20)
    m.add_place(far, "Haidra", "village")  # no road reaches it
    editor.validate()
    items = [editor.validation.list.item(i) for i in range(editor.validation.list.count())]
    haidra = [item for item in items if "Haidra" in item.text()]
    assert len(haidra) == 1
    window.canvas.set_zoom(2.0)
    window.canvas.center_on_hex(at(1, 1))
    editor.validation.list.itemClicked.emit(haidra[0])
    centre = window.canvas.visible_scene_rect().center()
    x, y = window.canvas.layout.center(far)
    assert abs(centre.x() - x) < window.canvas.layout.size
    assert abs(centre.y() - y) < window.canvas.layout.size
    assert editor.selected_hex == far
    assert editor.properties.place_name.text() == "Haidra"


def test_validation_refreshes_after_an_edit(window, qtbot):
    editor = window.editor
    editor.validate()
    before = editor.validation.list.count()
    editor.set_tool("road")
    drag(editor.tool, [at(20, 3), at(21, 3)])
    # A cliff put across the road outside the editor is a problem; the dock picks it up
    # on its own after the next edit announces itself.
    window.document.map.add_cliff(at(20, 3), at(21, 3))
    editor.set_tool("river")
    drag(editor.tool, [at(25, 18)])

    def shows_road_over_cliff() -> bool:
        texts = [
            editor.validation.list.item(i).text() for i in range(editor.validation.list.count())
        ]
        return any("crosses a cliff hexside" in t for t in texts)

    qtbot.waitUntil(shows_road_over_cliff, timeout=30_000)
    assert editor.validation.list.count() == before + 1


def test_properties_dock_edits_are_undo_steps(window):
    editor = window.editor
    m = window.document.map
    editor.select_hex(at(4, 4))
    dock = editor.properties
    assert dock.title.text() == f"<b>Hex {m.label(at(4, 4))}</b>"
    dock.terrain.setCurrentIndex(dock.terrain.findData("high_ground"))
    dock.terrain.activated.emit(dock.terrain.currentIndex())
    assert m.terrain(at(4, 4)) == "high_ground"
    dock.roads[3].click()  # a road to the south
    assert m.has_road(at(4, 4), at(4, 5))
    dock.cliffs[0].setCurrentIndex(1)  # top here, on the north side
    dock.cliffs[0].activated.emit(1)
    assert m.cliff_top(at(4, 4), at(4, 3)) == at(4, 4)
    dock.bridge.click()  # refused: no river
    assert not m.has_bridge(at(4, 4)) and not dock.bridge.isChecked()
    assert "bridge" in window.statusBar().currentMessage().lower()
    dock.place_name.setText("Sbiba")
    dock.place_apply.click()
    assert m.place_at(at(4, 4)).name == "Sbiba"
    assert window.document.undo_stack.count() == 4
    for _ in range(4):
        window.document.undo_stack.undo()
    assert m == sample()


def test_layers_dock_and_layers_menu_stay_in_step(window):
    editor = window.editor
    editor.layers.boxes["grid"].setChecked(False)
    assert not window.canvas.layer_visible("grid")
    assert not window.layer_actions["grid"].isChecked()
    window.layer_actions["grid"].setChecked(True)
    assert editor.layers.boxes["grid"].isChecked() and window.canvas.layer_visible("grid")


def test_overview_click_moves_the_view(window, qtbot):
    editor = window.editor
    editor.overview_dock.show()
    window.canvas.set_zoom(3.0)
    window.canvas.center_on_hex(at(1, 1))
    overview = editor.overview
    overview.resize(300, 240)
    overview.rebuild()
    target = overview._to_widget(QPointF(*window.canvas.layout.center(at(20, 15))))
    qtbot.mouseClick(
        overview, Qt.MouseButton.LeftButton, pos=QPoint(int(target.x()), int(target.y()))
    )
    centre = window.canvas.visible_scene_rect().center()
    x, y = window.canvas.layout.center(at(20, 15))
    assert abs(centre.x() - x) < 2 * window.canvas.layout.size
    assert abs(centre.y() - y) < 2 * window.canvas.layout.size
    box = overview.viewport_rect()
    assert box.contains(target)


def test_copy_paste_region_is_one_undo_step(window):
    editor = window.editor
    m = window.document.map
    editor.set_tool("select")
    drag(editor.tool, [at(1, 9), at(3, 11)])
    assert len(editor.selected_region) == 9
    assert editor.copy()
    before = m.copy()
    editor.selected_region = []
    editor.select_hex(at(21, 2))  # an even column shift keeps every row
    assert editor.paste()
    assert m.place("Kasserine 2").hex == at(22, 3)
    assert m.has_road(at(21, 3), at(22, 3)) and m.has_road(at(22, 3), at(23, 3))
    assert window.document.undo_stack.count() == 1
    window.document.undo_stack.undo()
    assert m == before


def test_map_properties_and_palette_change_and_resize_undo(window):
    editor = window.editor
    doc = window.document
    original = doc.map.copy()
    editor.apply_properties(MapProperties("Tunisia", "JH", "Feb 1943", "kasserine", "CC.RR", 1))
    assert doc.map.name == "Tunisia" and doc.map.label(at(0, 0)) == "01.01"
    editor.apply_properties(MapProperties("Tunisia", "JH", "Feb 1943", "cm", "CC.RR", 1))
    assert doc.map.palette.name == "cm"
    listed = [
        editor.palette_dock.terrains.item(i).text()
        for i in range(editor.palette_dock.terrains.count())
    ]
    assert listed == [t.label for t in doc.map.palette.terrains_list]
    editor.apply_resize(2, 0, 0, -4)
    assert (doc.map.cols, doc.map.rows) == (32, 20)
    assert doc.map.place("Kasserine").hex == at(4, 10)
    assert doc.undo_stack.count() == 3
    for _ in range(3):
        doc.undo_stack.undo()
    assert doc.map == original
    assert window.canvas.hexmap is doc.map


def test_a_swapped_map_reaches_the_canvas_and_docks_through_changed_alone(window):
    """MapDocument.changed is (ChangeSet, initiator), as the play documents' signal: a
    resize (a new map object) is 'everything changed' from its undo command, and the
    canvas, the overview and the palette follow it on redo and undo with no other signal."""
    from hexcampaign.app.editor.commands import ReplaceMap
    from hexcampaign.maps.changes import ChangeSet

    doc = window.document
    heard = []
    doc.changed.connect(lambda changes, initiator: heard.append((changes, initiator)))
    before = doc.map
    window.editor.apply_resize(2, 0, 0, 0)
    [(changes, command)] = heard
    assert isinstance(command, ReplaceMap) and changes.flags == ChangeSet.everything().flags
    assert doc.map is not before and window.canvas.hexmap is doc.map
    assert window.editor.overview.hexmap is doc.map
    doc.undo_stack.undo()
    assert heard[-1][1] is command and doc.map is before
    assert window.canvas.hexmap is before and window.editor.overview.hexmap is before
    assert not hasattr(doc, "replaced")  # one signal: nothing else to follow


def test_refusals_are_status_sentences(window):
    editor = window.editor
    editor.set_tool("bridge")
    editor.tool.pressed(event(at(5, 5)))
    assert window.statusBar().currentMessage().startswith("Bridge: a bridge needs")
    editor.apply_resize(-40, 0, 0, 0)
    assert window.statusBar().currentMessage().startswith("Resize:")


def test_last_tool_and_dock_layout_are_remembered(qtbot):
    first = MainWindow()
    qtbot.addWidget(first)
    first.open_map(sample())
    first.show()
    first.editor.set_tool("cliff")
    first.editor.history.hide()
    first.close()
    qtbot.waitUntil(lambda: Settings().value("editor.window_state") is not None, timeout=30_000)
    second = MainWindow()
    qtbot.addWidget(second)
    assert second.editor.tool.name == "cliff"
    assert second.editor.history.isHidden()


def test_opening_another_document_moves_the_editor_to_it(window):
    editor = window.editor
    other = MapDocument(HexMap.blank(5, 5, palette="cm"))
    window.set_document(other)
    assert editor.document is other and editor.tool.document is other
    assert editor.palette_dock.terrains.count() == len(other.map.palette.terrains)
    editor.set_tool("terrain")
    drag(editor.tool, [at(1, 1)])
    assert other.map.terrain(at(1, 1)) == editor.brush.terrain
    assert other.undo_stack.count() == 1
    forget_edits(window)


def test_real_mouse_drag_on_the_canvas_lays_one_road(window, qtbot):
    from PySide6.QtTest import QTest

    editor = window.editor
    editor.set_tool("road")
    canvas = window.canvas
    canvas.set_zoom(1.0)
    canvas.center_on_hex(at(5, 5))
    qtbot.wait(10)

    def pos(h):
        x, y = canvas.layout.center(h)
        return canvas.mapFromScene(QPointF(x, y))

    path = [at(4, 5), at(5, 5), at(6, 5), at(7, 5)]
    viewport = canvas.viewport()
    QTest.mousePress(
        viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos(path[0])
    )
    for h in path[1:]:
        QTest.mouseMove(viewport, pos(h))
    QTest.mouseRelease(
        viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos(path[-1])
    )
    m = window.document.map
    assert all(m.has_road(a, b) for a, b in zip(path, path[1:]))
    assert window.document.undo_stack.count() == 1


def test_overview_follows_edits_by_repainting_only_what_changed(window, qtbot):
    editor = window.editor
    overview = editor.overview
    overview.resize(300, 240)
    overview.rebuild()
    rebuilds = []
    original_rebuild = overview.rebuild
    overview.rebuild = lambda: (rebuilds.append(1), original_rebuild())
    editor.set_tool("terrain")
    editor.brush.terrain = "rugged_crest"
    editor.brush.radius = 2
    drag(editor.tool, [at(10, 8), at(12, 8)])
    qtbot.waitUntil(lambda: not overview._redraw.isActive(), timeout=30_000)
    assert rebuilds == []  # a partial repaint, not the whole map
    partial = overview._image.copy()
    original_rebuild()
    # The same picture as painting everything afresh, but for antialiased seams.
    assert differing_pixels(partial, overview._image) < 0.01 * partial.width() * partial.height()
    centre = overview._to_widget(QPointF(*window.canvas.layout.center(at(11, 8))))
    local = centre - overview._offset
    ratio = overview._image.devicePixelRatio()
    colour = overview._image.pixelColor(int(local.x() * ratio), int(local.y() * ratio))
    assert colour.name() == window.document.map.palette.terrains["rugged_crest"].colour.lower()


def differing_pixels(a, b, tolerance: int = 48) -> int:
    assert a.size() == b.size()
    count = 0
    for y in range(a.height()):
        for x in range(a.width()):
            p, q = a.pixelColor(x, y), b.pixelColor(x, y)
            if (
                max(abs(p.red() - q.red()), abs(p.green() - q.green()), abs(p.blue() - q.blue()))
                > tolerance
            ):
                count += 1
    return count


def test_delete_key_removes_the_selected_place(window, qtbot):
    editor = window.editor
    editor.set_tool("place")
    editor.tool.pressed(event(at(2, 10)))
    editor.ask_place = lambda existing, h: None  # the click opens the dialog: cancel it
    editor.tool.released(event(at(2, 10)))
    window.canvas.setFocus()
    qtbot.keyClick(window.canvas, Qt.Key.Key_Delete)
    assert window.document.map.places() == []
    assert window.statusBar().currentMessage() == "Deleted Kasserine."
    window.document.undo_stack.undo()
    assert window.document.map.place("Kasserine").hex == at(2, 10)


def test_elevation_typed_in_the_properties_dock(window):
    editor = window.editor
    editor.select_hex(at(6, 6))
    dock = editor.properties
    dock.elevation.setValue(3)
    dock.elevation.editingFinished.emit()
    assert window.document.map.elevation(at(6, 6)) == 3
    dock.elevation.editingFinished.emit()  # nothing new: no second undo step
    assert window.document.undo_stack.count() == 1


def test_a_game_mode_takes_the_canvas_and_the_editor_steps_aside(window, qtbot):
    from PySide6.QtCore import QObject

    editor = window.editor
    editor.set_tool("road")

    class GameMode(QObject):
        tool = object()

        def activate(self):
            window.canvas.set_tool(self.tool)

        def deactivate(self):
            window.canvas.set_tool(None)

    game = GameMode(window)
    window.add_mode("Game", game)
    window.set_mode(game)
    assert window.canvas.tool is game.tool
    assert not editor.palette_dock.isVisible() and not editor.properties.isVisible()
    assert not editor.tool_actions["terrain"].isEnabled()
    window.canvas.setFocus()
    qtbot.keyClick(window.canvas, Qt.Key.Key_T)  # no longer the terrain brush's shortcut
    assert editor.tool.name == "road"
    # The game shows its board: the editor follows the document but leaves the canvas.
    window.set_document(MapDocument(HexMap.blank(5, 5, palette="kasserine")))
    assert window.canvas.tool is game.tool
    window.set_mode(editor)
    assert window.canvas.tool is editor.tool and editor.tool.name == "road"
    assert editor.palette_dock.isVisible() and editor.tool_actions["terrain"].isEnabled()


def test_bracket_keys_change_the_brush_radius(window, qtbot):
    editor = window.editor
    window.canvas.setFocus()
    qtbot.keyClick(window.canvas, Qt.Key.Key_BracketRight)
    qtbot.keyClick(window.canvas, Qt.Key.Key_BracketRight)
    assert editor.brush.radius == 2 and editor.palette_dock.radius.value() == 2
    for _ in range(4):
        qtbot.keyClick(window.canvas, Qt.Key.Key_BracketLeft)
    assert editor.brush.radius == 0


def test_escape_takes_back_the_stroke_in_progress(window, qtbot):
    editor = window.editor
    original = window.document.map.copy()
    editor.set_tool("road")
    tool = editor.tool
    tool.pressed(event(at(3, 3)))
    tool.moved(event(at(4, 3)))
    tool.moved(event(at(5, 3)))
    assert window.document.map.has_road(at(4, 3), at(5, 3))
    window.canvas.setFocus()
    qtbot.keyClick(window.canvas, Qt.Key.Key_Escape)
    assert window.document.map == original
    tool.moved(event(at(6, 3)))  # the pointer moves on: nothing more is drawn
    tool.released(event(at(6, 3)))
    assert window.document.map == original
    assert window.statusBar().currentMessage() == "Stroke cancelled."


def test_escape_leaves_no_redo_step_and_keeps_the_earlier_one(window, qtbot):
    editor = window.editor
    stack = window.document.undo_stack
    editor.set_tool("road")
    drag(editor.tool, [at(3, 5), at(4, 5)])
    stack.undo()  # the earlier road is now a redo step
    assert (stack.count(), stack.index()) == (1, 0)
    tool = editor.tool
    tool.pressed(event(at(3, 7)))
    tool.moved(event(at(4, 7)))
    window.canvas.setFocus()
    qtbot.keyClick(window.canvas, Qt.Key.Key_Escape)
    assert (stack.count(), stack.index()) == (1, 0)
    assert editor.history.view.model().rowCount() == 2  # <empty> and the earlier road
    qtbot.keyClick(window.canvas, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    m = window.document.map
    assert m.has_road(at(3, 5), at(4, 5))  # the earlier step came back
    assert not m.has_road(at(3, 7), at(4, 7))  # the cancelled stroke did not


def test_paste_floats_under_the_pointer_until_a_click_lands_it(window, qtbot):
    editor = window.editor
    m = window.document.map
    editor.set_tool("select")
    drag(editor.tool, [at(1, 9), at(3, 11)])
    assert editor.copy()
    window.canvas.setFocus()
    qtbot.keyClick(window.canvas, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    preview = window.canvas.map_scene.preview
    assert len(preview.hexes) == 9 and at(1, 9) in preview.hexes  # floats where it was copied
    assert window.document.undo_stack.count() == 0  # nothing landed yet
    floating = window.canvas.tool
    floating.hex_changed(event(at(21, 2)))
    assert at(21, 2) in preview.hexes and at(1, 9) not in preview.hexes
    floating.pressed(event(at(21, 2)))
    assert m.place("Kasserine 2").hex == at(22, 3)
    assert window.document.undo_stack.count() == 1
    assert window.canvas.tool is editor.tools["select"]  # the tool comes back
    # Escape puts a floating paste away without landing it.
    qtbot.keyClick(window.canvas, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(window.canvas, Qt.Key.Key_Escape)
    assert window.canvas.tool is editor.tools["select"] and preview.is_empty()
    assert window.document.undo_stack.count() == 1


def test_pasting_a_region_onto_itself_is_not_an_undo_step(window):
    editor = window.editor
    editor.set_tool("select")
    drag(editor.tool, [at(1, 9), at(3, 11)])
    assert editor.copy()
    assert not editor.paste(at(1, 9))
    assert window.document.undo_stack.count() == 0
    assert "nothing changed" in window.statusBar().currentMessage()


def _hover(window, qtbot, col: int, row: int):
    canvas = window.canvas
    x, y = canvas.layout.center(at(col, row))
    point = canvas.mapFromScene(QPointF(x, y))
    qtbot.mouseMove(canvas.viewport(), point)
    qtbot.wait(10)
    return point


def test_hover_highlight_and_status_clear_when_the_pointer_leaves(window, qtbot):
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    window.editor.set_tool("terrain")
    _hover(window, qtbot, 5, 5)
    preview = window.canvas.map_scene.preview
    assert at(5, 5) in preview.hexes and window.hex_info.text()
    QApplication.sendEvent(window.canvas, QEvent(QEvent.Type.Leave))
    assert preview.is_empty() and window.hex_info.text() == ""


def test_hover_highlight_and_status_follow_the_map_after_fit(window, qtbot, monkeypatch):
    canvas = window.canvas
    window.editor.set_tool("bridge")
    canvas.set_zoom(2.0)
    canvas.center_on_hex(at(8, 8))
    point = _hover(window, qtbot, 6, 6)
    preview = canvas.map_scene.preview
    assert at(6, 6) in preview.hexes and "has no river" in window.statusBar().currentMessage()
    canvas.fit_map()  # the pointer stays over the canvas: the hex under it now is shown
    scene = canvas.mapToScene(point)
    under = canvas.layout.hex_at(scene.x(), scene.y())
    assert under != at(6, 6) and canvas.hovered_hex == under
    assert list(preview.hexes) == ([under] if window.document.map.contains(under) else [])
    # Chosen from the menu, the pointer is not over the map: nothing stays highlighted.
    _hover(window, qtbot, 6, 6)
    monkeypatch.setattr(canvas, "underMouse", lambda: False)
    canvas.fit_map()
    assert preview.is_empty() and window.hex_info.text() == ""
    assert window.statusBar().currentMessage() == ""


def test_zoom_stops_a_little_below_fit(window):
    canvas = window.canvas
    canvas.fit_map()
    fit = canvas.zoom
    for _ in range(30):
        canvas.zoom_out()
    assert 0.6 * fit < canvas.zoom < fit


def test_enter_and_escape_in_the_properties_dock_give_the_keys_back_to_the_canvas(window, qtbot):
    editor = window.editor
    m = window.document.map
    editor.select_hex(at(5, 5))
    dock = editor.properties
    dock.elevation.setFocus()
    dock.elevation.selectAll()
    qtbot.keyClicks(dock.elevation, "3")
    qtbot.keyClick(dock.elevation, Qt.Key.Key_Return)
    assert m.elevation(at(5, 5)) == 3
    assert window.canvas.hasFocus()
    qtbot.keyClick(window.canvas, Qt.Key.Key_R)  # a tool shortcut works at once
    assert editor.tool.name == "river"
    # Escape drops the typing and hands the keys back too.
    dock.place_name.setFocus()
    qtbot.keyClicks(dock.place_name, "Foussana")
    qtbot.keyClick(dock.place_name, Qt.Key.Key_Escape)
    assert dock.place_name.text() == "" and m.place_at(at(5, 5)) is None
    assert window.canvas.hasFocus()
    # Enter in the place name adds the place.
    dock.place_name.setFocus()
    qtbot.keyClicks(dock.place_name, "Foussana")
    qtbot.keyClick(dock.place_name, Qt.Key.Key_Enter)
    assert m.place_at(at(5, 5)).name == "Foussana" and window.canvas.hasFocus()


def test_a_palette_from_map_properties_is_refused_naming_a_lost_terrain(window):
    editor = window.editor
    doc = window.document
    doc.map.set_terrain(at(5, 5), "high_ground")
    before = doc.map.copy()
    assert not editor.apply_properties(MapProperties("Sample", "", "", "cm", "CCRR", 1))
    assert doc.map == before and doc.undo_stack.count() == 0
    assert "High ground" in window.statusBar().currentMessage()


def test_with_no_hex_selected_the_properties_dock_shows_no_old_values(window):
    editor = window.editor
    m = window.document.map
    h = at(3, 3)
    m.add_place(h, "Oosterbeek", "town", 2)
    m.set_river(h, True)
    editor.select_hex(h)
    dock = editor.properties
    assert dock.place_name.text() == "Oosterbeek" and dock.river.isChecked()
    editor.select_hex(None)  # as after opening another map
    assert not dock.place_box.isEnabled()
    assert dock.place_name.text() == "" and not dock.river.isChecked() and dock.place_vp.value() == 0
    assert dock.terrain.count() == 0
