"""The computer in the window: which sides it plays (Game > Players…), running it in a
worker (ComputerPlayers) while the window stays live, pausing it, showing its moves and
rolls like a person's, and the hint (Game > Hint).

While the computer acts, a person's clicks, End phase and Undo are refused with one
sentence: the computer's moves are its own, and undo never takes them back."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QMenu

from hexcampaign.app.i18n import translate
from hexcampaign.app.kasserine.dialogs import PlayersDialog, remember_pace, remembered_pace
from hexcampaign.app.kasserine.hints import HintArrows, HintThinker
from hexcampaign.app.kasserine.opponent import PACE_WORDS, PACES, ComputerPlayers
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import IllegalAction
from hexcampaign.rules.changes import PlayChanges

if TYPE_CHECKING:
    from hexcampaign.app.kasserine.document import GameDocument
    from hexcampaign.app.kasserine.table import ComputerTable

SIDE_WORDS = {"german": "German", "allied": "Allied"}
SHOWN_PATH = "#ffc800"


class ComputerPlay:
    """The computer players and the hint."""

    def __init__(self, mode: ComputerTable) -> None:
        self.mode = mode
        self.canvas = mode.canvas
        self.computers = ComputerPlayers(
            None,
            pace=remembered_pace(mode.window),  # the last one chosen, at the last start
            parent=mode.owner,
            apply=self._computer_apply,
            defended=lambda: mode.docks.combat.panel.defense_done,
        )
        c = self.computers
        c.showing.connect(self._computer_showing)
        c.thinking.connect(self._computer_thinking)
        c.idle.connect(self._computer_idle)
        c.failed.connect(lambda sentence: mode.say(sentence, refusal=True))
        c.defended.connect(self._computer_defended)
        c.defence_wanted.connect(lambda _ids: self._computer_waits_for_defence())
        self.hints = HintThinker(mode.owner)
        self.hints.ready.connect(self._show_hint)
        self.hints.failed.connect(lambda sentence: mode.say(sentence, refusal=True))
        self.hint_arrows: HintArrows | None = None
        self.last_hint: Any = None
        self.applying = ""  # "Allied" while the computer's action is being applied
        self.pause_action: QAction | None = None
        self.pace_actions: dict[str, QAction] = {}
        self.pace_menu: QMenu | None = None
        self.players_box: PlayersDialog | None = None

    # --- following the game ---------------------------------------------------------------

    def before_change(self, _changes: PlayChanges, _initiator: object = None) -> None:
        self.clear_hint()  # a hint is for the position it was asked in

    def after_change(self, _changes: PlayChanges, _initiator: object = None) -> None:
        self.go()

    def go(self) -> None:
        """After any change: if the game now waits on the computer, let it play."""
        if self.mode.document is not None and not self.computers.busy():
            self.computers.start()

    def stop(self) -> None:
        """The mode is put away: the computer and the hint wait (they go on when the game
        is shown again)."""
        self.computers.cancel()
        self.hints.cancel()

    def shutdown(self) -> None:
        self.computers.shutdown()
        self.hints.cancel()

    def show_document(self, document: GameDocument | None) -> None:
        """A new, opened or closed game: the computer plays what its save says."""
        self.computers.set_game(document.game if document is not None else None)
        self.computers.paused = False  # a new or reopened game starts with its computer on
        if self.pause_action is not None:
            self.pause_action.setText(translate("GameMenu", "&Pause the computer"))
        self.hints.cancel()
        self.clear_hint()
        self.computers.players = {}
        if document is None:
            return
        for side, level in document.computer.items():
            self.computers.set_player(side, level)
        # The pace the game was saved with, for this game only; a new game or an older
        # save keeps the window's (a new game's, from the New game dialog, is remembered).
        if document.pace in PACES:
            self.set_computer_pace(document.pace, remember=False)
        else:
            self.set_computer_pace(self.computers.pace)
        QTimer.singleShot(0, self.go)

    # --- what the menu and the tests call ----------------------------------------------

    def computer_side(self) -> str | None:
        """The side the computer is acting for now (its phase, decision or guns), or None."""
        document = self.mode.document
        if document is None or document.game.over:
            return None
        side = self.mode.turns.acting_side()
        return side if side in document.computer else None

    def side_of_last(self) -> str:
        """ "Allied" while the action being applied is the computer's (for the log line
        in the notice), else "" (a person's, even while the computer is thinking)."""
        return self.applying

    def computer_waits_for_dice(self) -> str:
        """With dice rolled by hand the computer declares and decides, and the players
        roll its dice: what they roll for it now ("attack 1 at 6:1", "the advance die"),
        or "" when the computer is not waiting on a roll."""
        g = self.mode.game
        c = self.computers
        if g is None or self.computer_side() is None or c.busy() or not c.waits_for_dice():
            return ""
        if g.pending() is not None:
            return "its advance die"
        attack = next(c for c in g.combats() if not c.resolved)
        return f"attack {attack.id} at {attack.odds}"

    def computer_words(self) -> str:
        side = self.computer_side()
        if side is None:
            return ""
        if self.computers.paused:
            return f"The computer plays the {SIDE_WORDS[side]} side — paused"
        roll = self.computer_waits_for_dice()
        if roll:
            return f"The computer ({SIDE_WORDS[side]}) waits for your dice: {roll}"
        return f"The computer is playing the {SIDE_WORDS[side]} side…"

    def refuse_while_computer(self) -> bool:
        """True (and say why) when the computer is acting: a person's gesture waits."""
        if self.computer_side() is None:
            return False
        words = self.computer_words()
        if self.computer_waits_for_dice():
            self.mode.say(f"{words} — enter the roll in the Combat dock.", refusal=True)
            return True
        self.mode.say(f"{words} Wait for it, or pause it (Game menu).", refusal=True)
        return True

    def set_players(
        self, players: dict[str, str], computer: dict[str, str], pace: str | None = None
    ) -> None:
        """Who plays each side from now on (a person's name, or the computer's level)."""
        document = self.mode.document
        if document is None:
            return
        self.computers.cancel()
        document.players.update(players)
        for side in ("german", "allied"):
            level = computer.get(side)
            if document.computer.get(side) != level:
                document.set_computer(side, level)
            self.computers.set_player(side, level)
        if pace is not None:
            self.set_computer_pace(pace)
        self.mode.turns.new_game()  # no hand-over screen for this switch
        document.set_dirty(True)
        document.announce(initiator=self)  # the names and who acts: everything redrawn

    def players_dialog(self) -> bool:
        """Game > Players…: switch a side between a person and the computer."""
        document = self.mode.document
        if document is None:
            return False
        dialog = PlayersDialog(
            document.players, document.computer, self.computers.pace, self.mode.window
        )
        self.players_box = dialog
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        self.set_players(dialog.players(), dialog.computer(), dialog.pace())
        return True

    def set_computer_paused(self, paused: bool) -> None:
        self.computers.set_paused(paused)
        if paused:
            self.canvas.clear_preview()  # the path of a move it will not make now
        if self.pause_action is not None:
            self.pause_action.setText(
                translate("GameMenu", "&Resume the computer") if paused else translate("GameMenu", "&Pause the computer")
            )
        self.mode.say(  # names a menu entry: in the menus' language
            translate("GameMenu", "The computer is paused: Game > Resume the computer goes on.")
            if paused
            else translate("GameMenu", "The computer goes on.")
        )
        self.mode.turns.refresh_turn_bar()

    def toggle_computer_pause(self) -> None:
        self.set_computer_paused(not self.computers.paused)

    def set_computer_pace(self, pace: str, remember: bool = True) -> None:
        """How fast the computer's moves are shown; the game's save keeps it, and
        (`remember`: the player chose it) the settings, for the next start and the New
        game dialog."""
        self.computers.set_pace(pace)
        if remember:
            remember_pace(self.mode.window, pace)
        for key, action in self.pace_actions.items():
            action.setChecked(key == pace)
        document = self.mode.document
        if document is not None and document.pace != pace:
            if document.pace is not None:
                document.set_dirty(True)  # a change the file would lose
            document.pace = pace

    def hint(self) -> bool:
        """Game > Hint: ask the computer what the side acting now would do, drawn as
        arrows; nothing is applied. False (with a sentence) when no hint can be asked."""
        g = self.mode.game
        if g is None or g.over:
            return False
        if self.refuse_while_computer():
            return False
        side = self.mode.turns.acting_side()
        if side is None:
            return False
        self.mode.say(f"Thinking of a hint for the {SIDE_WORDS[side]} player…")
        self.hints.ask(g, side, set(self.mode.docks.combat.panel.defense_done))
        return True

    def clear_hint(self) -> None:
        self.last_hint = None
        if self.hint_arrows is not None:
            try:
                self.hint_arrows.clear()
            except RuntimeError:  # the scene went with an earlier map
                self.hint_arrows = None

    def drop_arrows(self) -> None:
        """The board is taken down: the hint's arrows go with it."""
        arrows, self.hint_arrows = self.hint_arrows, None
        try:
            if arrows is not None and arrows.scene() is not None:
                arrows.scene().removeItem(arrows)
        except RuntimeError:
            pass

    def add_to_menu(self, menu: QMenu, add: Callable[..., QAction]) -> None:
        """The Game menu's computer entries (`add` is GameMenu's builder)."""
        menu.addSeparator()
        add(translate("GameMenu", "&Players…"), self.players_dialog)
        self.pause_action = add(translate("GameMenu", "&Pause the computer"), self.toggle_computer_pause, "Ctrl+Alt+P")
        pace_menu = menu.addMenu(translate("GameMenu", "Computer &pace"))
        for key in PACES:
            action = pace_menu.addAction(translate("GameMenu", PACE_WORDS[key]))
            action.setCheckable(True)
            action.setChecked(key == self.computers.pace)
            action.triggered.connect(lambda _c=False, k=key: self.set_computer_pace(k))
            self.pace_actions[key] = action
        self.pace_menu = pace_menu
        add(translate("GameMenu", "&Hint"), self.hint, "H")

    # --- inside --------------------------------------------------------------------------

    def _computer_apply(self, action: Any) -> None:
        """The GUI thread applies one of the computer's actions through the document (the
        log, autosave and redraw follow as for a person's), showing its dice. A refusal
        raises, so the driver stops (the sentence is shown already)."""
        document = self.mode.document
        if document is None:
            raise IllegalAction("The computer: no game is open")
        panel = self.mode.docks.combat.panel
        if action.kind == "declare":
            panel.show_last = True
        g = document.game
        decision = g.pending()
        if decision is not None:
            side = decision.side
        elif action.kind == "support":  # the defending computer's guns
            side = "allied" if g.state.side == "german" else "german"
        else:
            side = g.state.side
        self.applying = SIDE_WORDS[side]
        try:
            changes = document.apply_recorded(action, initiator=self.computers)
        finally:
            self.applying = ""
        if changes is None:
            raise IllegalAction(document.last_refusal)
        # Its dice land as a person's do (the Combat dock's one place for their words).
        if action.kind == "resolve":
            panel.roll_box.show_rolled(action.combat)
        elif action.kind == "advance_roll":
            panel.result.show_advance_die()

    def _computer_showing(self, action: Any) -> None:
        """A computer's move: its path first (the counter follows at the next tick)."""
        g = self.mode.game
        if g is None:
            return
        path = [Hex(*x) for x in getattr(action, "path", [])]
        if action.kind == "place":
            path = [Hex(*action.hex)]
        units = list(getattr(action, "units", None) or [action.unit])
        start = g.unit(units[0]).hex if units[0] in g.state.units else None
        self.canvas.set_preview(path=([start] if start else []) + path, color=SHOWN_PATH)
        names = ", ".join(g.label(u) for u in units)
        where = g.hex_label(path[-1]) if path else ""
        self.mode.say(f"The computer ({SIDE_WORDS[g.state.side]}): {names} to {where}")

    def _computer_defended(self, combat_ids: list[int]) -> None:
        """A computer allocated its guns on a person's attack (no engine action when it
        gave none): the dock and who acts follow."""
        panel = self.mode.docks.combat.panel
        panel.defense_done.update(combat_ids)
        if self.mode.game is not None:
            panel.refresh()
            self.mode.turns.refresh_turn_bar()
            self.mode.turns.hand_over_if_side_changed()

    def _computer_waits_for_defence(self) -> None:
        if self.mode.game is None:
            return
        self.mode.docks.combat.panel.refresh()
        self.mode.turns.refresh_turn_bar()
        self.mode.board.refresh_selection()
        self.mode.say(f"{self.mode.turns.acting_words()} — the computer waits before it rolls.")

    def _computer_thinking(self, side: str) -> None:
        """The computer starts acting for `side`: a unit of that side a person had
        picked (in the set-up before handing the side over, say) is let go, so its
        movement range does not stay lit while the computer moves it."""
        g = self.mode.game
        if g is None:
            return
        uid = self.mode.board.selected
        if uid and uid in g.state.units and g.unit(uid).side == side:
            self.mode.board.clear_selection()
        self.mode.turns.refresh_turn_bar()

    def _computer_idle(self) -> None:
        """The computer stopped: the game waits on a person — for dice, with hand-rolled
        dice, the notice line says what to roll for it."""
        if self.mode.game is None:
            return
        self.mode.turns.refresh_turn_bar()
        if self.computer_waits_for_dice():
            self.mode.say(
                f"{self.computer_words()} — roll real dice and enter the roll in the Combat dock."
            )

    def _show_hint(self, hint: Any) -> None:
        """The hint's arrows on the board and its words in the notice line."""
        if self.mode.game is None or self.canvas.map_scene is None:
            return
        if self.hint_arrows is None or self.hint_arrows.scene() is None:
            self.hint_arrows = HintArrows(self.canvas.layout)
            self.canvas.scene().addItem(self.hint_arrows)
        self.hint_arrows.show_arrows(hint.arrows)
        self.last_hint = hint
        self.mode.say(hint.words)
