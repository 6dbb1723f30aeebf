"""The desk's two menus: Campaign (files, the phase steps, the overlays, the reports)
and Umpire (the corrections, each asking for a reason the log and both turn reports
show; Back (within the phase) takes the last one back)."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QAction, QKeySequence


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
        add("&New campaign…", m.new_campaign_dialog, needs_campaign=False)
        add("&Open campaign…", m.open_dialog, needs_campaign=False)
        add("Open an &autosaved campaign…", m.open_autosave_dialog, needs_campaign=False)
        add("&Save campaign", m.save)
        add("Save campaign &as…", m.save_as)
        self.menu.addSeparator()
        add("&Next phase", m.next_phase, "Ctrl+Return")
        add("&Back (within the phase)", m.back, "Ctrl+Backspace")
        self.menu.addSeparator()
        self.zoc_action = add("Show &zones of control", m.set_show_zoc, checkable=True)
        self.supply_action = add("Show supply &ranges", m.set_show_supply, checkable=True)
        self.menu.addSeparator()
        add("Export &turn report…", m.log_dock.export_dialog)
        add("The campaign's &end…", m.campaign_end_dialog)
        add = self._adder(self.umpire_menu)
        add("&Amend result…", m.amend_result_dialog)
        add("&Restore unit…", lambda: m.correction_dialog("restore"))
        add("&Move formation…", lambda: m.correction_dialog("move"))
        add("Set &strength…", lambda: m.correction_dialog("strength"))
        add("Set &experience…", lambda: m.correction_dialog("experience"))
        add("Set &weather…", lambda: m.correction_dialog("weather"))
        add("Adjust &PP…", m.adjust_pp_dialog)
        self.set_visible(False)

    def set_visible(self, on: bool) -> None:
        self.menu.menuAction().setVisible(on)
        self.umpire_menu.menuAction().setVisible(on)

    def update(self, has_campaign: bool) -> None:
        for action in self._actions:
            if action.property("needs_campaign"):
                action.setEnabled(has_campaign)

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
