"""Declaring an attack: the target hex picked on the map, the defenders the attack may
name, the attackers, the artillery in support, Allied air power, and the odds previewed
before anything is declared.

Every list is the engine's answer (attackable_defenders, available_attackers,
artillery_in_range with support_refusal, air_power_available, preview_attack); the
declaration is the engine's DeclareAttack, sent through the game document."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.kasserine.combat_odds import OddsView
from hexcampaign.app.kasserine.docks import UnitList
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import IllegalAction
from hexcampaign.kasserine.state import DeclareAttack
from hexcampaign.kasserine.units import UnitView

if TYPE_CHECKING:
    from hexcampaign.app.kasserine.table import CombatTable


class AttackPanel(QGroupBox):
    """The attack being built. Uses of the combat panel: `document`, `game`, `odds`,
    `show_last` and its `attack_changed` and `settled` signals."""

    def __init__(self, combat: CombatTable, parent: QWidget | None = None) -> None:
        super().__init__("Attack", parent)
        self.combat = combat
        self.target: Hex | None = None
        self.help = QLabel(self)
        self.help.setWordWrap(True)
        self.defenders = _picking_list(self)
        self.attackers = _picking_list(self)
        self.artillery = _picking_list(self)
        self.air_power = QCheckBox("Use Allied air power (one column better)", self)
        self.declare = QPushButton("Declare attack", self)
        self.declare.setObjectName("declare")
        layout = QVBoxLayout(self)
        layout.setSpacing(4)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.help)
        # The lists, shown once a target is picked (empty, they pushed the last roll's
        # odds down the dock).
        self.picking = QWidget(self)
        lists = QVBoxLayout(self.picking)
        lists.setContentsMargins(0, 0, 0, 0)
        lists.setSpacing(4)
        self.defenders_title = QLabel("<b>Defenders</b>", self.picking)
        lists.addWidget(self.defenders_title)
        lists.addWidget(self.defenders)
        # The attackers and their guns side by side: one under the other, three
        # attackers and two guns pushed the odds below the fold of a 1,600×1,000 window.
        sides = QGridLayout()
        sides.setSpacing(4)
        sides.addWidget(QLabel("<b>Attackers</b>", self.picking), 0, 0)
        sides.addWidget(QLabel("<b>Artillery in support</b>", self.picking), 0, 1)
        sides.addWidget(self.attackers, 1, 0, Qt.AlignmentFlag.AlignTop)
        sides.addWidget(self.artillery, 1, 1, Qt.AlignmentFlag.AlignTop)
        lists.addLayout(sides)
        layout.addWidget(self.picking)
        layout.addWidget(self.air_power)
        layout.addWidget(self.declare)
        self.declare.clicked.connect(self.declare_attack)
        self.attackers.itemSelectionChanged.connect(self._attackers_changed)
        self.defenders.itemSelectionChanged.connect(self._support_changed)
        self.artillery.itemSelectionChanged.connect(self._support_changed)
        self.air_power.toggled.connect(lambda _on: self._support_changed())

    # --- what the map tool calls ----------------------------------------------------------

    def choose_target(self, h: Hex) -> bool:
        """A hex picked on the map: the attack is against its units. False (with the
        engine's reason said) when the side to play may not attack it."""
        refusal = self.combat.game.target_refusal(h)
        if refusal is not None:
            self.combat.document.refuse(refusal)
            return False
        self.target = h
        self.combat.refresh()
        self.combat.attack_changed.emit()
        return True

    def toggle_attacker(self, unit_id: str) -> bool:
        """A unit next to the target clicked on the map joins or leaves the attack."""
        for i in range(self.attackers.count()):
            item = self.attackers.item(i)
            if item.data(Qt.ItemDataRole.UserRole) == unit_id:
                item.setSelected(not item.isSelected())
                return True
        return False

    def declare_attack(self) -> bool:
        """Send the engine's DeclareAttack for what is picked; the document's change
        redraws the dock and hands the game to the defender for his artillery."""
        action = DeclareAttack(
            attackers=self.attackers.selected_ids(),
            defenders=self.defenders.selected_ids(),
            artillery=self.artillery.selected_ids(),
            air_power=self._air_power(),
        )
        shown, self.combat.show_last = self.combat.show_last, True  # the new attack is current
        if self.combat.document.act(action, self) is None:
            self.combat.show_last = shown
            return False
        self.target = None
        return True

    def preview(self) -> OddsView | None:
        """The odds of the attack being built, before it is declared (the engine's
        preview_attack: the game, its log and its undo are untouched). A refusal shows
        the engine's sentence instead."""
        if self.target is None:
            return None
        odds = self.combat.odds
        attackers = self.attackers.selected_ids()
        defenders = self.defenders.selected_ids()
        if not attackers or not defenders:
            odds.show_refusal("Pick at least one attacker and one defender.")
            return None
        g = self.combat.game
        guns, air = self.artillery.selected_ids(), self._air_power()
        try:
            combat = g.preview_attack(attackers, defenders, guns, air_power=air)
            # The attacker's worst case: every defender battery in reach fires (the
            # engine declares it on a copy of the position).
            worst = g.what_if_attack(attackers, defenders, guns, air_power=air)
        except IllegalAction as error:
            odds.show_refusal(str(error))
            return None
        view = OddsView.of(combat, preview=True, worst=worst, worst_words=worst.sentence())
        odds.show_view(view)
        return view

    # --- redraw ---------------------------------------------------------------------------

    def show_attack(self) -> None:
        """Redraw for the side to play: the hex to click, or the attack on the target."""
        g = self.combat.game
        side = g.state.side
        self.show()
        # Air power belongs to the Allies only: never shown (greyed) to the German; when
        # the Allies may not use it now, the box says the rule's reason.
        self._show_air_power(side)
        if self.target is None:
            self.setTitle("Attack")
            self.help.show()
            self.help.setText(
                f"{self.combat.document.player(side)}: click an enemy hex to attack it. "
                + (
                    "Germans may attack selected units of a stack."
                    if g.selective_attack()
                    else "The Allies attack a whole stack as one combat."
                )
            )
            for lst in (self.defenders, self.attackers, self.artillery):
                lst.clear()
            self.picking.hide()
            self.declare.setEnabled(False)
            self.air_power.setEnabled(False)
            return
        h = self.target
        place = g.map.place_at(h)
        defenders = g.attackable_defenders(h)
        # The target in the box's title, and a lone defender too (nothing to pick): a
        # line of help and a list of one cost the room of the odds' rows.
        lone = len(defenders) == 1
        self.setTitle(
            f"Attack on hex {g.map.label(h)}{' (' + place.name + ')' if place else ''}"
            + (f" — {g.label(defenders[0].id)}" if lone else "")
        )
        self.help.hide()
        self.picking.show()
        self.defenders_title.setVisible(not lone)
        self.defenders.setVisible(not lone)
        self.defenders.show_units(defenders)
        self.defenders.setEnabled(g.selective_attack())
        if not self.defenders.selected_ids():
            for i in range(self.defenders.count()):
                self.defenders.item(i).setSelected(True)
        before = set(self.attackers.selected_ids())
        self.attackers.show_units(g.available_attackers(h))
        if not before:
            for i in range(self.attackers.count()):
                self.attackers.item(i).setSelected(True)
        self._fill_artillery()
        self.declare.setEnabled(True)

    # --- inside ---------------------------------------------------------------------------

    def _show_air_power(self, side: str) -> None:
        self.air_power.setVisible(side == "allied")
        refusal = self.combat.game.air_power_refusal() if side == "allied" else None
        self.air_power.setEnabled(refusal is None)
        self.air_power.setText(
            "Use Allied air power (one column better)"
            if refusal is None
            else f"Use Allied air power — not now. {refusal}"
        )
        self.air_power.setToolTip(refusal or "")

    def _air_power(self) -> bool:
        return self.air_power.isChecked() and self.air_power.isEnabled()

    def _fill_artillery(self) -> None:
        """The batteries in range of the chosen attackers; one that may not fire (no MP
        left to fight) is shown greyed with the reason, never offered (under Xvfb ticking
        one refused the whole declaration)."""
        g = self.combat.game
        attackers = self.attackers.selected_ids()
        guns = g.artillery_in_range(attackers)
        barred = {u.id: g.support_refusal(u.id, attackers) for u in guns}
        notes = {
            uid: why.split(": ", 1)[-1].replace(f"{g.label(uid)} ", "", 1)  # "has not the 2 MP…"
            for uid, why in barred.items()
            if why
        }
        self.artillery.show_units(guns, notes)
        for i, uid in enumerate(self.artillery.ids()):
            item = self.artillery.item(i)
            if uid in notes:
                item.setSelected(False)
                item.setFlags(
                    item.flags() & ~Qt.ItemFlag.ItemIsSelectable & ~Qt.ItemFlag.ItemIsEnabled
                )

    def _attackers_changed(self) -> None:
        if self.target is not None:
            self._fill_artillery()
            self.preview()
            self.combat.attack_changed.emit()

    def _support_changed(self) -> None:
        if self.target is not None:
            self.preview()


class PickingList(UnitList):
    """A list of counters to pick from, as tall as its rows really are, up to
    `max_rows`: side by side in the dock a counter's words wrap to three or four lines,
    and a height counted for two hid the third attacker behind the list's scroll bar."""

    def __init__(self, parent: QWidget | None = None, max_rows: int = 0) -> None:
        super().__init__(parent, max_rows)
        self._fitting = False

    def show_units(self, units: list[UnitView], notes: dict[str, str] | None = None) -> None:
        super().show_units(units, notes)
        self.fit_rows()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.fit_rows()  # a new width wraps the words anew

    def fit_rows(self) -> None:
        rows = min(self.max_rows, self.count())
        if rows == 0 or self._fitting:
            return
        self._fitting = True
        try:
            # All rows shown: no scroll bar, whose coming and going would change the
            # width the words wrap at, and so the height, again and again.
            self.setVerticalScrollBarPolicy(
                Qt.ScrollBarPolicy.ScrollBarAlwaysOff
                if self.count() <= self.max_rows
                else Qt.ScrollBarPolicy.ScrollBarAsNeeded
            )
            self._fit_items()
            self.doItemsLayout()  # the rows' heights at the list's width, now
            if self.count() <= self.max_rows:
                height = self.contentsSize().height()
            else:
                height = sum(self.visualItemRect(self.item(i)).height() for i in range(rows))
                height += self.spacing() * (rows + 1)
            height += 2 * self.frameWidth() + 2
            if height != self.height():
                self.setFixedHeight(height)
        finally:
            self._fitting = False

    def _fit_items(self) -> None:
        """Each row as tall as its words wrapped at the list's width: narrow, the item's
        own height left the last line cut to "infantry battalion …", losing the factors."""
        icon = self.iconSize()
        width = max(40, self.viewport().width() - icon.width() - 20)
        metrics = self.fontMetrics()
        for i in range(self.count()):
            item = self.item(i)
            words = metrics.boundingRect(
                QRect(0, 0, width, 10_000), Qt.TextFlag.TextWordWrap, item.text()
            )
            item.setSizeHint(
                QSize(self.viewport().width() - 2, max(icon.height(), words.height()) + 10)
            )


def _picking_list(parent: QGroupBox) -> UnitList:
    units = PickingList(parent, max_rows=4)
    units.setSelectionMode(QAbstractItemView.SelectionMode.MultiSelection)
    return units


__all__ = ["AttackPanel"]
