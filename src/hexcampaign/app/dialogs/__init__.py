"""Dialogs of the main window."""

from __future__ import annotations

from hexcampaign.app.dialogs.new_map import NewMapDialog

__all__ = ["NewMapDialog"]
