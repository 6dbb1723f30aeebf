"""River and bridge tools."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

from hexcampaign.app.editor.commands import CommandId
from hexcampaign.app.editor.tools.base import REMOVE_COLOUR, StrokeTool, Tool, removing
from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap
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
