"""The computer opponent: plays one side of Kasserine Pass through the engine's actions.

    bot = Opponent("german", level="normal", seed=1)
    bot.play(game)      # applies this side's actions while the game waits on it
    bot.suggest(game)   # the same actions on a copy, up to the first die roll (a hint)
    for action in bot.steps(game): ...   # one action at a time, each already applied
    bot.cancel()        # from another thread: steps/play stop before the next action

The game "waits on" a side in its own phases, for the decisions a combat result owes it
(losses, retreats, advances) and, in the other side's combat phase, for the defensive
artillery of attacks declared on it. The engine does not record whether the defender has
been asked, so the bot remembers which attacks it has answered, and the attacking bot
asks the defender through `defense`, a callable given the game after the attacks are
declared and before the first is rolled (the other bot's `play`, or the window's prompt).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from hexcampaign.kasserine.ai.combat import (
    fallback_attacks,
    plan_attacks,
    plan_defense,
    useful_breakdown,
)
from hexcampaign.kasserine.ai.decisions import decide
from hexcampaign.kasserine.ai.movement import movement_steps
from hexcampaign.kasserine.ai.setup import setup_steps
from hexcampaign.kasserine.ai.situation import enemy_of, hand_dice, look, phase_of, turn_of
from hexcampaign.kasserine.state import Action, DeclareAttack, EndPhase, Resolve
from hexcampaign.kasserine.tables import crt_table
from hexcampaign.rules import IllegalAction

if TYPE_CHECKING:
    from hexcampaign.kasserine.game import Game

# Asks the defender for its guns, given the game once attacks are declared.
Defense = Callable[["Game"], object]

LEVELS = ("easy", "normal", "hard")
SIDES = ("german", "allied")
# No clock bounds the thinking: a clock made the window's game (a worker thread sharing
# the processor with the screen) play differently from the same game without a window.
# Each level's search has a fixed size instead (combat.LOOKAHEAD), so a seed plays the
# same game everywhere.
MAX_ACTIONS = 3000  # a phase never needs this many: a guard against a loop, not a limit


class Opponent:
    """A computer player for one side."""

    def __init__(self, side: str, level: str = "normal", seed: int | None = None) -> None:
        if side not in SIDES:
            raise ValueError(f"The computer plays 'german' or 'allied', not {side!r}")
        if level not in LEVELS:
            raise ValueError(f"The computer's level is one of {', '.join(LEVELS)}, not {level!r}")
        self.side = side
        self.level = level
        self.seed = seed
        self.rng = random.Random(seed)
        self._cancel = threading.Event()
        self._answered: set[tuple] = set()  # (game, turn, phase, combat) defended
        self._asked: set[tuple] = set()  # (game, turn, phase, combat) offered to the defender
        self._moved: set[tuple] = set()  # (game, turn, phase) movement planned

    # --- the contract ----------------------------------------------------------------------

    def play(self, game: Game, defense: Defense | None = None) -> list[Action]:
        """Apply this side's actions while the game waits on it; the actions applied."""
        return list(self.steps(game, defense))

    def suggest(self, game: Game) -> list[Action]:
        """The actions play() would take now, on a copy: the game is not changed. A hint
        stops after the first die roll, since what follows depends on dice not yet seen."""
        from hexcampaign.kasserine import Game

        copy = Game.from_json(game.to_json())
        shadow = Opponent(self.side, self.level, self.seed)
        shadow.rng.setstate(self.rng.getstate())
        shadow._answered = {(id(copy),) + k[1:] for k in self._answered if k[0] == id(game)}
        shadow._asked = {(id(copy),) + k[1:] for k in self._asked if k[0] == id(game)}
        shadow._moved = {(id(copy),) + k[1:] for k in self._moved if k[0] == id(game)}
        actions = []
        for action in shadow.steps(copy):
            actions.append(action)
            if action.faces or getattr(action, "kind", "") in ("resolve", "advance_roll"):
                break
        return actions

    def fresh(self) -> Opponent:
        """The same player (side, level, its random choices going on) with nothing
        remembered: for a new copy of the game, while an older worker may still be
        finishing with this one."""
        bot = Opponent(self.side, self.level, self.seed)
        bot.rng = self.rng
        return bot

    def remember_defended(self, game: Game, combat_ids: Iterable[int]) -> None:
        """These attacks of this phase have had their defensive artillery (given on
        another copy of the game, or by a person): never ask or answer them again."""
        key = (id(game), turn_of(game), phase_of(game))
        for cid in combat_ids:
            self._answered.add(key + (cid,))
            self._asked.add(key + (cid,))

    def owed_defense(self, game: Game) -> list[int]:
        """The attacks declared on this side whose defensive artillery it has not given."""
        return self._owed_defense(game)

    def cancel(self) -> None:
        """Stop at the next step (safe to call from another thread)."""
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def waits_on_me(self, game: Game) -> bool:
        """Does the game wait on this side now (its phase, its decision, its guns)?"""
        if game.over:
            return False
        if game.side_to_play == self.side:
            return True
        return bool(self._owed_defense(game))

    # --- one action at a time --------------------------------------------------------------

    def steps(self, game: Game, defense: Defense | None = None) -> Iterator[Action]:
        """Each action as it is applied. Stops when the game waits on the other side,
        when the game is over, or when cancel() is called."""
        self._cancel.clear()
        count = idle = 0
        while not game.over and not self._cancel.is_set() and count < MAX_ACTIONS:
            batch = self._next_batch(game, defense)
            if batch is None:
                return
            progressed = False
            for action in batch:
                if self._cancel.is_set():
                    return
                before = len(game.actions())
                try:
                    game.apply(action)
                except IllegalAction:
                    continue
                if len(game.actions()) > before:
                    progressed = True
                    count += 1
                    yield game.actions()[-1]
            # A batch may rightly do nothing (no unit wants to move, no gun in range);
            # the next one then ends the phase. Three idle batches in a row: nothing to do.
            idle = 0 if progressed else idle + 1
            if idle >= 3:
                return

    def _next_batch(self, game: Game, defense: Defense | None) -> Iterable[Action] | None:
        """The next actions to try (an iterable of unapplied actions), None to stop."""
        owed = self._owed_defense(game)
        if owed:
            sit = look(game, self.side)
            for cid in owed:
                self._answered.add((id(game), turn_of(game), phase_of(game), cid))
            return plan_defense(game, sit, self.level, self.rng)
        if game.side_to_play != self.side:
            return None
        pending = game.pending()
        if pending is not None:
            action = decide(game, self.side, self.level, self.rng)
            return [action] if action is not None else None
        phase = phase_of(game)
        key = (id(game), turn_of(game), phase)
        if phase == "german_setup":
            if key not in self._moved:
                self._moved.add(key)
                return setup_steps(game, self.level, self.rng)
            return [EndPhase()]
        if phase.endswith("movement"):
            if key not in self._moved:
                self._moved.add(key)
                return movement_steps(game, self.side, self.level, self.rng)
            return [EndPhase()]
        return self._combat_batch(game, defense, key)

    def _combat_batch(
        self, game: Game, defense: Defense | None, key: tuple[object, ...]
    ) -> Iterable[Action] | None:
        open_ = [c for c in game.combats() if not c.resolved]
        if open_:
            unasked = [c.id for c in open_ if key + (c.id,) not in self._asked]
            if unasked:
                for cid in unasked:
                    self._asked.add(key + (cid,))
                if defense is not None:
                    defense(game)  # the defender allocates its guns before any roll
            if hand_dice(game) and open_[0].odds not in crt_table().automatic:
                return None  # the players roll real dice and enter them: not the bot's hand
            if self.side == "german" and self.level != "easy":
                split = useful_breakdown(game, open_[0])
                if split is not None:
                    return [split]
            return [Resolve(combat=open_[0].id)]
        if not game.obligations():
            sit = look(game, self.side)
            plan = plan_attacks(game, sit, self.level, self.rng)
            fresh = [a for a in plan if not set(a.attackers) & sit.attacked]
            if fresh and key + ("planned", len(sit.attacked)) not in self._asked:
                self._asked.add(key + ("planned", len(sit.attacked)))
                return fresh
            return [EndPhase()]
        # An obligation is still open: our plan first, then the engine's declarations.
        sit = look(game, self.side)
        plan = plan_attacks(game, sit, self.level, self.rng)
        return _obliging(game, plan + fallback_attacks(game))

    def _owed_defense(self, game: Game) -> list[int]:
        """Attacks declared on us, not yet rolled, whose defensive fire we have not given."""
        phase = phase_of(game)
        if not phase.endswith("combat") or not phase.startswith(enemy_of(self.side)):
            return []
        if game.pending() is not None:
            return []
        key = (id(game), turn_of(game), phase)
        owed = []
        for c in game.combats():
            if c.resolved or key + (c.id,) in self._answered:
                continue
            if c.defenders and game.unit(c.defenders[0]).side == self.side:
                owed.append(c.id)
        return owed


def _obliging(game: Game, candidates: list[DeclareAttack]) -> Iterator[DeclareAttack]:
    """Declare attacks until the obligations are met or every candidate was tried."""
    for action in candidates:
        if not [o for o in game.obligations() if not o.startswith("Combat: attack ")]:
            return
        yield action
