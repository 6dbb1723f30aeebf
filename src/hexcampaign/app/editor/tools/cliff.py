"""The cliff tool: click or drag along hexsides; Shift removes cliffs.

The top of a cliff is its higher-elevation hex. Where both hexes are level, the top
is the hex on the side the stroke started on: of the hexside's two hexes, the one
nearer the hex where the drag began (by hex distance, then by centre distance).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QT_TRANSLATE_NOOP

from hexcampaign.app.editor.commands import CommandId
from hexcampaign.app.editor.tools.base import REMOVE_COLOUR, Tool, near_side, removing
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

    def pressed(self, e: ToolEvent) -> None:
        if e.button not in ("left", "right"):
            return
        self._remove = removing(e)
        self._start = e.hex
        self.begin_gesture("Remove cliff" if self._remove else "Cliff")
        self._last_side = None
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
        super().released(e)

    def top_of(self, side: HexSide) -> Hex:
        """Which hex of the side is the cliff's top (see the module note)."""
        a, b = side.hexes()
        m = self.map
        if m.elevation(a) != m.elevation(b):
            return a if m.elevation(a) > m.elevation(b) else b
        start = self._start or a
        return min((a, b), key=lambda h: (h.distance(start), _centre_distance(h, start)))

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

        def add(m: HexMap) -> None:
            m.add_cliff(top, bottom)

        self.attempt([a, b], add)


def _centre_distance(a: Hex, b: Hex) -> float:
    ax, ay = _UNIT.center(a)
    bx, by = _UNIT.center(b)
    return math.hypot(ax - bx, ay - by)
