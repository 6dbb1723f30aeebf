"""A window notices when its file changes on disk: the file of the document File > Save
saves (the map, or the game or campaign in charge) is watched, and when another window
or program replaces it the status bar says so at once, before the user saves over it
(Save then asks, app/window/file_guard.py).

One QFileSystemWatcher serves every window of the program (each watcher costs an
inotify instance on Linux, of which a user has 128 for all his programs); each window's
`FileWatch` says which file it follows. Saves replace files by renaming, which ends a
watch, so every change re-adds the path.
"""

from __future__ import annotations

import weakref
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QFileSystemWatcher

CHANGED_MS = 30_000  # the notice stays until the user has surely read it

_watcher: QFileSystemWatcher | None = None
_followers: weakref.WeakSet[FileWatch] = weakref.WeakSet()


class FileWatch:
    """Which file one window follows, and what it says when that file changes."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.path: Path | None = None
        _followers.add(self)

    def follow(self, document: Any) -> None:
        """Watch `document`'s file (None, or a document never saved: nothing)."""
        path = getattr(document, "path", None) if document is not None else None
        if path == self.path:
            return
        self.path = path
        _sync()

    def stop(self) -> None:
        self.path = None
        _sync()

    def changed(self) -> None:
        """The followed file changed on disk: say so if it is no longer what the
        document was opened from or last saved to (the window's own save is not)."""
        try:
            document = self.window.document_in_charge()
        except RuntimeError:  # the window is gone
            return
        if document is None or document.path != self.path:
            return
        conflict = document.save_conflict()
        if conflict:
            self.window.show_message(f"{conflict} Save will ask before replacing it.", CHANGED_MS)


def _the_watcher() -> QFileSystemWatcher:
    global _watcher
    if _watcher is None:
        _watcher = QFileSystemWatcher(QCoreApplication.instance())
        _watcher.fileChanged.connect(_file_changed)
    return _watcher


def _sync() -> None:
    """Watch exactly the files some window follows (that exist now)."""
    wanted = {str(f.path) for f in list(_followers) if f.path is not None and f.path.exists()}
    if not wanted and _watcher is None:
        return
    watcher = _the_watcher()
    watched = set(watcher.files())
    if watched - wanted:
        watcher.removePaths(sorted(watched - wanted))
    if wanted - watched:
        watcher.addPaths(sorted(wanted - watched))


def _file_changed(name: str) -> None:
    _sync()  # a rename over the file ended its watch: watch the new file
    changed = Path(name)
    for follower in list(_followers):
        if follower.path == changed:
            follower.changed()


__all__ = ["CHANGED_MS", "FileWatch"]
