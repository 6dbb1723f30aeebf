"""The map as a kind of file for the one open/save/close flow (app/dialogs/files.py).

The map editor is the mode that holds maps (editor/file_handling.py gives it these
members through the functions below); a window built without the editor (the play
modes' tests) opens maps through `MapOpener`, which takes charge of nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hexcampaign.app.dialogs import files
from hexcampaign.app.document import MapDocument
from hexcampaign.app.window import file_guard
from hexcampaign.app.window.status import REFUSAL_MS

SUFFIXES = (MapDocument.SUFFIX,)


def load_map_document(path: Path) -> MapDocument:
    """Read a map file; a bad one raises MapFormatError (or OSError) with its sentence."""
    return MapDocument.open(path)


def show_map_document(window: Any, document: MapDocument) -> None:
    """Show a map just opened in the window (the one shown before goes)."""
    window.set_document(document)
    if not say_missing_underlay(window, document):
        window.show_message(f"Opened {document.title}.")


def say_missing_underlay(window: Any, document: MapDocument) -> bool:
    """Say so when the map's underlay picture cannot be shown (the map is open all the
    same, and keeps its underlay for when the picture is back); True when said."""
    if document.map.underlay is None:
        return False
    from hexcampaign.app.render.tracing import picture_problem  # only for maps with one

    problem = picture_problem(document.map.underlay.path)
    if problem:
        window.show_message(f"Opened {document.title}. {problem}", REFUSAL_MS)
    return bool(problem)


def may_close_map(window: Any) -> bool:
    """True when the map shown may be dropped (unchanged, saved now, or discarded)."""
    return file_guard.may_close(window, window.document)


def close_map(window: Any) -> bool:
    """Put the map away, asking first about unsaved changes; the start page shows."""
    if not may_close_map(window):
        return False
    window.set_document(None)
    return True


def new_map(window: Any, mode: Any = None) -> bool:
    """File > New map: ask about the map shown, then for the size and palette of a blank
    one, shown with `mode` (the editor) in charge."""
    if not may_close_map(window):
        return False
    from PySide6.QtWidgets import QDialog  # (here: its Python enum made when first used)

    from hexcampaign.app.dialogs.new_map import NewMapDialog  # on first use: start-up

    dialog = NewMapDialog(window)
    if window.document is not None:
        dialog.set_palette(window.document.map.palette.name)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    if mode is not None:
        window.set_mode(mode)
    window.set_document(MapDocument(dialog.hexmap()))
    window.show_message("New map: paint it with the editor tools, then save it.")
    return True


class MapOpener:
    """Maps for a window without the editor: the members the open flow asks for."""

    SUFFIXES = SUFFIXES

    def __init__(self, window: Any) -> None:
        self.window = window

    @property
    def document(self) -> MapDocument | None:
        return self.window.document

    def load_document(self, path: Path) -> MapDocument:
        return load_map_document(path)

    def show_document(self, document: MapDocument) -> None:
        show_map_document(self.window, document)

    def maybe_close(self) -> bool:
        return may_close_map(self.window)

    def close_document(self) -> bool:
        return close_map(self.window)

    def new_document(self) -> bool:
        return new_map(self.window)

    def open_path(self, path: Path | str) -> bool:
        return files.open_in(self.window, self, path)


__all__ = [
    "SUFFIXES",
    "MapOpener",
    "close_map",
    "load_map_document",
    "may_close_map",
    "new_map",
    "show_map_document",
]
