"""KasserineMode: Kasserine Pass played in the main window. Wiring only.

The mode builds its named parts, hangs them on the window and connects the open game's
`changed(changes, initiator)` to the refresh of each one, in the order they read each
other; it never changes the game itself.

    document   GameDocument (document.py): the game, its players, file and autosave
    docks      PlayDocks (play_docks.py): turn bar, notice line, the docks
    board      BoardView (board_view.py): counters, highlights, the selection
    framing    BoardFraming (framing.py): the view's zoom and centre
    turns      Turns (turns.py): who acts now, the hand-over screen
    gestures   Gestures (gestures.py): clicks, drags, menus, End phase, Undo, which the
               phase tools (phase_tools.py) turn into typed actions
    computer   ComputerPlay (computer_play.py): the computer players and the hint
    files      GameFiles (game_files.py): new, open, save, close; information, victory
    mail       MailFiles (mail_files.py): games by e-mail: invitation, turn files, the
               opponent's turn shown step by step (the document: mail_document.py)
    menu       GameMenu (game_menu.py): the Game menu

The one path of an action: a click on the map -> PlayTool (tool.py) -> Gestures.hex_clicked
-> the phase tool (phase_tools.tool_for) builds the engine's action (MoveUnit...) ->
GameDocument.act -> Game.apply -> the change record -> `changed` -> each part's
`on_changed` (docks, board, files, turns, then the computer's turn).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication

from hexcampaign.app import autosave
from hexcampaign.app.i18n import translate
from hexcampaign.app.kasserine.board_view import PLAY_ZOOM, BoardView
from hexcampaign.app.kasserine.combat_panel import CombatPanel
from hexcampaign.app.kasserine.computer_play import ComputerPlay
from hexcampaign.app.kasserine.document import FILE_SUFFIX, GameDocument, orphan_autosaves
from hexcampaign.app.kasserine.framing import BoardFraming
from hexcampaign.app.kasserine.game_files import GameFiles
from hexcampaign.app.kasserine.game_menu import GameMenu
from hexcampaign.app.kasserine.gestures import Gestures
from hexcampaign.app.kasserine.mail_document import load_game
from hexcampaign.app.kasserine.mail_files import MailFiles
from hexcampaign.app.kasserine.play_docks import PlayDocks
from hexcampaign.app.kasserine.tool import PlayTool
from hexcampaign.app.kasserine.turns import Turns
from hexcampaign.kasserine import Game, Options
from hexcampaign.kasserine.mail import TURN_SUFFIX
from hexcampaign.rules.changes import PlayChanges

__all__ = ["PLAY_ZOOM", "KasserineMode"]


class _Part:
    """A name of the mode's public face, kept for scripts and tests (the screenshots,
    the reliability tests): it is the named part's own attribute."""

    def __init__(self, part: str, name: str | None = None) -> None:
        self.part, self.name = part, name

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = self.name or name

    def __get__(self, mode: Any, owner: type | None = None) -> Any:
        return self if mode is None else getattr(getattr(mode, self.part), str(self.name))

    def __set__(self, mode: Any, value: Any) -> None:
        setattr(getattr(mode, self.part), str(self.name), value)


class KasserineMode(QObject):
    SUFFIXES = (FILE_SUFFIX, TURN_SUFFIX)

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.canvas = window.canvas
        self.document: GameDocument | None = None
        # Games are autosaved at every change of phase and every lock (PlayDocument).
        self.autosaver = autosave.Autosaver(None, self, prefix="kasserine-")
        self.active = False
        self.last_message = ""
        self.docks = PlayDocks(self)
        self.board = BoardView(self)
        self.framing = BoardFraming(self)
        self.turns = Turns(self)
        self.gestures = Gestures(self)
        self.computer = ComputerPlay(self)
        self.files = GameFiles(self)
        self.mail = MailFiles(self)
        self.menu = GameMenu(self)
        self.tool = PlayTool(self.gestures)
        self._connect_docks()
        self._show(False)
        self.docks.enable(False)  # no game yet
        self.menu.enable(False)
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.autosaver.quitting)
            app.aboutToQuit.connect(self.computer.shutdown)

    # --- the window's switch -------------------------------------------------------------

    def activate(self) -> None:
        """Show the docks, turn bar and Game menu; install the play tool; draw the game."""
        self.active = True
        self._show(True)
        if self.document is not None:
            self.board.show_game()
            self.document.announce(initiator=self)
            QTimer.singleShot(0, self.computer.go)
        else:
            orphans = orphan_autosaves()
            if orphans:
                # These name menu entries, so they speak the menus' language.
                self.say(
                    translate(
                        "GameMenu",
                        "A game autosaved by a session that ended unexpectedly is waiting: "
                        "Game > Open an autosaved game… (%1).",
                    ).replace("%1", orphans[0].name)
                )
            else:
                self.say(translate("GameMenu", "Kasserine Pass: Game > New Kasserine Pass game… or Open game…."))
        self.canvas.set_tool(self.tool)

    def deactivate(self) -> None:
        self.active = False
        self.computer.stop()  # it goes on when the game is shown again
        self.framing.forget()
        self._show(False)
        if self.canvas.tool is self.tool:
            self.canvas.set_tool(None)
        self.board.drop_items()

    # --- the one open/save/close flow (app/dialogs/files.py) -----------------------------

    def open_path(self, path: Path | str) -> bool:
        """A game, or a turn file of a game by e-mail (an invitation joins its game)."""
        if Path(path).suffix.lower() == TURN_SUFFIX:
            return self.mail.open_turn(path)
        return self.files.open_path(path)

    def new_mail_document(self) -> bool:
        """File > New game by e-mail…: ask, then write the invitation."""
        return self.mail.new_game_dialog()

    def load_document(self, path: Path) -> GameDocument:
        return load_game(path, self)  # a game by e-mail keeps its exchange

    def show_document(self, document: Any) -> None:
        self.files.show_document(document)

    def maybe_close(self) -> bool:
        return self.files.maybe_close()

    def close_document(self) -> bool:
        """File > Close: put the game away (asking first about unsaved moves)."""
        return self.files.close_game()

    def new_document(self) -> bool:
        """A start-page card: ask for a new game."""
        return self.files.new_game_dialog()

    def new_game(
        self,
        seed: int | None = None,
        options: Options | None = None,
        players: dict[str, str] | None = None,
        computer: dict[str, str] | None = None,
    ) -> GameDocument:
        return self.files.new_game(seed, options, players, computer)

    def play(
        self,
        game: Game,
        players: dict[str, str] | None = None,
        computer: dict[str, str] | None = None,
    ) -> GameDocument:
        """Play any engine game (a custom position, a game loaded elsewhere)."""
        return self.files.play(game, players, computer)

    def save_to(self, path: Path | str) -> bool:
        return self.files.save_to(path)

    @property
    def session(self) -> GameDocument | None:
        """The open game under its older name (scripts and tests)."""
        return self.document

    @property
    def game(self) -> Game | None:
        return self.document.game if self.document is not None else None

    @property
    def owner(self) -> QObject:
        """The QObject the parts' Qt objects belong to (the open game's document, the
        computer's workers): the mode itself. The parts see the mode as protocols
        (table.py), which are no QObject."""
        return self

    @property
    def combat_choices(self) -> CombatPanel:
        """The attack being built and the result's unit (the Combat dock's), for the
        phase tools."""
        return self.docks.combat.panel

    # --- what every part says to the players ---------------------------------------------

    def say(self, text: str, refusal: bool = False) -> None:
        """A sentence for the players: in the notice line under the turn bar (refusals in
        red) and in the status bar."""
        self.last_message = text
        self.docks.notices.show_notice(text, refusal)
        self.window.show_message(text, 10000)

    def status(self, text: str, refusal: bool = False) -> None:
        """Hover information: the notice line and the status bar, not last_message."""
        self.docks.notices.show_notice(text, refusal)
        self.window.show_message(text, 8000)

    def attach(self, document: GameDocument) -> None:
        """Listen to a new game: each part refreshes from its `changed` alone, in the
        order they read each other; its refusals are shown once."""
        document.changed.connect(self.computer.before_change)  # a hint is for a position
        document.changed.connect(self._notice)
        document.changed.connect(self.docks.on_changed)
        document.changed.connect(self.framing.on_changed)
        document.changed.connect(self.board.on_changed)
        document.changed.connect(self.files.on_changed)
        document.changed.connect(self.turns.on_changed)  # the hand-over comes last
        document.changed.connect(self.computer.after_change)  # its turn, if it is
        document.refused.connect(self._refused)
        document.dirty_changed.connect(lambda _d: self.files.update_title())
        document.path_changed.connect(lambda _p: self.files.update_title())  # Save As

    # --- the public face of the parts (scripts, screenshots and tests use these) ---------

    setup = _Part("docks")
    combat = _Part("docks")
    turn_bar = _Part("docks")
    highlight = _Part("board")
    selected = _Part("board")
    reachable = _Part("board")
    choose_unit = _Part("board")
    hex_clicked = _Part("gestures")
    hex_hovered = _Part("gestures")
    end_phase = _Part("gestures")
    undo = _Part("gestures")
    handover = _Part("turns")
    handing_over = _Part("turns")
    hand_over_screen = _Part("turns")
    hint = _Part("computer")
    last_hint = _Part("computer")
    victory_dialog = _Part("files")
    show_victory = _Part("files")
    _export_log = _Part("files", "export_log")
    _centre_on = _Part("framing", "centre_on")

    # --- inside --------------------------------------------------------------------------

    def _notice(self, changes: PlayChanges, _initiator: object = None) -> None:
        """The action's last log line in the notice line (the computer's named)."""
        if changes:
            who = self.computer.side_of_last()
            line = changes[-1]
            actions = self.game.actions() if self.game is not None else []
            if actions and actions[-1].kind == "move_stack" and len(changes) > 1:
                # A stack moved together writes a line a unit: all of them are said (the
                # last alone read as if one unit had moved).
                line = f"{len(changes)} units moved together: " + "; ".join(changes)
            self.say(f"The computer ({who}): {line}" if who else line)

    def _refused(self, sentence: str) -> None:
        """The engine's refusal, once: in red in the notice line, and through the
        window's one helper in the status bar."""
        self.last_message = sentence
        self.docks.notices.show_notice(sentence, True)
        getattr(self.window, "show_refusal", self.window.show_message)(sentence)

    def _connect_docks(self) -> None:
        d, g = self.docks, self.gestures
        d.turn_bar.end_phase_requested.connect(g.end_phase)
        d.turn_bar.undo_requested.connect(g.undo)
        d.setup.unit_chosen.connect(self.board.choose_unit)
        d.setup.done_requested.connect(g.end_phase)
        d.reinforcements.unit_chosen.connect(self.board.choose_unit)
        d.stack.action_requested.connect(lambda name: g.unit_action(name))
        d.stack.units_chosen.connect(self.board.stack_picked)
        d.combat.panel.decision_unit_changed.connect(lambda _u: self.board.refresh_selection())
        d.combat.panel.attack_changed.connect(self.board.refresh_selection)
        d.combat.panel.settled.connect(self.turns.panel_settled)
        d.log.export_button.clicked.connect(self.files.export_log)

    def _show(self, visible: bool) -> None:
        self.docks.show(visible)
        self.menu.show(visible)
