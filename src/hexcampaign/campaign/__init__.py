"""The CM operational campaign (no Qt): formations, production, the seven-phase turn,
battle set-ups for Combat Mission, results, retreats and pursuit."""

from __future__ import annotations

from hexcampaign.campaign.battle_sheet import BattleSheet, OobLine
from hexcampaign.campaign.campaign import (
    FILE_SUFFIX,
    Campaign,
    CampaignChanges,
    CampaignFormatError,
    DigInStatus,
    FormationView,
    UnitView,
)
from hexcampaign.campaign.ending import Outcome
from hexcampaign.campaign.history import UnitHistory
from hexcampaign.campaign.legal import LegalAction
from hexcampaign.campaign.names import slug
from hexcampaign.campaign.options import Options
from hexcampaign.campaign.state import BattleRecord as Battle
from hexcampaign.campaign.turn import PHASES, OpenItem
from hexcampaign.campaign.unit_chart import UnitChart, UnitChartError, UnitType
from hexcampaign.rules import IllegalAction

__all__ = [
    "FILE_SUFFIX",
    "PHASES",
    "Battle",
    "BattleSheet",
    "Campaign",
    "CampaignChanges",
    "CampaignFormatError",
    "DigInStatus",
    "FormationView",
    "IllegalAction",
    "LegalAction",
    "OobLine",
    "OpenItem",
    "Options",
    "Outcome",
    "UnitChart",
    "UnitChartError",
    "UnitHistory",
    "UnitType",
    "UnitView",
    "slug",
]
