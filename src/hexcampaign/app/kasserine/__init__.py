"""Kasserine Pass played hot-seat in the app: counters, movement, combat, results,
reinforcements, the log and victory, all through the rules engine. The mode's parts and
the one path of an action are listed in mode.py.

    from hexcampaign.app.kasserine import install
    mode = install(window)      # builds the mode (docks hidden) on a MainWindow
    window.set_mode(mode)       # the lead's switch: activate() shows it
"""

from __future__ import annotations

from typing import Any

from hexcampaign.app.kasserine.document import FILE_SUFFIX, GameDocument
from hexcampaign.app.kasserine.mode import KasserineMode
from hexcampaign.app.kasserine.session import PlaySession


def install(window: Any) -> KasserineMode:
    """Create the Kasserine Pass mode on `window` (inactive until activated)."""
    return KasserineMode(window)


__all__ = ["FILE_SUFFIX", "GameDocument", "KasserineMode", "PlaySession", "install"]
