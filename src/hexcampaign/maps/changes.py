"""What an edit changed: flags plus the hexes touched (Tiled's ChangeEvent).

Layers repaint only the touched region; docks refresh only on the flags they watch.
A ChangeSet with flags and no hexes means "anywhere": a listener refreshes all it
shows of those kinds (`everything()` is that for every kind; a flood fill over much of
the map announces its terrain so rather than as tens of thousands of hexes).
"""

from __future__ import annotations

from dataclasses import dataclass, field
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


@dataclass
class ChangeSet:
    flags: Change = Change.NONE
    hexes: set[Hex] = field(default_factory=set)

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
