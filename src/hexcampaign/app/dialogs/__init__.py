"""Dialogs of the main window: the file questions every document asks (`files`), the
Save As question (`save_path`) and File > New map (`new_map`, imported on first use:
the window's start-up does not wait for it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hexcampaign.app.dialogs.new_map import NewMapDialog

__all__ = ["NewMapDialog"]


def __getattr__(name: str) -> Any:
    if name == "NewMapDialog":
        from hexcampaign.app.dialogs.new_map import NewMapDialog

        return NewMapDialog
    raise AttributeError(f"module 'hexcampaign.app.dialogs' has no attribute {name!r}")
