"""The desk's two menus: Campaign (files, the phase steps, the overlays, the reports)
and Umpire (the corrections, each asking for a reason the log and both turn reports
show; Back (within the phase) takes the last one back).

With a player's desk open (a turn package: player_desk.py) the Campaign menu offers
the player's entries (Write orders…, Print report…) and hides the umpire's (the next
phase, the packages and the import, the Umpire menu): they are the umpire's alone."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QAction, QKeySequence

from hexcampaign.app.i18n import translate
from hexcampaign.app.window import file_guard


class DeskMenus:
    """The Campaign and Umpire menus of the main window, shown while the desk is in
    charge; an entry that needs a campaign is greyed without one."""

    def __init__(self, mode: Any) -> None:
        self.mode = mode  # uses: window, the file and dialog commands, log_dock
        window = mode.window
        self._actions: list[QAction] = []
        self.menu = window.menu("&Campaign")
        self.umpire_menu = window.menu("&Umpire")
        m = mode
        add = self._adder(self.menu)
        add(translate("DeskMenus", "&New campaign…"), m.new_campaign_dialog, needs_campaign=False)
        add(translate("DeskMenus", "&Open campaign…"), m.open_dialog, needs_campaign=False)
        add(translate("DeskMenus", "Open an &autosaved campaign…"), m.open_autosave_dialog, needs_campaign=False)
        # Asks first when the file changed on disk since it was opened or saved.
        add(translate("DeskMenus", "&Save campaign"), lambda: file_guard.save(window, m.document))
        add(translate("DeskMenus", "Save campaign &as…"), m.save_as)
        self.menu.addSeparator()
        self.next_action = add(translate("DeskMenus", "&Next phase"), m.next_phase, "Ctrl+Return")
        add(translate("DeskMenus", "&Back (within the phase)"), m.back, "Ctrl+Backspace")
        # Edit > Undo with the desktop's Ctrl+Z is the desk's Back (the editor's own Undo
        # is hidden and disabled while the desk is in charge).
        self.edit_menu = window.menu("&Edit")
        self.undo_action = self._adder(self.edit_menu)(
            translate("DeskMenus", "&Undo (back within the phase)"), m.back, QKeySequence(QKeySequence.StandardKey.Undo)
        )
        # Redo: what Back took back, applied again, until another action is taken.
        self.redo_action = self._adder(self.edit_menu)(
            translate("DeskMenus", "&Redo"), self._redo, QKeySequence(QKeySequence.StandardKey.Redo)
        )
        # Ctrl+Shift+Z on every desktop (Windows' standard Redo is Ctrl+Y).
        self.redo_action.setShortcuts(
            list(dict.fromkeys([*self.redo_action.shortcuts(), QKeySequence("Ctrl+Shift+Z")]))
        )
        self.menu.addSeparator()
        self.zoc_action = add(translate("DeskMenus", "Show &zones of control"), m.set_show_zoc, checkable=True)
        self.supply_action = add(translate("DeskMenus", "Show supply &ranges"), m.set_show_supply, checkable=True)
        self.menu.addSeparator()
        self.sheet_action = add(translate("DeskMenus", "Set-&up sheet…"), self.open_sheet)
        self.menu.setToolTipsVisible(True)  # the sheet entry says why it is greyed
        add(translate("DeskMenus", "Export &turn report…"), m.log_dock.export_dialog)
        # The ledger and the summary over all turns (ledger_dock.py), with its Export….
        add(translate("DeskMenus", "&Ledger and summary"), lambda: m.ledger_dock.show_table("summary"))
        add(translate("DeskMenus", "The campaign's &end…"), m.campaign_end_dialog)
        # The campaign at a distance (orders_dialogs.py): the umpire's two entries, and
        # the player's two at a desk opened from a package.
        self.menu.addSeparator()
        self.export_packages_action = add(translate("DeskMenus", "Export turn &packages…"), m.export_packages_dialog)
        self.import_orders_action = add(translate("DeskMenus", "&Import orders…"), m.import_orders_dialog)
        self.write_orders_action = add(translate("DeskMenus", "&Write orders…"), m.write_orders_dialog)
        self.print_package_action = add(translate("DeskMenus", "&Print report…"), m.print_package_dialog)
        self._umpire_only = [
            self.next_action,
            self.export_packages_action,
            self.import_orders_action,
        ]
        self._player_only = [self.write_orders_action, self.print_package_action]
        add = self._adder(self.umpire_menu)
        add(translate("DeskMenus", "&Amend result…"), m.amend_result_dialog)
        add(translate("DeskMenus", "&Restore unit…"), lambda: m.correction_dialog("restore"))
        add(translate("DeskMenus", "&Move formation…"), lambda: m.correction_dialog("move"))
        add(translate("DeskMenus", "Set &strength…"), lambda: m.correction_dialog("strength"))
        add(translate("DeskMenus", "Set &experience…"), lambda: m.correction_dialog("experience"))
        add(translate("DeskMenus", "Set &weather…"), lambda: m.correction_dialog("weather"))
        add(translate("DeskMenus", "Adjust &PP…"), m.adjust_pp_dialog)
        self.set_visible(False)

    def set_visible(self, on: bool) -> None:
        self.menu.menuAction().setVisible(on)
        self.umpire_menu.menuAction().setVisible(on and not self._player())
        self.undo_action.setVisible(on)  # (the Edit menu is the window's: only the entry)
        self.redo_action.setVisible(on)

    def update(self, has_campaign: bool) -> None:
        for action in self._actions:
            if action.property("needs_campaign"):
                action.setEnabled(has_campaign)
        player = self._player()
        for action in self._umpire_only:
            action.setVisible(not player)
        for action in self._player_only:
            action.setVisible(player)
        self.umpire_menu.menuAction().setVisible(self.menu.menuAction().isVisible() and not player)
        battle = self.sheet_battle()
        self.sheet_action.setEnabled(battle is not None)
        self.sheet_action.setToolTip(
            translate("DeskMenus", "The set-up sheet of battle %1").replace("%1", battle)
            if battle is not None
            else translate("DeskMenus", "No battle yet: a set-up sheet is made for each attack order given.")
        )
        self.sheet_action.setStatusTip(self.sheet_action.toolTip())

    def sheet_battle(self) -> str | None:
        """The battle Set-up sheet… shows: the one picked in the Battles dock, else the
        newest; None when the campaign has none."""
        c = self.mode.campaign
        if c is None or not c.battles():
            return None
        dock = getattr(self.mode, "battles_dock", None)
        picked = dock.current() if dock is not None else None
        return picked if picked in {b.id for b in c.battles()} else c.battles()[-1].id

    def open_sheet(self) -> object:
        battle = self.sheet_battle()
        return None if battle is None else self.mode.dialogs.battle_sheet(battle)

    def _player(self) -> bool:
        return bool(getattr(self.mode, "player_desk", False))

    def _redo(self) -> bool:
        document = self.mode.document
        return document is not None and document.redo(self.mode)

    def _adder(self, menu):
        def add(text, slot, shortcut=None, checkable=False, needs_campaign=True) -> QAction:
            action = QAction(text, self.mode.window)
            action.setCheckable(checkable)
            if shortcut:
                action.setShortcut(QKeySequence(shortcut))
            if checkable:
                action.toggled.connect(slot)
            else:
                action.triggered.connect(lambda _checked=False: slot())
            action.setProperty("needs_campaign", needs_campaign)
            menu.addAction(action)
            self._actions.append(action)
            return action

        return add
