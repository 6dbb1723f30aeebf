"""Seeded dice whose every outcome is recorded, so a replay reads rolls, never re-rolls."""

from __future__ import annotations

import random


class Dice:
    """A six-sided die source owned by one game.

    `rolls` is the record of every die face produced, in order. A replay constructs the
    Dice with `replay=` those faces; it then hands them back in order and raises if the
    game asks for more than were recorded (that would mean the replay diverged).
    """

    def __init__(self, seed: int, replay: list[int] | None = None) -> None:
        self.seed = seed
        self._random = random.Random(seed)
        self._replay = list(replay) if replay is not None else None
        self.rolls: list[int] = []

    def die(self) -> int:
        if self._replay is not None:
            if len(self.rolls) >= len(self._replay):
                raise RuntimeError("replay asked for a die roll that was never recorded")
            face = self._replay[len(self.rolls)]
        else:
            face = self._random.randint(1, 6)
        self.rolls.append(face)
        return face

    def two_dice(self) -> int:
        return self.die() + self.die()

    def state(self) -> dict:
        """What a save needs to continue rolling exactly as this object would."""
        return {"seed": self.seed, "rolls": list(self.rolls)}

    @classmethod
    def restore(cls, state: dict) -> Dice:
        """Recreate dice that continue the same sequence after the recorded rolls."""
        dice = cls(int(state["seed"]))
        for _ in state.get("rolls", []):
            dice._random.randint(1, 6)
        dice.rolls = [int(x) for x in state.get("rolls", [])]
        return dice
