"""Paste as a floating preview: the copied hexes follow the pointer until a click lands
them (one undo step); Escape or the right button puts them away.

Not a tool of the palette: Edit › Paste lends it the canvas and takes the canvas back
for the tool that was active before.
"""

from __future__ import annotations

from collections.abc import Callable

from hexcampaign.app.editor.reshape import ALL_LAYERS, HexRegion, paste_targets
from hexcampaign.app.editor.tools.base import Tool
from hexcampaign.app.i18n import QT_TRANSLATE_NOOP
from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import Hex

FLOATING_COLOUR = "#2b7de9"


class FloatingPaste(Tool):
    name = "paste"
    label = QT_TRANSLATE_NOOP("Tools", "Paste")
    tip = QT_TRANSLATE_NOOP("Tools", "Move the copied hexes where they go and click; Escape puts them away.")

    def __init__(
        self,
        region: HexRegion,
        land: Callable[[Hex], object],
        put_away: Callable[[], object],
        layers: frozenset[str] = ALL_LAYERS,
        mapping: dict[str, str] | None = None,
    ) -> None:
        super().__init__()
        self.region = region
        # What the landing pastes: the layers chosen and the terrain mapping, if any.
        self.layers = layers
        self.mapping = mapping
        self._land = land
        self._put_away = put_away
        self.anchor: Hex | None = None

    def show_at(self, anchor: Hex) -> None:
        """Float the region with its top-left at `anchor`."""
        self.anchor = anchor
        self.preview(hexes=paste_targets(self.map, self.region, anchor), color=FLOATING_COLOUR)

    def hex_changed(self, e: ToolEvent) -> None:
        self.show_at(e.hex)

    def moved(self, e: ToolEvent) -> None:
        if e.hex != self.anchor:
            self.show_at(e.hex)

    def pressed(self, e: ToolEvent) -> None:
        if e.button == "left":
            self._land(e.hex)
        elif e.button == "right":
            self._put_away()

    def released(self, e: ToolEvent) -> None:
        pass

    def key_pressed(self, key: str) -> bool:
        if key == "escape":
            self._put_away()
            return True
        return False
