"""The umpire's desk for CM operational campaigns (issue 8).

    from hexcampaign.app.campaign import install
    mode = install(window)          # a CampaignMode hung on the MainWindow
    window.set_mode(mode)           # (the lead's wiring) or mode.activate()
    mode.open_path("x.hxcampaign")  # or mode.new_campaign_dialog() / mode.start(campaign)

The mode asks the engine (`hexcampaign.campaign.Campaign`) for what is legal, sends one
action at a time and redraws from the campaign's state; it never changes that state itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hexcampaign.app.campaign.mode import CampaignMode
    from hexcampaign.app.main_window import MainWindow


def install(window: MainWindow) -> CampaignMode:
    """Create the campaign mode for `window` (inactive until activate() / set_mode)."""
    from hexcampaign.app.campaign.mode import CampaignMode

    return CampaignMode(window)


__all__ = ["install"]
