"""The umpire's desk for CM operational campaigns (issue 8).

    from hexcampaign.app.campaign import install
    mode = install(window)          # a CampaignMode hung on the MainWindow
    window.set_mode(mode)           # (the lead's wiring) or mode.activate()
    mode.open_path("x.hxcampaign")  # or mode.new_campaign_dialog() / mode.start(campaign)
    window.open_path("x.hxcampaign")  # the same, switching to the mode (window.openers)

The one path of an action (the same as in the Kasserine mode):

    click on the map -> phase_tools.MovementClicks.click -> actions.Move(fid, path)
      -> CampaignDocument.act(action, tool) -> Campaign.apply -> CampaignChanges
      -> document.changed(changes, tool), once -> CampaignMode._document_changed
      -> each part watching those flags redraws (docks, the map's items: flags.py)

A refusal changes nothing: `act` returns None and the document's `refused(sentence)` is
shown once by the window's `show_refusal`. The desk's own view (selection, overlays) is
announced by `CampaignMode.view_changed`, never by the document.

The parts: document.py (the campaign as a document), mode.py (wiring), phase_tools.py
(clicks per phase; map_tool.py is its old name), docks.py with phase_dock.py,
battles.py, oob_dock.py, purchase_dock.py, log_dock.py; desk_map.py and counters.py (the
map); menus.py; dialogs.py with umpire.py, result_form.py, attack_orders.py,
sheet_dialog.py, order_dialog.py, wizard.py (wizard_sides.py,
wizard_places.py, wizard_formations.py, wizard_options.py, unit_picker.py),
ending_dialog.py; reports.py (sheet exports and turn reports); flags.py.
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
