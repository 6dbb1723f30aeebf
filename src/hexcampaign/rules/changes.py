"""What a game action changed: the play-side twin of ``maps.changes.ChangeSet``.

Applying an action in either ruleset returns a ``PlayChanges``: the log lines the
action wrote (it *is* that list, so callers that only want the words keep working)
plus flags saying what moved, and the units and hexes touched. Docks refresh on the
flags they watch and the canvas repaints the hexes touched, as the editor does with
``ChangeSet`` (Tiled's ChangeEvent, Anki's OpChanges).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntFlag
from typing import Self

from hexcampaign.hexes import Hex


class Play(IntFlag):
    NONE = 0
    UNITS = 1  # a unit moved, was placed, broke down, changed strength or state
    ELIMINATED = 2  # a unit left the game
    PHASE = 4  # the phase, turn or side to play changed
    DECISION = 8  # a pending decision appeared, changed or was settled
    COMBAT = 16  # a combat (or battle) was declared, supported, rolled or resolved
    HOLDINGS = 32  # who holds a place changed (VP, capitals)
    POINTS = 64  # production or victory points changed
    MAP = 128  # the board itself changed (a bridge destroyed or rebuilt)
    LOCK = 256  # new information was shown: undo cannot go back past this action
    LOG = 512  # only the log gained lines
    ALL = 1023


class PlayChanges(list[str]):
    """The log lines an action wrote, with what it changed.

    A list of str, so ``lines = g.move(...)`` keeps meaning what it always meant.
    """

    def __init__(
        self,
        lines: Iterable[str] = (),
        flags: Play = Play.NONE,
        units: Iterable[str] | None = None,
        hexes: Iterable[Hex] | None = None,
    ) -> None:
        super().__init__(lines)
        self.flags = Play(flags) | (Play.LOG if self else Play.NONE)
        self.units: set[str] = set(units or ())
        self.hexes: set[Hex] = set(hexes or ())

    def add(self, flags: Play, units: Iterable[str] = (), hexes: Iterable[Hex] = ()) -> None:
        self.flags |= flags
        self.units.update(units)
        self.hexes.update(hexes)

    def merge(self, other: PlayChanges) -> None:
        self.extend(other)
        self.flags |= other.flags
        self.units |= other.units
        self.hexes |= other.hexes

    def __repr__(self) -> str:
        return f"PlayChanges({list.__repr__(self)}, flags={self.flags!r})"

    @classmethod
    def everything(cls) -> Self:
        """For a new or loaded game, and undo: redraw it all."""
        return cls(flags=Play.ALL)
