"""CampaignMode: the umpire's desk hung on the main window.

It holds the open campaign, sends every umpire action to the engine through `act`
(which shows the engine's IllegalAction sentence on a refusal and changes nothing), and
tells the docks and the map to redraw from the campaign's state. It saves and opens
`.hxcampaign` files (atomic, through the engine) and autosaves at every phase change.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QPoint, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMessageBox, QToolTip

from hexcampaign.app import autosave
from hexcampaign.app.campaign.counters import MapItems
from hexcampaign.app.campaign.document import (
    CAMPAIGN_FILTER,
    CampaignDocument,
)
from hexcampaign.app.campaign.flags import EVERYTHING, MAP_FLAGS, VIEW
from hexcampaign.app.campaign.map_tool import CampaignTool
from hexcampaign.app.dialogs import files
from hexcampaign.app.document import MapDocument
from hexcampaign.app.plain_text import literal
from hexcampaign.campaign import FILE_SUFFIX, Campaign, CampaignFormatError, IllegalAction
from hexcampaign.files import FileFormatError, describe_os_error
from hexcampaign.hexes import Hex
from hexcampaign.rules.changes import Play, PlayChanges

# Actions that commit new information (a result, a die roll) or close a phase: "Back"
# stops there, so an umpire never takes back what the players have already been told.
COMMITTED = ("end_phase", "enter_result", "pursuit")


class CampaignMode(QObject):
    SUFFIXES = (FILE_SUFFIX,)
    TITLE = "CM campaign"
    RULE_BOOK = "cm"  # Help > Rules opens the campaign rules while the desk is in charge

    changed = Signal()  # the campaign changed (or another one was opened): redraw
    refused = Signal(str)  # an action was refused; the sentence names the rule

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.document: CampaignDocument | None = None  # the open campaign
        self.autosaver = autosave.Autosaver(None, self, prefix="campaign-")
        self.autosaver.failed.connect(lambda sentence: self.window.show_message(sentence))
        self.active = False
        self.last_refusal: str | None = None
        self.selected: str | None = None  # formation selected on the map
        self.attackers: list[str] = []  # divisions picked for an attack order
        self.placing: tuple[str, str] | None = None  # ("build", kind) | ("retreat"/"advance", fid)
        self.show_zoc = False
        self.show_supply = False
        self.dialog = None  # the dialog opened last (tests and screenshots reach it here)
        self.context_menu = None  # the formation menu of the last right-click
        self.tool = CampaignTool(self)
        # What the `changed` signal now being sent is about: the flags of the action's
        # change record (or VIEW); a plain `changed.emit()` means everything.
        self.pending: Play = EVERYTHING
        self.items = MapItems(self)
        self._docks: list = []
        self._left_shared = False
        self._actions: list[QAction] = []
        self._build_docks()
        self._build_menu()
        self.changed.connect(self._redraw)
        window.document_changed.connect(self._document_changed)

    # --- the play-mode contract -----------------------------------------------------------

    def activate(self) -> None:
        # (The main window's set_mode deactivates the editor or another play mode first.)
        self.active = True
        self.menu.menuAction().setVisible(True)
        self.umpire_menu.menuAction().setVisible(True)
        for dock in self._docks:
            dock.show()
        self._share_left_side()
        self.window.canvas.set_tool(self.tool)
        if self.campaign is not None:
            self._show_map()
        else:
            orphans = autosave.find_orphans(suffixes=(FILE_SUFFIX,))
            if orphans:
                self.window.show_message(
                    "A campaign autosaved by a session that ended unexpectedly is waiting: "
                    f"Campaign > Open an autosaved campaign… ({orphans[-1].title}).",
                    20000,
                )
        self.changed.emit()

    def open_autosave_dialog(self) -> bool:
        path = files.ask_open_path_in(
            self.window, "Open an autosaved campaign", autosave.autosave_dir(), CAMPAIGN_FILTER
        )
        return self.open_and_show(path) if path else False

    def deactivate(self) -> None:
        self.active = False
        for dock in self._docks:
            dock.hide()
        self.items.clear()
        self.menu.menuAction().setVisible(False)
        self.umpire_menu.menuAction().setVisible(False)
        if self.window.canvas.tool is self.tool:
            self.window.canvas.set_tool(None)

    def open_path(self, path: Path | str) -> bool:
        """Open a campaign save; a bad file is one sentence in a dialog, nothing changes."""
        path = Path(path)
        if not self.maybe_close():
            return False
        try:
            document = CampaignDocument.load(path)
        except (CampaignFormatError, FileFormatError) as e:
            self._error("Could not open the campaign", str(e))
            return False
        except OSError as e:
            self._error("Could not open the campaign", describe_os_error(e, path, "open"))
            return False
        orphan = autosave.as_recovered(document, path)  # a crashed program's autosave?
        self._take(document, orphan)
        if orphan is None:
            files.remember(self.window, path)
        self.window.show_message(f"Opened the campaign {path.name}.")
        return True

    def _started(self, campaign: Campaign) -> None:
        self.start(campaign)
        self._show_mode()

    def _show_mode(self) -> None:
        """Switch the window to this mode (through set_mode when the window has it)."""
        if not self.active:
            self.window.set_mode(self)

    def open_and_show(self, path: Path | str) -> bool:
        """Open a campaign file and switch the window to this mode (only once it opened)."""
        if not self.open_path(path):
            return False
        self._show_mode()
        return True

    def maybe_close(self) -> bool:
        """True when the campaign may be dropped (saved, discarded, or unchanged)."""
        return files.may_close(self.window, self.document)

    def close_document(self) -> bool:
        """File > Close: put the campaign away (asking first about unsaved changes)."""
        if not self.maybe_close():
            return False
        self._take(None)
        return True

    # --- starting, saving -----------------------------------------------------------------

    def start(
        self, campaign: Campaign, path: Path | None = None, notes=None, setup_actions=None
    ) -> None:
        """Show `campaign` (a new one from the wizard, or one just opened)."""
        # The starting order of battle (the wizard's deploys) is not for "Back" to undo.
        self._take(CampaignDocument(campaign, path, notes, setup_actions))

    def _take(
        self, document: CampaignDocument | None, orphan: autosave.Orphan | None = None
    ) -> None:
        """Make `document` the open campaign; the one before (already saved or
        discarded by the close question) is let go with its autosave."""
        old = self.document
        self.autosaver.attach(document)
        self.document = document
        if old is not None and old is not document:
            old.release()
        self.selected = None
        self.attackers = []
        self.placing = None
        self.last_refusal = None
        if document is not None:
            document.setParent(self)
            document.autosaver = self.autosaver
            document.dirty_changed.connect(lambda _dirty: self._redraw())
            if self.active:
                self._show_map()
            if orphan is not None:
                self.autosaver.adopt(orphan)  # its file stays until this autosave replaces it
            else:
                document.autosave()  # a campaign never saved is protected at once
        elif self.active:
            self.window.set_document(None)
        self.changed.emit()

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

    def new_campaign_dialog(self):
        """Open the new-campaign wizard (non-blocking); accepting it starts the campaign."""
        from hexcampaign.app.campaign.wizard import NewCampaignDialog

        if not self.maybe_close():
            return None
        dialog = NewCampaignDialog(self.window)
        dialog.started.connect(self._started)
        self._open(dialog)
        return dialog

    def new_document(self):
        """A start-page card: the new-campaign wizard."""
        return self.new_campaign_dialog()

    @property
    def title(self) -> str:
        return self.document.title if self.document is not None else CampaignDocument.UNTITLED

    def to_json(self) -> str:
        assert self.document is not None
        return self.document.file_text()

    def save(self) -> bool:
        return files.save(self.window, self.document)

    def save_as(self) -> bool:
        return files.save_as(self.window, self.document)

    def save_to(self, path: Path | str) -> bool:
        """Atomic save (the previous file kept as .bak); on failure say why, stay dirty."""
        if self.document is None or not files.save_to(self.window, self.document, path):
            return False
        self.changed.emit()
        return True

    def open_dialog(self) -> bool:
        path = files.ask_open_path(self.window, "Open a campaign", CAMPAIGN_FILTER)
        return self.open_path(path) if path else False

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

    # --- acting through the engine ----------------------------------------------------------

    def act(self, action: Callable[..., Any], *args: Any, at: QPoint | None = None, **kw: Any):
        """Send one action to the engine. Returns (True, result), or (False, sentence) when
        the rules refuse it: the sentence is shown (at `at` when given) and nothing changed."""
        c = self.campaign
        if c is None:
            return False, "There is no campaign open."
        before = (c.turn, c.side_to_play, c.phase)
        was_over = c.over
        try:
            result = self.document.act(action, *args, **kw)
        except IllegalAction as e:
            self.refuse(str(e), at)
            return False, str(e)
        if self.last_refusal is not None and self.window.statusBar().currentMessage() == (
            self.last_refusal
        ):
            # The refusal no longer holds: what was asked has been done.
            self.window.statusBar().clearMessage()
        self.last_refusal = None
        flags = result.flags if isinstance(result, PlayChanges) else None
        if flags is None and c.last_changes is not None:
            flags = c.last_changes.flags
        flags = Play.ALL if flags is None else flags
        if (c.turn, c.side_to_play, c.phase) != before:
            self.selected = None
            self.attackers = []
            self.placing = None
            flags |= VIEW
        self.emit_changes(flags | Play.LOCK)  # (LOCK: Back's state follows every action)
        if c.over and not was_over:
            self.campaign_end_dialog()
        return True, result

    def campaign_end_dialog(self):
        """The outcome and each side's final report (shown when the campaign ends)."""
        from hexcampaign.app.campaign.ending_dialog import CampaignEndDialog

        if self.campaign is None or not self.campaign.over:
            return None
        dialog = CampaignEndDialog(self)
        self._open(dialog)
        return dialog

    def emit_changes(self, flags: Play) -> None:
        """Tell the docks and the map what changed; each redraws only for its flags."""
        self.pending = flags
        try:
            self.changed.emit()
        finally:
            self.pending = EVERYTHING

    def watch(self, flags: Play, slot: Callable[[], None]) -> None:
        """Call `slot` when a change touches `flags` (a dock's refresh)."""
        self.changed.connect(lambda: slot() if self.pending & flags else None)

    def refuse(self, sentence: str, at: QPoint | None = None) -> None:
        self.last_refusal = sentence
        self.window.show_message(sentence, 10000)
        if at is not None:
            QToolTip.showText(at, literal(sentence))
        self.refused.emit(sentence)

    def next_phase(self) -> bool:
        ok, _ = self.act(self.campaign.end_phase) if self.campaign else (False, None)
        return ok

    def can_go_back(self) -> bool:
        c = self.campaign
        return bool(
            c
            and len(c.actions) > self.setup_actions
            and c.can_undo()
            and c.actions[-1].get("act") not in COMMITTED
        )

    def back(self) -> bool:
        """Take back the last action of this phase (an engine undo, a replay)."""
        if not self.can_go_back():
            self.refuse(
                "Back: nothing in this phase can be taken back (a result, a roll or the "
                "phase change is committed)"
            )
            return False
        ok, _ = self.act(self.campaign.undo)
        return ok

    def add_note(self, text: str) -> None:
        assert self.document is not None
        self.document.add_note(text)

    def adjust_pp_dialog(self):
        from hexcampaign.app.campaign.umpire import AdjustPpDialog

        if self.campaign is None:
            return None
        dialog = AdjustPpDialog(self)
        self._open(dialog)
        return dialog

    def amend_result_dialog(self, battle: str | None = None):
        """Umpire › Amend result…: the battle picked in the Battles list if it has a
        result, else the newest battle with one."""
        from hexcampaign.app.campaign.result_form import ResultForm

        c = self.campaign
        if c is None:
            return None
        done = [b.id for b in c.battles() if b.result is not None]
        if battle is None:
            picked = self.battles_dock.current()
            battle = picked if picked in done else (done[-1] if done else None)
        if battle is None:
            self.refuse("Amend result: no battle has a result yet")
            return None
        dialog = ResultForm(self, battle, amend=True)
        self._open(dialog)
        return dialog

    def correction_dialog(self, kind: str, subject: str | None = None):
        """Umpire › Restore unit…, Move formation…, Set strength…, Set experience…, Set
        weather…."""
        from hexcampaign.app.campaign import umpire

        if self.campaign is None:
            return None
        dialogs = {
            "restore": umpire.RestoreUnitDialog,
            "move": umpire.UmpireMoveDialog,
            "strength": umpire.SetStrengthDialog,
            "experience": umpire.SetExperienceDialog,
            "weather": umpire.SetWeatherDialog,
        }
        cls = dialogs[kind]
        dialog = cls(self) if subject is None or kind == "restore" else cls(self, subject)
        self._open(dialog)
        return dialog

    def rename_dialog(self, fid: str):
        from hexcampaign.app.campaign.umpire import RenameDialog

        if self.campaign is None:
            return None
        dialog = RenameDialog(self, fid)
        self._open(dialog)
        return dialog

    # --- what the map shows -----------------------------------------------------------------

    def select(self, fid: str | None) -> None:
        self.selected = fid
        self.placing = None
        self.emit_changes(VIEW)

    def start_placing(self, what: str, subject: str) -> None:
        """Wait for a map click: ("build", kind), ("retreat", fid) or ("advance", fid)."""
        self.placing = (what, subject)
        self.emit_changes(VIEW)
        self.window.show_message(self.placing_hint(), 10000)

    def placing_hint(self) -> str:
        if self.placing is None:
            return ""
        what, subject = self.placing
        if what == "build":
            return f"Click a highlighted hex to place the new {subject} formation."
        name = self.campaign.formation(subject).name if self.campaign else subject
        return f"Click a highlighted hex: where {name} should {what}."

    def placing_choices(self) -> list[Hex]:
        c = self.campaign
        if c is None or self.placing is None:
            return []
        what, subject = self.placing
        if what == "build":
            for a in c.legal_actions():
                if a.kind == "build" and a.subject == subject:
                    return [h for h in a.choices if isinstance(h, Hex)]
            return []
        if what == "retreat":
            return c.retreat_options(subject) if subject in c.state.formations else []
        for item in c.open_items():
            if item.kind == "advance" and item.formation == subject:
                return list(item.choices)
        return []

    def set_show_zoc(self, on: bool) -> None:
        self.show_zoc = on
        self.emit_changes(VIEW)

    def set_show_supply(self, on: bool) -> None:
        self.show_supply = on
        self.emit_changes(VIEW)

    # --- helpers ----------------------------------------------------------------------------

    def _open(self, dialog) -> None:
        self.dialog = dialog
        dialog.open()

    def _error(self, title: str, sentence: str) -> None:
        QMessageBox.critical(self.window, title, literal(sentence))

    def _show_map(self) -> None:
        assert self.campaign is not None
        document = self.window.document
        if document is not None and document.map is not self.campaign.map:
            # A map being edited is never dropped unasked (Save / Discard / Cancel).
            if not self.window.maybe_save():
                return
        self.window.set_document(MapDocument(self.campaign.map))
        self.window.setWindowTitle(f"{self.title}[*] — hexcampaign")

    def _redraw(self) -> None:
        c = self.campaign
        if c is not None:
            # A Back (a replay) or a battle may have removed what was picked.
            if self.selected not in c.state.formations:
                self.selected = None
            self.attackers = [a for a in self.attackers if a in c.state.formations]
            if self.placing and self.placing[0] != "build":
                if self.placing[1] not in c.state.formations:
                    self.placing = None
        if self.active:
            canvas = self.window.canvas
            if c is not None and canvas.hexmap is not c.map and self.window.document is None:
                self._show_map()
            if (c is None or canvas.hexmap is c.map) and self.pending & MAP_FLAGS:
                # (Another map shown meanwhile keeps the canvas: no counters drawn on it.)
                self.items.refresh()
                if c is not None:
                    self.window.setWindowTitle(f"{self.title}[*] — hexcampaign")
                    self.window.setWindowModified(self.dirty)
        self._update_actions()

    def _document_changed(self, document) -> None:
        # A new scene (the map shown again) has none of our items: draw them afresh.
        if self.active and self.campaign is not None and document is not None:
            if document.map is self.campaign.map:
                # Other listeners (the editor) may have taken the canvas for their tool.
                self.window.canvas.set_tool(self.tool)
                self.items.refresh()

    def _build_docks(self) -> None:
        from hexcampaign.app.campaign.battles import BattlesDock
        from hexcampaign.app.campaign.log_dock import LogDock
        from hexcampaign.app.campaign.oob_dock import OobDock
        from hexcampaign.app.campaign.phase_dock import PhaseDock
        from hexcampaign.app.campaign.purchase_dock import PurchaseDock

        self.phase_dock = PhaseDock(self)
        self.oob_dock = OobDock(self)
        self.purchase_dock = PurchaseDock(self)
        self.battles_dock = BattlesDock(self)
        self.log_dock = LogDock(self)
        left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        self.window.addDockWidget(left, self.phase_dock)
        self.window.addDockWidget(left, self.battles_dock)
        self.window.addDockWidget(right, self.oob_dock)
        self.window.addDockWidget(right, self.purchase_dock)
        self.window.addDockWidget(left, self.log_dock)
        # The map keeps the middle: the OOB and purchases share the right, the battles
        # and the log the lower left.
        self.window.tabifyDockWidget(self.oob_dock, self.purchase_dock)
        self.window.tabifyDockWidget(self.battles_dock, self.log_dock)
        self.oob_dock.raise_()
        self.battles_dock.raise_()
        self.window.resizeDocks(
            # (620 px on the right squeezed the map at 1,280×800.)
            [self.phase_dock, self.oob_dock],
            [300, 420],
            Qt.Orientation.Horizontal,
        )
        self._docks = [
            self.phase_dock,
            self.battles_dock,
            self.oob_dock,
            self.purchase_dock,
            self.log_dock,
        ]
        for dock in self._docks:
            dock.hide()

    def _share_left_side(self) -> None:
        """Give the battles and the log (below the phases) the room the phase list does
        not need: split evenly, the Battles list showed three lines at 1,280×800. Done
        once, so a split the umpire drags stays."""
        if self._left_shared:
            return
        self._left_shared = True
        if not self.window.isVisible():
            # Opened from the command line: the window, not shown yet, has been stretched
            # by the switch of docks (to 846 px on an 800 px screen); it fits the screen.
            screen = self.window.screen().availableGeometry()
            if self.window.height() > screen.height() or self.window.width() > screen.width():
                self.window.resize(
                    min(self.window.width(), screen.width()),
                    min(self.window.height(), screen.height()),
                )
        height = max(self.window.height() - 60, 500)
        phases = max(self.phase_dock.minimumSizeHint().height(), min(380, height // 2))
        self.window.resizeDocks(
            [self.phase_dock, self.battles_dock],
            [phases, height - phases],
            Qt.Orientation.Vertical,
        )

    def _build_menu(self) -> None:
        self.menu = self.window.menu("&Campaign")
        self.menu.menuAction().setVisible(False)

        def add(text, slot, shortcut=None, checkable=False, needs_campaign=True):
            action = QAction(text, self.window)
            action.setCheckable(checkable)
            if shortcut:
                action.setShortcut(QKeySequence(shortcut))
            if checkable:
                action.toggled.connect(slot)
            else:
                action.triggered.connect(lambda _checked=False: slot())
            action.setProperty("needs_campaign", needs_campaign)
            self.menu.addAction(action)
            self._actions.append(action)
            return action

        add("&New campaign…", self.new_campaign_dialog, needs_campaign=False)
        add("&Open campaign…", self.open_dialog, needs_campaign=False)
        add("Open an &autosaved campaign…", self.open_autosave_dialog, needs_campaign=False)
        add("&Save campaign", self.save)
        add("Save campaign &as…", self.save_as)
        self.menu.addSeparator()
        add("&Next phase", self.next_phase, "Ctrl+Return")
        add("&Back (within the phase)", self.back, "Ctrl+Backspace")
        self.menu.addSeparator()
        self.zoc_action = add("Show &zones of control", self.set_show_zoc, checkable=True)
        self.supply_action = add("Show supply &ranges", self.set_show_supply, checkable=True)
        self.menu.addSeparator()
        add("Export &turn report…", self.log_dock.export_dialog)
        add("The campaign's &end…", self.campaign_end_dialog)
        self._build_umpire_menu(add)

    def _build_umpire_menu(self, add) -> None:
        # The corrections: each asks for a reason that the log and both turn reports
        # show, and Back (within the phase) takes the last one back.
        self.umpire_menu = self.window.menu("&Umpire")
        self.umpire_menu.menuAction().setVisible(False)
        campaign_menu, self.menu = self.menu, self.umpire_menu
        try:
            add("&Amend result…", self.amend_result_dialog)
            add("&Restore unit…", lambda: self.correction_dialog("restore"))
            add("&Move formation…", lambda: self.correction_dialog("move"))
            add("Set &strength…", lambda: self.correction_dialog("strength"))
            add("Set &experience…", lambda: self.correction_dialog("experience"))
            add("Set &weather…", lambda: self.correction_dialog("weather"))
            add("Adjust &PP…", self.adjust_pp_dialog)
        finally:
            self.menu = campaign_menu

    def _update_actions(self) -> None:
        for action in self._actions:
            if action.property("needs_campaign"):
                action.setEnabled(self.campaign is not None)
