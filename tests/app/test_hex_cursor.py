"""The map canvas from the keyboard: Tab reaches it, the arrows move a hex cursor, Enter
clicks its hex as the mouse would (the editor paints, a game selects and moves)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.helpers import shown_window
from hexcampaign.app.settings import Settings
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap

from . import test_accessible_names as named

desk = named.desk  # the fixtures: a small campaign on the desk, a game in movement
game_mode = named.game_mode

H = Hex.from_offset


@pytest.fixture
def window(qtbot):
    w = shown_window(qtbot, 1200, 800, settings=Settings())
    w.open_map(HexMap.blank(20, 15, palette="kasserine"))
    yield w
    if w.document is not None:
        w.document.undo_stack.setClean()  # leave without the unsaved-edits question


def key(window, k, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    QTest.keyClick(window.canvas, k, modifier)
    QApplication.processEvents()


def test_tab_reaches_the_canvas_and_its_frame_shows_it(window, qtbot):
    canvas = window.canvas
    window.activateWindow()
    window.editor.palette_dock.terrains.setFocus()
    qtbot.waitUntil(lambda: not canvas.hasFocus())
    for _ in range(60):  # Tab on through the window's controls until the map has it
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        if canvas.hasFocus():
            break
    assert canvas.hasFocus()
    cursor = canvas.hex_cursor
    assert cursor.shown and window.document.map.contains(cursor.hex)
    frame = canvas.palette().color(canvas.foregroundRole())  # the frame's colour
    assert frame == canvas.palette().color(canvas.palette().ColorRole.Highlight)
    assert canvas.accessibleName() == "Map"


def test_arrows_step_to_neighbours_and_say_the_hex(window):
    canvas, cursor = window.canvas, window.canvas.hex_cursor
    canvas.setFocus(Qt.FocusReason.MouseFocusReason)  # a click's focus: no cursor yet
    assert not cursor.shown
    canvas.hovered_hex = H(4, 4)
    key(window, Qt.Key.Key_Right)  # the first key shows the cursor where the pointer was
    assert cursor.shown and cursor.hex == H(4, 4)
    key(window, Qt.Key.Key_Right)
    assert cursor.hex == H(5, 4)  # the same row number, the next column
    key(window, Qt.Key.Key_Down)
    assert cursor.hex == H(5, 5)
    key(window, Qt.Key.Key_Left)
    key(window, Qt.Key.Key_Up)
    assert cursor.hex == H(4, 4)
    for k in (Qt.Key.Key_Home, Qt.Key.Key_PageUp, Qt.Key.Key_End, Qt.Key.Key_PageDown):
        before = cursor.hex
        key(window, k)
        assert cursor.hex.is_adjacent(before)
    # Up-left then down-right comes back; the diagonals are real neighbours.
    here = cursor.hex
    key(window, Qt.Key.Key_Home)
    key(window, Qt.Key.Key_PageDown)
    assert cursor.hex == here
    label = window.document.map.label(cursor.hex)
    assert window.hex_info.text().startswith(label)  # the status bar's hex line
    assert canvas.accessibleDescription().startswith(f"Hex {label}")
    # What a screen reader asks the canvas for.
    spoken = QAccessible.queryAccessibleInterface(canvas)
    assert spoken.text(QAccessible.Text.Name) == "Map"
    assert spoken.text(QAccessible.Text.Description).startswith(f"Hex {label}")


def test_the_cursor_stays_on_the_map_and_in_sight(window):
    canvas, cursor = window.canvas, window.canvas.hex_cursor
    canvas.set_zoom(4.0)
    canvas.setFocus(Qt.FocusReason.TabFocusReason)
    cursor.go(H(0, 0))
    key(window, Qt.Key.Key_Up)
    assert cursor.hex == H(0, 0)
    assert "edge of the map" in window.statusBar().currentMessage()
    for _ in range(12):
        key(window, Qt.Key.Key_Right)
    x, y = canvas.layout.center(cursor.hex)
    assert cursor.hex == H(12, 0)
    assert canvas.visible_scene_rect().contains(x, y)


def test_enter_paints_with_the_editor_tool(window):
    editor, canvas = window.editor, window.canvas
    editor.set_tool("terrain")
    editor.palette_dock.terrains.setCurrentRow(2)
    paint = editor.tool.settings.terrain if hasattr(editor.tool, "settings") else None
    canvas.setFocus(Qt.FocusReason.TabFocusReason)
    canvas.hex_cursor.go(H(6, 6))
    before = window.document.map.terrain(H(6, 6))
    key(window, Qt.Key.Key_Return)
    after = window.document.map.terrain(H(6, 6))
    assert after != before and (paint is None or after == paint)
    assert window.document.undo_stack.count() == 1  # one stroke, as a click makes
    key(window, Qt.Key.Key_Right)
    key(window, Qt.Key.Key_Enter)  # the number pad's Enter too
    assert window.document.map.terrain(H(7, 6)) == after
    window.document.undo_stack.undo()
    assert window.document.map.terrain(H(7, 6)) == before


def test_enter_selects_and_moves_in_a_game(qtbot):
    from hexcampaign.app.kasserine import install

    from .kasserine.conftest import skirmish

    w = shown_window(qtbot, settings=Settings(), editor=False)
    mode = install(w)
    mode.activate()
    mode.hand_over_screen = False
    s = mode.play(skirmish(phase="german_movement"))
    g = s.game
    start = g.unit("Grenadiers").hex
    canvas, cursor = w.canvas, w.canvas.hex_cursor
    canvas.setFocus(Qt.FocusReason.TabFocusReason)
    cursor.go(start)
    assert "Grenadiers" in canvas.accessibleDescription()  # the stack is said
    key(w, Qt.Key.Key_Return)
    assert mode.selected == "Grenadiers"
    key(w, Qt.Key.Key_Down)
    goal = cursor.hex
    assert goal in g.reachable("Grenadiers")
    key(w, Qt.Key.Key_Return)
    assert g.unit("Grenadiers").hex == goal


def test_enter_selects_a_formation_on_the_campaign_desk(desk):
    mode, ids = desk
    c, w = mode.campaign, mode.window
    here = c.formation(ids["german"]).hex
    canvas, cursor = w.canvas, w.canvas.hex_cursor
    canvas.setFocus(Qt.FocusReason.TabFocusReason)
    cursor.go(here)
    assert mode.selected != ids["german"]
    key(w, Qt.Key.Key_Return)
    assert mode.selected == ids["german"]
    assert canvas.accessibleDescription().startswith(f"Hex {c.map.label(here)}")



def test_shift_enter_holds_the_button_and_the_arrows_drag_a_road(window):
    editor, canvas = window.editor, window.canvas
    editor.set_tool("road")
    canvas.setFocus(Qt.FocusReason.TabFocusReason)
    canvas.hex_cursor.go(H(3, 4))
    key(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert canvas.hex_cursor.holding
    for _ in range(3):
        key(window, Qt.Key.Key_Right)
    key(window, Qt.Key.Key_Return)  # lets go
    assert not canvas.hex_cursor.holding
    m = window.document.map
    assert all(m.on_road(H(c, 4)) for c in range(3, 7))
    assert window.document.undo_stack.count() == 1  # one drag, one undo step


def test_the_menu_key_opens_the_hexs_menu_at_the_hex_and_the_cursor_comes_back(desk, qtbot):
    mode, ids = desk
    c, canvas = mode.campaign, mode.window.canvas
    here = c.formation(ids["german"]).hex
    canvas.setFocus(Qt.FocusReason.TabFocusReason)
    canvas.hex_cursor.go(here)
    key(mode.window, Qt.Key.Key_Menu)
    menu = mode.context_menu
    assert menu is not None and menu.isVisible()
    x, y = canvas.layout.center(here)
    at_hex = canvas.viewport().mapToGlobal(canvas.mapFromScene(x, y))
    assert (menu.pos() - at_hex).manhattanLength() < 40  # not wherever the mouse was
    menu.close()
    canvas.setFocus(Qt.FocusReason.PopupFocusReason)
    qtbot.waitUntil(lambda: canvas.hex_cursor.shown)
    assert canvas.hex_cursor.hex == here


def test_shift_enter_drags_a_unit_in_a_game(game_mode):
    """The keyboard's drag: held on a stack, the arrows show the path, Enter moves."""
    mode = game_mode
    g, w = mode.game, mode.window
    start = g.unit("Grenadiers").hex
    cursor = w.canvas.hex_cursor
    w.canvas.setFocus(Qt.FocusReason.TabFocusReason)
    cursor.go(start)
    key(w, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    key(w, Qt.Key.Key_Down)
    goal = cursor.hex
    assert goal in g.reachable("Grenadiers")
    key(w, Qt.Key.Key_Return)
    assert g.unit("Grenadiers").hex == goal
