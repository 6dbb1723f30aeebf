"""EditorMode: wires the editor's menus, docks and tools into the main window."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence


class EditorMode(QObject):
    """Installs Edit > Undo/Redo and follows the window's current document."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.document = None
        edit = window.menu("&Edit")
        self.undo_action = QAction("&Undo", self)
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_action.triggered.connect(self._undo)
        self.redo_action = QAction("&Redo", self)
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        self.redo_action.triggered.connect(self._redo)
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        window.document_changed.connect(self.attach)
        if getattr(window, "document", None) is not None:
            self.attach(window.document)

    def attach(self, document: Any) -> None:
        """Follow a new document (None when the window holds none)."""
        self.document = document

    def _undo(self) -> None:
        if self.document is not None:
            self.document.undo_stack.undo()

    def _redo(self) -> None:
        if self.document is not None:
            self.document.undo_stack.redo()
