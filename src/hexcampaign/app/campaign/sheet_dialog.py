"""The set-up sheet viewer of one battle: the umpire's sheet or one side's, exported as
Markdown/HTML/PDF (one file or every sheet into a folder) or printed."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
)

from hexcampaign.app.accessible import name_controls
from hexcampaign.app.campaign.reports import (
    export_sheet,
    print_html,
    sheet_document,
    sheet_html_page,
)
from hexcampaign.app.plain_text import literal
from hexcampaign.campaign import slug
from hexcampaign.files import describe_os_error, inside

# The type filter of each export: the Save dialog shows only files of the kind written.
EXPORT_FILTERS = {
    ".md": "Markdown (*.md)",
    ".html": "HTML pages (*.html *.htm)",
    ".pdf": "PDF documents (*.pdf)",
}


def sheet_file_name(battle: str, who: str, suffix: str) -> str:
    """The file of a battle sheet: a slug of the battle and the reader, then the suffix."""
    return slug(f"battle-{battle}-{who}", "battle-sheet") + suffix


class BattleSheetDialog(QDialog):
    """The set-up sheet as the umpire sees it, or as one side's player may."""

    def __init__(self, mode, battle: str) -> None:
        super().__init__(mode.window)
        self.mode = mode
        self.battle = battle
        c = mode.campaign
        self.setWindowTitle(f"Battle {battle} — set-up sheet")
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(QLabel("Sheet for:", self))
        self.viewpoint = QComboBox(self)
        self.viewpoint.setObjectName("sheet-viewpoint")
        # A player's desk has its own side's sheet only (the package's): the umpire's
        # and the enemy's are not its to see.
        own = getattr(mode.document, "side", None) if getattr(mode, "player_desk", False) else None
        if own is None:
            self.viewpoint.addItem("the umpire (everything)", None)
        for side in c.sides if own is None else [own]:
            self.viewpoint.addItem(f"the {side} player", side)
        self.viewpoint.currentIndexChanged.connect(lambda _i: self.refresh())
        top.addWidget(self.viewpoint, 1)
        layout.addLayout(top)
        self.browser = QTextBrowser(self)
        self.browser.setObjectName("sheet-view")
        layout.addWidget(self.browser, 1)
        row = QHBoxLayout()
        for text, suffix in (("Markdown…", ".md"), ("HTML…", ".html"), ("PDF…", ".pdf")):
            button = QPushButton(f"Export {text}", self)
            button.clicked.connect(lambda _c=False, s=suffix: self.export_dialog(s))
            row.addWidget(button)
        everything = QPushButton("Export all…", self)
        everything.setToolTip(
            "The umpire's sheet and each player's sheet, as Markdown, HTML and PDF, into a folder"
        )
        everything.clicked.connect(self.export_all_dialog)
        row.addWidget(everything)
        print_button = QPushButton("Print…", self)
        print_button.clicked.connect(self.print_dialog)
        row.addWidget(print_button)
        row.addStretch(1)
        self.close_button = QPushButton("Close", self)
        self.close_button.clicked.connect(self.accept)
        row.addWidget(self.close_button)
        layout.addLayout(row)
        # Enter closes the sheet; it never opens an export by chance (the first button,
        # Export Markdown…, was the default: seen under Xvfb).
        for button in self.findChildren(QPushButton):
            button.setAutoDefault(False)
        self.close_button.setDefault(True)
        self.resize(760, 720)
        self.refresh()
        name_controls(self)  # names for a screen reader (app/accessible.py)

    @property
    def side(self) -> str | None:
        return self.viewpoint.currentData()

    def set_side(self, side: str | None) -> None:
        self.viewpoint.setCurrentIndex(max(0, self.viewpoint.findData(side)))

    def sheet(self):
        return self.mode.campaign.battle_sheet(self.battle, side=self.side)

    def refresh(self) -> None:
        self.browser.setDocument(sheet_document(sheet_html_page(self.sheet()), self.browser))

    def export(self, path: Path | str) -> Path:
        return export_sheet(self.sheet(), path)

    def export_dialog(self, suffix: str) -> Path | None:
        who = self.side or "umpire"
        suggested = inside(Path.home(), sheet_file_name(self.battle, who, suffix))
        path, _ = QFileDialog.getSaveFileName(
            self, "Export the battle sheet", str(suggested), EXPORT_FILTERS[suffix]
        )
        if not path:
            return None
        target = Path(path)
        if target.suffix.lower() != suffix and not (suffix == ".html" and target.suffix == ".htm"):
            target = target.with_suffix(suffix)
        try:
            self.export(target)
        except OSError as e:
            QMessageBox.critical(
                self, "Could not export", literal(describe_os_error(e, target, "save"))
            )
            return None
        self.mode.window.show_message(f"Exported {target.name}.")
        return target

    def export_all(self, folder: Path | str) -> list[Path]:
        """battle-<id>-<umpire|side>.<md|html|pdf> for the umpire and each player, named
        by slug (a side named "../x" or "A/B" still writes inside `folder`)."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        c = self.mode.campaign
        written = []
        sides = [self.viewpoint.itemData(i) for i in range(self.viewpoint.count())]
        for who in sides:
            sheet = c.battle_sheet(self.battle, side=who)
            for suffix in (".md", ".html", ".pdf"):
                target = inside(folder, sheet_file_name(self.battle, who or "umpire", suffix))
                written.append(export_sheet(sheet, target))
        return written

    def export_all_dialog(self) -> list[Path]:
        folder = QFileDialog.getExistingDirectory(self, "Export every sheet into", str(Path.home()))
        if not folder:
            return []
        try:
            written = self.export_all(folder)
        except (OSError, ValueError) as e:
            sentence = describe_os_error(e, folder, "save") if isinstance(e, OSError) else str(e)
            QMessageBox.critical(self, "Could not export", literal(sentence))
            return []
        self.mode.window.show_message(f"Exported {len(written)} files into {folder}.")
        return written

    def print_dialog(self) -> None:
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            print_html(sheet_html_page(self.sheet()), printer)
