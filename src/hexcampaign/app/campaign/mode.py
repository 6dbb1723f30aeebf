"""CampaignMode: the umpire's desk hung on the main window.

It holds the open campaign, sends every umpire action to the engine through `act`
(which shows the engine's IllegalAction sentence on a refusal and changes nothing), and
tells the docks and the map to redraw from the campaign's state. It saves and opens
`.hxcampaign` files (atomic, through the engine) and autosaves at every phase change.
"""

from __future__ import annotations

import errno
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QPoint, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QFileDialog, QMessageBox, QToolBar, QToolTip

from hexcampaign.app.campaign.counters import MapItems
from hexcampaign.app.campaign.map_tool import CampaignTool
from hexcampaign.app.document import MapDocument
from hexcampaign.app.settings import data_dir
from hexcampaign.campaign import FILE_SUFFIX, Campaign, CampaignFormatError, IllegalAction
from hexcampaign.files import FileFormatError, atomic_write_text, describe_os_error, read_json
from hexcampaign.hexes import Hex

CAMPAIGN_FILTER = "CM campaigns (*.hxcampaign);;All files (*)"
# Actions that commit new information (a result, a die roll) or close a phase: "Back"
# stops there, so an umpire never takes back what the players have already been told.
COMMITTED = ("end_phase", "enter_result", "pursuit")
NOTES_KEY = "umpire_notes"  # extra top-level keys in the save; the engine ignores them
SETUP_KEY = "umpire_setup_actions"


class CampaignMode(QObject):
    SUFFIXES = (FILE_SUFFIX,)
    TITLE = "CM campaign"

    changed = Signal()  # the campaign changed (or another one was opened): redraw
    refused = Signal(str)  # an action was refused; the sentence names the rule

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.campaign: Campaign | None = None
        self.path: Path | None = None
        self.dirty = False
        self.active = False
        self.notes: list[str] = []  # umpire's reasons for overrides (see NOTES_KEY)
        self.setup_actions = 0
        self.last_refusal: str | None = None
        self.selected: str | None = None  # formation selected on the map
        self.attackers: list[str] = []  # divisions picked for an attack order
        self.placing: tuple[str, str] | None = None  # ("build", kind) | ("retreat"/"advance", fid)
        self.show_zoc = False
        self.show_supply = False
        self.dialog = None  # the dialog opened last (tests and screenshots reach it here)
        self.tool = CampaignTool(self)
        self.items = MapItems(self)
        self._docks: list = []
        self._actions: list[QAction] = []
        self._build_docks()
        self._build_menu()
        self.changed.connect(self._redraw)
        window.document_changed.connect(self._document_changed)

    # --- the play-mode contract -----------------------------------------------------------

    def activate(self) -> None:
        # (The main window's set_mode deactivates the editor or another play mode first.)
        self.active = True
        self._editor_aside(True)
        self.menu.menuAction().setVisible(True)
        for dock in self._docks:
            dock.show()
        self.window.canvas.set_tool(self.tool)
        if self.campaign is not None:
            self._show_map()
        self.changed.emit()

    def deactivate(self) -> None:
        self.active = False
        for dock in self._docks:
            dock.hide()
        self.items.clear()
        self.menu.menuAction().setVisible(False)
        if self.window.canvas.tool is self.tool:
            self.window.canvas.set_tool(None)
        self._editor_aside(False)

    def open_path(self, path: Path | str) -> bool:
        """Open a campaign save; a bad file is one sentence in a dialog, nothing changes."""
        path = Path(path)
        if not self.maybe_close():
            return False
        try:
            data = read_json(path, "campaign")
            campaign = Campaign.from_json(json.dumps(data))
        except (CampaignFormatError, FileFormatError) as e:
            self._error("Could not open the campaign", str(e))
            return False
        except OSError as e:
            self._error("Could not open the campaign", describe_os_error(e, path, "open"))
            return False
        notes = data.get(NOTES_KEY, []) if isinstance(data, dict) else []
        setup = data.get(SETUP_KEY, 0) if isinstance(data, dict) else 0
        self.start(
            campaign,
            path,
            notes=[str(n) for n in notes if isinstance(n, str)],
            setup_actions=setup if isinstance(setup, int) else 0,
        )
        settings = getattr(self.window, "settings", None)
        if settings is not None:
            settings.add_recent_file(path)
        self.window.show_message(f"Opened the campaign {path.name}.")
        return True

    def _started(self, campaign: Campaign) -> None:
        self.start(campaign)
        self._show_mode()

    def _show_mode(self) -> None:
        """Switch the window to this mode (through set_mode when the window has it)."""
        if self.active:
            return
        set_mode = getattr(self.window, "set_mode", None)
        if callable(set_mode):
            set_mode(self)
        else:
            self.activate()

    def open_and_show(self, path: Path | str) -> bool:
        """Open a campaign file and switch the window to this mode (only once it opened)."""
        if not self.open_path(path):
            return False
        self._show_mode()
        return True

    def maybe_close(self) -> bool:
        """True when the campaign may be dropped (saved, discarded, or unchanged)."""
        if self.campaign is None or not self.dirty:
            return True
        answer = QMessageBox.question(
            self.window,
            "Unsaved campaign",
            f"{self.title} has changes that are not saved. Save them first?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    # --- starting, saving -----------------------------------------------------------------

    def start(
        self, campaign: Campaign, path: Path | None = None, notes=None, setup_actions=None
    ) -> None:
        """Show `campaign` (a new one from the wizard, or one just opened)."""
        self.campaign = campaign
        self.path = Path(path) if path else None
        self.dirty = path is None
        self.notes = list(notes or [])
        # The starting order of battle (the wizard's deploys) is not for "Back" to undo.
        self.setup_actions = len(campaign.actions) if setup_actions is None else setup_actions
        self.selected = None
        self.attackers = []
        self.placing = None
        self.last_refusal = None
        if self.active:
            self._show_map()
        self.changed.emit()
        if path is None:
            self.autosave()

    def new_campaign_dialog(self):
        """Open the new-campaign wizard (non-blocking); accepting it starts the campaign."""
        from hexcampaign.app.campaign.wizard import NewCampaignDialog

        if not self.maybe_close():
            return None
        dialog = NewCampaignDialog(self.window)
        dialog.started.connect(self._started)
        self._open(dialog)
        return dialog

    @property
    def title(self) -> str:
        if self.path is not None:
            return self.path.name
        if self.campaign is not None and self.campaign.map.name:
            return f"{self.campaign.map.name} campaign"
        return "Untitled campaign"

    def to_json(self) -> str:
        assert self.campaign is not None
        data = json.loads(self.campaign.to_json())
        data[NOTES_KEY] = list(self.notes)
        data[SETUP_KEY] = self.setup_actions
        return json.dumps(data, indent=1, ensure_ascii=False)

    def save(self) -> bool:
        if self.campaign is None:
            return False
        if self.path is None:
            return self.save_as()
        return self.save_to(self.path)

    def save_as(self) -> bool:
        if self.campaign is None:
            return False
        suggested = self.path or Path.home() / (_slug(self.title) + FILE_SUFFIX)
        from hexcampaign.app.dialogs.save_path import ask_save_path

        target = ask_save_path(self.window, "Save the campaign as", suggested, CAMPAIGN_FILTER, FILE_SUFFIX)
        return self.save_to(target) if target else False

    def save_to(self, path: Path | str) -> bool:
        """Atomic save (the previous file kept as .bak); on failure say why, stay dirty."""
        path = Path(path)
        try:
            atomic_write_text(path, self.to_json(), verify=self._same_campaign)
        except OSError as e:
            self._error("Could not save the campaign", describe_os_error(e, path, "save"))
            return False
        except (CampaignFormatError, FileFormatError) as e:
            self._error("Could not save the campaign", str(e))
            return False
        self.path = path
        self.dirty = False
        settings = getattr(self.window, "settings", None)
        if settings is not None:
            settings.add_recent_file(path)
        self.window.show_message(f"Saved the campaign {path.name}.")
        self.changed.emit()
        return True

    def _same_campaign(self, back: str) -> None:
        """The file read back must load as this very campaign before it replaces the
        old file."""
        try:
            same = Campaign.from_json(back).state == self.campaign.state
        except (CampaignFormatError, FileFormatError, ValueError):
            same = False
        if not same:
            raise OSError(errno.EIO, "the file read back is not the campaign that was written")

    def open_dialog(self) -> bool:
        path, _ = QFileDialog.getOpenFileName(
            self.window, "Open a campaign", str(Path.home()), CAMPAIGN_FILTER
        )
        return self.open_path(path) if path else False

    def autosave_path(self) -> Path:
        name = self.path.stem if self.path else _slug(self.title)
        return data_dir() / "autosave" / f"campaign-{name}{FILE_SUFFIX}"

    def autosave(self) -> Path | None:
        """Write the campaign to the user data folder (never over the user's own file);
        a failure costs only the autosave and is said in the status bar."""
        if self.campaign is None:
            return None
        target = self.autosave_path()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(target, self.to_json(), verify=Campaign.from_json)
        except OSError as e:
            self.window.show_message(describe_os_error(e, target, "save"))
            return None
        return target

    # --- acting through the engine ----------------------------------------------------------

    def act(self, action: Callable[..., Any], *args: Any, at: QPoint | None = None, **kw: Any):
        """Send one action to the engine. Returns (True, result), or (False, sentence) when
        the rules refuse it: the sentence is shown (at `at` when given) and nothing changed."""
        c = self.campaign
        if c is None:
            return False, "There is no campaign open."
        before = (c.turn, c.side_to_play, c.phase)
        try:
            result = action(*args, **kw)
        except IllegalAction as e:
            self.refuse(str(e), at)
            return False, str(e)
        self.last_refusal = None
        self.dirty = True
        if (c.turn, c.side_to_play, c.phase) != before:
            self.selected = None
            self.attackers = []
            self.placing = None
            self.autosave()
        self.changed.emit()
        return True, result

    def refuse(self, sentence: str, at: QPoint | None = None) -> None:
        self.last_refusal = sentence
        self.window.show_message(sentence, 10000)
        if at is not None:
            QToolTip.showText(at, sentence)
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
        c = self.campaign
        assert c is not None
        self.notes.append(f"Turn {c.turn}, {c.side_to_play}: {text}")
        self.dirty = True

    def adjust_pp_dialog(self):
        from hexcampaign.app.campaign.umpire import AdjustPpDialog

        if self.campaign is None:
            return None
        dialog = AdjustPpDialog(self)
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
        self.changed.emit()

    def start_placing(self, what: str, subject: str) -> None:
        """Wait for a map click: ("build", kind), ("retreat", fid) or ("advance", fid)."""
        self.placing = (what, subject)
        self.changed.emit()
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
        self.changed.emit()

    def set_show_supply(self, on: bool) -> None:
        self.show_supply = on
        self.changed.emit()

    # --- helpers ----------------------------------------------------------------------------

    def _open(self, dialog) -> None:
        self.dialog = dialog
        dialog.open()

    def _error(self, title: str, sentence: str) -> None:
        QMessageBox.critical(self.window, title, sentence)

    def _show_map(self) -> None:
        assert self.campaign is not None
        document = self.window.document
        if document is not None and document.map is not self.campaign.map:
            # A map being edited is never dropped unasked (Save / Discard / Cancel).
            maybe_save = getattr(self.window, "maybe_save", None)
            if callable(maybe_save) and not maybe_save():
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
            if c is None or canvas.hexmap is c.map:
                # (Another map shown meanwhile keeps the canvas: no counters drawn on it.)
                self.items.refresh()
                if c is not None:
                    self.window.setWindowTitle(f"{self.title}[*] — hexcampaign")
                    self.window.setWindowModified(self.dirty)
        self._update_actions()

    def _editor_aside(self, aside: bool) -> None:
        """Hide the editor's docks and toolbars while the desk is shown, and bring back
        the ones that were showing. Only needed while the editor has no deactivate() of
        its own (then set_mode does this, and this does nothing)."""
        editor = getattr(self.window, "editor", None)
        if editor is None or hasattr(editor, "deactivate"):
            return
        if aside:
            mine = set(self._docks)
            self._hidden_for_desk = [
                w
                for w in self.window.findChildren(QDockWidget) + self.window.findChildren(QToolBar)
                if w not in mine and w.isVisible() and w.parent() is self.window
            ]
            for w in self._hidden_for_desk:
                w.hide()
        else:
            for w in getattr(self, "_hidden_for_desk", []):
                w.show()
            self._hidden_for_desk = []

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
            [self.phase_dock, self.oob_dock], [330, 620], Qt.Orientation.Horizontal
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
        add("&Save campaign", self.save, "Ctrl+Shift+S")
        add("Save campaign &as…", self.save_as)
        self.menu.addSeparator()
        add("&Next phase", self.next_phase, "Ctrl+Return")
        add("&Back (within the phase)", self.back, "Ctrl+Backspace")
        self.menu.addSeparator()
        self.zoc_action = add("Show &zones of control", self.set_show_zoc, checkable=True)
        self.supply_action = add("Show supply &ranges", self.set_show_supply, checkable=True)
        self.menu.addSeparator()
        add("Adjust &PP (umpire)…", self.adjust_pp_dialog)
        add("Export &turn report…", self.log_dock.export_dialog)

    def _update_actions(self) -> None:
        for action in self._actions:
            if action.property("needs_campaign"):
                action.setEnabled(self.campaign is not None)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower() or "campaign"
