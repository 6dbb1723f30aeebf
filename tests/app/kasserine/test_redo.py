"""Ctrl+Z and Ctrl+Shift+Z in a Kasserine game (issue 32 item 3): the Edit menu's Undo
takes the last action back, its Redo applies it again, as a player presses the keys; an
action taken after an undo ends redo, and an action that showed something (a roll, a
hand-over) was never undoable, so nothing shown is ever replayed."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication

from app.helpers import shown_window
from app.kasserine.gui_player import place_everyone

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def game_window(qtbot):
    w = shown_window(qtbot, play_modes=True)
    for _ in range(3):
        QApplication.processEvents()  # the start-up recovery, queued at the first show
    mode = w.play_mode("hexcampaign.app.kasserine")
    w.set_mode(mode)
    mode.new_game(seed=8)
    w.activateWindow()
    mode.canvas.setFocus()
    return w, mode


def press(qtbot, mode, key, modifiers):
    qtbot.keyClick(mode.canvas, key, modifiers)


def test_ctrl_z_then_ctrl_shift_z_undo_and_redo_a_set_up_placement(qtbot):
    w, mode = game_window(qtbot)
    place_everyone(mode)
    placed = mode.game.actions()
    position = mode.game.state.model_dump()
    assert [a for a in w.menu("&Edit").actions() if a.isVisible() and not a.isSeparator()] == [
        mode.menu.undo_action,
        mode.menu.redo_action,
    ]
    assert QKeySequence("Ctrl+Shift+Z") in mode.menu.redo_action.shortcuts()
    press(qtbot, mode, Qt.Key.Key_Z, CTRL)
    press(qtbot, mode, Qt.Key.Key_Z, CTRL)
    assert len(mode.game.actions()) == len(placed) - 2
    press(qtbot, mode, Qt.Key.Key_Z, CTRL | SHIFT)
    assert len(mode.game.actions()) == len(placed) - 1
    assert mode.last_message.startswith("Redone")
    press(qtbot, mode, Qt.Key.Key_Z, CTRL | SHIFT)
    assert mode.game.actions() == placed and mode.game.state.model_dump() == position
    # Nothing more to redo: one sentence, nothing changes.
    press(qtbot, mode, Qt.Key.Key_Z, CTRL | SHIFT)
    assert mode.game.actions() == placed
    assert "Redo: there is no undone action to redo" in mode.last_message
    mode.document.set_dirty(False)


def test_an_action_after_an_undo_ends_redo(qtbot):
    w, mode = game_window(qtbot)
    place_everyone(mode)
    press(qtbot, mode, Qt.Key.Key_Z, CTRL)
    place_everyone(mode)  # the undone unit placed again, by hand (perhaps elsewhere)
    assert not mode.document.can_redo
    before = mode.game.actions()
    press(qtbot, mode, Qt.Key.Key_Z, CTRL | SHIFT)
    assert mode.game.actions() == before
    mode.document.set_dirty(False)
