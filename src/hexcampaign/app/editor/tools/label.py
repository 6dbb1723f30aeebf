"""The label tool: free map annotations ("Road 1", "Djebel Chambi") on a hex."""

from __future__ import annotations

from hexcampaign.app.editor.commands import CommandId
from hexcampaign.app.editor.tools.base import Tool, removing
from hexcampaign.app.i18n import QT_TRANSLATE_NOOP
from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap


class LabelTool(Tool):
    name = "label"
    label = QT_TRANSLATE_NOOP("Tools", "Label")
    shortcut = "L"
    tip = QT_TRANSLATE_NOOP("Tools", "Click a hex to write a map label on it; Shift-click removes the hex's labels.")
    command_id = CommandId.LABEL
    features = frozenset({"labels"})

    def pressed(self, e: ToolEvent) -> None:
        if e.button not in ("left", "right"):
            return
        m = self.map
        h = e.hex
        if not m.contains(h):
            self.say("Label: click a hex on the map.")
            return
        if removing(e):
            self._remove_labels(h)
            return
        text = self.active_context.ask_label(h)
        if text is None:
            return
        text = text.strip()
        if not text:
            self.say("Label: a map label needs some text.")
            return
        if len(text) > 80:
            self.say("Label: a map label may have at most 80 characters.")
            return
        self.begin_gesture(f"Label {text}")
        try:
            self.attempt([h], lambda m: m.add_label(h, text))
        finally:
            self.end_gesture()

    def hex_changed(self, e: ToolEvent) -> None:
        self.preview(hexes=self.on_map([e.hex]))

    def _remove_labels(self, h: Hex) -> None:
        m = self.map
        here = [lb for lb in m.labels() if lb.hex == h]
        if not here:
            self.say(f"Label: {m.label(h)} has no label to remove.")
            return

        def remove(m: HexMap) -> None:
            for lb in here:
                m.remove_label(lb)

        self.begin_gesture("Remove labels")
        try:
            self.attempt([h], remove)
        finally:
            self.end_gesture()
