"""River and bridge tools."""

from __future__ import annotations

from hexcampaign.app.editor.commands import CommandId
from hexcampaign.app.editor.tools.base import REMOVE_COLOUR, StrokeTool, Tool, removing
from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap
from hexcampaign.rules import IllegalAction


class River(StrokeTool):
    name = "river"
    label = "River"
    shortcut = "R"
    tip = (
        "Drag to mark river hexes; a stroke that starts on a river, or Shift / the right "
        "button, unmarks them."
    )
    command_id = CommandId.RIVER
    features = frozenset({"river", "bridge"})

    def __init__(self) -> None:
        super().__init__()
        self._mark = True

    def start_stroke(self, e: ToolEvent) -> None:
        m = self.map
        starts_on_river = m.contains(e.hex) and m.is_river(e.hex)
        self._mark = not (removing(e) or starts_on_river)

    def gesture_text(self) -> str:
        return "River" if self._mark else "Remove river"

    def removes(self, e: ToolEvent) -> bool:
        if self.dragging:
            return not self._mark
        m = self.map
        return removing(e) or (m.contains(e.hex) and m.is_river(e.hex))

    def dab(self, hexes: list[Hex], e: ToolEvent) -> None:
        marked = self.on_map(hexes)
        mark = self._mark
        if not marked:
            return

        def change(m: HexMap) -> None:
            for h in marked:
                m.set_river(h, mark)

        self.attempt(marked, change)


REFUSED_COLOUR = REMOVE_COLOUR  # the colour that says "not here"


class Bridge(Tool):
    name = "bridge"
    label = "Bridge"
    shortcut = "B"
    tip = "Click a hex with both a road and a river to add or remove its bridge."
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
