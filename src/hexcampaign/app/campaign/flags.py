"""What each part of the umpire's desk redraws for.

Every engine action returns a change record (`CampaignChanges`, a `PlayChanges`) whose
flags say what moved; the mode passes them with its `changed` signal and each dock
redraws only when a flag it watches is set, as the editor's docks do with ChangeSet.
"""

from __future__ import annotations

from hexcampaign.rules.changes import Play

# What the desk itself changed without the engine: the selection, the attackers picked,
# a placement awaited, an overlay switched. Only the map and the OOB dock show those.
VIEW = Play(1 << 10)
EVERYTHING = Play.ALL | VIEW
# The flags each part of the desk redraws for (a log line alone redraws only the log).
MAP_FLAGS = Play.UNITS | Play.ELIMINATED | Play.PHASE | Play.DECISION | Play.COMBAT
MAP_FLAGS |= Play.HOLDINGS | Play.MAP | VIEW
PHASE_DOCK_FLAGS = Play.ALL & ~Play.LOG
OOB_FLAGS = Play.UNITS | Play.ELIMINATED | Play.PHASE | Play.DECISION | VIEW
PURCHASE_FLAGS = Play.UNITS | Play.PHASE | Play.POINTS | Play.HOLDINGS
BATTLES_FLAGS = Play.COMBAT | Play.DECISION | Play.PHASE | Play.UNITS
LOG_FLAGS = Play.LOG | Play.PHASE
