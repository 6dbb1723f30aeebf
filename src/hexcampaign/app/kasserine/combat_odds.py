"""The odds of an attack, as the engine computed them: each unit's factor with its
modifiers and why, the totals, the odds column and the chance of each result, listed in
the order of the Combat Results Table (crt.results_in_order). Shown for an attack being
built (the engine's preview) and for a declared or rolled one."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.kasserine import Combat, crt


@dataclass(frozen=True)
class OddsView:
    """The numbers the odds panel shows, taken from an engine Combat."""

    odds: str
    attack: Fraction
    defense: Fraction
    breakdown: list[str]
    distribution: dict[str, Fraction]
    roll: int | None = None
    result: str | None = None
    preview: bool = False

    @classmethod
    def of(cls, combat: Combat, preview: bool = False) -> OddsView:
        return cls(
            combat.odds,
            combat.attack_strength,
            combat.defense_strength,
            list(combat.breakdown),
            dict(combat.distribution),
            combat.roll,
            combat.result if combat.resolved else None,
            preview,
        )


class OddsPanel(QGroupBox):
    """Each unit's factor with its modifiers and why, the totals, the odds column and the
    probability of each result under the game's CRT reading."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Odds", parent)
        self.column = QLabel(self)
        big = QFont()
        big.setPointSizeF(big.pointSizeF() * 1.6)
        big.setBold(True)
        self.column.setFont(big)
        self.totals = QLabel(self)
        self.lines = QLabel(self)
        self.lines.setWordWrap(True)
        self.lines.setTextFormat(Qt.TextFormat.PlainText)
        # The percentage has its own column: drawn on the bar, the bar's edge struck
        # through the digits ("3̶8.9%") under some styles.
        self.chances = QTableWidget(0, 3, self)
        self.chances.setHorizontalHeaderLabels(["Result", "Chance", ""])
        self.chances.verticalHeader().setVisible(False)
        self.chances.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.chances.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.chances.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(self.column)
        top.addWidget(self.totals, 1)
        layout.addLayout(top)
        layout.addWidget(self.lines)
        layout.addWidget(self.chances)
        self.shown: dict[str, Fraction] = {}
        self.view: OddsView | None = None

    def show_combat(self, combat: Combat | None) -> None:
        self.show_view(OddsView.of(combat) if combat is not None else None)

    def show_refusal(self, sentence: str) -> None:
        """A preview the engine refuses (odds worse than 1:6, a unit that cannot fight)."""
        self.show_view(None)
        self.column.setText("✗")
        self.totals.setText(sentence)
        self.totals.setWordWrap(True)

    def show_view(self, view: OddsView | None) -> None:
        self.view = view
        if view is None:
            self.column.setText("—")
            self.totals.setText("Declare an attack to see its odds.")
            self.lines.setText("")
            self.chances.clearContents()
            self.chances.setRowCount(0)
            self.chances.hide()
            self.shown = {}
            return
        self.chances.show()
        self.column.setText(view.odds)
        head = "Preview, not declared yet: " if view.preview else ""
        self.totals.setText(
            f"{head}Attack {fraction_words(view.attack)} against defence "
            f"{fraction_words(view.defense)}"
            + (f" — rolled {view.roll}: {view.result}" if view.result and view.roll else "")
            + (f" — {view.result} (no roll)" if view.result and not view.roll else "")
        )
        self.lines.setText("\n".join(view.breakdown))
        self.shown = dict(view.distribution)
        rows = [(word, self.shown[word]) for word in crt.results_in_order() if word in self.shown]
        self.chances.clearContents()
        self.chances.setRowCount(0)  # drops the old rows' bar widgets too
        self.chances.setRowCount(len(rows))
        for r, (word, chance) in enumerate(rows):
            item = QTableWidgetItem(word)
            if view.result and word == view.result:
                item.setBackground(QColor("#f3c94f"))
            self.chances.setItem(r, 0, item)
            words = QTableWidgetItem(
                f"{float(chance) * 100:.1f}%  ({chance.numerator}/{chance.denominator})"
            )
            words.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.chances.setItem(r, 1, words)
            bar = QProgressBar(self.chances)
            bar.setRange(0, 360)
            bar.setValue(round(float(chance) * 360))
            bar.setTextVisible(False)
            self.chances.setCellWidget(r, 2, bar)
        height = self.chances.horizontalHeader().height() + 8
        height += sum(self.chances.rowHeight(r) for r in range(len(rows)))
        self.chances.setFixedHeight(height)

    def results_shown(self) -> list[str]:
        """The results listed in the chances table, top to bottom."""
        items = (self.chances.item(r, 0) for r in range(self.chances.rowCount()))
        return [item.text() for item in items if item is not None]


def fraction_words(value: Fraction) -> str:
    """ "5", or "2.5 (5/2)": a strength as the totals line shows it."""
    if value.denominator == 1:
        return str(value.numerator)
    return (
        f"{float(value):.2f}".rstrip("0").rstrip(".") + f" ({value.numerator}/{value.denominator})"
    )


__all__ = ["OddsPanel", "OddsView", "fraction_words"]
