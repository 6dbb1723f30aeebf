"""What the canvas hands its tool: a mouse event as a ToolEvent (the scene point, the
hex and the nearest hexside by layout arithmetic, the button and modifiers), and the
hand-over itself, where a refusal becomes a sentence and a tool's bug never a crash."""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, Qt

from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import Layout
from hexcampaign.maps import MapEditError
from hexcampaign.rules import IllegalAction

BUTTONS = {
    Qt.MouseButton.LeftButton: "left",
    Qt.MouseButton.RightButton: "right",
    Qt.MouseButton.MiddleButton: "middle",
}
MODIFIERS = (
    (Qt.KeyboardModifier.ShiftModifier, "shift"),
    (Qt.KeyboardModifier.ControlModifier, "ctrl"),
    (Qt.KeyboardModifier.AltModifier, "alt"),
)
INTERNAL_ERROR = "That did not work: an internal error; the map is unchanged."


def tool_event(
    layout: Layout, scene_point: QPointF, button: str, modifiers: Qt.KeyboardModifier
) -> ToolEvent:
    """The ToolEvent of a pointer at `scene_point`."""
    x, y = scene_point.x(), scene_point.y()
    held = frozenset(name for flag, name in MODIFIERS if modifiers & flag)
    return ToolEvent(x, y, layout.hex_at(x, y), layout.hexside_at(x, y), button, held)


def hand_to_tool(tool: Any, what: str, e: ToolEvent, say: Callable[[str], object]) -> None:
    """Call the tool's `what` (pressed, moved, released, hex_changed). A refusal it did
    not report itself is said; a bug in a tool is printed and said, never a crash."""
    try:
        getattr(tool, what)(e)
    except (IllegalAction, MapEditError) as refusal:
        say(str(refusal))
    except Exception:
        traceback.print_exc()
        say(INTERNAL_ERROR)


__all__ = ["BUTTONS", "hand_to_tool", "tool_event"]
