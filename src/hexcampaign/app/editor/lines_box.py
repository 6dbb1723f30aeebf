"""The Lines box of the Properties dock: every river and road of the map by name, to
pick one, rename it or delete it (each one undo step)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
)

from hexcampaign.app.editor.commands import CommandId, push_edit, refusal
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap, MapEditError
from hexcampaign.maps.changes import Change, ChangeSet
from hexcampaign.rules import IllegalAction

_KIND_TITLES = {"river": "river", "road": "road", "hexside_river": "river along hexsides"}


class LinesBox(QGroupBox):
    """Rivers and roads listed in the order drawn; those through the selected hex
    first and marked, so clicking a river hex and then its name here is all it takes
    to find the line to rename."""

    def __init__(self, status: Callable[[str], None], document: Callable[[], Any],
                 go_to: Callable[[Hex], None]) -> None:
        super().__init__("Rivers and roads")
        self.status = status
        self.document = document
        self.go_to = go_to
        self.hex: Hex | None = None
        layout = QVBoxLayout(self)
        self.list = QListWidget()
        self.list.setObjectName("lines-list")
        self.list.setToolTip("Every river and road of the map; double-click one to go to its start.")
        self.list.currentItemChanged.connect(self._picked)
        self.list.itemDoubleClicked.connect(self._go)
        self.list.setMaximumHeight(self.list.fontMetrics().height() * 9)  # some 8 lines
        self.name = QLineEdit()
        self.name.setObjectName("line-name")
        self.name.setPlaceholderText("name of the river or road picked above")
        self.name.setMaxLength(80)
        self.name.returnPressed.connect(self.rename)
        self.rename_button = QPushButton("Rename")
        self.rename_button.clicked.connect(self.rename)
        self.delete_button = QPushButton("Delete")
        self.delete_button.setToolTip("Delete the river or road picked, every hex of it (one undo step).")
        self.delete_button.clicked.connect(self.delete)
        # The name on a row of its own: the dock is narrow, and a name is what is read.
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.rename_button)
        buttons.addWidget(self.delete_button)
        layout.addWidget(self.list)
        layout.addWidget(self.name)
        layout.addLayout(buttons)
        self.refresh()

    @property
    def map(self) -> HexMap | None:
        document = self.document()
        return document.map if document is not None else None

    def show_hex(self, h: Hex | None) -> None:
        """A hex picked on the map: the first river or road through it is picked here."""
        self.hex = h
        m = self.map
        through = m.lines_through(h) if m is not None and h is not None and m.contains(h) else []
        self.refresh(through[0] if through else None)

    def map_changed(self, changes: ChangeSet) -> None:
        if changes.flags & (Change.RIVER | Change.ROAD | Change.GRID):
            self.refresh()

    def refresh(self, pick: int | None = None) -> None:
        """List the lines again, keeping the one picked (by index) picked."""
        m = self.map
        current = self.picked() if pick is None else pick
        self.list.blockSignals(True)
        self.list.clear()
        if m is not None:
            lines = m.lines()
            here = set(m.lines_through(self.hex)) if self.hex is not None and m.contains(self.hex) else set()
            order = sorted(range(len(lines)), key=lambda i: (i not in here, i))
            for i in order:
                line = lines[i]
                mark = "• " if i in here else ""
                if line.along:  # a river along hexsides, from the side between two hexes
                    size, start = f"{len(line.along)} hexsides", "/".join(map(m.label, line.along[0].hexes()))
                else:
                    size, start = f"{len(line.hexes)} hexes", m.label(line.hexes[0])
                # The name first: in a narrow dock the end of the text is what is cut.
                item = QListWidgetItem(f"{mark}{line.name} · {_KIND_TITLES[line.kind]}, {size} from {start}")
                item.setData(Qt.ItemDataRole.UserRole, i)
                self.list.addItem(item)
                if i == current or (current is None and i in here and self.list.currentRow() < 0):
                    self.list.setCurrentItem(item)
        self.list.blockSignals(False)
        self._picked()

    def picked(self) -> int | None:
        item = self.list.currentItem()
        return None if item is None else int(item.data(Qt.ItemDataRole.UserRole))

    def _picked(self, *_: object) -> None:
        m, i = self.map, self.picked()
        has = m is not None and i is not None and i < len(m.lines())
        self.name.setText(m.line_at(i).name if has and m is not None and i is not None else "")
        for widget in (self.name, self.rename_button, self.delete_button):
            widget.setEnabled(has)

    def _go(self, item: QListWidgetItem) -> None:
        m = self.map
        if m is not None:
            self.go_to(m.line_at(int(item.data(Qt.ItemDataRole.UserRole))).touched()[0])

    def rename(self) -> None:
        m, i = self.map, self.picked()
        if m is None or i is None:
            return
        old, new = m.line_at(i).name, self.name.text().strip()
        if new == old:
            return
        self._edit(f"Rename {old} to {new}", lambda m: m.rename_line(i, new), i)

    def delete(self) -> None:
        m, i = self.map, self.picked()
        if m is None or i is None:
            return
        line = m.line_at(i)
        self._edit(f"Delete {line.name}", lambda m: m.remove_line(i), None, list(line.touched()))
        self.status(f"Deleted {line.name}; Edit › Undo brings it back.")

    def _edit(self, text: str, change: Callable[[HexMap], object], pick: int | None,
              hexes: list[Hex] | None = None) -> None:
        try:
            push_edit(self.document(), text, hexes or [], change, CommandId.HEX_PROPERTIES)
        except (IllegalAction, MapEditError) as error:
            self.status(refusal(error))
        self.refresh(pick)
