"""What the main window asks of a mode: the map editor, Kasserine Pass, the CM desk.

A mode hangs its docks, menus and canvas tool on the window (`window.menu(title)`,
`window.canvas`, `window.addDockWidget`) and shows them only while it is in charge
(`window.set_mode(mode)` deactivates the old one, then activates the new one). Its
`document` is what File > Save, Save As and Close work on while it is in charge, and
what the window asks about before it closes. A play mode also opens its own files
(`SUFFIXES`, `open_path`), starts a new one (`new_document`, the start page's cards)
and can put its document away (`close_document`).
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


class PlayMode(Mode, Protocol):
    SUFFIXES: tuple[str, ...]

    def open_path(self, path: Path | str) -> bool: ...

    def close_document(self) -> bool: ...

    def maybe_close(self) -> bool: ...  # the close question for its document

    def new_document(self) -> object: ...  # asks for a new game or campaign


__all__ = ["Mode", "PlayMode"]
