"""The map as the computer player reads it: what each hex costs to enter, how high it is,
and how far (in movement points, roads included) every hex is from each place.

Built once per map from the map's public questions and the rules table; distances ignore
units and zones of control (they are the lie of the land, not this turn's route).
"""

from __future__ import annotations

import heapq
from collections import OrderedDict
from typing import TYPE_CHECKING

from hexcampaign.hexes import Hex

if TYPE_CHECKING:
    from hexcampaign.kasserine.game import Game
    from hexcampaign.maps.model import Place

KEPT_GROUNDS = 4  # maps whose ground is kept: the scenario's and a few custom ones
_kept: OrderedDict[int, tuple[object, Ground]] = OrderedDict()


def ground_of(game: Game) -> Ground:
    """The ground of the game's map, built on first use and kept for the map's life."""
    hexmap = game.map
    entry = _kept.get(id(hexmap))
    if entry is not None and entry[0] is hexmap:
        _kept.move_to_end(id(hexmap))
        return entry[1]
    ground = Ground(game)
    _kept[id(hexmap)] = (hexmap, ground)
    while len(_kept) > KEPT_GROUNDS:
        _kept.popitem(last=False)
    return ground


class Ground:
    """Costs, heights, cities and distance fields of one map."""

    def __init__(self, game: Game) -> None:
        hexmap = game.map
        rules = game.rules
        self.hexes: list[Hex] = list(hexmap.hexes())
        on_map = set(self.hexes)
        rivers = set(hexmap.rivers())
        self.enter: dict[Hex, int] = {}
        self.height: dict[Hex, int] = {}
        self.river: dict[Hex, bool] = {}
        for h in self.hexes:
            rule = rules.terrain.get(hexmap.terrain(h))
            cost = rule.move_cost if rule is not None else 2
            if h in rivers:
                cost = max(cost, rules.river_move_cost)
            self.enter[h] = cost
            self.height[h] = rule.height if rule is not None else 0
            self.river[h] = h in rivers
        self.roads: dict[Hex, set[Hex]] = {h: set() for h in self.hexes}
        for a, b in hexmap.roads():
            if a in on_map and b in on_map:
                self.roads[a].add(b)
                self.roads[b].add(a)
        cliffs = hexmap.cliffs()
        self.cliff_up: set[tuple[Hex, Hex]] = set()  # (lower, upper): attacking up a cliff
        blocked: set[tuple[Hex, Hex]] = set()
        for side, upper in cliffs.items():
            a, b = side.hexes()
            lower = b if upper == a else a
            self.cliff_up.add((lower, upper))
            blocked.add((a, b))
            blocked.add((b, a))
        self.neighbours: dict[Hex, list[Hex]] = {
            h: [n for n in h.neighbors() if n in on_map and (h, n) not in blocked] for h in self.hexes
        }
        self.places: dict[Hex, Place] = {p.hex: p for p in hexmap.places() if p.hex in on_map}
        self.city = {p.hex for p in hexmap.places() if p.kind in ("city", "capital")}
        self.road_cost = rules.road_move_cost
        self._fields: dict[Hex, dict[Hex, int]] = {}

    def step(self, a: Hex, b: Hex) -> int:
        """MP to step from a to b (adjacent, no cliff between)."""
        return self.road_cost if b in self.roads[a] else self.enter[b]

    def distance_to(self, target: Hex) -> dict[Hex, int]:
        """MP from every hex to `target` along the cheapest ground (roads at road cost)."""
        field = self._fields.get(target)
        if field is not None:
            return field
        field = {target: 0}
        queue = [(0, target.q, target.r, target)]
        while queue:
            cost, _, _, here = heapq.heappop(queue)
            if cost > field.get(here, 1 << 30):
                continue
            for n in self.neighbours[here]:
                c = cost + self.step(n, here)
                if c < field.get(n, 1 << 30):
                    field[n] = c
                    heapq.heappush(queue, (c, n.q, n.r, n))
        self._fields[target] = field
        return field

    def far(self, target: Hex, h: Hex | None) -> int:
        """MP from h to target; hexes cut off count as very far."""
        if h is None:
            return 999
        return self.distance_to(target).get(h, 999)

    def attack_factor(self, attacker_hex: Hex, target: Hex) -> float:
        """The terrain multiplier on an attacking unit's factor (the rulebook's halvings)."""
        factor = 1.0
        if self.height.get(attacker_hex, 0) < self.height.get(target, 0):
            factor /= 2
        if self.river.get(attacker_hex, False):
            factor /= 2
        if (attacker_hex, target) in self.cliff_up:
            factor /= 4
        return max(factor, 0.25)
