"""The Game menu of the play mode, and its entry in the Edit menu: each entry calls the
part that does it. Edit > Undo (Ctrl+Z, the desktop's key) takes back the last action
as the turn bar's Undo does; Game > Undo the last action keeps Ctrl+Alt+Z as well. Edit >
Redo (Ctrl+Shift+Z) applies again what Undo took back, until another action is taken."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from hexcampaign.app.i18n import translate
from hexcampaign.app.kasserine import replay_viewer

if TYPE_CHECKING:
    from hexcampaign.app.kasserine.table import MenuTable


class GameMenu:
    """The menu and its actions; those that need a game are greyed without one."""

    def __init__(self, mode: MenuTable) -> None:
        self.mode = mode
        self.window = mode.window
        self.menu = mode.window.menu("&Game")
        self.actions: list[QAction] = []
        self.game_actions: list[QAction] = []
        files, gestures, board = mode.files, mode.gestures, mode.board
        add = self.add
        add(translate("GameMenu", "&New Kasserine Pass game…"), files.new_game_dialog, needs_game=False)
        add(translate("GameMenu", "&Open game…"), files.open_dialog, needs_game=False)
        add(translate("GameMenu", "Open an &autosaved game…"), files.open_autosave_dialog, needs_game=False)
        add(translate("GameMenu", "New game by &e-mail…"), mode.mail.new_game_dialog, needs_game=False)
        add(translate("GameMenu", "Send &turn…"), mode.mail.send_turn)
        self.menu.addSeparator()
        add(translate("GameMenu", "&Save game"), files.save, "Ctrl+Shift+G")
        add(translate("GameMenu", "Save game &as…"), files.save_as)
        self.menu.addSeparator()
        add(translate("GameMenu", "&Undo the last action"), gestures.undo, "Ctrl+Alt+Z")
        # The Edit menu's Undo, with the standard key: the editor's own Undo is hidden
        # and disabled while a game is in charge, so Ctrl+Z is this one's alone.
        self.undo_action = self.add(
            translate("GameMenu", "&Undo the last action"),
            gestures.undo,
            QKeySequence(QKeySequence.StandardKey.Undo),
            menu=mode.window.menu("&Edit"),
        )
        # Redo beside it: what Undo took back, applied again (it revealed nothing, or it
        # could not have been undone), until another action is taken.
        self.redo_action = self.add(
            translate("GameMenu", "&Redo the undone action"),
            gestures.redo,
            QKeySequence(QKeySequence.StandardKey.Redo),
            menu=mode.window.menu("&Edit"),
        )
        # Ctrl+Shift+Z on every desktop (Windows' standard Redo is Ctrl+Y).
        self.redo_action.setShortcuts(
            list(dict.fromkeys([*self.redo_action.shortcuts(), QKeySequence("Ctrl+Shift+Z")]))
        )
        add(translate("GameMenu", "&End phase"), gestures.end_phase, "Ctrl+E")
        self.clear_action = add(translate("GameMenu", "C&lear the selection"), board.clear_selection, "Escape")
        add(translate("GameMenu", "E&xport the log…"), files.export_log)
        add(translate("GameMenu", "Game &information…"), files.show_info)
        add(translate("GameMenu", "&Replay viewer…"), lambda: replay_viewer.view_game(self.window, mode.game), "Ctrl+Alt+R")
        add(translate("GameMenu", "Replay a sa&ved game…"), lambda: replay_viewer.ask_and_view_save(self.window), needs_game=False)
        mode.computer.add_to_menu(self.menu, add)
        self.menu.addSeparator()
        add(translate("GameMenu", "&Close the game"), files.close_game)

    def add(
        self,
        text: str,
        slot: Callable[[], object],
        shortcut: str | QKeySequence | None = None,
        needs_game: bool = True,
        menu: QMenu | None = None,
    ) -> QAction:
        action = QAction(text, self.window)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _c=False: slot())
        (menu or self.menu).addAction(action)
        self.actions.append(action)
        if needs_game:
            self.game_actions.append(action)
        return action

    def show(self, visible: bool) -> None:
        for action in self.actions:
            action.setVisible(visible)
        self.menu.menuAction().setVisible(visible)

    def enable(self, has_game: bool) -> None:
        for action in self.game_actions:
            action.setEnabled(has_game)
