"""File > Import geography…: a GeoJSON file (GeoPackage or Shapefile with pyogrio) onto
a new map or onto the open one.

The dialog lists every attribute the file's polygons, lines and points carry, each of
its values (an attribute of too many values to list, such as a name, as one row for
any value), and lets the author map each to a terrain, a road or river, or a place
kind; a find box narrows the list. The guesses come from geo.suggest_rules (the OSM
table, names of terrains) for the palette chosen, and follow a change of palette
except where the author chose. The palette may be a shipped one, one the user kept
(editor/user_palettes.py) or the open map's own. The hex size, the least share of a
hex and the elevation attribute sit above. Every change makes a
new import plan (hexcampaign.geo, no Qt) after a short pause, drawn small in the dialog
with the map's own painter; onto the open map, the hexes the import would change are
also outlined on the canvas. OK writes the plan: a new document, or one undo step on
the open map (editor/commands.push_edit).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QImage, QPainter, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QRadioButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app import style
from hexcampaign.app.accessible import name_controls
from hexcampaign.app.dialogs import folders
from hexcampaign.app.editor.commands import push_edit
from hexcampaign.app.editor.user_palettes import user_palettes
from hexcampaign.app.plain_text import literal
from hexcampaign.app.render import map_layout, map_scene_rect, paint_map
from hexcampaign.geo import (
    GeoData,
    GeoFormatError,
    GeoImportError,
    ImportPlan,
    ImportSettings,
    InvalidOutlineError,
    Rule,
    plan_import,
    read_geography,
    suggest_rules,
    survey,
)
from hexcampaign.geo.geojson import KINDS
from hexcampaign.geo.mapping import ANY, IGNORE, LINE_TARGETS, AttributeSurvey
from hexcampaign.geo.project import choose_projection
from hexcampaign.maps import HexMap, Palette, load_palette, palette_names

PREVIEW_PIXELS = 380
PREVIEW_DELAY_MS = 250
NOTHING = "—"
KIND_TITLES = {"polygon": "area", "line": "line", "point": "point"}
NICE_KM = (0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 25, 50, 100)
FILE_FILTER = ("Geography (*.geojson *.json *.gpkg *.shp);;GeoJSON (*.geojson *.json);;"
               "GeoPackage (*.gpkg);;Shapefile (*.shp);;All files (*)")


def run_import(editor: Any, path: Path | str | None = None) -> bool:
    """Ask for a GeoJSON file (unless given), then the mapping; apply it. True when the
    map changed or a new one opened."""
    window = editor.window
    if path is None:
        path, _ = QFileDialog.getOpenFileName(
            window, "Import geography", str(folders.start_folder(window, "geography")), FILE_FILTER)
        if not path:
            return False
        folders.remember_folder(window, "geography", path)
    data = read_data(window, Path(path))
    if data is None:
        return False
    document = editor.document
    dialog = GeoImportDialog(data, document.map if document is not None else None, window)
    dialog.canvas = getattr(editor, "canvas", None)
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    dialog.clear_canvas()
    if not accepted or dialog.plan is None:
        return False
    return apply_import(editor, dialog)


def read_data(window: Any, path: Path) -> GeoData | None:
    """The file read, or None after saying why (a crossing outline may be repaired)."""
    try:
        return read_geography(path)
    except InvalidOutlineError as error:
        answer = QMessageBox.question(
            window, "Repair the outlines?",
            literal(f"{error.problem}. Repair such outlines (as QGIS's Fix geometries does) and go on?"),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        if answer != QMessageBox.StandardButton.Yes:
            return None
        try:
            return read_geography(path, repair=True)
        except GeoFormatError as again:
            window.show_error("Could not import the geography", str(again))
    except GeoFormatError as error:
        window.show_error("Could not import the geography", str(error))
    return None


def apply_import(editor: Any, dialog: GeoImportDialog) -> bool:
    window, plan = editor.window, dialog.plan
    if plan is None:  # OK is greyed while the settings make no plan
        return False
    if dialog.onto_open_map():
        notes: list[str] = []
        changed = push_edit(editor.document, "Import geography", plan.hexes(),
                            lambda m: notes.extend(plan.apply(m)))
        window.show_message(" ".join([f"Imported {dialog.data.name}: {plan.summary()}", *notes[:3]]))
        return changed
    if not window.maybe_save():
        return False
    from hexcampaign.app.document import MapDocument

    hexmap, notes = plan.new_map(Path(dialog.data.name).stem)
    document = MapDocument(hexmap)
    window.set_document(document)
    # The import is not in any file yet: the document is unsaved work.
    document.undo_stack.resetClean()
    document.dirty_changed.emit(True)
    window.show_message(" ".join([f"New map from {dialog.data.name}: {plan.summary()}", *notes[:3]]))
    return True


class GeoImportDialog(QDialog):
    """The mapping of a file's attribute values, the placement, and a live preview."""

    def __init__(self, data: GeoData, open_map: HexMap | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Import geography: {data.name}")
        self.data = data
        self.open_map = open_map
        self.canvas: Any = None
        self.plan: ImportPlan | None = None
        self.error = ""
        self.preview_image = QImage()
        # Every attribute a rule can name: its values, or one row for any value when it
        # has too many to list. (Hiding attributes whose values are each unique hid
        # highway on a file of one line per road.)
        # Listed by kind of shape, classes first, then names (a value per feature) and
        # numbers, which are seldom mapped but are listed all the same.
        self.entries: list[AttributeSurvey] = sorted(
            (e for e in survey(data) if e.values or e.many),
            key=lambda e: (KINDS.index(e.kind), e.numeric,
                           e.many or (len(e.values) >= 4 and max(e.values.values()) == 1), e.attribute))
        self._chosen: dict[tuple[str, str, str], str] = {}  # rows the author set, kept across palettes
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(PREVIEW_DELAY_MS)
        self.timer.timeout.connect(self.refresh)
        self._build()
        self._fill_table()
        self.refresh()
        name_controls(self)  # names for a screen reader (app/accessible.py)

    # --- what the dialog says -------------------------------------------------------------

    def onto_open_map(self) -> bool:
        return self.onto.isChecked()

    def import_palette(self) -> Palette:
        """The palette the import uses: the open map's onto it, else the one chosen."""
        if self.onto_open_map() and self.open_map is not None:
            return self.open_map.palette
        chosen = self.palette_box.currentData()
        return chosen if isinstance(chosen, Palette) else load_palette(self.palette_box.currentText())

    def palette_name(self) -> str:
        return self.import_palette().name

    def choose_palette(self, name: str) -> None:
        """Choose the new map's palette by name (tests and scripts)."""
        index = next(i for i in range(self.palette_box.count()) if self.palette_box.itemData(i).name == name)
        self.palette_box.setCurrentIndex(index)

    def rules(self) -> list[Rule]:
        rules = []
        for row, entry_value in enumerate(self._rows):
            combo = self._target_box(row)
            target = combo.currentData()
            if target:
                kind, attribute, value = entry_value
                rules.append(Rule(attribute, value, target))
        return rules

    def settings(self) -> ImportSettings:
        elevation = self.elevation.currentData()
        return ImportSettings(
            hex_km=self.hex_km.value(),
            palette=self.import_palette(),
            rules=self.rules(),
            osm_tags=False,  # the table shows the OSM guesses; a row set to nothing means nothing
            min_share=self.min_share.value() / 100,
            name_attribute=self.name_attribute.currentText() or "name",
            elevation_attribute=elevation or None,
            levels=self.levels.value(),
        )

    def _target_box(self, row: int) -> QComboBox:
        """The table's "becomes" column: a combo box in every row (see _fill_table)."""
        box = self.table.cellWidget(row, 4)
        assert isinstance(box, QComboBox)
        return box

    def set_target(self, kind: str, attribute: str, value: str, target: str | None) -> None:
        """Choose what the features with attribute=value become (tests and scripts)."""
        key = (kind, attribute, value)
        combo = self._target_box(self._rows.index(key))
        combo.setCurrentIndex(max(0, combo.findData(target)))
        self._chosen[key] = combo.currentData()

    # --- the plan and its preview ----------------------------------------------------------

    def schedule(self, *_args) -> None:
        self.status.setText("Working out the preview…")
        self.timer.start()

    def refresh(self) -> None:
        """Make the plan for the current choices now and show it."""
        self.timer.stop()
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)  # seconds for a large region
        try:
            self.plan = plan_import(self.data, self.settings(), self.open_map if self.onto_open_map() else None)
            self.error = ""
        except (GeoImportError, ValueError) as error:
            self.plan, self.error = None, str(error)
        finally:
            QApplication.restoreOverrideCursor()
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(self.plan is not None)
        if self.plan is None:
            self.status.setStyleSheet(style.label_style("color: #b00020;"))
            self.status.setText(self.error)
            self.preview.clear()
            self.clear_canvas()
            return
        self.status.setStyleSheet("")
        self.status.setText(" ".join([self.plan.summary(), *self.plan.notes[:2]]))
        self._draw_preview()
        self._show_on_canvas()

    def _draw_preview(self) -> None:
        plan = self.plan
        if plan is None:
            return
        if self.onto_open_map() and self.open_map is not None:
            hexmap = self.open_map.copy()
            plan.apply(hexmap)
        else:
            hexmap, _ = plan.new_map()
        probe = map_scene_rect(hexmap, map_layout(hexmap, 10.0))
        hex_size = max(1.0, 10.0 * PREVIEW_PIXELS / max(probe.width(), probe.height()))
        layout = map_layout(hexmap, hex_size)
        scene = map_scene_rect(hexmap, layout)
        image = QImage(max(1, math.ceil(scene.width())), max(1, math.ceil(scene.height())),
                       QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(style.PAPER)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.translate(-scene.left(), -scene.top())
        layers = ["terrain", "elevation", "rivers", "roads", "places"]
        if hex_size >= 6:
            layers.append("grid")
        paint_map(painter, hexmap, layout, scene, layers)
        painter.end()
        self.preview_image = image
        self.preview.setPixmap(QPixmap.fromImage(image))

    def _show_on_canvas(self) -> None:
        """Outline on the canvas the hexes the import would change on the open map."""
        m, plan = self.open_map, self.plan
        if self.canvas is None or not self.onto_open_map() or m is None or plan is None:
            self.clear_canvas()
            return
        changed = [h for h, t in plan.terrain.items() if m.terrain(h) != t]
        changed += [h for h, level in plan.elevation.items() if m.elevation(h) != level]
        changed += [h for h in plan.rivers if not m.is_river(h)]
        changed += [a for a, b in plan.roads if not m.has_road(a, b)]
        changed += [p.hex for p in plan.places]
        self.canvas.set_preview(hexes=list(dict.fromkeys(changed)))

    def clear_canvas(self) -> None:
        if self.canvas is not None:
            self.canvas.clear_preview()

    # --- building ------------------------------------------------------------------------------

    def _build(self) -> None:
        form = QFormLayout()
        self.target_group = QButtonGroup(self)
        self.new_map = QRadioButton("A new map")
        self.onto = QRadioButton("Onto the open map (one undo step)")
        self.target_group.addButton(self.new_map)
        self.target_group.addButton(self.onto)
        self.new_map.setChecked(True)
        self.onto.setEnabled(self.open_map is not None)
        choice = QHBoxLayout()
        choice.addWidget(self.new_map)
        choice.addWidget(self.onto)
        form.addRow("Make:", choice)
        self.palette_box = QComboBox()
        self.palette_box.setAccessibleName("Palette")
        for name in palette_names():
            self.palette_box.addItem(name, load_palette(name))
        # The user's own palettes (Map > Palette…, Import palette…), and the open map's
        # own when it is neither: a new map may use them too.
        own = user_palettes()
        if self.open_map is not None and self.open_map.palette.name not in {
                *palette_names(), *(p.name for p in own)}:
            own.append(self.open_map.palette)
        for palette in own:
            self.palette_box.addItem(f"{palette.name} — {palette.title}", palette)
        self.palette_box.setCurrentText(str(ImportSettings().palette))  # as the command line
        if self.open_map is not None:
            names = [self.palette_box.itemData(i).name for i in range(self.palette_box.count())]
            self.palette_box.setCurrentIndex(names.index(self.open_map.palette.name))
        form.addRow("Palette:", self.palette_box)
        self.hex_km = QDoubleSpinBox()
        self.hex_km.setRange(0.01, 1000)
        self.hex_km.setDecimals(2)
        self.hex_km.setSuffix(" km")
        self.hex_km.setValue(self._suggested_hex_km())
        self.hex_km.setToolTip("Kilometres across a hex, from one hex centre to the next.")
        form.addRow("Hex size:", self.hex_km)
        self.min_share = QSpinBox()
        self.min_share.setAccessibleName("Least share of a hex, per cent")
        self.min_share.setRange(0, 100)
        self.min_share.setValue(50)
        self.min_share.setSuffix(" %")
        self.min_share.setToolTip("A hex takes the terrain covering most of it if that covers at "
                                  "least this much; otherwise the palette's default.")
        form.addRow("Least share of a hex:", self.min_share)
        self.name_attribute = QComboBox()
        point_attributes = sorted({e.attribute for e in survey(self.data) if e.kind == "point"})
        self.name_attribute.addItems(point_attributes or ["name"])
        if "name" in point_attributes:
            self.name_attribute.setCurrentText("name")
        form.addRow("Place names from:", self.name_attribute)
        self.elevation = QComboBox()
        self.elevation.setAccessibleName("Elevation from")
        self.elevation.addItem("no elevation", "")
        for name in sorted({e.attribute for e in survey(self.data) if e.numeric and e.kind != "line"}):
            self.elevation.addItem(name, name)
        self.levels = QSpinBox()
        self.levels.setAccessibleName("Elevation levels")
        self.levels.setRange(1, 20)
        self.levels.setValue(5)
        self.levels.setSuffix(" levels")
        heights = QHBoxLayout()
        heights.addWidget(self.elevation)
        heights.addWidget(self.levels)
        form.addRow("Elevation from:", heights)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Find an attribute or value")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter_rows)
        self.table = QTableWidget(0, 5)
        self.table.setAccessibleName("What each value becomes")
        self.table.setProperty("accessible-row-columns", 3)  # a row: shape, attribute, value
        self.table.setHorizontalHeaderLabels(["Shape", "Attribute", "Value", "Features", "Becomes"])
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.preview = QLabel()
        self.preview.setMinimumSize(PREVIEW_PIXELS, PREVIEW_PIXELS)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.status = QLabel()
        self.status.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.status.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Import")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        left = QVBoxLayout()
        left.addLayout(form)
        left.addWidget(QLabel("What each value becomes:"))
        left.addWidget(self.search)
        left.addWidget(self.table, 1)
        right = QVBoxLayout()
        right.addWidget(QLabel("Preview:"))
        right.addWidget(self.preview, 1)
        body = QHBoxLayout()
        body.addLayout(left, 3)
        body.addLayout(right, 2)
        outer = QVBoxLayout(self)
        outer.addLayout(body, 1)
        outer.addWidget(self.status)
        outer.addWidget(self.buttons)
        for signal in (self.hex_km.valueChanged, self.min_share.valueChanged, self.levels.valueChanged,
                       self.palette_box.currentIndexChanged, self.name_attribute.currentIndexChanged,
                       self.elevation.currentIndexChanged, self.target_group.buttonToggled):
            signal.connect(self.schedule)
        self.palette_box.currentIndexChanged.connect(self._fill_table)
        # Onto the open map, the map's own palette rules.
        self.onto.toggled.connect(lambda onto: self.palette_box.setEnabled(not onto))
        self.target_group.buttonToggled.connect(self._fill_table)
        self.resize(1000, 640)

    def _fill_table(self, *_args) -> None:
        """One row per attribute value (or one for any value of an attribute of many),
        each with the targets its kind of shape allows, chosen as suggest_rules guesses
        for the palette now chosen, or as the author chose when the palette allows it."""
        palette = self.import_palette()  # onto the open map: its own, perhaps a user's
        guessed = {(r.attribute, r.value): r.target for r in suggest_rules(self.entries, palette)}
        refill = bool(getattr(self, "_rows", None))
        self._rows: list[tuple[str, str, str]] = []
        self.table.setRowCount(0)
        for entry in self.entries:
            values = [(ANY, entry.features)] if entry.many else entry.values.most_common()
            for value, count in values:
                row = self.table.rowCount()
                self.table.insertRow(row)
                key = (entry.kind, entry.attribute, value)
                self._rows.append(key)
                shown = "any value (too many to list)" if entry.many else value
                for column, text in enumerate((KIND_TITLES[entry.kind], entry.attribute, shown, str(count))):
                    item = QTableWidgetItem(text)
                    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                    self.table.setItem(row, column, item)
                combo = QComboBox()
                combo.addItem(NOTHING, "")
                for target, title in _targets(entry.kind, palette):
                    combo.addItem(title, target)
                chosen = self._chosen.get(key)
                wanted = chosen if chosen is not None and combo.findData(chosen) >= 0 else guessed.get(
                    (entry.attribute, value))
                combo.setCurrentIndex(max(0, combo.findData(wanted)))
                combo.currentIndexChanged.connect(self.schedule)
                combo.activated.connect(lambda _index, key=key, combo=combo: self._remember(key, combo))
                self.table.setCellWidget(row, 4, combo)
        self._filter_rows(self.search.text())
        if refill:
            self.schedule()

    def _remember(self, key: tuple[str, str, str], combo: QComboBox) -> None:
        """The author chose this row's target: a change of palette keeps it if it can."""
        self._chosen[key] = combo.currentData()

    def _filter_rows(self, text: str) -> None:
        """Show the rows whose shape, attribute or value holds the text typed."""
        words = text.strip().lower()
        for row, (kind, attribute, value) in enumerate(self._rows):
            haystack = f"{KIND_TITLES[kind]} {attribute} {value} {attribute}={value}".lower()
            self.table.setRowHidden(row, bool(words) and words not in haystack)

    def _suggested_hex_km(self) -> float:
        """A hex size that makes the data about 40 hexes across."""
        try:
            projection = choose_projection(self.data)
        except ValueError:
            return 1.0
        west, south, east, north = self.data.bounds()
        corners = projection.to_grid(np.array([[west, north], [east, south]], dtype=float))
        span = float(np.abs(corners[1] - corners[0]).max())
        wanted = span / 40 if span > 0 else 1.0
        return min(NICE_KM, key=lambda k: abs(math.log(k / wanted)))


def _targets(kind: str, palette: Palette) -> list[tuple[str, str]]:
    if kind == "polygon":
        targets = [(t.name, t.label) for t in palette.terrains_list]
    elif kind == "line":
        targets = [(t, t.capitalize()) for t in LINE_TARGETS]
    else:
        targets = [(k, k.capitalize()) for k in palette.place_kinds]
    return [*targets, (IGNORE, "Ignore")]
