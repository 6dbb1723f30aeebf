"""What both rulesets share: refusals, seeded dice with a log, hex graph search."""

from hexcampaign.rules.dice import Dice
from hexcampaign.rules.errors import IllegalAction
from hexcampaign.rules.search import cheapest_paths, path_to

__all__ = ["Dice", "IllegalAction", "cheapest_paths", "path_to"]
