"""What the main window asks of a mode: the map editor, Kasserine Pass, the CM desk.

A mode hangs its docks, menus and canvas tool on the window (`window.menu(title)`,
`window.canvas`, `window.addDockWidget`) and shows them only while it is in charge
(`window.set_mode(mode)` deactivates the old one, then activates the new one). Its
`document` is what File > Save, Save As and Close work on while it is in charge, and
what the window asks about before it closes.

Every mode that opens files (the editor its maps, the play modes their games and
campaigns) goes through the one flow of app/dialogs/files.py, `open_in(window, mode,
path)`, which calls, in this order:

    mode.maybe_close()          the question about the mode's unsaved work (Cancel: stop)
    mode.load_document(path)    read the file; a bad one raises the format's error
                                (FileFormatError and its kinds) or OSError, one sentence
    mode.show_document(doc)     the mode, now in charge, shows it (its old one goes)

and its `open_path(path)` is just `files.open_in(self.window, self, path)`.
`close_document()` asks first too; `new_document()` asks for a new map, game or campaign
(the start page's cards).
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from hexcampaign.app.document import Document


class Mode(Protocol):
    def activate(self) -> None: ...

    def deactivate(self) -> None: ...

    @property
    def document(self) -> Document | None: ...


class FileMode(Protocol):
    """What the one open/save/close flow asks of whoever holds a kind of document."""

    SUFFIXES: tuple[str, ...]  # the files it opens, lower case with the dot

    @property
    def document(self) -> Document | None: ...

    def load_document(self, path: Path) -> Document: ...

    def show_document(self, document: Document) -> None: ...

    def maybe_close(self) -> bool: ...  # the close question for its document

    def close_document(self) -> bool: ...

    def new_document(self) -> object: ...  # asks for a new map, game or campaign

    def open_path(self, path: Path | str) -> bool: ...


class PlayMode(Mode, FileMode, Protocol):
    """A mode with documents of its own: the editor (maps), Kasserine, the campaign."""


__all__ = ["FileMode", "Mode", "PlayMode"]
