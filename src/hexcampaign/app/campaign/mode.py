"""CampaignMode: the umpire's desk hung on the main window. Wiring only.

The parts, each in its own module:

- the document (document.py, `CampaignDocument`): the open campaign; every action is
  a typed campaign action sent with `document.act(action, initiator)`, which applies
  it, autosaves at a phase change and emits `changed(changes, initiator)` exactly once;
- the phase tools (phase_tools.py): what a click on the map means in each phase;
- the docks (docks.py and one module per dock) and the map (desk_map.py): they
  redraw from that one `changed` alone, by the change record's flags (flags.py);
- the dialogs (dialogs.py and one module per family) and the menus (menus.py).

The desk's own view (the formation selected, the attackers picked, a placement awaited,
the overlays) is no change of the campaign: it lives here and is announced with
`view_changed`, which the map and the OOB dock follow. A refusal is shown once, by the
window's one helper (`show_refusal`), when the document sends `refused`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMessageBox

from hexcampaign.app import autosave
from hexcampaign.app.campaign import ledger_dock
from hexcampaign.app.campaign.desk_map import DeskMap
from hexcampaign.app.campaign.dialogs import DeskDialogs
from hexcampaign.app.campaign.docks import DeskDocks
from hexcampaign.app.campaign.document import CAMPAIGN_FILTER, COMMITTED, CampaignDocument
from hexcampaign.app.campaign.flags import MAP_FLAGS
from hexcampaign.app.campaign.map_tool import DeskTool, HexPick
from hexcampaign.app.campaign.menus import DeskMenus
from hexcampaign.app.campaign.orders_dialogs import OrdersDialogs
from hexcampaign.app.campaign.phase_tools import placing_choices, placing_hint
from hexcampaign.app.campaign.player_desk import PACKAGE_SUFFIX, PlayerDeskDocument
from hexcampaign.app.dialogs import files
from hexcampaign.app.i18n import translate
from hexcampaign.app.plain_text import literal
from hexcampaign.app.window import file_guard
from hexcampaign.campaign import FILE_SUFFIX, Campaign
from hexcampaign.campaign import actions as A
from hexcampaign.campaign.orders import ORDERS_SUFFIX
from hexcampaign.hexes import Hex
from hexcampaign.rules.changes import Play, PlayChanges

__all__ = ["COMMITTED", "CampaignMode"]


class CampaignMode(QObject):
    # A turn package (.hxpackage) opens the player's desk (player_desk.py) in this mode.
    SUFFIXES = (FILE_SUFFIX, PACKAGE_SUFFIX, ORDERS_SUFFIX)
    TITLE = "CM campaign"
    RULE_BOOK = "cm"  # Help > Rules opens the campaign rules while the desk is in charge

    # The desk's own view changed (selection, attackers, placement, overlays): the map
    # and the OOB dock redraw. Never sent for a change of the campaign.
    view_changed = Signal()

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        # The open campaign, or a player's desk opened from its package.
        self.document: CampaignDocument | PlayerDeskDocument | None = None
        self.autosaver = autosave.Autosaver(None, self, prefix="campaign-")
        self.autosaver.failed.connect(lambda sentence: self.window.show_message(sentence))
        self.active = False
        self.selected: str | None = None  # formation selected on the map
        self.attackers: list[str] = []  # divisions picked for an attack order
        self.placing: tuple[str, str] | None = None  # ("build", kind) | ("retreat"/"advance", fid)
        self.show_zoc = False
        self.show_supply = False
        self.dialog = None  # the dialog opened last (tests and screenshots reach it here)
        self.context_menu = None  # the formation menu of the last right-click
        self._watchers: list[tuple[Play, Callable[[PlayChanges], None]]] = []
        self._phase: tuple | None = None  # the phase the view state belongs to
        self._was_over = False
        self._refusal_shown = ""  # the refusal the status bar shows, cleared by an action
        self.tool = DeskTool(self)
        self.map = DeskMap(self)
        self.items = self.map.items
        self.dialogs = DeskDialogs(self)
        self.orders_dialogs = OrdersDialogs(self)  # packages out, orders in (issue 29)
        self.docks = DeskDocks(self)
        self.phase_dock, self.oob_dock = self.docks.phase, self.docks.oob
        self.purchase_dock, self.battles_dock = self.docks.purchase, self.docks.battles
        self.log_dock = self.docks.log
        self.ledger_dock = ledger_dock.install(self)  # tabbed with the log
        self._docks = self.docks.all
        self.menus = DeskMenus(self)
        self.menu, self.umpire_menu = self.menus.menu, self.menus.umpire_menu
        self.zoc_action, self.supply_action = self.menus.zoc_action, self.menus.supply_action
        self.watch(MAP_FLAGS, lambda _changes: self.map.refresh())
        self.view_changed.connect(self.map.refresh)

    # --- the play-mode contract -----------------------------------------------------------

    def activate(self) -> None:
        # (The main window's set_mode deactivates the editor or another play mode first.)
        self.active = True
        self.menus.set_visible(True)
        self.docks.show()
        self.window.canvas.set_tool(self.tool)
        if self.campaign is not None:
            self.map.show()
        else:
            orphans = autosave.find_orphans(suffixes=(FILE_SUFFIX,))
            if orphans:
                self.window.show_message(  # names a menu entry: in the menus' language
                    translate(
                        "DeskMenus",
                        "A campaign autosaved by a session that ended unexpectedly is waiting: "
                        "Campaign > Open an autosaved campaign… (%1).",
                    ).replace("%1", orphans[-1].title),
                    20000,
                )
        self._refresh_all()

    def deactivate(self) -> None:
        self.active = False
        self.docks.hide()
        self.items.clear()
        self.menus.set_visible(False)
        if self.window.canvas.tool is self.tool or isinstance(self.window.canvas.tool, HexPick):
            self.window.canvas.set_tool(None)  # (a pick for a dialog put aside goes too)

    def load_document(self, path: Path | str) -> CampaignDocument | PlayerDeskDocument:
        """Read a campaign save, or a turn package (the player's desk):
        CampaignFormatError or FileFormatError (one sentence), or OSError, when it
        cannot be opened."""
        if Path(path).suffix.lower() == PACKAGE_SUFFIX:
            return PlayerDeskDocument.load(path)
        return CampaignDocument.load(path)

    def show_document(self, document: CampaignDocument | PlayerDeskDocument) -> None:
        """Make a loaded campaign the open one (the open flow has asked about the one
        before, and restores a crashed session's autosave as unsaved work)."""
        self._take(document)
        if isinstance(document, PlayerDeskDocument):
            planned = len(document.desk.planned)
            kept = document.path.name if document.path is not None else ""
            again = f"; {planned} order(s) kept from {kept}" if planned else ""
            self.window.show_message(
                f"Opened {document.title} from the package "
                f"{document.package_path.name if document.package_path else ''}{again}.",
                15000,
            )
        elif document.path is not None:
            self.window.show_message(f"Opened the campaign {document.path.name}.")

    def open_path(self, path: Path | str) -> bool:
        """Open a campaign save through the window's one flow: the question about unsaved
        work first, then the load (a bad file is one sentence), then the show. A player's
        orders file (double-clicked, dropped, File › Open) is imported into the campaign
        open at the umpire's desk instead: it replaces nothing."""
        if Path(path).suffix.lower() == ORDERS_SUFFIX:
            return self.open_orders(path)
        return files.open_in(self.window, self, path)

    def open_orders(self, path: Path | str) -> bool:
        """Campaign › Import orders… for `path`, with the campaign it is for open at the
        umpire's desk; else one sentence saying to open that campaign first."""
        if self.campaign is None or self.player_desk:
            self.orders_dialogs.refuse(
                "Orders not imported",
                f"{Path(path).name} is a player's orders file: open the campaign it was "
                "written for at the umpire's desk (Campaign › Open campaign…), then choose "
                "Campaign › Import orders… or open the orders file again.",
            )
            return False
        self._show_mode()
        return self.import_orders_dialog(path) is not None

    def open_and_show(self, path: Path | str) -> bool:
        """Open a campaign file and switch the window to this mode (only once it opened)."""
        if not self.open_path(path):
            return False
        self._show_mode()
        return True

    def maybe_close(self) -> bool:
        """True when the campaign may be dropped (saved, discarded, or unchanged)."""
        return file_guard.may_close(self.window, self.document)

    def close_document(self) -> bool:
        """File > Close: put the campaign away (asking first about unsaved changes)."""
        if not self.maybe_close():
            return False
        self._take(None)
        return True

    def new_document(self):
        """A start-page card: the new-campaign wizard."""
        return self.new_campaign_dialog()

    # --- starting, saving -----------------------------------------------------------------

    def start(
        self, campaign: Campaign, path: Path | None = None, notes=None, setup_actions=None
    ) -> None:
        """Show `campaign` (a new one from the wizard, or one just opened)."""
        # The starting order of battle (the wizard's deploys) is not for "Back" to undo.
        self._take(CampaignDocument(campaign, path, notes, setup_actions))

    def started(self, campaign: Campaign) -> None:
        """The wizard's campaign: shown, and the desk put in charge."""
        self.start(campaign)
        self._show_mode()

    def open_dialog(self) -> bool:
        path = files.ask_open_path(self.window, "Open a campaign", CAMPAIGN_FILTER)
        return self.open_path(path) if path else False

    def open_autosave_dialog(self) -> bool:
        path = files.ask_open_path_in(
            self.window, "Open an autosaved campaign", autosave.autosave_dir(), CAMPAIGN_FILTER
        )
        return self.open_and_show(path) if path else False

    def save(self) -> bool:
        return file_guard.save(self.window, self.document)

    def save_as(self) -> bool:
        return files.save_as(self.window, self.document)

    def save_to(self, path: Path | str) -> bool:
        """Atomic save (the previous file kept as .bak); on failure say why, stay dirty."""
        if self.document is None or not files.save_to(self.window, self.document, path):
            return False
        self.map.show_title()
        return True

    def autosave_path(self) -> Path:
        return self.autosaver.document_path

    def autosave(self) -> Path | None:
        """Write the campaign's unsaved work to the user data folder (never over the
        user's own file); a failure costs only the autosave and is said in the status bar."""
        if self.document is None:
            return None
        self.document.autosave()
        path = self.autosaver.document_path
        return path if path.exists() else None

    # --- the open campaign, through its document -------------------------------------------

    @property
    def campaign(self) -> Campaign | None:
        return self.document.campaign if self.document is not None else None

    @property
    def path(self) -> Path | None:
        return self.document.path if self.document is not None else None

    @property
    def dirty(self) -> bool:
        return self.document is not None and self.document.dirty

    @dirty.setter
    def dirty(self, dirty: bool) -> None:
        if self.document is not None:
            self.document.set_dirty(dirty)

    @property
    def notes(self) -> list[str]:
        return self.document.notes if self.document is not None else []

    @property
    def setup_actions(self) -> int:
        return self.document.setup_actions if self.document is not None else 0

    @property
    def title(self) -> str:
        return self.document.title if self.document is not None else CampaignDocument.UNTITLED

    @property
    def last_refusal(self) -> str | None:
        """The engine's (or the desk's) last refusal, until an action succeeds."""
        return (self.document.last_refusal or None) if self.document is not None else None

    def to_json(self) -> str:
        assert self.document is not None
        return self.document.file_text()

    def watch(self, flags: Play, slot: Callable[[PlayChanges], None]) -> None:
        """Call `slot(changes)` for each change record of the document touching `flags`
        (a dock's refresh): the one way the desk hears of a change."""
        self._watchers.append((flags, slot))

    def next_phase(self) -> bool:
        return self.document is not None and self.document.act(A.EndPhase(), self) is not None

    def can_go_back(self) -> bool:
        return self.document is not None and self.document.can_go_back()

    def back(self) -> bool:
        """Take back the last action of this phase (refused past a committed one)."""
        return self.document is not None and self.document.back(self)

    def add_note(self, text: str) -> None:
        assert self.document is not None
        self.document.add_note(text)

    # --- the dialogs (dialogs.py opens them) -------------------------------------------------

    def new_campaign_dialog(self):
        return self.dialogs.new_campaign()

    def campaign_end_dialog(self):
        return self.dialogs.campaign_end()

    def export_packages_dialog(self, folder: Path | str | None = None) -> list[Path]:
        return self.orders_dialogs.export_packages(folder)

    def import_orders_dialog(self, path: Path | str | None = None):
        return self.orders_dialogs.import_orders(path)

    def write_orders_dialog(self, path: Path | str | None = None) -> Path | None:
        return self.orders_dialogs.write_orders(path)

    def print_package_dialog(self, path: Path | str | None = None) -> Path | None:
        return self.orders_dialogs.print_report(path)

    @property
    def player_desk(self) -> bool:
        """A player's desk (a package opened) rather than the umpire's."""
        return isinstance(self.document, PlayerDeskDocument)

    def adjust_pp_dialog(self):
        return self.dialogs.adjust_pp()

    def amend_result_dialog(self, battle: str | None = None):
        return self.dialogs.amend_result(battle)

    def correction_dialog(self, kind: str, subject: str | None = None):
        return self.dialogs.correction(kind, subject)

    def rename_dialog(self, fid: str):
        return self.dialogs.rename(fid)

    # --- the desk's view ------------------------------------------------------------------

    def select(self, fid: str | None) -> None:
        """Select a formation; a defeated division that must retreat has its retreat
        hexes shown at once (as taking up its open item does), so a click on its counter
        is all it takes."""
        self.selected = fid
        self.placing = ("retreat", fid) if fid and self.retreat_due(fid) else None
        self.view_changed.emit()
        if self.placing is not None:
            self.window.show_message(self.placing_hint(), 10000)

    def retreat_due(self, fid: str) -> bool:
        """The engine holds an open retreat with legal hexes for `fid` now."""
        c = self.campaign
        return c is not None and any(
            i.kind == "retreat" and i.formation == fid and i.choices for i in c.open_items()
        )

    def start_placing(self, what: str, subject: str) -> None:
        """Wait for a map click: ("build", kind), ("retreat", fid) or ("advance", fid)."""
        self.placing = (what, subject)
        self.view_changed.emit()
        self.window.show_message(self.placing_hint(), 10000)

    def placing_hint(self) -> str:
        return placing_hint(self.campaign, self.placing)

    def placing_choices(self) -> list[Hex]:
        return placing_choices(self.campaign, self.placing)

    def set_show_zoc(self, on: bool) -> None:
        self.show_zoc = on
        self.view_changed.emit()

    def set_show_supply(self, on: bool) -> None:
        self.show_supply = on
        self.view_changed.emit()

    # --- wiring the document ------------------------------------------------------------

    def _take(self, document: CampaignDocument | PlayerDeskDocument | None) -> None:
        """Make `document` the open campaign; the one before (already saved or
        discarded by the close question) is let go with its autosave."""
        old = self.document
        # A player's desk is not autosaved: its orders are written by the player.
        umpire = document if isinstance(document, CampaignDocument) else None
        self.autosaver.attach(umpire)
        self.document = document
        if old is not None and old is not document:
            old.release()
        self.selected, self.attackers, self.placing = None, [], None
        if document is None:
            if self.active:
                self.window.set_document(None)
            self._refresh_all()
            return
        self._phase = document.phase_key()
        self._was_over = document.campaign.over
        document.setParent(self)
        if umpire is not None:
            document.autosaver = self.autosaver
        document.changed.connect(self._document_changed)
        document.refused.connect(self._show_refusal)
        document.dirty_changed.connect(lambda _dirty: self.map.show_title())
        if self.active:
            self.map.show()
        document.autosave()  # a campaign never saved is protected at once
        document.announce(initiator=self)

    def _document_changed(self, changes: PlayChanges, _initiator: object) -> None:
        """The document's one change: the view state follows the campaign, then each
        part redraws for the flags it watches."""
        document = self.document
        if document is None:
            return
        c = document.campaign
        phase = document.phase_key()
        if phase != self._phase:
            # What was picked belonged to the phase just ended.
            self._phase = phase
            self.selected, self.attackers, self.placing = None, [], None
        # A Back (a replay) or a battle may have removed what was picked.
        if self.selected not in c.state.formations:
            self.selected = None
        self.attackers = [a for a in self.attackers if a in c.state.formations]
        if self.placing and self.placing[0] != "build":
            if self.placing[1] not in c.state.formations:
                self.placing = None
        bar = self.window.statusBar()
        if self._refusal_shown and bar.currentMessage() == self._refusal_shown:
            bar.clearMessage()  # the refusal no longer holds: what was asked has been done
        self._refusal_shown = ""
        for flags, slot in self._watchers:
            if changes.flags & flags:
                slot(changes)
        self.map.show_title()
        self.menus.update(True)
        if c.over and not self._was_over:
            self.campaign_end_dialog()
        self._was_over = c.over

    def _refresh_all(self) -> None:
        """Every part redrawn (a campaign opened, started or closed)."""
        if self.document is not None:
            self.document.announce(initiator=self)
            return
        everything = PlayChanges.everything()
        for _flags, slot in self._watchers:
            slot(everything)
        self.menus.update(False)

    def _show_refusal(self, sentence: str) -> None:
        show = getattr(self.window, "show_refusal", None)
        if show is not None:
            show(sentence)
        else:
            self.window.show_message(sentence, 10000)
        self._refusal_shown = sentence

    def _show_mode(self) -> None:
        """Switch the window to this mode (through set_mode when the window has it)."""
        if not self.active:
            self.window.set_mode(self)

    def _open(self, dialog) -> None:
        self.dialogs.open(dialog)

    def _error(self, title: str, sentence: str) -> None:
        QMessageBox.critical(self.window, title, literal(sentence))
