"""The Kasserine Pass rules engine (headless): CRT, movement, zones of control, stacking,
combat, artillery, retreats and advances, reinforcements, victory and the phase machine."""

from hexcampaign.kasserine import crt
from hexcampaign.kasserine.game import Combat, Game, GameFormatError
from hexcampaign.kasserine.options import Options
from hexcampaign.kasserine.state import Decision, GameState
from hexcampaign.kasserine.units import Arrival, UnitSpec, UnitView
from hexcampaign.rules import IllegalAction

__all__ = [
    "Arrival",
    "Combat",
    "Decision",
    "Game",
    "GameFormatError",
    "GameState",
    "IllegalAction",
    "Options",
    "UnitSpec",
    "UnitView",
    "crt",
]
