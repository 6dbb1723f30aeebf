"""Stepping through recorded actions on a copy of a game: what a player watches of the
opponent's turn received by e-mail, one action at a time, before playing on.

The steps are the engine's own recorded actions, applied with the dice they recorded
(`Game.apply_recorded`), so every position shown is one the rules reached; the game the
actions came from is never touched.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hexcampaign.kasserine.game import Game
from hexcampaign.rules.changes import PlayChanges


class Replay:
    """Recorded `actions` played forward from a copy of `start`."""

    def __init__(self, start: Game, actions: Sequence[Any]) -> None:
        self._start = start.copy()
        self.position = start.copy()  # the game as it stands after `index` steps
        self._actions = list(actions)
        self.index = 0
        self.lines: list[str] = []  # the log lines of the step shown last

    @property
    def total(self) -> int:
        return len(self._actions)

    @property
    def at_end(self) -> bool:
        return self.index >= len(self._actions)

    def step(self) -> PlayChanges:
        """Play the next action; its change record (its log lines and what it moved)."""
        if self.at_end:
            return PlayChanges()
        changes = self.position.apply_recorded(self._actions[self.index])
        self.index += 1
        self.lines = list(changes)
        return changes

    def back(self) -> PlayChanges:
        """One action back: the position is replayed afresh from the start (the engine's
        undo may be locked past a roll; a replay never is)."""
        return self.jump(self.index - 1)

    def jump(self, index: int) -> PlayChanges:
        """Stand after `index` actions (clamped to the steps there are)."""
        index = max(0, min(index, len(self._actions)))
        self.position = self._start.copy()
        self.lines = []
        self.index = 0
        while self.index < index:
            self.step()
        return PlayChanges.everything()


__all__ = ["Replay"]
