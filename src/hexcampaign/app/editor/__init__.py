"""The map editor: tools, undo commands, docks, dialogs, export and print.

MainWindow builds one `EditorMode(window)`; it installs the editor's menus, docks,
shortcuts and tools and follows `window.document_changed` to each new document.
"""

from __future__ import annotations

from hexcampaign.app.editor.mode import EditorMode

__all__ = ["EditorMode"]
