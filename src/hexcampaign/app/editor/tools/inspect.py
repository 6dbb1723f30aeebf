"""The inspect tool: click a hex to show and edit everything on it in the Properties dock."""

from __future__ import annotations

from hexcampaign.app.editor.tools.base import Tool
from hexcampaign.app.i18n import QT_TRANSLATE_NOOP
from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import DIRECTION_NAMES, Hex
from hexcampaign.maps import HexMap


class Inspect(Tool):
    name = "inspect"
    label = QT_TRANSLATE_NOOP("Tools", "Inspect")
    shortcut = "I"
    tip = QT_TRANSLATE_NOOP("Tools", "Click a hex to see and edit everything on it in the Properties dock.")

    def pressed(self, e: ToolEvent) -> None:
        if e.button != "left":
            return
        m = self.map
        if not m.contains(e.hex):
            self.active_context.select(None)
            self.say("Inspect: that point is off the map.")
            return
        self.active_context.select(e.hex)
        self.say(describe_hex(m, e.hex))

    def hex_changed(self, e: ToolEvent) -> None:
        self.preview(hexes=self.on_map([e.hex]))


def describe_hex(m: HexMap, h: Hex) -> str:
    """One line naming everything on a hex, for the status bar."""
    parts = [m.label(h), m.palette.terrains[m.terrain(h)].label, f"level {m.elevation(h)}"]
    if m.is_river(h):
        parts.append("river")
    if m.has_bridge(h):
        parts.append("bridge")
    roads = [DIRECTION_NAMES[h.direction_to(n)] for n in m.road_neighbours(h)]
    if roads:
        parts.append("road " + "/".join(roads))
    cliffs = [
        DIRECTION_NAMES[d] for d, n in enumerate(h.neighbors()) if m.cliff_top(h, n) is not None
    ]
    if cliffs:
        parts.append("cliff " + "/".join(cliffs))
    place = m.place_at(h)
    if place:
        parts.append(f"{place.name} ({place.kind}, {place.vp} VP, {place.pp} PP)")
    return ", ".join(parts)
