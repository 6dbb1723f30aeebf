"""The road tool: drag from hex to hex to lay a road (from a road's end: that road,
longer); Shift removes road segments, cutting a road in two."""

from __future__ import annotations

from hexcampaign.app.editor.cascades import drop_stranded_bridges
from hexcampaign.app.editor.commands import CommandId
from hexcampaign.app.editor.tools.base import REMOVE_COLOUR, Tool, line_steps, removing
from hexcampaign.app.i18n import QT_TRANSLATE_NOOP
from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap


class Road(Tool):
    name = "road"
    label = QT_TRANSLATE_NOOP("Tools", "Road")
    shortcut = "D"
    tip = QT_TRANSLATE_NOOP(
        "Tools",
        "Drag from hex to hex to lay a road: from a road's end it extends that road, from "
        "anywhere else it lays a new one; a jump over several hexes follows the straight "
        "hex line. Shift or the right button removes the segments dragged over.",
    )
    command_id = CommandId.ROAD
    features = frozenset({"road", "bridge"})

    def __init__(self) -> None:
        super().__init__()
        self._remove = False
        self._path: list[Hex] = []
        # The road this drag lays: (its index, whether it grows at its start), or None.
        self._line: tuple[int, bool] | None = None

    def pressed(self, e: ToolEvent) -> None:
        if e.button not in ("left", "right"):
            return
        if not self.map.contains(e.hex):
            self.say("Road: start the road on a hex of the map.")
            return
        self._remove = removing(e)
        self._line = None if self._remove else self.map.line_ending_at(e.hex, "road")
        if self._line is not None:
            self.begin_gesture(f"Extend {self.map.line_at(self._line[0]).name}")
        else:
            self.begin_gesture("Remove road" if self._remove else "Road")
        self.last_hex = e.hex
        self._path = [e.hex]
        self.preview(path=list(self._path), color=REMOVE_COLOUR if self._remove else None)

    def moved(self, e: ToolEvent) -> None:
        if not self.dragging:
            self.preview(hexes=self.on_map([e.hex]), color=REMOVE_COLOUR if e.shift else None)
            return
        if e.hex == self.last_hex or self.last_hex is None:
            return
        steps = line_steps(self.context, self.last_hex, e)  # a grazed hex waits
        if len(steps) < 2:
            return
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
                    self._lay(m, a, b)
            if remove:
                drop_stranded_bridges(m, [h for seg in segments for h in seg])

        self.attempt([h for seg in segments for h in seg], change)
        self.preview(path=list(self._path), color=REMOVE_COLOUR if remove else None)

    def _lay(self, m: HexMap, a: Hex, b: Hex) -> None:
        """The segment a-b: along a road already there it is nothing (the next new
        segment then extends a road ending where it starts, or begins one); else it
        extends the drag's road when a is its growing end, or starts a new road."""
        if m.has_road(a, b):
            self._line = None
            return
        if self._line is not None:
            index, at_start = self._line
            hexes = m.line_at(index).hexes
            if (hexes[0] if at_start else hexes[-1]) == a:
                m.extend_line(index, b, at_start)
                return
        found = m.line_ending_at(a, "road") if self._line is None else None
        if found is not None:
            m.extend_line(found[0], b, found[1])
            self._line = found
        else:
            self._line = (m.add_line("road", [a, b]), False)

    def hex_changed(self, e: ToolEvent) -> None:
        self.moved(e)

    def released(self, e: ToolEvent) -> None:
        if self.dragging and len(self._path) == 1 and not self._remove:
            self.say("Road: drag from hex to hex to lay a road.")
        self._path = []
        super().released(e)
        if self.context is not None:
            self.context.clear_preview()
