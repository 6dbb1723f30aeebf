"""The new-campaign wizard's two sides: each one's name, capital (a place of the map),
unit chart (shipped or loaded from a file) and starting PP, on the first page.

A part of NewCampaignDialog (wizard.py), which mixes it in: the methods use the dialog's
map and refusal line.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import cast

from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.dialogs import folders
from hexcampaign.app.i18n import file_filter, translate
from hexcampaign.campaign import UnitChart, UnitChartError
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap

SHIPPED_CHARTS = ("german", "us")


class SideBoxes:
    """Each side's name, capital, unit chart and starting PP."""

    # What this part uses of the dialog (wizard.py sets them).
    hexmap: HexMap | None
    charts: list[UnitChart | None]
    show_refusal: Callable[[str], None]
    _type_help: Callable[[], None]

    def _side_boxes(self, page: QWidget, layout: QVBoxLayout) -> None:
        """A box for each side, side by side on the first page."""
        self.side_names: list[QLineEdit] = []
        self.capital_boxes: list[QComboBox] = []
        self.chart_boxes: list[QComboBox] = []
        self.pp_boxes: list[QSpinBox] = []
        sides = QGridLayout()
        for i, default in enumerate(SHIPPED_CHARTS):
            box = QGroupBox(
                (
                    translate("NewCampaignDialog", "Side %1 (plays first)")
                    if i == 0
                    else translate("NewCampaignDialog", "Side %1")
                ).replace("%1", str(i + 1)),
                page,
            )
            form = QFormLayout(box)
            name = QLineEdit(default, box)
            name.setObjectName(f"side-{i}-name")
            capital = QComboBox(box)
            capital.setObjectName(f"side-{i}-capital")
            chart = QComboBox(box)
            chart.setObjectName(f"side-{i}-chart")
            for shipped in SHIPPED_CHARTS:
                chart.addItem(translate("NewCampaignDialog", "Shipped %1 chart").replace("%1", shipped), shipped)
            chart.addItem(translate("NewCampaignDialog", "Load a chart file…"), "file")
            chart.setCurrentIndex(i)
            chart.activated.connect(lambda _x, i=i: self._chart_chosen(i))
            pp = QSpinBox(box)
            pp.setObjectName(f"side-{i}-pp")
            pp.setRange(0, 999)
            pp.setSuffix(" PP")
            pp.setToolTip(
                translate("NewCampaignDialog", "Starting PP on top of the first turn's income (an umpire grant, logged)")
            )
            pp.setAccessibleDescription(pp.toolTip())
            form.addRow(translate("NewCampaignDialog", "Name:"), name)
            form.addRow(translate("NewCampaignDialog", "Capital:"), capital)
            form.addRow(translate("NewCampaignDialog", "Unit chart:"), chart)
            form.addRow(translate("NewCampaignDialog", "Starting PP:"), pp)
            # Two sides' boxes with the same labels: the side goes into each name.
            for words, control in (
                (translate("NewCampaignDialog", "name"), name),
                (translate("NewCampaignDialog", "capital"), capital),
                (translate("NewCampaignDialog", "unit chart"), chart),
                (translate("NewCampaignDialog", "starting PP"), pp),
            ):
                control.setAccessibleName(f"{box.title()}: {words}")
            sides.addWidget(box, 0, i)
            self.side_names.append(name)
            self.capital_boxes.append(capital)
            self.chart_boxes.append(chart)
            self.pp_boxes.append(pp)
        layout.addLayout(sides)

    def side_texts(self) -> list[str]:
        """The sides as typed on the first page (for the Side column)."""
        return [box.text().strip() or f"side {i + 1}" for i, box in enumerate(self.side_names)]

    def chart(self, i: int) -> UnitChart:
        choice = self.chart_boxes[i].currentData()
        if choice == "file":
            chart = self.charts[i]
            if chart is None:
                raise UnitChartError(f"Side {i + 1}: choose a unit chart file.")
            return chart
        return UnitChart.default(choice)

    def capital(self, i: int) -> Hex:
        name = self.capital_boxes[i].currentData()
        if name is None or self.hexmap is None:
            raise ValueError(f"Side {i + 1}: the map has no place to be its capital.")
        return self.hexmap.place(name).hex

    def _chart_chosen(self, i: int) -> None:
        if self.chart_boxes[i].currentData() != "file":
            self._type_help()
            return
        path, _ = QFileDialog.getOpenFileName(
            cast(QWidget, self),  # (self: the wizard, a QDialog)
            translate("NewCampaignDialog", "A unit chart"), str(folders.start_folder(self, "unit-chart")),
            file_filter("Unit charts (*.json)"),
        )
        if not path:
            self.chart_boxes[i].setCurrentIndex(i if i < len(SHIPPED_CHARTS) else 0)
            return
        folders.remember_folder(self, "unit-chart", path)
        try:
            self.charts[i] = UnitChart.load(path)
        except UnitChartError as e:
            self.show_refusal(str(e))
            self.chart_boxes[i].setCurrentIndex(0)
            return
        self.chart_boxes[i].setItemText(self.chart_boxes[i].currentIndex(), Path(path).name)
        self._type_help()
