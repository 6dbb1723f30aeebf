"""The purchase dock: the side's unit chart as a table (type, category, cost,
availability this turn), the PP available and left after the basket, the basket, Buy;
and the builds (infantry division, mechanised division, corps HQ) placed on the map.

Purchases are made in the new unit purchase phase (7), builds in the reinforcement
phase (1); the engine refuses anything else and the dock shows its sentence.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.campaign import flags as desk_flags
from hexcampaign.app.campaign.order_dialog import narrow, steady
from hexcampaign.app.plain_text import literal
from hexcampaign.app.style import label_style
from hexcampaign.campaign import IllegalAction
from hexcampaign.campaign import actions as A
from hexcampaign.campaign.production import check_basket_item
from hexcampaign.campaign.state import pair
from hexcampaign.campaign.supply import build_supply_warning, supplying_corps
from hexcampaign.campaign.tables import campaign_rules
from hexcampaign.rules.changes import Play, PlayChanges

TYPE_ROLE = Qt.ItemDataRole.UserRole
BUILD_TITLES = {
    "infantry": "Infantry division",
    "mechanised": "Mechanised division",
    "corps": "Corps HQ",
}


def availability(c, side: str, type_id: str) -> str:
    """'available', or why not now (the engine's own purchase check, without buying)."""
    t = c.setup.charts[side].type(type_id)
    if c.turn < t.available_from_turn:
        return f"from turn {t.available_from_turn}"
    if t.per_turn_limit is not None:
        left = t.per_turn_limit - c.state.bought_this_turn.get(type_id, 0)
        if side != c.side_to_play:
            return f"{t.per_turn_limit} per turn"
        return f"{max(left, 0)} of {t.per_turn_limit} left this turn"
    return "available"


NOT_NOW = "Units are bought in the new unit purchase phase (7)."


class PurchaseDock(QDockWidget):
    def __init__(self, mode) -> None:
        super().__init__("Purchases and builds", mode.window)
        self.setObjectName("campaign-purchase")
        self.mode = mode
        self.basket: list[str] = []  # unit type ids, in the order added
        self._said_at: tuple[int, str, int] | None = None  # what the feedback line is about
        self._warned: str | None = None  # the division a build's supply warning is about
        self._said_add = ""  # the basket's last refusal of a unit
        body = QWidget(self)
        layout = QVBoxLayout(body)
        self.heading = QLabel(body)
        self.heading.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        font = QFont()
        font.setBold(True)
        self.heading.setFont(font)
        narrow(self.heading)
        layout.addWidget(self.heading)
        self.pp_label = QLabel(body)
        self.pp_label.setObjectName("pp-label")
        narrow(self.pp_label)
        layout.addWidget(self.pp_label)

        self.table = QTableWidget(0, 4, body)
        self.table.setObjectName("unit-chart")
        self.table.setHorizontalHeaderLabels(["Type", "Category", "Cost", "Availability"])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.setAlternatingRowColors(True)
        self.table.itemDoubleClicked.connect(lambda _i: self.add_selected())
        layout.addWidget(self.table, 3)

        row = QHBoxLayout()
        self.add_button = QPushButton("Add to basket ▼", body)
        self.add_button.clicked.connect(self.add_selected)
        self.remove_button = QPushButton("Remove", body)
        self.remove_button.clicked.connect(self.remove_selected)
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        row.addStretch(1)
        layout.addLayout(row)

        self.basket_list = QListWidget(body)
        self.basket_list.setObjectName("basket")
        layout.addWidget(self.basket_list, 1)
        buy_row = QHBoxLayout()
        self.total_label = QLabel(body)
        self.buy_button = QPushButton("Buy", body)
        self.buy_button.setObjectName("buy")
        self.buy_button.clicked.connect(self.buy)
        buy_row.addWidget(self.total_label, 1)
        buy_row.addWidget(self.buy_button)
        layout.addLayout(buy_row)

        builds = QGroupBox("Build a formation (reinforcement phase; placed on the map)", body)
        build_row = QHBoxLayout(builds)
        self.build_buttons: dict[str, QPushButton] = {}
        for kind, cost in campaign_rules().build_costs.items():
            button = QPushButton(f"{BUILD_TITLES[kind]}\n{cost} PP", builds)
            button.clicked.connect(lambda _c=False, k=kind: self.start_build(k))
            build_row.addWidget(button)
            self.build_buttons[kind] = button
        layout.addWidget(builds)
        self.feedback = QLabel(body)
        self.feedback.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.feedback.setObjectName("purchase-feedback")
        self.feedback.setWordWrap(True)
        steady(self.feedback)  # a message never moves the Buy button under the pointer
        layout.addWidget(self.feedback)
        self.setWidget(body)
        self.setMinimumWidth(480)
        mode.watch(desk_flags.PURCHASE_FLAGS, lambda _changes: self.refresh())
        mode.watch(Play.UNITS, self._built)  # after refresh: its warning is not cleared

    # --- the umpire's gestures --------------------------------------------------------------

    def add(self, type_id: str) -> bool:
        """Put a unit type in the basket if the engine's purchase rules still allow it
        with the basket as it is (a second Fw 190 against one per turn is refused here,
        not only at Buy); a refusal is one sentence naming the rule."""
        c = self.mode.campaign
        if c is None:
            return False
        try:
            check_basket_item(c, c.side_to_play, self.basket, type_id)
        except IllegalAction as e:
            self._said_add = f"{e} (not added to the basket)"
            self._say(self._said_add, error=True)
            return False
        if self._said_add and self.feedback.text() == self._said_add:
            self.feedback.setText("")  # the refusal was about another unit: it no longer holds
        self.basket.append(type_id)
        self._refresh_basket()
        return True

    def add_selected(self) -> None:
        row = self.table.currentRow()
        if row >= 0:
            item = self.table.item(row, 0)
            if item is not None:
                self.add(item.data(TYPE_ROLE))

    def remove_selected(self) -> None:
        row = self.basket_list.currentRow()
        if 0 <= row < len(self.basket):
            del self.basket[row]
            self._refresh_basket()

    def buy(self) -> list[str]:
        """Buy the whole basket or nothing (the engine's purchase_all): one message, the
        refusal naming what cannot be bought and why. Returns the new unit ids (they
        wait in the Army HQ box)."""
        c = self.mode.campaign
        if c is None or not self.basket:
            return []
        action = A.PurchaseList(side=c.side_to_play, type_ids=list(self.basket))
        changes = self.mode.document.act(action, self)
        if changes is None:
            self._say(f"{self.mode.document.last_refusal} (the basket is kept)", error=True)
            return []
        bought = list(changes.value)
        self.basket.clear()
        names = ", ".join(c.unit(u).name for u in bought)
        self._say(f"Bought {names}; they wait in the Army HQ box.", error=False)
        self._refresh_basket()
        return bought

    def start_build(self, kind: str) -> None:
        """Highlight the legal hexes for a new formation; a map click places it."""
        c = self.mode.campaign
        if c is None:
            return
        self.mode.start_placing("build", kind)
        choices = self.mode.placing_choices()
        side = c.side_to_play
        if choices and not any(supplying_corps(c, side, h) for h in choices):
            # No corps HQ reaches any hex the division may be placed on: said before the
            # PP are spent (the engine's sentence, for the capital when it is a choice).
            capital = c.setup.capitals[side]
            at = next((h for h in choices if pair(h) == tuple(capital)), choices[0])
            warning = build_supply_warning(c, side, kind, at)
            if warning:
                self._say(warning, error=False, warning=True)
        if not choices:
            # Ask the engine why not, at the capital, so the refusal names the rule.
            capital = c.setup.capitals[c.side_to_play]
            self.mode.placing = None
            action = A.Build(side=c.side_to_play, kind=kind, where=tuple(capital))
            if self.mode.document.act(action, self) is None:
                self._say(self.mode.document.last_refusal, error=True)

    # --- drawing ----------------------------------------------------------------------------

    def refresh(self) -> None:
        c = self.mode.campaign
        self.table.setRowCount(0)
        if c is None:
            self.heading.setText("No campaign open")
            self.pp_label.setText("")
            self._refresh_basket()
            return
        side = c.side_to_play
        said = self._said_at
        if said is not None and (said[:2] != (c.turn, side) or len(c.actions) < said[2]):
            self.feedback.setText("")
            self._said_at = None
        warned = self._warned
        if warned is not None and (warned not in c.state.formations or c.formation(warned).corps):
            # The division came under a corps HQ (or went): its supply warning no longer holds.
            self.feedback.setText("")
            self._warned = None
        chart = c.setup.charts[side]
        self.heading.setText(f"{side} unit chart — {chart.title or chart.side}")
        self.table.setRowCount(len(chart.types))
        for row, t in enumerate(chart.types):
            status = availability(c, side, t.id)
            cells = [t.name, t.category.replace("_", " "), str(t.cost), status]
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(TYPE_ROLE, t.id)
                if col == 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(row, col, item)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for button in self.build_buttons.values():
            button.setEnabled(c.phase == "reinforcement")
        self._refresh_basket()  # (and each row marked for what the basket may take)

    def _mark_rows(self) -> None:
        """Grey each unit type the basket may not take now, its tooltip the engine's
        reason (the basket's own units counted: a second Fw 190 greys out)."""
        c = self.mode.campaign
        if c is None:
            return
        side = c.side_to_play
        chart = c.setup.charts[side]
        for row in range(self.table.rowCount()):
            first = self.table.item(row, 0)
            if first is None or not chart.has(type_id := first.data(TYPE_ROLE)):
                continue
            try:
                check_basket_item(c, side, self.basket, type_id)
                why = ""
            except IllegalAction as e:
                why = str(e)
            t = chart.type(type_id)
            grey = bool(why) and c.phase == "purchase"
            for col in range(self.table.columnCount()):
                item = self.table.item(row, col)
                if item is not None:
                    item.setToolTip(literal(why or (t.note or t.name)))
                    item.setForeground(QColor("#999999") if grey else self.palette().text())

    def pp_left(self) -> int:
        c = self.mode.campaign
        if c is None:
            return 0
        return c.pp_available(c.side_to_play) - self.basket_cost()

    def basket_cost(self) -> int:
        c = self.mode.campaign
        if c is None:
            return 0
        chart = c.setup.charts[c.side_to_play]
        return sum(chart.type(t).cost for t in self.basket if chart.has(t))

    def _refresh_basket(self) -> None:
        c = self.mode.campaign
        self.basket_list.clear()
        if c is None:
            self.total_label.setText("")
            self.buy_button.setEnabled(False)
            return
        chart = c.setup.charts[c.side_to_play]
        self.basket = [t for t in self.basket if chart.has(t)]
        for type_id in self.basket:
            t = chart.type(type_id)
            self.basket_list.addItem(QListWidgetItem(f"{t.name} — {t.cost} PP"))
        available = c.pp_available(c.side_to_play)
        left = available - self.basket_cost()
        self.pp_label.setText(
            f"PP available: {available}   ·   left after the basket: {left}   ·   "
            f"income this turn: {c.production_points(c.side_to_play)}"
        )
        self.pp_label.setStyleSheet(label_style("QLabel { color: #8b0000; }") if left < 0 else "")
        self._mark_rows()
        n = len(self.basket)
        self.total_label.setText(
            f"Basket: {n} unit{'' if n == 1 else 's'}, {self.basket_cost()} PP"
        )
        purchase_phase = c.phase == "purchase"
        self.buy_button.setEnabled(bool(self.basket) and purchase_phase)
        self.add_button.setEnabled(purchase_phase)
        if not purchase_phase and not self.feedback.text():
            self.feedback.setText(NOT_NOW)
        elif purchase_phase and self.feedback.text() == NOT_NOW:
            self.feedback.setText("")  # (it stayed into the purchase phase: seen under Xvfb)

    def _built(self, changes: PlayChanges) -> None:
        """A formation just built: the engine's supply warning for it, if any, here and
        in the status bar (the umpire's eyes are on the map after the click)."""
        c = self.mode.campaign
        fid = getattr(changes, "value", None)
        if c is None or not c.actions or not isinstance(fid, str):
            return
        last = c.actions[-1]
        if last.get("act") != "build" or fid not in c.state.formations:
            return
        f = c.formation(fid)
        warning = build_supply_warning(c, f.side, f.kind, f.hex) if f.corps is None else None
        if warning:
            text = f"Built the {f.name} at {c.map.label(f.hex)}. {warning}."
            self._say(text, error=False, warning=True)
            self._warned = fid
            self.mode.window.show_message(text, 15000)

    def _say(self, text: str, error: bool, warning: bool = False) -> None:
        self._warned = None  # (a build's warning names its division after saying it)
        colour = "#8b0000; background: #fdecea" if error else "#1b5e20; background: #e8f5e9"
        if warning:
            colour = "#7a4a00; background: #fff4d6"
        self.feedback.setStyleSheet(label_style(f"QLabel {{ color: {colour}; padding: 4px; }}"))
        self.feedback.setText(text)
        c = self.mode.campaign
        # What the message is about: the side's turn and the actions taken so far. A new
        # side, or a Back past it, makes it stale (refresh clears it).
        self._said_at = (c.turn, c.side_to_play, len(c.actions)) if c is not None else None
