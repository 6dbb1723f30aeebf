"""What an edit changed: flags plus the hexes touched (Tiled's ChangeEvent).

Layers repaint only the touched region; docks refresh only on the flags they watch.
A ChangeSet with flags and no hexes means "anywhere": a listener refreshes all it
shows of those kinds (`everything()` is that for every kind; a flood fill over much of
the map announces its terrain so rather than as tens of thousands of hexes).
"""

from __future__ import annotations

from enum import IntFlag

from hexcampaign.hexes import Hex


class Change(IntFlag):
    NONE = 0
    TERRAIN = 1
    ELEVATION = 2
    RIVER = 4
    BRIDGE = 8
    ROAD = 16
    CLIFF = 32
    PLACE = 64
    LABEL = 128
    META = 256  # name, author, description, hex numbering
    GRID = 512  # size or palette: everything may have changed
    NOTE = 1024  # a hex's note (text and properties)
    ALL = 2047


class ChangeSet:
    """The flags of what changed and the hexes touched. A plain class: a dataclass costs
    ~2 M instructions to make at import, before a window's first paint."""

    __slots__ = ("flags", "hexes")

    def __init__(self, flags: Change = Change.NONE, hexes: set[Hex] | None = None) -> None:
        self.flags = flags
        self.hexes: set[Hex] = set() if hexes is None else hexes

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ChangeSet):
            return NotImplemented
        return self.flags == other.flags and self.hexes == other.hexes

    __hash__ = None  # type: ignore[assignment]  # (mutable, as the dataclass was)

    def __repr__(self) -> str:
        return f"ChangeSet(flags={self.flags!r}, hexes={self.hexes!r})"

    def add(self, flags: Change, *hexes: Hex) -> None:
        self.flags |= flags
        self.hexes.update(hexes)

    def merge(self, other: ChangeSet) -> None:
        self.flags |= other.flags
        self.hexes |= other.hexes

    def __bool__(self) -> bool:
        return bool(self.flags)

    @staticmethod
    def everything() -> ChangeSet:
        return ChangeSet(Change.ALL, set())
