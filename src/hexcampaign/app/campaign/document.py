"""The campaign as a document: the engine's Campaign plus the umpire's own notes, in
one `.hxcampaign` file, acted on as every play document is (app/play_document.py):

    document.act(Move(fid=..., path=[...]), initiator) -> CampaignChanges | None

The notes and the count of set-up actions are extra top-level keys the engine ignores,
written last so that a load reads them without parsing the file a second time.
"""

from __future__ import annotations

import errno
import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject

from hexcampaign.app.document import naming_the_file
from hexcampaign.app.play_document import PlayDocument
from hexcampaign.campaign import FILE_SUFFIX, Campaign, CampaignChanges, CampaignFormatError
from hexcampaign.campaign.names import slug
from hexcampaign.files import FileFormatError, read_limited, trailing_value

CAMPAIGN_FILTER = "CM campaigns (*.hxcampaign);;All files (*)"
NOTES_KEY = "umpire_notes"  # the umpire's reasons for overrides
SETUP_KEY = "umpire_setup_actions"  # the wizard's deploys, which "Back" never undoes

# Actions that commit new information (a result, a die roll) or close a phase: "Back"
# stops there, so an umpire never takes back what the players have already been told.
COMMITTED = ("end_phase", "enter_result", "pursuit")
BACK_REFUSED = (
    "Back: nothing in this phase can be taken back (a result, a roll or the phase change "
    "is committed)"
)


class CampaignDocument(PlayDocument):
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
        super().__init__(campaign, path, parent)
        self.notes = list(notes or [])
        self.setup_actions = len(campaign.actions) if setup_actions is None else setup_actions
        self._reason = ""  # the umpire's reason for the overrides of the action being applied

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
        notes = trailing_value(text, NOTES_KEY)
        setup = trailing_value(text, SETUP_KEY)
        return cls(
            campaign,
            path,
            notes=[n for n in notes if isinstance(n, str)] if isinstance(notes, list) else [],
            setup_actions=setup if isinstance(setup, int) and not isinstance(setup, bool) else 0,
            parent=parent,
        )

    @property
    def campaign(self) -> Campaign:
        return self.engine

    @property
    def title(self) -> str:
        if self.path is not None:
            return self.path.name
        if self.campaign.map.name:
            return f"{self.campaign.map.name} campaign"
        return self.UNTITLED

    def suggested_name(self) -> str:
        return self.path.name if self.path else slug(self.title, "campaign").lower() + FILE_SUFFIX

    # --- acting (PlayDocument's hooks) --------------------------------------------------

    def act(
        self, action: Any, initiator: object = None, reason: str = ""
    ) -> CampaignChanges | None:
        """Apply one typed campaign action (campaign/actions.py). `reason` is the umpire's
        reason for a result entered against the rules: each override the engine reports
        goes into the umpire's notes with it, before `changed` is sent."""
        self._reason = reason
        try:
            return super().act(action, initiator)  # type: ignore[return-value]
        finally:
            self._reason = ""

    def engine_apply(self, action: Any) -> CampaignChanges:
        changes = self.campaign.apply(action)
        for note in getattr(changes.value, "overridden", None) or ():
            battle = getattr(action, "battle", "")
            self.notes.append(self._dated(f"Battle {battle}: {note} — reason: {self._reason}"))
        return changes

    def engine_can_undo(self) -> bool:
        return self.campaign.can_undo()

    def engine_redo(self) -> CampaignChanges:
        return self.campaign.redo()

    def engine_can_redo(self) -> bool:
        return self.campaign.can_redo()

    def can_go_back(self) -> bool:
        """Back takes back the last action of this phase: never the wizard's set-up, and
        never an action that committed what the players were told (COMMITTED)."""
        c = self.campaign
        return bool(
            len(c.actions) > self.setup_actions
            and c.can_undo()
            and c.actions[-1].get("act") not in COMMITTED
        )

    def back(self, initiator: object = None) -> bool:
        """The desk's Back: an undo within the phase, refused (one sentence) past it."""
        if not self.can_go_back():
            self.refuse(BACK_REFUSED)
            return False
        return self.undo(initiator)

    # --- the umpire's notes and the file ------------------------------------------------

    def add_note(self, text: str) -> None:
        self.notes.append(self._dated(text))
        self.set_dirty(True)

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

    def _dated(self, text: str) -> str:
        c = self.campaign
        return f"Turn {c.turn}, {c.side_to_play}: {text}"
