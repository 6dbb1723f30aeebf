"""Carrying out combat results, as the rulebook's "Explanation of Results" and errata say.

A resolved combat holds a list of stages ("losses", "retreat:defenders:2", ...). Stages
that need no choice happen at once; the others become the pending Decision and wait for
take_losses / retreat / advance / decline_advance.

Changes recorded: ELIMINATED (with the unit and its last hex) for every unit removed;
UNITS for retreats, advances and captured guns; DECISION when a decision appears or is
settled; COMBAT when a result leaves a contact or an engagement.
"""

from __future__ import annotations

from hexcampaign.hexes import Hex
from hexcampaign.kasserine.board import NO_HEX
from hexcampaign.kasserine.context import GameContext
from hexcampaign.kasserine.position import enemy_of, refuse
from hexcampaign.kasserine.state import (
    Advance,
    CombatState,
    Contact,
    Decision,
    Engagement,
    Retreat,
    TakeLosses,
    UnitState,
    hex_count,
)
from hexcampaign.rules.changes import Play


def run_stages(ctx: GameContext, c: CombatState) -> list[str]:
    """Carry out the combat's stages until one waits for a player's choice."""
    events: list[str] = []
    state = ctx.state
    while c.stages and not state.pending:
        stage = c.stages.pop(0)
        parts = stage.split(":")
        if stage == "losses":
            events.extend(_losses_stage(ctx, c))
        elif parts[0] == "retreat":
            events.extend(_retreat_stage(ctx, c, parts[1], int(parts[2])))
        elif parts[0] == "advance":
            events.extend(_advance_stage(ctx, c, parts[1], parts[2], int(parts[3])))
        elif stage == "eliminate:defenders":
            for uid in c.defenders:
                u = state.units[uid]
                if ctx.on_map(u):
                    events.append(eliminate(ctx, u, "is eliminated"))
        elif stage == "advance_roll":
            if state.options.dice == "hand":
                state.pending.append(
                    Decision(kind="advance_roll", side=c.side, combat=c.id, units=[])
                )
            else:
                die = ctx.roll_die()
                events.append(f"D ELIM: the advance die shows {die}: up to {die} MP of advance")
                c.stages.insert(0, f"advance:attackers:mp:{die}")
        elif stage == "engaged":
            attackers = _survivors(ctx, c.attackers)
            defenders = _survivors(ctx, c.defenders)
            if attackers and defenders:
                state.engagements.append(
                    Engagement(
                        side=c.side, turn=state.turn + 1, attackers=attackers, defenders=defenders
                    )
                )
                events.append(
                    "ENGAGED: all units are engaged; the attacker must re-attack them next turn"
                )
                ctx.changes.add(Play.COMBAT, [*attackers, *defenders])
        elif stage == "contact":
            attackers = _survivors(ctx, c.attackers)
            defenders = _survivors(ctx, c.defenders)
            defender_side = enemy_of(c.side)
            due = state.turn if defender_side == "allied" else state.turn + 1
            if attackers and defenders:
                state.contacts.append(
                    Contact(side=defender_side, turn=due, attackers=attackers, defenders=defenders)
                )
                events.append(
                    "CONTACT: in his turn the defender must counter-attack all the attackers or "
                    "retreat all his defending units"
                )
                ctx.changes.add(Play.COMBAT, [*attackers, *defenders])
        else:
            raise ValueError(f"unknown combat stage {stage!r}")
        ctx.forget_position()
    return events


def eliminate(ctx: GameContext, u: UnitState, why: str) -> str:
    u.eliminated = True
    ctx.put(u, None)
    ctx.changes.add(Play.ELIMINATED)
    ctx.drop_from_records(u.id)
    return f"{ctx.label(u)} {why}"


def take_losses(ctx: GameContext, action: TakeLosses) -> list[str]:
    decision = ctx.pending()
    if decision is None or decision.kind != "losses":
        raise refuse("Combat: no losses are waiting to be taken")
    chosen = list(dict.fromkeys(action.units))
    for uid in chosen:
        if uid not in decision.units:
            raise refuse(
                f"Combat: {ctx.label(ctx.unit(uid))} is not one of the attacking units that must take losses"
            )
    units = [ctx.state.units[u] for u in chosen]
    total = sum(u.cf for u in units)
    rule = "Exchange" if ctx.combat(decision.combat).result == "EXCHANGE" else "A ELIM"
    if total < decision.factors:
        raise refuse(
            f"{rule}: the attacker must remove at least {decision.factors} combat factors "
            f"(the defender's basic factors); these are {total}"
        )
    for u in units:
        if total - u.cf >= decision.factors:
            raise refuse(
                f"{rule}: remove only as many units as it takes to lose {decision.factors} "
                f"factors; {ctx.label(u)} is not needed"
            )
    events = [eliminate(ctx, u, "is removed as a loss") for u in units]
    ctx.state.pending.pop(0)
    ctx.changes.add(Play.DECISION)
    c = ctx.combat(decision.combat)
    return events + run_stages(ctx, c)


def retreat(ctx: GameContext, action: Retreat) -> list[str]:
    decision = ctx.pending()
    if decision is None or decision.kind != "retreat":
        raise refuse("Retreat: no retreat is waiting")
    if action.unit not in decision.units:
        raise refuse(f"Retreat: {ctx.label(ctx.unit(action.unit))} is not one of the units that must retreat")
    u = ctx.unit(action.unit)
    pos = ctx.position
    path = [ctx.board.index.get(Hex(*at), NO_HEX) for at in action.path]
    if not path:
        raise refuse(f"Retreat: the result calls for a retreat of exactly {hex_count(decision.hexes)}")
    error = pos.retreat_error(u, path, decision.hexes)
    if error:
        raise refuse(error)
    assert u.at is not None  # the units a result makes retreat stand on the map
    start = ctx.hexname(u.at)
    ctx.put(u, action.path[-1])
    ctx.pass_through(u, path)
    ctx.drop_from_records(u.id)
    decision.units.remove(u.id)
    ctx.changes.add(Play.DECISION)
    events = [f"{ctx.label(u)} retreats from {start} to {ctx.hexname(u.at)}"]
    events.extend(_eliminate_trapped(ctx, decision))
    if not decision.units:
        ctx.state.pending.pop(0)
        events.extend(run_stages(ctx, ctx.combat(decision.combat)))
    return events


def advance(ctx: GameContext, action: Advance) -> list[str]:
    decision = ctx.pending()
    if decision is None or decision.kind != "advance":
        raise refuse("Advance after combat: no advance is waiting")
    if action.unit not in decision.units:
        raise refuse(f"Advance after combat: {ctx.label(ctx.unit(action.unit))} may not advance after this combat")
    u = ctx.unit(action.unit)
    path = [ctx.board.index.get(Hex(*at), NO_HEX) for at in action.path]
    error = advance_error(ctx, u, decision, path)
    if error:
        raise refuse(error)
    assert u.at is not None  # the units a result lets advance stand on the map
    start = ctx.hexname(u.at)
    events = []
    first = path[0]
    for gun in ctx.position.units_at(first, enemy_of(u.side)):
        gun.side = u.side
        ctx.touched(gun)
        gun.captured = True
        gun.supported = True  # captured guns serve their new owner from the next phase
        ctx.drop_from_records(gun.id)
        events.append(f"{ctx.label(gun)} is captured by {ctx.label(u)}")
    ctx.put(u, (ctx.board.hexes[path[-1]].q, ctx.board.hexes[path[-1]].r))
    u.advanced = True
    ctx.pass_through(u, path)
    decision.units.remove(u.id)
    ctx.changes.add(Play.DECISION)
    events.insert(0, f"{ctx.label(u)} advances from {start} to {ctx.hexname(u.at)}")
    if not decision.units:
        ctx.state.pending.pop(0)
        events.extend(run_stages(ctx, ctx.combat(decision.combat)))
    return events


def advance_error(ctx: GameContext, u: UnitState, decision: Decision, path: list[int]) -> str | None:
    if not path:
        return "Advance after combat: an advance needs at least one hex"
    vacated = [ctx.board.index[Hex(*at)] for at in decision.vacated]
    if path[0] not in vacated:
        return (
            "Advance after combat: the first hex advanced into must be the hex where the "
            "enemy used to be"
        )
    pos = ctx.position
    enemy = enemy_of(u.side)
    if any(x.kind not in ctx.rules.support_kinds for x in pos.units_at(path[0], enemy)):
        return "Advance after combat: the vacated hex is held by the enemy again"
    if decision.mp is None and len(path) > decision.hexes:
        return f"Advance after combat: this result allows an advance of {hex_count(decision.hexes)} at most"
    spent, error = pos.path_cost(u, pos.index_of(u), path, "advance")
    if error:
        return error
    if decision.mp is not None and len(path) > 1 and spent > decision.mp:
        return (
            f"D ELIM: the advance die allows {decision.mp} MP and this advance costs {spent} "
            "(only the vacated hex may always be taken)"
        )
    error = pos.stacking_error(path[-1], [u])
    if error:
        return error
    return None


def advance_paths(ctx: GameContext, u: UnitState, decision: Decision) -> list[list[int]]:
    """One legal advance path to each hex the unit may end its advance in."""
    board = ctx.board
    limit = decision.hexes if decision.mp is None else max(1, decision.mp)
    found: dict[int, list[int]] = {}
    vacated = [board.index[Hex(*at)] for at in decision.vacated]

    def extend(path: list[int]) -> None:
        if advance_error(ctx, u, decision, path) is not None:
            return
        found.setdefault(path[-1], list(path))
        if len(path) >= limit:
            return
        for j in board.neighbour[path[-1]]:
            if j != NO_HEX and j not in path:
                extend([*path, j])

    for first in vacated:
        extend([first])
    return list(found.values())


# --- stages ------------------------------------------------------------------------------


def _survivors(ctx: GameContext, ids: list[str]) -> list[str]:
    return [uid for uid in ids if uid in ctx.state.units and ctx.on_map(ctx.state.units[uid])]


def _losses_stage(ctx: GameContext, c: CombatState) -> list[str]:
    survivors = _survivors(ctx, c.attackers)
    if not survivors:
        return []
    units = [ctx.state.units[u] for u in survivors]
    if sum(u.cf for u in units) <= c.loss_factors:
        return [eliminate(ctx, u, "is removed as a loss") for u in units]
    ctx.state.pending.append(
        Decision(
            kind="losses", side=c.side, combat=c.id, units=survivors, factors=c.loss_factors
        )
    )
    return []


def _retreat_stage(ctx: GameContext, c: CombatState, group: str, hexes: int) -> list[str]:
    ids = _survivors(ctx, c.attackers if group == "attackers" else c.defenders)
    if not ids:
        return []
    units = [ctx.state.units[u] for u in ids]
    events = []
    if group == "defenders" and all(u.kind in ctx.rules.support_kinds for u in units):
        # "Should arty by itself be attacked ... if forced to retreat is considered eliminated."
        return [eliminate(ctx, u, "is artillery alone and is eliminated instead of retreating") for u in units]
    decision = Decision(
        kind="retreat",
        side=units[0].side,
        combat=c.id,
        units=ids,
        hexes=hexes,
        battle=c.target,
    )
    events.extend(_eliminate_trapped(ctx, decision))
    if decision.units:
        ctx.state.pending.append(decision)
    return events


def _eliminate_trapped(ctx: GameContext, decision: Decision) -> list[str]:
    events = []
    for uid in list(decision.units):
        u = ctx.state.units[uid]
        if not ctx.position.retreat_paths(u, decision.hexes):
            decision.units.remove(uid)
            events.append(
                eliminate(ctx, u, f"cannot retreat {hex_count(decision.hexes)} and is eliminated")
            )
    return events


def _advance_stage(ctx: GameContext, c: CombatState, group: str, mode: str, amount: int) -> list[str]:
    if mode == "hexes" and amount <= 0:
        return []
    ids = _survivors(ctx, c.attackers if group == "attackers" else c.defenders)
    units = [
        ctx.state.units[u]
        for u in ids
        if ctx.state.units[u].kind not in ctx.rules.support_kinds
    ]
    if not units:
        return []
    side = units[0].side
    enemy = enemy_of(side)
    pos = ctx.position
    candidates = [c.target] if group == "attackers" else list(dict.fromkeys(c.attacker_hexes))
    vacated = []
    for at in candidates:
        i = ctx.board.index[Hex(*at)]
        if all(x.kind in ctx.rules.support_kinds for x in pos.units_at(i, enemy)):
            vacated.append(tuple(at))
    if not vacated:
        return []
    decision = Decision(
        kind="advance",
        side=side,
        combat=c.id,
        units=[u.id for u in units],
        hexes=amount if mode == "hexes" else 0,
        mp=amount if mode == "mp" else None,
        vacated=vacated,
    )
    able = [u.id for u in units if advance_paths(ctx, u, decision)]
    if not able:
        return []
    decision.units = able
    ctx.state.pending.append(decision)
    return []
