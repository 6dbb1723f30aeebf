"""The region selection tool: drag a rectangle of hexes (for copy and paste)."""

from __future__ import annotations

from hexcampaign.app.editor.tools.base import Tool
from hexcampaign.app.i18n import QT_TRANSLATE_NOOP
from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import Hex


class SelectRegion(Tool):
    name = "select"
    label = QT_TRANSLATE_NOOP("Tools", "Select region")
    shortcut = "S"
    tip = QT_TRANSLATE_NOOP("Tools", "Drag a rectangle of hexes to copy (Ctrl+C); paste (Ctrl+V) lands at its top-left.")

    def __init__(self) -> None:
        super().__init__()
        self._from: Hex | None = None
        self.region: list[Hex] = []

    def pressed(self, e: ToolEvent) -> None:
        if e.button != "left":
            return
        self._from = e.hex
        self._show(e.hex)

    def moved(self, e: ToolEvent) -> None:
        if self._from is not None:
            self._show(e.hex)

    def hex_changed(self, e: ToolEvent) -> None:
        self.moved(e)

    def released(self, e: ToolEvent) -> None:
        if self._from is None:
            return
        self._show(e.hex)
        self._from = None
        self.active_context.select_region(list(self.region))
        if self.region:
            self.say(f"Selected {len(self.region)} hexes: Ctrl+C copies them.")
        else:
            self.say("Select region: drag over hexes of the map.")

    def pointer_left(self) -> None:
        pass  # the highlight is the selection, which stays

    def rectangle(self, a: Hex, b: Hex) -> list[Hex]:
        """The map hexes in the offset rectangle spanned by a and b."""
        m = self.map
        (c1, r1), (c2, r2) = m.offset(a), m.offset(b)
        cols = range(max(0, min(c1, c2)), min(m.cols - 1, max(c1, c2)) + 1)
        rows = range(max(0, min(r1, r2)), min(m.rows - 1, max(r1, r2)) + 1)
        return [m.at(c, r) for c in cols for r in rows]

    def _show(self, h: Hex) -> None:
        if self._from is None:  # no drag under way
            return
        self.region = self.rectangle(self._from, h)
        self.preview(hexes=self.region)
