"""Stepping through recorded actions on a copy of a game: what a player watches of the
opponent's turn received by e-mail, one action at a time, before playing on; and the
replay viewer's whole game, forwards and backwards, by turn and phase, by side or unit.

The steps are the engine's own recorded actions, applied with the dice they recorded
(`Game.apply_recorded`), so every position shown is one the rules reached; the game the
actions came from is never touched.

`survey()` plays the actions once, on a copy of its own, and keeps what each step was:
when and by whom it was taken, the units it named or touched, the log lines it wrote and
the dice it rolled (`Step`). Going back replays from the nearest position kept on the
way (one every CHECKPOINT_EVERY steps), not from the start.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hexcampaign.kasserine.game import Game
from hexcampaign.kasserine.phases import PHASE_WORDS
from hexcampaign.kasserine.saves import GameFormatError, replay_problem
from hexcampaign.kasserine.state import AdvanceRoll, Resolve
from hexcampaign.rules.changes import PlayChanges

# Positions kept on the way: going back from step 900 replays at most this many steps.
CHECKPOINT_EVERY = 25

# The action fields that name units (MoveUnit.unit, MoveStack.units, DeclareAttack's …).
UNIT_FIELDS = ("unit", "units", "attackers", "defenders", "artillery")


@dataclass(frozen=True)
class Step:
    """One recorded action as the viewer tells it."""

    number: int  # 1 for the first action: the position after it is step 1
    turn: int  # when it was taken (the turn and phase before it was applied)
    phase: str
    date: str  # "Feb 14"
    side: str  # the side that took it ("german" or "allied")
    kind: str  # the action's kind ("move", "resolve", "end_phase", …)
    units: frozenset[str]  # the units it named, or that its combat or result touched
    lines: tuple[str, ...]  # the log lines it wrote, with their date and phase
    faces: tuple[int, ...]  # the dice the program rolled for it
    hand_roll: int | None  # the roll the players entered, rolled with real dice
    rolled: int = 0  # of a resolve's faces, how many are the combat roll (the rest: advance)

    @property
    def when(self) -> str:
        """ "Feb 14, German movement" """
        return f"{self.date}, {PHASE_WORDS.get(self.phase, self.phase)}"

    @property
    def combat_faces(self) -> tuple[int, ...]:
        """The dice of the combat roll; a resolve's other faces are the advance die of a
        D ELIM (none for an automatic result)."""
        return self.faces[: self.rolled] if self.kind == "resolve" else self.faces

    @property
    def dice(self) -> str:
        """The dice in words: "4 and 3 (7)", "a 5", "4 and 3 (7), then a 5 for the
        advance" (a D ELIM rolls the advance die at once), "7 (rolled by hand)", or ""."""
        if self.faces:
            first = self.combat_faces
            rest = self.faces[len(first) :]
            words = " and ".join(str(f) for f in first)
            if len(first) == 1:
                words = f"a {words}"
            elif first:
                words += f" ({sum(first)})"
            if rest:
                more = " and ".join(str(f) for f in rest)
                more = f"{'a ' if len(rest) == 1 else ''}{more} for the advance"
                words = f"{words}, then {more}" if words else f"no roll needed; {more}"
            return words
        if self.hand_roll is not None:
            return f"{self.hand_roll} (rolled by hand)"
        return ""


@dataclass(frozen=True)
class StepFilter:
    """Which steps to stop at: one side's, one unit's, or (both None) every step."""

    side: str | None = None
    unit: str | None = None

    def admits(self, step: Step) -> bool:
        if self.side is not None and step.side != self.side:
            return False
        return self.unit is None or self.unit in step.units


EVERY_STEP = StepFilter()


class Replay:
    """Recorded `actions` played forward from a copy of `start`."""

    def __init__(self, start: Game, actions: Sequence[Any]) -> None:
        self._start = start.copy()
        self.position = start.copy()  # the game as it stands after `index` steps
        self._actions = list(actions)
        self.index = 0
        self.lines: list[str] = []  # the log lines of the step shown last
        self._steps: list[Step] | None = None  # made by survey()
        self._names: dict[str, tuple[str, str]] = {}  # unit -> (side, label), by survey()
        self._kept: dict[int, Game] = {}  # positions after so many steps (checkpoints)

    @property
    def total(self) -> int:
        return len(self._actions)

    @property
    def at_end(self) -> bool:
        return self.index >= len(self._actions)

    @property
    def start(self) -> Game:
        """A copy of the position the replay starts from."""
        return self._start.copy()

    @property
    def actions(self) -> list[Any]:
        return list(self._actions)

    def step(self) -> PlayChanges:
        """Play the next action; its change record (its log lines and what it moved)."""
        if self.at_end:
            return PlayChanges()
        changes = self.position.apply_recorded(self._actions[self.index])
        self.index += 1
        self.lines = list(changes)
        if self.index % CHECKPOINT_EVERY == 0 and self.index not in self._kept:
            self._kept[self.index] = self.position.copy()
        return changes

    def back(self) -> PlayChanges:
        """One action back: the position is replayed afresh from the last position kept
        (the engine's undo may be locked past a roll; a replay never is)."""
        return self.jump(self.index - 1)

    def jump(self, index: int) -> PlayChanges:
        """Stand after `index` actions (clamped to the steps there are)."""
        index = max(0, min(index, len(self._actions)))
        if index == self.index:
            return PlayChanges.everything()
        kept = max((k for k in self._kept if k <= index), default=0)
        if not self.index <= index or kept > self.index:
            # Behind us, or a kept position is nearer than where we stand.
            self.position = self._kept[kept].copy() if kept else self._start.copy()
            self.index = kept
            self.lines = []
        while self.index < index:
            self.step()
        if index and self._steps is not None:
            self.lines = [line.split(": ", 1)[-1] for line in self._steps[index - 1].lines]
        return PlayChanges.everything()

    # --- the viewer's index of the steps --------------------------------------------------

    def survey(self) -> list[Step]:
        """Every step, told (made once: the actions are played on a copy of their own).
        A log that does not replay raises GameFormatError with the sentence a damaged
        save gets."""
        if self._steps is not None:
            return self._steps
        game = self._start.copy()
        steps: list[Step] = []
        for number, action in enumerate(self._actions, start=1):
            turn, phase, date = game.turn, game.phase, game.date()
            side = game.side_to_play
            named = _named_units(game, action)
            before = len(game.log())
            try:
                changes = game.apply_recorded(action)
            except Exception as error:  # noqa: BLE001 — a hostile log may fail anywhere
                raise replay_problem(error) from None
            applied = game.actions()[-1]  # with the faces this replay rolled
            hand, rolled = None, 0
            if isinstance(action, Resolve):
                hand = action.roll
                rolled = _combat_roll_faces(game, action.combat, applied.faces or [])
            elif isinstance(action, AdvanceRoll):
                hand = action.die
            steps.append(
                Step(
                    number=number,
                    turn=turn,
                    phase=phase,
                    date=date,
                    side=side,
                    kind=str(action.kind),
                    units=frozenset(named | changes.units),
                    lines=tuple(game.log()[before:]),
                    faces=tuple(applied.faces or ()),
                    hand_roll=hand if not applied.faces else None,
                    rolled=rolled,
                )
            )
            if number % CHECKPOINT_EVERY == 0:
                self._kept.setdefault(number, game.copy())
        self._names = {
            uid: (u.side, game.label(uid)) for uid, u in game.state.units.items()
        }  # at the end: units broken down on the way have their names
        self._steps = steps
        return steps

    @property
    def steps(self) -> list[Step]:
        return self.survey()

    @property
    def shown(self) -> Step | None:
        """The step whose result stands on the board (None at the start)."""
        return self.steps[self.index - 1] if self.index else None

    def phases(self, only: StepFilter = EVERY_STEP) -> list[tuple[int, str, int]]:
        """(turn, phase, steps) of every phase with a step `only` admits, in order."""
        counted: dict[tuple[int, str], int] = {}
        for s in self.steps:
            if only.admits(s):
                counted[(s.turn, s.phase)] = counted.get((s.turn, s.phase), 0) + 1
        return [(turn, phase, n) for (turn, phase), n in counted.items()]

    def first_of(self, turn: int, phase: str, only: StepFilter = EVERY_STEP) -> int | None:
        """The number of the phase's first step `only` admits (None: there is none)."""
        for s in self.steps:
            if s.turn == turn and s.phase == phase and only.admits(s):
                return s.number
        return None

    def numbers(self, only: StepFilter = EVERY_STEP) -> list[int]:
        """The numbers of the steps `only` admits, in order."""
        return [s.number for s in self.steps if only.admits(s)]

    def next_of(self, only: StepFilter = EVERY_STEP) -> int | None:
        """The next step after the one shown that `only` admits (None: none is left)."""
        return next((n for n in self.numbers(only) if n > self.index), None)

    def previous_of(self, only: StepFilter = EVERY_STEP) -> int:
        """The step before the one shown that `only` admits; 0 (the start) when none."""
        return max((n for n in self.numbers(only) if n < self.index), default=0)

    def units(self) -> list[tuple[str, str, str]]:
        """(id, side, label) of every unit some step names or touches, German first,
        then by label (the viewer's unit filter)."""
        seen = {u for s in self.steps for u in s.units}
        named = [(uid, *self._names.get(uid, ("", uid))) for uid in seen]
        return sorted(named, key=lambda n: (n[1] != "german", n[2].casefold(), n[0]))


def _combat_roll_faces(game: Game, combat_id: int, faces: list[int]) -> int:
    """How many of a resolve's faces were its combat roll (as the combat recorded it)."""
    for c in game.state.combats:
        if c.id == combat_id and c.as_rolled is not None:
            return min(len(c.as_rolled.faces), len(faces))
    return min(2, len(faces))  # a save from before as_rolled: two dice, when rolled


def _named_units(game: Game, action: Any) -> set[str]:
    """The units an action names, with those of the combat it supports or resolves."""
    named: set[str] = set()
    for field in UNIT_FIELDS:
        value = getattr(action, field, None)
        if isinstance(value, str):
            named.add(value)
        elif isinstance(value, list):
            named.update(v for v in value if isinstance(v, str))
    combat_id = getattr(action, "combat", None)
    if isinstance(combat_id, int):
        for c in game.state.combats:
            if c.id == combat_id:
                named.update((*c.attackers, *c.defenders, *c.artillery, *c.defense_artillery))
    return named


__all__ = ["CHECKPOINT_EVERY", "EVERY_STEP", "GameFormatError", "Replay", "Step", "StepFilter"]
