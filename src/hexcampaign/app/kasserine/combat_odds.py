"""The odds of an attack, as the engine computed them: each unit's factor with its
modifiers and why, the totals, the odds column and the chance of each result, listed in
the order of the Combat Results Table (crt.results_in_order). Shown for an attack being
built (the engine's preview) and for a declared or rolled one."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.style import ground, text_on, wash
from hexcampaign.kasserine import Combat, Game, crt
from hexcampaign.kasserine.what_if import WorstCase


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
    head: str = ""  # what the numbers are, when not the attack as declared
    worst: WorstCase | None = None  # the engine's what-if after the defender's guns
    worst_words: str = ""  # that case in a sentence naming the guns

    @classmethod
    def of(
        cls,
        combat: Combat,
        preview: bool = False,
        head: str = "",
        worst: WorstCase | None = None,
        worst_words: str = "",
    ) -> OddsView:
        return cls(
            combat.odds,
            combat.attack_strength,
            combat.defense_strength,
            list(combat.breakdown),
            dict(combat.distribution),
            combat.roll,
            combat.result if combat.resolved else None,
            preview,
            head or ("Preview, not declared yet: " if preview else ""),
            worst,
            worst_words,
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
        self.totals.setWordWrap(True)  # a long line widened the dock past the window
        self.worst = QLabel(self)  # the what-if: after every defender gun in reach fires
        self.worst.setObjectName("worst-case")
        self.worst.setWordWrap(True)
        self.lines = QLabel(self)
        self.lines.setWordWrap(True)
        self.lines.setTextFormat(Qt.TextFormat.PlainText)
        # Each unit's factor takes a line: with three attackers and two guns the lines
        # pushed the chances and the Roll button below a 1,280×800 window's fold. They
        # are a click away, folded by default; the totals line above says the sum.
        self.factors = QToolButton(self)
        self.factors.setObjectName("odds-factors")
        self.factors.setCheckable(True)
        self.factors.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.factors.setAutoRaise(True)
        self.factors.toggled.connect(self._fold_factors)
        # The percentage has its own column: drawn on the bar, the bar's edge struck
        # through the digits ("3̶8.9%") under some styles.
        self.chances = QTableWidget(0, 4, self)
        self.chances.setHorizontalHeaderLabels(["Result", "Chance", "", "Worst case"])
        self.chances.verticalHeader().setVisible(False)
        self.chances.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.chances.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        self.chances.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        # Compact rows: the whole table is shown, never scrolled (its height is set to
        # its rows), so each row is one line of text and a thin bar.
        rows = self.chances.verticalHeader()
        rows.setMinimumSectionSize(1)
        rows.setDefaultSectionSize(self.fontMetrics().height() + 4)
        self.chances.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.chances.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout = QVBoxLayout(self)
        layout.setSpacing(4)
        layout.setContentsMargins(6, 6, 6, 6)
        top = QHBoxLayout()
        top.addWidget(self.column)
        top.addWidget(self.totals, 1)
        layout.addLayout(top)
        layout.addWidget(self.worst)
        layout.addWidget(self.chances)
        layout.addWidget(self.factors, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.lines)
        self.shown: dict[str, Fraction] = {}
        self.view: OddsView | None = None
        self._fold_factors(False)

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
            self.factors.hide()
            self.lines.hide()
            self.worst.hide()
            self.chances.clearContents()
            self.chances.setRowCount(0)
            self.chances.hide()
            self.shown = {}
            return
        self.chances.show()
        self.column.setText(view.odds)
        self.totals.setText(
            f"{view.head}Attack {fraction_words(view.attack)} against defence "
            f"{fraction_words(view.defense)}"
            + (f" — rolled {view.roll}: {view.result}" if view.result and view.roll else "")
            + (f" — {view.result} (no roll)" if view.result and not view.roll else "")
        )
        self.lines.setText("\n".join(view.breakdown))
        self.factors.show()
        self._fold_factors(self.factors.isChecked())
        self.shown = dict(view.distribution)
        worst = view.worst.distribution if view.worst is not None else {}
        self.worst.setText(view.worst_words)
        self.worst.setVisible(bool(view.worst_words))
        self.chances.setColumnHidden(3, view.worst is None or view.worst.changes_nothing)
        rows = [
            (word, self.shown.get(word, Fraction(0)))
            for word in crt.results_in_order()
            if word in self.shown or word in worst
        ]
        self.chances.clearContents()
        self.chances.setRowCount(0)  # drops the old rows' bar widgets too
        self.chances.setRowCount(len(rows))
        for r, (word, chance) in enumerate(rows):
            item = QTableWidgetItem(word)
            if view.result and word == view.result:
                marked = wash("#f3c94f", ground(self.chances.palette()))  # dark: a dark gold
                item.setBackground(marked)
                item.setForeground(text_on(marked))
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
            if word in worst:
                after = QTableWidgetItem(f"{float(worst[word]) * 100:.1f}%")
                after.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.chances.setItem(r, 3, after)
        header = self.chances.horizontalHeader()
        height = max(header.height(), header.sizeHint().height()) + 2 * self.chances.frameWidth()
        height += sum(self.chances.rowHeight(r) for r in range(len(rows)))
        self.chances.setFixedHeight(height)

    def _fold_factors(self, shown: bool) -> None:
        """The factor lines folded under their button, or shown."""
        count = len(self.view.breakdown) if self.view is not None else 0
        self.factors.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)
        self.factors.setText(("Hide" if shown else "Show") + f" each unit's factor ({count} lines)")
        self.lines.setVisible(shown and self.view is not None)

    def results_shown(self) -> list[str]:
        """The results listed in the chances table, top to bottom."""
        items = (self.chances.item(r, 0) for r in range(self.chances.rowCount()))
        return [item.text() for item in items if item is not None]

    def worst_case_shown(self) -> dict[str, str]:
        """The worst-case column as shown: result -> its percentage text."""
        if self.chances.isColumnHidden(3):
            return {}
        shown: dict[str, str] = {}
        for r in range(self.chances.rowCount()):
            word, after = self.chances.item(r, 0), self.chances.item(r, 3)
            if word is not None and after is not None:
                shown[word.text()] = after.text()
        return shown


def defence_view(game: Game, c: Combat, ticked: list[str] | None = None) -> OddsView:
    """A declared attack while the defender picks his guns: the odds with the guns he
    has ticked (the engine's preview_defense; none ticked: as declared), and the
    attacker's worst case beside them."""
    worst = game.worst_case(c)
    shown = game.preview_defense(c, ticked) if ticked else c
    head = (
        "With the guns ticked, not fired yet: "
        if ticked
        else "Declared, before the defender's guns: "
    )
    return OddsView.of(shown, head=head, worst=worst, worst_words=worst.sentence())


def fraction_words(value: Fraction) -> str:
    """ "5", or "2.5 (5/2)": a strength as the totals line shows it."""
    if value.denominator == 1:
        return str(value.numerator)
    return (
        f"{float(value):.2f}".rstrip("0").rstrip(".") + f" ({value.numerator}/{value.denominator})"
    )


__all__ = ["OddsPanel", "OddsView", "defence_view", "fraction_words"]
