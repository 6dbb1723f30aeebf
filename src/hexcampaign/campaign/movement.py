"""Movement: allowances, terrain and road costs, zones of control, stacking, overruns."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexcampaign.campaign.phases import PHASE_TITLES
from hexcampaign.campaign.state import FormationRecord, to_hex
from hexcampaign.campaign.tables import campaign_rules
from hexcampaign.hexes import Hex
from hexcampaign.rules import IllegalAction, cheapest_paths, path_to

if TYPE_CHECKING:
    from hexcampaign.campaign.campaign import Campaign


def movement_allowance(c: Campaign, f: FormationRecord) -> float:
    """Points this formation may spend now: 0 once moved, or when reinforced this turn."""
    if f.reinforced_side_turn == c.state.side_turn and f.kind != "corps":
        return 0
    allowance = campaign_rules().movement_allowance[c.effective_kind(f)]
    if c.options.supply and c.options.supply_halves_movement and not c.in_supply(f.id):
        allowance /= 2
    return allowance


def zone_of_control(c: Campaign, side: str) -> set[Hex]:
    """Hexes next to `side`'s divisions and to its corps HQs that hold combat units."""
    key = ("zoc", side)
    if key in c.memo:
        return c.memo[key]
    zone: set[Hex] = set()
    for f in c.state.formations.values():
        if f.side == side and c.exerts_zoc(f):
            zone.update(c.map.neighbours_on_map(to_hex(f.hex)))
    c.memo[key] = zone
    return zone


def step_cost(c: Campaign, a: Hex, b: Hex) -> float:
    """Road 0.5 when moving along the road, otherwise the entered hex's terrain cost."""
    cost = c.step_costs.get((a, b))
    if cost is None:
        # The map does not change during a campaign, so a step's cost is computed once.
        cost = c.road_cost if c.map.has_road(a, b) else c.terrain_cost(b)
        c.step_costs[(a, b)] = cost
    return cost


def reachable(c: Campaign, fid: str) -> dict[Hex, float]:
    """Every hex the formation may end its move in, with the points it costs."""
    f = c.formation_record(fid)
    if c.phase != "movement" or f.side != c.side_to_play or f.moved_in_movement:
        return {}
    start = to_hex(f.hex)
    budget = movement_allowance(c, f)
    enemy_zoc = zone_of_control(c, c.enemy(f.side))
    costs, _ = _search(c, f, start, budget, enemy_zoc)
    return {h: cost for h, cost in costs.items() if h != start and _may_end(c, f, h)}


def path(c: Campaign, fid: str, goal: Hex) -> list[Hex]:
    """The cheapest legal path to `goal` (start excluded); [] when it is out of reach."""
    f = c.formation_record(fid)
    if goal not in reachable(c, fid):
        return []
    start = to_hex(f.hex)
    _, came_from = _search(
        c, f, start, movement_allowance(c, f), zone_of_control(c, c.enemy(f.side))
    )
    return path_to(came_from, start, goal)


def check_move(c: Campaign, fid: str, path: list[Hex]) -> list[str]:
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
            raise IllegalAction(
                f"Movement: {c.map.label(there)} is not next to {c.map.label(here)}", "Movement"
            )
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
        overruns += [e.id for e in blockers]
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


def _search(c: Campaign, f: FormationRecord, start: Hex, budget: float, enemy_zoc: set[Hex]):
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


def _may_end(c: Campaign, f: FormationRecord, h: Hex) -> bool:
    for other in c.formations_at(h, side=f.side):
        if other.id != f.id and (other.kind == "corps") == (f.kind == "corps"):
            return False
    return True
