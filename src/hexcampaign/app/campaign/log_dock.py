"""The campaign log dock (every event, newest at the bottom, plus the umpire's notes)
and the per-side turn report export."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QFont, QTextCursor
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.campaign import flags as desk_flags
from hexcampaign.app.campaign.order_dialog import narrow
from hexcampaign.app.campaign.reports import export_turn_report
from hexcampaign.app.dialogs import folders
from hexcampaign.app.plain_text import literal
from hexcampaign.files import describe_os_error, inside

# The turn report's formats in the export dialog: filter -> suffix.
REPORT_FORMATS = {
    "Markdown (*.md)": ".md",
    "Web page (*.html)": ".html",
    "PDF (*.pdf)": ".pdf",
}


class LogDock(QDockWidget):
    def __init__(self, mode) -> None:
        super().__init__("Campaign log", mode.window)
        self.setObjectName("campaign-log")
        self.mode = mode
        body = QWidget(self)
        layout = QVBoxLayout(body)
        row = QHBoxLayout()
        row.addWidget(QLabel("Show:", body))
        self.filter = QComboBox(body)
        narrow(self.filter, 8)
        self.filter.addItem("every event", None)
        self.filter.currentIndexChanged.connect(lambda _i: self._fill())
        row.addWidget(self.filter, 1)
        layout.addLayout(row)
        row = QHBoxLayout()
        row.addWidget(QLabel("Turn report for:", body))
        self.report_side = QComboBox(body)
        narrow(self.report_side, 6)
        row.addWidget(self.report_side)
        export = QPushButton("Export turn report…", body)
        export.clicked.connect(self.export_dialog)
        row.addWidget(export)
        row.addStretch(1)
        layout.addLayout(row)
        self.text = QPlainTextEdit(body)
        self.text.setObjectName("campaign-log-text")
        self.text.setReadOnly(True)
        font = QFont("DejaVu Sans Mono")
        font.setPointSizeF(max(8.0, font.pointSizeF() * 0.95))
        self.text.setFont(font)
        layout.addWidget(self.text, 1)
        self.setWidget(body)
        mode.watch(desk_flags.LOG_FLAGS, lambda _changes: self.refresh())

    def refresh(self) -> None:
        c = self.mode.campaign
        for box, first in ((self.filter, ("every event", None)),):
            keep = box.currentData()
            box.blockSignals(True)
            box.clear()
            box.addItem(*first)
            if c is not None:
                for side in c.sides:
                    box.addItem(f"{side}'s turns", side)
                box.addItem("umpire's notes", "notes")
            box.setCurrentIndex(max(0, box.findData(keep)))
            box.blockSignals(False)
        keep = self.report_side.currentData()
        self.report_side.clear()
        if c is not None:
            for side in c.sides:
                self.report_side.addItem(side, side)
            self.report_side.setCurrentIndex(max(0, self.report_side.findData(keep)))
        self._fill()

    def lines(self) -> list[str]:
        c = self.mode.campaign
        if c is None:
            return []
        which = self.filter.currentData()
        if which == "notes":
            return [f"Umpire's note — {n}" for n in self.mode.notes]
        lines = c.log if which is None else [x for x in c.log if f", {which}, " in x[:40]]
        if which is None:
            lines = lines + [f"Umpire's note — {n}" for n in self.mode.notes]
        return lines

    def export_report(self, side: str, path: Path | str, turn: int | None = None) -> Path:
        """Markdown, HTML or PDF by the file's suffix (reports.export_turn_report)."""
        return export_turn_report(self.mode.campaign, side, path, turn, self.mode.notes)

    def export_dialog(self) -> Path | None:
        c = self.mode.campaign
        if c is None:
            return None
        side = self.report_side.currentData() or c.side_to_play
        suggested = inside(folders.start_folder(self.mode.window, "log"), f"turn-{c.turn}-{side}.md")
        path, chosen = QFileDialog.getSaveFileName(
            self.mode.window,
            f"Export the {side} turn report",
            str(suggested),
            ";;".join(REPORT_FORMATS),
        )
        if not path:
            return None
        folders.remember_folder(self.mode.window, "log", path)
        target = Path(path)
        if target.suffix.lower() not in REPORT_FORMATS.values():
            # A name typed without its suffix takes the format chosen in the dialog.
            target = target.with_name(target.name + REPORT_FORMATS.get(chosen, ".md"))
        try:
            written = self.export_report(side, target)
        except OSError as e:
            QMessageBox.critical(self.mode.window, "Could not export", literal(describe_os_error(e, target)))
            return None
        self.mode.window.show_message(f"Exported {written.name}.")
        return written

    def _fill(self) -> None:
        self.text.setPlainText("\n".join(self.lines()))
        self.text.moveCursor(QTextCursor.MoveOperation.End)
