"""What units do besides moving and fighting: German breakdown into smaller units,
breaking off an engagement, and engineers destroying or rebuilding bridges.

Changes recorded: a breakdown sets UNITS with the unit that left and the units that
took its place; a break-off sets UNITS (MP spent, no longer engaged) and COMBAT (the
engagement changed); bridge work sets MAP with the bridge's hex, and UNITS.
"""

from __future__ import annotations

from hexcampaign.hexes import Hex
from hexcampaign.kasserine.context import GameContext
from hexcampaign.kasserine.position import refuse
from hexcampaign.kasserine.state import (
    BreakdownUnit,
    BreakOff,
    BridgeWork,
    CombatState,
    Contact,
    Engagement,
    UnitState,
)
from hexcampaign.kasserine.tables import breakdown_table
from hexcampaign.rules.changes import Play


def breakdown(ctx: GameContext, action: BreakdownUnit) -> list[str]:
    u = ctx.unit(action.unit)
    error, children = breakdown_error(ctx, u)
    if error:
        raise refuse(error)
    label = ctx.label(u)
    assert u.at is not None  # breakdown_error: on the map
    where = Hex(*u.at)
    u.eliminated = False
    u.at = None
    u.broken_from = None
    del ctx.state.units[u.id]
    for child in children:
        ctx.state.units[child.id] = child
    ids = [c.id for c in children]
    _replace_in_records(ctx, u.id, ids)
    # (The position is renewed after the action, keeping the Allies' zones:
    # GameContext.after_action.)
    ctx.changes.add(Play.UNITS, [u.id, *ids], [where])
    return [f"{label} breaks down into {', '.join(ctx.label(c) for c in children)}"]


def breakdown_error(ctx: GameContext, u: UnitState) -> tuple[str | None, list[UnitState]]:
    """(why `u` may not break down now, []) or (None, the units it would break into).
    The BreakdownUnit action and Game.breakdown_refusal both ask this, so the window's
    question and the rule's answer never disagree."""
    if u.side != "german" or u.nationality != "german":
        return "German breakdown: only German units may break down; for the Allies it's tough luck", []
    if not ctx.state.phase.startswith("german"):
        return "German breakdown: units break down only during the German half of the turn", []
    if not ctx.on_map(u):
        return f"German breakdown: {ctx.label(u)} is not on the map", []
    assert u.at is not None
    entry = breakdown_table().find(u.breakdown, u.kind, u.size, u.cf, u.mf)
    if entry is None or u.broken_from is not None:
        return f"German breakdown: {ctx.label(u)} is not on the breakdown chart", []
    pos = ctx.position
    children: list[UnitState] = []
    for n in range(entry.into.count):
        child = u.model_copy(
            update={
                "id": f"{u.id}.{n + 1}",
                "name": f"{u.name or u.id} ({n + 1})",
                "kind": entry.into.kind,
                "size": entry.into.size,
                "cf": entry.into.cf,
                "mf": entry.into.mf,
                "broken_from": u.id,
                "breakdown": None,
            }
        )
        children.append(child)
    error = pos.stacking_error(pos.index_of(u), children, leaving=[u.id])
    if error:
        return f"{error} ({ctx.label(u)} cannot break down in {ctx.hexname(u.at)})", []
    return None, children


def break_off(ctx: GameContext, action: BreakOff) -> list[str]:
    u = ctx.unit(action.unit)
    if u.side != "german" or u.kind not in ctx.rules.break_off_kinds or u.nationality != "german":
        raise refuse(
            "Break-off: only German Panzer and Panzer Grenadier units may break off an engaged; "
            "no Allied unit may"
        )
    if not ctx.engaged(u.id):
        raise refuse(f"Break-off: {ctx.label(u)} is not engaged")
    if ctx.state.phase != "german_movement":
        raise refuse("Break-off: a unit breaks off in the German movement phase")
    cost = ctx.rules.break_off_cost
    if u.mp_spent + cost > u.mf:
        raise refuse(
            f"Break-off: breaking off costs {cost} MP and {ctx.label(u)} has {u.mf - u.mp_spent} left"
        )
    u.mp_spent += cost
    ctx.drop_from_records(u.id)
    ctx.touched(u, Play.UNITS | Play.COMBAT)
    return [f"{ctx.label(u)} breaks off the engagement ({cost} MP)"]


def bridge_work(ctx: GameContext, action: BridgeWork) -> list[str]:
    u = ctx.unit(action.unit)
    what = "destroy" if action.destroy else "rebuild"
    if u.kind != "engineers":
        raise refuse(f"Engineers: only engineers may {what} a bridge; {ctx.label(u)} is not engineers")
    if not ctx.state.phase.endswith("movement") or u.side != ctx.state.side:
        raise refuse(f"Engineers: engineers {what} bridges during their side's movement")
    if not ctx.on_map(u) or u.at is None or tuple(u.at) != tuple(action.hex):
        raise refuse(
            f"Engineers: {ctx.label(u)} must be on the bridge hex ({ctx.hexname(action.hex)}) to {what} it"
        )
    if ctx.engaged(u.id):
        raise refuse(f"Engaged: {ctx.label(u)} is engaged and may not move or work")
    if u.bridge_turn == ctx.state.turn:
        raise refuse("Engineers: one engineer unit can destroy or rebuild only one bridge per turn")
    i = ctx.index(action.hex)
    destroyed = tuple(action.hex) in {tuple(h) for h in ctx.state.destroyed_bridges}
    if action.destroy and (not ctx.board.bridge[i] or destroyed):
        raise refuse(f"Engineers: there is no standing bridge in {ctx.hexname(action.hex)} to destroy")
    if not action.destroy and not destroyed:
        raise refuse(f"Engineers: there is no destroyed bridge in {ctx.hexname(action.hex)} to rebuild")
    cost = ctx.rules.bridge_destroy_cost if action.destroy else ctx.rules.bridge_rebuild_cost
    if u.mp_spent + cost > u.mf:
        raise refuse(
            f"Engineers: to {what} a bridge costs {cost} MP and {ctx.label(u)} has "
            f"{u.mf - u.mp_spent} left"
        )
    u.mp_spent += cost
    u.bridge_turn = ctx.state.turn
    if action.destroy:
        ctx.state.destroyed_bridges.append((action.hex[0], action.hex[1]))
    else:
        ctx.state.destroyed_bridges = [
            h for h in ctx.state.destroyed_bridges if tuple(h) != tuple(action.hex)
        ]
    # Roads through the hex are broken or whole again: the position is renewed after the
    # action, keeping every unit's zones (GameContext.after_action).
    ctx.touched(u, Play.UNITS | Play.MAP)
    done = "destroys" if action.destroy else "rebuilds"
    return [f"{ctx.label(u)} {done} the bridge at {ctx.hexname(action.hex)} ({cost} MP)"]


def _replace_in_records(ctx: GameContext, old: str, new: list[str]) -> None:
    """A unit broken down: its parts take its place in combats, engagements, contacts
    and decisions."""

    def swap(ids: list[str]) -> list[str]:
        if old not in ids:
            return ids
        k = ids.index(old)
        return ids[:k] + new + ids[k + 1 :]

    state = ctx.state
    for c in state.combats:
        if old in c.attackers and len(c.attacker_hexes) == len(c.attackers):
            k = c.attackers.index(old)
            c.attacker_hexes[k : k + 1] = [c.attacker_hexes[k]] * len(new)
    records: list[Engagement | Contact | CombatState] = [*state.engagements, *state.contacts, *state.combats]
    for record in records:
        record.attackers = swap(record.attackers)
        record.defenders = swap(record.defenders)
    for d in state.pending:
        d.units = swap(d.units)
