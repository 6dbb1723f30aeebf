"""The play mode as each of its parts sees it: what a part is handed, as protocols.

The mode (mode.py) builds its parts and hands each one itself; the parts reach one
another through it (the board asks the framing to show an entry, the turns ask the
Combat dock who defends). Each part declares here exactly what it uses of the mode:

    PlayTable       the phase tools (phase_tools.py)
    BoardTable      BoardView (board_view.py)
    FramingTable    BoardFraming (framing.py)
    TurnsTable      Turns (turns.py)
    GesturesTable   Gestures (gestures.py); it hands itself on to the phase tools
    ComputerTable   ComputerPlay (computer_play.py)
    FilesTable      GameFiles (game_files.py)
    MenuTable       GameMenu (game_menu.py)
    DocksTable      PlayDocks (play_docks.py)
    CombatTable     the Combat dock's step panels (combat_attack, combat_defense,
                    combat_roll, combat_results), of the dock's CombatPanel

and the parts it reaches through the mode are protocols too (Board, Framing, Docks,
Computer, ...), each listing what the other parts use of that one. So no part imports
mode.py or another part to name its type, and neither the mode and its parts nor the
Combat dock and its panels form an import circle (tests/test_architecture.py counts
annotation-only imports too). Only leaf types are imported here: the game document,
the engine's types, the docks' widgets.

The window and its canvas stay Any, as the mode takes them: typing them would import
the main window, which imports the modes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from PySide6.QtCore import QObject, SignalInstance
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QMenu, QMessageBox

    from hexcampaign.app.autosave import Autosaver
    from hexcampaign.app.kasserine.combat_odds import OddsPanel
    from hexcampaign.app.kasserine.docks import LogDock, StackDock, TurnBar, UnitList
    from hexcampaign.app.kasserine.document import GameDocument
    from hexcampaign.app.kasserine.opponent import ComputerPlayers
    from hexcampaign.hexes import Hex
    from hexcampaign.kasserine import Combat, Game, UnitView


# --- the parts as the others use them ------------------------------------------------------


class Selection(Protocol):
    """The board's selection, as the phase tools read and change it (board_view.BoardView)."""

    selected: str | None
    reachable: dict[Hex, int]

    def group(self) -> list[str]: ...

    def units_at(self, h: Hex | None) -> list[UnitView]: ...

    def choose_unit(self, unit_id: str | None, keep_group: bool = False) -> None: ...

    def choose_units(self, unit_ids: list[str]) -> None: ...

    def show_stack(self, h: Hex | None) -> None: ...

    def why_not(self, uid: str, h: Hex) -> str: ...


class Board(Selection, Protocol):
    """What the mode's parts use of the board (board_view.BoardView): the selection, and
    the board put up, redrawn and taken down."""

    @property
    def stack_hex(self) -> Hex | None: ...

    def enemy_zoc(self) -> set[Hex]: ...

    def clear_selection(self) -> None: ...

    def refresh_selection(self) -> None: ...

    def new_game(self) -> None: ...

    def show_game(self) -> None: ...

    def drop_items(self) -> None: ...


class Framing(Protocol):
    """What the mode's parts use of the view's framing (framing.BoardFraming)."""

    def show_entry(self, unit_id: str) -> None: ...

    def frame_the_play(self) -> None: ...


class CombatChoices(Protocol):
    """The attack being built and the unit whose retreat or advance is chosen (the
    Combat dock)."""

    target: Hex | None
    decision_unit: str | None

    def choose_target(self, h: Hex) -> bool: ...

    def toggle_attacker(self, unit_id: str) -> bool: ...


class RolledDice(Protocol):
    """The Combat dock's roll (combat_roll.RollPanel), as the computer's dice land."""

    def show_rolled(self, combat_id: int, hand: int | None = None) -> str | None: ...


class AdvanceDie(Protocol):
    """The Combat dock's result (combat_results.ResultPanel), as the computer's die lands."""

    def show_advance_die(self, hand: int | None = None) -> None: ...


class CombatInHand(CombatChoices, Protocol):
    """What the mode's parts use of the Combat dock's workflow (combat_dock.CombatPanel)."""

    show_last: bool
    defense_done: set[int]

    @property
    def attackers(self) -> UnitList: ...

    @property
    def roll_box(self) -> RolledDice: ...

    @property
    def result(self) -> AdvanceDie: ...

    def current_combat(self) -> Combat | None: ...

    def defending_combat(self) -> Combat | None: ...

    def refresh(self) -> None: ...


class CombatDockView(Protocol):
    """The Combat dock (combat_dock.CombatDock): its workflow, shown in the combat phases."""

    @property
    def panel(self) -> CombatInHand: ...

    def setVisible(self, visible: bool, /) -> None: ...


class Docks(Protocol):
    """What the mode's parts use of the docks (play_docks.PlayDocks)."""

    @property
    def combat(self) -> CombatDockView: ...

    @property
    def stack(self) -> StackDock: ...

    @property
    def turn_bar(self) -> TurnBar: ...

    @property
    def log(self) -> LogDock: ...

    def new_game(self) -> None: ...

    def enable(self, has_game: bool) -> None: ...


class WhoActs(Protocol):
    """Who acts now (turns.Turns), as the phase tools ask."""

    def acting_words(self) -> str: ...

    def defence_pending(self) -> bool: ...


class TurnKeeper(WhoActs, Protocol):
    """What the mode's parts use of who acts now and the hand-over (turns.Turns)."""

    side: str | None

    def acting_side(self) -> str | None: ...

    def turn_words(self) -> str: ...

    def handing_over(self) -> bool: ...

    def new_game(self) -> None: ...

    def refresh_turn_bar(self) -> None: ...

    def hand_over_if_side_changed(self) -> None: ...


class PlayerGestures(Protocol):
    """What the mode's parts use of the player's gestures (gestures.Gestures)."""

    def unit_actions(self, h: Hex) -> list[tuple[str, str, str]]: ...

    def undo(self) -> bool: ...

    def redo(self) -> bool: ...

    def end_phase(self) -> bool: ...


class Computer(Protocol):
    """What the mode's parts use of the computer players (computer_play.ComputerPlay)."""

    @property
    def computers(self) -> ComputerPlayers: ...

    def computer_side(self) -> str | None: ...

    def computer_words(self) -> str: ...

    def refuse_while_computer(self) -> bool: ...

    def show_document(self, document: GameDocument | None) -> None: ...

    def go(self) -> None: ...

    def drop_arrows(self) -> None: ...

    def add_to_menu(self, menu: QMenu, add: Callable[..., QAction]) -> None: ...


class FileCommands(Protocol):
    """What the Game menu calls of the games' files (game_files.GameFiles)."""

    def new_game_dialog(self) -> bool: ...

    def open_dialog(self) -> bool: ...

    def open_autosave_dialog(self) -> bool: ...

    def save(self) -> bool: ...

    def save_as(self) -> bool: ...

    def export_log(self) -> bool: ...

    def show_info(self) -> QMessageBox | None: ...

    def close_game(self) -> bool: ...


class MailCommands(Protocol):
    """What the Game menu and the games' files call of the games by e-mail
    (mail_files.MailFiles)."""

    def new_game_dialog(self) -> bool: ...

    def send_turn(self) -> bool: ...

    def show_document(self, document: GameDocument) -> None: ...


class MenuSwitch(Protocol):
    """The Game menu (game_menu.GameMenu), as a game opens and closes."""

    def enable(self, has_game: bool) -> None: ...


# --- what each part is handed: the mode ------------------------------------------------------


class PlayTable(Protocol):
    """Everything of the play mode a phase tool uses. A protocol, not an import of
    mode.py, so the tools and the mode form no circle."""

    @property
    def game(self) -> Game | None: ...

    @property
    def document(self) -> GameDocument | None: ...

    @property
    def board(self) -> Selection: ...

    @property
    def turns(self) -> WhoActs: ...

    @property
    def combat_choices(self) -> CombatChoices: ...

    def say(self, text: str, refusal: bool = False) -> None: ...


class BoardTable(Protocol):
    """What the board (board_view.BoardView) uses of the mode."""

    @property
    def window(self) -> Any: ...

    @property
    def canvas(self) -> Any: ...

    @property
    def game(self) -> Game | None: ...

    @property
    def docks(self) -> Docks: ...

    @property
    def framing(self) -> Framing: ...

    @property
    def gestures(self) -> PlayerGestures: ...

    @property
    def computer(self) -> Computer: ...

    def status(self, text: str, refusal: bool = False) -> None: ...


class FramingTable(Protocol):
    """What the view's framing (framing.BoardFraming) uses of the mode."""

    @property
    def canvas(self) -> Any: ...

    @property
    def active(self) -> bool: ...

    @property
    def game(self) -> Game | None: ...

    @property
    def docks(self) -> Docks: ...

    @property
    def board(self) -> Board: ...


class TurnsTable(Protocol):
    """What who-acts-now (turns.Turns) uses of the mode."""

    @property
    def window(self) -> Any: ...

    @property
    def active(self) -> bool: ...

    @property
    def document(self) -> GameDocument | None: ...

    @property
    def game(self) -> Game | None: ...

    @property
    def docks(self) -> Docks: ...

    @property
    def computer(self) -> Computer: ...

    def say(self, text: str, refusal: bool = False) -> None: ...


class GesturesTable(PlayTable, Protocol):
    """What the player's gestures (gestures.Gestures) use of the mode; it hands the mode
    on to the phase tools, so it is a PlayTable too."""

    @property
    def window(self) -> Any: ...

    @property
    def canvas(self) -> Any: ...

    @property
    def board(self) -> Board: ...

    @property
    def turns(self) -> TurnKeeper: ...

    @property
    def docks(self) -> Docks: ...

    @property
    def computer(self) -> Computer: ...

    def status(self, text: str, refusal: bool = False) -> None: ...


class ComputerTable(Protocol):
    """What the computer players (computer_play.ComputerPlay) use of the mode."""

    @property
    def owner(self) -> QObject: ...

    @property
    def window(self) -> Any: ...

    @property
    def canvas(self) -> Any: ...

    @property
    def document(self) -> GameDocument | None: ...

    @property
    def game(self) -> Game | None: ...

    @property
    def board(self) -> Board: ...

    @property
    def docks(self) -> Docks: ...

    @property
    def turns(self) -> TurnKeeper: ...

    def say(self, text: str, refusal: bool = False) -> None: ...


class FilesTable(Protocol):
    """What the games' files (game_files.GameFiles) use of the mode; they put the open
    game in its `document`."""

    document: GameDocument | None

    @property
    def owner(self) -> QObject: ...

    @property
    def window(self) -> Any: ...

    @property
    def active(self) -> bool: ...

    @property
    def autosaver(self) -> Autosaver: ...

    @property
    def game(self) -> Game | None: ...

    @property
    def board(self) -> Board: ...

    @property
    def docks(self) -> Docks: ...

    @property
    def framing(self) -> Framing: ...

    @property
    def turns(self) -> TurnKeeper: ...

    @property
    def computer(self) -> Computer: ...

    @property
    def menu(self) -> MenuSwitch: ...

    @property
    def mail(self) -> MailCommands: ...

    def attach(self, document: GameDocument) -> None: ...

    def say(self, text: str, refusal: bool = False) -> None: ...


class MailTable(FilesTable, Protocol):
    """What the games by e-mail (mail_files.MailFiles) use of the mode: what the files
    use, the close question and the files part that shows a game."""

    @property
    def files(self) -> GameShower: ...

    def maybe_close(self) -> bool: ...


class GameShower(Protocol):
    def show_document(self, document: GameDocument) -> None: ...


class MenuTable(Protocol):
    """What the Game menu (game_menu.GameMenu) uses of the mode: the part each entry calls."""

    @property
    def window(self) -> Any: ...

    @property
    def game(self) -> Game | None: ...

    @property
    def files(self) -> FileCommands: ...

    @property
    def mail(self) -> MailCommands: ...

    @property
    def gestures(self) -> PlayerGestures: ...

    @property
    def board(self) -> Board: ...

    @property
    def computer(self) -> Computer: ...


class DocksTable(Protocol):
    """What the docks (play_docks.PlayDocks) use of the mode."""

    @property
    def window(self) -> Any: ...

    @property
    def active(self) -> bool: ...

    @property
    def document(self) -> GameDocument | None: ...

    @property
    def game(self) -> Game | None: ...


# --- what the Combat dock's step panels are handed: the dock's workflow --------------------


class CombatTable(Protocol):
    """What the step panels (combat_attack, combat_defense, combat_roll, combat_results)
    use of the Combat dock's workflow (combat_dock.CombatPanel), which builds them."""

    show_last: bool
    defense_done: set[int]

    @property
    def document(self) -> GameDocument: ...

    @property
    def game(self) -> Game: ...

    @property
    def odds(self) -> OddsPanel: ...

    @property
    def attack_changed(self) -> SignalInstance: ...

    @property
    def settled(self) -> SignalInstance: ...

    @property
    def decision_unit_changed(self) -> SignalInstance: ...

    def current_combat(self) -> Combat | None: ...

    def defending_combat(self) -> Combat | None: ...

    def refresh(self) -> None: ...
