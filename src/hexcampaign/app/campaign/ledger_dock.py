"""The Ledger dock of the umpire's desk: the campaign's summary with its charts, and the
ledger's tables (PP income and spending, losses per formation, places changing hands,
battles with their status and what is owed, VP and PP per turn), all the engine's
(campaign/ledger.py); Export… writes the ledger as Markdown or HTML, the table shown as
CSV or HTML, or the charts as PNG or SVG.

It sits tabbed with the campaign log and redraws only while it is shown (the ledger is
the engine's replay of the log, carried on action by action)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.campaign.campaign_summary import SummaryView
from hexcampaign.app.dialogs import folders
from hexcampaign.app.plain_text import literal
from hexcampaign.campaign.ledger import TABLES, Ledger, export_ledger, ledger, ledger_html
from hexcampaign.files import atomic_write_text, describe_os_error, inside
from hexcampaign.rules.changes import Play, PlayChanges

# Export formats: filter -> suffix. CSV and the one-table HTML are the table shown.
EXPORT_FORMATS = {
    "The whole ledger as Markdown (*.md)": ".md",
    "The whole ledger as a web page (*.html)": ".html",
    "The table shown as CSV (*.csv)": ".csv",
    "The table shown as a web page (*.htm)": ".htm",
    "The charts as PNG pictures (*.png)": ".png",
    "The charts as SVG drawings (*.svg)": ".svg",
}


def install(mode) -> LedgerDock:
    """The dock on the main window, tabbed with the campaign log, shown and hidden with
    the desk's other docks."""
    dock = LedgerDock(mode)
    window = mode.window
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    window.tabifyDockWidget(mode.log_dock, dock)
    mode.battles_dock.raise_()
    # A window not shown yet builds its tab bars when first shown, with the dock tabified
    # last in front: the battles are put back in front then, as docks.py left them.
    if not window.isVisible():
        _FrontAtFirstShow(window, mode.battles_dock, dock)
    # Shown with the desk's docks just before the log (the tab shown last comes to the
    # front): the tab in front stays the one it was.
    docks = mode.docks.all
    docks.insert(docks.index(mode.log_dock), dock)
    dock.hide()
    return dock


class _FrontAtFirstShow(QObject):
    def __init__(self, window, front: QDockWidget, ledger: LedgerDock) -> None:
        super().__init__(window)
        self.front, self.ledger = front, ledger
        window.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 — Qt's name
        if event.type() == QEvent.Type.Show:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self._put_back)
        return False

    def _put_back(self) -> None:
        if not self.ledger.asked and not self.ledger.visibleRegion().isEmpty():
            self.front.raise_()


class LedgerDock(QDockWidget):
    def __init__(self, mode) -> None:
        super().__init__("Ledger", mode.window)
        self.setObjectName("campaign-ledger")
        self.mode = mode
        self.book: Ledger | None = None
        self.asked = False  # shown by the umpire (menu or show_table), not by the layout
        self._stale = True
        body = QWidget(self)
        layout = QVBoxLayout(body)
        self.tabs = QTabWidget(body)
        self.tabs.setObjectName("ledger-tabs")
        self.summary: SummaryView | None = None
        # The summary and its charts scroll: the dock shares the left side with the phases
        # and must not make the window taller than a 1,280×800 screen.
        self._summary_page = QScrollArea(self.tabs)
        self._summary_page.setWidgetResizable(True)
        self._summary_page.setFrameShape(QScrollArea.Shape.NoFrame)
        self.tabs.addTab(self._summary_page, "Summary")
        self.tables: dict[str, QTableWidget] = {}
        for key, title in TABLES.items():
            table = QTableWidget(self.tabs)
            table.setObjectName(f"ledger-{key}")
            table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
            table.setWordWrap(False)
            table.verticalHeader().hide()
            self.tables[key] = table
            self.tabs.addTab(table, title)
        self.tabs.currentChanged.connect(lambda _i: self._fill(self.current_table()))
        self._filled: set[str] = set()
        layout.addWidget(self.tabs, 1)
        row = QHBoxLayout()
        self.note = QLabel(body)
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)
        row.addWidget(self.note, 1)
        export = QPushButton("Export…", body)
        export.setObjectName("ledger-export")
        export.setToolTip("The ledger as Markdown or HTML, the table shown as CSV, or the charts as PNG or SVG")
        export.clicked.connect(self.export_dialog)
        row.addWidget(export)
        layout.addLayout(row)
        self.setWidget(body)
        mode.watch(Play.ALL, self._changed)
        self.visibilityChanged.connect(lambda shown: shown and self._stale and self.refresh())

    def _changed(self, _changes: PlayChanges) -> None:
        self._stale = True
        if self.isVisible() and not self.visibleRegion().isEmpty():
            self.refresh()

    def refresh(self) -> Ledger | None:
        """Redraw from the engine's ledger of the open campaign (None without one)."""
        c = self.mode.campaign
        self._stale = False
        if c is None:
            self.book = None
            for table in self.tables.values():
                table.setRowCount(0)
            self.note.setText("No campaign is open.")
            return None
        book = self.book = ledger(c)
        if self.summary is None:
            self.summary = SummaryView(book, columns=1)  # the dock is narrow: one above another
            self._summary_page.setWidget(self.summary)
        else:
            self.summary.set_ledger(book)
        # Only the table shown is filled now; another when its tab is picked (a long
        # campaign's PP table runs to a thousand rows, and the dock follows every action).
        self._filled = set()
        self._fill(self.current_table())
        now = "" if book.ended else f" (T{book.turn}* in the charts: the turn in progress)"
        n = len(book.battles)
        self.note.setText(book.note or f"Turn {book.turn}{now}; {n} battle{'s' if n != 1 else ''}.")
        return book

    def _fill(self, key: str) -> None:
        if self.book is None or key in self._filled:
            return
        self._filled.add(key)
        table = self.tables[key]
        head, rows = self.book.rows(key)
        table.clear()
        table.setColumnCount(len(head))
        table.setHorizontalHeaderLabels(head)
        table.setRowCount(len(rows))
        for r, cells in enumerate(rows):
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                table.setItem(r, col, item)
        table.resizeColumnsToContents()

    def current_table(self) -> str:
        """The table shown ("battles" while the summary is shown)."""
        index = self.tabs.currentIndex()
        return list(TABLES)[index - 1] if index > 0 else "battles"

    def show_table(self, key: str) -> None:
        self.asked = True
        self.show()
        self.raise_()
        self.tabs.setCurrentWidget(self.tables[key] if key in self.tables else self._summary_page)
        if self._stale:
            self.refresh()
        self._fill(self.current_table())

    def export_to(self, path: Path | str) -> list[Path]:
        """Write by the suffix: .md or .html the whole ledger, .csv or .htm the table
        shown, .png or .svg every chart (named for the file). OSError on failure."""
        book = self.book if not self._stale and self.book is not None else self.refresh()
        if book is None:
            return []
        path = Path(path)
        suffix = path.suffix.lower()
        if suffix in (".png", ".svg"):
            assert self.summary is not None
            return self.summary.export_charts(path)
        if suffix == ".htm":
            atomic_write_text(path, ledger_html(book, [self.current_table()]))
            return [path]
        return [export_ledger(book, path, self.current_table())]

    def export_dialog(self) -> list[Path]:
        c = self.mode.campaign
        if c is None:
            return []
        suggested = inside(folders.start_folder(self.mode.window, "report"), f"ledger-turn-{c.turn}.md")
        path, chosen = QFileDialog.getSaveFileName(
            self.mode.window, "Export the campaign ledger", str(suggested), ";;".join(EXPORT_FORMATS)
        )
        if not path:
            return []
        folders.remember_folder(self.mode.window, "report", path)
        target = Path(path)
        if target.suffix.lower() not in EXPORT_FORMATS.values():
            # A name typed without its suffix takes the format chosen in the dialog.
            target = target.with_name(target.name + EXPORT_FORMATS.get(chosen, ".md"))
        try:
            written = self.export_to(target)
        except (OSError, ValueError) as e:
            text = describe_os_error(e, target, "write") if isinstance(e, OSError) else str(e)
            QMessageBox.critical(self.mode.window, "Could not export", literal(text))
            return []
        self.mode.window.show_message(f"Exported {', '.join(p.name for p in written)}.")
        return written
