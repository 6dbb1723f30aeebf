"""File > New: the size and terrain palette of a blank map."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from hexcampaign.app.i18n import translate
from hexcampaign.maps import HexMap, load_palette, palette_names
from hexcampaign.maps.model import MAX_SIDE


class NewMapDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, cols: int = 30, rows: int = 20) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("NewMapDialog", "New map"))
        form = QFormLayout(self)
        self.name = QLineEdit(self)
        self.name.setPlaceholderText(translate("NewMapDialog", "Untitled"))
        self.cols = QSpinBox(self)
        self.cols.setRange(1, MAX_SIDE)
        self.cols.setValue(cols)
        self.rows = QSpinBox(self)
        self.rows.setRange(1, MAX_SIDE)
        self.rows.setValue(rows)
        self.palette_box = QComboBox(self)
        for name in palette_names():
            self.palette_box.addItem(load_palette(name).title, name)
        # The user's own palettes (Map › Palette… keeps them): the map gets a copy.
        from hexcampaign.app.editor.user_palettes import user_palettes

        for palette in user_palettes():
            self.palette_box.addItem(
                translate("NewMapDialog", "%1 (yours)").replace("%1", palette.title), palette
            )
        form.addRow(translate("NewMapDialog", "&Name:"), self.name)
        form.addRow(translate("NewMapDialog", "&Columns:"), self.cols)
        form.addRow(translate("NewMapDialog", "&Rows:"), self.rows)
        form.addRow(translate("NewMapDialog", "Terrain &palette:"), self.palette_box)
        # The form's labels are their buddies' names; the descriptions say the rest.
        self.name.setAccessibleDescription(translate("NewMapDialog", "The map's name, shown in its title and exports."))
        self.cols.setAccessibleDescription(translate("NewMapDialog", "How many columns of hexes the map has."))
        self.rows.setAccessibleDescription(translate("NewMapDialog", "How many rows of hexes the map has."))
        self.palette_box.setAccessibleDescription(
            translate("NewMapDialog", "The terrains the map is painted with.")
        )
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def set_palette(self, name: str) -> None:
        index = self.palette_box.findData(name)
        if index >= 0:
            self.palette_box.setCurrentIndex(index)

    def hexmap(self) -> HexMap:
        """The blank map the dialog describes."""
        m = HexMap.new(self.cols.value(), self.rows.value(), palette=self.palette_box.currentData())
        m.name = self.name.text().strip()
        return m
