"""What every editor tool shares: its context, its lifecycle and its gesture.

Tools know nothing of the view: the canvas (or a test) feeds them ToolEvents, and they
reach the rest of the program only through the small ToolContext, so a test builds a
context around a document and drives a tool with synthetic events.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from hexcampaign.app.editor.commands import ALL_FEATURES, CommandId, Gesture, refusal
from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import Hex, Layout
from hexcampaign.maps import HexMap, MapEditError, Place
from hexcampaign.rules import IllegalAction

BRUSH_RADII = (0, 1, 2, 3)
REMOVE_COLOUR = "#c62828"  # previews of what a stroke would take away
ELEVATION_MODES = ("raise", "lower", "set")


def _ignore(*_args: Any, **_kwargs: Any) -> None:
    return None


@dataclass
class BrushSettings:
    """The tool palette's current choices, shared by all tools."""

    terrain: str = ""  # "" means the palette's default terrain
    radius: int = 0
    elevation_mode: str = "raise"
    elevation_level: int = 1


@dataclass
class PlaceValues:
    name: str
    kind: str
    vp: int = 0
    pp: int = 0


@dataclass
class ToolContext:
    document: Any  # MapDocument: .map, .undo_stack, .notify
    settings: BrushSettings = field(default_factory=BrushSettings)
    status: Callable[[str], None] = _ignore
    # preview(hexes=(), sides=(), path=(), color=None) and clear_preview(): the canvas's.
    preview: Callable[..., None] = _ignore
    clear_preview: Callable[[], None] = _ignore
    select: Callable[[Hex | None], None] = _ignore
    select_region: Callable[[list[Hex]], None] = _ignore
    # The place dialog: (existing place or None, hex) -> values, or None when cancelled.
    ask_place: Callable[[Place | None, Hex], PlaceValues | None] = lambda place, h: None
    # The label question: hex -> text, or None when cancelled.
    ask_label: Callable[[Hex], str | None] = lambda h: None
    # The canvas's current hex layout (scene pixels), when there is a canvas.
    layout: Callable[[], Layout] | None = None


class Tool:
    """Base of every tool: activate/deactivate/pressed/moved/released/hex_changed."""

    name = ""
    label = ""
    shortcut = ""
    tip = ""
    command_id = CommandId.HEX_PROPERTIES
    # The map features this tool's edits may change (what each dab snapshots for undo).
    features: frozenset[str] = ALL_FEATURES

    def __init__(self) -> None:
        self.context: ToolContext | None = None
        self.gesture: Gesture | None = None
        self.last_hex: Hex | None = None

    # --- lifecycle ------------------------------------------------------------------

    def activate(self, context: ToolContext) -> None:
        self.context = context

    def deactivate(self) -> None:
        self.end_gesture()
        if self.context is not None:
            self.context.clear_preview()

    def pressed(self, e: ToolEvent) -> None:
        pass

    def moved(self, e: ToolEvent) -> None:
        pass

    def released(self, e: ToolEvent) -> None:
        self.end_gesture()

    def hex_changed(self, e: ToolEvent) -> None:
        pass

    def key_pressed(self, key: str) -> bool:
        """A key while the tool is active ("delete", "escape"); True when handled."""
        return False

    def pointer_left(self) -> None:
        """The pointer left the canvas (or the map moved away under it): the hover
        highlight goes; a tool whose highlight is a result (a selection) keeps it."""
        if not self.dragging and self.context is not None:
            self.context.clear_preview()

    # --- helpers --------------------------------------------------------------------

    @property
    def document(self) -> Any:
        assert self.context is not None, "activate the tool first"
        return self.context.document

    @property
    def map(self) -> HexMap:
        return self.document.map

    @property
    def active_context(self) -> ToolContext:
        """The context of an active tool (events reach only an activated tool)."""
        assert self.context is not None, "activate the tool first"
        return self.context

    @property
    def dragging(self) -> bool:
        return self.gesture is not None

    def begin_gesture(self, text: str) -> Gesture:
        self.gesture = Gesture(self.document, text, self.command_id, self.features, deferred=True)
        return self.gesture

    def end_gesture(self) -> None:
        """The gesture is over: its dabs become one undo step."""
        gesture, self.gesture = self.gesture, None
        self.last_hex = None
        if gesture is not None:
            gesture.finish()

    def cancel_gesture(self) -> bool:
        """Escape: the gesture's dabs are taken back and leave no undo step."""
        gesture, self.gesture = self.gesture, None
        self.last_hex = None
        return gesture is not None and gesture.cancel()

    def attempt(self, hexes: Iterable[Hex], change: Callable[[HexMap], object]) -> bool:
        """Apply one dab of the current gesture; a refusal becomes a status sentence."""
        gesture = self.gesture or Gesture(self.document, self.label, self.command_id, self.features)
        try:
            return gesture.apply(hexes, change)
        except (IllegalAction, MapEditError) as error:
            self.say(refusal(error))
            return False

    def say(self, text: str) -> None:
        if self.context is not None:
            self.context.status(text)

    def preview(self, **items: Any) -> None:
        if self.context is not None:
            self.context.preview(**items)

    def on_map(self, hexes: Iterable[Hex]) -> list[Hex]:
        m = self.map
        return [h for h in hexes if m.contains(h)]

    def stroke_hexes(self, e: ToolEvent) -> list[Hex]:
        """The hexes from the last handled hex to this one, so a fast drag leaves no gaps."""
        if self.last_hex is None or self.last_hex == e.hex:
            return [e.hex]
        return self.last_hex.line_to(e.hex)[1:]


class StrokeTool(Tool):
    """A tool that paints along a drag: every new hex under the pointer is a dab."""

    def pressed(self, e: ToolEvent) -> None:
        if e.button not in ("left", "right"):
            return
        self.start_stroke(e)
        self.begin_gesture(self.gesture_text())
        self.last_hex = None
        self._dab(e)

    def moved(self, e: ToolEvent) -> None:
        if self.dragging:
            if e.hex != self.last_hex:
                self._dab(e)
        else:
            self.hover(e)

    def hex_changed(self, e: ToolEvent) -> None:
        self.moved(e)

    def start_stroke(self, e: ToolEvent) -> None:
        """Decide what this stroke does (add or remove...) from the press."""

    def gesture_text(self) -> str:
        """The stroke's name in the undo history."""
        return self.label

    def dab(self, hexes: list[Hex], e: ToolEvent) -> None:
        raise NotImplementedError

    def hover(self, e: ToolEvent) -> None:
        colour = REMOVE_COLOUR if self.removes(e) else None
        self.preview(hexes=self.on_map(self.brush(e.hex)), color=colour)

    def removes(self, e: ToolEvent) -> bool:
        """Whether the stroke (or the one Shift would start) takes things away."""
        return False

    def brush(self, h: Hex) -> list[Hex]:
        return [h]

    def _dab(self, e: ToolEvent) -> None:
        hexes = self.stroke_hexes(e)
        if hexes:  # none while a line's stroke only grazes a new hex: it waits there
            self.last_hex = hexes[-1]
            try:
                self.dab(hexes, e)
            except (IllegalAction, MapEditError) as error:
                self.say(refusal(error))
        self.hover(e)


# How close (in hex radii) to a hexside's middle the pointer must come during a drag.
NEAR_SIDE = 0.45


def near_side(context: ToolContext | None, e: ToolEvent) -> bool:
    """While dragging along hexsides (cliffs, rivers on hexsides), a hexside counts only
    when the pointer is near it, so a drag that cuts across a hex's middle does not
    catch the sides it passes."""
    layout = context.layout() if context and context.layout else None
    if layout is None:
        return True
    (ax, ay), (bx, by) = layout.side_segment(e.side)
    mid_x, mid_y = (ax + bx) / 2, (ay + by) / 2
    return math.hypot(e.x - mid_x, e.y - mid_y) <= NEAR_SIDE * layout.size


# How near (in hex radii, centre to corner) a hex's centre the pointer must come for a
# drag from hex to hex to take that hex: past a side's middle by about a tenth of a
# hex, past a corner by a quarter, so a drag that grazes a corner takes no third hex.
WELL_INSIDE = 0.75


def well_inside(context: ToolContext | None, e: ToolEvent) -> bool:
    """Whether the pointer is well inside its hex (always, without a canvas's layout,
    and for an event whose point is not in its hex by that layout: a hex named by other
    means than the pointer, which is taken as named)."""
    layout = context.layout() if context and context.layout else None
    if layout is None or layout.hex_at(e.x, e.y) != e.hex:
        return True
    cx, cy = layout.center(e.hex)
    return math.hypot(e.x - cx, e.y - cy) <= WELL_INSIDE * layout.size


def line_steps(context: ToolContext | None, last: Hex, e: ToolEvent) -> list[Hex]:
    """The hex line from `last` to the pointer's hex, for a line drawn from hex to hex
    (roads, rivers through hexes). A pointer just over a hex's edge (most often past a
    corner, where three hexes meet) may only graze it: that hex is left off until the
    pointer is well inside, so a drag past a corner does not jog through the grazed hex
    and step back. A fast jump still gives the hexes before the one just entered."""
    steps = last.line_to(e.hex)
    return steps if well_inside(context, e) else steps[:-1]


def removing(e: ToolEvent) -> bool:
    """Shift or the right button turns an adding tool into a removing one."""
    return e.shift or e.button == "right"
