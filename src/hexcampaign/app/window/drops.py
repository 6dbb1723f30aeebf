"""Files dropped on the window: the first local file of a drag opens as File > Open."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent


def dropped_file(event: QDragEnterEvent | QDragMoveEvent | QDropEvent) -> Path | None:
    """The local file a drag carries, or None (text, a web address, nothing)."""
    mime = event.mimeData()
    if not mime.hasUrls():
        return None
    for url in mime.urls():
        if url.isLocalFile():
            return Path(url.toLocalFile())
    return None


__all__ = ["dropped_file"]
