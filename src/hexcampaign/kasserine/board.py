"""The map as the rules see it: flat arrays of terrain costs, heights and hexsides.

Precomputed once per map so movement search runs on integers and lists, not on the
map model's dictionaries (an 18-MP search on the 27×31 map must take well under 1 ms).
A board is read-only once built and keeps no object of the map it was built from, so
games on maps of the same content share one (shared_board): building it costs ~6 ms.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict

from hexcampaign.hexes import Hex
from hexcampaign.kasserine.tables import RulesTable, rules_table
from hexcampaign.maps import HexMap

NO_HEX = -1
SHARED_BOARDS = 4  # maps whose boards are kept: the scenario's and a few custom ones
_shared: OrderedDict[str, Board] = OrderedDict()


def shared_board(hexmap: HexMap, map_text: str) -> Board:
    """The board of `hexmap`, whose map document text is `map_text` (the caller's
    promise: the text the map was built from, or dumps_map of it). Boards of the last
    few map texts are kept, keyed by the text's digest, so a new scenario game or a
    loaded save of a map already seen skips the build."""
    key = hashlib.sha256(map_text.encode("utf-8")).hexdigest()
    board = _shared.get(key)
    if board is None:
        board = Board(hexmap)
        _shared[key] = board
        while len(_shared) > SHARED_BOARDS:
            _shared.popitem(last=False)
    else:
        _shared.move_to_end(key)
    return board


class Board:
    """Index i <-> Hex; neighbour[i][d] (NO_HEX off the map); per directed hexside the
    cost of stepping across it without a road, whether a road runs along it, and cliffs."""

    def __init__(self, hexmap: HexMap) -> None:
        rules = rules_table()
        self.hexes: list[Hex] = list(hexmap.hexes())
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        # The state stores hexes as (q, r) pairs: looked up by pair, so a position's set-up
        # (after every action) builds no Hex, whatever type Hex is.
        self.spot: dict[tuple[int, int], int] = {(h.q, h.r): i for i, h in enumerate(self.hexes)}
        n = len(self.hexes)
        index = self.index
        # The map is read in bulk (its roads, cliffs, rivers and places once each) rather
        # than hexside by hexside: a board is built for every game.
        rivers = {index[h] for h in hexmap.rivers() if h in index}
        bridges = {index[h] for h in hexmap.bridges() if h in index}
        places = {index[p.hex]: p for p in hexmap.places() if p.hex in index}
        self.terrain: list[str] = [hexmap.terrain(h) for h in self.hexes]
        self.height: list[int] = []
        self.ground_cost: list[int] = []
        self.river: list[bool] = [i in rivers for i in range(n)]
        self.bridge: list[bool] = [i in bridges for i in range(n)]
        self.place: list[str | None] = []
        self.city: list[int] = []  # defense multiplier of the hex (1 unless a city)
        for i, name in enumerate(self.terrain):
            rule = rules.terrain.get(name)
            palette_rule = hexmap.palette.terrains.get(name)
            if rule is not None:
                self.height.append(rule.height)
                self.ground_cost.append(rule.move_cost)
            elif palette_rule is not None:
                # Terrain another palette defines: use its own numbers when it has them.
                self.height.append(int(palette_rule.rules.get("height", 0)))
                self.ground_cost.append(int(palette_rule.rules.get("move_cost", 2)))
            else:
                self.height.append(0)
                self.ground_cost.append(rules.terrain["plain"].move_cost)
            place = places.get(i)
            self.place.append(place.name if place else None)
            self.city.append(rules.defense_multiplier.get(place.kind, 1) if place else 1)
        self.neighbour: list[tuple[int, ...]] = [
            tuple(index.get(nb, NO_HEX) for nb in h.neighbors()) for h in self.hexes
        ]
        road_sides = hexmap.roads()
        roads = {(index[a], index[b]) for a, b in road_sides if a in index and b in index}
        # What the board keeps of the map beyond its arrays: whether a road touches each
        # hex (as HexMap.on_road). No map object: a shared board must not follow one
        # game's map.
        on_road = {i for pair in roads for i in pair}
        self.on_road: list[bool] = [i in on_road for i in range(n)]
        roads |= {(j, i) for i, j in roads}
        cliff_tops: dict[tuple[int, int], int] = {}
        for side, top in hexmap.cliffs().items():
            a, b = side.hexes()
            if a in index and b in index:
                cliff_tops[(index[a], index[b])] = cliff_tops[(index[b], index[a])] = index[top]
        # Directed hexside data, [i][d].
        self.road: list[tuple[bool, ...]] = []
        self.cliff: list[tuple[bool, ...]] = []  # any cliff on the hexside
        self.cliff_up: list[tuple[bool, ...]] = []  # crossing i -> neighbour goes up the cliff
        self.step_cost: list[tuple[int, ...]] = []  # cost of entering the neighbour off-road
        for i in range(n):
            roads_here, cliffs, ups, costs = [], [], [], []
            for j in self.neighbour[i]:
                if j == NO_HEX:
                    roads_here.append(False)
                    cliffs.append(False)
                    ups.append(False)
                    costs.append(0)
                    continue
                roads_here.append((i, j) in roads)
                upper = cliff_tops.get((i, j))
                cliffs.append(upper is not None)
                ups.append(upper == j)
                costs.append(self._enter_cost(i, j, rules))
            self.road.append(tuple(roads_here))
            self.cliff.append(tuple(cliffs))
            self.cliff_up.append(tuple(ups))
            self.step_cost.append(tuple(costs))
        self.size = n
        # Per hex, the hexes a unit may step to and what the step costs with every road
        # intact: the movement search's inner loop reads only this (no cliffs, no edges).
        road_cost = rules.road_move_cost
        self.exits: list[tuple[tuple[int, int], ...]] = [
            tuple(
                (self.neighbour[i][d], road_cost if self.road[i][d] else self.step_cost[i][d])
                for d in range(6)
                if self.neighbour[i][d] != NO_HEX and not self.cliff[i][d]
            )
            for i in range(n)
        ]
        # The cheapest step there can be, whichever roads are broken (a lower bound).
        self.least_step = min(
            [road_cost, *(c for i in range(n) for d, c in enumerate(self.step_cost[i]) if self.neighbour[i][d] != NO_HEX)]
        )
        # Per hex, the neighbours its units' zone of control reaches (not up a cliff).
        self.zoc_reach: list[tuple[int, ...]] = [
            tuple(
                self.neighbour[i][d]
                for d in range(6)
                if self.neighbour[i][d] != NO_HEX and not self.cliff_up[i][d]
            )
            for i in range(n)
        ]
        self._broken_exits: dict[frozenset[int], list[tuple[tuple[int, int], ...]]] = {}
        self._ranger_exits: dict[int, list[tuple[tuple[int, int], ...]]] = {}  # by a step's MP

    def _enter_cost(self, i: int, j: int, rules: RulesTable) -> int:
        ground = self.ground_cost[j]
        if self.terrain[i] == "rugged_crest" and self.terrain[j] == "rugged_crest":
            ground = rules.rugged_crest_from_rugged_crest  # errata: crest to crest is 2 MP
        if self.river[j]:
            # "Every river costs 4 MP's regardless of how you are moving on it"; a river in
            # dearer ground keeps the dearer cost.
            return max(ground, rules.river_move_cost)
        return ground

    def hex_of(self, at: tuple[int, int]) -> Hex:
        return Hex(at[0], at[1])

    def exits_with_broken_roads(self, broken: frozenset[int]) -> list[tuple[tuple[int, int], ...]]:
        """exits, where a road into or out of a `broken` hex (its bridge destroyed) costs
        the ground's price. Only the broken hexes and their neighbours change; kept per set
        of destroyed bridges, since the same few sets recur all game."""
        known = self._broken_exits.get(broken)
        if known is not None:
            return known
        road_cost = rules_table().road_move_cost
        exits = list(self.exits)
        for i in {k for b in broken for k in (b, *self.neighbour[b]) if k != NO_HEX}:
            exits[i] = tuple(
                (
                    j,
                    road_cost
                    if self.road[i][d] and i not in broken and j not in broken
                    else self.step_cost[i][d],
                )
                for d, j in enumerate(self.neighbour[i])
                if j != NO_HEX and not self.cliff[i][d]
            )
        if len(self._broken_exits) > 64:
            self._broken_exits.clear()
        self._broken_exits[broken] = exits
        return exits

    def ranger_exits(self, broken: frozenset[int], cost: int) -> list[tuple[tuple[int, int], ...]]:
        """The steps of exits each costing `cost`: rangers move "five hexes regardless of
        the terrain". The same whichever bridges are down (`broken`): a broken road
        changes a step's price, never whether it may be taken nor the steps' order, so
        they are built once a board."""
        known = self._ranger_exits.get(cost)
        if known is None:
            known = self._ranger_exits[cost] = [tuple([(j, cost) for j, _ in steps]) for steps in self.exits]
        return known

    def entry_cost(self, i: int) -> int:
        """The cost of entering hex i from off the map or from a hex of other ground."""
        cost = self.ground_cost[i]
        return max(cost, rules_table().river_move_cost) if self.river[i] else cost

    def direction(self, i: int, j: int) -> int:
        return self.neighbour[i].index(j)
