"""The turn: the phase machine, what a phase must settle before it may end (its
obligations), what each phase resets, Allied air superiority, and the end of the game.

Changes recorded: ending a phase sets PHASE; when it hands the game to the other side
(German combat -> Allied movement, Allied combat -> the next German movement) it also
sets LOCK: undo never goes back into the other player's turn.
"""

from __future__ import annotations

from hexcampaign.kasserine.context import GameContext
from hexcampaign.kasserine.movement import must_place, placeable, placement_candidates
from hexcampaign.kasserine.obligations import combat_obligations
from hexcampaign.kasserine.position import refuse
from hexcampaign.kasserine.state import GAME_OVER, PHASES, EndPhase
from hexcampaign.rules import IllegalAction
from hexcampaign.rules.changes import Play

PHASE_WORDS = {
    "german_setup": "German set-up",
    "german_movement": "German movement",
    "german_combat": "German combat",
    "allied_movement": "Allied movement",
    "allied_combat": "Allied combat",
    GAME_OVER: "game over",
}


def obligations(ctx: GameContext) -> list[str]:
    """What must still happen before the phase may end (empty when it may). Kept with
    the position (dropped at every change of state): listing the legal actions asks it,
    and so does ending the phase."""
    pos = ctx.position
    if pos.obligations is None:
        pos.obligations = _find_obligations(ctx)
    return list(pos.obligations)


def has_obligations(ctx: GameContext) -> bool:
    """bool(obligations(ctx)), without writing the sentences in set-up: listing the legal
    actions asks it after every placement, and naming every waiting unit cost more than
    finding the first."""
    pos = ctx.position
    if pos.obligations is None and ctx.state.phase == "german_setup" and not ctx.state.pending:
        return any(must_place(ctx, u) and placeable(ctx, u) for u in ctx.state.units.values())
    return bool(obligations(ctx))


def check_start(ctx: GameContext) -> None:
    """A custom start must be a position the rules can stand on."""
    pos = ctx.position
    for i, units in pos.occupants.items():
        where = ctx.hexname(ctx.board.hexes[i])
        if len({u.side for u in units}) > 1:
            raise IllegalAction(f"Stacking: German and Allied units share hex {where}")
        error = pos.stacking_error(i, [])
        if error:
            raise IllegalAction(f"{error} (hex {where})")


def begin_phase(ctx: GameContext, initial: bool = False) -> list[str]:
    """Reset what a new phase resets; `initial`: the phase a game starts in."""
    state = ctx.state
    side = state.side
    events: list[str] = []
    # Fields are assigned only when they change: a pydantic assignment costs a
    # microsecond, and there are a hundred units and five phases a turn.
    if state.phase.endswith("movement"):
        for u in state.units.values():
            if u.side != side:
                continue
            if u.mp_spent or u.hexes_moved or u.placed_cost or u.stopped:
                u.mp_spent = u.placed_cost if initial is False and u.placed_cost else 0
                u.hexes_moved = 1 if u.placed_cost else 0
                u.placed_cost = 0
                u.stopped = False
    if side == "allied" and state.turn >= ctx.rules.air_power_from_turn and state.air_superiority is None:
        # Decided on the Feb 22 turn, or at the first Allied phase of a game set up later.
        events.extend(_decide_air_power(ctx, initial))
    if state.phase.endswith("combat") or state.phase.endswith("movement"):
        for u in state.units.values():
            if u.attacked or u.defended or u.supported or u.advanced:
                u.attacked = u.defended = u.supported = u.advanced = False
        state.combats = []
    return events


def end_phase(ctx: GameContext, action: EndPhase) -> list[str]:
    problems = obligations(ctx)
    if problems:
        # Name every open obligation a player must see, not just the first.
        others = problems[1:4]
        tail = f". Also open: {'; '.join(others)}" if others else ""
        if len(problems) > 4:
            tail += f"; and {len(problems) - 4} more"
        raise refuse(problems[0] + tail, problems[0].split(":")[0])
    state = ctx.state
    side = state.side
    events: list[str] = [f"{PHASE_WORDS[state.phase]} ends"]
    ctx.changes.add(Play.PHASE)
    if state.phase.endswith("combat"):
        state.engagements = [e for e in state.engagements if not (e.side == side and e.turn <= state.turn)]
        state.contacts = [c for c in state.contacts if not (c.side == side and c.turn <= state.turn)]
        ctx.changes.add(Play.COMBAT)
    if state.phase == "allied_combat":
        if state.turn >= ctx.rules.turns:
            state.phase = GAME_OVER
            ctx.changes.add(Play.LOCK)  # the game is over: the end stands
            points = victory_points(ctx)
            events.append(
                f"The game ends: the Germans hold {points} point{'' if points == 1 else 's'}, {victory_level(ctx)}"
            )
            return events
        state.turn += 1
        state.phase = "german_movement"
    else:
        state.phase = PHASES[PHASES.index(state.phase) + 1]
    if state.side != side:
        ctx.changes.add(Play.LOCK)  # the hand-over: undo stops here
    # No unit changes hex, side or factors: the position is carried over the new phase
    # (GameContext.after_action), only what reads the phase, MP or marks found again.
    events.extend(begin_phase(ctx))
    return events


def victory_points(ctx: GameContext) -> int:
    holders = ctx.state.holders
    return sum(vp for name, vp in ctx.state.victory.items() if holders.get(name) == "german")


def victory_level(ctx: GameContext) -> str:
    points = victory_points(ctx)
    for level in ctx.rules.victory_levels:
        if level.min <= points <= level.max:
            return level.name
    return ctx.rules.victory_levels[-1].name


def _decide_air_power(ctx: GameContext, initial: bool) -> list[str]:
    state = ctx.state
    mode = state.options.allied_air_power
    if mode == "on":
        state.air_superiority = True
        return ["Allied air power: from today the Allies may shift one attack a turn one column"]
    if mode == "roll" and state.phase == "allied_movement" and not initial:
        face = ctx.roll_die()
        state.air_superiority = face >= 4
        won = "gain" if face >= 4 else "do not gain"
        return [f"Allied air power: rolled {face}; the Allies {won} air superiority"]
    return []


def _find_obligations(ctx: GameContext) -> list[str]:
    state = ctx.state
    if state.pending:
        return [f"Combat: a result is waiting — {ctx.describe(state.pending[0])}"]
    if state.phase == "german_setup":
        return [
            f"German initial placement: {ctx.label(u)} must be placed on its entry zone"
            for u in state.units.values()
            if must_place(ctx, u) and any(placement_candidates(ctx, u))
        ]
    if not state.phase.endswith("combat"):
        return []
    return combat_obligations(ctx)
