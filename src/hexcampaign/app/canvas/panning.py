"""Panning the canvas by hand: a middle-button drag, or a left drag while Space is
held. These gestures belong to the view and never reach the tool."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QWidget


class Panning:
    """The hand that drags the map: each method says whether it took the event."""

    def __init__(self, viewport: QWidget, scroll_by: Callable[[float, float], None],
                 moving: Callable[[], None]) -> None:
        self.viewport = viewport
        self.scroll_by = scroll_by
        self.moving = moving  # told at every step, so frames may be progressive
        self.space_down = False
        self.dragging_from: QPoint | None = None

    def pressed(self, event: QMouseEvent) -> bool:
        button = event.button()
        if button == Qt.MouseButton.MiddleButton or (
            button == Qt.MouseButton.LeftButton and self.space_down
        ):
            self.dragging_from = event.position().toPoint()
            self.viewport.setCursor(Qt.CursorShape.ClosedHandCursor)
            return True
        return False

    def moved(self, event: QMouseEvent) -> bool:
        if self.dragging_from is None:
            return False
        pos = event.position().toPoint()
        delta = pos - self.dragging_from
        self.dragging_from = pos
        self.moving()
        self.scroll_by(-delta.x(), -delta.y())
        return True

    def released(self, event: QMouseEvent) -> bool:
        if self.dragging_from is None or event.button() not in (
            Qt.MouseButton.MiddleButton,
            Qt.MouseButton.LeftButton,
        ):
            return False
        self.dragging_from = None
        self.viewport.setCursor(
            Qt.CursorShape.OpenHandCursor if self.space_down else Qt.CursorShape.ArrowCursor
        )
        return True

    def key_pressed(self, event: QKeyEvent) -> bool:
        if event.key() != Qt.Key.Key_Space:
            return False
        if not event.isAutoRepeat():
            self.space_down = True
            self.viewport.setCursor(Qt.CursorShape.OpenHandCursor)
        return True  # a held Space's repeats are the pan's too

    def key_released(self, event: QKeyEvent) -> bool:
        if event.key() != Qt.Key.Key_Space or event.isAutoRepeat():
            return False
        self.space_down = False
        if self.dragging_from is None:
            self.viewport.setCursor(Qt.CursorShape.ArrowCursor)
        return True

    def focus_lost(self) -> None:
        self.space_down = False


__all__ = ["Panning"]
