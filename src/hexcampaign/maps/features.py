"""The sparse features of a map (roads and rivers as lines, bridges, cliffs, places,
labels, elevations) indexed by hex for painting: a frame looks up only the hexes it shows.

Qt-free, so any painter or a headless script can share it; the canvas keeps one per
scene and forgets a part when an edit changes it (a ChangeSet's flags).
"""

from __future__ import annotations

from collections.abc import Iterable

from hexcampaign.hexes import Hex, HexSide, Layout
from hexcampaign.maps.changes import Change
from hexcampaign.maps.lines import Line, joined_hexes
from hexcampaign.maps.model import HexMap, MapLabel, Place


class MapFeatures:
    """The sparse features of a map indexed by hex, so a frame looks up only the hexes
    it shows instead of walking every road of the map. The canvas keeps one per scene
    and forgets a part when an edit changes it; a one-off render builds a fresh one."""

    def __init__(self, hexmap: HexMap) -> None:
        self.map = hexmap
        self._roads: dict[Hex, list[Hex]] | None = None
        self._rivers: set[Hex] | None = None
        self._lines: dict[str, tuple[tuple[Line, ...], dict[Hex, list[int]]]] = {}
        self._river_joined: dict[Hex, set[Hex]] | None = None
        self._bridges: set[Hex] | None = None
        self._cliffs: dict[Hex, list[tuple[HexSide, Hex]]] | None = None
        self._places: list[tuple[float, float, Place]] | None = None
        self._places_layout: Layout | None = None
        self._labels: list[MapLabel] | None = None
        self._elevations: dict[Hex, int] | None = None
        self._lowest: int | None = None

    def forget(self, flags: Change = Change.ALL, hexes: Iterable[Hex] = ()) -> None:
        """Drop what `flags` changed (elevations of just `hexes` when given)."""
        if flags & (Change.ELEVATION | Change.GRID):
            self._lowest = None
        if flags & Change.GRID:
            self._elevations = None
        elif flags & Change.ELEVATION and self._elevations is not None:
            elevations = self._elevations
            touched = list(hexes)
            if not touched:
                self._elevations = None
            for h in touched:
                level = self.map.elevation(h) if self.map.contains(h) else 0
                if level:
                    elevations[h] = level
                else:
                    elevations.pop(h, None)
        if flags & (Change.ROAD | Change.GRID):
            self._roads = None
        if flags & (Change.RIVER | Change.BRIDGE | Change.ROAD | Change.GRID):
            self._rivers = None
            self._bridges = None
            self._lines = {}
            self._river_joined = None
        if flags & (Change.CLIFF | Change.GRID):
            self._cliffs = None
        if flags & (Change.PLACE | Change.GRID):
            self._places = None
        if flags & (Change.LABEL | Change.GRID):
            self._labels = None

    def elevations(self) -> dict[Hex, int]:
        """The hexes whose elevation is not 0."""
        if self._elevations is None:
            self._elevations = self.map.elevations()
        return self._elevations

    def lowest_level(self) -> int:
        """The lowest elevation on the map (0 when nothing lies below sea level)."""
        elevations = self.elevations()
        if self._lowest is None:
            self._lowest = min(0, min(elevations.values(), default=0))
        return self._lowest

    def roads(self) -> dict[Hex, list[Hex]]:
        if self._roads is None:
            roads: dict[Hex, list[Hex]] = {}
            for a, b in self.map.roads():
                roads.setdefault(a, []).append(b)
                roads.setdefault(b, []).append(a)
            self._roads = roads
        return self._roads

    def rivers(self) -> set[Hex]:
        if self._rivers is None:
            self._rivers = self.map.rivers()
        return self._rivers

    def lines_near(self, kind: str, hexes: Iterable[Hex]) -> list[Line]:
        """The lines of `kind` (rivers or roads) through any of `hexes`, in the order
        drawn: a painter draws each whole, as its own path."""
        if kind not in self._lines:
            lines = self.map.lines(kind)
            at: dict[Hex, list[int]] = {}
            for i, line in enumerate(lines):
                for h in line.touched():  # a hexside river: the hexes on both its banks
                    at.setdefault(h, []).append(i)
            self._lines[kind] = (lines, at)
        lines, at = self._lines[kind]
        if not at:
            return []
        found: set[int] = set()
        for h in hexes:
            found.update(at.get(h, ()))
        return [lines[i] for i in sorted(found)]

    def river_joined(self) -> dict[Hex, set[Hex]]:
        """River hex -> the river hexes a river line joins it to."""
        if self._river_joined is None:
            self._river_joined = joined_hexes(self.map.lines("river"))
        return self._river_joined

    def bridges(self) -> set[Hex]:
        if self._bridges is None:
            self._bridges = self.map.bridges()
        return self._bridges

    def cliffs(self) -> dict[Hex, list[tuple[HexSide, Hex]]]:
        """Both hexes of a cliff -> (hexside, top hex)."""
        if self._cliffs is None:
            cliffs: dict[Hex, list[tuple[HexSide, Hex]]] = {}
            for side, top in self.map.cliffs().items():
                for h in side.hexes():
                    cliffs.setdefault(h, []).append((side, top))
            self._cliffs = cliffs
        return self._cliffs

    def places(self, layout: Layout) -> list[tuple[float, float, Place]]:
        """Every place with its centre in `layout`."""
        if self._places is None or self._places_layout != layout:
            self._places = [(*layout.center(pl.hex), pl) for pl in self.map.places()]
            self._places_layout = layout
        return self._places

    def labels(self) -> list[MapLabel]:
        if self._labels is None:
            self._labels = self.map.labels()
        return self._labels
