"""The Validation dock: the map's problems (maps.validation), refreshed after edits;
clicking one centres its hex on the canvas and selects it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.hexes import Hex
from hexcampaign.maps.validation import Problem, find_problems

REFRESH_DELAY_MS = 400
# Each problem's kind as the row's heading says it.
KIND_TITLES = {
    "bridge": "Bridge",
    "road_cliff": "Road over a cliff",
    "place_on_river": "Place on a river",
    "unreachable": "Unreachable place",
    "duplicate_name": "Duplicate name",
}
MINIMUM_SIZE = (280, 180)  # pixels: a few two-line rows of forty-odd characters


class ValidationDock(QDockWidget):
    def __init__(self, go_to: Callable[[Hex], None], parent: QWidget) -> None:
        super().__init__("Validation", parent)
        self.setObjectName("editor-validation")
        self.go_to = go_to
        self.document: Any = None
        self.problems: list[Problem] = []
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(6, 6, 6, 6)
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.summary.setWordWrap(True)
        self.list = QListWidget()
        self.list.setAccessibleName("Problems found in the map")
        self.list.setAccessibleDescription("Enter on a problem shows its hex on the map.")
        # Readable rows: each problem wraps over as many lines as it needs at the dock's
        # width (Adjust re-lays the rows when the dock is resized; nothing is elided),
        # rows alternate in shade and keep a little space between them.
        self.list.setWordWrap(True)
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        self.list.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.list.setAlternatingRowColors(True)
        self.list.setSpacing(2)
        self.list.setMinimumSize(*MINIMUM_SIZE)
        self.list.itemClicked.connect(self._clicked)
        self.list.itemActivated.connect(self._clicked)
        column.addWidget(self.summary)
        column.addWidget(self.list, 1)
        self.setWidget(body)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(REFRESH_DELAY_MS)
        self._timer.timeout.connect(self.refresh)
        self._stale = False  # a document attached while the dock was out of sight
        self.visibilityChanged.connect(self._seen)

    def attach(self, document: Any) -> None:
        self.document = document
        if document is None or self.isVisible():
            self.refresh()
        else:
            # Out of sight (a tab behind History when a map opens, or the window not
            # shown yet): the problems are looked for when the dock is first seen, not
            # before a map's first paint (find_problems: ~3 ms of the Kasserine map's).
            self._stale = True

    def _seen(self, visible: bool) -> None:
        if visible and self._stale:
            self.refresh()

    def map_changed(self, _changes=None) -> None:
        self._timer.start()

    def refresh(self) -> None:
        self._stale = False
        self._timer.stop()
        self.list.clear()
        if self.document is None:
            self.problems = []
            self.summary.setText("No map open.")
            return
        self.problems = find_problems(self.document.map)
        for problem in self.problems:
            item = QListWidgetItem(self.row_text(problem))
            item.setData(Qt.ItemDataRole.UserRole, problem.hex)
            item.setToolTip(f"{problem.kind}: click to show the hex")
            self.list.addItem(item)
        count = len(self.problems)
        self.summary.setText(
            "No problems found."
            if not count
            else f"{count} problem{'s' * (count != 1)}: click one to show its hex."
        )

    def row_text(self, problem: Problem) -> str:
        """A problem as its row shows it: where and what on the first line, the
        sentence below it."""
        kind = KIND_TITLES.get(problem.kind, problem.kind.replace("_", " ").capitalize())
        m = self.document.map if self.document is not None else None
        where = f"Hex {m.label(Hex(*problem.hex))}" if m is not None and problem.hex is not None else "Whole map"
        return f"{where} · {kind}\n{problem.message}"

    def _clicked(self, item: QListWidgetItem) -> None:
        h = item.data(Qt.ItemDataRole.UserRole)
        if h is not None:
            self.go_to(Hex(*h))
