"""The desk's map tool: the phase tools (phase_tools.py: what a click means in each
phase), plus what the desk adds on top of them:

- while a retreat awaits its hex, a click on another defeated division that must
  retreat takes up that one's retreat instead (its hexes shown), rather than sending the
  first division there;
- a one-shot hex pick (`HexPick`): a dialog asks for a hex ("Pick on map"), the next
  left click on the map answers it, a right click or Esc gives it up.

The old names stay importable for scripts and tests written against them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hexcampaign.app.campaign.phase_tools import (  # noqa: F401
    PHASE_CLICKS,
    AttackOrderClicks,
    CampaignTool,
    MovementClicks,
    PlacingClicks,
)
from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import Hex


class DeskTool(CampaignTool):
    """The campaign tool, with a click on another retreating division switching to it."""

    def click(self, h: Hex) -> None:
        mode = self.mode
        c = mode.campaign
        placing = mode.placing
        if c is not None and placing is not None and placing[0] == "retreat":
            if c.map.contains(h) and h not in mode.placing_choices():
                due = [f.id for f in c.formations_at(h) if mode.retreat_due(f.id)]
                if due and due[0] != placing[1]:
                    mode.select(due[0])
                    return
        super().click(h)


class HexPick:
    """A one-shot map tool: the next left click on a hex of `hexmap` calls `picked(hex)`
    and gives the canvas back to the tool it had; a right click calls `cancelled()`.
    Used by the "Pick on map" buttons of the desk's dialogs and the wizard."""

    name = "hex-pick"

    def __init__(
        self,
        canvas: Any,
        picked: Callable[[Hex], None],
        cancelled: Callable[[], None] | None = None,
        contains: Callable[[Hex], bool] | None = None,
    ) -> None:
        self.canvas = canvas
        self.picked, self.cancelled = picked, cancelled
        self.contains = contains
        self.previous = canvas.tool

    def arm(self) -> HexPick:
        self.previous = self.canvas.tool
        self.canvas.set_tool(self)
        return self

    def disarm(self) -> None:
        if self.canvas.tool is self:
            self.canvas.set_tool(self.previous)

    def _nothing(self, *_event: ToolEvent) -> None:
        """The parts of the canvas' tool lifecycle a pick has no use for."""

    activate = deactivate = moved = released = _nothing

    def hex_changed(self, event: ToolEvent) -> None:
        if self._on_map(event.hex):
            self.canvas.set_preview([event.hex])
        else:
            self.canvas.clear_preview()

    def pressed(self, event: ToolEvent) -> None:
        if event.button == "right":
            self.disarm()
            if self.cancelled is not None:
                self.cancelled()
        elif event.button == "left" and self._on_map(event.hex):
            self.disarm()
            self.picked(event.hex)

    def _on_map(self, h: Hex) -> bool:
        if self.contains is not None:
            return self.contains(h)
        hexmap = self.canvas.hexmap
        return hexmap is not None and hexmap.contains(h)
