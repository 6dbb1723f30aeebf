"""What a combat result leaves to the players: the losses to remove (a German unit on
the breakdown chart may be broken down first), the retreat and the advance (a unit
picked here, its hex clicked on the map) and the D ELIM advance die.

The question is put in the engine's words (Game.describe), the breakdown is offered only
where the engine allows it (Game.breakdown_refusal), and every answer is one of the
engine's actions (TakeLosses, BreakdownUnit, DeclineAdvance, AdvanceRoll)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.kasserine.combat_defense import prompt_font
from hexcampaign.app.kasserine.dice import DiceWidget
from hexcampaign.app.kasserine.docks import UnitList, side_word
from hexcampaign.kasserine import Decision
from hexcampaign.kasserine.state import AdvanceRoll, BreakdownUnit, DeclineAdvance, TakeLosses

if TYPE_CHECKING:
    from hexcampaign.app.kasserine.table import CombatTable


class ResultPanel(QGroupBox):
    """The decision a result waits for. Uses of the combat panel: `document`, `game`,
    the roll panel's `dice` and the `decision_unit_changed` signal."""

    def __init__(
        self, combat: CombatTable, dice: DiceWidget, parent: QWidget | None = None
    ) -> None:
        super().__init__("Result", parent)
        self.combat = combat
        self.attack_dice = dice  # the attack's dice also show the advance die
        self.decision_unit: str | None = None  # the unit whose retreat/advance is shown
        self.prompt = QLabel(self)
        self.prompt.setWordWrap(True)
        self.prompt.setFont(prompt_font())
        self.units = UnitList(self, max_rows=5)
        self.units.setAccessibleName("Units the result falls on")
        self.help = QLabel(self)
        self.help.setWordWrap(True)
        self.take_losses = QPushButton("Remove the selected units", self)
        self.take_losses.setObjectName("take-losses")
        self.break_down = QPushButton("Break down the selected unit", self)
        self.break_down.setObjectName("loss-breakdown")
        self.decline = QPushButton("No (more) advance", self)
        self.decline.setObjectName("decline-advance")
        self.advance_dice = DiceWidget(self)
        self.advance_dice.set_mode(1, hand=False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.prompt)
        layout.addWidget(self.units)
        layout.addWidget(self.help)
        # One under the other: side by side they were wider than the dock (under Xvfb
        # "Break down the selected unit" was cut off at the dock's edge).
        for button in (self.take_losses, self.break_down, self.decline):
            layout.addWidget(button)
        layout.addWidget(self.advance_dice)
        self.advance_dice.roll_requested.connect(self.roll_advance)
        self.take_losses.clicked.connect(self.remove_losses)
        self.break_down.clicked.connect(self.breakdown_loss)
        self.decline.clicked.connect(self.decline_advance)
        self.units.itemSelectionChanged.connect(self._unit_picked)

    # --- the players' answers -------------------------------------------------------------

    def remove_losses(self) -> bool:
        action = TakeLosses(units=self.units.selected_ids())
        return self.combat.document.act(action, self) is not None

    def breakdown_loss(self) -> bool:
        ids = self.units.selected_ids()
        if len(ids) != 1:
            self.combat.document.refuse("German breakdown: select one unit to break down")
            return False
        return self.combat.document.act(BreakdownUnit(unit=ids[0]), self) is not None

    def decline_advance(self) -> bool:
        return self.combat.document.act(DeclineAdvance(), self) is not None

    def roll_advance(self, hand: int | None) -> bool:
        """D ELIM: the die for the MP of the advance (`hand`: the face thrown by hand)."""
        if self.combat.document.act(AdvanceRoll(die=hand), self) is None:
            return False
        self.show_advance_die(hand)
        return True

    def show_advance_die(self, hand: int | None = None) -> None:
        """The D ELIM advance die just rolled (a person's or the computer's) lands on its
        face, on both dice of the dock."""
        g = self.combat.game
        faces = g.actions()[-1].faces or ([hand] if hand else [])
        decision = g.pending()
        die = faces[0] if faces else hand
        mp = decision.mp if decision is not None and decision.kind == "advance" else die
        self.advance_dice.show_roll(faces, f"The advance may spend up to {mp} MP")
        self.attack_dice.faces.set_count(1)  # one die: not beside a blank second one
        self.attack_dice.show_roll(faces, f"D ELIM: advance die {die}")
        roll_box = self.attack_dice.parentWidget()
        if roll_box is not None and roll_box.isHidden():  # the die stays up for the advance
            roll_box.show()
            self.attack_dice.show_landed()

    # --- redraw ---------------------------------------------------------------------------

    def show_decision(self, decision: Decision) -> None:
        g = self.combat.game
        self.show()
        units = [g.unit(uid) for uid in decision.units if uid in g.state.units]
        who = f"{self.combat.document.player(decision.side)} ({side_word(decision.side)})"
        self.prompt.setText(g.describe(decision, who))
        self.units.show_units(units)
        kind = decision.kind
        self.units.setSelectionMode(
            QAbstractItemView.SelectionMode.MultiSelection
            if kind == "losses"
            else QAbstractItemView.SelectionMode.SingleSelection
        )
        self.units.setVisible(kind != "advance_roll")
        self.take_losses.setVisible(kind == "losses")
        breakdowns = (
            [uid for uid in decision.units if g.breakdown_refusal(uid) is None]
            if kind == "losses"
            else []
        )
        self.break_down.setVisible(bool(breakdowns))
        self.decline.setVisible(kind == "advance")
        self.advance_dice.setVisible(kind == "advance_roll")
        if kind == "advance_roll":
            self.advance_dice.set_mode(1, g.state.options.dice == "hand")
            self.help.setText("D ELIM: roll one die for the MP of the advance.")
        elif kind == "losses":
            self.help.setText(
                # The number is in the engine's question above (with its plural).
                "Select the units to remove."
                + (
                    " A German unit on the breakdown chart may be broken down first."
                    if breakdowns
                    else ""
                )
            )
        elif kind == "retreat":
            self.help.setText(
                "Pick a unit, then click one of the highlighted hexes to retreat it there."
            )
        else:
            self.help.setText(
                "Pick a unit, then click a highlighted hex to advance it there — or decline."
            )
        if kind in ("retreat", "advance"):
            ids = [u.id for u in units]
            if self.decision_unit not in ids:
                self.decision_unit = ids[0] if ids else None
            self.units.select_id(self.decision_unit)
            self.combat.decision_unit_changed.emit(self.decision_unit)
        else:
            self.decision_unit = None

    def _unit_picked(self) -> None:
        ids = self.units.selected_ids()
        decision = self.combat.game.pending()
        if decision is not None and decision.kind in ("retreat", "advance") and ids:
            self.decision_unit = ids[0]
            self.combat.decision_unit_changed.emit(self.decision_unit)


__all__ = ["ResultPanel"]
