"""The new-campaign wizard's second page: the starting formations, a row each (its side,
kind, hex typed or picked on the map, units from the side's chart, experience, dug in,
name and corps HQ), and how the rows are deployed through the engine's `deploy` once the
campaign is built.

A part of NewCampaignDialog (wizard.py), which mixes it in: the methods use the dialog's
map, sides, charts and refusal line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.campaign.hex_pick import HexPickDialog
from hexcampaign.app.campaign.unit_picker import UnitsButton
from hexcampaign.app.i18n import translate
from hexcampaign.app.style import WINDOW, ground, quiet_ink
from hexcampaign.campaign import Campaign, IllegalAction, UnitChart, UnitChartError
from hexcampaign.campaign.tables import campaign_rules
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap

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


class StartingFormationsPage:
    """The starting formations' table, its buttons, and the rows read back."""

    # What this part uses of the dialog (wizard.py sets them).
    hexmap: HexMap | None
    show_refusal: Callable[[str], None]
    side_texts: Callable[[], list[str]]
    chart: Callable[[int], UnitChart]
    capital: Callable[[int], Hex]
    _edited: Callable[[], None]

    def _forces_page(self) -> QWidget:
        page = QWidget(cast(QWidget, self))  # (self: the wizard, a QDialog)
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
        self.type_help.setStyleSheet(f"QLabel {{ color: {quiet_ink(ground(role=WINDOW)).name()}; }}")
        layout.addWidget(self.type_help)
        return page

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
        dialog = HexPickDialog(hexmap, f"for starting formation {row + 1}", cast(QWidget, self))
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
