"""Hexes picked on the map rather than typed (issue 29 item 6): typing the printed hex
number stays possible everywhere, and a "Pick on map" button beside it

- on the desk (Umpire > Move formation…) puts the dialog aside, arms the one-shot
  `HexPick` tool on the desk's own map (map_tool.py), and brings the dialog back with
  the hex clicked (a right click gives the pick up);
- in the new-campaign wizard, whose map is not on the desk yet, opens the chosen map in
  a small window of its own (`HexPickDialog`): a click there is the hex.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QLabel, QPushButton, QVBoxLayout, QWidget

from hexcampaign.app.accessible import name_controls
from hexcampaign.app.campaign.map_tool import HexPick
from hexcampaign.app.campaign.umpire import UmpireMoveDialog
from hexcampaign.app.canvas.view import MapView
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap

PICK_TEXT = "Pick on map"


def pick_on_desk(mode: Any, dialog: QDialog, what: str, picked: Callable[[Hex], None]) -> HexPick:
    """Put `dialog` aside and let the next click on the desk's map choose a hex for it
    (`picked(hex)`); the dialog comes back either way (a right click cancels)."""
    window = mode.window

    def back() -> None:
        window.show_message("")
        dialog.open()

    def chosen(h: Hex) -> None:
        picked(h)
        back()

    c = mode.campaign
    tool = HexPick(window.canvas, chosen, back, contains=c.map.contains if c else None)
    dialog.hide()
    window.show_message(f"Click the hex {what} (a right click cancels).", 30000)
    return tool.arm()


class PickingMoveDialog(UmpireMoveDialog):
    """Umpire > Move formation…: the hex typed or picked on the desk's map."""

    def __init__(self, mode: Any, fid: str | None = None) -> None:
        super().__init__(mode, fid)
        self.pick_button = QPushButton(PICK_TEXT, self)
        self.pick_button.setObjectName("pick-hex")
        self.pick_button.setToolTip("Put this dialog aside and click the hex on the map")
        self.pick_button.clicked.connect(self.pick)
        # Under "To hex:" (the reason row follows it).
        self.form.insertRow(self.form.rowCount() - 1, "", self.pick_button)
        self.pick_tool: HexPick | None = None
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def pick(self) -> HexPick:
        c = self.mode.campaign
        fid = self.formation.currentData()
        name = c.formation(fid).name if fid else "the formation"
        self.pick_tool = pick_on_desk(
            self.mode, self, f"to move {name} to", lambda h: self.where.setText(c.map.label(h))
        )
        return self.pick_tool


class HexPickDialog(QDialog):
    """A map in a window of its own: a click on a hex is the answer (`hex`), Esc or
    closing the window gives none."""

    def __init__(self, hexmap: HexMap, what: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Pick a hex")
        self.hex: Hex | None = None
        layout = QVBoxLayout(self)
        hint = QLabel(f"Click the hex {what}.", self)
        hint.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        hint.setWordWrap(True)
        layout.addWidget(hint)
        self.view = MapView(self)
        self.view.setObjectName("pick-map")
        layout.addWidget(self.view, 1)
        # The hex under the pointer, by its printed number (the map is small here).
        self.under = QLabel(" ", self)
        self.under.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        layout.addWidget(self.under)
        self.resize(720, 580)
        self.view.show_map(hexmap)
        self.view.hex_hovered.connect(lambda h: self._name(hexmap, h))
        self.tool = HexPick(self.view, self.choose, self.reject).arm()
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def _name(self, hexmap: HexMap, h: Hex | None) -> None:
        if h is None or not hexmap.contains(h):
            self.under.setText(" ")
            return
        place = next((p for p in hexmap.places() if p.hex == h), None)
        self.under.setText(hexmap.label(h) + (f" — {place.name}" if place else ""))

    def choose(self, h: Hex) -> None:
        self.hex = h
        self.accept()
