"""Ctrl+Z and Ctrl+Shift+Z at the campaign desk (issue 32 item 3): Edit > Undo is Back
within the phase, Edit > Redo applies again what Back took back, as the umpire presses
the keys; another action ends redo."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def bought_twice(mode, desk):
    c = desk.small_campaign()
    desk.clash(c)
    mode.start(c)
    while c.phase != "purchase":
        assert mode.phase_dock.next()
    for _ in range(2):
        mode.purchase_dock.add("grenadier_company")
        assert len(mode.purchase_dock.buy()) == 1
    return c


def test_ctrl_shift_z_redoes_what_ctrl_z_took_back_at_the_desk(mode, desk, window, qtbot):
    c = bought_twice(mode, desk)
    after = (list(c.actions), c.pp_available("german"))
    shown = [a for a in window.menu("&Edit").actions() if a.isVisible() and not a.isSeparator()]
    assert shown == [mode.menus.undo_action, mode.menus.redo_action]
    assert QKeySequence("Ctrl+Shift+Z") in mode.menus.redo_action.shortcuts()
    window.activateWindow()
    canvas = mode.window.canvas
    canvas.setFocus()
    qtbot.keyClick(canvas, Qt.Key.Key_Z, CTRL)
    qtbot.keyClick(canvas, Qt.Key.Key_Z, CTRL)
    assert c.pp_available("german") == after[1] + 4  # two companies of 2 PP taken back
    qtbot.keyClick(canvas, Qt.Key.Key_Z, CTRL | SHIFT)
    qtbot.keyClick(canvas, Qt.Key.Key_Z, CTRL | SHIFT)
    assert (list(c.actions), c.pp_available("german")) == after
    qtbot.keyClick(canvas, Qt.Key.Key_Z, CTRL | SHIFT)  # nothing left: one sentence
    assert mode.last_refusal.startswith("Redo: there is no undone action to redo")
    mode.document.set_dirty(False)


def test_another_action_ends_redo_at_the_desk(mode, desk):
    c = bought_twice(mode, desk)
    assert mode.back()
    assert c.can_redo()
    mode.purchase_dock.add("grenadier_company")
    assert len(mode.purchase_dock.buy()) == 1
    assert not c.can_redo() and not mode.document.redo()
    mode.document.set_dirty(False)
