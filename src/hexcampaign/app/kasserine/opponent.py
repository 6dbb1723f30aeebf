"""The computer players of a Kasserine game in the window: each thinks in a worker thread
on a copy of the game and hands its actions, one at a time, to the GUI thread, which
applies them to the game on screen at the chosen pace (the copy rolls the same dice, so
both stay identical). The window never waits on the computer: pause, cancel and restart
are immediate."""

from __future__ import annotations

import queue
import threading

from PySide6.QtCore import QObject, QTimer, Signal

from hexcampaign.kasserine import Game
from hexcampaign.kasserine.ai import Opponent

# Milliseconds between two actions shown on the board: a person can follow "slow".
PACES = {"fastest": 0, "fast": 150, "normal": 600, "slow": 1500}
_POLL_MS = 8  # how often the GUI looks for actions while a computer is thinking


class ComputerPlayers(QObject):
    """Who the computer plays, and the driver that lets it play them on `game`."""

    acted = Signal(object)  # an action applied to the game on screen
    thinking = Signal(str)  # the side the computer is thinking for
    idle = Signal()  # the game waits on a person (or is over, or paused)
    failed = Signal(str)  # one sentence: the computer stopped on an error

    def __init__(
        self,
        game,
        players: dict[str, Opponent] | None = None,
        pace: str = "normal",
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.game = game
        self.players: dict[str, Opponent] = dict(players or {})
        self.pace = pace
        self.paused = False
        self._queue: queue.Queue = queue.Queue()
        self._worker: threading.Thread | None = None
        self._generation = 0  # a worker of an older generation is ignored: cancelled
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._collect)

    # --- what the window calls ----------------------------------------------------------

    def set_game(self, game) -> None:
        """A new or reloaded game (undo, load, new game): whatever was thought is dropped."""
        self.cancel()
        self.game = game

    def set_player(self, side: str, level: str | None) -> None:
        """The computer plays `side` at `level`; None hands the side to a person."""
        self.cancel()
        if level is None:
            self.players.pop(side, None)
        else:
            self.players[side] = Opponent(side, level=level)

    def set_pace(self, pace: str) -> None:
        if pace not in PACES:
            raise ValueError(f"The pace is one of {', '.join(PACES)}, not {pace!r}")
        self.pace = pace
        if self._timer.isActive():
            self._timer.setInterval(max(_POLL_MS, PACES[pace]))

    def set_paused(self, paused: bool) -> None:
        """Paused, the computer finishes nothing more on screen; resumed, it goes on."""
        self.paused = paused
        if paused:
            self.cancel()
            self.idle.emit()
        else:
            self.start()

    def busy(self) -> bool:
        return self._timer.isActive()

    def cancel(self) -> None:
        """Stop thinking now; actions not yet shown are dropped (the game on screen is
        always a legal position: only whole actions are ever applied to it)."""
        self._generation += 1
        for bot in self.players.values():
            bot.cancel()
        self._queue = queue.Queue()
        self._worker = None
        self._timer.stop()

    def start(self) -> None:
        """If the game waits on a computer, let it think (in a worker) and play."""
        if self.paused or self._timer.isActive() or self.game is None or self.game.over:
            return
        bot = self._bot_to_play()
        if bot is None:
            self.idle.emit()
            return
        self._generation += 1
        generation, out = self._generation, queue.Queue()
        self._queue = out
        copy = Game.from_json(self.game.to_json())
        defender = self.players.get("allied" if bot.side == "german" else "german")
        self._worker = threading.Thread(
            target=_think,
            args=(bot, defender, copy, out, generation),
            name=f"computer-{bot.side}",
            daemon=True,
        )
        self.thinking.emit(bot.side)
        self._worker.start()
        self._timer.start(max(_POLL_MS, PACES[self.pace]))

    def shutdown(self) -> None:
        """The game closes: stop and wait briefly for the worker (it stops at its next step)."""
        worker = self._worker
        self.cancel()
        if worker is not None:
            worker.join(timeout=2.0)

    # --- inside -------------------------------------------------------------------------

    def _bot_to_play(self) -> Opponent | None:
        side = self.game.side_to_play
        if side in self.players and self.players[side].waits_on_me(self.game):
            return self.players[side]
        return None

    def _collect(self) -> None:
        """GUI thread: apply the next action the worker has found, if any."""
        try:
            generation, kind, payload = self._queue.get_nowait()
        except queue.Empty:
            return
        if generation != self._generation:
            return
        if kind == "action":
            self.game.apply(payload)
            self.acted.emit(payload)
            return
        self._timer.stop()
        self._worker = None
        if kind == "error":
            self.failed.emit(f"The computer stopped: {payload}")
            self.idle.emit()
            return
        # "done": the side may still be to play after the other one defends; look again.
        if self._bot_to_play() is not None and payload:
            QTimer.singleShot(0, self.start)
        else:
            self.idle.emit()


def _think(
    bot: Opponent, defender: Opponent | None, game, out: queue.Queue, generation: int
) -> None:
    """Worker thread: play on the copy; each applied action goes to the GUI thread. The
    defending computer's guns are placed through the same queue, so the screen sees them."""

    def defense(copy) -> None:
        if defender is not None:
            for action in defender.steps(copy):
                out.put((generation, "action", action))

    played = 0
    try:
        for action in bot.steps(game, defense=defense if defender is not None else None):
            out.put((generation, "action", action))
            played += 1
    except Exception as error:  # noqa: BLE001 — a computer bug must not take the window down
        out.put((generation, "error", str(error)))
        return
    out.put((generation, "done", played))
