"""Who acts now: the side to play, or the defender allocating artillery during the
other side's combat; the turn bar's words and the hand-over screen between two people.
A mixin of KasserineMode."""

from __future__ import annotations

import html

from hexcampaign.app.kasserine.handover import HandOverDialog
from hexcampaign.kasserine.game import PHASE_WORDS


class Turns:
    """Who acts now, and the hand-over between people (a mixin of KasserineMode)."""

    def defence_pending(self) -> bool:
        """A declared attack waits for the defender to allocate artillery."""
        g = self.game
        if g is None or g.pending() is not None or not g.state.phase.endswith("combat"):
            return False
        return self.combat.panel.defending_combat() is not None

    def acting_side(self) -> str | None:
        """Who must act now: the side to play, or the defender allocating artillery
        during the other side's combat. None when the game is over."""
        g = self.game
        if g is None or g.over:
            return None
        if self.defence_pending():
            return "allied" if g.state.side == "german" else "german"
        return g.side_to_play

    def acting_words(self) -> str:
        """ "Allied player: your movement phase" — what the hand-over screen and the
        turn bar say."""
        side = self.acting_side()
        if side is None:
            return "The game is over"
        g = self.game
        if side in self.session.computer:
            return self.computer_words()
        who = self.session.player(side)
        if self.defence_pending():
            what = "allocate defensive artillery"
        elif g.pending() is not None and g.pending().side != g.state.side:
            # "retreat Panzer 6 3 hexes": the player is named once, not "Erwin: German
            # player: retreat …" (seen under Xvfb).
            what = g.describe(g.pending()).partition(": ")[2]
        else:
            phase = PHASE_WORDS[g.state.phase].removeprefix("German ").removeprefix("Allied ")
            what = f"your {phase} phase"
        return f"{who}: {what}"

    def hand_over_detail(self) -> str:
        """The hand-over screen's second line (turn_words)."""
        return self.turn_words()

    def turn_words(self) -> str:
        """The date, the phase and the player who acts now ("Feb 14, German combat —
        Lloyd (Allied) to play": during the German's combat the defender allocating
        artillery, not the side whose phase it is)."""
        g = self.game
        side = self.acting_side()
        if side is None:
            return self.session.whose_turn()
        who = "German" if side == "german" else "Allied"
        return f"{g.date()}, {PHASE_WORDS[g.state.phase]} — {self.session.player(side)} ({who}) to play"

    def _took_the_mouse(self) -> None:
        """The next player pressed 'I have the mouse': the notice line says what is
        theirs to do now (it kept 'Hand over — …' until the next action)."""
        if self.game is not None and self.acting_side() is not None:
            self.say(self.acting_words())

    def handing_over(self) -> bool:
        return self.handover is not None and self.handover.isVisible()

    def _hand_over_if_side_changed(self) -> None:
        """Hot-seat: when another player must act, the hand-over screen names them and
        waits (also for the defender's artillery in the other side's combat)."""
        side = self.acting_side()
        if side != self._side and side is not None and self._side is not None and self.active:
            words = self.acting_words()
            if self.session.computer:
                # Against the computer nobody hands the mouse over: the turn bar says
                # who acts (the computer, or you).
                self._side = side
                return
            self.say(f"Hand over — {words}")
            if not self.hand_over_screen:
                self._side = side
                return
            if self.handover is None:
                self.handover = HandOverDialog(self.window)
                self.handover.accepted.connect(self._took_the_mouse)
            self.handover.hand_to(words, self.hand_over_detail())
        self._side = side

    def _refresh_turn_bar(self) -> None:
        acting = self.acting_side()
        players = {side: self.session.player(side) for side in ("german", "allied")}
        self.turn_bar.refresh(self.game, players, acting, self.acting_words() if acting else "")
        words = self.computer_words()
        if words:
            # The computer acts: the bar says so in place of "… to play".
            self.turn_bar.player.setText(f"<b>{html.escape(words)}</b>")
            self.turn_bar.undo_button.setEnabled(False)  # its moves are not a person's to undo

    def _panel_settled(self) -> None:
        """The Combat dock declared an attack or settled the defender's artillery: who
        acts may have changed without a new engine action (no guns allocated)."""
        if self.game is None:
            return
        self._refresh_turn_bar()
        self._hand_over_if_side_changed()
        self._computer_go()  # a person's defence settled: the computer's roll may follow
