"""The computer in the window: which sides it plays (Game > Players…), running it in a
worker (ComputerPlayers) while the window stays live, pausing it, showing its moves and
rolls like a person's, and the hint (Game > Hint). A mixin of KasserineMode.

While the computer acts, a person's clicks, End phase and Undo are refused with one
sentence: the computer's moves are its own, and undo never takes them back."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QDialog

from hexcampaign.app.kasserine.dialogs import PlayersDialog
from hexcampaign.app.kasserine.hints import HintArrows, HintThinker
from hexcampaign.app.kasserine.opponent import PACE_WORDS, PACES, ComputerPlayers
from hexcampaign.hexes import Hex

SIDE_WORDS = {"german": "German", "allied": "Allied"}
SHOWN_PATH = "#ffc800"


class ComputerPlay:
    """The computer players and the hint (a mixin of KasserineMode)."""

    def _build_computer(self) -> None:
        self.computers = ComputerPlayers(
            None,
            pace="normal",
            parent=self,
            apply=self._computer_apply,
            defended=lambda: self.combat.panel.defense_done,
        )
        c = self.computers
        c.showing.connect(self._computer_showing)
        c.thinking.connect(self._computer_thinking)
        c.idle.connect(self._computer_idle)
        c.failed.connect(lambda sentence: self.say(sentence, refusal=True))
        c.defended.connect(self._computer_defended)
        c.defence_wanted.connect(lambda _ids: self._computer_waits_for_defence())
        self.hints = HintThinker(self)
        self.hints.ready.connect(self._show_hint)
        self.hints.failed.connect(lambda sentence: self.say(sentence, refusal=True))
        self.hint_arrows: HintArrows | None = None
        self.last_hint = None

    # --- what the menu and the tests call ----------------------------------------------

    def computer_side(self) -> str | None:
        """The side the computer is acting for now (its phase, decision or guns), or None."""
        if self.session is None or self.game is None or self.game.over:
            return None
        side = self.acting_side()
        return side if side in self.session.computer else None

    def computer_side_of_last(self) -> str:
        """ "Allied" while the action being applied is the computer's (for the log line
        in the notice), else "" (a person's, even while the computer is thinking)."""
        return getattr(self, "_computer_applying", "")

    def computer_waits_for_dice(self) -> str:
        """With dice rolled by hand the computer declares and decides, and the players
        roll its dice: what they roll for it now ("attack 1 at 6:1", "the advance die"),
        or "" when the computer is not waiting on a roll."""
        g = self.game
        c = self.computers
        if self.computer_side() is None or c.busy() or not c.waits_for_dice():
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
        if self.computer_waits_for_dice():
            self.say(f"{self.computer_words()} — enter the roll in the Combat dock.", refusal=True)
            return True
        self.say(f"{self.computer_words()} Wait for it, or pause it (Game menu).", refusal=True)
        return True

    def set_players(
        self, players: dict[str, str], computer: dict[str, str], pace: str | None = None
    ) -> None:
        """Who plays each side from now on (a person's name, or the computer's level)."""
        if self.session is None:
            return
        self.computers.cancel()
        self.session.players.update(players)
        for side in ("german", "allied"):
            level = computer.get(side)
            if self.session.computer.get(side) != level:
                self.session.set_computer(side, level)
            self.computers.set_player(side, level)
        if pace is not None:
            self.set_computer_pace(pace)
        self._side = self.acting_side()  # no hand-over screen for this switch
        self.session.set_dirty(True)
        self.refresh()
        self._computer_go()

    def players_dialog(self) -> bool:
        """Game > Players…: switch a side between a person and the computer."""
        if self.session is None:
            return False
        dialog = PlayersDialog(
            self.session.players, self.session.computer, self.computers.pace, self.window
        )
        self._players_dialog = dialog
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        self.set_players(dialog.players(), dialog.computer(), dialog.pace())
        return True

    def set_computer_paused(self, paused: bool) -> None:
        self.computers.set_paused(paused)
        if paused:
            self.canvas.clear_preview()  # the path of a move it will not make now
        if hasattr(self, "pause_action"):
            self.pause_action.setText("&Resume the computer" if paused else "&Pause the computer")
        self.say(
            "The computer is paused: Game > Resume the computer goes on."
            if paused
            else "The computer goes on."
        )
        self._refresh_turn_bar_if_game()

    def toggle_computer_pause(self) -> None:
        self.set_computer_paused(not self.computers.paused)

    def set_computer_pace(self, pace: str) -> None:
        """How fast the computer's moves are shown; the game's save keeps it."""
        self.computers.set_pace(pace)
        for key, action in getattr(self, "pace_actions", {}).items():
            action.setChecked(key == pace)
        if self.session is not None and self.session.pace != pace:
            if self.session.pace is not None:
                self.session.set_dirty(True)  # a change the file would lose
            self.session.pace = pace

    def hint(self) -> bool:
        """Game > Hint: ask the computer what the side acting now would do, drawn as
        arrows; nothing is applied. False (with a sentence) when no hint can be asked."""
        g = self.game
        if g is None or g.over:
            return False
        if self.refuse_while_computer():
            return False
        side = self.acting_side()
        self.say(f"Thinking of a hint for the {SIDE_WORDS[side]} player…")
        self.hints.ask(g, side, set(self.combat.panel.defense_done))
        return True

    def clear_hint(self) -> None:
        self.last_hint = None
        if self.hint_arrows is not None:
            try:
                self.hint_arrows.clear()
            except RuntimeError:  # the scene went with an earlier map
                self.hint_arrows = None

    # --- inside --------------------------------------------------------------------------

    def _computer_session(self, session) -> None:
        """A new, opened or closed game: the computer plays what its save says."""
        self.computers.set_game(session.game if session is not None else None)
        self.computers.paused = False  # a new or reopened game starts with its computer on
        if hasattr(self, "pause_action"):
            self.pause_action.setText("&Pause the computer")
        self.hints.cancel()
        self.clear_hint()
        self.computers.players = {}
        if session is None:
            return
        for side, level in session.computer.items():
            self.computers.set_player(side, level)
        # The pace the game was saved with; a new game or an older save keeps the window's.
        self.set_computer_pace(session.pace if session.pace in PACES else self.computers.pace)
        QTimer.singleShot(0, self._computer_go)

    def _computer_go(self) -> None:
        """After any change: if the game now waits on the computer, let it play."""
        if self.session is not None and not self.computers.busy():
            self.computers.start()

    def _computer_apply(self, action) -> None:
        """The GUI thread applies one of the computer's actions through the session (the
        log, autosave and redraw follow as for a person's), showing its dice."""
        panel = self.combat.panel
        if action.kind == "declare":
            panel.show_last = True
        g = self.game
        decision = g.pending()
        if decision is not None:
            side = decision.side
        elif action.kind == "support":  # the defending computer's guns
            side = "allied" if g.state.side == "german" else "german"
        else:
            side = g.state.side
        self._computer_applying = SIDE_WORDS[side]
        try:
            self.session.apply_recorded(action)
        finally:
            self._computer_applying = ""
        if action.kind == "resolve":
            combat = next((c for c in self.game.combats() if c.id == action.combat), None)
            if combat is not None:
                text = (
                    f"Attack {combat.id} at {combat.odds}: "
                    + (f"rolled {combat.roll} — " if combat.roll else "no roll needed — ")
                    + (combat.result or "")
                )
                panel.dice.show_roll(self.game.actions()[-1].faces or [], text)
                panel.refresh()
        elif action.kind == "advance_roll":
            faces = self.game.actions()[-1].faces or []
            panel.dice.show_roll(faces, f"D ELIM: advance die {faces[0] if faces else ''}")

    def _computer_showing(self, action) -> None:
        """A computer's move: its path first (the counter follows at the next tick)."""
        g = self.game
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
        self.say(f"The computer ({SIDE_WORDS[g.state.side]}): {names} to {where}")

    def _computer_defended(self, combat_ids) -> None:
        self.combat.panel.defense_done.update(combat_ids)
        if self.game is not None:
            self.combat.panel.refresh()
            self._refresh_turn_bar()
            self._hand_over_if_side_changed()

    def _computer_waits_for_defence(self) -> None:
        if self.game is None:
            return
        self.combat.panel.refresh()
        self._refresh_turn_bar()
        self._refresh_selection()
        self.say(f"{self.acting_words()} — the computer waits before it rolls.")

    def _computer_thinking(self, side: str) -> None:
        """The computer starts acting for `side`: a unit of that side a person had
        picked (in the set-up before handing the side over, say) is let go, so its
        movement range does not stay lit while the computer moves it."""
        g = self.game
        if g is None:
            return
        uid = getattr(self, "selected", None)
        if uid and uid in g.state.units and g.unit(uid).side == side:
            self.clear_selection()
        self._refresh_turn_bar()

    def _computer_idle(self) -> None:
        """The computer stopped: the game waits on a person — for dice, with hand-rolled
        dice, the notice line says what to roll for it."""
        if self.game is None:
            return
        self._refresh_turn_bar()
        if self.computer_waits_for_dice():
            self.say(f"{self.computer_words()} — roll real dice and enter the roll in the Combat dock.")

    def _refresh_turn_bar_if_game(self) -> None:
        if self.game is not None:
            self._refresh_turn_bar()

    def _show_hint(self, hint) -> None:
        """The hint's arrows on the board and its words in the notice line."""
        if self.game is None or self.canvas.map_scene is None:
            return
        if self.hint_arrows is None or self.hint_arrows.scene() is None:
            self.hint_arrows = HintArrows(self.canvas.layout)
            self.canvas.scene().addItem(self.hint_arrows)
        self.hint_arrows.show_arrows(hint.arrows)
        self.last_hint = hint
        self.say(hint.words)

    def _build_computer_menu(self, add) -> None:
        """The Game menu's computer entries (`add` is the menu builder of mode.py)."""
        self.menu.addSeparator()
        add("&Players…", self.players_dialog)
        self.pause_action = add("&Pause the computer", self.toggle_computer_pause, "Ctrl+Alt+P")
        pace_menu = self.menu.addMenu("Computer &pace")
        self.pace_actions = {}
        for key in PACES:
            action = pace_menu.addAction(PACE_WORDS[key])
            action.setCheckable(True)
            action.setChecked(key == self.computers.pace)
            action.triggered.connect(lambda _c=False, k=key: self.set_computer_pace(k))
            self.pace_actions[key] = action
        self._pace_menu = pace_menu
        add("&Hint", self.hint, "H")
