"""The editor's dialogs: a place, the map's properties, resize, export options.

Each dialog checks its values before OK closes it and shows the refusal's sentence in
the dialog, so a bad value never reaches the map and the user's typing is kept.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.accessible import name_controls
from hexcampaign.app.editor.tools import PlaceValues
from hexcampaign.app.editor.tools.place import check_place_values
from hexcampaign.app.style import label_style
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap, Place, load_palette, palette_names
from hexcampaign.maps.model import (
    LABEL_STYLES,
    MAX_HEX_KM,
    MAX_LABEL_EVERY,
    MAX_SIDE,
    control_character,
)
from hexcampaign.rules import IllegalAction


class _CheckedDialog(QDialog):
    """OK runs `check()`; an IllegalAction's sentence shows in red and OK is refused."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.form = QFormLayout()
        self.error = QLabel()
        self.error.setTextFormat(Qt.TextFormat.PlainText)  # refusals name places: never markup
        self.error.setWordWrap(True)
        self.error.setStyleSheet(label_style("color: #b00020;"))
        self.error.hide()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.setMinimumWidth(360)  # room for a refusal's sentence on two or three lines
        outer = QVBoxLayout(self)
        outer.addLayout(self.form)
        outer.addWidget(self.error)
        outer.addWidget(self.buttons)

    def check(self) -> None:
        """Raise IllegalAction when the values are not acceptable."""

    def accept(self) -> None:
        try:
            self.check()
        except IllegalAction as refusal:
            self.show_error(refusal.reason)
            return
        super().accept()

    def show_error(self, text: str) -> None:
        """The sentence below the fields, wrapped at the dialog's width: the dialog
        grows downwards to hold it and the fields keep their size."""
        width = self.width()
        self.error.setText(text)
        self.error.setMinimumWidth(max(200, width - 40))
        self.error.show()
        layout = self.layout()
        wanted = self.height()
        if layout is not None:  # (every dialog here has its form's layout)
            layout.activate()
            wanted = max(wanted, layout.heightForWidth(width))
        self.resize(width, max(wanted, self.sizeHint().height()))


class PlaceDialog(_CheckedDialog):
    def __init__(
        self, hexmap: HexMap, existing: Place | None, h: Hex, parent: QWidget | None = None
    ) -> None:
        title = f"Place at {hexmap.label(h)}" if existing is None else f"Edit {existing.name}"
        super().__init__(title, parent)
        self.hexmap = hexmap
        self.existing = existing
        self.name = QLineEdit(existing.name if existing else "")
        self.name.setPlaceholderText("e.g. Thala")
        self.name.setMaxLength(80)
        self.kind = QComboBox()
        kinds = list(hexmap.palette.place_kinds)
        if existing is not None and existing.kind not in kinds:
            kinds.append(existing.kind)
        self.kind.addItems(kinds)
        if existing is not None:
            self.kind.setCurrentText(existing.kind)
        self.vp = _spin(0, 999, existing.vp if existing else 0)
        self.pp = _spin(0, 999, existing.pp if existing else 0)
        self.form.addRow("&Name:", self.name)
        self.form.addRow("&Kind:", self.kind)
        self.form.addRow("&Victory points:", self.vp)
        self.form.addRow("&Production points:", self.pp)
        # The name is what the user came to type: it has the focus, and OK waits for
        # it (Enter on an empty name would otherwise make a place of whatever came next).
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.name.textChanged.connect(self._name_typed)
        self._name_typed(self.name.text())
        self.name.setFocus()
        self.name.selectAll()
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.name.setFocus()  # a shown dialog gives its default button the focus otherwise

    def _name_typed(self, text: str) -> None:
        self.ok.setEnabled(bool(text.strip()))

    def values(self) -> PlaceValues:
        return PlaceValues(
            self.name.text().strip(), self.kind.currentText(), self.vp.value(), self.pp.value()
        )

    def check(self) -> None:
        check_place_values(self.hexmap, self.values(), self.existing)


@dataclass
class MapProperties:
    name: str
    author: str
    description: str
    palette: str
    label_style: str
    label_first: int
    label_every: int = 1
    hex_km: float | None = None  # km from hex centre to hex centre; None: not said


class MapPropertiesDialog(_CheckedDialog):
    def __init__(self, hexmap: HexMap, parent: QWidget | None = None) -> None:
        super().__init__("Map properties", parent)
        self.name = QLineEdit(hexmap.name)
        self.author = QLineEdit(hexmap.author)
        self.description = QPlainTextEdit(hexmap.description)
        self.description.setMinimumHeight(80)
        self.palette_box = QComboBox()
        # Palettes by their display names, as New map shows them; a palette of the
        # map's own (Map › Palette…) is listed too, so keeping it is the default.
        for name in palette_names():
            self.palette_box.addItem(load_palette(name).title, name)
        if self.palette_box.findData(hexmap.palette.name) < 0:
            self.palette_box.addItem(hexmap.palette.title, hexmap.palette.name)
        self.palette_box.setCurrentIndex(self.palette_box.findData(hexmap.palette.name))
        self.palette_box.setToolTip(
            "Another palette for the map (one undo step): its default terrain replaces the "
            "old default; any other terrain in use must exist in it. Map › Palette… edits "
            "the terrain types."
        )
        self.label_style = QComboBox()
        for style in LABEL_STYLES:
            self.label_style.addItem(_label_example(style, hexmap.label_first, hexmap.label_digits()), style)
        self.label_style.setCurrentIndex(LABEL_STYLES.index(hexmap.label_style))
        self.label_first = _spin(0, 1, hexmap.label_first)
        self.label_first.setToolTip("The number printed on the first column and row: 0 or 1.")
        self.form.addRow("&Name:", self.name)
        self.form.addRow("&Author:", self.author)
        self.form.addRow("&Description:", self.description)
        self.form.addRow("Terrain &palette:", self.palette_box)
        self.form.addRow("Coordinate &labels:", self.label_style)
        self.label_every = _spin(1, MAX_LABEL_EVERY, hexmap.label_every)
        self.label_every.setToolTip(
            "Print the number of every N-th hex only (1: every hex). The first hex is "
            "always numbered; so is every hex whose column and row are N, 2N… past it."
        )
        self.form.addRow("&First number:", self.label_first)
        self.form.addRow("Number &every N-th hex:", self.label_every)
        self.hex_km = QDoubleSpinBox()
        self.hex_km.setObjectName("hex-km")
        self.hex_km.setRange(0.0, MAX_HEX_KM)
        self.hex_km.setDecimals(2)
        self.hex_km.setSuffix(" km")
        self.hex_km.setSpecialValueText("not set")  # 0: the map does not say
        self.hex_km.setValue(hexmap.hex_km or 0.0)
        self.hex_km.setToolTip(
            "Kilometres from one hex centre to the next: the printed scale bar and title "
            "block say it (not set: the scale bar counts hexes)."
        )
        self.form.addRow("&Km per hex:", self.hex_km)
        self.setMinimumWidth(420)
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def values(self) -> MapProperties:
        return MapProperties(
            self.name.text().strip(),
            self.author.text().strip(),
            self.description.toPlainText().strip(),
            self.palette_box.currentData(),
            self.label_style.currentData(),
            self.label_first.value(),
            self.label_every.value(),
            self.hex_km.value() or None,
        )

    def check(self) -> None:
        values = self.values()
        if len(values.name) > 120:
            raise IllegalAction("Map properties: a map name may have at most 120 characters.")
        for what, text, lines in (("name", values.name, False), ("author", values.author, False),
                                  ("description", values.description, True)):
            bad = control_character(text, lines=lines)
            if bad:
                raise IllegalAction(f"Map properties: the map's {what} holds the control character {bad}.")


class ResizeDialog(_CheckedDialog):
    """Columns and rows to add (positive) or remove (negative) on each side."""

    def __init__(self, hexmap: HexMap, parent: QWidget | None = None) -> None:
        super().__init__("Resize the map", parent)
        self.hexmap = hexmap
        self.left = _spin(-hexmap.cols + 1, MAX_SIDE, 0)
        self.right = _spin(-hexmap.cols + 1, MAX_SIDE, 0)
        self.top = _spin(-hexmap.rows + 1, MAX_SIDE, 0)
        self.bottom = _spin(-hexmap.rows + 1, MAX_SIDE, 0)
        grid = QGridLayout()
        grid.addWidget(QLabel("Rows on top:"), 0, 1)
        grid.addWidget(self.top, 0, 2)
        grid.addWidget(QLabel("Columns on the left:"), 1, 0)
        grid.addWidget(self.left, 1, 1)
        grid.addWidget(QLabel("Columns on the right:"), 1, 2)
        grid.addWidget(self.right, 1, 3)
        grid.addWidget(QLabel("Rows at the bottom:"), 2, 1)
        grid.addWidget(self.bottom, 2, 2)
        box = QWidget()
        box.setLayout(grid)
        self.size_label = QLabel()
        self.form.addRow(box)
        self.form.addRow("Result:", self.size_label)
        note = QLabel(
            "Positive numbers add blank hexes, negative numbers cut hexes away. "
            "Content keeps its shape; an odd number of columns on the left moves every "
            "other column half a hex."
        )
        note.setWordWrap(True)
        self.form.addRow(note)
        for spin in (self.left, self.right, self.top, self.bottom):
            spin.valueChanged.connect(self._show_result)
        self._show_result()
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def margins(self) -> tuple[int, int, int, int]:
        return self.left.value(), self.right.value(), self.top.value(), self.bottom.value()

    def new_size(self) -> tuple[int, int]:
        left, right, top, bottom = self.margins()
        return self.hexmap.cols + left + right, self.hexmap.rows + top + bottom

    def check(self) -> None:
        cols, rows = self.new_size()
        if not (1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
            raise IllegalAction(
                f"Resize: a map must keep 1 to {MAX_SIDE} columns and rows, not {cols}×{rows}."
            )

    def _show_result(self) -> None:
        cols, rows = self.new_size()
        self.size_label.setText(f"{self.hexmap.cols}×{self.hexmap.rows} → {cols}×{rows} hexes")


EXPORT_KINDS = ("png", "svg", "pdf-fitted", "pdf-tiled")
PAPER_SIZES = ("A4", "Letter", "A3", "Legal")
# The PDF's page orientation: (value, what the list shows).
ORIENTATION_CHOICES = (
    ("auto", "Automatic (fewest sheets, or the map's shape)"),
    ("portrait", "Portrait"),
    ("landscape", "Landscape"),
)


@dataclass
class ExportOptions:
    kind: str = "png"
    hex_size: float = 32.0  # pixels from centre to corner (PNG and SVG)
    paper: str = "A4"
    hex_mm: float = 19.0  # true scale: across the flats of one hex, in millimetres (PNG, SVG, tiled PDF)
    overlap_mm: float = 10.0
    orientation: str = "auto"  # a PDF's pages: auto, portrait or landscape
    selected_only: bool = False  # only the hexes of the editor's selected region
    tracing_aids: bool = False  # the underlay picture and hex-note marks too (render/tracing.py)


class ExportDialog(_CheckedDialog):
    """Export choices; the file name is asked for afterwards. With `selection` (the
    editor's selected region) the export may be limited to it."""

    def __init__(self, hexmap: HexMap, parent: QWidget | None = None, selection: list[Hex] | None = None) -> None:
        super().__init__("Export the map", parent)
        self.hexmap = hexmap
        self.selection = list(selection or [])
        self.kinds = QButtonGroup(self)
        titles = {
            "png": "PNG picture",
            "svg": "SVG drawing, at true scale (its size in millimetres)",
            "pdf-fitted": "PDF, one page, map fitted to the page, with its key",
            "pdf-tiled": "PDF, true scale over several sheets (crop and registration marks, key sheet)",
        }
        box = QGroupBox("Format")
        column = QVBoxLayout(box)
        for i, kind in enumerate(EXPORT_KINDS):
            button = QRadioButton(titles[kind])
            button.setObjectName(kind)
            self.kinds.addButton(button, i)
            column.addWidget(button)
        self.kinds.button(0).setChecked(True)
        self.hex_size = QDoubleSpinBox()
        self.hex_size.setRange(4, 256)
        self.hex_size.setValue(32)
        self.hex_size.setSuffix(" px")
        self.pixels = QLabel()
        self.paper = QComboBox()
        self.paper.addItems(PAPER_SIZES)
        self.orientation = QComboBox()
        self.orientation.setObjectName("orientation")
        for value, text in ORIENTATION_CHOICES:
            self.orientation.addItem(text, value)
        self.hex_mm = QDoubleSpinBox()
        self.hex_mm.setRange(5, 60)
        self.hex_mm.setValue(19.0)
        self.hex_mm.setSuffix(" mm")
        self.hex_mm.setToolTip("Hex width across the flats on paper (¾ inch is 19 mm).")
        self.overlap = QDoubleSpinBox()
        self.overlap.setRange(0, 40)
        self.overlap.setValue(10)
        self.overlap.setSuffix(" mm")
        self.overlap.setToolTip(
            "How far neighbouring sheets overlap; it may shrink to 5 mm when that saves a sheet."
        )
        self.selected_only = QCheckBox(
            f"Only the selected area ({len(self.selection)} hexes)" if self.selection
            else "Only the selected area (select a region first)"
        )
        self.selected_only.setObjectName("selected-only")
        self.selected_only.setEnabled(bool(self.selection))
        self.form.addRow(box)
        self.form.addRow("Hex size (PNG, SVG):", self.hex_size)
        self.form.addRow("Picture size:", self.pixels)
        self.form.addRow("Paper (PDF):", self.paper)
        self.form.addRow("Orientation (PDF):", self.orientation)
        self.form.addRow("Hex width (true scale):", self.hex_mm)
        self.form.addRow("Overlap between sheets:", self.overlap)
        self.form.addRow(self.selected_only)
        self.tracing_aids = QCheckBox("Include the tracing aids (underlay picture, hex-note marks)")
        self.tracing_aids.setObjectName("tracing-aids")
        self.tracing_aids.setToolTip("Off: the export shows the map as it will be published, without the scan under it.")
        self.form.addRow(self.tracing_aids)
        self.hex_size.valueChanged.connect(self._update)
        self.selected_only.toggled.connect(lambda _on: self._update())
        self.kinds.idClicked.connect(lambda _id: self._update())
        self._update()
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def options(self) -> ExportOptions:
        return ExportOptions(
            EXPORT_KINDS[self.kinds.checkedId()],
            self.hex_size.value(),
            self.paper.currentText(),
            self.hex_mm.value(),
            self.overlap.value(),
            self.orientation.currentData(),
            self.selected_only.isChecked() and bool(self.selection),
            self.tracing_aids.isChecked(),
        )

    def _update(self) -> None:
        from hexcampaign.app.render import hexes_scene_rect, map_layout, map_scene_rect

        layout = map_layout(self.hexmap, self.hex_size.value())
        if self.selected_only.isChecked() and self.selection:
            rect = hexes_scene_rect(layout, self.selection, pad_hexes=0.0)
        else:
            rect = map_scene_rect(self.hexmap, layout)
        # Rounded up, as the export does (render_to_file): a part pixel is still drawn.
        self.pixels.setText(f"{math.ceil(rect.width())} × {math.ceil(rect.height())} pixels")
        kind = self.options().kind
        self.hex_size.setEnabled(kind in ("png", "svg"))
        self.paper.setEnabled(kind.startswith("pdf"))
        self.orientation.setEnabled(kind.startswith("pdf"))
        self.hex_mm.setEnabled(kind in ("png", "svg", "pdf-tiled"))  # a PNG says its resolution
        self.overlap.setEnabled(kind == "pdf-tiled")


def _spin(low: int, high: int, value: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    return spin


def _label_example(style: str, first: int, digits: int = 2) -> str:
    """How hex (5, 12) prints in `style`; `digits` per part (3 past 99 columns or rows)."""
    col, row = 5 + first, 12 + first
    sep = {"CCRR": "", "CC.RR": ".", "CC-RR": "-"}.get(style, "")
    return f"{col:0{digits}d}{sep}{row:0{digits}d}"
