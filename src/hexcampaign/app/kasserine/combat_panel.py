"""The Combat dock's older module: the dock is now cut into one part per step (see
combat_dock.py); these names stay importable from here."""

from hexcampaign.app.kasserine.combat_attack import AttackPanel
from hexcampaign.app.kasserine.combat_defense import DefensePanel
from hexcampaign.app.kasserine.combat_dock import CombatDock, CombatPanel
from hexcampaign.app.kasserine.combat_odds import OddsPanel, OddsView
from hexcampaign.app.kasserine.combat_results import ResultPanel
from hexcampaign.app.kasserine.combat_roll import RollPanel

__all__ = [
    "AttackPanel",
    "CombatDock",
    "CombatPanel",
    "DefensePanel",
    "OddsPanel",
    "OddsView",
    "ResultPanel",
    "RollPanel",
]
