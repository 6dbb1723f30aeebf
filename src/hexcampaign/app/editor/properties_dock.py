"""The Properties dock: everything on the selected hex, each field editable.

Every change the user makes here is one undo step (push_edit), refused changes put
their sentence in the status bar and the dock shows the map as it really is again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.editor.cascades import drop_stranded_bridges
from hexcampaign.app.editor.commands import CommandId, push_edit, refusal
from hexcampaign.app.editor.docks import scrolling
from hexcampaign.app.editor.lines_box import LinesBox
from hexcampaign.app.editor.tools import PlaceValues
from hexcampaign.app.editor.tools.place import check_place_values, replace_place
from hexcampaign.hexes import DIRECTION_NAMES, Hex, HexSide
from hexcampaign.maps import HexMap, MapEditError
from hexcampaign.maps.changes import Change, ChangeSet
from hexcampaign.rules import IllegalAction

CLIFF_CHOICES = (("none", "—"), ("here", "top here"), ("there", "top there"))


class PropertiesDock(QDockWidget):
    def __init__(
        self,
        status: Callable[[str], None],
        parent: QWidget,
        focus_canvas: Callable[[], None] | None = None,
        go_to: Callable[[Hex], None] | None = None,
    ) -> None:
        super().__init__("Properties", parent)
        self.setObjectName("editor-properties")
        self.status = status
        # Enter or Escape in a field hands the keyboard back to the canvas, so the
        # one-letter tool shortcuts work again without a click on the map.
        self.focus_canvas = focus_canvas or (lambda: None)
        # Centres the map on a hex and selects it (a pick in the note search).
        self.go_to = go_to or self.show_hex
        self.document: Any = None
        self.hex: Hex | None = None
        self._refreshing = False

        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(6, 6, 6, 6)
        self.title = QLabel("No hex selected: click one with the Inspect tool.")
        self.title.setWordWrap(True)
        column.addWidget(self.title)

        self.hex_box = QGroupBox("Hex")
        form = QFormLayout(self.hex_box)
        self.terrain = QComboBox()
        self.terrain.activated.connect(self._terrain_changed)
        self.elevation = QSpinBox()
        self.elevation.setRange(-99, 99)
        self.elevation.editingFinished.connect(self._elevation_changed)
        self.river = QCheckBox("River")
        self.river.clicked.connect(self._river_changed)
        self.bridge = QCheckBox("Bridge")
        self.bridge.clicked.connect(self._bridge_changed)
        water = QHBoxLayout()
        water.addWidget(self.river)
        water.addWidget(self.bridge)
        form.addRow("Terrain:", self.terrain)
        form.addRow("Elevation:", self.elevation)
        form.addRow(water)
        column.addWidget(self.hex_box)

        self.sides_box = QGroupBox("Hexsides")
        grid = QGridLayout(self.sides_box)
        grid.addWidget(QLabel("Road"), 0, 1)
        grid.addWidget(QLabel("Cliff"), 0, 2)
        self.roads: list[QCheckBox] = []
        self.cliffs: list[QComboBox] = []
        for d, name in enumerate(DIRECTION_NAMES):
            grid.addWidget(QLabel(name), d + 1, 0)
            road = QCheckBox()
            road.clicked.connect(lambda on, d=d: self._road_changed(d, on))
            cliff = QComboBox()
            for key, text in CLIFF_CHOICES:
                cliff.addItem(text, key)
            cliff.activated.connect(lambda _i, d=d: self._cliff_changed(d))
            grid.addWidget(road, d + 1, 1)
            grid.addWidget(cliff, d + 1, 2)
            self.roads.append(road)
            self.cliffs.append(cliff)
        column.addWidget(self.sides_box)

        self.place_box = QGroupBox("Place")
        place_form = QFormLayout(self.place_box)
        self.place_name = QLineEdit()
        self.place_name.setPlaceholderText("no place here")
        self.place_kind = QComboBox()
        self.place_vp = QSpinBox()
        self.place_vp.setRange(0, 999)
        self.place_pp = QSpinBox()
        self.place_pp.setRange(0, 999)
        buttons = QHBoxLayout()
        self.place_apply = QPushButton("Apply")
        self.place_apply.clicked.connect(self._place_apply)
        self.place_remove = QPushButton("Remove")
        self.place_remove.clicked.connect(self._place_remove)
        buttons.addWidget(self.place_apply)
        buttons.addWidget(self.place_remove)
        place_form.addRow("Name:", self.place_name)
        place_form.addRow("Kind:", self.place_kind)
        place_form.addRow("VP:", self.place_vp)
        place_form.addRow("PP:", self.place_pp)
        place_form.addRow(buttons)
        column.addWidget(self.place_box)
        self._build_note_box(column)
        self._build_find_box(column)
        # Every river and road by name: pick, rename, delete (app/editor/lines_box.py).
        self.lines_box = LinesBox(self.status, lambda: self.document, self.go_to)
        column.addWidget(self.lines_box)
        column.addStretch(1)
        self.setWidget(scrolling(body))
        for field in (self.terrain, self.elevation, self.place_name, self.place_kind,
                      self.place_vp, self.place_pp, *self.cliffs):
            field.installEventFilter(self)
        self.refresh()

    def _build_note_box(self, column: QVBoxLayout) -> None:
        """The hex's note: free text, and named properties as a two-column table whose
        last row is always empty (type there to add one). Apply keeps both as one undo
        step; an empty note with no properties is no note."""
        self.note_box = QGroupBox("Note")
        layout = QVBoxLayout(self.note_box)
        self.note_text = QPlainTextEdit()
        self.note_text.setPlaceholderText("no note on this hex")
        self.note_text.setMaximumHeight(90)
        self.note_text.setAccessibleName("Note text")
        self.note_properties = QTableWidget(1, 2)
        self.note_properties.setHorizontalHeaderLabels(["Property", "Value"])
        self.note_properties.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.note_properties.verticalHeader().setVisible(False)
        self.note_properties.setMaximumHeight(130)
        self.note_properties.setAccessibleName("Note properties")
        self.note_properties.itemChanged.connect(self._property_typed)
        buttons = QHBoxLayout()
        self.note_apply = QPushButton("Apply note")
        self.note_apply.clicked.connect(self._note_apply)
        self.note_remove = QPushButton("Remove note")
        self.note_remove.clicked.connect(self._note_remove)
        buttons.addWidget(self.note_apply)
        buttons.addWidget(self.note_remove)
        layout.addWidget(self.note_text)
        layout.addWidget(self.note_properties)
        layout.addLayout(buttons)
        column.addWidget(self.note_box)

    def _build_find_box(self, column: QVBoxLayout) -> None:
        """Edit › Find hex note…: the hexes whose note or properties hold the typed text;
        a pick centres the map on the hex and selects it."""
        self.find_box = QGroupBox("Find in hex notes")
        layout = QVBoxLayout(self.find_box)
        self.find_field = QLineEdit()
        self.find_field.setPlaceholderText("text, property or value")
        self.find_field.setClearButtonEnabled(True)
        self.find_field.setAccessibleName("Find in hex notes")
        self.find_field.textChanged.connect(self._find)
        self.find_results = QListWidget()
        self.find_results.setMaximumHeight(120)
        self.find_results.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.find_results.itemActivated.connect(self._found_picked)
        self.find_results.itemClicked.connect(self._found_picked)
        layout.addWidget(self.find_field)
        layout.addWidget(self.find_results)
        column.addWidget(self.find_box)

    def start_find(self) -> None:
        """Edit › Find hex note…: the dock shown and the search field ready for typing."""
        self.show()
        self.raise_()
        area = self.widget()
        if isinstance(area, QScrollArea):  # the field sits below the hex's boxes
            area.ensureWidgetVisible(self.find_box)
        self.find_field.setFocus()
        self.find_field.selectAll()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            return False
        if not isinstance(event, QKeyEvent):
            return False
        key = event.key()
        if key not in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Escape):
            return False
        if kind == QEvent.Type.ShortcutOverride:
            event.accept()  # the field's key, not the window's Escape (cancel a stroke)
            return False
        if isinstance(watched, QComboBox) and watched.view().isVisible():
            return False  # the open list takes Enter and Escape itself
        if key == Qt.Key.Key_Escape:
            self.refresh()  # the typing is dropped: the fields show the map again
        elif watched in (self.place_name, self.place_kind, self.place_vp, self.place_pp):
            if (self.place_name.text().strip() or self._place_here()) and not self._place_apply():
                return True  # refused: the sentence is in the status bar, the typing stays
        elif watched is self.elevation:
            self.elevation.interpretText()
            self._elevation_changed()
        self.focus_canvas()
        return True

    def _place_here(self) -> bool:
        m = self.map
        return m is not None and self.hex is not None and m.place_at(self.hex) is not None

    # --- following the document and the selection --------------------------------------

    def attach(self, document: Any) -> None:
        self.document = document
        self.hex = None
        self.refresh()
        self._find()
        self.lines_box.show_hex(None)

    def show_hex(self, h: Hex | None) -> None:
        self.hex = h
        self.refresh()
        self.lines_box.show_hex(h)

    def map_changed(self, changes: ChangeSet) -> None:
        self.lines_box.map_changed(changes)
        if changes.flags & (Change.NOTE | Change.GRID) and self.find_field.text().strip():
            self._find()
        if self.hex is None:
            return
        if (
            changes.flags & (Change.GRID | Change.META)
            or not changes.hexes
            or (self.hex in changes.hexes or any(n in changes.hexes for n in self.hex.neighbors()))
        ):
            self.refresh()

    def refresh(self) -> None:
        self._refreshing = True
        try:
            self._refresh()
        finally:
            self._refreshing = False

    def _refresh(self) -> None:
        shown = self._shown()
        for box in (self.hex_box, self.sides_box, self.place_box, self.note_box):
            box.setEnabled(shown is not None)
        if shown is None:
            self.title.setText("No hex selected: click one with the Inspect tool.")
            self._clear_fields()  # greyed out, they must not show the last hex's values
            return
        import html  # here, not at the top: no hex is shown at start-up (~1.5 ms)

        m, h = shown
        here = m.place_at(h)
        # Rich text for the bold hex number; the place name is the map's, escaped.
        noted = " (note below)" if m.note(h) is not None else ""
        self.title.setText(f"<b>Hex {m.label(h)}</b>" + (f" — {html.escape(here.name)}" if here else "") + noted)
        self.terrain.clear()
        for t in m.palette.terrains_list:
            self.terrain.addItem(t.label, t.name)
        self.terrain.setCurrentIndex(self.terrain.findData(m.terrain(h)))
        self.elevation.setValue(m.elevation(h))
        self.river.setChecked(m.is_river(h))
        self.bridge.setChecked(m.has_bridge(h))
        for d, n in enumerate(h.neighbors()):
            inside = m.contains(n)
            self.roads[d].setEnabled(inside)
            self.cliffs[d].setEnabled(inside)
            self.roads[d].setChecked(inside and m.has_road(h, n))
            top = m.cliff_top(h, n) if inside else None
            key = "none" if top is None else ("here" if top == h else "there")
            self.cliffs[d].setCurrentIndex(self.cliffs[d].findData(key))
        place = m.place_at(h)
        self.place_kind.clear()
        self.place_kind.addItems(list(m.palette.place_kinds))
        self.place_name.setText(place.name if place else "")
        if place:
            if self.place_kind.findText(place.kind) < 0:
                self.place_kind.addItem(place.kind)
            self.place_kind.setCurrentText(place.kind)
        self.place_vp.setValue(place.vp if place else 0)
        self.place_pp.setValue(place.pp if place else 0)
        self.place_apply.setText("Apply" if place else "Add place")
        self.place_remove.setEnabled(place is not None)
        note = m.note(h)
        self._show_note(note.text if note else "", note.properties if note else ())
        self.note_remove.setEnabled(note is not None)

    def _clear_fields(self) -> None:
        self.terrain.clear()
        self.elevation.setValue(0)
        self.river.setChecked(False)
        self.bridge.setChecked(False)
        for d in range(6):
            self.roads[d].setChecked(False)
            self.cliffs[d].setCurrentIndex(self.cliffs[d].findData("none"))
        self.place_name.setText("")
        self.place_vp.setValue(0)
        self.place_pp.setValue(0)
        self._show_note("", ())

    def _show_note(self, text: str, properties: tuple[tuple[str, str], ...]) -> None:
        self.note_text.setPlainText(text)
        table = self.note_properties
        table.blockSignals(True)
        table.setRowCount(len(properties) + 1)
        for row, pair in enumerate((*properties, ("", ""))):
            for col, value in enumerate(pair):
                table.setItem(row, col, QTableWidgetItem(value))
        table.blockSignals(False)

    def _property_typed(self, _item: QTableWidgetItem) -> None:
        """Typing in the last (empty) row adds another empty row below it."""
        table = self.note_properties
        last = table.rowCount() - 1
        if any((table.item(last, c) or QTableWidgetItem()).text().strip() for c in (0, 1)):
            table.blockSignals(True)
            table.insertRow(last + 1)
            for c in (0, 1):
                table.setItem(last + 1, c, QTableWidgetItem(""))
            table.blockSignals(False)

    def note_values(self) -> tuple[str, list[tuple[str, str]]]:
        """The note as typed: its text and its (name, value) rows, empty rows left out."""
        table = self.note_properties
        rows = []
        for row in range(table.rowCount()):
            name, value = ((table.item(row, c) or QTableWidgetItem()).text() for c in (0, 1))
            if name.strip() or value.strip():
                rows.append((name, value))
        return self.note_text.toPlainText(), rows

    @property
    def map(self) -> HexMap | None:
        return self.document.map if self.document is not None else None

    def _shown(self) -> tuple[HexMap, Hex] | None:
        """The map and the hex the fields are about, when a hex of the map is selected."""
        m, h = self.map, self.hex
        return (m, h) if m is not None and h is not None and m.contains(h) else None

    # --- edits, each one undo step ----------------------------------------------------------

    def _edit(self, text: str, hexes: list[Hex], change) -> None:
        if self._refreshing or self.document is None or self.hex is None:
            return
        try:
            push_edit(self.document, text, hexes, change, CommandId.HEX_PROPERTIES)
        except (IllegalAction, MapEditError) as error:
            self.status(refusal(error))
        self.refresh()

    def _terrain_changed(self, _index: int) -> None:
        if (shown := self._shown()) is None:
            return
        here, h = shown
        name = self.terrain.currentData()
        self._edit(f"Terrain of {here.label(h)}", [h], lambda m: m.set_terrain(h, name))

    def _elevation_changed(self) -> None:
        if (shown := self._shown()) is None:
            return
        here, h = shown
        level = self.elevation.value()
        if here.elevation(h) != level:
            self._edit(f"Elevation of {here.label(h)}", [h], lambda m: m.set_elevation(h, level))

    def _river_changed(self, on: bool) -> None:
        if (shown := self._shown()) is None:
            return
        here, h = shown
        self._edit(f"River at {here.label(h)}", [h], lambda m: m.set_river(h, on))

    def _bridge_changed(self, on: bool) -> None:
        if (shown := self._shown()) is None:
            return
        here, h = shown
        self._edit(f"Bridge at {here.label(h)}", [h], lambda m: m.set_bridge(h, on))

    def _road_changed(self, direction: int, on: bool) -> None:
        if (shown := self._shown()) is None:
            return
        here, h = shown
        n = h.neighbor(direction)

        def change(m: HexMap) -> None:
            if on:
                m.add_road(h, n)
            else:
                m.remove_road(h, n)
                drop_stranded_bridges(m, [h, n])

        self._edit(f"Road {m_label(here, h)}–{m_label(here, n)}", [h, n], change)

    def _cliff_changed(self, direction: int) -> None:
        if (shown := self._shown()) is None:
            return
        h = shown[1]
        n = h.neighbor(direction)
        key = self.cliffs[direction].currentData()

        def change(m: HexMap) -> None:
            m.remove_cliff(h, n)
            if key == "here":
                m.add_cliff(h, n)
            elif key == "there":
                m.add_cliff(n, h)

        side = HexSide.between(h, n)
        self._edit(f"Cliff {side}", [h, n], change)

    def _place_apply(self) -> bool:
        """False when the values are refused (the sentence goes to the status bar)."""
        if self.map is None or self.hex is None:
            return False
        h = self.hex
        existing = self.map.place_at(h)
        values = PlaceValues(
            self.place_name.text().strip(),
            self.place_kind.currentText(),
            self.place_vp.value(),
            self.place_pp.value(),
        )
        try:
            check_place_values(self.map, values, existing)
        except IllegalAction as error:
            self.status(error.reason)
            return False
        if existing is None:
            self._edit(
                f"Add place {values.name}",
                [h],
                lambda m: m.add_place(h, values.name, values.kind, values.vp, values.pp),
            )
        else:
            self._edit(
                f"Edit place {values.name}", [h], lambda m: replace_place(m, existing, values)
            )
        return True

    def _place_remove(self) -> None:
        if (shown := self._shown()) is None:
            return
        here, h = shown
        place = here.place_at(h)
        if place is not None:
            self._edit(f"Delete {place.name}", [h], lambda m: m.remove_place(place.name))


    def _note_apply(self) -> None:
        if (shown := self._shown()) is None:
            return
        here, h = shown
        text, rows = self.note_values()
        self._edit(f"Note on {here.label(h)}", [h], lambda m: m.set_note(h, text, rows))

    def _note_remove(self) -> None:
        if (shown := self._shown()) is None:
            return
        here, h = shown
        if here.note(h) is not None:
            self._edit(f"Remove the note on {here.label(h)}", [h], lambda m: m.remove_note(h))

    def _find(self, _text: str = "") -> None:
        self.find_results.clear()
        m, query = self.map, self.find_field.text().strip()
        if m is None or not query:
            return
        notes = m.notes()
        for h in m.find_notes(query):
            note = notes[h]
            summary = (note.text.splitlines() or [", ".join(f"{k}: {v}" for k, v in note.properties)])[0]
            item = QListWidgetItem(f"{m.label(h)}  {summary[:60]}")
            item.setData(Qt.ItemDataRole.UserRole, h)
            self.find_results.addItem(item)
        if not self.find_results.count():
            self.find_results.addItem(QListWidgetItem(f"No hex note holds {query[:40]!r}."))

    def _found_picked(self, item: QListWidgetItem) -> None:
        h = item.data(Qt.ItemDataRole.UserRole)
        if h is not None and self.map is not None and self.map.contains(h):
            self.go_to(Hex(*h))


def m_label(m: HexMap | None, h: Hex) -> str:
    return m.label(h) if m is not None else str(h)
