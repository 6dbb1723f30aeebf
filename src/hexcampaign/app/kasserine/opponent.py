"""The computer players of a Kasserine game in the window: each thinks in a worker thread
on a copy of the game and hands its actions, one at a time, to the GUI thread, which
applies them to the game on screen at the chosen pace with the dice faces the copy rolled
(Game.apply_recorded), so both stay identical even with dice from the operating system's
entropy. The window never waits on the computer: pause, cancel and restart are immediate.

Who defends an attack of the computer: another computer answers on the worker's copy;
a person is asked in the window (the worker stops with "defend", and the computer goes
on, from a fresh copy, once the window says the defence is settled)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from hexcampaign.app.i18n import QT_TRANSLATE_NOOP
from hexcampaign.app.kasserine.worker import BackgroundThinker, Say
from hexcampaign.kasserine import Game, crt
from hexcampaign.kasserine.ai import Opponent

# Milliseconds between two actions shown on the board: a person can follow "slow".
PACES = {"fastest": 0, "fast": 150, "normal": 600, "slow": 1500}
# Shown translated (context "GameMenu"); the keys are what settings and saves keep.
PACE_WORDS = {
    "fastest": QT_TRANSLATE_NOOP("GameMenu", "as fast as it can"),
    "fast": QT_TRANSLATE_NOOP("GameMenu", "fast"),
    "normal": QT_TRANSLATE_NOOP("GameMenu", "normal"),
    "slow": QT_TRANSLATE_NOOP("GameMenu", "slow"),
}
LEVEL_WORDS = {"easy": "easy", "normal": "normal", "hard": "hard"}
_POLL_MS = 8  # how often the GUI looks for actions while a computer is thinking
_SHOWN = "shown"  # a move whose path was drawn a tick ago: now its counter goes
_SHOWN_FIRST = ("move", "move_stack", "retreat", "advance")  # a move's path is drawn before the counter goes


class ComputerPlayers(QObject):
    """Who the computer plays, and the driver that lets it play them on `game`."""

    acted = Signal(object)  # an action applied to the game on screen
    showing = Signal(object)  # a move about to be applied: the window draws its path
    thinking = Signal(str)  # the side the computer is thinking for
    idle = Signal()  # the game waits on a person (or is over, or paused)
    failed = Signal(str)  # one sentence: the computer stopped on an error
    defended = Signal(object)  # combat ids whose defensive artillery a computer gave
    defence_wanted = Signal(object)  # combat ids a person defends before the computer rolls

    def __init__(
        self,
        game,
        players: dict[str, Opponent] | None = None,
        pace: str = "normal",
        parent: QObject | None = None,
        apply: Callable | None = None,
        defended: Callable[[], set[int]] | None = None,
    ) -> None:
        super().__init__(parent)
        self.game = game
        self.players: dict[str, Opponent] = dict(players or {})
        self.pace = pace
        self.paused = False
        # How an action reaches the game on screen (the window's session records it).
        self._apply = apply or (lambda action: self.game.apply_recorded(action))
        # The attacks whose defence is settled (the window's record; by default ours).
        self._own_defended: set[int] = set()
        self._defended = defended or (lambda: self._own_defended)
        self._running: dict[str, Opponent] = {}  # this run's bots (fresh each run)
        self._side: str | None = None
        self._worker = BackgroundThinker(self._receive, "computer", self)
        self.defended.connect(lambda ids: self._own_defended.update(ids))

    # --- what the window calls ----------------------------------------------------------

    def set_game(self, game) -> None:
        """A new or reloaded game (undo, load, new game): whatever was thought is dropped,
        and the computer's own random choices start again from the game's seed."""
        self.cancel()
        self.game = game
        self._own_defended = set()
        self.players = {s: Opponent(s, bot.level, seed=self._seed(s)) for s, bot in self.players.items()}

    def set_player(self, side: str, level: str | None) -> None:
        """The computer plays `side` at `level`; None hands the side to a person."""
        self.cancel()
        if level is None:
            self.players.pop(side, None)
        else:
            self.players[side] = Opponent(side, level=level, seed=self._seed(side))

    def _seed(self, side: str) -> int | None:
        """The seed of a side's random choices (only "easy" makes any): derived from the
        game's seed as benchmarks/bench_ai.py derives it, so a seeded game plays in the
        window as in the benchmark; an entropy game's computer draws from entropy too."""
        seed = getattr(getattr(self.game, "state", None), "seed", None)
        return None if seed is None else seed + (0 if side == "german" else 1000)

    def levels(self) -> dict[str, str]:
        """{side: level} of the sides the computer plays."""
        return {side: bot.level for side, bot in self.players.items()}

    def plays(self, side: str | None) -> bool:
        return side is not None and side in self.players

    def set_pace(self, pace: str) -> None:
        if pace not in PACES:
            raise ValueError(f"The pace is one of {', '.join(PACES)}, not {pace!r}")
        self.pace = pace
        self._worker.set_interval(max(_POLL_MS, PACES[pace]))

    def set_paused(self, paused: bool) -> None:
        """Paused, the computer finishes nothing more on screen; resumed, it goes on."""
        self.paused = paused
        if paused:
            self.cancel()
            self.idle.emit()
        else:
            self.start()

    def defence_settled(self, combat_ids) -> None:
        """A person has allocated (or declined) defensive artillery for these attacks:
        the computer goes on (without a window, the driver keeps this record itself)."""
        self._own_defended.update(combat_ids)
        QTimer.singleShot(0, self.start)

    def running_sides(self) -> list[str]:
        """The side whose worker is playing now (empty when none is)."""
        return [self._side] if self._worker.busy() and self._side else []

    def busy(self) -> bool:
        return self._worker.busy()

    def cancel(self) -> None:
        """Stop thinking now; actions not yet shown are dropped (the game on screen is
        always a legal position: only whole actions are ever applied to it)."""
        for bot in self._running.values():
            bot.cancel()
        self._running = {}
        self._worker.cancel()

    def waiting_side(self) -> str | None:
        """The computer side the game waits on now (its phase, its decision, or its guns
        to fire in defence), or None: a person acts, or the game is over."""
        if self.game is None or self.game.over:
            return None
        side = self.game.side_to_play
        if side in self.players:
            return side
        defender = "allied" if self.game.state.side == "german" else "german"
        if defender in self.players and self._owed(defender, self.game):
            return defender
        return None

    def waits_for_dice(self) -> bool:
        """With dice rolled by hand: the computer's next step is a roll that the players
        throw and enter (its attack, every defence settled, or its D ELIM advance die).
        It has nothing to think until then."""
        g = self.game
        if g is None or g.over or g.state.options.dice != "hand":
            return False
        side = g.side_to_play
        if side not in self.players:
            return False
        decision = g.pending()
        if decision is not None:
            return decision.kind == "advance_roll"
        if not g.state.phase.endswith("combat"):
            return False
        open_ = [c for c in g.combats() if not c.resolved]
        if not open_ or crt.automatic_result(open_[0].odds) is not None:
            return False  # at 1:6 and >8:1 no die is thrown: the computer applies it
        return {c.id for c in open_} <= set(self._defended())

    def start(self) -> None:
        """If the game waits on a computer, let it think (in a worker) and play."""
        if self.paused or self._worker.busy() or self.game is None or self.game.over:
            return
        side = self.waiting_side()
        if side is None or self.waits_for_dice():
            self.idle.emit()
            return
        copy = Game.from_json(self.game.to_json())
        done = set(self._defended())
        bots = {s: bot.fresh() for s, bot in self.players.items()}
        for bot in bots.values():
            bot.remember_defended(copy, done)
        self._running = bots
        bot = bots[side]
        self._side = side
        other = "allied" if side == "german" else "german"
        self.thinking.emit(side)
        self._worker.name = f"computer-{side}"
        self._worker.think(
            _think, bot, bots.get(other), copy, frozenset(done),
            interval_ms=max(_POLL_MS, PACES[self.pace]),
        )  # fmt: skip

    def shutdown(self) -> None:
        """The game closes: stop and wait briefly for the worker (it stops at its next step)."""
        for bot in self._running.values():
            bot.cancel()
        self._running = {}
        self._worker.shutdown(timeout=2.0)

    # --- inside -------------------------------------------------------------------------

    def _owed(self, side: str, game) -> list[int]:
        """Attacks on `side`, declared and not rolled, whose defence is not settled."""
        if game.pending() is not None or not game.state.phase.endswith("combat"):
            return []
        if game.state.side == side:
            return []
        done = self._defended()
        return [
            c.id
            for c in game.combats()
            if not c.resolved and c.id not in done and c.defending_side == side
        ]  # fmt: skip

    def _receive(self, kind: str, payload) -> None:
        """GUI thread: one message of the worker (an action found, a defence given, or
        the end of its run), at the pace's tick."""
        if kind == _SHOWN:
            self._put_on_screen(payload)
            return
        if kind == "action":
            if getattr(payload, "kind", "") in _SHOWN_FIRST and PACES[self.pace] > 0:
                self.showing.emit(payload)  # the path now, the counter at the next tick
                self._worker.deliver_next(_SHOWN, payload)
                return
            self._put_on_screen(payload)
            return
        if kind == "defended":
            self.defended.emit(list(payload))
            return
        self._worker.finish()
        self._running = {}
        if kind == "error":
            self.failed.emit(f"The computer stopped: {payload}")
            self.idle.emit()
            return
        if kind == "defend":
            if set(payload) <= set(self._defended()):
                # The person answered while the worker was still on its way here.
                QTimer.singleShot(0, self.start)
                return
            self.defence_wanted.emit(list(payload))
            self.idle.emit()
            return
        # "done": the side may still be to play after the other one defends; look again.
        if payload and self.waiting_side() is not None:
            QTimer.singleShot(0, self.start)
        else:
            self.idle.emit()

    def _put_on_screen(self, action) -> None:
        try:
            self._apply(action)
        except Exception as error:  # noqa: BLE001 — the screen refused: stop, keep the game
            self.cancel()
            self.failed.emit(f"The computer stopped: {error}")
            self.idle.emit()
            return
        self.acted.emit(action)


class _PersonDefends(Exception):
    """The computer's attacks wait for a person's defensive artillery."""

    def __init__(self, combats: list[int]) -> None:
        super().__init__("a person allocates defensive artillery")
        self.combats = combats


def _think(
    say: Say,
    bot: Opponent,
    defender: Opponent | None,
    game,
    settled: frozenset[int],
) -> None:
    """Worker thread: play on the copy; each applied action goes to the GUI thread. The
    defending computer's guns are placed through the same queue, so the screen sees them;
    a person's defence stops the worker until the window has it. An error is said by the
    driver (worker.py): a computer bug must not take the window down."""

    def open_on_defender(copy) -> list[int]:
        return [
            c.id
            for c in copy.combats()
            if not c.resolved and c.defending_side != bot.side
        ]

    def defense(copy) -> None:
        owed = [cid for cid in open_on_defender(copy) if cid not in settled]
        if not owed:
            return
        if defender is None:
            raise _PersonDefends(owed)
        for action in defender.steps(copy):
            say("action", action)
        say("defended", owed)

    played = 0
    try:
        if bot.owed_defense(game) and game.side_to_play != bot.side:
            owed = bot.owed_defense(game)  # a person attacked this computer: its guns
            for action in bot.steps(game):
                say("action", action)
                played += 1
            say("defended", owed)
            say("done", played + 1)
            return
        for action in bot.steps(game, defense=defense):
            say("action", action)
            played += 1
    except _PersonDefends as wait:
        say("defend", wait.combats)
        return
    say("done", played)
