"""The small event values the canvas feeds to editor tools (so tests drive tools
without a view). Plain data, no Qt."""

from __future__ import annotations

from typing import NamedTuple

from hexcampaign.hexes import Hex, HexSide


class ToolEvent(NamedTuple):
    """One pointer event, as a tool sees it. A NamedTuple, as Hex is: a frozen dataclass
    costs ~4 M instructions to make at import, before a window's first paint."""

    x: float  # scene pixels
    y: float
    hex: Hex  # the hex under the pointer (may be off the map: check document.map.contains)
    side: HexSide  # the nearest hexside
    button: str = "left"  # "left" | "right" | "middle" | "none"
    modifiers: frozenset[str] = frozenset()  # "shift", "ctrl", "alt"

    @property
    def shift(self) -> bool:
        return "shift" in self.modifiers

    @property
    def ctrl(self) -> bool:
        return "ctrl" in self.modifiers

    @property
    def alt(self) -> bool:
        return "alt" in self.modifiers
