"""Movement: German set-up placement, reinforcements entering, moves of one unit or of a
stack along one path, movement ranges (reachable hexes and their cheapest paths), and
why a hex is out of reach, in the player's words.

Changes recorded: a placement or a move sets UNITS with the unit and the hexes it left
and reached (HOLDINGS, POINTS when it passed through a place of the other side).
"""

from __future__ import annotations

from collections.abc import Iterator

from hexcampaign.hexes import Hex
from hexcampaign.kasserine.board import NO_HEX
from hexcampaign.kasserine.context import GameContext
from hexcampaign.kasserine.position import INFINITY, Position, Spots, enemy_of, refuse
from hexcampaign.kasserine.state import Axial, MoveStack, MoveUnit, PlaceUnit, UnitState
from hexcampaign.rules import IllegalAction


class Range:
    """One unit's movement range in one position: its legal end hexes (-> MP spent in
    total) and the search tree that gives the cheapest path to each."""

    __slots__ = ("unit_id", "on_map", "came_from", "starts", "direct", "ends")

    def __init__(
        self,
        unit: UnitState,
        came_from: dict[int, int],
        starts: set[int],
        direct: dict[int, list[int]],
        ends: dict[int, int],
    ) -> None:
        self.unit_id = unit.id
        self.on_map = unit.at is not None
        self.came_from: dict[int, int] = came_from
        self.starts: set[int] = starts
        self.direct: dict[int, list[int]] = direct  # one-hex-and-fight steps
        self.ends: dict[int, int] = ends

    def route(self, i: int) -> list[int]:
        """The cheapest path to end hex i (an on-map unit's start hex excluded)."""
        if i in self.direct:
            return self.direct[i]
        path = [i]
        here = i
        while here not in self.starts:
            here = self.came_from[here]
            path.append(here)
        path.reverse()
        return path[1:] if self.on_map else path

    def routes(self, hexes: list[Hex]) -> dict[int, tuple[Hex, ...]]:
        """route(i) as hexes for every end hex at once, each path built from its
        predecessor's (listing every move walks each search tree once, not once per end)."""
        came_from = self.came_from
        paths: dict[int, tuple[Hex, ...]] = {i: () if self.on_map else (hexes[i],) for i in self.starts}
        for end in self.ends:
            if end in self.direct:
                continue
            chain = []
            here = end
            while here not in paths:
                chain.append(here)
                here = came_from[here]
            path = paths[here]
            for i in reversed(chain):
                path = paths[i] = path + (hexes[i],)
        found = {i: paths[i] for i in self.ends if i not in self.direct}
        found.update({i: tuple(hexes[j] for j in steps) for i, steps in self.direct.items()})
        return found


# --- questions --------------------------------------------------------------------------


def movement_error(ctx: GameContext, u: UnitState) -> str | None:
    """Why the unit may not move at all now, or None."""
    state = ctx.state
    if not state.phase.endswith("movement") or u.side != state.side:
        side = "German" if u.side == "german" else "Allied"
        return f"Sequence of movement: {side} units move only in the {side} movement phase"
    if state.pending:
        return "Combat: a result is waiting"
    if u.eliminated:
        return f"Units: {ctx.label(u)} has been eliminated"
    # A German unit crowded out of set-up (no arrival date) enters on its entry zone
    # like a reinforcement; every other unit off the map waits for its date.
    crowded_out = u.arrives is None and u.side == "german"
    if u.at is None and not crowded_out:
        if u.arrives is None or u.arrives.turn > state.turn:
            return f"Reinforcements: {ctx.label(u)} has not arrived yet"
    if u.kind == "artillery" and u.support == 0 and u.mf == 0:
        return f"Movement: {ctx.label(u)} cannot move"
    if ctx.engaged(u.id):
        return (
            f"Engaged: {ctx.label(u)} is engaged and may not move"
            + (" (German Panzer and Panzer Grenadier units may break off for 2 MP)" if u.side == "german" else "")
        )
    if u.stopped:
        return f"Zone of control: {ctx.label(u)} entered an enemy zone of control and must stop"
    return None


def unit_range(ctx: GameContext, u: UnitState) -> Range:
    """The unit's range in the current position (kept with the position, which is dropped
    at every change of state: it spares a second search when path_to follows reachable)."""
    pos = ctx.position
    known = pos.ranges.get(u.id)
    if known is None:
        known = pos.ranges[u.id] = _search_range(ctx, u, pos)
    return known


def end_refusal(ctx: GameContext, u: UnitState, i: int) -> str:
    """Why the unit cannot end its move in hex i, in a sentence naming both."""
    error = movement_error(ctx, u)
    if error:
        return error
    where = ctx.hexname(ctx.board.hexes[i]) if i != NO_HEX else "that hex"
    head = f"Movement: {ctx.label(u)} cannot end its move in {where}"
    if i == NO_HEX:
        return head + ": it is off the map"
    pos = ctx.position
    if pos.side_at(i) == enemy_of(u.side):
        return head + ": enemy units hold it"
    if i == pos.index_of(u):
        return head + ": it is already there"
    error = pos.stacking_error(i, [u])
    if error:
        return f"{head} — {error}"
    starts = starts_of(ctx, u)
    if not starts:
        return head + f": it enters the map at {arrival_point(u)} and an enemy unit holds it"
    best, _ = pos.movement_search(u, starts, budget=INFINITY)
    left = u.mf - u.mp_spent
    zones = pos.zoc(enemy_of(u.side))
    if i not in best:
        return head + (
            ": no path leads there — enemy units, their zones of control (a unit entering "
            "one must stop), cliffs or the map edge are in the way"
        )
    cost = best[i] - u.mp_spent
    if best[i] > u.mf:
        return head + f": the cheapest path costs {cost} MP and it has {left} MP left"
    if zones[i]:
        return head + (
            f": it is in an enemy zone of control and {ctx.label(u)} needs "
            f"{reserve(ctx, u)} MP left to fight there (the path costs {cost} of its {left} MP)"
        )
    return head


def entry_hexes(ctx: GameContext, u: UnitState) -> list[Hex]:
    """Where a German unit may be placed in set-up: its entry zone; Italians within 2
    hexes of the east edge."""
    if u.entry and u.entry in ctx.entry_zones:
        return list(ctx.entry_zones[u.entry])
    columns = ctx.rules.italian_zone_columns if u.nationality == "italian" else 1
    edge = ctx.east_edges.get(columns)
    if edge is None:  # the whole map is scanned once per width, not once per question
        edge = ctx.east_edges[columns] = [
            h for h in ctx.board.hexes if ctx.map.offset(h)[0] >= ctx.map.cols - columns
        ]
    return list(edge)


def entry_spots(ctx: GameContext, u: UnitState) -> list[tuple[int, Hex]]:
    """entry_hexes() on the map as (index, hex), kept per zone: set-up lists them for
    every waiting unit after every placement."""
    key = u.entry if u.entry and u.entry in ctx.entry_zones else u.nationality
    spots = ctx.entry_spots.get(key)
    if spots is None:
        index = ctx.board.index
        spots = ctx.entry_spots[key] = [(index[h], h) for h in entry_hexes(ctx, u) if h in index]
    return spots


def must_place(ctx: GameContext, u: UnitState) -> bool:
    return u.side == "german" and u.at is None and not u.eliminated and u.arrives is None and ctx.state.turn == 1


def placement_candidates(ctx: GameContext, u: UnitState) -> Iterator[int]:
    """Where the unit could be placed now (none when its zone is full: it then enters
    on its entry zone by movement, the first hex counting as movement)."""
    for i, _at in placeable(ctx, u):
        yield i


def placeable(ctx: GameContext, u: UnitState) -> list[tuple[int, Axial]]:
    """The entry spots (index, axial pair) a unit waiting to be placed may be placed on
    now: not held by the Allies, stacking kept. Kept with the position per entry zone
    and counter shape: the answer depends on nothing else of the unit (it is on no hex
    yet), and set-up asks it for every waiting unit after every placement. After a
    placement only its hex is asked again, and the same list comes back when its answer
    did not change."""
    pos = ctx.position
    entry = u.entry
    zone = entry if entry and entry in ctx.entry_zones else u.nationality
    key = (zone, u.kind, u.size)
    kept = pos.placeable.get(key) if u.at is None else None  # a unit on the map: its own stack
    if kept is not None:
        if not kept.changed:
            return kept.found
        empty_refused = pos.stacking_error(NO_HEX, [u]) is not None
        if all(_may_place(pos, i, u, empty_refused) == (i in kept.taken) for i in kept.changed):
            kept.changed.clear()
            return kept.found
    pairs = ctx.entry_pairs.get(zone)
    if pairs is None:  # as entry_spots, with the hexes as the pairs actions hold
        pairs = ctx.entry_pairs[zone] = [(i, (h.q, h.r)) for i, h in entry_spots(ctx, u)]
    occupants = pos.occupants
    if pos.stacking_error(NO_HEX, [u]):  # the same for every empty hex
        found = [s for s in pairs if s[0] in occupants and _may_join(pos, s[0], u)]
    else:
        found = [s for s in pairs if s[0] not in occupants or _may_join(pos, s[0], u)]
    if u.at is None:
        # With the zone's hexes: a move elsewhere keeps the answer (Position.moved).
        hexes = ctx.entry_sets.get(zone)
        if hexes is None:
            hexes = ctx.entry_sets[zone] = frozenset(i for i, _at in pairs)
        pos.placeable[key] = Spots(found, hexes)
    return found


def _may_place(pos: Position, i: int, u: UnitState, empty_refused: bool) -> bool:
    """Is hex i one of placeable()'s spots for the unit (one waiting to be placed)?"""
    if i not in pos.occupants:
        return not empty_refused
    return _may_join(pos, i, u)


def _may_join(pos: Position, i: int, u: UnitState) -> bool:
    """May the unit be placed on the occupied hex i (German units, stacking kept)?"""
    if pos.occupants[i][0].side == "allied":
        return False
    return not (pos.placing_error(i, u) if u.at is None else pos.stacking_error(i, [u]))


def reserve(ctx: GameContext, u: UnitState) -> int:
    """MP a unit must keep to end a move in an enemy ZOC: the cost of combat. Artillery
    does not fight there; it pays the cost only when it supports an attack."""
    if u.kind in ctx.rules.support_kinds:
        return 0
    return ctx.position.combat_cost(u)


def arrival_point(u: UnitState) -> str:
    return u.arrives.place if u.arrives is not None else f"its entry zone ({u.entry or 'east edge'})"


def starts_of(ctx: GameContext, u: UnitState) -> list[tuple[int, int]]:
    """(hex, MP spent on arriving there) a move of the unit may start from."""
    pos = ctx.position
    if u.at is not None:
        return [(pos.index_of(u), u.mp_spent)]
    starts = []
    if u.arrives is None:
        hexes = entry_hexes(ctx, u)
    else:
        hexes = ctx.arrival_points.get(u.arrives.place, []) or _place_hexes(ctx, u.arrives.place)
    zones = pos.zoc(enemy_of(u.side))
    for h in hexes:
        i = ctx.board.index.get(h, NO_HEX)
        if i != NO_HEX and pos.side_at(i) != enemy_of(u.side):
            cost = pos.first_hex_cost(u, i)
            if zones[i] and pos.passes_zoc(u, zones[i]):
                cost += ctx.rules.zoc_passage_cost
            starts.append((i, cost))
    return starts


# --- actions ------------------------------------------------------------------------------


def place(ctx: GameContext, action: PlaceUnit) -> list[str]:
    if ctx.state.phase != "german_setup":
        raise refuse("German initial placement: units are placed only in the German set-up phase")
    u = ctx.unit(action.unit)
    if not must_place(ctx, u):
        raise refuse(f"German initial placement: {ctx.label(u)} is not waiting to be placed")
    i = ctx.index(action.hex)
    if ctx.board.hexes[i] not in entry_hexes(ctx, u):
        where = "within 2 hexes of the east edge" if u.nationality == "italian" else "on its entry zone"
        raise refuse(f"German initial placement: {ctx.label(u)} must be placed {where}")
    pos = ctx.position
    if pos.side_at(i) == "allied":
        raise refuse(
            f"German initial placement: {ctx.hexname(action.hex)} is held by the enemy (Allied units)"
        )
    error = pos.stacking_error(i, [u])
    if error:
        raise refuse(f"{error} ({ctx.label(u)} cannot be placed in {ctx.hexname(action.hex)})", "Stacking")
    u.placed_cost = pos.first_hex_cost(u, i) if ctx.state.options.german_initial_placement else 0
    ctx.put(u, action.hex)
    ctx.pass_through(u, [i])
    return [f"{ctx.label(u)} placed at {ctx.hexname(action.hex)}"]


def move(ctx: GameContext, action: MoveUnit) -> list[str]:
    u = ctx.unit(action.unit)
    path = [ctx.index(at) for at in action.path]
    plan = _plan_move(ctx, u, path)
    error = ctx.position.stacking_error(path[-1], [u])
    if error:
        raise refuse(f"{error} ({ctx.label(u)} cannot end its move in {ctx.hexname(action.path[-1])})", "Stacking")
    return [_carry_out(ctx, u, path, action.path, plan)]


def move_stack(ctx: GameContext, action: MoveStack) -> list[str]:
    """Several units of one hex move together along one path: all of them, or none
    (the refusal names the first that may not)."""
    ids = list(dict.fromkeys(action.units))
    if len(ids) != len(action.units) or not ids:
        raise refuse("Movement: name each unit of the stack once")
    units = [ctx.unit(uid) for uid in ids]
    if len({tuple(u.at) if u.at is not None else None for u in units}) != 1 or units[0].at is None:
        raise refuse("Movement: the units that move together must start in one hex on the map")
    path = [ctx.index(at) for at in action.path]
    plans = []
    for u in units:
        try:
            plans.append(_plan_move(ctx, u, path))
        except IllegalAction as refusal:
            raise refuse(f"{refusal} — so the stack cannot move together", refusal.rule) from None
    error = ctx.position.stacking_error(path[-1], units)
    if error:
        raise refuse(f"{error} (the stack cannot end its move in {ctx.hexname(action.path[-1])})", "Stacking")
    return [_carry_out(ctx, u, path, action.path, plan) for u, plan in zip(units, plans, strict=True)]


# --- helpers ------------------------------------------------------------------------------


def _plan_move(ctx: GameContext, u: UnitState, path: list[int]) -> tuple[int, int, bool]:
    """Check a move of `u` along `path` by every movement rule but stacking at its end:
    (MP the path costs, MP spent in total, whether it ends in an enemy ZOC it may not
    pass); a refusal names the unit and says why."""
    error = movement_error(ctx, u)
    if error:
        raise refuse(error)
    if not path:
        raise refuse("Movement: a move needs at least one hex")
    pos = ctx.position
    zones = pos.zoc(enemy_of(u.side))
    if u.at is None:
        starts = dict(starts_of(ctx, u))
        if path[0] not in starts:
            raise refuse(
                f"Reinforcements: {ctx.label(u)} enters the map at {arrival_point(u)}"
                + (" (an enemy unit holds the arrival point)" if not starts else "")
            )
        first_zone = zones[path[0]]
        spent, error = pos.path_cost(u, path[0], path[1:], "move")
        if len(path) > 1 and first_zone and not pos.passes_zoc(u, first_zone):
            error = "Zone of control: a unit entering an enemy zone of control must stop"
        spent += starts[path[0]]
    else:
        spent, error = pos.path_cost(u, pos.index_of(u), path, "move")
    if error:
        raise refuse(f"{error} ({ctx.label(u)})", error.split(":")[0])
    total = u.mp_spent + spent
    end = path[-1]
    one_hex = u.hexes_moved == 0 and len(path) == 1 and bool(zones[end])
    if total > u.mf and not one_hex:
        raise refuse(
            f"Movement: this move costs {spent} MP and {ctx.label(u)} has {u.mf - u.mp_spent} MP left"
        )
    if zones[end] and total + reserve(ctx, u) > u.mf and not one_hex:
        raise refuse(
            f"Cost of combat: {ctx.label(u)} needs {reserve(ctx, u)} MP left to fight "
            f"and may not enter an enemy zone of control at {ctx.hexname(ctx.board.hexes[end])} without them"
        )
    return spent, total, bool(zones[end]) and not pos.passes_zoc(u, zones[end])


def _carry_out(ctx: GameContext, u: UnitState, path: list[int], axial: list, plan: tuple[int, int, bool]) -> str:
    spent, total, stops = plan
    start = ctx.hexname(u.at) if u.at is not None else f"off the map ({arrival_point(u)})"
    ctx.put(u, axial[-1])
    u.mp_spent = total
    u.hexes_moved += len(path)
    if stops:
        u.stopped = True
    ctx.pass_through(u, path)
    return (
        f"{ctx.label(u)} moved from {start} to {ctx.hexname(axial[-1])} "
        f"({spent} MP, {u.mf - u.mp_spent} left)"
    )


def _place_hexes(ctx: GameContext, name: str) -> list[Hex]:
    for p in ctx.map.places():
        if p.name == name:
            return [p.hex]
    return []


def _search_range(ctx: GameContext, u: UnitState, pos: Position) -> Range:
    if movement_error(ctx, u) is not None:
        return Range(u, {}, set(), {}, {})
    starts = starts_of(ctx, u)
    if not starts:
        return Range(u, {}, set(), {}, {})
    best, came_from = pos.movement_search(u, starts)
    origin = pos.index_of(u)
    zones = pos.zoc(enemy_of(u.side))
    limit = u.mf - reserve(ctx, u)
    occupants = pos.occupants
    ends: dict[int, int] = {}
    direct: dict[int, list[int]] = {}
    # pos.joining_error(i, u) for an occupied hex i, one call fewer: a range asks it of
    # every friendly stack it reaches. The unit's own hex (the origin of a unit on the
    # map) is occupied, by the unit: it is never an end.
    joined = pos.placing_error
    for i, spent in best.items():
        if zones[i] and spent > limit:
            continue  # no MP left to fight; the one-hex rule below may still allow it
        if i in occupants and (i == origin or joined(i, u)):
            continue
        ends[i] = spent
    if u.hexes_moved == 0:
        # "In any case, you can always move one hex and fight."
        for i, first_cost in _one_hex_steps(ctx, u, starts):
            if i in ends or not zones[i] or pos.joining_error(i, u):  # (never its own hex)
                continue
            ends[i] = u.mp_spent + first_cost
            direct[i] = [i]
    return Range(u, came_from, {i for i, _ in starts}, direct, ends)


def _one_hex_steps(ctx: GameContext, u: UnitState, starts: list[tuple[int, int]]) -> list[tuple[int, int]]:
    pos = ctx.position
    if u.at is None:
        return [(i, cost - u.mp_spent) for i, cost in starts]
    origin = pos.index_of(u)
    steps = []
    for d in range(6):
        cost = pos.step_cost(u, origin, d)
        j = ctx.board.neighbour[origin][d]
        if cost is None or pos.side_at(j) == enemy_of(u.side):
            continue
        steps.append((j, cost))
    return steps
