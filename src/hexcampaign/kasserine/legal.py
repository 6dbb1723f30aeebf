"""Generating the actions the side to play may take now.

Moves are listed one per (unit, end hex) along the cheapest path; attacks are listed as
representative declarations (every available adjacent attacker together, and each one
alone, with and without all the artillery in range) because the full set of subsets is
exponential — any other legal declaration is still accepted by declare_attack().
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from hexcampaign.kasserine.board import NO_HEX
from hexcampaign.kasserine.obligations import (
    available_artillery,
    available_attackers,
    defender_groups,
)
from hexcampaign.kasserine.state import (
    GAME_OVER,
    Advance,
    AdvanceRoll,
    BreakdownUnit,
    BreakOff,
    BridgeWork,
    DeclareAttack,
    DeclineAdvance,
    EndPhase,
    MoveUnit,
    PlaceUnit,
    Resolve,
    Retreat,
    SupportDefense,
    TakeLosses,
)
from hexcampaign.kasserine.tables import breakdown_table

if TYPE_CHECKING:
    from hexcampaign.kasserine.game import Game


def legal_actions(game: Game, moves: bool = True) -> list:
    state = game.state
    if state.phase == GAME_OVER:
        return []
    decision = game.pending()
    if decision is not None:
        return _decision_actions(game, decision)
    actions: list = []
    if state.phase == "german_setup":
        actions.extend(_placements(game))
    elif state.phase.endswith("movement"):
        if moves:
            actions.extend(move_actions(game))
        actions.extend(_engineer_actions(game))
        actions.extend(_break_offs(game))
    else:
        actions.extend(_combat_actions(game))
    if state.phase.startswith("german"):
        actions.extend(_breakdowns(game))
    if not game.obligations():
        actions.append(EndPhase())
    return actions


def move_actions(game: Game, units=None) -> list[MoveUnit]:
    actions = []
    for u in units if units is not None else game.state.units.values():
        if u.side != game.state.side or game._movement_error(u) is not None:
            continue
        ends = game._reachable(u)
        routes = game._routes_to(u, ends)
        for i in sorted(ends):
            # Validated construction: pydantic-core's validator is faster than
            # model_construct's Python loop over the fields (measured, benchmarks/).
            actions.append(MoveUnit(unit=u.id, path=routes[i]))
    return actions


def _placements(game: Game) -> list[PlaceUnit]:
    actions = []
    pos = game._pos()
    occupants = pos.occupants
    for u in game.state.units.values():
        if not game._must_place(u):
            continue
        alone_error = pos.stacking_error(NO_HEX, [u])  # the same for every empty hex
        for i, at in game._entry_spots(u):
            here = occupants.get(i)
            if here is None:
                if alone_error:
                    continue
            elif here[0].side == "allied" or pos.stacking_error(i, [u]):
                continue
            actions.append(PlaceUnit(unit=u.id, hex=at))
    return actions


def _engineer_actions(game: Game) -> list[BridgeWork]:
    actions = []
    destroyed = {tuple(h) for h in game.state.destroyed_bridges}
    for u in game.state.units.values():
        if u.kind != "engineers" or u.side != game.state.side or not game._on_map(u):
            continue
        if u.bridge_turn == game.state.turn or game._engaged(u.id):
            continue
        i = game.board.index[game.board.hex_of(u.at)]
        at = tuple(u.at)
        if game.board.bridge[i] and at not in destroyed:
            if u.mp_spent + game.rules.bridge_destroy_cost <= u.mf:
                actions.append(BridgeWork(unit=u.id, hex=at, destroy=True))
        elif at in destroyed and u.mp_spent + game.rules.bridge_rebuild_cost <= u.mf:
            actions.append(BridgeWork(unit=u.id, hex=at, destroy=False))
    return actions


def _break_offs(game: Game) -> list[BreakOff]:
    if game.state.phase != "german_movement":
        return []
    return [
        BreakOff(unit=u.id)
        for u in game.state.units.values()
        if u.side == "german"
        and u.nationality == "german"
        and u.kind in game.rules.break_off_kinds
        and game._on_map(u)
        and game._engaged(u.id)
        and u.mp_spent + game.rules.break_off_cost <= u.mf
    ]


def _breakdowns(game: Game) -> list[BreakdownUnit]:
    actions = []
    table = breakdown_table()
    pos = game._pos()
    for u in game.state.units.values():
        if u.side != "german" or u.nationality != "german" or not game._on_map(u):
            continue
        if u.broken_from is not None:
            continue
        entry = table.find(u.breakdown, u.kind, u.size, u.cf, u.mf)
        if entry is None:
            continue
        i = pos.index_of(u)
        others = len(pos.units_at(i)) - 1
        if others + entry.into.count > game.rules.stacking.max_units:
            continue
        actions.append(BreakdownUnit(unit=u.id))
    return actions


def _combat_actions(game: Game) -> list:
    state = game.state
    side = state.side
    pos = game._pos()
    actions: list = []
    seen = set()
    targets = set()
    enemy_held = pos.enemy_held(side)
    for u in state.units.values():
        if u.side == side and game._on_map(u) and u.cf > 0 and not u.attacked:
            targets.update(j for j in game.board.neighbour[pos.index_of(u)] if j in enemy_held)
    for j in sorted(targets):
        attackers = available_attackers(game, j)
        if not attackers:
            continue
        groups = defender_groups(game, j)
        attacker_sets = [attackers] + ([[a] for a in attackers] if len(attackers) > 1 else [])
        for group, atts in itertools.product(groups, attacker_sets):
            guns = available_artillery(game, atts)
            for artillery in ([], guns) if guns else ([],):
                action = DeclareAttack(
                    attackers=[a.id for a in atts],
                    defenders=[e.id for e in group],
                    artillery=[g.id for g in artillery],
                )
                key = (tuple(action.attackers), tuple(action.defenders), tuple(action.artillery))
                if key in seen:
                    continue
                seen.add(key)
                if game._declare_error(action)[0] is None:
                    actions.append(action)
    for c in state.combats:
        if c.resolved:
            continue
        target = game.board.index[game.board.hex_of(c.target)]
        guns = [
            g
            for g in state.units.values()
            if g.side != c.side
            and g.kind in game.rules.support_kinds
            and game._on_map(g)
            and not g.supported
            and g.id not in c.defenders
            and game.board.hexes[pos.index_of(g)].distance(game.board.hexes[target]) <= g.range
        ]
        if guns:
            actions.append(SupportDefense(combat=c.id, artillery=[g.id for g in guns]))
        if state.options.dice == "hand":
            actions.extend(Resolve(combat=c.id, roll=r) for r in range(2, 13))
        else:
            actions.append(Resolve(combat=c.id))
    return actions


def _decision_actions(game: Game, decision) -> list:
    state = game.state
    if decision.kind == "losses":
        units = [state.units[u] for u in decision.units]
        actions = []
        for size in range(1, len(units) + 1):
            for chosen in itertools.combinations(units, size):
                total = sum(u.cf for u in chosen)
                if total >= decision.factors and all(
                    total - u.cf < decision.factors for u in chosen
                ):
                    actions.append(TakeLosses(units=[u.id for u in chosen]))
        return actions
    if decision.kind == "retreat":
        actions = []
        pos = game._pos()
        for uid in decision.units:
            for path in pos.retreat_paths(state.units[uid], decision.hexes):
                hexes = [game.board.hexes[i] for i in path]
                actions.append(Retreat(unit=uid, path=[(h.q, h.r) for h in hexes]))
        return actions
    if decision.kind == "advance_roll":
        if state.options.dice == "hand":
            return [AdvanceRoll(die=d) for d in range(1, 7)]
        return [AdvanceRoll()]
    actions = [DeclineAdvance()]
    for uid in decision.units:
        for path in game._advance_paths(state.units[uid], decision):
            hexes = [game.board.hexes[i] for i in path]
            actions.append(Advance(unit=uid, path=[(h.q, h.r) for h in hexes]))
    return actions
