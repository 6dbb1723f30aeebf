"""The starting formation's units in the wizard: a button naming them as the side's
chart does, and the picker that counts them per unit type (no type ids typed)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from hexcampaign.app.accessible import name_controls
from hexcampaign.app.plain_text import literal
from hexcampaign.campaign import UnitChart, UnitChartError


class UnitsButton(QPushButton):
    """A starting formation's units, named as the chart names them; a click opens the
    chart to pick them (no type ids typed)."""

    def __init__(self, wizard: Any, side_box: QComboBox, units: list[str]) -> None:
        super().__init__(wizard.forces)
        self.wizard = wizard
        self.side_box = side_box
        self.units = list(units)
        self.clicked.connect(self.pick)
        side_box.currentIndexChanged.connect(lambda _i: self.show_names())
        self.show_names()

    def chart(self) -> UnitChart | None:
        try:
            return self.wizard.chart(self.side_box.currentIndex())
        except UnitChartError:
            return None

    def show_names(self) -> None:
        chart = self.chart()
        names = []
        for uid in self.units:
            try:
                names.append(chart.type(uid).name if chart else uid)
            except (KeyError, ValueError):
                names.append(f"{uid} (not in this side's chart)")
        self.setText(", ".join(names) or "(none: click to pick)")
        self.setToolTip(literal(self.text()))

    def pick(self) -> bool:
        chart = self.chart()
        if chart is None:
            self.wizard.show_refusal("Choose the side's unit chart first.")
            return False
        picker = UnitPicker(self, chart, self.units)
        if picker.exec() != QDialog.DialogCode.Accepted:
            return False
        self.set_units(picker.units())
        return True

    def set_units(self, units: list[str]) -> None:
        self.units = list(units)
        self.show_names()
        self.wizard._edited()


class UnitPicker(QDialog):
    """The side's unit chart with a count per type."""

    def __init__(self, parent, chart: UnitChart, units: list[str]) -> None:
        super().__init__(parent)
        self.setWindowTitle("Units of the starting formation")
        layout = QVBoxLayout(self)
        self.table = QTableWidget(len(chart.types), 3, self)
        self.table.setObjectName("unit-picker")
        self.table.setHorizontalHeaderLabels(["Unit", "Kind", "How many"])
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setVisible(False)
        self.counts: dict[str, QSpinBox] = {}
        for row, t in enumerate(chart.types):
            for col, text in enumerate((t.name, t.category.replace("_", " "))):
                cell = QTableWidgetItem(text)
                cell.setFlags(Qt.ItemFlag.ItemIsEnabled)
                self.table.setItem(row, col, cell)
            count = QSpinBox(self.table)
            count.setRange(0, 9)
            count.setValue(units.count(t.id))
            self.counts[t.id] = count
            self.table.setCellWidget(row, 2, count)
        layout.addWidget(self.table, 1)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(520, 480)
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def units(self) -> list[str]:
        return [uid for uid, box in self.counts.items() for _ in range(box.value())]
