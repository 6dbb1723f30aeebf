"""The roll of a declared attack: the program's dice, or the two-dice total the players
threw by hand; at 1:6 and >8:1 the table gives its result without a roll
(crt.automatic_result). The roll is the engine's Resolve, sent through the document."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QGroupBox, QVBoxLayout, QWidget

from hexcampaign.app.kasserine.dice import DiceWidget
from hexcampaign.app.kasserine.docks import side_word
from hexcampaign.kasserine import Combat, crt
from hexcampaign.kasserine.state import AdvanceRoll, Resolve

if TYPE_CHECKING:
    from hexcampaign.app.kasserine.table import CombatTable


class RollPanel(QGroupBox):
    """The dice of the attack in hand. Uses of the combat panel: `document`, `game`,
    `defense_done` and `current_combat`."""

    def __init__(self, combat: CombatTable, parent: QWidget | None = None) -> None:
        super().__init__("Roll", parent)
        self.combat = combat
        self.dice = DiceWidget(self)
        layout = QVBoxLayout(self)
        layout.addWidget(self.dice)
        self.dice.roll_requested.connect(self.roll)

    def show_roll_for(self, c: Combat) -> None:
        """Ready to roll the attack `c` (or to apply its automatic result)."""
        self.show()
        automatic = crt.automatic_result(c.odds)
        hand = self.combat.game.state.options.dice == "hand" and automatic is None
        # The last roll's faces and words (they name their attack) stay until this
        # attack is rolled: they vanished the moment the next attack was ready.
        self.dice.set_mode(2, hand, keep=self.just_rolled())
        if automatic is not None:  # 1:6 and >8:1 need no dice
            self.dice.roll_button.setText(f"Apply {automatic} (no roll at {c.odds})")
        self.dice.set_enabled(True)

    def just_rolled(self) -> bool:
        """Was the game's last action a roll (of an attack or of the D ELIM advance die)
        whose dice this panel shows? Its faces stay up until the next action."""
        actions = self.combat.game.actions()
        return (
            bool(actions)
            and isinstance(actions[-1], (Resolve, AdvanceRoll))
            and bool(self.dice.faces.faces or self.dice.result.text())
        )

    def show_landed(self) -> None:
        """The dice of the last roll, left up while its result is taken (or the next
        attack is built): nothing here to press until the next roll."""
        self.show()
        self.dice.show_landed()

    def roll(self, hand: int | None) -> str | None:
        """Roll the attack in hand (`hand`: the total thrown by hand); its result words,
        or None when refused (the sentence is shown)."""
        combat = self.combat
        c = combat.current_combat()
        if c is None:
            return None
        if c.id not in combat.defense_done:
            combat.document.refuse(
                f"Artillery: the {side_word(c.defending_side)} player allocates defensive "
                "artillery first"
            )
            return None
        if combat.document.act(Resolve(combat=c.id, roll=hand), self) is None:
            return None
        return self.show_rolled(c.id, hand)

    def show_rolled(self, combat_id: int, hand: int | None = None) -> str | None:
        """The dice of the attack just rolled (a person's or the computer's) land on its
        faces, with its result; the result words, or None for no such attack."""
        g = self.combat.game
        rolled = next((x for x in g.combats() if x.id == combat_id), None)
        if rolled is None:
            return None
        faces = g.actions()[-1].faces or (self.dice.hand_faces(hand) if hand else [])
        text = (
            f"Attack {rolled.id} at {rolled.odds}: "
            + (f"rolled {rolled.roll} — " if rolled.roll else "no roll needed — ")
            + (rolled.result or "")
        )
        self.dice.show_roll(faces, text)
        if self.isHidden():  # the result's step: the dice stay up beside it
            self.show_landed()
        return rolled.result


__all__ = ["RollPanel"]
