"""The campaign's map on the window's canvas: the campaign's own map shown (a map being
edited is never dropped unasked), its counters, places and overlays (counters.py) drawn
afresh on every change of what the map shows and on the desk's `view_changed`, and the
window's title following the open campaign."""

from __future__ import annotations

from typing import Any

from hexcampaign.app.campaign.counters import MapItems
from hexcampaign.app.document import MapDocument


class DeskMap:
    def __init__(self, mode: Any) -> None:
        self.mode = mode  # uses: window, active, campaign, title, dirty, tool
        self.window = mode.window
        self.items = MapItems(mode)
        self.window.document_changed.connect(self._window_document_changed)

    def refresh(self) -> None:
        """Redraw the campaign's items (only on its own map: another map shown meanwhile
        keeps the canvas, with no counters drawn on it)."""
        if not self.mode.active:
            return
        c = self.mode.campaign
        canvas = self.window.canvas
        if c is not None and canvas.hexmap is not c.map and self.window.document is None:
            self.show()
        if c is None or canvas.hexmap is c.map:
            self.items.refresh()

    def show(self) -> None:
        """Put the campaign's map on the canvas."""
        c = self.mode.campaign
        assert c is not None
        document = self.window.document
        if document is not None and document.map is not c.map:
            # A map being edited is never dropped unasked (Save / Discard / Cancel).
            if not self.window.maybe_save():
                return
        self.window.set_document(MapDocument(c.map))
        self.show_title()

    def show_title(self) -> None:
        c = self.mode.campaign
        if self.mode.active and c is not None and self.window.canvas.hexmap is c.map:
            self.window.setWindowTitle(f"{self.mode.title}[*] — hexcampaign")
            self.window.setWindowModified(self.mode.dirty)

    def _window_document_changed(self, document: Any) -> None:
        # A new scene (the map shown again) has none of our items: draw them afresh.
        c = self.mode.campaign
        if self.mode.active and c is not None and document is not None:
            if document.map is c.map:
                # Other listeners (the editor) may have taken the canvas for their tool.
                self.window.canvas.set_tool(self.mode.tool)
                self.items.refresh()
