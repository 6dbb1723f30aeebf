"""The small event values the canvas feeds to editor tools (so tests drive tools
without a view). Plain data, no Qt."""

from __future__ import annotations

from dataclasses import dataclass, field

from hexcampaign.hexes import Hex, HexSide


@dataclass(frozen=True)
class ToolEvent:
    x: float  # scene pixels
    y: float
    hex: Hex  # the hex under the pointer (may be off the map: check document.map.contains)
    side: HexSide  # the nearest hexside
    button: str = "left"  # "left" | "right" | "middle" | "none"
    modifiers: frozenset[str] = field(default_factory=frozenset)  # "shift", "ctrl", "alt"

    @property
    def shift(self) -> bool:
        return "shift" in self.modifiers

    @property
    def ctrl(self) -> bool:
        return "ctrl" in self.modifiers

    @property
    def alt(self) -> bool:
        return "alt" in self.modifiers
