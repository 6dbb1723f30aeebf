"""Everything Qt: the main window, the map canvas and its layers, modes, dialogs.

`MainWindow` is imported on first use, so `hexcampaign.app.render` (the headless
renderer) does not pull in the widgets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hexcampaign.app.main_window import MainWindow

__all__ = ["MainWindow"]


def __getattr__(name: str) -> Any:
    if name == "MainWindow":
        from hexcampaign.app.main_window import MainWindow

        return MainWindow
    raise AttributeError(f"module 'hexcampaign.app' has no attribute {name!r}")
