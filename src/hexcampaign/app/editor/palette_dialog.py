"""Map › Palette…: the map's terrain types, edited as a table.

One row per terrain (label, name, code, colour, symbol) and one column per rule number
(movement cost, defence shift, …: any names the user adds). The rows' order is the
palette's order, shown in the tool palette and the legend. Each row remembers which
terrain of the map's palette it started as, so renaming a terrain keeps the hexes
painted with it (the mapping `change_palette` needs).

The rulesets' shipped palettes are read-only: a changed one is applied as a copy under
a name of its own (the rulesets read their numbers from the shipped file). OK checks
the whole palette first; a fault is one sentence in the dialog and the typing stays.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

from PySide6.QtCore import QPointF, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap, QPolygonF, QTransform
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.accessible import name_controls
from hexcampaign.app.dialogs import folders
from hexcampaign.app.editor.user_palettes import user_palettes
from hexcampaign.app.style import label_style
from hexcampaign.maps import SYMBOLS, HexMap, Palette, TerrainType, load_palette, palette_names
from hexcampaign.maps.palette import (
    MAX_NAME,
    PALETTE_SUFFIX,
    PaletteError,
    check_palette,
    read_palette_file,
    save_palette_file,
)
from hexcampaign.rules import IllegalAction

LABEL, NAME, CODE, COLOUR, SYMBOL = range(5)
FIXED_COLUMNS = ("Terrain", "Name", "Code", "Colour", "Symbol")
SYMBOL_TITLES = {"": "Flat colour", "trees": "Trees", "hills": "Hills (hatched)",
                 "mountain": "Mountain", "rough": "Rough (rocks)", "marsh": "Marsh (tufts)",
                 "sand": "Sand", "urban": "Urban", "water": "Water"}
ORIGIN = Qt.ItemDataRole.UserRole  # on the label item: the map terrain this row started as
NOTE = Qt.ItemDataRole.UserRole + 1  # on the label item: the terrain's note, kept as it was
AUTO_NAME = Qt.ItemDataRole.UserRole + 2  # on a new row's name: it follows the label
_CODES = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


class PaletteDialog(QDialog):
    """Edit a copy of the map's palette; `result_palette()` and `mapping()` after OK."""

    def __init__(self, hexmap: HexMap, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Terrain palette")
        self.hexmap = hexmap
        self.in_use = {hexmap.terrain(h) for h in hexmap.hexes()}
        self.base = hexmap.palette
        self._result: Palette | None = None

        self.start = QComboBox()
        self.start.addItem(f"This map's palette: {hexmap.palette.title}", ("map", hexmap.palette))
        for name in palette_names():
            shipped = load_palette(name)
            self.start.addItem(f"A copy of {shipped.title}", ("copy", shipped))
        for palette in user_palettes():
            self.start.addItem(f"{palette.title} (yours)", ("user", palette))
        self.start.activated.connect(lambda _i: self._start_from(*self.start.currentData()))
        self.title = QLineEdit()
        self.title.setMaxLength(200)
        self.name = QLineEdit()
        self.name.setMaxLength(MAX_NAME)
        self.name.setToolTip("The palette's id in files; a shipped palette's id makes a copy.")
        self.default = QComboBox()
        self.default.setToolTip("The terrain of blank hexes, and what the eraser paints.")
        self.river_hexsides = QCheckBox("Rivers run along &hexsides")
        self.river_hexsides.setToolTip(
            "The River tool draws rivers along hexsides, between hexes, as many printed wargames "
            "do (rivers already drawn through hexes stay as they are)."
        )

        self.table = QTableWidget(0, len(FIXED_COLUMNS))
        self.table.setAccessibleName("Terrains of the palette")
        self.table.setHorizontalHeaderLabels(FIXED_COLUMNS)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setMinimumSize(640, 300)
        self.table.cellDoubleClicked.connect(self._double_clicked)
        self.table.itemChanged.connect(self._item_changed)

        buttons = QHBoxLayout()
        for text, slot, name in (
            ("&Add terrain", self.add_terrain, "add-terrain"),
            ("&Remove", self.remove_terrain, "remove-terrain"),
            ("Move &up", lambda: self.move_terrain(-1), "move-up"),
            ("Move do&wn", lambda: self.move_terrain(+1), "move-down"),
            ("Add rule &number…", self.ask_rule, "add-rule"),
            ("Remove rule number", self.remove_rule, "remove-rule"),
        ):
            button = QPushButton(text)
            button.setObjectName(name)
            button.setAutoDefault(False)
            button.clicked.connect(lambda _on=False, s=slot: s())
            buttons.addWidget(button)
        buttons.addStretch(1)
        files = QHBoxLayout()
        for text, file_slot in (
            ("&Import palette…", self.import_file), ("E&xport palette…", self.export_file)
        ):
            button = QPushButton(text)
            button.setAutoDefault(False)
            button.clicked.connect(lambda _on=False, s=file_slot: s())
            files.addWidget(button)
        files.addStretch(1)

        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet(label_style("color: #b00020;"))
        self.error.hide()
        self.note = QLabel(
            "Double-click a colour to pick it. Rule numbers left empty are not set for that "
            "terrain. The rulesets' own palettes are read-only: changing one makes a copy."
        )
        self.note.setWordWrap(True)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow("&Start from:", self.start)
        form.addRow("&Title:", self.title)
        form.addRow("&Id:", self.name)
        form.addRow("&Default terrain:", self.default)
        form.addRow("", self.river_hexsides)
        outer = QVBoxLayout(self)
        outer.addLayout(form)
        outer.addWidget(self.table, 1)
        outer.addLayout(buttons)
        outer.addLayout(files)
        outer.addWidget(self.note)
        outer.addWidget(self.error)
        outer.addWidget(box)
        self._start_from("map", hexmap.palette)
        name_controls(self)  # names for a screen reader (app/accessible.py)

    # --- what OK gives ----------------------------------------------------------------------

    def result_palette(self) -> Palette:
        """The palette the table describes; IllegalAction with a sentence if it cannot be."""
        terrains = [self._terrain(row) for row in range(self.table.rowCount())]
        if not terrains:
            raise IllegalAction("A palette needs at least one terrain.")
        default = self.default.currentData() or terrains[0].name
        palette = self.base._replace(
            name=self.name.text().strip(),
            title=self.title.text().strip() or self.name.text().strip(),
            default=default if default in {t.name for t in terrains} else terrains[0].name,
            terrains_list=tuple(terrains),
            river_hexsides=self.river_hexsides.isChecked(),
        )
        if palette.name in palette_names() and palette != load_palette(palette.name):
            # The rulesets read the shipped file: a changed copy gets a name of its own.
            palette = palette._replace(name=_copy_name(palette.name),
                                          title=_copy_title(palette.title))
        try:
            return check_palette(palette)
        except PaletteError as e:
            raise IllegalAction(f"This palette cannot be used: {e}.") from None

    def mapping(self) -> dict[str, str]:
        """Each map terrain a row started as -> that row's name now."""
        mapping = {}
        for row in range(self.table.rowCount()):
            origin = self._cell(row, LABEL).data(ORIGIN)
            if origin:
                mapping[origin] = self._name(row)
        return mapping

    def accept(self) -> None:
        try:
            palette = self.result_palette()
            # In the palette's order, so the sentence names the same terrain every time.
            old = self.hexmap.palette.terrains
            missing = [t for t in old if t in self.in_use and t not in palette.terrains and t not in self.mapping()]
            if missing:
                label = old[missing[0]].label
                raise IllegalAction(f"The map has {label} hexes and this palette has no terrain for them: "
                                    f"keep a row for {label} (renaming it is fine).")
        except IllegalAction as refusal:
            self.show_error(refusal.reason)
            return
        self._result = palette
        self.name.setText(palette.name)
        self.title.setText(palette.title)
        super().accept()

    def show_error(self, text: str) -> None:
        self.error.setText(text)
        self.error.show()

    # --- editing ----------------------------------------------------------------------------

    def add_terrain(self, label: str = "New terrain", colour: str = "#d0d0d0", symbol: str = "") -> int:
        name = self._free_name(label)
        codes = {self._text(r, CODE) for r in range(self.table.rowCount())}
        code = next((c for c in _CODES if c not in codes), "?")
        row = self.table.rowCount()
        self._add_row(TerrainType(name=name, code=code, label=label, colour=colour, symbol=symbol), None)
        with _Quiet(self.table):
            self._cell(row, NAME).setData(AUTO_NAME, True)
        self.table.selectRow(row)
        self._refresh_default()
        return row

    def remove_terrain(self) -> None:
        row = self.table.currentRow()
        if row < 0:
            return
        origin = self._cell(row, LABEL).data(ORIGIN)
        if origin in self.in_use:
            label = self._text(row, LABEL)
            self.show_error(f"{label} is painted on this map, so it stays; rename or recolour it instead.")
            return
        self.table.removeRow(row)
        self._refresh_default()

    def move_terrain(self, step: int) -> None:
        row = self.table.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.table.rowCount():
            return
        with _Quiet(self.table):
            for column in range(self.table.columnCount()):
                if column == SYMBOL:
                    continue
                a, b = self.table.takeItem(row, column), self.table.takeItem(target, column)
                self.table.setItem(row, column, b)
                self.table.setItem(target, column, a)
            mine, theirs = self._symbol_box(row), self._symbol_box(target)
            first, second = mine.currentData(), theirs.currentData()
            mine.setCurrentIndex(mine.findData(second))
            theirs.setCurrentIndex(theirs.findData(first))
        # The symbol boxes stay in their rows while the colours move: each box's icons
        # are redrawn in its row's colour now (the quiet swap told _item_changed nothing).
        for moved in (row, target):
            self._recolour_symbols(moved)
        self.table.selectRow(target)
        self._refresh_default()

    def add_rule(self, rule: str) -> int | None:
        rule = rule.strip()
        if not 1 <= len(rule) <= MAX_NAME:
            self.show_error(f"A rule number needs a name of 1 to {MAX_NAME} characters.")
            return None
        if rule in self.rule_names():
            self.show_error(f"The palette already has the rule number {rule}.")
            return None
        column = self.table.columnCount()
        self.table.insertColumn(column)
        self.table.setHorizontalHeaderItem(column, QTableWidgetItem(rule))
        with _Quiet(self.table):
            for row in range(self.table.rowCount()):
                self.table.setItem(row, column, QTableWidgetItem(""))
        return column

    def ask_rule(self) -> None:
        rule, ok = QInputDialog.getText(self, "Rule number", "Name of the number (e.g. move_cost):")
        if ok:
            self.add_rule(rule)

    def remove_rule(self) -> None:
        column = self.table.currentColumn()
        if column < len(FIXED_COLUMNS):
            self.show_error("Select a cell of the rule number to remove.")
            return
        self.table.removeColumn(column)

    def rule_names(self) -> list[str]:
        return [self._header(c)
                for c in range(len(FIXED_COLUMNS), self.table.columnCount())]

    def set_colour(self, row: int, colour: str) -> None:
        self._cell(row, COLOUR).setText(colour)

    def set_symbol(self, row: int, symbol: str) -> None:
        box = self._symbol_box(row)
        box.setCurrentIndex(box.findData(symbol))

    def ask_colour(self, current: str) -> str | None:
        """The colour picker (tests replace this method)."""
        colour = QColorDialog.getColor(QColor(current), self, "Terrain colour")
        return colour.name() if colour.isValid() else None

    def import_file(self, path: Path | str | None = None) -> bool:
        if path is None:
            path, _ = QFileDialog.getOpenFileName(
                self, "Import a palette", str(folders.start_folder(self, "palette")), f"Palettes (*{PALETTE_SUFFIX})"
            )
            if not path:
                return False
            folders.remember_folder(self, "palette", path)
        try:
            palette = read_palette_file(path)
        except (PaletteError, OSError) as e:
            self.show_error(str(e) if isinstance(e, PaletteError) else f"Could not read {Path(path).name}: {e.strerror}.")
            return False
        self._start_from("file", palette)
        return True

    def export_file(self, path: Path | str | None = None) -> bool:
        try:
            palette = self.result_palette()
        except IllegalAction as refusal:
            self.show_error(refusal.reason)
            return False
        if path is None:
            path, _ = QFileDialog.getSaveFileName(
                self, "Export the palette", folders.start_path(self, "palette", palette.name + PALETTE_SUFFIX),
                f"Palettes (*{PALETTE_SUFFIX})",
            )
            if not path:
                return False
            folders.remember_folder(self, "palette", path)
            if not str(path).endswith(PALETTE_SUFFIX):
                path = str(path) + PALETTE_SUFFIX
        try:
            save_palette_file(palette, path)
        except OSError as e:
            self.show_error(f"Could not write {Path(path).name}: {e.strerror or e}.")
            return False
        self.error.hide()
        return True

    # --- the table --------------------------------------------------------------------------

    def _start_from(self, how: str, palette: Palette) -> None:
        """Fill the table from `palette`. Rows of the map's own palette remember their
        terrain; another palette's rows map by name (the model's default)."""
        self.base = palette
        with _Quiet(self.table):
            self.table.setRowCount(0)
            self.table.setColumnCount(len(FIXED_COLUMNS))
            rules = list(dict.fromkeys(r for t in palette.terrains_list for r in t.rules))
            self.table.setColumnCount(len(FIXED_COLUMNS) + len(rules))
            for i, rule in enumerate(rules):
                self.table.setHorizontalHeaderItem(len(FIXED_COLUMNS) + i, QTableWidgetItem(rule))
            for terrain in palette.terrains_list:
                self._add_row(terrain, terrain.name if how == "map" else None)
        name, title = palette.name, palette.title
        if how == "copy":
            name, title = _copy_name(name), _copy_title(title)
        self.name.setText(name)
        self.title.setText(title)
        self.river_hexsides.setChecked(palette.river_hexsides)
        self._refresh_default(palette.default)
        self.error.hide()

    def _add_row(self, terrain: TerrainType, origin: str | None) -> None:
        row = self.table.rowCount()
        with _Quiet(self.table):
            self.table.insertRow(row)
            label = QTableWidgetItem(terrain.label)
            label.setData(ORIGIN, origin)
            if origin in self.in_use:
                label.setToolTip("Painted on this map.")
            if terrain.note:
                label.setData(NOTE, terrain.note)
            self.table.setItem(row, LABEL, label)
            self.table.setItem(row, NAME, QTableWidgetItem(terrain.name))
            self.table.setItem(row, CODE, QTableWidgetItem(terrain.code))
            colour = QTableWidgetItem(terrain.colour)
            self.table.setItem(row, COLOUR, colour)
            _paint(colour)
            box = QComboBox()
            box.setIconSize(QSize(ICON, ICON))
            for symbol in SYMBOLS:
                box.addItem(symbol_icon(symbol, terrain.colour), SYMBOL_TITLES.get(symbol, symbol), symbol)
            box.setCurrentIndex(box.findData(terrain.symbol))
            self.table.setCellWidget(row, SYMBOL, box)
            for column, rule in enumerate(self.rule_names(), start=len(FIXED_COLUMNS)):
                value = terrain.rules.get(rule)
                self.table.setItem(row, column, QTableWidgetItem("" if value is None else _number(value)))

    def _terrain(self, row: int) -> TerrainType:
        label = self._text(row, LABEL)
        if not label:
            raise IllegalAction(f"Terrain {row + 1} needs a label (the name the player sees).")
        rules = {}
        for column, rule in enumerate(self.rule_names(), start=len(FIXED_COLUMNS)):
            text = self._text(row, column).replace(",", ".")
            if not text:
                continue
            try:
                value = float(text)
            except ValueError:
                value = math.nan
            if not math.isfinite(value):
                raise IllegalAction(f"{label}: {rule} must be a number, not “{text}”.")
            rules[rule] = value
        colour = self._text(row, COLOUR)
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", colour):
            raise IllegalAction(f"{label}: the colour must be written #rrggbb (double-click to pick one).")
        return TerrainType(name=self._name(row), code=self._text(row, CODE), label=label, colour=colour,
                           rules=rules, note=self._cell(row, LABEL).data(NOTE) or "",
                           symbol=self._symbol_box(row).currentData())

    def _name(self, row: int) -> str:
        return self._text(row, NAME) or _terrain_id(self._text(row, LABEL))

    def _text(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text().strip() if item is not None else ""

    def _symbol_box(self, row: int) -> QComboBox:
        box = self.table.cellWidget(row, SYMBOL)
        assert isinstance(box, QComboBox)  # every row has one (see _add_row)
        return box

    def _cell(self, row: int, column: int) -> QTableWidgetItem:
        item = self.table.item(row, column)
        assert item is not None  # every row's cells are filled when it is added
        return item

    def _header(self, column: int) -> str:
        item = self.table.horizontalHeaderItem(column)
        return item.text() if item is not None else ""

    def _refresh_default(self, wanted: str | None = None) -> None:
        wanted = wanted or self.default.currentData()
        self.default.clear()
        for row in range(self.table.rowCount()):
            self.default.addItem(self._text(row, LABEL) or self._name(row), self._name(row))
        index = self.default.findData(wanted)
        self.default.setCurrentIndex(max(0, index))

    def _item_changed(self, item: QTableWidgetItem) -> None:
        if item.column() == COLOUR:
            _paint(item)
            self._recolour_symbols(item.row())
        if item.column() == NAME:
            item.setData(AUTO_NAME, None)  # typed by the user: it stays as typed
        name = self.table.item(item.row(), NAME)
        if item.column() == LABEL and name is not None and name.data(AUTO_NAME):
            with _Quiet(self.table):  # a new terrain's name follows its label
                name.setText(self._free_name(item.text(), item.row()))
        if item.column() in (LABEL, NAME):
            self._refresh_default()

    def _recolour_symbols(self, row: int) -> None:
        """The row's symbol choices drawn in the row's colour (when it is a colour)."""
        colour = self._text(row, COLOUR)
        if not QColor(colour).isValid():
            return
        box = self._symbol_box(row)
        for index in range(box.count()):
            box.setItemIcon(index, symbol_icon(box.itemData(index), colour))

    def _free_name(self, label: str, row: int = -1) -> str:
        """A terrain name made from `label` that no other row (than `row`) uses."""
        names = {self._name(r) for r in range(self.table.rowCount()) if r != row}
        name, n = _terrain_id(label), 2
        while name in names:
            name, n = f"{_terrain_id(label)}_{n}", n + 1
        return name

    def _double_clicked(self, row: int, column: int) -> None:
        if column == COLOUR:
            colour = self.ask_colour(self._text(row, COLOUR))
            if colour:
                self.set_colour(row, colour)


ICON = 28  # pixels: a hex of the terrain's colour with its symbol, as the map draws it


def symbol_icon(symbol: str, colour: str) -> QIcon:
    """A small hex in `colour` with `symbol` inked on it as on the map (render.symbols)."""
    from hexcampaign.app.render.symbols import INK_DARKER, LINE_WIDTH, SYMBOL_PATHS

    pixmap = QPixmap(ICON, ICON)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        size = ICON / 2 - 1
        painter.translate(ICON / 2, ICON / 2)
        hexagon = QPolygonF([QPointF(size * math.cos(math.radians(60 * k)), size * math.sin(math.radians(60 * k)))
                             for k in range(6)])
        fill = QColor(colour)
        painter.setPen(QPen(fill.darker(140), 1))
        painter.setBrush(fill)
        painter.drawPolygon(hexagon)
        if symbol in SYMBOL_PATHS:
            lines, shapes = SYMBOL_PATHS[symbol]()
            scale = QTransform.fromScale(size, size)
            ink = fill.darker(INK_DARKER)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(ink)
            painter.drawPath(scale.map(shapes))
            painter.setPen(QPen(ink, max(1.0, LINE_WIDTH * size)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(scale.map(lines))
    finally:
        painter.end()
    return QIcon(pixmap)


class _Quiet:
    """Hold a table's signals while rows are rebuilt (one refresh afterwards)."""

    def __init__(self, table: QTableWidget) -> None:
        self.table = table

    def __enter__(self) -> None:
        self.was = self.table.blockSignals(True)

    def __exit__(self, *_exc) -> None:
        self.table.blockSignals(self.was)


def _paint(item: QTableWidgetItem) -> None:
    colour = QColor(item.text().strip())
    if colour.isValid():
        item.setBackground(colour)
        item.setForeground(QColor("#000000" if colour.lightness() > 110 else "#ffffff"))


def _terrain_id(label: str) -> str:
    """A terrain's name in the palette file made from its label ("Olive grove" ->
    "olive_grove"): an identifier, not a file name (files.safe_filename and
    campaign.names.slug make those)."""
    name = re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_")
    if not name or not name[0].isalpha():
        name = "t_" + name
    return name[:MAX_NAME]


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else repr(value)


def _copy_name(name: str) -> str:
    return name if name.endswith("-copy") else f"{name[:MAX_NAME - 5]}-copy"


def _copy_title(title: str) -> str:
    return title if title.endswith("(copy)") else f"{title} (copy)"
