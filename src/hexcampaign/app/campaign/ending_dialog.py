"""The end of the campaign: who won, by how much and why (the engine's outcome), the
summary over all its turns with its charts (the engine's ledger, campaign_summary.py),
and the final report of each side (the engine's turn report of the last turn), to read
or save; the ledger and its charts export as the Ledger dock's do."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QSplitter,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
)

from hexcampaign.app.accessible import name_controls
from hexcampaign.app.campaign.campaign_summary import SummaryView
from hexcampaign.app.dialogs import files
from hexcampaign.campaign import slug
from hexcampaign.campaign.ledger import ledger
from hexcampaign.files import atomic_write_text, describe_os_error, inside


def outcome_sentence(c) -> str:
    o = c.outcome()
    if o is None:
        return "The campaign goes on."
    if o.winner is None:
        return f"The campaign is drawn. {o.reason}"
    return f"{o.winner} wins the campaign by {o.margin} VP. {o.reason}"


def final_report(c, side: str, notes: list[str]) -> str:
    return f"# The end of the campaign\n\n{outcome_sentence(c)}\n\n" + c.turn_report(
        side, c.turn, notes
    )


class CampaignEndDialog(QDialog):
    def __init__(self, mode) -> None:
        super().__init__(mode.window)
        self.mode = mode
        c = mode.campaign
        self.setWindowTitle("The campaign is over")
        layout = QVBoxLayout(self)
        self.outcome = QLabel(outcome_sentence(c), self)
        self.outcome.setObjectName("campaign-outcome")
        self.outcome.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.outcome.setWordWrap(True)
        font = QFont()
        font.setBold(True)
        font.setPointSize(font.pointSize() + 2)
        self.outcome.setFont(font)
        layout.addWidget(self.outcome)
        # The summary over all turns above, each side's final report in a tab below.
        split = QSplitter(Qt.Orientation.Vertical, self)
        self.summary = SummaryView(ledger(c), split)
        split.addWidget(self.summary)
        self.tabs = QTabWidget(split)
        split.addWidget(self.tabs)
        self.reports: dict[str, str] = {}
        for side in c.sides:
            self.reports[side] = final_report(c, side, mode.notes)
            view = QTextBrowser(self.tabs)
            view.setMarkdown(self.reports[side])
            view.setAccessibleName(f"{side}'s final report")
            self.tabs.addTab(view, f"{side}'s final report")
        layout.addWidget(split, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.save_button = buttons.addButton(
            "Save the final reports…", QDialogButtonBox.ButtonRole.ActionRole
        )
        self.save_button.clicked.connect(self.save_dialog)
        ledger_button = buttons.addButton("Export the ledger…", QDialogButtonBox.ButtonRole.ActionRole)
        ledger_button.clicked.connect(lambda: mode.ledger_dock.export_dialog())
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(860, 660)
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def save_reports(self, folder) -> list:
        written = []
        for side, text in self.reports.items():
            target = inside(folder, f"final-report-{slug(side)}.md")
            atomic_write_text(target, text)
            written.append(target)
        return written

    def save_dialog(self) -> list:
        folder = QFileDialog.getExistingDirectory(
            self, "Save the final reports into", str(files.start_folder(self.mode.window))
        )
        if not folder:
            return []
        try:
            written = self.save_reports(folder)
        except (OSError, ValueError) as e:
            text = describe_os_error(e, folder, "write") if isinstance(e, OSError) else str(e)
            self.outcome.setText(text)
            return []
        self.mode.window.show_message(f"Saved {len(written)} final reports in {folder}.")
        return written
