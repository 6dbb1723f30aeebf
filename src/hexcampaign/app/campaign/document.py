"""The campaign as a document: the engine's Campaign plus the umpire's own notes, in
one `.hxcampaign` file. The notes and the count of set-up actions are extra top-level
keys the engine ignores, written last so that a load reads them without parsing the
file a second time."""

from __future__ import annotations

import errno
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject

from hexcampaign.app.document import Document, naming_the_file
from hexcampaign.campaign import FILE_SUFFIX, Campaign, CampaignFormatError
from hexcampaign.files import FileFormatError, read_limited

CAMPAIGN_FILTER = "CM campaigns (*.hxcampaign);;All files (*)"
NOTES_KEY = "umpire_notes"  # the umpire's reasons for overrides
SETUP_KEY = "umpire_setup_actions"  # the wizard's deploys, which "Back" never undoes


class CampaignDocument(Document):
    KIND = "campaign"
    SUFFIX = FILE_SUFFIX
    FILE_FILTER = CAMPAIGN_FILTER
    UNTITLED = "Untitled campaign"

    def __init__(
        self,
        campaign: Campaign,
        path: Path | str | None = None,
        notes: list[str] | None = None,
        setup_actions: int | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(path, parent)
        self.campaign = campaign
        self.notes = list(notes or [])
        self.setup_actions = len(campaign.actions) if setup_actions is None else setup_actions
        self.autosaver = None  # the mode's Autosaver, once attached
        # A campaign never saved exists nowhere else: it is unsaved work from the start.
        if self.path is None:
            self.set_dirty(True)

    @classmethod
    def load(cls, path: Path | str, parent: QObject | None = None) -> CampaignDocument:
        """Read a campaign file (read and parsed once); CampaignFormatError or
        FileFormatError with a sentence when it is bad."""
        path = Path(path)
        raw = read_limited(path, "campaign")
        try:
            campaign = Campaign.from_json(raw)
        except FileFormatError as error:
            raise CampaignFormatError(
                naming_the_file(error, path, "The campaign file", prefix=False)
            ) from None
        text = raw.decode("utf-8", "replace")
        notes = _trailing_value(text, NOTES_KEY)
        setup = _trailing_value(text, SETUP_KEY)
        return cls(
            campaign,
            path,
            notes=[n for n in notes if isinstance(n, str)] if isinstance(notes, list) else [],
            setup_actions=setup if isinstance(setup, int) and not isinstance(setup, bool) else 0,
            parent=parent,
        )

    @property
    def title(self) -> str:
        if self.path is not None:
            return self.path.name
        if self.campaign.map.name:
            return f"{self.campaign.map.name} campaign"
        return self.UNTITLED

    def suggested_name(self) -> str:
        return self.path.name if self.path else slug(self.title) + FILE_SUFFIX

    def act(self, action: Callable[..., Any], *args: Any, **kw: Any) -> Any:
        """Apply one engine action (a bound method of the campaign and its arguments).
        IllegalAction goes to the caller, nothing changed; otherwise the campaign is
        dirty and, at a change of phase, autosaved."""
        c = self.campaign
        before = (c.turn, c.side_to_play, c.phase)
        result = action(*args, **kw)
        self.set_dirty(True)
        if (c.turn, c.side_to_play, c.phase) != before:
            self.autosave()
        return result

    def add_note(self, text: str) -> None:
        c = self.campaign
        self.notes.append(f"Turn {c.turn}, {c.side_to_play}: {text}")
        self.set_dirty(True)

    def autosave(self) -> bool:
        return self.autosaver is not None and self.autosaver.autosave_now()

    def file_text(self) -> str:
        text = self.campaign.to_json().rstrip()
        assert text.endswith("}")
        extra = (
            f',\n "{NOTES_KEY}": {json.dumps(self.notes, ensure_ascii=False)}'
            f',\n "{SETUP_KEY}": {int(self.setup_actions)}\n}}'
        )
        return text[:-1].rstrip() + extra

    def check_written(self, text: str, back: str) -> None:
        """The file read back must load as this very campaign before it replaces the
        old file."""
        try:
            same = Campaign.from_json(back).state == self.campaign.state
        except (CampaignFormatError, FileFormatError, ValueError):
            same = False
        if not same:
            raise OSError(errno.EIO, "the file read back is not the campaign that was written")


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower() or "campaign"


def _trailing_value(text: str, key: str) -> object:
    """The value of a top-level key written after the engine's own (see file_text). In
    JSON text a quote inside a string is always escaped, so `"key":` is the key itself."""
    at = text.rfind(f'"{key}":')
    if at < 0:
        return None
    start = at + len(key) + 3
    while start < len(text) and text[start] in " \t\r\n":
        start += 1
    try:
        value, _end = json.JSONDecoder().raw_decode(text, start)
    except ValueError:
        return None
    return value
