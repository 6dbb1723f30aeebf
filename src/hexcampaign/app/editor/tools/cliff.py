"""The cliff tool: click or drag along hexsides; Shift removes cliffs.

The top of a cliff is its higher-elevation hex. Where both hexes are level, the top
is on the stroke's high side, decided once a stroke: at its first hexside, the hex
nearer the hex where the drag began (by hex distance, then by centre distance); at
every later hexside, the hex on the same side of the stroke as the last one's (so a
stroke along a zigzag of hexsides does not flip to the hex that happens to be nearer
its start).
"""

from __future__ import annotations

import math

from hexcampaign.app.editor.commands import CommandId
from hexcampaign.app.editor.tools.base import REMOVE_COLOUR, Tool, near_side, removing
from hexcampaign.app.i18n import QT_TRANSLATE_NOOP
from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import Hex, HexSide, Layout
from hexcampaign.maps import HexMap
from hexcampaign.rules import IllegalAction

_UNIT = Layout(size=1.0)


class Cliff(Tool):
    name = "cliff"
    label = QT_TRANSLATE_NOOP("Tools", "Cliff")
    shortcut = "C"
    tip = QT_TRANSLATE_NOOP(
        "Tools",
        "Click or drag along hexsides to add cliffs (the higher hex is the top; on level "
        "ground, the side you started on). Shift or the right button removes.",
    )
    command_id = CommandId.CLIFF
    features = frozenset({"cliff"})

    def __init__(self) -> None:
        super().__init__()
        self._remove = False
        self._start: Hex | None = None
        self._last_side: HexSide | None = None
        # The last hexside the stroke added a cliff on, and its hex on the high side.
        self._high_at: HexSide | None = None
        self._high: Hex | None = None

    def pressed(self, e: ToolEvent) -> None:
        if e.button not in ("left", "right"):
            return
        self._remove = removing(e)
        self._start = e.hex
        self.begin_gesture("Remove cliff" if self._remove else "Cliff")
        self._last_side = None
        self._high_at = self._high = None
        self._edit(e.side)

    def moved(self, e: ToolEvent) -> None:
        if self.dragging and e.side != self._last_side and near_side(self.context, e):
            self._edit(e.side)
        remove = self._remove if self.dragging else removing(e)
        self.preview(sides=[e.side], color=REMOVE_COLOUR if remove else None)

    def hex_changed(self, e: ToolEvent) -> None:
        self.moved(e)

    def released(self, e: ToolEvent) -> None:
        self._last_side = None
        self._high_at = self._high = None
        super().released(e)

    def top_of(self, side: HexSide) -> Hex:
        """Which hex of the side is the cliff's top (see the module note)."""
        a, b = side.hexes()
        m = self.map
        if m.elevation(a) != m.elevation(b):
            return a if m.elevation(a) > m.elevation(b) else b
        return self.high_side(side)

    def high_side(self, side: HexSide) -> Hex:
        """The hex of `side` on the stroke's high side (see the module note)."""
        a, b = side.hexes()
        last, high = self._high_at, self._high
        if last is None or high is None or last == side:
            if high is not None and high in (a, b):
                return high
            start = self._start or a
            return min((a, b), key=lambda h: (h.distance(start), _centre_distance(h, start)))
        # The same side of the line from the last hexside's middle to this one's.
        (lx, ly), (nx, ny) = _middle(last), _middle(side)
        dx, dy = nx - lx, ny - ly

        def across(h: Hex, x: float, y: float) -> float:
            cx, cy = _UNIT.center(h)
            return dx * (cy - y) - dy * (cx - x)

        keep = across(high, lx, ly) > 0
        return a if (across(a, nx, ny) > 0) == keep else b

    def _edit(self, side: HexSide) -> None:
        self._last_side = side
        a, b = side.hexes()
        m = self.map
        try:
            off = [h for h in (a, b) if not m.contains(h)]
            if off:
                raise IllegalAction(
                    f"Cliff: both hexes of a cliff hexside must be on the map; "
                    f"{m.label(off[0])} is off it.",
                    rule="cliff",
                )
        except IllegalAction as refusal:
            self.say(refusal.reason)
            return
        if self._remove:
            self.attempt([a, b], lambda m: m.remove_cliff(a, b))
            return
        top = self.top_of(side)
        bottom = side.other(top)
        self._high, self._high_at = self.high_side(side), side

        def add(m: HexMap) -> None:
            m.add_cliff(top, bottom)

        self.attempt([a, b], add)


def _middle(side: HexSide) -> tuple[float, float]:
    (ax, ay), (bx, by) = _UNIT.side_segment(side)
    return (ax + bx) / 2, (ay + by) / 2


def _centre_distance(a: Hex, b: Hex) -> float:
    ax, ay = _UNIT.center(a)
    bx, by = _UNIT.center(b)
    return math.hypot(ax - bx, ay - by)
