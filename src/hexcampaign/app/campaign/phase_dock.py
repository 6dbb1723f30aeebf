"""The phase stepper: the seven phases of the side to play, what is still open in the
current one, Next (refused with the open items listed) and Back (within the phase).

An open item is also where its decision is taken: double-click a result to open its
form, a retreat or advance to choose the hex on the map, a pursuit to roll for it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.campaign import flags as desk_flags
from hexcampaign.app.campaign.order_dialog import narrow, steady
from hexcampaign.app.style import ground, ink, label_style, quiet_ink, text_on, wash
from hexcampaign.campaign import PHASES
from hexcampaign.campaign import actions as A
from hexcampaign.campaign.phases import PHASE_TITLES

ITEM_ROLE = Qt.ItemDataRole.UserRole


class PhaseDock(QDockWidget):
    def __init__(self, mode) -> None:
        super().__init__("Turn and phases", mode.window)
        self.setObjectName("campaign-phases")
        self.mode = mode
        body = QWidget(self)
        layout = QVBoxLayout(body)
        self.heading = QLabel(body)
        self.heading.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        heading_font = QFont()
        heading_font.setBold(True)
        heading_font.setPointSizeF(heading_font.pointSizeF() * 1.15)
        self.heading.setFont(heading_font)
        self.heading.setWordWrap(True)
        self.pp_label = QLabel(body)
        self.pp_label.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        narrow(self.pp_label)
        self.phases = QListWidget(body)
        self.phases.setObjectName("phase-list")
        self.phases.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.phases.setFixedHeight(7 * 22 + 6)
        self.open_title = QLabel("Open in this phase:", body)
        self.open_items = QListWidget(body)
        self.open_items.setObjectName("open-items")
        self.open_items.setWordWrap(True)
        self.open_items.itemDoubleClicked.connect(self._take_up)
        self.refusal = QLabel(body)
        self.refusal.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.refusal.setObjectName("phase-refusal")
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet(
            label_style(
                "QLabel { color: #8b0000; background: #fdecea; border: 1px solid #e0b4b4; "
                "padding: 4px; }"
            )
        )
        self.refusal.hide()
        steady(self.refusal)  # showing a refusal never moves the buttons
        buttons = QHBoxLayout()
        self.back_button = QPushButton("◀ Back", body)
        self.back_button.setToolTip("Take back the last action of this phase")
        self.do_button = QPushButton("Do it", body)
        self.do_button.setToolTip("Take up the selected open item")
        self.next_button = QPushButton("Next phase ▶", body)
        self.back_button.clicked.connect(self.back)
        self.do_button.clicked.connect(lambda: self._take_up(self.open_items.currentItem()))
        self.next_button.clicked.connect(self.next)
        buttons.addWidget(self.back_button)
        buttons.addWidget(self.do_button)
        buttons.addStretch(1)
        buttons.addWidget(self.next_button)
        layout.addWidget(self.heading)
        layout.addWidget(self.pp_label)
        layout.addWidget(self.phases)
        layout.addWidget(self.open_title)
        layout.addWidget(self.open_items, 1)
        layout.addWidget(self.refusal)
        layout.addLayout(buttons)
        self.setWidget(body)
        self.setMinimumWidth(300)
        mode.watch(desk_flags.PHASE_DOCK_FLAGS, lambda _changes: self.refresh())

    def next(self) -> bool:
        """End the phase; a refusal lists every item that still blocks it."""
        c = self.mode.campaign
        if c is None:
            return False
        blocking = [i.text for i in c.open_items() if i.blocking]
        if self.mode.document.act(A.EndPhase(), self) is not None:
            self.refusal.hide()
            return True
        lines = "\n".join(f"• {text}" for text in blocking)
        if c.state.orders_closed and any(i.kind == "attack_orders" for i in c.open_items()):
            lines += (
                "\nThe defender's support has closed the attack orders: use Back to take it "
                "back, then call off or widen the attack."
            )
        why = self.mode.document.last_refusal
        self.refusal.setText(f"{why}\n\nStill open:\n{lines}" if blocking else why)
        self.refusal.show()
        return False

    def back(self) -> bool:
        ok = self.mode.document is not None and self.mode.document.back(self)
        if not ok:
            self.refusal.setText(self.mode.last_refusal or "")
            self.refusal.show()
        return ok

    def open_item_texts(self) -> list[str]:
        return [self.open_items.item(i).text() for i in range(self.open_items.count())]

    def refresh(self) -> None:
        c = self.mode.campaign
        self.phases.clear()
        self.open_items.clear()
        enabled = c is not None
        for w in (self.back_button, self.next_button, self.do_button):
            w.setEnabled(enabled)
        # Ending a phase is the umpire's: a player's desk (a turn package) plans within it.
        self.next_button.setVisible(not getattr(self.mode, "player_desk", False))
        if c is None:
            self.heading.setText("No campaign open")
            self.pp_label.setText("Campaign ▸ New campaign… or Open campaign…")
            self.refusal.hide()
            return
        self.heading.setText(f"Turn {c.turn} — {c.side_to_play} to play")
        # A player's desk knows the enemy's places (its VP) but not its treasury: its
        # package carries no enemy PP, so none is shown rather than a false 0.
        own = (
            getattr(self.mode.document, "side", None)
            if getattr(self.mode, "player_desk", False)
            else None
        )
        self.pp_label.setText(
            " · ".join(
                f"{side}: {c.victory_points(side)} VP, PP not known"
                if own is not None and side != own
                else f"{side}: {c.pp_available(side)} PP, {c.victory_points(side)} VP"
                for side in c.sides
            )
        )
        current = PHASES.index(c.phase)
        for i, phase in enumerate(PHASES):
            mark = "✓" if i < current else ("▶" if i == current else " ")
            item = QListWidgetItem(f"{mark}  {i + 1}. {PHASE_TITLES[phase]}")
            if i == current:
                font = item.font()
                font.setBold(True)
                item.setFont(font)
                # Pale yellow on a light theme, a dark gold under a dark one (its light
                # text on pale yellow could not be read).
                now = wash("#fff3c4", ground(self.phases.palette()))
                item.setBackground(now)
                item.setForeground(text_on(now))
            elif i < current:
                item.setForeground(quiet_ink(ground(self.phases.palette())))
            self.phases.addItem(item)
        items = c.open_items()
        for open_item in items:
            prefix = "✖ " if open_item.blocking else "• "
            row = QListWidgetItem(prefix + open_item.text)
            row.setData(ITEM_ROLE, open_item)
            if open_item.blocking:
                row.setForeground(ink("#8b0000", ground(self.open_items.palette())))
            self.open_items.addItem(row)
        if c.phase == "movement":
            movers = [f.name for f in c.formations(c.side_to_play) if f.can_move]
            if movers:
                row = QListWidgetItem(f"• May still move: {', '.join(movers)}")
                self.open_items.addItem(row)
        if c.phase == "attack_orders":
            for b in c.battles_this_turn():
                if b.kind == "battle":
                    self.open_items.addItem(
                        QListWidgetItem(f"• Declared: battle {b.id} — {b.sheet.title()}")
                    )
        if c.over:
            # Nothing more is played: say so, not "Next ends the phase".
            self.open_items.clear()
            outcome = c.outcome()
            self.open_items.addItem(
                QListWidgetItem(
                    "The campaign is over. "
                    + (outcome.reason if outcome else "")
                    + " Only the umpire's corrections may still be made."
                )
            )
        if self.open_items.count() == 0:
            self.open_items.addItem(QListWidgetItem("Nothing open: Next ends the phase."))
        self.back_button.setEnabled(self.mode.can_go_back())
        if self.mode.last_refusal is None:
            self.refusal.hide()

    def _take_up(self, row: QListWidgetItem | None) -> None:
        if row is None:
            return
        item = row.data(ITEM_ROLE)
        if item is None:
            return
        mode = self.mode
        c = mode.campaign
        if item.kind == "result" and item.battle:
            mode.battles_dock.result_form(item.battle)
        elif item.kind == "defense" and item.battle:
            mode.battles_dock.defense_dialog(item.battle)
        elif item.kind in ("retreat", "advance") and item.formation:
            mode.start_placing(item.kind, item.formation)
            if item.choices:
                mode.window.canvas.center_on_hex(item.choices[0])
        elif item.kind == "pursuit" and item.battle:
            mode.battles_dock.roll_pursuit(item.battle, item.formation)
        elif item.formation and c is not None and item.formation in c.state.formations:
            mode.select(item.formation)
