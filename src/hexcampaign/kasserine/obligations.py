"""What a combat phase must settle before it may end: mandatory attacks (zones of
control), re-attacks of ENGAGED results, CONTACT counter-attacks, and counter-attacks
that must take on all the units that attacked.

An obligation that can no longer be met (no unit left that could attack at 1:6 or
better) is excused: the rules never leave a player unable to end his turn.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from hexcampaign.kasserine.board import NO_HEX
from hexcampaign.kasserine.combat import may_fight
from hexcampaign.kasserine.context import GameContext
from hexcampaign.kasserine.position import enemy_of
from hexcampaign.kasserine.state import Axial, UnitState


class Duty(NamedTuple):
    """One obligation: its sentence, what kind it is, and the unit and hex it is about
    (the still-to-do list names and centres them)."""

    text: str
    kind: str  # "resolve", "must attack", "must be attacked", "re-attack", "counter-attack"
    unit: UnitState | None
    at: Axial | None


def combat_obligations(ctx: GameContext) -> list[str]:
    return [duty.text for duty in combat_duties(ctx)]


def combat_duties(ctx: GameContext) -> list[Duty]:
    """combat_obligations() with the kind, unit and hex of each."""
    state = ctx.state
    side = state.side
    enemy = enemy_of(side)
    pos = ctx.position
    problems: list[Duty] = []
    for c in state.combats:
        if not c.resolved:
            problems.append(
                Duty(f"Combat: attack {c.id} has been declared and must be resolved", "resolve", None, c.target)
            )
    enemy_zones = pos.zoc(enemy)
    must_be_attacked: dict[str, UnitState] = {}
    # ctx.engaged(u.id) for every unit at once, and each unit's hex looked up as
    # Position.index_of does: listing the legal actions asks this after every action
    # of a combat phase, for every unit of the side.
    engaged = {uid for e in state.engagements for uid in (*e.attackers, *e.defenders)}
    support_kinds = ctx.rules.support_kinds
    spot = ctx.board.spot
    for u in _on_map(ctx, side):
        if u.cf <= 0 or u.kind in support_kinds or u.id in engaged:
            continue
        at = u.at
        assert at is not None  # _on_map
        i = spot[at] if type(at) is tuple else spot[(at[0], at[1])]
        if not enemy_zones[i]:
            continue
        if not u.attacked and can_attack_with(ctx, u):
            assert u.at is not None  # _on_map
            problems.append(
                Duty(
                    f"Combat: {ctx.label(u)} is in an enemy zone of control at "
                    f"{ctx.hexname(u.at)} and must attack",
                    "must attack",
                    u,
                    u.at,
                )
            )
        for e in enemy_zones[i]:
            must_be_attacked.setdefault(e.id, e)
    for e in must_be_attacked.values():
        if not e.defended and can_be_attacked(ctx, e):
            assert e.at is not None  # in a zone of control: on the map
            problems.append(
                Duty(
                    f"Combat: {ctx.label(e)} at {ctx.hexname(e.at)} has a unit in its zone of "
                    "control and must be attacked this phase",
                    "must be attacked",
                    e,
                    e.at,
                )
            )
    for record in state.engagements:
        if record.side == side and record.turn == state.turn:
            for uid in record.defenders:
                e = state.units[uid]
                if ctx.on_map(e) and not e.defended and can_be_attacked(ctx, e):
                    problems.append(
                        Duty(
                            f"Engaged: {ctx.label(e)} was engaged last turn and must be "
                            "re-attacked this phase",
                            "re-attack",
                            e,
                            e.at,
                        )
                    )
        elif record.side == enemy:
            problems.extend(_all_attacked(ctx, record.attackers, "Engaged"))
    for contact in state.contacts:
        if contact.side != side or contact.turn != state.turn:
            continue
        attackers = [state.units[a] for a in contact.attackers if ctx.on_map(state.units[a])]
        defenders = [state.units[d] for d in contact.defenders if ctx.on_map(state.units[d])]
        still_there = any(in_zoc_of(ctx, d, a) for d in defenders for a in attackers)
        if not still_there:
            continue
        for a in attackers:
            if not a.defended and can_be_attacked(ctx, a):
                problems.append(
                    Duty(
                        f"Contact: {ctx.label(a)} must be counter-attacked this phase, or every "
                        "defending unit must have moved away from the units that attacked it",
                        "counter-attack",
                        a,
                        a.at,
                    )
                )
    return problems


def can_be_attacked(ctx: GameContext, e: UnitState) -> bool:
    """Could the side to play still attack `e` at 1:6 or better this phase?"""
    pos = ctx.position
    target = pos.index_of(e)
    attackers = available_attackers(ctx, target)
    defense = _least_defense(ctx, e)
    if not attackers or defense is None:
        return False
    return _odds_possible(ctx, target, attackers, defense)


def can_attack_with(ctx: GameContext, u: UnitState) -> bool:
    """Could `u` still take part in some attack at 1:6 or better this phase?"""
    pos = ctx.position
    i = pos.index_of(u)
    for j in ctx.board.neighbour[i]:
        if j == NO_HEX:
            continue
        groups = defender_groups(ctx, j)
        if not groups:
            continue
        attackers = available_attackers(ctx, j)
        if u not in attackers:
            continue
        defense = min(Fraction(pos.defense_basic(g) * ctx.board.city[j]) for g in groups)
        if _odds_possible(ctx, j, attackers, defense):
            return True
    return False


def defender_groups(ctx: GameContext, target: int) -> list[list[UnitState]]:
    """The defender sets the side to play may still name in hex `target` this phase:
    for the Germans each combat unit alone and the stack, for the Allies the whole stack;
    artillery only when it stands alone."""
    pos = ctx.position
    stack = pos.units_at(target, enemy_of(ctx.state.side))
    if not stack:
        return []
    combat = [e for e in stack if e.kind not in ctx.rules.support_kinds]
    if not combat:
        return [] if any(e.defended for e in stack) else [stack]
    fresh = [e for e in combat if not e.defended]
    if ctx.state.side == "allied":
        return [combat] if len(fresh) == len(combat) else []
    groups = [[e] for e in fresh]
    if len(fresh) > 1:
        groups.append(fresh)
    return groups


def available_attackers(ctx: GameContext, target: int) -> list[UnitState]:
    side = ctx.state.side
    pos = ctx.position
    result = []
    for j in ctx.board.neighbour[target]:
        if j == NO_HEX:
            continue
        for u in pos.units_at(j, side):
            if (
                u.cf > 0
                and u.kind not in ctx.rules.support_kinds
                and not u.attacked
                and may_fight(ctx, u)
            ):
                result.append(u)
    return result


def available_artillery(ctx: GameContext, attackers: list[UnitState]) -> list[UnitState]:
    pos = ctx.position
    hexes = [ctx.board.hexes[pos.index_of(a)] for a in attackers]
    guns = []
    for g in pos.artillery_on_map(ctx.state.side):
        if g.supported or not may_fight(ctx, g):
            continue
        here = ctx.board.hexes[pos.index_of(g)]
        if any(here.distance(h) <= g.range for h in hexes):
            guns.append(g)
    return guns


def _odds_possible(ctx: GameContext, target: int, attackers: list[UnitState], defense: Fraction) -> bool:
    pos = ctx.position
    attack = Fraction(0)
    for a in attackers:
        factor, _ = pos.attack_modifier(pos.index_of(a), target)
        attack += a.cf * factor
    attack += sum(g.support for g in available_artillery(ctx, attackers))
    return attack > 0 and attack * 6 >= defense


def _least_defense(ctx: GameContext, e: UnitState) -> Fraction | None:
    """The smallest defense `e` can still be attacked at (None: it cannot be named)."""
    pos = ctx.position
    i = pos.index_of(e)
    groups = [g for g in defender_groups(ctx, i) if e in g]
    if not groups:
        return None
    return min(Fraction(pos.defense_basic(g) * ctx.board.city[i]) for g in groups)


def _all_attacked(ctx: GameContext, ids: list[str], rule: str) -> list[Duty]:
    """A counter-attack on any of these units must take on all of them."""
    units = [ctx.state.units[u] for u in ids if ctx.on_map(ctx.state.units[u])]
    if not any(u.defended for u in units):
        return []
    return [
        Duty(
            f"{rule}: a counter-attack must attack all the units that attacked; "
            f"{ctx.label(u)} has not been attacked",
            "counter-attack",
            u,
            u.at,
        )
        for u in units
        if not u.defended and can_be_attacked(ctx, u)
    ]


def in_zoc_of(ctx: GameContext, d: UnitState, a: UnitState) -> bool:
    """Is unit `d` in the zone of control of unit `a` (adjacent, not above a cliff)?"""
    pos = ctx.position
    i, j = pos.index_of(a), pos.index_of(d)
    if j not in ctx.board.neighbour[i] or a.cf <= 0:
        return False
    return not ctx.board.cliff_up[i][ctx.board.direction(i, j)]


def _on_map(ctx: GameContext, side: str) -> list[UnitState]:
    return ctx.position.on_map(side)  # (read-only)
