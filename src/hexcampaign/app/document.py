"""The open map document: the map, its file, its undo stack and the change signal.

Every edit goes through `apply(changeset)`-emitting undo commands (see app/editor);
the canvas layers and docks listen to `changed` and refresh only what the ChangeSet names.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from hexcampaign.maps import HexMap, load_map, save_map
from hexcampaign.maps.changes import ChangeSet


class MapDocument(QObject):
    changed = Signal(object)  # ChangeSet
    dirty_changed = Signal(bool)
    path_changed = Signal(object)  # Path | None
    replaced = Signal()  # the whole map object was swapped (resize, palette change, open)

    def __init__(self, hexmap: HexMap, path: Path | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.map = hexmap
        self.path = Path(path) if path else None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)

    def _clean_changed(self, clean: bool) -> None:
        # A bound method, not a lambda: Qt drops the connection when either object dies.
        self.dirty_changed.emit(not clean)

    @classmethod
    def open(cls, path: Path | str, parent: QObject | None = None) -> MapDocument:
        """Raises MapFormatError with a sentence for the user when the file is bad."""
        return cls(load_map(path), Path(path), parent)

    @property
    def dirty(self) -> bool:
        return not self.undo_stack.isClean()

    @property
    def title(self) -> str:
        return self.path.name if self.path else (self.map.name or "Untitled")

    def notify(self, changes: ChangeSet) -> None:
        """Called by undo commands after they change the map (redo and undo alike)."""
        if changes:
            self.changed.emit(changes)

    def replace_map(self, hexmap: HexMap) -> None:
        """Swap the map object (used by resize/palette commands); listeners rebuild."""
        self.map = hexmap
        self.replaced.emit()
        self.changed.emit(ChangeSet.everything())

    def save(self, path: Path | str | None = None) -> None:
        """Atomic save (raises OSError / MapFormatError with the reason); marks clean
        only after the file was written and read back."""
        target = Path(path) if path else self.path
        if target is None:
            raise ValueError("no file name given")
        save_map(self.map, target)
        if target != self.path:
            self.path = target
            self.path_changed.emit(target)
        self.undo_stack.setClean()
