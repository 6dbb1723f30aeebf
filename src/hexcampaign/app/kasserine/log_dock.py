"""The game log dock: every action and roll in plain words, with a filter per side and
export (imported from docks.py too)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.files import atomic_write_text
from hexcampaign.kasserine import Game

__all__ = ["LogDock"]


class LogDock(QDockWidget):
    """Every action and roll in plain words, with a filter per side and export."""

    FILTERS = ("Both sides", "German", "Allied")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Game log", parent)
        self.setObjectName("kasserine-log")
        body = QWidget(self)
        self.filter = QComboBox(body)
        self.filter.addItems(self.FILTERS)
        self.export_button = QPushButton("Export…", body)
        self.text = QPlainTextEdit(body)
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        top = QHBoxLayout()
        top.addWidget(QLabel("Show:", body))
        top.addWidget(self.filter, 1)
        top.addWidget(self.export_button)
        layout = QVBoxLayout(body)
        layout.addLayout(top)
        layout.addWidget(self.text, 1)
        self.setWidget(body)
        self.lines: list[str] = []
        self.filter.currentIndexChanged.connect(lambda _i: self._show())

    def refresh(self, game: Game) -> None:
        lines = game.log()
        if lines != self.lines:
            self.lines = lines
            self._show()

    def shown_lines(self) -> list[str]:
        wanted = self.filter.currentText()
        if wanted == self.FILTERS[0]:
            return list(self.lines)
        return [line for line in self.lines if _line_side(line) == wanted]

    def export_to(self, path: Path | str) -> None:
        """Write the shown lines as text (atomic); OSError when the disk refuses."""
        atomic_write_text(Path(path), "\n".join(self.shown_lines()) + "\n")

    def _show(self) -> None:
        self.text.setPlainText("\n".join(self.shown_lines()))
        bar = self.text.verticalScrollBar()
        bar.setValue(bar.maximum())


def _line_side(line: str) -> str:
    """A log line's side, from the phase it names ("Feb 14, German movement: ...")."""
    head = line.split(":", 1)[0]
    return "German" if "German" in head else "Allied" if "Allied" in head else ""
