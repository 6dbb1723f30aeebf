"""Generating the actions the side to play may take now.

Moves are listed one per (unit, end hex) along the cheapest path; attacks are listed as
representative declarations (every available adjacent attacker together, and each one
alone, with and without all the artillery in range) because the full set of subsets is
exponential — any other legal declaration is still accepted by declare_attack().
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from hexcampaign.kasserine.combat import declare_error
from hexcampaign.kasserine.context import GameContext
from hexcampaign.kasserine.movement import movement_error, placeable, unit_range
from hexcampaign.kasserine.obligations import (
    available_artillery,
    available_attackers,
    defender_groups,
)
from hexcampaign.kasserine.phases import has_obligations
from hexcampaign.kasserine.position import enemy_of
from hexcampaign.kasserine.results import advance_paths
from hexcampaign.kasserine.state import (
    GAME_OVER,
    Action,
    Advance,
    AdvanceRoll,
    BreakdownUnit,
    BreakOff,
    BridgeWork,
    Decision,
    DeclareAttack,
    DeclineAdvance,
    EndPhase,
    MoveUnit,
    PlaceUnit,
    Resolve,
    Retreat,
    SupportDefense,
    TakeLosses,
    UnitState,
    place_action,
    trusted,
)
from hexcampaign.kasserine.tables import breakdown_table


def legal_actions(ctx: GameContext, moves: bool = True) -> list[Action]:
    state = ctx.state
    if state.phase == GAME_OVER:
        return []
    decision = ctx.pending()
    if decision is not None:
        return _decision_actions(ctx, decision)
    actions: list[Action] = []
    if state.phase == "german_setup":
        actions.extend(_placements(ctx))
    elif state.phase.endswith("movement"):
        if moves:
            actions.extend(move_actions(ctx))
        actions.extend(_engineer_actions(ctx))
        actions.extend(_break_offs(ctx))
    else:
        actions.extend(_combat_actions(ctx))
    if state.phase.startswith("german"):
        actions.extend(_breakdowns(ctx))
    if not has_obligations(ctx):
        actions.append(trusted(EndPhase))
    return actions


def move_actions(ctx: GameContext, units: Iterable[UnitState] | None = None) -> list[MoveUnit]:
    actions = []
    for u in units if units is not None else ctx.state.units.values():
        if u.side != ctx.state.side or movement_error(ctx, u) is not None:
            continue
        reach = unit_range(ctx, u)
        routes = reach.routes(ctx.board.hexes)
        for i in sorted(reach.ends):
            actions.append(trusted(MoveUnit, unit=u.id, path=[(h[0], h[1]) for h in routes[i]]))
    return actions


def _placements(ctx: GameContext) -> list[PlaceUnit]:
    """Every placement of every waiting unit. A placement is a value that depends on the
    unit and the hex alone, so each is made once a game and listed again after each
    placement (set-up lists 11,000 a game); a unit whose spots did not change (the
    placement was in another zone) lists the very list of the last time."""
    actions: list[PlaceUnit] = []
    if ctx.state.turn != 1:
        return actions  # set-up placement is on the first turn only (must_place)
    kept = ctx.placements
    for u in ctx.state.units.values():
        # must_place(ctx, u), inlined: set-up lists every unit after every placement
        if u.at is None and u.side == "german" and not u.eliminated and u.arrives is None:
            uid = u.id
            spots = placeable(ctx, u)
            known = kept.get(uid)
            if known is None or known[0] is not spots:
                made = known[2] if known is not None else {}
                listed = []
                for _i, at in spots:
                    action = made.get(at)
                    if action is None:
                        action = made[at] = place_action(uid, at)
                    listed.append(action)
                known = kept[uid] = (spots, listed, made)
            actions.extend(known[1])
    return actions


def _engineer_actions(ctx: GameContext) -> list[BridgeWork]:
    actions = []
    destroyed = {tuple(h) for h in ctx.state.destroyed_bridges}
    pos = ctx.position
    engineers = pos.lasting.get("engineers")
    if engineers is None:  # listed after every move: the few engineers, found once
        engineers = pos.lasting["engineers"] = [u for u in ctx.state.units.values() if u.kind == "engineers"]
    for u in engineers:
        if u.side != ctx.state.side or not ctx.on_map(u):
            continue
        if u.bridge_turn == ctx.state.turn or ctx.engaged(u.id):
            continue
        assert u.at is not None  # on the map
        at = tuple(u.at)
        i = ctx.board.spot[at]
        if ctx.board.bridge[i] and at not in destroyed:
            if u.mp_spent + ctx.rules.bridge_destroy_cost <= u.mf:
                actions.append(trusted(BridgeWork, unit=u.id, hex=at, destroy=True))
        elif at in destroyed and u.mp_spent + ctx.rules.bridge_rebuild_cost <= u.mf:
            actions.append(trusted(BridgeWork, unit=u.id, hex=at, destroy=False))
    return actions


def _break_offs(ctx: GameContext) -> list[BreakOff]:
    if ctx.state.phase != "german_movement":
        return []
    # ctx.engaged(u.id) for every unit at once: the units of the engagements
    engaged = {uid for e in ctx.state.engagements for uid in (*e.attackers, *e.defenders)}
    if not engaged:
        return []
    kinds, cost = ctx.rules.break_off_kinds, ctx.rules.break_off_cost
    return [
        trusted(BreakOff, unit=u.id)
        for u in ctx.state.units.values()
        if u.side == "german"
        and u.nationality == "german"
        and u.kind in kinds
        and ctx.on_map(u)
        and u.id in engaged
        and u.mp_spent + cost <= u.mf
    ]


def _breakdowns(ctx: GameContext) -> list[BreakdownUnit]:
    actions = []
    pos = ctx.position
    occupants, spot = pos.occupants, ctx.board.spot
    max_units = ctx.rules.stacking.max_units
    candidates = pos.lasting.get("breakdowns")
    if candidates is None:
        # German units that are no part of a broken-down unit and have a line of the
        # chart, with the units each breaks into: listed after every move, found once.
        find = breakdown_table().find
        candidates = []
        for u in ctx.state.units.values():
            if u.nationality != "german" or u.broken_from is not None:
                continue
            entry = find(u.breakdown, u.kind, u.size, u.cf, u.mf)
            if entry is not None:
                candidates.append((u, entry.into.count))
        pos.lasting["breakdowns"] = candidates
    for u, count in candidates:
        # on the map (ctx.on_map) and German (a captured gun changes side); the hex
        # read once (a model's attribute is dearer than a local's)
        at = u.at
        if at is None or u.side != "german" or u.eliminated:
            continue
        others = len(occupants[spot[at] if type(at) is tuple else spot[(at[0], at[1])]]) - 1
        if others + count > max_units:
            continue
        actions.append(trusted(BreakdownUnit, unit=u.id))
    return actions


def _combat_actions(ctx: GameContext) -> list:
    state = ctx.state
    side = state.side
    pos = ctx.position
    actions: list = []
    seen = set()
    targets: set[int] = set()
    enemy_held = pos.enemy_held(side)
    neighbour = ctx.board.neighbour
    spot = ctx.board.spot
    for u in pos.on_map(side):
        if u.cf > 0 and not u.attacked:
            at = u.at
            assert at is not None  # on_map
            # (pos.index_of, inlined: every unit of the side, after every action)
            targets.update(enemy_held.intersection(neighbour[spot[at] if type(at) is tuple else spot[(at[0], at[1])]]))
    for j in sorted(targets):
        attackers = available_attackers(ctx, j)
        if not attackers:
            continue
        groups = defender_groups(ctx, j)
        attacker_sets = [attackers] + ([[a] for a in attackers] if len(attackers) > 1 else [])
        for group, atts in itertools.product(groups, attacker_sets):
            guns = available_artillery(ctx, atts)
            for artillery in ([], guns) if guns else ([],):
                action = trusted(
                    DeclareAttack,
                    attackers=[a.id for a in atts],
                    defenders=[e.id for e in group],
                    artillery=[g.id for g in artillery],
                )
                key = (tuple(action.attackers), tuple(action.defenders), tuple(action.artillery))
                if key in seen:
                    continue
                seen.add(key)
                if declare_error(ctx, action)[0] is None:
                    actions.append(action)
    for c in state.combats:
        if c.resolved:
            continue
        target = ctx.board.spot[(c.target[0], c.target[1])]
        guns = [
            g
            for g in pos.artillery_on_map(enemy_of(c.side))
            if not g.supported
            and g.id not in c.defenders
            and ctx.board.hexes[pos.index_of(g)].distance(ctx.board.hexes[target]) <= g.range
        ]
        if guns:
            actions.append(trusted(SupportDefense, combat=c.id, artillery=[g.id for g in guns]))
        if state.options.dice == "hand":
            actions.extend(trusted(Resolve, combat=c.id, roll=r) for r in range(2, 13))
        else:
            actions.append(trusted(Resolve, combat=c.id))
    return actions


def _decision_actions(ctx: GameContext, decision: Decision) -> list[Action]:
    state = ctx.state
    actions: list[Action] = []
    if decision.kind == "losses":
        units = [state.units[u] for u in decision.units]
        for size in range(1, len(units) + 1):
            for chosen in itertools.combinations(units, size):
                total = sum(u.cf for u in chosen)
                if total >= decision.factors and all(
                    total - u.cf < decision.factors for u in chosen
                ):
                    actions.append(trusted(TakeLosses, units=[u.id for u in chosen]))
        return actions
    if decision.kind == "retreat":
        pos = ctx.position
        for uid in decision.units:
            for path in pos.retreat_paths(state.units[uid], decision.hexes):
                hexes = [ctx.board.hexes[i] for i in path]
                actions.append(trusted(Retreat, unit=uid, path=[(h.q, h.r) for h in hexes]))
        return actions
    if decision.kind == "advance_roll":
        if state.options.dice == "hand":
            return [trusted(AdvanceRoll, die=d) for d in range(1, 7)]
        return [trusted(AdvanceRoll)]
    actions = [trusted(DeclineAdvance)]
    for uid in decision.units:
        for path in advance_paths(ctx, state.units[uid], decision):
            hexes = [ctx.board.hexes[i] for i in path]
            actions.append(trusted(Advance, unit=uid, path=[(h.q, h.r) for h in hexes]))
    return actions
