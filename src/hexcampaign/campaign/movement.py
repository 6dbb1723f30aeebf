"""Movement: allowances, terrain and road costs, zones of control, stacking, overruns."""

from __future__ import annotations

from collections.abc import Callable

from hexcampaign.campaign.phases import PHASE_TITLES
from hexcampaign.campaign.state import FormationRecord, to_hex
from hexcampaign.campaign.supply import in_supply
from hexcampaign.campaign.tables import campaign_rules
from hexcampaign.campaign.world import World
from hexcampaign.hexes import Hex
from hexcampaign.rules import IllegalAction, cheapest_paths, path_to


def movement_allowance(c: World, f: FormationRecord) -> float:
    """Points this formation may spend now: 0 once moved, or when reinforced this turn."""
    if f.reinforced_side_turn == c.state.side_turn and f.kind != "corps":
        return 0
    allowance = campaign_rules().movement_allowance[c.effective_kind(f)]
    if c.options.supply and c.options.supply_halves_movement and not in_supply(c, f.id):
        allowance /= 2
    return allowance


def zone_of_control(c: World, side: str, without: frozenset[str] = frozenset()) -> set[Hex]:
    """Hexes next to `side`'s divisions and to its corps HQs that hold combat units."""
    return c.zone_of_control(side, without)


def step_cost(c: World, a: Hex, b: Hex) -> float:
    """Road 0.5 when moving along the road, otherwise the entered hex's terrain cost."""
    cost = c.step_costs.get((a, b))
    if cost is None:
        # The map does not change during a campaign, so a step's cost is computed once.
        cost = c.road_cost if c.map.has_road(a, b) else c.terrain_cost(b)
        c.step_costs[(a, b)] = cost
    return cost


def reachable(c: World, fid: str) -> dict[Hex, float]:
    """Every hex the formation may end its move in, with the points it costs."""
    f = c.formation_record(fid)
    if c.phase != "movement" or f.side != c.side_to_play or f.moved_in_movement:
        return {}
    costs, _ = _routes(c, f)
    start = to_hex(f.hex)
    return {h: cost for h, cost in costs.items() if h != start and _may_end(c, f, h)}


def path(c: World, fid: str, goal: Hex) -> list[Hex]:
    """The cheapest legal path to `goal` (start excluded); [] when it is out of reach."""
    f = c.formation_record(fid)
    if goal not in reachable(c, fid):
        return []
    _, route = _routes(c, f)
    return route(goal)


def move(c: World, fid: str, path: list[Hex]) -> None:
    """Move a formation along `path` (start excluded), overrunning what it may."""
    overruns = check_move(c, fid, path)
    f = c.formation_record(fid)
    for enemy in overruns:
        name = c.formation_record(enemy).name
        c.destroy_formation(enemy, f"{f.name} overruns and destroys the {c.enemy(f.side)} {name}")
    start = to_hex(f.hex)
    c.relocate(f, path[-1])
    f.moved_in_movement = True
    # The whole path is logged, so a legal detour (around a ZOC, along a road) is visible.
    via = [c.map.label(h) for h in path[:-1]]
    c.say(
        f"The {f.side} {f.name} moves from {c.map.label(start)} to {c.map.label(path[-1])}"
        + (f" via {', '.join(via)}" if via else "")
    )


def check_move(c: World, fid: str, path: list[Hex]) -> list[str]:
    """Validate a move along `path` (start excluded); the enemy formations it overruns."""
    f = c.formation_record(fid)
    if f.side != c.side_to_play:
        raise IllegalAction(f"Movement: it is {c.side_to_play}'s turn, not {f.side}'s", "Movement")
    if c.phase != "movement":
        raise IllegalAction(
            f"Movement: formations move in the movement phase, not the {PHASE_TITLES[c.phase]} phase",
            "Movement",
        )
    if f.moved_in_movement:
        raise IllegalAction(f"Movement: {f.name} has already moved this turn", "Movement")
    if f.reinforced_side_turn == c.state.side_turn and f.kind != "corps":
        raise IllegalAction(
            f"Reinforcement: {f.name} was reinforced this turn and may not move", "Reinforcement"
        )
    if not path:
        raise IllegalAction("Movement: the path is empty", "Movement")
    budget = movement_allowance(c, f)
    enemy_zoc = zone_of_control(c, c.enemy(f.side))
    here = to_hex(f.hex)
    start = here
    spent = 0.0
    overruns: list[str] = []
    for there in path:
        if not c.map.contains(there):
            raise IllegalAction(f"Movement: {there} lies off the map", "Movement")
        if not here.is_adjacent(there):
            raise IllegalAction(_why_not_there(c, f, there), "Movement")
        if here != start and here in enemy_zoc:
            raise IllegalAction(
                f"Zone of control: {f.name} entered an enemy zone of control at "
                f"{c.map.label(here)} and must stop there",
                "Zone of control",
            )
        if here in enemy_zoc and there in enemy_zoc:
            raise IllegalAction(
                f"Zone of control: no moving straight from one enemy ZOC hex "
                f"({c.map.label(here)}) to another ({c.map.label(there)}); disengage first",
                "Zone of control",
            )
        blockers = c.formations_at(there, side=c.enemy(f.side))
        for enemy in blockers:
            if not c.overrunnable(f, enemy):
                raise IllegalAction(
                    f"Stacking: {c.map.label(there)} holds the enemy {enemy.name}; "
                    "only an attack can take it",
                    "Stacking",
                )
        if blockers:
            overruns += [e.id for e in blockers]
            # The overrun division's zone of control goes with it.
            enemy_zoc = zone_of_control(c, c.enemy(f.side), frozenset(overruns))
        spent += step_cost(c, here, there)
        if spent > budget + 1e-9:
            raise IllegalAction(
                f"Movement allowance: the path costs {spent:g} points by {c.map.label(there)}; "
                f"{f.name} has {budget:g}",
                "Movement allowance",
            )
        here = there
    if not _may_end(c, f, here):
        what = "corps HQ" if f.kind == "corps" else "division"
        raise IllegalAction(
            f"Stacking: only one {what} may occupy a hex, and {c.map.label(here)} already "
            f"holds a friendly {what}",
            "Stacking",
        )
    return overruns


def _why_not_there(c: World, f: FormationRecord, goal: Hex) -> str:
    """The real reason a formation cannot reach `goal` this move (MP, ZOC, stacking),
    for a move given as a start and an end rather than a path."""
    name, where = f.name, c.map.label(goal)
    if goal in reachable(c, f.id):
        return (
            f"Movement: {where} is not next to {c.map.label(to_hex(f.hex))}; give the path "
            "hex by hex (the desk finds the cheapest one)"
        )
    budget = movement_allowance(c, f)
    enemy_zoc = zone_of_control(c, c.enemy(f.side))
    start = to_hex(f.hex)
    if any(not c.overrunnable(f, e) for e in c.formations_at(goal, side=c.enemy(f.side))):
        return f"Stacking: {where} holds the enemy; only an attack can take it"
    free, _ = cheapest_paths(
        start, 1e9, lambda a, b, spent: step_cost(c, a, b), neighbours=c.map.neighbours_on_map
    )
    cost = free.get(goal)
    if cost is not None and cost > budget + 1e-9:
        return (
            f"Movement allowance: {where} costs {cost:g} points to reach by the cheapest "
            f"path; {name} has {budget:g}"
        )
    if start in enemy_zoc and any(n in enemy_zoc for n in c.map.neighbours_on_map(start)):
        return (
            f"Zone of control: {name} starts in an enemy zone of control at "
            f"{c.map.label(start)} and may not move straight into another enemy ZOC hex; "
            f"{where} cannot be reached this move"
        )
    return (
        f"Zone of control: every path from {c.map.label(start)} to {where} within "
        f"{budget:g} points enters an enemy zone of control, where {name} must stop"
    )


Route = Callable[[Hex], list[Hex]]


def _routes(c: World, f: FormationRecord) -> tuple[dict[Hex, float], Route]:
    """(cheapest cost of each hex, a function giving the path to a hex). A division that
    overruns an enemy leaves that enemy's zone of control behind it, so the search goes
    on from each hex it may overrun without that zone (one overrun per move searched;
    check_move accepts any number along a given path)."""

    def compute() -> tuple[dict[Hex, float], Route]:
        start = to_hex(f.hex)
        budget = movement_allowance(c, f)
        enemy = c.enemy(f.side)
        costs, came = _search(c, f, start, budget, zone_of_control(c, enemy))
        via: dict[Hex, tuple[Hex, dict[Hex, Hex]]] = {}
        for h, spent in list(costs.items()):
            beaten = frozenset(e.id for e in c.formations_at(h, side=enemy))
            if h == start or not beaten:
                continue
            zone = zone_of_control(c, enemy, beaten)
            if h in zone:
                continue  # another enemy's zone stops it in the overrun hex
            more, came2 = _search(c, f, h, budget - spent, zone)
            for there, extra in more.items():
                if spent + extra < costs.get(there, float("inf")):
                    costs[there] = spent + extra
                    via[there] = (h, came2)
        costs = dict(costs)

        def route(goal: Hex) -> list[Hex]:
            if goal in via:
                overrun, came2 = via[goal]
                return path_to(came, start, overrun) + path_to(came2, overrun, goal)
            return path_to(came, start, goal)

        return costs, route

    return c.facts.get(("routes", f.id), compute)


def _search(
    c: World, f: FormationRecord, start: Hex, budget: float, enemy_zoc: set[Hex]
) -> tuple[dict[Hex, float], dict[Hex, Hex]]:
    enemy = c.enemy(f.side)

    def step(a: Hex, b: Hex, spent: float) -> float | None:
        if a in enemy_zoc and b in enemy_zoc:
            return None
        if any(not c.overrunnable(f, e) for e in c.formations_at(b, side=enemy)):
            return None
        return step_cost(c, a, b)

    return cheapest_paths(
        start, budget, step, neighbours=c.map.neighbours_on_map, stops=lambda h: h in enemy_zoc
    )


def _may_end(c: World, f: FormationRecord, h: Hex) -> bool:
    for other in c.formations_at(h, side=f.side):
        if other.id != f.id and (other.kind == "corps") == (f.kind == "corps"):
            return False
    return True
