"""The play tool: the canvas feeds it pointer events; it hands hexes to the mode."""

from __future__ import annotations

from typing import Protocol

from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import Hex


class HexGestures(Protocol):
    """What the play tool asks of whoever plays (the Kasserine mode)."""

    def hex_clicked(self, h: Hex) -> bool: ...

    def hex_dragged(self, start: Hex, end: Hex) -> bool: ...

    def hex_drag_began(self, start: Hex) -> None: ...

    def hex_context_menu(self, h: Hex) -> object: ...

    def hex_hovered(self, h: Hex | None) -> None: ...


class PlayTool:
    """Left click chooses (select, place, attack, retreat, advance); a left drag from one
    hex to another moves (the selection, or the stack it starts on); right click offers
    "Move here" and the unit actions of the hex; hovering previews."""

    name = "kasserine-play"

    def __init__(self, mode: HexGestures) -> None:
        self.mode = mode
        self.pressed_at: Hex | None = None  # where a left press began (a drag's start)
        self.dragging = False  # the pointer left the pressed hex with the button down

    def activate(self, _context=None) -> None:
        pass

    def deactivate(self) -> None:
        pass

    def pressed(self, event: ToolEvent) -> None:
        self.pressed_at = event.hex if event.button == "left" else None
        self.dragging = False

    def moved(self, event: ToolEvent) -> None:
        pass

    def released(self, event: ToolEvent) -> None:
        if event.button == "left":
            start, self.pressed_at = self.pressed_at, None
            self.dragging = False
            if start is not None and start != event.hex:
                self.mode.hex_dragged(start, event.hex)
            else:
                self.mode.hex_clicked(event.hex)
        elif event.button == "right":
            self.mode.hex_context_menu(event.hex)

    def hex_changed(self, event: ToolEvent) -> None:
        if self.pressed_at is not None and not self.dragging and event.hex != self.pressed_at:
            # A drag began: what it carries is picked now, so its path and cost show
            # under the pointer before the button is let go.
            self.dragging = True
            self.mode.hex_drag_began(self.pressed_at)
        self.mode.hex_hovered(event.hex)
