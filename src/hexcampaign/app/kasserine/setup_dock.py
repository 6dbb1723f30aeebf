"""The German set-up dock: the entering formations wait here until placed (moved out of
docks.py, which still answers to its old names)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.kasserine.docks import UnitList
from hexcampaign.kasserine import Game, UnitView


class SetupDock(QDockWidget):
    """German set-up: the entering formations wait here until placed."""

    unit_chosen = Signal(object)  # unit id or None
    done_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("German set-up", parent)
        self.setObjectName("kasserine-setup")
        body = QWidget(self)
        self.help = QLabel(
            "Pick a unit, then click a highlighted hex of its entry zone. "
            "Italians go within 2 hexes of the east edge.",
            body,
        )
        self.help.setWordWrap(True)
        self.units = UnitList(body)
        self.units.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.count = QLabel(body)
        self.count.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.done = QPushButton("Done — end the set-up", body)
        self.done.setObjectName("setup-done")
        layout = QVBoxLayout(body)
        layout.addWidget(self.help)
        layout.addWidget(self.units, 1)
        layout.addWidget(self.count)
        layout.addWidget(self.done)
        self.setWidget(body)
        self.units.itemSelectionChanged.connect(self._chosen)
        self.done.clicked.connect(self.done_requested)

    def refresh(self, game: Game) -> None:
        waiting = waiting_for_setup(game)
        zones = {u.id: game.state.units[u.id].entry or "" for u in waiting}
        notes = {uid: f"entry zone: {zone}" if zone else "" for uid, zone in zones.items()}
        self.units.show_units(waiting, notes)
        self.count.setText(
            f"{len(waiting)} unit{'s' if len(waiting) != 1 else ''} still to place"
            if waiting
            else "Every unit is placed: end the set-up."
        )

    def _chosen(self) -> None:
        ids = self.units.selected_ids()
        self.unit_chosen.emit(ids[0] if ids else None)


def waiting_for_setup(game: Game) -> list[UnitView]:
    """German units still to be placed in the set-up (engine rule: entering German units
    without an arrival date, on turn 1)."""
    if game.state.phase != "german_setup":
        return []
    return [
        u
        for u in game.units()
        if u.side == "german" and u.hex is None and not u.eliminated and u.arrives is None
    ]


__all__ = ["SetupDock", "waiting_for_setup"]
