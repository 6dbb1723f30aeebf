"""The Combat dock: the whole combat workflow of a combat phase, one part per step.

    AttackPanel  (combat_attack.py)   the target, the attackers, artillery, air power
    DefensePanel (combat_defense.py)  the defender's artillery
    RollPanel    (combat_roll.py)     the roll, by the program or by hand
    ResultPanel  (combat_results.py)  losses, breakdown, retreat, advance, the D ELIM die
    OddsPanel    (combat_odds.py)     the odds and the chance of each result

Each part asks the engine what the rules allow and sends the engine's typed actions
with `document.act(action, part)`; the dock redraws from the document's change
(`refresh`, called by the mode on `changed`) and from the window's own record of the
attacks whose defence is settled (`defense_done`: declining to fire is no action)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QDockWidget, QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from hexcampaign.app.kasserine.combat_attack import AttackPanel
from hexcampaign.app.kasserine.combat_defense import DefensePanel
from hexcampaign.app.kasserine.combat_odds import OddsPanel, OddsView, defence_view
from hexcampaign.app.kasserine.combat_results import ResultPanel
from hexcampaign.app.kasserine.combat_roll import RollPanel
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import Combat, Game

if TYPE_CHECKING:
    from hexcampaign.app.kasserine.document import GameDocument

IDLE_WORDS = (
    "Attacks are declared in the combat phases: click an enemy hex, pick the attackers "
    "and the artillery, and the odds and the chance of each result show here before the "
    "dice roll."
)


class CombatPanel(QWidget):
    """The combat workflow; the map tool calls `choose_target(hex)` and `toggle_attacker`.
    The parts' widgets are reachable here too (`declare`, `attackers`, `dice`, ...), as
    the mode's other parts and the tests press them."""

    decision_unit_changed = Signal(object)  # the unit whose retreat/advance is shown
    attack_changed = Signal()  # target or attackers changed: the map highlight follows
    settled = Signal()  # the defender declined to fire: who acts changed, no engine action

    def __init__(
        self, document_getter: Callable[[], GameDocument | None], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._document = document_getter
        self.defense_done: set[int] = set()
        self.show_last = False  # after a roll the odds panel keeps showing that combat
        self.idle = QLabel(IDLE_WORDS, self)
        self.idle.setWordWrap(True)
        self.odds = OddsPanel(self)
        # Each step panel is handed the workflow it uses (table.CombatTable) and is a
        # child widget of it.
        self.builder = AttackPanel(self, self)
        self.defense = DefensePanel(self, self)
        self.roll_box = RollPanel(self, self)
        self.result = ResultPanel(self, self.roll_box.dice, self)
        # The steps scroll (a last resort: the odds fold their factor lines and keep
        # their rows compact); the dice stay below them, outside the scroll, so the Roll
        # button is never under the fold of a 1,280×800 window.
        self.steps = QWidget(self)
        steps = QVBoxLayout(self.steps)
        steps.setContentsMargins(0, 0, 0, 0)
        steps.setSpacing(4)
        for widget in (self.idle, self.builder, self.defense, self.result, self.odds):
            steps.addWidget(widget)
        steps.addStretch(1)
        self.steps_area = QScrollArea(self)
        self.steps_area.setObjectName("combat-steps")
        self.steps_area.setWidgetResizable(True)
        self.steps_area.setFrameShape(QFrame.Shape.NoFrame)
        self.steps_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.steps_area.setWidget(self.steps)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.steps_area, 1)
        layout.addWidget(self.roll_box)
        # The parts' widgets, under the names the rest of the window uses.
        b, d, x = self.builder, self.defense, self.result
        self.builder_help, self.defenders, self.attackers = b.help, b.defenders, b.attackers
        self.artillery, self.air_power, self.declare = b.artillery, b.air_power, b.declare
        self.defense_prompt, self.defense_guns, self.allocate = d.prompt, d.guns, d.allocate
        self.dice = self.roll_box.dice
        self.result_prompt, self.result_units, self.result_help = x.prompt, x.units, x.help
        self.take_losses, self.break_down, self.decline = x.take_losses, x.break_down, x.decline
        self.advance_dice = x.advance_dice

    @property
    def document(self) -> GameDocument:
        document = self._document()
        assert document is not None, "the Combat dock is shown only with a game open"
        return document

    @property
    def game(self) -> Game:
        return self.document.game

    # --- the attack being built and the decision's unit (kept by their parts) ---------------

    @property
    def target(self) -> Hex | None:
        return self.builder.target

    @target.setter
    def target(self, h: Hex | None) -> None:
        self.builder.target = h

    @property
    def decision_unit(self) -> str | None:
        return self.result.decision_unit

    @decision_unit.setter
    def decision_unit(self, unit_id: str | None) -> None:
        self.result.decision_unit = unit_id

    # --- what the map tool, the mode and the computer call ---------------------------------

    def choose_target(self, h: Hex) -> bool:
        return self.builder.choose_target(h)

    def toggle_attacker(self, unit_id: str) -> bool:
        return self.builder.toggle_attacker(unit_id)

    def declare_attack(self) -> bool:
        return self.builder.declare_attack()

    def preview(self) -> OddsView | None:
        return self.builder.preview()

    def allocate_defense(self) -> bool:
        return self.defense.allocate_defense()

    def roll(self, hand: int | None) -> str | None:
        return self.roll_box.roll(hand)

    def reset(self) -> None:
        """A new or reopened game: no earlier game's attack, defence or roll."""
        self.builder.target = None
        self.defense_done = set()
        self.show_last = False
        self.dice.clear()
        self.advance_dice.clear()

    def current_combat(self) -> Combat | None:
        """The attack the dock is about: the one a decision belongs to, else the first
        not rolled, else (after a roll in this phase) the last one."""
        g = self.game
        decision = g.pending()
        combats = g.combats()
        if decision is not None:
            return next((c for c in combats if c.id == decision.combat), None)
        open_ = [c for c in combats if not c.resolved]
        if open_:
            return open_[0]
        return combats[-1] if combats and self.show_last else None

    def defending_combat(self) -> Combat | None:
        """The first declared attack still waiting for the defender's artillery (the
        computer declares all its attacks before any roll; a person one at a time)."""
        g = self.game
        if g.pending() is not None or not g.state.phase.endswith("combat"):
            return None
        self.settle_gunless()
        document = self.document
        return next(
            (
                c
                for c in g.combats()
                if not c.resolved and document.awaits_defence(c.id, self.defense_done)
            ),
            None,
        )

    def settle_gunless(self) -> None:
        """An attack no battery of the defender can reach owes him nothing to decide: it
        is settled at once (in hot-seat the mouse was handed over for an empty list)."""
        g = self.game
        document = self.document
        for c in g.combats():
            if (
                not c.resolved
                and c.id not in self.defense_done
                and document.awaits_defence(c.id, self.defense_done)
                and not g.defense_artillery(c)
            ):
                self.defense_done.add(c.id)

    def computer_plays(self, side: str) -> bool:
        """Is `side` played away from this table's people (the computer, or the opponent
        of a game by e-mail)? Its controls are then not theirs to press."""
        return not self.document.plays_here(side)

    # --- redraw ---------------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the step the game is at: the attack to build, the defender's guns, the
        roll, or the result's decision; the odds of the attack in hand."""
        g = self.game
        decision = g.pending()
        for box in (self.builder, self.defense, self.result, self.roll_box):
            box.hide()
        self.idle.hide()
        if not g.state.phase.endswith("combat") and decision is None:
            self.idle.show()
            self.odds.hide()
            self.builder.target = None
            self.show_last = False
            self.odds.show_combat(None)
            return
        self.odds.show()
        current = self.defending_combat() or self.current_combat()
        self._enable_for_people(decision)
        if decision is not None:
            self.result.show_decision(decision)
        elif current is not None and not current.resolved:
            if self.document.awaits_defence(current.id, self.defense_done):
                self.defense.show_defense(current)
            else:
                self.roll_box.show_roll_for(current)
        else:
            self.builder.show_attack()
        if not self.roll_box.isVisibleTo(self) and self.roll_box.just_rolled():
            self.roll_box.show_landed()  # the faces stay until the next action
        if decision is None and current is not None and not current.resolved:
            self.show_declared(current)
        elif decision is not None:
            self.odds.show_combat(current)
        elif self.builder.target is not None:
            self.builder.preview()
        else:
            self.odds.show_combat(current)  # the last result of this phase, or nothing

    def show_declared(self, c: Combat) -> None:
        """A declared attack not rolled yet: while the defender may still fire, the
        attacker's worst case beside it; when no gun of his reaches, that the odds stand."""
        g = self.game
        if self.document.awaits_defence(c.id, self.defense_done):
            self.odds.show_view(defence_view(g, c, self.defense.guns.selected_ids()))
            return
        worst = g.worst_case(c)
        if worst.changes_nothing and not c.defense_artillery:
            self.odds.show_view(OddsView.of(c, worst=worst, worst_words=worst.sentence()))
        else:
            self.odds.show_combat(c)

    def _enable_for_people(self, decision) -> None:
        """The computer's own controls are not a person's to press (hand dice excepted:
        the players roll real dice for it)."""
        g = self.game
        attacker = g.state.side
        defender = "allied" if attacker == "german" else "german"
        hand = g.state.options.dice == "hand"
        self.builder.setEnabled(not self.computer_plays(attacker))
        self.roll_box.setEnabled(hand or not self.computer_plays(attacker))
        self.defense.setEnabled(not self.computer_plays(defender))
        self.result.setEnabled(
            decision is None
            or not self.computer_plays(decision.side)
            or (hand and decision.kind == "advance_roll")  # the players roll its die too
        )


class CombatDock(QDockWidget):
    """The Combat dock on the window's right; `panel` is the workflow."""

    def __init__(
        self, document_getter: Callable[[], GameDocument | None], parent: QWidget | None = None
    ) -> None:
        super().__init__("Combat", parent)
        self.setObjectName("kasserine-combat")
        self.panel = CombatPanel(document_getter, self)
        self.setWidget(self.panel)  # the panel scrolls its steps itself, not its dice


__all__ = ["CombatDock", "CombatPanel"]
