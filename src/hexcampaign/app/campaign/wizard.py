"""The new-campaign wizard: the map (the shipped sample or any CM-palette map), the two
sides (name, capital, unit chart shipped or loaded, starting PP), who holds each place
at the start, the starting formations (deployed through the engine's `deploy`: each
with its name, its hex typed or picked on the map, and its corps HQ chosen), the
house-rule options and the seed.

Nothing is built until Start; then the engine builds the campaign and every starting
formation, and a refusal (a composition limit, a stacking rule) is shown here with its
rule, the wizard staying open with everything entered.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.accessible import name_controls
from hexcampaign.app.campaign.hex_pick import HexPickDialog
from hexcampaign.app.campaign.order_dialog import steady
from hexcampaign.app.campaign.unit_picker import UnitPicker, UnitsButton  # noqa: F401
from hexcampaign.app.campaign.wizard_options import OPTION_TEXTS, OptionsPage  # noqa: F401
from hexcampaign.app.dialogs import folders
from hexcampaign.app.i18n import file_filter, fill_in, translate
from hexcampaign.campaign import Campaign, IllegalAction, Options, UnitChart, UnitChartError
from hexcampaign.campaign.tables import campaign_rules
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap, MapFormatError, load_map
from hexcampaign.paths import maps_path

SAMPLE_MAP = "cm-sample.hexmap"
SHIPPED_CHARTS = ("german", "us")
KINDS = ("infantry", "mechanised", "corps")
ABOVE = -1  # a division's corps: the last corps HQ of its side listed above it
KEY_ROLE = Qt.ItemDataRole.UserRole  # a row's own key, on its hex cell (rows move)
UNHELD = "—"
# The starting formations' columns.
SIDE, KIND, HEX, UNITS, EXPERIENCE, DUG_IN, NAME, CORPS = range(8)


@dataclass
class StartingFormation:
    """One row of the starting order of battle. `corps` is the index (in the rows) of
    the corps HQ a division comes under, None for none, or ABOVE: the last corps HQ of
    its side listed above it. `name` empty: the engine's numbered name."""

    side_index: int
    kind: str
    where: str  # the printed hex coordinate, e.g. "0410"
    units: list[str] = field(default_factory=list)
    experience: str = "regular"
    dug_in: bool = False
    name: str = ""
    corps: int | None = ABOVE


def standard_start(hexmap: HexMap, capitals: list[Hex], charts: list[UnitChart]):
    """A small opening force per side: a corps HQ with one artillery unit on the capital
    and an infantry division of two infantry companies and one armour unit beside it."""
    rows: list[StartingFormation] = []
    rules = campaign_rules()
    for i, (capital, chart) in enumerate(zip(capitals, charts, strict=True)):
        by_group: dict[str, list[str]] = {}
        for t in chart.types:
            group = rules.group(t.category)
            if t.available_from_turn <= 1:
                by_group.setdefault(group, []).append(t.id)
        enemy = capitals[1 - i]
        beside = min(hexmap.neighbours_on_map(capital), key=lambda h: (h.distance(enemy), h.q, h.r))
        rows.append(
            StartingFormation(i, "corps", hexmap.label(capital), by_group.get("artillery", [])[:1])
        )
        infantry = by_group.get("infantry", [])[:1] * 2
        armour = by_group.get("armour", [])[:1]
        rows.append(StartingFormation(i, "infantry", hexmap.label(beside), infantry + armour))
    return rows


def corps_rows(rows: list[StartingFormation]) -> list[int | None]:
    """Each row's corps HQ row (an index), or None: ABOVE read as the last corps HQ of
    the row's side listed above it. ValueError names a row whose corps is no corps HQ
    of its side."""
    parents: list[int | None] = []
    for n, row in enumerate(rows):
        parent = row.corps
        if row.kind == "corps":
            parent = None
        elif parent == ABOVE:
            above = [i for i in range(n) if rows[i].kind == "corps"]
            above = [i for i in above if rows[i].side_index == row.side_index]
            parent = above[-1] if above else None
        elif parent is not None and not (
            0 <= parent < len(rows)
            and rows[parent].kind == "corps"
            and rows[parent].side_index == row.side_index
        ):
            raise ValueError(
                f"Starting formation {n + 1}: its corps (row {parent + 1}) is not a corps HQ "
                "of its side."
            )
        parents.append(parent)
    return parents


def deploy_starting_formations(c: Campaign, names, rows: list[StartingFormation]) -> None:
    """Deploy the rows through the engine, the corps HQs first so that a division may
    come under any of its side's (`corps_rows`); a refusal names the row
    (IllegalAction, ValueError)."""
    by_label = {c.map.label(h): h for h in c.map.hexes()}
    parents = corps_rows(rows)
    fids: dict[int, str] = {}
    for i in sorted(range(len(rows)), key=lambda i: rows[i].kind != "corps"):
        row, n = rows[i], i + 1
        side = names[row.side_index]
        where = by_label.get(row.where)
        if where is None:
            raise ValueError(f"Starting formation {n}: there is no hex {row.where!r} on the map.")
        parent = parents[i]
        try:
            fids[i] = c.deploy(
                side,
                row.kind,
                where,
                row.units,
                corps=None if parent is None else fids[parent],
                experience=row.experience,
                dug_in=row.dug_in,
                name=row.name.strip() or None,
            )
        except IllegalAction as e:
            raise IllegalAction(f"Starting formation {n}: {e}", e.rule) from None


class NewCampaignDialog(QDialog):
    started = Signal(object)  # the Campaign, once built

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("NewCampaignDialog", "New CM campaign"))
        self.hexmap: HexMap | None = None
        self.map_path: Path | None = None
        self.campaign: Campaign | None = None
        self.charts: list[UnitChart | None] = [None, None]
        layout = QVBoxLayout(self)
        self.tabs = QTabWidget(self)
        layout.addWidget(self.tabs, 1)
        self.tabs.addTab(self._map_page(), translate("NewCampaignDialog", "1. Map and sides"))
        self.tabs.addTab(self._forces_page(), translate("NewCampaignDialog", "2. Starting formations"))
        self.options_page = OptionsPage(self)
        self.tabs.addTab(self.options_page, translate("NewCampaignDialog", "3. Options and seed"))
        # (The page's fields, as the wizard's own: scripts and tests fill them in here.)
        page = self.options_page
        self.option_boxes, self.draw_box = page.option_boxes, page.draw_box
        self.experience_box, self.last_turn = page.experience_box, page.last_turn
        self.victory_vp, self.start_date = page.victory_vp, page.start_date
        self.days_per_turn, self.seed = page.days_per_turn, page.seed
        self.refusal = QLabel(self)
        self.refusal.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.refusal.setObjectName("wizard-refusal")
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("QLabel { color: #8b0000; background: #fdecea; padding: 4px; }")
        self.refusal.hide()
        steady(self.refusal)  # showing a refusal never moves the buttons
        layout.addWidget(self.refusal)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(translate("NewCampaignDialog", "Start the campaign"))
        self.buttons.accepted.connect(self.start)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.resize(1060, 600)
        self.use_map(load_map(maps_path(SAMPLE_MAP)), maps_path(SAMPLE_MAP))
        name_controls(self)  # names for a screen reader (app/accessible.py)

    # --- the pages ---------------------------------------------------------------------------

    def _map_page(self) -> QWidget:
        page = QWidget(self)
        layout = QVBoxLayout(page)
        row = QHBoxLayout()
        self.map_label = QLabel(page)
        self.map_label.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.map_label.setWordWrap(True)
        sample = QPushButton(translate("NewCampaignDialog", "The sample CM map"), page)
        sample.clicked.connect(
            lambda: self.use_map(load_map(maps_path(SAMPLE_MAP)), maps_path(SAMPLE_MAP))
        )
        other = QPushButton(translate("NewCampaignDialog", "Another map…"), page)
        other.clicked.connect(self._choose_map)
        map_words = QLabel(translate("NewCampaignDialog", "Map:"), page)
        row.addWidget(map_words)
        self.map_label.setAccessibleName(translate("NewCampaignDialog", "The campaign's map"))
        row.addWidget(self.map_label, 1)
        row.addWidget(sample)
        row.addWidget(other)
        layout.addLayout(row)
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
        for capital in self.capital_boxes:
            capital.currentIndexChanged.connect(lambda _i: self._fill_places())
        for name in self.side_names:
            name.textChanged.connect(lambda _t: self._rename_sides())
            name.textChanged.connect(lambda _t: self._edited())
        for capital in self.capital_boxes:
            capital.currentIndexChanged.connect(lambda _i: self._edited())
        return page

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

    def _forces_page(self) -> QWidget:
        page = QWidget(self)
        layout = QVBoxLayout(page)
        note = QLabel(
            translate(
                "NewCampaignDialog",
                "Each row is deployed by the engine (no PP; composition and stacking rules hold). "
                "Type a row's hex or pick it on the map; click its units to pick them from the "
                "side's unit chart; choose the corps HQ each division comes under. A blank name "
                "is the engine's numbered one.",
            ),
            page,
        )
        note.setWordWrap(True)
        layout.addWidget(note)
        self.forces = QTableWidget(0, 8, page)
        self.forces.setObjectName("starting-formations")
        self.forces.setHorizontalHeaderLabels(
            [
                translate("NewCampaignDialog", "Side"),
                translate("NewCampaignDialog", "Kind"),
                translate("NewCampaignDialog", "Hex"),
                translate("NewCampaignDialog", "Units (click to pick from the chart)"),
                translate("NewCampaignDialog", "Experience"),
                translate("NewCampaignDialog", "Dug in"),
                translate("NewCampaignDialog", "Name"),
                translate("NewCampaignDialog", "Corps"),
            ]
        )
        self.forces.setAccessibleName(translate("NewCampaignDialog", "Starting formations"))
        self.forces.setAccessibleDescription(note.text())
        name_header = self.forces.horizontalHeaderItem(NAME)
        if name_header is not None:
            name_header.setToolTip(
                translate("NewCampaignDialog", "Blank: the engine's numbered name (1st Infantry Division)")
            )
        header = self.forces.horizontalHeader()
        header.setSectionResizeMode(UNITS, QHeaderView.ResizeMode.Stretch)
        self.forces.setColumnWidth(DUG_IN, 60)
        self.forces.setColumnWidth(NAME, 150)
        self.forces.setColumnWidth(CORPS, 210)
        self.forces.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        layout.addWidget(self.forces, 1)
        self.forces.itemChanged.connect(lambda _item: self._edited())
        self.forces.itemChanged.connect(lambda _item: self._refresh_corps())
        self._next_key = 0  # each row's own key (its corps choice survives rows moving)
        self.pick_dialog: HexPickDialog | None = None
        row = QHBoxLayout()
        add = QPushButton(translate("NewCampaignDialog", "Add a formation"), page)
        add.clicked.connect(lambda: self.add_formation(StartingFormation(0, "infantry", "")))
        remove = QPushButton(translate("NewCampaignDialog", "Remove"), page)
        remove.clicked.connect(self.remove_formation)
        self.pick_button = QPushButton(translate("NewCampaignDialog", "Pick its hex on the map…"), page)
        self.pick_button.setObjectName("pick-hex")
        self.pick_button.setToolTip(
            translate("NewCampaignDialog", "The selected row's hex: click it on the campaign's map")
        )
        self.pick_button.clicked.connect(lambda: self.pick_hex())
        standard = QPushButton(translate("NewCampaignDialog", "Standard opening forces"), page)
        standard.clicked.connect(self.fill_standard)
        clear = QPushButton(translate("NewCampaignDialog", "None (start empty)"), page)
        clear.clicked.connect(lambda: self.forces.setRowCount(0))
        for b in (add, remove, self.pick_button, standard, clear):
            row.addWidget(b)
        row.addStretch(1)
        layout.addLayout(row)
        self.type_help = QLabel(page)
        self.type_help.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.type_help.setWordWrap(True)
        self.type_help.setStyleSheet("QLabel { color: #555; }")
        layout.addWidget(self.type_help)
        return page

    # --- filling in ----------------------------------------------------------------------

    def use_map(self, hexmap: HexMap, path: Path | None = None) -> bool:
        if hexmap.palette.ruleset != "campaign":
            self.show_refusal(
                f'A CM campaign needs a map drawn with a campaign palette (such as "cm"); '
                f"{hexmap.name or 'this map'} uses the {hexmap.palette.name} palette."
            )
            return False
        self.hexmap, self.map_path = hexmap, path
        self.map_label.setText(
            fill_in(
                translate("NewCampaignDialog", "%1 — %2×%3 hexes, %4 places"),
                hexmap.name or (path.name if path else translate("NewCampaignDialog", "untitled")),
                hexmap.cols,
                hexmap.rows,
                len(hexmap.places()),
            )
        )
        places = sorted(hexmap.places(), key=lambda p: (p.kind != "capital", p.name))
        capitals = [p for p in places if p.kind == "capital"]
        for i, box in enumerate(self.capital_boxes):
            box.clear()
            for p in places:
                box.addItem(f"{p.name} ({hexmap.label(p.hex)}, {p.kind})", p.name)
            if len(capitals) > i:
                box.setCurrentIndex(box.findData(capitals[i].name))
        self.refusal.hide()
        self.fill_standard()
        self._fill_places()
        return True

    def fill_standard(self) -> None:
        try:
            charts = [self.chart(i) for i in range(2)]
            capitals = [self.capital(i) for i in range(2)]
        except (UnitChartError, ValueError) as e:
            self.show_refusal(str(e))
            return
        assert self.hexmap is not None  # (a capital is a place of the map chosen)
        self.forces.setRowCount(0)
        for row in standard_start(self.hexmap, capitals, charts):
            self.add_formation(row)
        self._type_help()

    def add_formation(self, row: StartingFormation) -> None:
        n = self.forces.rowCount()
        # Its corps, chosen now: ABOVE is the last corps HQ of its side listed above it.
        parent = corps_rows([*self.starting_formations(), row])[-1]
        parent_key = None if parent is None else self._key(parent)
        self.forces.blockSignals(True)  # (the row is complete before its corps box is set)
        self.forces.insertRow(n)
        side = QComboBox(self.forces)
        side.addItems(self.side_texts())
        side.setCurrentIndex(row.side_index)
        kind = QComboBox(self.forces)
        kind.addItems(list(KINDS))
        kind.setCurrentText(row.kind)
        experience = QComboBox(self.forces)
        experience.addItems(campaign_rules().experience_levels)
        experience.setCurrentText(row.experience)
        dug_in = QCheckBox(self.forces)
        dug_in.setChecked(row.dug_in)
        self.forces.setCellWidget(n, SIDE, side)
        self.forces.setCellWidget(n, KIND, kind)
        where = QTableWidgetItem(row.where)
        where.setData(KEY_ROLE, self._next_key)
        self._next_key += 1
        self.forces.setItem(n, HEX, where)
        units = UnitsButton(self, side, row.units)
        self.forces.setCellWidget(n, UNITS, units)
        self.forces.setCellWidget(n, EXPERIENCE, experience)
        self.forces.setCellWidget(n, DUG_IN, dug_in)
        self.forces.setItem(n, NAME, QTableWidgetItem(row.name))
        corps = QComboBox(self.forces)
        corps.setObjectName("corps")
        self.forces.setCellWidget(n, CORPS, corps)
        self.forces.blockSignals(False)
        self._refresh_corps()
        if parent_key is not None:
            corps.setCurrentIndex(max(corps.findData(parent_key), 0))
        for box in (side, kind):
            box.currentIndexChanged.connect(lambda _i: self._refresh_corps())
        corps.currentIndexChanged.connect(lambda _i: self._edited())

    def remove_formation(self) -> None:
        self.forces.removeRow(self.forces.currentRow())
        self._refresh_corps()

    def _key(self, row: int) -> int | None:
        item = self.forces.item(row, HEX)
        return None if item is None else item.data(KEY_ROLE)

    def _refresh_corps(self) -> None:
        """Each division's Corps box lists its side's corps HQ rows (by name or hex),
        keeping its choice while that row is still a corps HQ of the side; a corps HQ
        row has none."""
        rows = range(self.forces.rowCount())
        if any(self._cell(n, CORPS) is None for n in rows):
            return  # a row being added
        corps_of = [
            (n, self._cell(n, SIDE).currentIndex())
            for n in rows
            if self._cell(n, KIND).currentText() == "corps"
        ]
        for n in rows:
            box = self._cell(n, CORPS)
            kept = box.currentData()
            box.blockSignals(True)
            box.clear()
            if self._cell(n, KIND).currentText() == "corps":
                box.addItem(UNHELD, None)
                box.setEnabled(False)
            else:
                box.setEnabled(True)
                box.addItem("none", None)
                side = self._cell(n, SIDE).currentIndex()
                for m, corps_side in corps_of:
                    if corps_side == side:
                        box.addItem(self._corps_title(m), self._key(m))
                box.setCurrentIndex(max(box.findData(kept), 0) if kept is not None else 0)
            box.blockSignals(False)

    def _corps_title(self, row: int) -> str:
        name = self.forces.item(row, NAME)
        where = self.forces.item(row, HEX)
        title = (name.text().strip() if name else "") or "Corps HQ"
        at = where.text().strip() if where else ""
        return f"{title} at {at} (row {row + 1})" if at else f"{title} (row {row + 1})"

    def pick_hex(self, row: int | None = None) -> HexPickDialog | None:
        """Pick the hex of a starting formation (the selected row) on the map chosen: a
        window with the map opens, and the hex clicked there fills the row's Hex."""
        row = self.forces.currentRow() if row is None else row
        if self.hexmap is None or not 0 <= row < self.forces.rowCount():
            self.show_refusal("Select a starting formation first, then pick its hex on the map.")
            return None
        hexmap = self.hexmap
        dialog = HexPickDialog(hexmap, f"for starting formation {row + 1}", self)
        key = self._key(row)

        def picked(_result: int) -> None:
            if dialog.hex is None:
                return
            for n in range(self.forces.rowCount()):
                if self._key(n) == key:
                    item = self.forces.item(n, HEX)
                    if item is not None:
                        item.setText(hexmap.label(dialog.hex))

        dialog.finished.connect(picked)
        self.pick_dialog = dialog
        dialog.open()
        return dialog

    def side_texts(self) -> list[str]:
        """The sides as typed on the first page (for the Side column)."""
        return [box.text().strip() or f"side {i + 1}" for i, box in enumerate(self.side_names)]

    def _rename_sides(self) -> None:
        if not hasattr(self, "forces"):
            return
        texts = self.side_texts()
        for n in range(self.forces.rowCount()):
            box = self._cell(n, SIDE)
            for i, text in enumerate(texts):
                box.setItemText(i, text)
        for n in range(self.places.rowCount()):
            held = self.places.cellWidget(n, 4)
            if isinstance(held, QComboBox):
                for i, text in enumerate(texts):
                    held.setItemText(i, text)
        self._type_help()  # "Axis: 23 unit types", not the name the side had before

    def _edited(self) -> None:
        # A refusal says what was wrong with what was entered; an edit may have fixed
        # it, so it goes (Start checks again).
        self.refusal.hide()

    def starting_formations(self) -> list[StartingFormation]:
        rows = []
        keys = [self._key(n) for n in range(self.forces.rowCount())]
        for n in range(self.forces.rowCount()):
            corps = self._cell(n, CORPS)
            parent = corps.currentData() if corps is not None else None
            rows.append(
                StartingFormation(
                    self._cell(n, SIDE).currentIndex(),
                    self._cell(n, KIND).currentText(),
                    where.text().strip() if (where := self.forces.item(n, HEX)) else "",
                    list(self._cell(n, UNITS).units),
                    self._cell(n, EXPERIENCE).currentText(),
                    self._cell(n, DUG_IN).isChecked(),
                    name.text().strip() if (name := self.forces.item(n, NAME)) else "",
                    None if parent is None or parent not in keys else keys.index(parent),
                )
            )
        return rows

    def _cell(self, row: int, column: int) -> Any:
        """The widget of a starting formation's cell (a side or kind box, the units
        button, the experience box, the dug-in check)."""
        return self.forces.cellWidget(row, column)

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

    def options(self) -> Options:
        return self.options_page.options()

    # --- starting ---------------------------------------------------------------------------

    def build(self) -> Campaign:
        """The campaign as entered (raises ValueError / IllegalAction / UnitChartError)."""
        if self.hexmap is None:
            raise ValueError("Choose a map with a campaign palette.")
        names = tuple(box.text().strip() for box in self.side_names)
        if not all(names):
            raise ValueError("Each side needs a name.")
        capitals = [self.capital(i) for i in range(2)]
        if capitals[0] == capitals[1]:
            raise ValueError("The two sides need different capitals.")
        charts = {names[i]: self.chart(i) for i in range(2)}
        c = Campaign.new(
            self.hexmap,
            sides=names,  # type: ignore[arg-type]
            capitals=dict(zip(names, capitals, strict=True)),
            charts=charts,
            seed=self.seed.value() or None,  # 0 ("none"): dice from entropy
            options=self.options(),
            holdings={place: names[i] for place, i in self.holdings().items()},
        )
        for i, name in enumerate(names):
            if self.pp_boxes[i].value():
                c.adjust_pp(
                    name, self.pp_boxes[i].value(), "starting PP set in the new-campaign wizard"
                )
        deploy_starting_formations(c, names, self.starting_formations())
        return c

    def start(self) -> bool:
        try:
            c = self.build()
        except (ValueError, IllegalAction, UnitChartError) as e:
            self.show_refusal(str(e))
            return False
        self.campaign = c
        self.started.emit(c)
        self.accept()
        return True

    def show_refusal(self, sentence: str) -> None:
        self.refusal.setText(sentence)
        self.refusal.show()

    def _choose_map(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, translate("NewCampaignDialog", "A map for the campaign"), str(folders.start_folder(self, "map")),
            file_filter("Hex maps (*.hexmap)"),
        )
        if not path:
            return
        folders.remember_folder(self, "map", path)
        try:
            self.use_map(load_map(path), Path(path))
        except (MapFormatError, OSError) as e:
            self.show_refusal(str(e))

    def _chart_chosen(self, i: int) -> None:
        if self.chart_boxes[i].currentData() != "file":
            self._type_help()
            return
        path, _ = QFileDialog.getOpenFileName(
            self, translate("NewCampaignDialog", "A unit chart"), str(folders.start_folder(self, "unit-chart")),
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

    def _type_help(self) -> None:
        texts = []
        for i in range(2):
            try:
                chart = self.chart(i)
            except UnitChartError:
                continue
            texts.append(f"{self.side_texts()[i]}: {len(chart.types)} unit types in its chart")
        self.type_help.setText("\n".join(texts))
        for n in range(self.forces.rowCount()):
            self._cell(n, UNITS).show_names()
