"""The road tool: drag from hex to hex to lay a road; Shift removes road segments."""

from __future__ import annotations

from hexcampaign.app.editor.cascades import drop_stranded_bridges
from hexcampaign.app.editor.commands import CommandId
from hexcampaign.app.editor.tools.base import REMOVE_COLOUR, Tool, removing
from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap


class Road(Tool):
    name = "road"
    label = "Road"
    shortcut = "D"
    tip = (
        "Drag from hex to hex to lay a road; a jump over several hexes follows the straight "
        "hex line. Shift or the right button removes the segments dragged over."
    )
    command_id = CommandId.ROAD
    features = frozenset({"road", "bridge"})

    def __init__(self) -> None:
        super().__init__()
        self._remove = False
        self._path: list[Hex] = []

    def pressed(self, e: ToolEvent) -> None:
        if e.button not in ("left", "right"):
            return
        if not self.map.contains(e.hex):
            self.say("Road: start the road on a hex of the map.")
            return
        self.begin_gesture("Remove road" if removing(e) else "Road")
        self._remove = removing(e)
        self.last_hex = e.hex
        self._path = [e.hex]
        self.preview(path=list(self._path), color=REMOVE_COLOUR if self._remove else None)

    def moved(self, e: ToolEvent) -> None:
        if not self.dragging:
            self.preview(hexes=self.on_map([e.hex]), color=REMOVE_COLOUR if e.shift else None)
            return
        if e.hex == self.last_hex or self.last_hex is None:
            return
        steps = self.last_hex.line_to(e.hex)
        segments = []
        for a, b in zip(steps, steps[1:]):
            if not (self.map.contains(a) and self.map.contains(b)):
                self.say("Road: a road cannot leave the map; it stops at the edge.")
                break
            segments.append((a, b))
        if not segments:
            return
        self.last_hex = segments[-1][1]
        self._path.extend(b for _, b in segments)
        remove = self._remove

        def change(m: HexMap) -> None:
            for a, b in segments:
                if remove:
                    m.remove_road(a, b)
                else:
                    m.add_road(a, b)
            if remove:
                drop_stranded_bridges(m, [h for seg in segments for h in seg])

        self.attempt([h for seg in segments for h in seg], change)
        self.preview(path=list(self._path), color=REMOVE_COLOUR if remove else None)

    def hex_changed(self, e: ToolEvent) -> None:
        self.moved(e)

    def released(self, e: ToolEvent) -> None:
        if self.dragging and len(self._path) == 1 and not self._remove:
            self.say("Road: drag from hex to hex to lay a road.")
        self._path = []
        super().released(e)
        if self.context is not None:
            self.context.clear_preview()
