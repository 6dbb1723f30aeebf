"""The status bar: the hex under the pointer, the zoom, and the window's sentences.

Every sentence a mode or tool has for the user goes through `show_message`; an
engine's refusal (a rule that forbids what was asked) goes through `show_refusal`, the
one helper the play modes connect their document's `refused` signal to.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMainWindow

from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap

REFUSAL_MS = 10000  # a refusal stays longer than "Saved": the player reads why


class StatusLine:
    """The window's status bar with its two labels (`hex_info`, `zoom_info`)."""

    def __init__(self, window: QMainWindow) -> None:
        self.bar = window.statusBar()
        self.hex_info = QLabel(window)
        self.hex_info.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.zoom_info = QLabel(window)
        # hex_info is a normal widget so that status messages (refusals, "saved") cover it
        # while they last; a stretching permanent widget would hide them.
        self.bar.addWidget(self.hex_info, 1)
        self.bar.addPermanentWidget(self.zoom_info)
        self.last_refusal = ""

    def show_message(self, text: str, ms: int = 6000) -> None:
        self.bar.showMessage(text, ms)  # QStatusBar draws its message as plain text

    def show_refusal(self, sentence: str) -> None:
        self.last_refusal = sentence
        self.show_message(sentence, REFUSAL_MS)

    def show_hex(self, hexmap: HexMap | None, h: Hex | None) -> None:
        self.hex_info.setText(describe_hex(hexmap, h) if hexmap is not None else "")

    def show_zoom(self, zoom: float | None) -> None:
        self.zoom_info.setText(f"{zoom * 100:.0f}%" if zoom is not None else "")


def describe_hex(m: HexMap, h: Hex | None) -> str:
    """The status-bar line for a hex: "0512 · Forest · elevation 2 · Thala (village, 2 VP)"."""
    if h is None or not m.contains(h):
        return ""
    terrain = m.terrain(h)
    kind = m.palette.terrains.get(terrain)
    parts = [m.label(h), kind.label if kind else terrain, f"elevation {m.elevation(h)}"]
    if m.is_river(h):
        parts.append("river with a bridge" if m.has_bridge(h) else "river")
    if m.on_road(h):
        parts.append("road")
    place = m.place_at(h)
    if place is not None:
        points = ", ".join(
            text
            for value, text in ((place.vp, f"{place.vp} VP"), (place.pp, f"{place.pp} PP"))
            if value
        )
        parts.append(f"{place.name} ({place.kind}{', ' + points if points else ''})")
    return " · ".join(parts)


__all__ = ["REFUSAL_MS", "StatusLine", "describe_hex"]
