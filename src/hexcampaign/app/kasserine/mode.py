"""KasserineMode: Kasserine Pass played hot-seat in the main window.

The mode hangs its turn bar, docks and Game menu on the window, installs the play tool
on the canvas and draws the counters above the map. It never changes the game itself:
every click becomes one engine call through the session, and everything on screen is
redrawn from the game afterwards. A refusal shows the engine's sentence.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication

from hexcampaign.app import autosave
from hexcampaign.app.kasserine.board import CounterLayer, HighlightItem
from hexcampaign.app.kasserine.board_view import PLAY_ZOOM, BoardView
from hexcampaign.app.kasserine.combat_panel import CombatDock
from hexcampaign.app.kasserine.computer_play import ComputerPlay
from hexcampaign.app.kasserine.dialogs import VictoryDialog
from hexcampaign.app.kasserine.docks import (
    CrtDock,
    LogDock,
    NoticeBar,
    ReinforcementsDock,
    SetupDock,
    StackDock,
    TurnBar,
)
from hexcampaign.app.kasserine.game_files import GameFiles
from hexcampaign.app.kasserine.gestures import Gestures
from hexcampaign.app.kasserine.handover import HandOverDialog
from hexcampaign.app.kasserine.session import (
    FILE_SUFFIX,
    PlaySession,
    orphan_autosaves,
)
from hexcampaign.app.kasserine.tool import PlayTool
from hexcampaign.app.kasserine.turns import Turns
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import Game
from hexcampaign.rules.changes import PlayChanges

__all__ = ["PLAY_ZOOM", "KasserineMode"]


class KasserineMode(GameFiles, BoardView, Gestures, Turns, ComputerPlay, QObject):
    SUFFIXES = (FILE_SUFFIX,)
    game_changed = Signal()  # after any change of game, or a new/opened game

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.canvas = window.canvas
        self.session: PlaySession | None = None
        # Games are autosaved at every change of phase (see PlaySession), not on a timer.
        self.autosaver = autosave.Autosaver(None, self, prefix="kasserine-")
        self.layer: CounterLayer | None = None
        self.highlight: HighlightItem | None = None
        self.tool = PlayTool(self)
        self.active = False
        self.selected: str | None = None  # the unit the player is handling
        self.picked: list[str] = []  # several units of one hex picked in the Stack dock
        self.handover: HandOverDialog | None = None
        self.hand_over_screen = True  # hot-seat: wait for the next player at each change
        self.stack_hex: Hex | None = None
        self.reachable: dict[Hex, int] = {}
        self.victory_dialog: VictoryDialog | None = None
        self.last_message = ""
        self._fighting: bool | None = None
        self._side: str | None = None
        self._build_docks()
        self._build_computer()
        self._build_menu()
        self._show(False)
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.autosaver.quitting)
            app.aboutToQuit.connect(self.computers.shutdown)
            app.aboutToQuit.connect(self.hints.cancel)

    def activate(self) -> None:
        """Show the docks, turn bar and Game menu; install the play tool; draw the game."""
        self.active = True
        self._show(True)
        if self.session is not None:
            self._show_game()
            QTimer.singleShot(0, self._computer_go)
        else:
            orphans = orphan_autosaves()
            if orphans:
                self.say(
                    f"A game autosaved by a session that ended unexpectedly is waiting: "
                    f"Game > Open an autosaved game… ({orphans[0].name})."
                )
            else:
                self.say("Kasserine Pass: Game > New Kasserine Pass game… or Open game….")
        self.canvas.set_tool(self.tool)

    def deactivate(self) -> None:
        self.active = False
        self.computers.cancel()  # it goes on when the game is shown again
        self.hints.cancel()
        self._fighting = None
        self._show(False)
        if self.canvas.tool is self.tool:
            self.canvas.set_tool(None)
        self._drop_items()

    @property
    def document(self) -> PlaySession | None:
        """The open game (the window's File > Save saves it while this mode is in charge)."""
        return self.session

    def close_document(self) -> bool:
        """File > Close: put the game away (asking first about unsaved moves)."""
        return self.close_game()

    def say(self, text: str, refusal: bool = False) -> None:
        """A sentence for the players: in the notice line under the turn bar (refusals in
        red) and in the status bar."""
        self.last_message = text
        self.notices.show_notice(text, refusal)
        self.window.show_message(text, 10000)

    @property
    def game(self) -> Game | None:
        return self.session.game if self.session is not None else None

    def _changed(self, changes: PlayChanges) -> None:
        self.clear_hint()  # a hint is for the position it was asked in
        if changes:
            who = self.computer_side_of_last()
            self.say(f"The computer ({who}): {changes[-1]}" if who else changes[-1])
        self.refresh(changes)
        self._hand_over_if_side_changed()
        self._computer_go()

    def _refused(self, sentence: str) -> None:
        self.say(sentence, refusal=True)

    def _status(self, text: str, refusal: bool = False) -> None:
        """Hover information: the notice line and the status bar, not last_message."""
        self.notices.show_notice(text, refusal)
        self.window.show_message(text, 8000)

    def _update_title(self) -> None:
        if self.session is None or not self.active:
            return
        star = "*" if self.session.dirty else ""
        self.window.setWindowTitle(f"{self.session.title}{star} — Kasserine Pass — hexcampaign")

    def _build_docks(self) -> None:
        w = self.window
        self.turn_bar = TurnBar(w)
        w.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.turn_bar)
        w.addToolBarBreak(Qt.ToolBarArea.TopToolBarArea)
        self.notices = NoticeBar(w)
        w.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.notices)
        self.setup = SetupDock(w)
        self.reinforcements = ReinforcementsDock(w)
        self.stack = StackDock(w)
        self.combat = CombatDock(lambda: self.session, w)
        self.log = LogDock(w)
        self.crt = CrtDock(w)
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        right = Qt.DockWidgetArea.RightDockWidgetArea
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        w.addDockWidget(left, self.setup)
        w.addDockWidget(left, self.stack)
        w.addDockWidget(left, self.reinforcements)
        w.addDockWidget(right, self.combat)
        w.addDockWidget(bottom, self.log)
        w.addDockWidget(bottom, self.crt)
        w.tabifyDockWidget(self.log, self.crt)
        self.log.raise_()
        # The map is the game: the docks take what they need and no more.
        w.resizeDocks([self.log], [150], Qt.Orientation.Vertical)
        w.resizeDocks([self.setup, self.combat], [330, 400], Qt.Orientation.Horizontal)
        self.docks = [self.setup, self.stack, self.reinforcements, self.combat, self.log, self.crt]
        self.turn_bar.end_phase_requested.connect(self.end_phase)
        self.turn_bar.undo_requested.connect(self.undo)
        self.setup.unit_chosen.connect(self.choose_unit)
        self.setup.done_requested.connect(self.end_phase)
        self.reinforcements.unit_chosen.connect(self.choose_unit)
        self.stack.action_requested.connect(lambda name: self.unit_action(name))
        self.combat.panel.decision_unit_changed.connect(lambda _u: self._refresh_selection())
        self.combat.panel.attack_changed.connect(self._refresh_selection)
        self.combat.panel.settled.connect(self._panel_settled)
        self.stack.units_chosen.connect(self._stack_picked)

        self.log.export_button.clicked.connect(self._export_log)

    def _build_menu(self) -> None:
        menu = self.window.menu("&Game")
        self.menu = menu
        self._menu_actions: list[QAction] = []
        self._game_actions: list[QAction] = []

        def add(text, slot, shortcut=None, needs_game=True):
            action = QAction(text, self.window)
            if shortcut:
                action.setShortcut(QKeySequence(shortcut))
            action.triggered.connect(lambda _c=False: slot())
            menu.addAction(action)
            self._menu_actions.append(action)
            if needs_game:
                self._game_actions.append(action)
            return action

        add("&New Kasserine Pass game…", self.new_game_dialog, needs_game=False)
        add("&Open game…", self.open_dialog, needs_game=False)
        add("Open an &autosaved game…", self.open_autosave_dialog, needs_game=False)
        menu.addSeparator()
        add("&Save game", self.save, "Ctrl+Shift+G")
        add("Save game &as…", self.save_as)
        menu.addSeparator()
        add("&Undo the last action", self.undo, "Ctrl+Alt+Z")
        add("&End phase", self.end_phase, "Ctrl+E")
        self.clear_action = add("C&lear the selection", self.clear_selection, "Escape")
        add("E&xport the log…", self._export_log)
        add("Game &information…", self.show_info)
        self._build_computer_menu(add)
        menu.addSeparator()
        add("&Close the game", self.close_game)

    def _show(self, visible: bool) -> None:
        self.turn_bar.setVisible(visible)
        self.notices.setVisible(visible)
        for dock in self.docks:
            dock.setVisible(visible)
        if visible and self.game is not None:
            self.setup.setVisible(self.game.state.phase == "german_setup")
        for action in getattr(self, "_menu_actions", []):
            action.setVisible(visible)
        if hasattr(self, "menu"):
            self.menu.menuAction().setVisible(visible)
