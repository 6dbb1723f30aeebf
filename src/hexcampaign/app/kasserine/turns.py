"""Who acts now: the side to play, or the defender allocating artillery during the
other side's combat; the turn bar's words and the hand-over screen between two people."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from hexcampaign.app.kasserine.handover import HandOverDialog
from hexcampaign.kasserine.game import PHASE_WORDS
from hexcampaign.rules.changes import PlayChanges

if TYPE_CHECKING:
    from hexcampaign.app.kasserine.table import TurnsTable


class Turns:
    """Who acts now, the turn bar, and the hand-over between people."""

    def __init__(self, mode: TurnsTable) -> None:
        self.mode = mode
        self.handover: HandOverDialog | None = None
        self.hand_over_screen = True  # hot-seat: wait for the next player at each change
        self.side: str | None = None  # who acted when last looked (a change: hand over)

    def on_changed(self, _changes: PlayChanges, _initiator: object = None) -> None:
        """The turn bar follows every action (Undo follows its lock); then, when another
        player must act, the hand-over."""
        if self.mode.game is None:
            return
        self.refresh_turn_bar()
        self.hand_over_if_side_changed()

    def new_game(self) -> None:
        """A new game's first player needs no hand-over screen."""
        self.side = self.acting_side()

    def defence_pending(self) -> bool:
        """A declared attack waits for the defender to allocate artillery."""
        g = self.mode.game
        if g is None or g.pending() is not None or not g.state.phase.endswith("combat"):
            return False
        return self.mode.docks.combat.panel.defending_combat() is not None

    def acting_side(self) -> str | None:
        """Who must act now: the side to play, or the defender allocating artillery
        during the other side's combat. None when the game is over."""
        g = self.mode.game
        document = self.mode.document
        if g is None or g.over or document is None:
            return None
        remote = document.remote_side()
        if remote is not None:  # by e-mail: the opponent's turn file is awaited
            return remote
        if self.defence_pending():
            return "allied" if g.state.side == "german" else "german"
        return g.side_to_play

    def acting_words(self) -> str:
        """ "Allied player: your movement phase" — what the hand-over screen and the
        turn bar say."""
        side = self.acting_side()
        document = self.mode.document
        if side is None or document is None:
            return "The game is over"
        g = document.game
        if side in document.computer:
            return self.mode.computer.computer_words()
        who = document.player(side)
        if side == document.remote_side():
            return self.waiting_words()
        decision = g.pending()
        if self.defence_pending():
            what = "allocate defensive artillery"
        elif decision is not None and decision.side != g.state.side:
            # "retreat Panzer 6 3 hexes": the player is named once, not "Erwin: German
            # player: retreat …" (seen under Xvfb).
            what = g.describe(decision).partition(": ")[2]
        else:
            phase = PHASE_WORDS[g.state.phase].removeprefix("German ").removeprefix("Allied ")
            what = f"your {phase} phase"
        return f"{who}: {what}"

    def waiting_words(self, whole: bool = True) -> str:
        """By e-mail, the opponent's turn awaited: "Waiting for Lloyd's turn file", and
        (`whole`) the file to send and what to do next."""
        document = self.mode.document
        side = document.remote_side() if document is not None else None
        if document is None or side is None:
            return ""
        words = f"Waiting for {document.player(side)}'s turn file"
        sent = getattr(document, "turn_path", None)
        if whole and sent is not None:  # None: joined, the first turn comes from the other side
            words += f" (send {sent.name}, then open the answer)"
        return words

    def hand_over_detail(self) -> str:
        """The hand-over screen's second line (turn_words)."""
        return self.turn_words()

    def turn_words(self) -> str:
        """The date, the phase and the player who acts now ("Feb 14, German combat —
        Lloyd (Allied) to play": during the German's combat the defender allocating
        artillery, not the side whose phase it is)."""
        document = self.mode.document
        if document is None:
            return ""
        side = self.acting_side()
        if side is None:
            return document.whose_turn()
        g = document.game
        who = "German" if side == "german" else "Allied"
        return f"{g.date()}, {PHASE_WORDS[g.state.phase]} — {document.player(side)} ({who}) to play"

    def handing_over(self) -> bool:
        return self.handover is not None and self.handover.isVisible()

    def hand_over_if_side_changed(self) -> None:
        """Hot-seat: when another player must act, the hand-over screen names them and
        waits (also for the defender's artillery in the other side's combat)."""
        side = self.acting_side()
        document = self.mode.document
        if side != self.side and side is not None and self.side is not None and self.mode.active:
            words = self.acting_words()
            if document is not None and (document.computer or document.remote):
                # Against the computer or by e-mail nobody hands the mouse over: the
                # turn bar says who acts (the computer, the opponent far away, or you).
                self.side = side
                return
            self.mode.say(f"Hand over — {words}")
            if not self.hand_over_screen:
                self.side = side
                return
            if self.handover is None:
                self.handover = HandOverDialog(self.mode.window)
                self.handover.accepted.connect(self._took_the_mouse)
            self.handover.hand_to(words, self.hand_over_detail())
        self.side = side

    def refresh_turn_bar(self) -> None:
        document = self.mode.document
        if document is None:
            return
        acting = self.acting_side()
        players = {side: document.player(side) for side in ("german", "allied")}
        bar = self.mode.docks.turn_bar
        bar.refresh(document.game, players, acting, self.acting_words() if acting else "")
        if document.remote:  # by e-mail: undo stops at what the opponent has seen
            if acting is not None and acting == document.remote_side():
                # The file's name is long (it pushed End phase and Undo out of the bar):
                # the bar says whose file, its tooltip (and the notice) which file.
                bar.player.setText(f"<b>{html.escape(self.waiting_words(False), quote=False)}</b>")
                bar.player.setToolTip(html.escape(self.waiting_words(), quote=False))
            bar.undo_button.setEnabled(document.can_undo)
            bar.end_button.setEnabled(acting is not None and document.plays_here(acting))
        words = self.mode.computer.computer_words()
        if words:
            # The computer acts: the bar says so in place of "… to play".
            bar.player.setText(f"<b>{html.escape(words)}</b>")
            bar.undo_button.setEnabled(False)  # its moves are not a person's to undo

    def panel_settled(self) -> None:
        """The Combat dock declared an attack or settled the defender's artillery: who
        acts may have changed without a new engine action (no guns allocated)."""
        if self.mode.game is None:
            return
        self.refresh_turn_bar()
        self.hand_over_if_side_changed()
        self.mode.computer.go()  # a person's defence settled: the computer's roll may follow

    def _took_the_mouse(self) -> None:
        """The next player pressed 'I have the mouse': the notice line says what is
        theirs to do now (it kept 'Hand over — …' until the next action)."""
        if self.mode.game is not None and self.acting_side() is not None:
            self.mode.say(self.acting_words())
