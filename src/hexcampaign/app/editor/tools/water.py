"""River and bridge tools. Where the palette asks for rivers along hexsides
(river_hexsides), the River tool draws along hexsides as the Cliff tool does."""

from __future__ import annotations

from hexcampaign.app.editor.commands import CommandId
from hexcampaign.app.editor.tools.base import (
    REMOVE_COLOUR,
    StrokeTool,
    Tool,
    line_steps,
    near_side,
    removing,
)
from hexcampaign.app.i18n import QT_TRANSLATE_NOOP
from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import Hex, HexSide
from hexcampaign.maps import HexMap, MapEditError
from hexcampaign.maps.lines import HEXSIDE_RIVER, side_path
from hexcampaign.rules import IllegalAction


class River(StrokeTool):
    name = "river"
    label = QT_TRANSLATE_NOOP("Tools", "River")
    shortcut = "R"
    tip = QT_TRANSLATE_NOOP(
        "Tools",
        "Drag to draw a river: a stroke that starts on a river's end extends that river, "
        "one that starts anywhere else draws a new river. Shift or the right button "
        "removes river hexes, cutting a river in two where needed.",
    )
    command_id = CommandId.RIVER
    features = frozenset({"river", "bridge"})

    def __init__(self) -> None:
        super().__init__()
        self._mark = True
        # The river this stroke draws: (its index, whether it grows at its start), or
        # None until the first hex starts a new one.
        self._line: tuple[int, bool] | None = None
        self._last_side: HexSide | None = None

    # --- along hexsides (a palette's river_hexsides) ---------------------------------------

    def _on_sides(self) -> bool:
        return self.map.palette.river_hexsides

    def pressed(self, e: ToolEvent) -> None:
        if not self._on_sides():
            super().pressed(e)
            return
        if e.button not in ("left", "right"):
            return
        self._mark = not removing(e)
        self._line = self.map.line_ending_at(e.side, HEXSIDE_RIVER) if self._mark else None
        self.begin_gesture(self.gesture_text())
        self._last_side = None
        self._side_dab(e.side)

    def moved(self, e: ToolEvent) -> None:
        if not self._on_sides():
            super().moved(e)
            return
        if self.dragging and e.side != self._last_side and near_side(self.context, e):
            self._side_dab(e.side)
        remove = not self._mark if self.dragging else removing(e)
        self.preview(sides=[e.side], color=REMOVE_COLOUR if remove else None)

    def released(self, e: ToolEvent) -> None:
        self._last_side = None
        super().released(e)

    def _side_dab(self, side: HexSide) -> None:
        m = self.map
        if not all(m.contains(h) for h in side.hexes()):
            self.say("River: a river along hexsides runs between two hexes of the map.")
            return
        last, self._last_side = self._last_side, side
        if not self._mark:
            self.attempt(side.hexes(), lambda m: m.remove_river_side(side))
            return
        # The sides from the last one to this, along the grid's edges: a fast drag
        # leaves no gap.
        steps = (side_path(last, side) if last is not None else []) or [side]

        def change(m: HexMap) -> None:
            for step in steps:
                self._draw_side(m, step)

        self.attempt([h for step in steps for h in step.hexes()], change)

    def _draw_side(self, m: HexMap, side: HexSide) -> None:
        if self._line is not None:
            index, at_start = self._line
            along = m.line_at(index).along
            if side in along:
                return  # back along the river drawn
            try:
                m.extend_line(index, side, at_start)
                return
            except MapEditError:
                pass  # not touching its end: a river of its own
        self._line = (m.add_line(HEXSIDE_RIVER, [side]), False)

    # --- through hexes ---------------------------------------------------------------------

    def start_stroke(self, e: ToolEvent) -> None:
        m = self.map
        self._mark = not removing(e)
        self._line = m.line_ending_at(e.hex, "river") if self._mark and m.contains(e.hex) else None

    def gesture_text(self) -> str:
        if not self._mark:
            return "Remove river"
        if self._line is not None:
            return f"Extend {self.map.line_at(self._line[0]).name}"
        return "River"

    def stroke_hexes(self, e: ToolEvent) -> list[Hex]:
        """As a road's: a hex the drag only grazes (past a corner) waits until the
        pointer is well inside it, so the river takes no jog through it."""
        if self.last_hex is None or self.last_hex == e.hex:
            return [e.hex]
        return line_steps(self.context, self.last_hex, e)[1:]

    def removes(self, e: ToolEvent) -> bool:
        if self.dragging:
            return not self._mark
        return removing(e)

    def dab(self, hexes: list[Hex], e: ToolEvent) -> None:
        marked = self.on_map(hexes)
        if not marked:
            return
        if not self._mark:
            def unmark(m: HexMap) -> None:
                for h in marked:
                    m.set_river(h, False)  # a river cut in two where h was in its middle

            self.attempt(marked, unmark)
            return

        def change(m: HexMap) -> None:
            for h in marked:
                self._draw(m, h)

        self.attempt(marked, change)

    def _draw(self, m: HexMap, h: Hex) -> None:
        """Add `h` to the stroke's river: at its growing end when next to it, else
        (the stroke's first hex, a jump off the map and back) as a new river."""
        if self._line is not None:
            index, at_start = self._line
            hexes = m.line_at(index).hexes
            end = hexes[0] if at_start else hexes[-1]
            if h in hexes:
                return  # back over the river drawn: it does not cross itself
            if end.is_adjacent(h):
                m.extend_line(index, h, at_start)
                return
        self._line = (m.add_line("river", [h]), False)


REFUSED_COLOUR = REMOVE_COLOUR  # the colour that says "not here"


class Bridge(Tool):
    name = "bridge"
    label = QT_TRANSLATE_NOOP("Tools", "Bridge")
    shortcut = "B"
    tip = QT_TRANSLATE_NOOP("Tools", "Click a hex with both a road and a river to add or remove its bridge.")
    command_id = CommandId.BRIDGE
    features = frozenset({"bridge"})

    def pressed(self, e: ToolEvent) -> None:
        if e.button not in ("left", "right"):
            return
        try:
            self._toggle(e.hex)
        except IllegalAction as refusal:
            self.say(refusal.reason)

    def hex_changed(self, e: ToolEvent) -> None:
        """Over a hex where no bridge may go, the refusal shows before the click: the
        hex in the refusing colour and the sentence in the status bar."""
        hexes = self.on_map([e.hex])
        refused = self.refusal(e.hex) if hexes else None
        self.preview(hexes=hexes, color=REFUSED_COLOUR if refused else None)
        self._said = refused
        if refused:
            self.say(refused)

    def pointer_left(self) -> None:
        super().pointer_left()
        if getattr(self, "_said", None):  # the hover's refusal goes with the pointer
            self._said = None
            self.say("")

    def refusal(self, h: Hex) -> str | None:
        """Why no bridge may be added at `h` (None when one may, or one is there)."""
        m = self.map
        if not m.contains(h):
            return "Bridge: click a hex on the map."
        if m.has_bridge(h):
            return None
        missing = [
            what for what, ok in (("river", m.is_river(h)), ("road", m.on_road(h))) if not ok
        ]
        if not missing:
            return None
        return (f"Bridge: a bridge needs a hex with both a road and a river; "
                f"{m.label(h)} has no {' and no '.join(missing)}.")

    def _toggle(self, h: Hex) -> None:
        m = self.map
        refused = self.refusal(h)
        if refused:
            raise IllegalAction(refused, rule="bridge")
        if m.has_bridge(h):
            self.begin_gesture(f"Remove bridge {m.label(h)}")
            self.attempt([h], lambda m: m.set_bridge(h, False))
            self.end_gesture()
            self.say(f"Removed the bridge at {m.label(h)}.")
            return
        self.begin_gesture(f"Bridge {m.label(h)}")
        added = self.attempt([h], lambda m: m.set_bridge(h, True))
        self.end_gesture()
        if added:
            self.say(f"Bridge added at {m.label(h)}.")
