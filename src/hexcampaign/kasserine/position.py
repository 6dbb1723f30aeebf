"""Questions about one position: who is where, zones of control, stacking, movement
ranges, retreat and advance paths, combat strengths.

A Position is built from the board and the state and is thrown away when the state
changes, except across a move or a placement (`moved`): the unit's old and new hex are
updated and what depends on its side's hexes is dropped, so the other side's zones of
control, the searches' costliest input, are built once a movement phase, not once an
action. It caches occupancy and zones of control for the searches.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from fractions import Fraction

from hexcampaign.kasserine.board import NO_HEX, Board
from hexcampaign.kasserine.state import GameState, UnitState, hex_count
from hexcampaign.kasserine.tables import RulesTable, rules_table
from hexcampaign.rules import IllegalAction

INFINITY = 1 << 30
_NONE: frozenset[int] = frozenset()
_BUCKETS = 64  # the most MP a search keeps one list per MP for (a movement factor is 20 at most)


def enemy_of(side: str) -> str:
    return "allied" if side == "german" else "german"


class Spots:
    """Where units of one entry zone and counter shape may be placed now (`found`, the
    (index, pair) of each spot in the zone's order), with the zone's hexes, the spots'
    hexes, and the hexes whose units changed since they were found (Position.moved):
    only those need asking again (movement.placeable)."""

    __slots__ = ("found", "zone", "taken", "changed")

    def __init__(self, found: list[tuple[int, tuple[int, int]]], zone: frozenset[int]) -> None:
        self.found = found
        self.zone = zone
        self.taken = {i for i, _at in found}
        self.changed: set[int] = set()


class Position:
    def __init__(self, board: Board, state: GameState) -> None:
        self.board = board
        self.state = state
        self.rules = rules_table()
        # Built after every action: the loop reads each unit's hex once and looks a
        # pair up as it is (a unit's hex is a pair: context.put).
        occupants: dict[int, list[UnitState]] = {}
        spot = board.spot
        for unit in state.units.values():
            at = unit.at
            if at is not None and not unit.eliminated:
                i = spot[at] if type(at) is tuple else spot[(at[0], at[1])]
                here = occupants.get(i)
                if here is None:
                    occupants[i] = [unit]
                else:
                    here.append(unit)
        self.occupants = occupants
        self._zoc: dict[str, list[list[UnitState]]] = {}
        self._exits: list[tuple[tuple[int, int], ...]] | None = None
        self._enemy_held: dict[str, set[int]] = {}
        # hex (NO_HEX: any empty one) -> (kind, size) -> the stacking rule a unit of that
        # shape joining its units breaks, or None
        self._joining: dict[int, dict[tuple[str, str], str | None]] = {}
        # unit id -> its movement.Range, kept as long as the position
        self.ranges: dict = {}
        self._ranger_exits: list[tuple[tuple[int, int], ...]] | None = None
        self.views: dict | None = None  # unit id -> UnitView, filled by Game.units()
        self.obligations: list[str] | None = None  # filled by phases.obligations()
        # What the legal actions read of units a move does not change (their kind,
        # factors, breakdown chart line), kept by name as long as the position, moves
        # carried over included: legal._breakdowns, legal._engineer_actions.
        self.lasting: dict[str, list] = {}
        self._on_map: dict[str, list[UnitState]] = {}  # side -> its units on the map (on_map)
        # side -> (the on_map list, its artillery): artillery_on_map
        self._artillery: dict[str, tuple[list[UnitState], list[UnitState]]] = {}
        # (entry zone, kind, size) -> where such a unit may be placed (movement.placeable)
        self.placeable: dict[tuple[str, str, str], Spots] = {}
        # Hexes whose bridge is down: a road into or out of them is broken.
        self.broken_roads = (
            frozenset(board.spot[(q, r)] for q, r in state.destroyed_bridges) if state.destroyed_bridges else _NONE
        )
        # unit id -> its place in state.units, made by the first move carried over
        # (moved); with it `occupants` keeps the order a fresh build would give.
        self._rank: dict[str, int] | None = None
        # True once a move changed `occupants`: its keys are then no longer in the order
        # of a fresh build (each hex at its first unit's place in state.units).
        self._reordered = False

    def moved(self, unit: UnitState, old: tuple[int, int] | None) -> bool:
        """Carry the position over `unit` having moved from `old` to `unit.at` (either
        None: off the map), nothing else of the state changed but the unit's MP, hexes
        moved, stop and the places held. False when it cannot be carried (the caller
        builds a new one then).

        Each hex's units stay in state.units order, as a fresh build lists them; the
        unit's side's zones of control and the hexes it holds are built again when asked,
        and so is everything kept from the unit's MP or from stacking (ranges, views,
        obligations, placements). The other side's zones and hexes stay: a move in a
        movement phase does not change what the searches of that phase read most."""
        spot = self.board.spot
        occupants = self.occupants
        rank = self._rank
        if rank is None:
            rank = self._rank = {uid: k for k, uid in enumerate(self.state.units)}
        if rank.get(unit.id) is None or len(rank) != len(self.state.units):
            return False
        i = j = NO_HEX
        if old is not None:
            i = spot.get((old[0], old[1]), NO_HEX)
            here = occupants.get(i)
            if here is None or not any(u is unit for u in here):
                return False  # not where the position had it
            if len(here) == 1:
                del occupants[i]
            else:
                occupants[i] = [u for u in here if u is not unit]
        at = unit.at
        if at is not None and not unit.eliminated:
            j = spot.get((at[0], at[1]), NO_HEX)
            if j == NO_HEX:
                return False
            here = occupants.get(j)
            if here is None:
                occupants[j] = [unit]
            else:
                occupants[j] = sorted([*here, unit], key=lambda u: rank[u.id])
        self._reordered = True
        self._zoc.pop(unit.side, None)
        self._enemy_held.pop(enemy_of(unit.side), None)
        self._on_map.pop(unit.side, None)
        # Stacking answers and placements hang on the units of their hexes only: those
        # of the two hexes go, the others stay (set-up asks them of every waiting unit
        # after each placement, in zones the placement did not touch).
        # (NO_HEX is no hex here: the key of the answers for an empty hex, which stay.)
        i = j if i == NO_HEX else i
        j = i if j == NO_HEX else j
        if i != NO_HEX:
            self._joining.pop(i, None)
            self._joining.pop(j, None)
        for spots in self.placeable.values():
            if i in spots.zone:
                spots.changed.add(i)
            if j in spots.zone:
                spots.changed.add(j)
        self.ranges = {}
        self.views = None
        self.obligations = None
        return True

    def marked(self) -> None:
        """Carry the position over a change of the combats, the phase and the units'
        marks (attacked, defended, supported, MP): the hexes, zones and stacking stay,
        what reads the phase, marks or MP is found again (ranges, views, obligations)."""
        self.ranges = {}
        self.views = None
        self.obligations = None

    def successor(self, state: GameState, unchanged: tuple[str, ...], same_units: bool) -> Position:
        """A fresh position of `state` after an action that changed no unit of the sides
        `unchanged` (their hexes, factors and order in state.units), nor, when
        `same_units`, which units the game has: it takes over what depends on those
        sides' units alone (their zones of control, the hexes they hold, their units on
        the map) and, with the same units, what is kept of their shapes (lasting).
        Roads are found again (a bridge may have changed)."""
        new = Position(self.board, state)
        for side in unchanged:
            zones = self._zoc.get(side)
            if zones is not None:
                new._zoc[side] = zones
            held = self._enemy_held.get(enemy_of(side))  # the hexes `side` holds
            if held is not None:
                new._enemy_held[enemy_of(side)] = held
            units = self._on_map.get(side)
            if units is not None:
                new._on_map[side] = units
        if same_units:
            new.lasting = self.lasting
        return new

    def occupied(self) -> Iterable[tuple[int, list[UnitState]]]:
        """occupants.items() in the order a fresh build gives (each hex at its first
        unit's place in state.units), for what a list's order can reach (zones of
        control name the units that must be attacked in that order)."""
        if not self._reordered:
            return self.occupants.items()
        rank = self._rank
        assert rank is not None  # set by the move that reordered
        return sorted(self.occupants.items(), key=lambda item: rank[item[1][0].id])

    # --- where units are -----------------------------------------------------------

    def index_of(self, unit: UnitState) -> int:
        at = unit.at
        if at is None:
            return NO_HEX
        # A unit's hex is a pair (context.put), looked up as it is: the rules ask this
        # of every unit in every listing.
        return self.board.spot[at] if type(at) is tuple else self.board.spot[(at[0], at[1])]

    def on_map(self, side: str) -> list[UnitState]:
        """The units of `side` on the map (on a hex, not eliminated), in state.units
        order (read-only: kept with the position; the combat rules walk them for every
        target and duty)."""
        units = self._on_map.get(side)
        if units is None:
            units = self._on_map[side] = [
                u for u in self.state.units.values() if u.side == side and u.at is not None and not u.eliminated
            ]
        return units

    def artillery_on_map(self, side: str) -> list[UnitState]:
        """The support units (artillery) of on_map(side), in its order (read-only: kept
        with that list, so dropped with it; listing the attacks asks for the guns of
        every candidate declaration)."""
        units = self.on_map(side)
        kept = self._artillery.get(side)
        if kept is None or kept[0] is not units:
            support = self.rules.support_kinds
            kept = self._artillery[side] = (units, [u for u in units if u.kind in support])
        return kept[1]

    def units_at(self, i: int, side: str | None = None) -> list[UnitState]:
        units = self.occupants.get(i, [])
        return [u for u in units if side is None or u.side == side]

    def side_at(self, i: int) -> str | None:
        units = self.occupants.get(i)
        return units[0].side if units else None

    # --- zones of control ------------------------------------------------------------

    def zoc(self, side: str) -> list[list[UnitState]]:
        """For each hex, the units of `side` whose zone of control covers it (read-only:
        the lists are shared between hexes).

        Every unit with a combat factor exerts a ZOC into its six neighbours, except up a
        cliff (rulebook: "ZOC does not extend up, but does extend down")."""
        cached = self._zoc.get(side)
        if cached is not None:
            return cached
        board = self.board
        # One shared empty list for the many hexes no ZOC reaches (read-only by contract):
        # building 800 lists a position cost more than the searches that read them.
        nobody: list[UnitState] = []
        zones: list[list[UnitState]] = [nobody] * board.size
        reach = board.zoc_reach
        for i, units in self.occupied():
            if units[0].side != side:
                continue  # a hex holds one side's units only
            exerting = [u for u in units if u.cf > 0]
            if not exerting:
                continue
            for j in reach[i]:
                zones[j] = exerting if zones[j] is nobody else zones[j] + exerting
        self._zoc[side] = zones
        return zones

    def in_enemy_zoc(self, unit: UnitState, i: int | None = None) -> bool:
        i = self.index_of(unit) if i is None else i
        return bool(self.zoc(enemy_of(unit.side))[i])

    def passes_zoc(self, unit: UnitState, sources: Iterable[UnitState]) -> bool:
        """May `unit` move through a hex in the ZOC of every one of `sources` (+2 MP)?"""
        options = self.state.options
        for source in sources:
            if unit.side == "german" and unit.nationality == "german":
                if unit.kind not in self.rules.american_infantry_zoc_passers:
                    return False
                american_infantry = source.nationality == "us" and (
                    source.kind == "infantry" or (source.kind == "rangers" and not options.rangers_zoc)
                )
                if not american_infantry:
                    return False
            elif unit.side == "allied" and options.italian_zoc:
                if not (source.nationality == "italian" and source.kind == "infantry"):
                    return False
                if not (
                    (unit.nationality == "us" and unit.kind == "armor")
                    or unit.nationality in ("british", "french")
                ):
                    return False
            else:
                return False
        return True

    def never_passes_zoc(self, unit: UnitState) -> bool:
        """passes_zoc(unit, sources) is False for every non-empty `sources`: the unit
        may pass no enemy ZOC whoever exerts it."""
        if unit.side == "german" and unit.nationality == "german":
            return unit.kind not in self.rules.american_infantry_zoc_passers
        return not (unit.side == "allied" and self.state.options.italian_zoc)

    # --- stacking ---------------------------------------------------------------------

    def stacking_error(self, i: int, arriving: list[UnitState], leaving: Iterable[str] = ()) -> str | None:
        """The stacking rule a hex would break if `arriving` joined it, or None."""
        if len(arriving) == 1 and not leaving:
            # One unit joining a stack it is not already in: the answer depends only on its
            # kind and size, and set-up and movement ask it for hundreds of hexes.
            unit = arriving[0]
            here = self.occupants.get(i, ())
            if all(other.id != unit.id for other in here):
                return self._joined(i if here else NO_HEX, here, unit)
        gone = set(leaving) | {u.id for u in arriving}
        stack = [u for u in self.occupants.get(i, []) if u.id not in gone] + list(arriving)
        return stacking_error(stack, self.rules)

    def joining_error(self, i: int, unit: UnitState) -> str | None:
        """stacking_error(i, [unit]) for a unit that is not in hex i (a move's end other
        than its own hex: a range asks it of every friendly stack it reaches)."""
        here = self.occupants.get(i, ())
        return self._joined(i if here else NO_HEX, here, unit)

    def placing_error(self, i: int, unit: UnitState) -> str | None:
        """stacking_error(i, [unit]) for a unit on no hex (one waiting to be placed) on
        the occupied hex i: kept with the same answers."""
        return self._joined(i, self.occupants[i], unit)

    def _joined(self, i: int, here: list[UnitState] | tuple[()], unit: UnitState) -> str | None:
        """_joining_error(here, unit), kept per hex i (NO_HEX for any empty hex)."""
        answers = self._joining.get(i)
        if answers is None:
            answers = self._joining[i] = {}
        key = (unit.kind, unit.size)
        error = answers.get(key, _UNKNOWN)
        if error is _UNKNOWN:
            error = answers[key] = _joining_error(here, unit, self.rules)
        return error  # type: ignore[return-value]

    # --- movement ------------------------------------------------------------------------

    def combat_cost(self, unit: UnitState) -> int:
        if unit.kind in self.rules.combat_cost_free_kinds:
            return 0
        return self.rules.combat_cost[unit.nationality]

    def step_cost(self, unit: UnitState, i: int, d: int) -> int | None:
        """MP to step from hex i in direction d, before zones of control; None if forbidden
        by the ground itself (off the map, a cliff)."""
        board = self.board
        j = board.neighbour[i][d]
        if j == NO_HEX or board.cliff[i][d]:
            return None
        if unit.kind == "rangers":
            return self.rules.ranger_hex_cost  # "five hexes regardless of the terrain"
        if board.road[i][d] and i not in self.broken_roads and j not in self.broken_roads:
            return self.rules.road_move_cost
        return board.step_cost[i][d]

    def first_hex_cost(self, unit: UnitState, i: int) -> int:
        """The MP of the first hex a unit is placed on or enters the map at."""
        if unit.kind == "rangers":
            return self.rules.ranger_hex_cost
        if self.board.on_road[i] and i not in self.broken_roads:
            return self.rules.road_move_cost  # it comes in along the road
        return self.board.entry_cost(i)

    def movement_search(
        self, unit: UnitState, starts: list[tuple[int, int]], budget: int | None = None
    ) -> tuple[dict[int, int], dict[int, int]]:
        """Cheapest MP already spent to reach each hex, with predecessors.

        `starts` are (hex, MP spent on arriving there). A hex in an enemy ZOC stops the
        unit unless every unit exerting it may be passed (+2 MP). `budget` (by default
        the movement factor) is the most MP a path may cost."""
        budget = unit.mf if budget is None else budget
        zones = self.zoc(enemy_of(unit.side))
        exits = self.ranger_exits() if unit.kind == "rangers" else self.exits()
        blocked = self.enemy_held(unit.side)
        passage = self.rules.zoc_passage_cost
        passable: dict[int, bool] = {}

        def may_pass(j: int) -> bool:
            known = passable.get(j)
            if known is None:
                known = passable[j] = self.passes_zoc(unit, zones[j])
            return known

        best: dict[int, int] = {}
        came_from: dict[int, int] = {}
        frontier: list[tuple[int, int]] = []
        origins = set()
        for i, spent in starts:
            if spent <= budget and spent < best.get(i, INFINITY):
                best[i] = spent
                heapq.heappush(frontier, (spent, i))
            origins.add(i)
        moving_from_map = unit.at is not None
        push, pop, get = heapq.heappush, heapq.heappop, best.get
        least = self.rules.ranger_hex_cost if unit.kind == "rangers" else self.board.least_step
        if least >= 1 and passage >= 0 and budget <= _BUCKETS and blocked.isdisjoint(best):
            # The heap loop below on one list of hexes per MP spent: MP are small whole
            # numbers. The heap pops the hexes of one cost in index order, and no step
            # adds to the cost being taken (a step costs at least 1), so sorting each
            # list as it is taken pops exactly as the heap does: the same search.
            # `dist` is `best` as a list for the inner loop, the hexes held by the
            # enemy at -1 so that no step improves on them (no start is one).
            # Most units may pass no enemy ZOC: the answer is known without asking, and
            # no step costs a passage (a loop of its own: a third quicker).
            # Every hex starts at budget + 1, so `total < dist[j]` alone also keeps the
            # path within the budget (one comparison a step fewer).
            never = self.never_passes_zoc(unit)
            dist = [budget + 1] * self.board.size
            for i in blocked:
                dist[i] = -1
            buckets: list[list[int]] = [[] for _ in range(budget + 1)]
            add = [bucket.append for bucket in buckets]  # add[mp](hex), bound once
            for spent, i in frontier:
                add[spent](i)
                dist[i] = best[i]
            if never:
                for spent in range(budget + 1):
                    bucket = buckets[spent]
                    if not bucket:
                        continue
                    bucket.sort()
                    for i in bucket:
                        if spent > dist[i]:
                            continue
                        if zones[i] and not (moving_from_map and i in origins):
                            continue  # entering an enemy ZOC ends movement; starting in one does not
                        for j, cost in exits[i]:
                            total = spent + cost
                            if total < dist[j]:
                                dist[j] = best[j] = total
                                came_from[j] = i
                                add[total](j)
                return best, came_from
            for spent in range(budget + 1):
                bucket = buckets[spent]
                if not bucket:
                    continue
                bucket.sort()
                for i in bucket:
                    if spent > dist[i]:
                        continue
                    if zones[i] and not may_pass(i) and not (moving_from_map and i in origins):
                        continue  # entering an enemy ZOC ends movement; starting in one does not
                    for j, cost in exits[i]:
                        total = spent + cost + (passage if zones[j] and may_pass(j) else 0)
                        if total < dist[j]:
                            dist[j] = best[j] = total
                            came_from[j] = i
                            add[total](j)
            return best, came_from
        while frontier:
            spent, i = pop(frontier)
            if spent > best[i]:
                continue
            if zones[i] and not may_pass(i) and not (moving_from_map and i in origins):
                continue  # entering an enemy ZOC ends movement; starting in one does not
            for j, cost in exits[i]:
                if j in blocked:
                    continue
                if zones[j] and may_pass(j):
                    cost += passage
                total = spent + cost
                if total <= budget and total < get(j, INFINITY):
                    best[j] = total
                    came_from[j] = i
                    push(frontier, (total, j))
        return best, came_from

    def exits(self) -> list[tuple[tuple[int, int], ...]]:
        """Per hex, (neighbour, MP) of every step the ground allows, roads over destroyed
        bridges costing the ground's price (a road is broken where its bridge is down)."""
        if self._exits is None:
            board, broken = self.board, self.broken_roads
            self._exits = board.exits_with_broken_roads(broken) if broken else board.exits
        return self._exits

    def ranger_exits(self) -> list[tuple[tuple[int, int], ...]]:
        """Rangers move "five hexes regardless of the terrain": every step the same MP."""
        if self._ranger_exits is None:
            self._ranger_exits = self.board.ranger_exits(self.broken_roads, self.rules.ranger_hex_cost)
        return self._ranger_exits

    def enemy_held(self, side: str) -> set[int]:
        """Hexes holding units of the other side: no unit of `side` may enter them."""
        held = self._enemy_held.get(side)
        if held is None:
            enemy = enemy_of(side)
            held = self._enemy_held[side] = {
                i for i, units in self.occupants.items() if units[0].side == enemy
            }
        return held

    def path_cost(self, unit: UnitState, start: int, path: list[int], mode: str) -> tuple[int, str | None]:
        """Walk a path hex by hex: (MP spent, the refusal sentence or None).

        mode "move" stops at enemy ZOC unless passable; "retreat" refuses any enemy ZOC;
        "advance" stops at enemy ZOC and applies the advance terrain limit."""
        board = self.board
        enemy = enemy_of(unit.side)
        zones = self.zoc(enemy)
        spent = 0
        here = start
        seen = {start}
        options = self.state.options
        occupants = self.occupants
        for step, j in enumerate(path):
            if j == NO_HEX:
                return spent, "Map: the path leaves the map"
            if here == NO_HEX:
                return spent, "Movement: a path must go from hex to adjacent hex"
            around = board.neighbour[here]
            if j not in around:
                return spent, "Movement: a path must go from hex to adjacent hex"
            if j in seen and mode != "move":
                return spent, "Retreat: a path may not double back on itself"
            seen.add(j)
            d = around.index(j)  # board.direction(here, j)
            if board.cliff[here][d]:
                return spent, "Cliff: no movement across a cliff hexside"
            there = occupants.get(j)  # (side_at(j), inlined: every hex of every move)
            if there and there[0].side == enemy and not (mode == "advance" and step == 0):
                return spent, "Movement: a unit may not enter a hex occupied by the enemy"
            cost = self.step_cost(unit, here, d)
            assert cost is not None
            if mode == "advance" and options.advance_terrain_limit and cost > unit.mf:
                return spent, (
                    "Advance after combat: a unit may never advance through terrain that costs "
                    "more MP than its movement factor"
                )
            last = step == len(path) - 1
            if zones[j]:
                if mode == "retreat":
                    return spent, (
                        "Retreat: a unit may not retreat into or through an enemy zone of "
                        "control (friendly units do not cancel it)"
                    )
                if self.passes_zoc(unit, zones[j]):
                    cost += self.rules.zoc_passage_cost
                elif not last:
                    who = "Advance after combat" if mode == "advance" else "Zone of control"
                    return spent, f"{who}: a unit entering an enemy zone of control must stop"
            spent += cost
            here = j
        return spent, None

    def retreat_paths(self, unit: UnitState, hexes: int) -> list[list[int]]:
        """Every legal retreat of `hexes` hexes: each hex one farther from the battle, no
        enemy ZOC, no cliff, no enemy, no more MP than the movement factor, stacking kept."""
        start = self.index_of(unit)
        board = self.board
        origin = board.hexes[start]
        found: list[list[int]] = []
        # Looked up once, not at every step of the walk (the retreats are listed after
        # every action while a retreat waits).
        enemy = enemy_of(unit.side)
        zones = self.zoc(enemy)

        def extend(path: list[int], here: int) -> None:
            if len(path) == hexes:
                if self.retreat_error(unit, path, origin_index=start) is None:
                    found.append(list(path))
                return
            for d, j in enumerate(board.neighbour[here]):  # (d: board.direction(here, j))
                if j == NO_HEX or j in path:
                    continue
                if board.hexes[j].distance(origin) != len(path) + 1:
                    continue
                if board.cliff[here][d] or zones[j]:
                    continue
                if self.side_at(j) == enemy:
                    continue
                path.append(j)
                extend(path, j)
                path.pop()

        extend([], start)
        return found

    def retreat_error(self, unit: UnitState, path: list[int], hexes: int | None = None, origin_index: int | None = None) -> str | None:
        start = self.index_of(unit) if origin_index is None else origin_index
        if hexes is not None and len(path) != hexes:
            return f"Retreat: the result calls for a retreat of exactly {hex_count(hexes)}"
        origin = self.board.hexes[start]
        for k, j in enumerate(path):
            if j == NO_HEX:
                return "Map: a retreat may not leave the map"
            if self.board.hexes[j].distance(origin) != k + 1:
                return "Retreat: each hex of a retreat must be farther from the battle"
        spent, error = self.path_cost(unit, start, path, "retreat")
        if error:
            return error
        if spent > unit.mf:
            return (
                f"Retreat/blocking terrain: this retreat costs {spent} MP, more than the "
                f"movement factor {unit.mf}"
            )
        error = self.stacking_error(path[-1], [unit])
        if error:
            return error
        return None

    # --- combat strengths ---------------------------------------------------------------

    def attack_modifier(self, attacker_hex: int, target: int) -> tuple[Fraction, list[str]]:
        """The multiplier terrain puts on an attacking unit's factor, and why."""
        board = self.board
        factor = Fraction(1)
        why: list[str] = []
        if board.height[attacker_hex] < board.height[target]:
            factor /= 2
            why.append("×½ attacking up to higher ground")
        if board.river[attacker_hex]:
            factor /= 2
            why.append("×½ attacking from a river hex")
        if target in board.neighbour[attacker_hex]:
            d = board.direction(attacker_hex, target)
            if board.cliff_up[attacker_hex][d]:
                factor /= 4
                why.append("×¼ attacking up a cliff")
        if factor < Fraction(1, 4):
            factor = Fraction(1, 4)
            why.append("never below ¼ of the factor")
        return factor, why

    def defense_basic(self, defenders: list[UnitState]) -> int:
        """The defenders' basic factors: artillery alone defends with 1."""
        return sum(
            u.cf if u.kind not in self.rules.support_kinds else self.rules.lone_artillery_defense
            for u in defenders
        )


# (the kinds and sizes of a hex's units, the kind and size of one joining them) -> the
# stacking rule broken, for the rules in _joins_rules: the answer depends on nothing
# else, and set-up and movement ask it of the same few stacks in every position.
_joins: dict[tuple[tuple[tuple[str, str], ...], str, str], str | None] = {}
_joins_rules: list[RulesTable] = []


def _joining_error(here: list[UnitState] | tuple[()], unit: UnitState, rules: RulesTable) -> str | None:
    """stacking_error([*here, unit], rules), remembered by the stack's shape."""
    if not _joins_rules or _joins_rules[0] is not rules:
        _joins.clear()
        _joins_rules[:] = [rules]
    key = (tuple([(u.kind, u.size) for u in here]), unit.kind, unit.size)
    error = _joins.get(key, _UNKNOWN)
    if error is _UNKNOWN:
        error = _joins[key] = stacking_error([*here, unit], rules)
    return error  # type: ignore[return-value]


_UNKNOWN = object()


def stacking_error(stack: list[UnitState], rules: RulesTable) -> str | None:
    limits = rules.stacking
    if len(stack) > limits.max_units:
        return f"Stacking: never more than {limits.max_units} units in a hex"
    if len(stack) == 1:  # most hexes: only the strength limit can apply to a lone unit
        unit = stack[0]
        if unit.kind in limits.free_kinds or limits.strength[unit.size] <= limits.max_strength:
            return None
    combat = [u for u in stack if u.kind not in limits.free_kinds]
    big = [u for u in combat if u.size in limits.alone_sizes]
    if big and len(combat) > 1:
        return f"Stacking: a {big[0].size} stacks with no other combat unit"
    strength = sum(limits.strength[u.size] for u in combat)
    if strength > limits.max_strength:
        return (
            "Stacking: combat units may stack only up to a regiment or brigade "
            "(three battalions; a detachment is half a battalion)"
        )
    return None


def refuse(sentence: str, rule: str | None = None) -> IllegalAction:
    return IllegalAction(sentence, rule or sentence.split(":")[0])
