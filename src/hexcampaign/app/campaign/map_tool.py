"""The campaign's map tool moved to phase_tools.py (what a click means in each phase);
the old name stays importable for scripts and tests written against it."""

from hexcampaign.app.campaign.phase_tools import (  # noqa: F401
    PHASE_CLICKS,
    AttackOrderClicks,
    CampaignTool,
    MovementClicks,
    PlacingClicks,
)
