"""The defender's artillery: once an attack is declared the other player picks the
batteries that fire in its defence (the engine's defense_artillery), or none, before the
attacker rolls. The choice is the engine's SupportDefense, sent through the document."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.kasserine.combat_odds import defence_view
from hexcampaign.app.kasserine.docks import UnitList, side_word
from hexcampaign.kasserine import Combat
from hexcampaign.kasserine.state import SupportDefense

if TYPE_CHECKING:
    from hexcampaign.app.kasserine.table import CombatTable


def prompt_font() -> QFont:
    """The bold, larger font of a question put to a player."""
    font = QFont()
    font.setBold(True)
    font.setPointSizeF(font.pointSizeF() * 1.15)
    return font


class DefensePanel(QGroupBox):
    """The defender's guns for the attack waiting on them. Uses of the combat panel:
    `document`, `game`, `defense_done`, `defending_combat`, `refresh` and `settled`."""

    def __init__(self, combat: CombatTable, parent: QWidget | None = None) -> None:
        super().__init__("Defensive artillery", parent)
        self.combat = combat
        self.prompt = QLabel(self)
        self.prompt.setWordWrap(True)
        self.prompt.setFont(prompt_font())
        self.guns = UnitList(self, max_rows=4)
        self.guns.setSelectionMode(QAbstractItemView.SelectionMode.MultiSelection)
        self.allocate = QPushButton("Allocate and go on to the roll", self)
        self.allocate.setObjectName("allocate")
        layout = QVBoxLayout(self)
        layout.addWidget(self.prompt)
        layout.addWidget(self.guns)
        layout.addWidget(self.allocate)
        self.allocate.clicked.connect(self.allocate_defense)
        # The odds follow the guns as they are ticked: the defender saw 1:2 only after
        # committing them.
        self.guns.itemSelectionChanged.connect(self._guns_ticked)

    def show_defense(self, c: Combat) -> None:
        """Ask the defending player about the attack `c`."""
        g = self.combat.game
        defender = c.defending_side
        guns = g.defense_artillery(c)
        self.show()
        who = f"{side_word(defender)} player"
        name = self.combat.document.player(defender)
        if name != who:
            who += f" ({name})"
        self.prompt.setText(
            f"{who}: allocate your artillery"
            if guns
            else f"{who}: no artillery of yours is in range of the defending hex"
        )
        self.guns.show_units(guns)
        self.guns.setVisible(bool(guns))
        self.allocate.setText("Allocate and go on to the roll" if guns else "Go on to the roll")

    def _guns_ticked(self) -> None:
        c = self.combat.defending_combat()
        if c is not None:
            ticked = self.guns.selected_ids()
            self.combat.odds.show_view(defence_view(self.combat.game, c, ticked))

    def allocate_defense(self) -> bool:
        """The guns picked fire in defence (the engine's SupportDefense); none picked, the
        attacker rolls without them — the window's record alone changes, so the dock
        redraws itself and says who acts now (`settled`)."""
        c = self.combat.defending_combat()
        if c is None:
            return False
        guns = self.guns.selected_ids()
        document = self.combat.document
        self.combat.defense_done.add(c.id)  # before the act: the attacker acts next
        if guns:
            if document.act(SupportDefense(combat=c.id, artillery=guns), self) is None:
                self.combat.defense_done.discard(c.id)
                return False
        else:
            self.combat.refresh()
            self.combat.settled.emit()
        document.defence_settled(self.combat.defense_done)  # by e-mail: the answer goes
        return True


__all__ = ["DefensePanel", "prompt_font"]
