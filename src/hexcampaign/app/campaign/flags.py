"""What each part of the umpire's desk redraws for.

Every engine action returns a change record (`CampaignChanges`, a `PlayChanges`) whose
flags say what moved; the document sends it once with `changed(changes, initiator)`
and each part redraws only when a flag it watches is set, as the editor's docks do
with ChangeSet. The desk's own view (the selection, the attackers picked, a placement
awaited, an overlay switched) is no change of the campaign: the mode sends it with its
`view_changed` signal, which only the map and the OOB dock follow.
"""

from __future__ import annotations

from hexcampaign.rules.changes import Play

# The flags each part of the desk redraws for (a log line alone redraws only the log).
MAP_FLAGS = Play.UNITS | Play.ELIMINATED | Play.PHASE | Play.DECISION | Play.COMBAT
MAP_FLAGS |= Play.HOLDINGS | Play.MAP
# The phase dock follows every action: its Back button depends on the last one.
PHASE_DOCK_FLAGS = Play.ALL
OOB_FLAGS = Play.UNITS | Play.ELIMINATED | Play.PHASE | Play.DECISION
PURCHASE_FLAGS = Play.UNITS | Play.PHASE | Play.POINTS | Play.HOLDINGS
BATTLES_FLAGS = Play.COMBAT | Play.DECISION | Play.PHASE | Play.UNITS
LOG_FLAGS = Play.LOG | Play.PHASE
