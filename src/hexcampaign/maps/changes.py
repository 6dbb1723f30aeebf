"""What an edit changed: flags plus the hexes touched (Tiled's ChangeEvent).

Layers repaint only the touched region; docks refresh only on the flags they watch.
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
    META = 256  # name, author, description, label style
    GRID = 512  # size or palette: everything may have changed
    ALL = 1023


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
