"""The new-campaign wizard's places table: each place of the map chosen, its kind, hex and
PP, and who holds it at the start (the side whose capital is nearer, a tie unheld, unless
chosen otherwise), read back as the campaign's starting holdings.

A part of NewCampaignDialog (wizard.py), which mixes it in: the methods use the dialog's
map, capitals and side names.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.campaign.wizard_formations import UNHELD
from hexcampaign.app.i18n import translate
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap


class PlacesTable:
    """Who holds each place at the start: the table on the first page."""

    # What this part uses of the dialog (wizard.py sets them).
    hexmap: HexMap | None
    side_texts: Callable[[], list[str]]
    capital: Callable[[int], Hex]
    _edited: Callable[[], None]

    def _places_table(self, page: QWidget, layout: QVBoxLayout) -> None:
        """The note and the places table, under the sides on the first page."""
        places_note = QLabel(
            translate(
                "NewCampaignDialog",
                "Places and who holds them at the start: each goes to the side whose capital is "
                "nearer (a tie leaves it unheld) unless you choose otherwise in Held by. A side's "
                "income is the PP of the places it holds.",
            ),
            page,
        )
        places_note.setWordWrap(True)
        layout.addWidget(places_note)
        self.places = QTableWidget(0, 5, page)
        self.places.setObjectName("places")
        self.places.setHorizontalHeaderLabels(
            [
                translate("NewCampaignDialog", "Place"),
                translate("NewCampaignDialog", "Kind"),
                translate("NewCampaignDialog", "Hex"),
                translate("NewCampaignDialog", "PP"),
                translate("NewCampaignDialog", "Held by"),
            ]
        )
        self.places.setAccessibleName(translate("NewCampaignDialog", "Places"))
        self.places.setAccessibleDescription(places_note.text())
        self.places.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.places.verticalHeader().setVisible(False)
        self.places.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        layout.addWidget(self.places, 1)

    def _fill_places(self) -> None:
        if self.hexmap is None or not hasattr(self, "places"):
            return
        places = sorted(self.hexmap.places(), key=lambda p: (-p.pp, p.name))
        self.places.setRowCount(len(places))
        try:
            capitals = [self.capital(i) for i in range(2)]
        except ValueError:
            capitals = []
        for row, p in enumerate(places):
            holder: int | None = None
            if len(capitals) == 2:
                a, b = (p.hex.distance(h) for h in capitals)
                if a != b:
                    holder = 0 if a < b else 1
            cells = [p.name, p.kind, self.hexmap.label(p.hex), str(p.pp)]
            for col, text in enumerate(cells):
                self.places.setItem(row, col, QTableWidgetItem(text))
            held = self.places.cellWidget(row, 4)
            if not isinstance(held, QComboBox):  # (one box per row, refilled: none left over)
                held = QComboBox()
                held.currentIndexChanged.connect(lambda _i: self._edited())
                self.places.setCellWidget(row, 4, held)
            held.blockSignals(True)
            held.clear()
            for i, side in enumerate(self.side_texts()):
                held.addItem(side, i)
            held.addItem(UNHELD, None)
            held.setCurrentIndex(held.findData(holder) if holder is not None else 2)
            held.blockSignals(False)

    def holdings(self) -> dict[str, int]:
        """Who holds each place at the start, as chosen: place name -> side index."""
        out: dict[str, int] = {}
        for row in range(self.places.rowCount()):
            name, held = self.places.item(row, 0), self.places.cellWidget(row, 4)
            if name is not None and isinstance(held, QComboBox) and held.currentData() is not None:
                out[name.text()] = int(held.currentData())
        return out
