"""The umpire's desk for CM operational campaigns (issue 8).

    from hexcampaign.app.campaign import install
    mode = install(window)          # a CampaignMode hung on the MainWindow
    window.set_mode(mode)           # (the lead's wiring) or mode.activate()
    mode.open_path("x.hxcampaign")  # or mode.new_campaign_dialog() / mode.start(campaign)
    window.open_path("x.hxcampaign")  # the same, switching to the mode (window.openers)

The mode asks the engine (`hexcampaign.campaign.Campaign`) for what is legal, sends one
action at a time and redraws from the campaign's state; it never changes that state itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hexcampaign.app.campaign.mode import CampaignMode
    from hexcampaign.app.main_window import MainWindow


def install(window: MainWindow) -> CampaignMode:
    """Create the campaign mode for `window` (inactive until activate() / set_mode) and
    register it as the opener of `.hxcampaign` files (window.open_path, recent files)."""
    from hexcampaign.app.campaign.mode import CampaignMode

    mode = CampaignMode(window)
    for suffix in mode.SUFFIXES:
        window.openers[suffix] = mode.open_and_show
    return mode


__all__ = ["install"]
