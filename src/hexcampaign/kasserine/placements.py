"""German set-up: several units placed as one action (PlaceUnits), for a whole formation,
the hint's set-up or a saved set-up, so one undo takes them all back.

Each placement follows the rules of a single one (movement.place), in the order given,
so a later unit may stack on an earlier one. They are tried first on a copy of the
position: if any is refused, nothing is placed and the refusal names its rule, the unit
and the hex.

Changes recorded: those of each placement (UNITS with the units and their hexes, and
HOLDINGS, POINTS when a unit is placed on a place of the other side).
"""

from __future__ import annotations

from hexcampaign.hexes import Hex
from hexcampaign.kasserine import movement
from hexcampaign.kasserine.context import GameContext, copy_state
from hexcampaign.kasserine.position import refuse
from hexcampaign.kasserine.state import PlaceUnit, PlaceUnits
from hexcampaign.rules import IllegalAction


def place_units(ctx: GameContext, action: PlaceUnits) -> list[str]:
    """All the placements of `action`, or none (IllegalAction naming the first refused)."""
    if len(action.units) != len(action.hexes):
        raise refuse(
            f"German initial placement: {len(action.units)} units and {len(action.hexes)} hexes "
            "were given; each unit needs one hex",
        )
    if len(set(action.units)) != len(action.units):
        twice = next(uid for uid in action.units if action.units.count(uid) > 1)
        raise refuse(f"German initial placement: {_unit_name(ctx, twice)} is named twice")
    steps = [
        PlaceUnit(unit=uid, hex=at) for uid, at in zip(action.units, action.hexes, strict=True)
    ]
    # The trial: the real position is changed only once every placement has passed.
    trial = GameContext(
        ctx.map, copy_state(ctx.state), ctx.entry_zones, ctx.arrival_points, ctx.board
    )
    trial.east_edges, trial.entry_spots = ctx.east_edges, ctx.entry_spots  # the same map's
    trial.entry_pairs, trial.entry_sets = ctx.entry_pairs, ctx.entry_sets
    for step in steps:
        try:
            movement.place(trial, step)
        except IllegalAction as refusal:
            raise _refused(ctx, step, refusal, len(steps)) from None
    lines: list[str] = []
    for step in steps:
        lines += movement.place(ctx, step)
    return lines


def _refused(
    ctx: GameContext, step: PlaceUnit, refusal: IllegalAction, total: int
) -> IllegalAction:
    """The refusal of one placement, said for the whole action: its rule first, then the
    unit and the hex (unless it named them already), and that nothing was placed."""
    reason = str(refusal)
    name = _unit_name(ctx, step.unit)
    on_map = Hex(*step.hex) in ctx.board.index
    where = ctx.hexname(step.hex) if on_map else "a hex off the map"
    named = name in reason and (not on_map or ctx.map.label(Hex(*step.hex)) in reason)
    detail = "" if named else f" ({name} in {where})"
    rest = "nothing was placed" if total == 1 else f"none of the {total} units was placed"
    return refuse(f"{reason}{detail}, so {rest}", refusal.rule)


def _unit_name(ctx: GameContext, unit_id: str) -> str:
    """The counter's name, or the id a file gave quoted when no unit has it."""
    unit = ctx.state.units.get(unit_id)
    return ctx.label(unit) if unit is not None else f"the unit {unit_id[:40]!r}"


__all__ = ["place_units"]
