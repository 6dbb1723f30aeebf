"""The player's desk in the window (issue 29 item 3): a turn package (.hxpackage) opened
shows that side's map and forces in the umpire's desk's own docks, and the orders the
player plans there are written as an orders file (.hxorders) to send back.

    document = PlayerDeskDocument.load("kasserine-turn02-german-half-phase3-german.hxpackage")
    document.campaign            # the side's view: every query of Campaign (DeskView)
    document.act(Move(...), by)  # planned at the desk (PlayerDesk.apply), or refused
    document.back(by)            # the last order withdrawn (PlayerDesk.take_back)
    document.file_text()         # the orders file (PlayerDesk.orders())

The desk's widgets (DeskMap, the OOB, phase and purchase docks, the phase tools) take
the document as they take a CampaignDocument: they ask `mode.campaign` their queries and
send typed actions with `document.act`. The rules stay the engine's: PlayerDesk checks
each order on the world rebuilt from the package (the unknown enemy is absent, so the
desk cannot show what the side does not know), and its refusal names the rule. The
enemy is read-only by construction: PlayerDesk refuses any order for another side's
forces. Saving the document writes the orders file beside the package, named as the
package is (for e-mail), and a kept orders file beside it is given again on opening
(a second sitting).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject

from hexcampaign.app.document import absolute
from hexcampaign.app.play_document import PlayDocument
from hexcampaign.campaign import CampaignFormatError
from hexcampaign.campaign.orders import ORDERS_SUFFIX, OrdersError, PlayerDesk, player
from hexcampaign.campaign.packages import SUFFIX as PACKAGE_SUFFIX
from hexcampaign.campaign.phases import PHASE_TITLES, PHASES
from hexcampaign.files import read_limited
from hexcampaign.rules.changes import PlayChanges

PACKAGE_FILTER = "Turn packages (*.hxpackage);;All files (*)"
ORDERS_FILTER = "Orders files (*.hxorders);;All files (*)"

__all__ = [
    "ORDERS_FILTER",
    "PACKAGE_FILTER",
    "PACKAGE_SUFFIX",
    "DeskCampaign",
    "PlayerDeskDocument",
]


class DeskCampaign:
    """The desk's view as the widgets see it: the PlayerDesk's campaign_view now, with
    the map object kept from the first one (a take-back rebuilds the desk's world and
    its map; the map's terrain is the package's either way, and the canvas must keep
    showing the same map object, or it would be swapped and fitted again)."""

    def __init__(self, desk: PlayerDesk) -> None:
        self._desk = desk
        self._map = desk.campaign_view.map

    @property
    def map(self) -> Any:
        return self._map

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("_desk", "_map"):
            raise AttributeError(name)
        return getattr(self._desk.campaign_view, name)


class PlayerDeskDocument(PlayDocument):
    """One side's desk, opened from its package; its file is the orders file."""

    KIND = "orders"
    SUFFIX = ORDERS_SUFFIX
    FILE_FILTER = ORDERS_FILTER
    UNTITLED = "Untitled orders"
    PLAYER_DESK = True  # the menus show the player's entries, hide the umpire's

    def __init__(
        self,
        desk: PlayerDesk,
        package_path: Path | str | None = None,
        package_data: bytes = b"",
        orders_path: Path | str | None = None,
        parent: QObject | None = None,
    ) -> None:
        self.desk = desk
        self.package_path = absolute(package_path)
        self.package_data = package_data
        self.notes: list[str] = []  # (the log dock reads the umpire's notes: none here)
        self.setup_actions = 0
        super().__init__(DeskCampaign(desk), orders_path, parent)
        # Nothing planned yet is nothing to lose: no close question for an empty desk.
        self.set_dirty(False)

    @classmethod
    def load(cls, path: Path | str, parent: QObject | None = None) -> PlayerDeskDocument:
        """Open a package file; CampaignFormatError (one sentence) when it is no package
        or is damaged. An orders file of the same name beside it, planned on this very
        package, is given again; one planned on another package is left alone (the
        orders are then written only where the player says)."""
        path = Path(path)
        data = read_limited(path, "turn package")
        try:
            desk = PlayerDesk.open(data)
        except OrdersError as error:
            raise CampaignFormatError(f"{path.name}: {error}") from None
        kept = path.with_suffix(ORDERS_SUFFIX)
        orders_path: Path | None = kept
        if kept.is_file():
            try:
                desk = PlayerDesk.open(data, kept.read_bytes())
            except (OrdersError, OSError, ValueError):
                orders_path = None  # not this package's: never overwritten unasked
        return cls(desk, path, data, orders_path, parent)

    # --- what the desk is ------------------------------------------------------------------

    @property
    def campaign(self) -> Any:
        """The side's view (every query of Campaign; changes only through `act`)."""
        return self.engine

    @property
    def side(self) -> str:
        return self.desk.side

    @property
    def title(self) -> str:
        """ "kasserine — German player's desk, turn 2 phase 2 (movement)"."""
        p = self.desk.package
        who = player(p.side)[len("the ") :]
        number = PHASES.index(p.phase) + 1
        return f"{p.name} — {who}'s desk, turn {p.turn} phase {number} ({PHASE_TITLES[p.phase]})"

    def suggested_name(self) -> str:
        """The package's own name with the orders suffix, for e-mail."""
        if self.package_path is not None:
            return self.package_path.with_suffix(ORDERS_SUFFIX).name
        return f"{self.desk.package.name}-{self.side}{ORDERS_SUFFIX}"

    def orders_path(self) -> Path:
        """Where Write orders… offers to write: beside the package."""
        if self.path is not None:
            return self.path
        folder = self.package_path.parent if self.package_path is not None else Path.cwd()
        return folder / self.suggested_name()

    @property
    def decisions(self) -> list[str]:
        return self.desk.decisions

    # --- acting (PlayDocument's hooks) ---------------------------------------------------

    def phase_key(self) -> tuple:
        p = self.desk.package
        return (p.turn, p.side_to_play, p.phase)

    def engine_apply(self, action: Any) -> PlayChanges:
        changes = self.desk.apply(action)
        # A pursuit is checked but not rolled at the desk: nothing on the map changed,
        # but the order is planned (everything redrawn, so its item shows as given).
        return changes if changes is not None else PlayChanges.everything()

    def engine_undo(self) -> PlayChanges:
        self.desk.take_back()
        return PlayChanges.everything()

    def engine_can_undo(self) -> bool:
        return bool(self.desk.planned)

    def can_go_back(self) -> bool:
        return bool(self.desk.planned)

    def back(self, initiator: object = None) -> bool:
        """The desk's Back: the last order withdrawn."""
        return self.undo(initiator)

    def autosave(self) -> bool:
        return False  # the orders are the player's to write (Write orders…); no autosave

    # --- the orders file -----------------------------------------------------------------

    def file_text(self) -> str:
        return self.desk.orders().decode("utf-8")

    def add_note(self, text: str) -> None:
        self.notes.append(text)
