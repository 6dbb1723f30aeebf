"""The elevation tool: raise, lower or set levels by dragging."""

from __future__ import annotations

from hexcampaign.app.editor.commands import CommandId
from hexcampaign.app.editor.tools.base import StrokeTool
from hexcampaign.app.i18n import QT_TRANSLATE_NOOP
from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap


class Elevation(StrokeTool):
    name = "elevation"
    label = QT_TRANSLATE_NOOP("Tools", "Elevation")
    shortcut = "V"
    tip = QT_TRANSLATE_NOOP("Tools", "Raise, lower or set the level of hexes; Shift or the right button does the opposite.")
    command_id = CommandId.ELEVATION
    features = frozenset({"elevation"})

    def __init__(self) -> None:
        super().__init__()
        self._done: set[Hex] = set()
        self._mode = "raise"

    def start_stroke(self, e: ToolEvent) -> None:
        # One stroke raises each hex once, however often the pointer passes over it.
        self._done = set()
        mode = self.active_context.settings.elevation_mode
        if e.shift or e.button == "right":
            mode = {"raise": "lower", "lower": "raise"}.get(mode, mode)
        self._mode = mode

    def gesture_text(self) -> str:
        if self._mode == "set":
            return f"Set level {self.active_context.settings.elevation_level}"
        return "Raise ground" if self._mode == "raise" else "Lower ground"

    def dab(self, hexes: list[Hex], e: ToolEvent) -> None:
        radius = max(0, min(3, self.active_context.settings.radius))
        touched = [
            h2 for h in hexes for h2 in self.on_map(h.within(radius)) if h2 not in self._done
        ]
        touched = list(dict.fromkeys(touched))
        if not touched:
            return
        self._done.update(touched)
        level = self.active_context.settings.elevation_level
        mode = self._mode

        def change(m: HexMap) -> None:
            for h in touched:
                if mode == "raise":
                    m.set_elevation(h, m.elevation(h) + 1)
                elif mode == "lower":
                    m.set_elevation(h, m.elevation(h) - 1)
                else:
                    m.set_elevation(h, level)

        self.attempt(touched, change)

    def brush(self, h: Hex) -> list[Hex]:
        return h.within(max(0, min(3, self.active_context.settings.radius)))
