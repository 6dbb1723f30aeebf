"""The play tool: the canvas feeds it pointer events; it hands hexes to the mode."""

from __future__ import annotations

from typing import Protocol

from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import Hex


class HexGestures(Protocol):
    """What the play tool asks of whoever plays (the Kasserine mode)."""

    def hex_clicked(self, h: Hex) -> bool: ...

    def hex_context_menu(self, h: Hex) -> object: ...

    def hex_hovered(self, h: Hex | None) -> None: ...


class PlayTool:
    """Left click chooses (select, move, place, attack, retreat, advance); right click
    offers the unit actions of the hex; hovering previews."""

    name = "kasserine-play"

    def __init__(self, mode: HexGestures) -> None:
        self.mode = mode

    def activate(self, _context=None) -> None:
        pass

    def deactivate(self) -> None:
        pass

    def pressed(self, event: ToolEvent) -> None:
        pass

    def moved(self, event: ToolEvent) -> None:
        pass

    def released(self, event: ToolEvent) -> None:
        if event.button == "left":
            self.mode.hex_clicked(event.hex)
        elif event.button == "right":
            self.mode.hex_context_menu(event.hex)

    def hex_changed(self, event: ToolEvent) -> None:
        self.mode.hex_hovered(event.hex)
