"""The dice of both rulesets: one mechanism, every face recorded, a replay reads them.

- A game between people rolls from the operating system's entropy (seed None): each
  face is drawn at the moment of the roll, so nothing in a save tells the next one.
- A seed is for tests, tools and a referee's reproducible game. Its faces are the
  `randint(1, 6)` draws of `random.Random(seed)`, the very faces every earlier version of
  the program rolled for that seed, so a seeded game saved by one rolls on identically
  in the next. Face i of a seed is drawn once and kept, shared by every Dice of that seed
  (a reload, an undo, a computer player's copy of the game): the next roll costs the same
  at the 10th roll as at the 10,000th, and restoring dice at any point costs nothing.
- Every face is appended to `rolls`. A replay hands back the faces on record
  (`replay=`), and `feed` hands back the faces another copy of the game rolled for one
  action; neither draws anything.
"""

from __future__ import annotations

import random
import secrets
import threading
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, TypedDict


class DiceState(TypedDict):
    """What a save or a snapshot keeps of dice: the seed (None: entropy) and the faces."""

    seed: int | None
    rolls: list[int]


class Dice:
    """A six-sided die source owned by one game, with the record of its faces.

    `rolls` is every face produced, in order. `replay`, when given, is the faces a replay
    hands back by their place in that record; asking beyond them raises (the replay
    diverged). The seeded face a roll draws is the one at the roll's place in the record,
    so restoring dice is only restoring the record.
    """

    def __init__(
        self,
        seed: int | None = None,
        rolls: Iterable[int] = (),
        replay: Sequence[int] | None = None,
    ) -> None:
        self.seed = seed
        self.rolls: list[int] = list(map(int, rolls))
        self._replay = list(replay) if replay is not None else None
        self._fed: deque[int] = deque()  # faces another copy of the game rolled

    @classmethod
    def recording_into(cls, rolls: list[int], seed: int | None) -> Dice:
        """Dice whose record is `rolls` itself (a list a game's state keeps and saves)."""
        dice = cls(seed)
        dice.rolls = rolls
        return dice

    def die(self) -> int:
        if self._fed:
            face = self._fed.popleft()
        elif self._replay is not None:
            if len(self.rolls) >= len(self._replay):
                raise RuntimeError("replay asked for a die roll that was never recorded")
            face = self._replay[len(self.rolls)]
        elif self.seed is not None:
            face = _seeded_faces(self.seed).face(len(self.rolls))
        else:
            face = secrets.randbelow(6) + 1
        self.rolls.append(face)
        return face

    def two_dice(self) -> int:
        return self.die() + self.die()

    def feed(self, faces: Iterable[int]) -> None:
        """The next rolls hand back `faces` (recorded where the action was first applied)."""
        self._fed = deque(faces)

    def settle(self) -> None:
        """After a fed action: the faces it did not use go. Seeded dice then continue after
        every face rolled so far, as a reload would."""
        self._fed.clear()

    def state(self) -> DiceState:
        """What a save needs to continue rolling exactly as this object would."""
        return {"seed": self.seed, "rolls": list(self.rolls)}

    @classmethod
    def restore(cls, state: Mapping[str, Any]) -> Dice:
        """Dice that continue after the recorded rolls (a seed of None: from entropy)."""
        seed = state.get("seed")
        return cls(None if seed is None else int(seed), state.get("rolls", ()))


class _SeededFaces:
    """The faces of one seed, drawn on first demand and kept. A lock keeps the order of
    draws when two threads (the window and a computer player) extend it at once."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)
        self._faces: list[int] = []
        self._lock = threading.Lock()

    def face(self, index: int) -> int:
        faces = self._faces
        if index >= len(faces):
            with self._lock:
                while len(faces) <= index:
                    faces.append(self._random.randint(1, 6))
        return faces[index]


@lru_cache(maxsize=64)
def _seeded_faces(seed: int) -> _SeededFaces:
    return _SeededFaces(seed)
