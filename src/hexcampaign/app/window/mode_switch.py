"""Which mode is in charge of the window: the map editor, Kasserine Pass, the CM desk.

`set_mode` hands over (the old mode deactivated, then the new one activated); the Mode
menu offers every mode, always in the same order (a play mode built on first use takes
its placeholder's place) and with exactly the mode in charge checked (an exclusive
group: choosing the checked entry again leaves it checked); the play modes are built the first time they are chosen or one
of their files is opened (their docks and menus cost nothing until then). While nothing
is open the start page stands in the middle and the mode's docks and toolbars are put
aside until a document comes.
"""

from __future__ import annotations

import importlib
import traceback
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QDockWidget, QToolBar, QWidget

from hexcampaign.app.i18n import QT_TRANSLATE_NOOP, translate
from hexcampaign.app.window import screen_fit

# The play modes `install_play_modes` offers: (menu title, module with install(window),
# the file suffixes it opens). The titles are English keys, shown translated.
PLAY_MODES = (
    (QT_TRANSLATE_NOOP("MenuBar", "&Kasserine Pass (hot-seat game)"), "hexcampaign.app.kasserine", (".kpgame", ".kpturn")),
    (QT_TRANSLATE_NOOP("MenuBar", "&CM campaign (umpire's desk)"), "hexcampaign.app.campaign", (".hxcampaign", ".hxpackage", ".hxorders")),
)


class ModeSwitch:
    """The window's modes and the one in charge (`window.mode`)."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.mode: Any = None
        self.actions: dict[object, QAction] = {}  # mode -> its Mode-menu entry
        self.play_modes: dict[str, Any] = {}  # module name -> mode, once built
        self._lazy: dict[str, QAction] = {}  # Mode-menu entries of modes not built yet
        # Docks and toolbars put aside while the start page shows, with their mode.
        self._aside: list[QWidget] = []
        self._aside_mode: Any = None
        self.group = QActionGroup(window)  # the Mode menu's entries: one checked
        self.group.setExclusive(True)

    def set_mode(self, mode: Any) -> None:
        """Put `mode` in charge: the one before is deactivated first, then `mode` activated."""
        if mode is self.mode:
            return
        old = self.mode
        self._bring_docks_back()  # the old mode hides (and remembers) its own docks
        self.mode = mode
        if old is not None:
            old.deactivate()
        if mode is not None:
            mode.activate()
        self.sync_checks()
        self.show_central()
        update_title = getattr(self.window, "update_title", None)
        if callable(update_title):
            update_title()  # the title names what Save saves now
        self.window.mode_changed.emit(mode)

    def sync_checks(self) -> None:
        """Exactly the mode in charge is checked in the Mode menu."""
        for other, action in self.actions.items():
            action.setChecked(other is self.mode)
        for action in self._lazy.values():
            action.setChecked(False)

    def add_mode(
        self, title: str, mode: Any, suffixes: tuple[str, ...] = (), before: QAction | None = None
    ) -> QAction:
        """Offer `mode` in the Mode menu (at the end, or in the place of `before`), and
        open files with `suffixes` through it (unless a mode already registered that
        suffix). `title` is English; the menu shows it translated."""
        action = QAction(translate("MenuBar", title), self.window)
        action.setCheckable(True)
        action.setChecked(mode is self.mode)
        action.triggered.connect(lambda _checked=False, m=mode: self._chosen(m))
        self.group.addAction(action)
        menu = self.window.menu("&Mode")
        if before is not None and before in menu.actions():
            menu.insertAction(before, action)
        else:
            menu.addAction(action)
        self.actions[mode] = action
        for suffix in suffixes:
            self.window.openers.setdefault(
                suffix.lower(), lambda path, m=mode: self.open_in(m, path)
            )
        return action

    def install_play_modes(self) -> None:
        """Offer the Kasserine Pass and CM campaign modes in the Mode menu and as the
        openers of their files, each built the first time it is wanted."""
        for title, module_name, suffixes in PLAY_MODES:
            action = QAction(translate("MenuBar", title), self.window)
            action.setCheckable(True)
            action.triggered.connect(lambda _checked=False, m=module_name: self._choose(m))
            self.group.addAction(action)
            self.window.menu("&Mode").addAction(action)
            self._lazy[module_name] = action
            for suffix in suffixes:
                self.window.openers.setdefault(
                    suffix, lambda path, m=module_name: self._open_in_play_mode(m, path)
                )

    def play_mode(self, module_name: str) -> Any:
        """The mode of `module_name` (see PLAY_MODES), built now if it was not yet;
        None when it cannot be loaded (the reason is shown)."""
        if module_name in self.play_modes:
            return self.play_modes[module_name]
        title = next((t for t, m, _ in PLAY_MODES if m == module_name), module_name)
        try:
            mode = importlib.import_module(module_name).install(self.window)
        except Exception:
            traceback.print_exc()
            self.window.show_error(
                "Could not start the mode",
                f"The {title.replace('&', '')} mode could not be loaded; the map editor "
                "still works.",
            )
            return None
        self.play_modes[module_name] = mode
        placeholder = self._lazy.pop(module_name, None)
        # The built mode's entry takes its placeholder's place: the menu never reorders.
        self.add_mode(title, mode, tuple(mode.SUFFIXES), before=placeholder)
        if placeholder is not None:
            self.window.menu("&Mode").removeAction(placeholder)
            self.group.removeAction(placeholder)
            placeholder.deleteLater()
        self.sync_checks()
        return mode

    def start_new(self, module_name: str, how: str = "new_document") -> None:
        """A start-page card (or File > New game by e-mail…, how="new_mail_document"):
        put the play mode in charge and ask for the new game."""
        mode = self.play_mode(module_name)
        if mode is None:
            return
        self.set_mode(mode)
        getattr(mode, how)()

    def open_in(self, mode: Any, path: Path) -> bool:
        """Open a file of a mode's kind: its open_path is the one flow of
        dialogs/files.py, which puts the mode in charge once the file is read."""
        return bool(mode.open_path(path))

    def show_central(self) -> None:
        """The map when a document is open; else the start page, alone: the docks and
        toolbars of the mode in charge are put aside until a document comes."""
        window = self.window
        if window.document is None:
            self.put_docks_aside()
            window.start_page.refresh_recent()
            window.central.setCurrentWidget(window.start_page)
        else:
            self._bring_docks_back()
            window.central.setCurrentWidget(window.canvas)
            # The mode's first dock sizes, given once its docks are in sight (the editor's).
            first = getattr(self.mode, "first_dock_sizes", None)
            if callable(first):
                QTimer.singleShot(0, window, first)
            QTimer.singleShot(0, window, lambda: screen_fit.whole_tab_titles(window))

    def reset_layout(self) -> None:
        """View › Reset layout: the mode in charge puts its docks back where and as large
        as they first were, each shown (the desk's and the game's `docks`, the editor
        itself); then the window fits the screen again."""
        mode = self.mode
        reset = getattr(getattr(mode, "docks", None), "reset_layout", None)
        if not callable(reset):
            reset = getattr(mode, "reset_layout", None)
        if callable(reset) and self.window.document is not None:
            reset()
        self.window.show_message("The panels are back in their first places.")

    def _chosen(self, mode: Any) -> None:
        self.set_mode(mode)
        self.sync_checks()  # (set_mode does nothing for the mode already in charge)

    def _choose(self, module_name: str) -> None:
        mode = self.play_mode(module_name)
        if mode is not None:
            self.set_mode(mode)
        self.sync_checks()  # a mode that could not be built: the one in charge stays checked

    def _open_in_play_mode(self, module_name: str, path: Path) -> bool:
        mode = self.play_mode(module_name)
        return mode is not None and self.open_in(mode, path)

    def put_docks_aside(self) -> None:
        """Hide every dock and toolbar of the mode in charge (the start page, a file's
        map shown before its mode is ready); they come back with the next mode."""
        if self._aside_mode is not self.mode:
            self._bring_docks_back()
        self._aside_mode = self.mode
        window = self.window
        # The window's own children, not findChildren: that wraps every object under the
        # window for Python (each menu's actions too) to test its class, 6 ms of a
        # game's start before its first paint, for the same docks and toolbars.
        children = window.children()
        docks = [w for w in children if isinstance(w, QDockWidget)]
        for widget in (*docks, *(w for w in children if isinstance(w, QToolBar))):
            if not widget.isHidden():
                widget.hide()
                self._aside.append(widget)

    def _bring_docks_back(self) -> None:
        aside, self._aside = self._aside, []
        for widget in aside:
            widget.show()


__all__ = ["PLAY_MODES", "ModeSwitch"]
