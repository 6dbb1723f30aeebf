"""The result form of one battle: outcome and CM victory level, casualties and abandoned
vehicles per combat unit with the elimination each entry implies shown live, and the
umpire's override (eliminate or spare a unit) with a reason, which is logged.

The live column uses the engine's own rule functions (battlefield holder, elimination
threshold), so what the form predicts is exactly what `enter_result` then does.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from hexcampaign.app.accessible import name_controls
from hexcampaign.app.campaign.order_dialog import OrderDialog
from hexcampaign.app.plain_text import literal
from hexcampaign.app.style import ground, ink, label_style
from hexcampaign.campaign import actions as A
from hexcampaign.campaign import results
from hexcampaign.campaign.tables import campaign_rules

COLUMNS = (
    "Side",
    "Formation",
    "Combat unit",
    "Eliminated at",
    "Casualties",
    "Abandoned",
    "Rules say",
    "Umpire",
)
OVERRIDES = ("as the rules say", "eliminate", "spare")
MAX_MEN = 999


class ResultForm(OrderDialog):
    """The result of a battle; with `amend=True` the umpire's correction of a committed
    result (pre-filled with it, a reason required, no per-unit overrides: the engine
    replays the campaign with the new result)."""

    def __init__(self, mode, battle: str, amend: bool = False) -> None:
        c = mode.campaign
        b = c.battle(battle)
        super().__init__(mode, f"{'Amend the result' if amend else 'Result'} of battle {b.id}")
        self.amend = amend
        self.battle = battle
        self.record = b
        title = QLabel(b.sheet.title(), self)
        title.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        title.setWordWrap(True)
        font = QFont()
        font.setBold(True)
        title.setFont(font)
        self.layout_.addWidget(title)
        form = QFormLayout()
        self.outcome = QComboBox(self)
        self.outcome.setObjectName("outcome")
        for outcome in results.OUTCOMES:
            self.outcome.addItem(outcome, outcome)
        self.level = QComboBox(self)
        self.level.setObjectName("level")
        for level in campaign_rules().victory_levels:
            self.level.addItem(level, level)
        form.addRow("Outcome:", self.outcome)
        form.addRow("CM victory level:", self.level)
        self.layout_.addLayout(form)
        self.uids = c.participants(b)
        if amend and b.result is not None:
            # The units the result eliminated fought too: they are lines to amend.
            r = b.result
            for uid in [*r.eliminated, *r.casualties, *r.abandoned]:
                if uid not in self.uids:
                    self.uids.append(uid)
        self.table = QTableWidget(len(self.uids), len(COLUMNS), self)
        self.table.setObjectName("casualties")
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.casualty_boxes: dict[str, QSpinBox] = {}
        self.abandoned_boxes: dict[str, QSpinBox] = {}
        self.override_boxes: dict[str, QComboBox] = {}
        for row, uid in enumerate(self.uids):
            self._row(row, uid)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.layout_.addWidget(self.table, 1)
        reason_row = QFormLayout()
        self.reason = QLineEdit(self)
        self.reason.setObjectName("override-reason")
        if amend:
            self.reason.setPlaceholderText("Why the result is amended (it goes into the log)")
            reason_row.addRow("Reason for the amendment:", self.reason)
            self.table.setColumnHidden(7, True)
        else:
            self.reason.setPlaceholderText(
                "Why the umpire overrides the rules (required for an override)"
            )
            reason_row.addRow("Override reason:", self.reason)
        self.layout_.addLayout(reason_row)
        self.summary = QLabel(self)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.summary.setObjectName("result-summary")
        self.summary.setWordWrap(True)
        self.layout_.addWidget(self.summary)
        self.finish_layout()
        self.outcome.currentIndexChanged.connect(lambda _i: self.update_live())
        self.resize(980, 560)
        if amend and b.result is not None:
            self.set_outcome(b.result.outcome, b.result.level)
            for uid in self.uids:
                self.set_casualties(
                    uid, b.result.casualties.get(uid, 0), b.result.abandoned.get(uid, 0)
                )
        self.update_live()
        name_controls(self)  # names for a screen reader (app/accessible.py)

    # --- what the umpire entered ----------------------------------------------------------

    def set_outcome(self, outcome: str, level: str | None = None) -> None:
        self.outcome.setCurrentIndex(self.outcome.findData(outcome))
        if level is not None:
            self.level.setCurrentIndex(self.level.findData(level))

    def set_casualties(self, uid: str, n: int, abandoned: int = 0) -> None:
        self.casualty_boxes[uid].setValue(n)
        if uid in self.abandoned_boxes:
            self.abandoned_boxes[uid].setValue(abandoned)

    def set_override(self, uid: str, choice: str) -> None:
        box = self.override_boxes[uid]
        box.setCurrentIndex(OVERRIDES.index(choice))

    def casualties(self) -> dict[str, int]:
        return {u: box.value() for u, box in self.casualty_boxes.items() if box.value()}

    def abandoned(self) -> dict[str, int]:
        return {u: box.value() for u, box in self.abandoned_boxes.items() if box.value()}

    def overrides(self) -> tuple[list[str], list[str]]:
        eliminate = [u for u, b in self.override_boxes.items() if b.currentText() == "eliminate"]
        spare = [u for u, b in self.override_boxes.items() if b.currentText() == "spare"]
        return eliminate, spare

    def computed(self) -> list[str]:
        """The units the rules eliminate for what is entered now (before any override)."""
        c = self.mode.campaign
        outcome = self.outcome.currentData()
        return c.eliminations(self.record, outcome, self.casualties(), self.abandoned())

    def eliminated(self) -> list[str]:
        """Computed, with the umpire's overrides applied: what Apply will eliminate."""
        eliminate, spare = self.overrides()
        return [u for u in self.uids if (u in self.computed() or u in eliminate) and u not in spare]

    # --- live display ------------------------------------------------------------------------

    def update_live(self) -> None:
        c = self.mode.campaign
        self.level.setEnabled(self.outcome.currentData() != "DRAW")
        computed = set(self.computed())
        final = self.eliminated()
        for row, uid in enumerate(self.uids):
            text = "ELIMINATED" if uid in computed else "stays (restored to full strength)"
            if c.unit_type(uid).red_number is None and uid not in computed:
                text = "stays"
            cell = QTableWidgetItem(text)
            cell.setFlags(Qt.ItemFlag.ItemIsEnabled)
            if uid in final:
                cell.setForeground(ink("#b00020", ground(self.table.palette())))
                bold = cell.font()
                bold.setBold(True)
                cell.setFont(bold)
            self.table.setItem(row, 6, cell)
        self.line_errors = {}
        for uid in self.uids:
            error = c.result_line_error(
                uid,
                self.casualty_boxes[uid].value(),
                self.abandoned_boxes[uid].value() if uid in self.abandoned_boxes else 0,
            )
            self._mark(self.casualty_boxes[uid], error)
            if uid in self.abandoned_boxes:
                self._mark(self.abandoned_boxes[uid], error)
            if error:
                self.line_errors[uid] = error
        names = [c.unit(u).label or c.unit(u).name for u in final]
        eliminate, spare = self.overrides()
        extra = ""
        if eliminate or spare:
            extra = f" Umpire override: {len(eliminate)} eliminated, {len(spare)} spared."
        errors = " ".join(e.rstrip(".") + "." for e in self.line_errors.values())
        self.summary.setText(
            (f"Not possible: {errors} " if errors else "")
            + (
                "Applying this result eliminates: " + "; ".join(names)
                if names
                else "Applying this result eliminates no unit."
            )
            + extra
        )

    @staticmethod
    def _mark(box: QSpinBox, error: str | None) -> None:
        # Marked as typed, not only on OK: a red box with the rule in its tooltip.
        box.setStyleSheet(label_style("QSpinBox { background: #fdecea; color: #8b0000; }") if error else "")
        box.setToolTip(literal(error or ""))

    def submit(self) -> bool:
        eliminate, spare = self.overrides()
        reason = self.reason.text().strip()
        if self.amend:
            return self._submit_amendment(reason)
        if (eliminate or spare) and not reason:
            self.show_refusal("Umpire override: give a reason for the override; it is logged")
            return False
        outcome = self.outcome.currentData()
        level = None if outcome == "DRAW" else self.level.currentData()
        action = A.EnterResult(
            battle=self.battle,
            outcome=outcome,
            level=level,
            casualties=self.casualties(),
            abandoned=self.abandoned(),
            eliminate=eliminate,
            spare=spare,
        )
        # The reason goes into the umpire's notes with each override the engine reports,
        # before the one `changed` of the result is sent.
        if self.mode.document.act(action, self, reason=reason) is None:
            self.show_refusal(self.mode.document.last_refusal)
            return False
        self.accept()
        return True

    def _submit_amendment(self, reason: str) -> bool:
        if not reason:
            self.show_refusal("Umpire correction: give a reason for the amendment; it is logged")
            return False
        outcome = self.outcome.currentData()
        level = None if outcome == "DRAW" else self.level.currentData()
        action = A.AmendResult(
            battle=self.battle,
            outcome=outcome,
            level=level,
            casualties=self.casualties(),
            abandoned=self.abandoned(),
            reason=reason,
        )
        return self.send_order(action)

    def _fought_with(self, uid: str) -> str:
        """The formation an eliminated unit fought in, as the battle's sheet names it."""
        sheet = self.mode.campaign.battle(self.battle).sheet
        for lines in sheet.oobs.values():
            for line in lines:
                if line.unit_id == uid:
                    return f"{line.formation} (eliminated)"
        return "(eliminated)"

    def _row(self, row: int, uid: str) -> None:
        c = self.mode.campaign
        u = c.unit(uid)
        t = c.unit_type(uid)
        where = (
            c.formation(u.where).name
            if u.where in c.state.formations
            else (self._fought_with(uid) if u.where == "eliminated" else "Army HQ box")
        )
        # The engine's strength now (after Set strength), not the chart's.
        limit = (
            f"{u.loss_limit} men"
            if t.red_number is not None
            else (f"{u.loss_limit} of {u.strength} vehicles/guns")
        )
        for col, text in enumerate(
            (u.side, where, f"{u.name} ({u.category.replace('_', ' ')})", limit)
        ):
            cell = QTableWidgetItem(text)
            cell.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.table.setItem(row, col, cell)
        casualties = QSpinBox(self.table)
        casualties.setObjectName(f"casualties-{uid}")
        # The box takes more than the limit so a wrong entry is shown wrong as it is typed.
        casualties.setRange(0, MAX_MEN)
        casualties.setSuffix(f" / {c.casualty_limit(uid)}")
        casualties.valueChanged.connect(lambda _v: self.update_live())
        self.casualty_boxes[uid] = casualties
        self.table.setCellWidget(row, 4, casualties)
        if t.vehicles is not None:
            abandoned = QSpinBox(self.table)
            abandoned.setRange(0, u.strength)
            abandoned.setToolTip(
                "Abandoned vehicles of the side holding the battlefield are recovered"
            )
            abandoned.valueChanged.connect(lambda _v: self.update_live())
            self.abandoned_boxes[uid] = abandoned
            self.table.setCellWidget(row, 5, abandoned)
        else:
            self.table.setCellWidget(row, 5, QWidget(self.table))
        override = QComboBox(self.table)
        override.addItems(list(OVERRIDES))
        override.currentIndexChanged.connect(lambda _i: self.update_live())
        self.override_boxes[uid] = override
        self.table.setCellWidget(row, 7, override)
