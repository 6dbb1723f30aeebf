"""The names of the game document under their older module (app/kasserine/session.py):
the game is now `GameDocument` in document.py; `PlaySession` is the same class, kept so
older imports and scripts go on working."""

from __future__ import annotations

from hexcampaign.app.kasserine.document import (
    COMPUTER_LEVELS,
    DEFAULT_PLAYERS,
    FILE_FILTER,
    FILE_SUFFIX,
    SAVE_WHAT,
    FileFormatError,
    GameDocument,
    autosave_folder,
    orphan_autosaves,
)

PlaySession = GameDocument

__all__ = [
    "COMPUTER_LEVELS",
    "DEFAULT_PLAYERS",
    "FILE_FILTER",
    "FILE_SUFFIX",
    "SAVE_WHAT",
    "FileFormatError",
    "GameDocument",
    "PlaySession",
    "autosave_folder",
    "orphan_autosaves",
]
