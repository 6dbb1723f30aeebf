"""What the side to play still has to do this phase, item by item (no Qt): the
obligations that keep the phase from ending (units that must attack or be attacked,
re-attacks, counter-attacks, declared attacks to roll, a result waiting, units to place),
and in a movement phase what is owed or still open: CONTACT retreats, re-attacks and
counter-attacks the coming combat phase will demand, units not yet moved.

Each item names its unit and hex as the player sees them, its rule (the rulebook section
of rule_sections.py) and the hex the board centres on. The obligations are the engine's
own (obligations.py, phases.py): their sentences are exactly `Game.obligations()`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from hexcampaign.hexes import Hex
from hexcampaign.kasserine import movement
from hexcampaign.kasserine.obligations import Duty, combat_duties, in_zoc_of
from hexcampaign.kasserine.phases import PHASE_WORDS
from hexcampaign.kasserine.rule_sections import RuleSection, section_for
from hexcampaign.kasserine.state import Action, Axial, EndPhase, MoveStack, MoveUnit, UnitState

if TYPE_CHECKING:
    from hexcampaign.kasserine.context import GameContext
    from hexcampaign.kasserine.game import Game

# The kinds of item, in the order the list groups them.
KINDS = (
    "result",  # a combat result waits for a decision
    "place",  # German set-up: a unit still to place
    "resolve",  # a declared attack still to roll
    "must attack",
    "must be attacked",
    "re-attack",  # ENGAGED: the attacker must attack the engaged defenders again
    "counter-attack",  # CONTACT / ENGAGED: the attackers must all be attacked
    "contact retreat",  # movement: leave the CONTACT attackers' zones of control
    "not yet moved",
    "may enter",  # a reinforcement that has arrived and not entered the map
)


@dataclass(frozen=True)
class ToDo:
    """One thing still to do this phase."""

    kind: str  # one of KINDS
    text: str  # the sentence the player reads, starting with its rule's name
    unit: str | None  # the unit's id, None when the item is no one unit's
    unit_label: str  # the unit as its counter names it ("" for none)
    hex: Hex | None  # where it is (where it enters, for a unit off the map)
    hex_label: str  # the hex as the map prints it ("1318 (Kasserine)"; "" for none)
    rule: RuleSection
    required: bool  # True: the phase may not end before it is done


def still_to_do(game: Game) -> list[ToDo]:
    """Every item of the phase, obligations first (in the engine's order), then what is
    owed or open in a movement phase. Nothing is left out: the list is never cut."""
    ctx = game.context
    state = ctx.state
    if game.over:
        return []
    if state.pending:
        return [_result(ctx)]
    if state.phase == "german_setup":
        return _placements(ctx)
    if state.phase.endswith("combat"):
        return [_duty(ctx, duty, required=True) for duty in combat_duties(ctx)]
    owed = _contact_retreats(ctx)
    coming = _coming_attacks(ctx)
    # A unit listed for a retreat owed or an attack coming is not listed again as unmoved.
    listed = {item.unit for item in owed + coming}
    moved = _moved_this_phase(game.actions()) | {u for u in listed if u is not None}
    return owed + coming + _not_moved(ctx, moved)


def obligations_only(items: list[ToDo]) -> list[ToDo]:
    """The items that keep the phase from ending."""
    return [item for item in items if item.required]


def heading(game: Game, items: list[ToDo]) -> str:
    """The list's title: "German combat, Feb 17: 13 obligations"."""
    state = game.context.state
    phase = PHASE_WORDS.get(state.phase, state.phase)
    when = f"{phase[:1].upper()}{phase[1:]}, {game.date()}"
    required = len(obligations_only(items))
    if not items:
        return f"{when}: nothing left to do"
    parts = []
    if required:
        parts.append(f"{required} obligation{'' if required == 1 else 's'}")
    if len(items) > required:
        parts.append(f"{len(items) - required} still open")
    return f"{when}: {', '.join(parts)}"


# --- the items of each phase -------------------------------------------------------------


def _result(ctx: GameContext) -> ToDo:
    decision = ctx.state.pending[0]
    at: Axial | None = decision.battle
    units = [ctx.state.units[u] for u in decision.units if u in ctx.state.units]
    if at is None:
        at = next((u.at for u in units if u.at is not None), None)
    if at is None:
        at = ctx.combat(decision.combat).target if _has_combat(ctx, decision.combat) else None
    text = f"Combat: a result is waiting — {ctx.describe(decision)}"
    first = units[0] if len(units) == 1 else None
    return _item(ctx, "result", text, first, at, required=True)


def _placements(ctx: GameContext) -> list[ToDo]:
    items = []
    for u in ctx.state.units.values():
        if not movement.must_place(ctx, u):
            continue
        first = next(movement.placement_candidates(ctx, u), None)
        if first is None:
            continue  # its zone is full: it enters by movement later, as phases.py says
        text = f"German initial placement: {ctx.label(u)} must be placed on its entry zone"
        items.append(_item(ctx, "place", text, u, _axial(ctx, first), required=True))
    return items


def _duty(ctx: GameContext, duty: Duty, required: bool, text: str | None = None) -> ToDo:
    return _item(ctx, duty.kind, text or duty.text, duty.unit, duty.at, required)


def _contact_retreats(ctx: GameContext) -> list[ToDo]:
    """CONTACT: the defender must, in his turn, counter-attack all the attackers or
    retreat all his defending units. In his movement phase each defending unit still in
    an attacker's zone of control is a retreat owed (or the counter-attack is due)."""
    state = ctx.state
    items = []
    for contact in state.contacts:
        if contact.side != state.side or contact.turn != state.turn:
            continue
        attackers = [state.units[a] for a in contact.attackers if ctx.on_map(state.units[a])]
        defenders = [state.units[d] for d in contact.defenders if ctx.on_map(state.units[d])]
        names = ctx.labels(a.id for a in attackers)
        for d in defenders:
            near = [a for a in attackers if in_zoc_of(ctx, d, a)]
            if not near:
                continue
            assert d.at is not None  # on the map
            text = (
                f"Contact: {ctx.label(d)} at {ctx.hexname(d.at)} must move out of the zone of "
                f"control of {ctx.labels(a.id for a in near)} this phase, or {names} must all "
                "be counter-attacked in the combat phase"
            )
            items.append(_item(ctx, "contact retreat", text, d, d.at, required=False))
    return items


def _coming_attacks(ctx: GameContext) -> list[ToDo]:
    """What the coming combat phase will demand for certain: the ENGAGED re-attacks, and
    the attacks of units that entered an enemy zone of control this phase (they may not
    move again; a unit that merely starts in one may still leave)."""
    items = []
    for duty in combat_duties(ctx):
        if duty.kind == "re-attack":
            text = duty.text.replace("this phase", "in the combat phase")
            items.append(_duty(ctx, duty, required=False, text=text))
        elif duty.kind == "must attack" and duty.unit is not None and duty.unit.stopped:
            text = duty.text.replace("must attack", "must attack in the combat phase")
            items.append(_duty(ctx, duty, required=False, text=text))
    return items


def _not_moved(ctx: GameContext, moved: set[str]) -> list[ToDo]:
    """The side's units that have not moved this phase and still may: on the map with MP
    left, or reinforcements that have arrived and not entered."""
    state = ctx.state
    items = []
    for u in state.units.values():
        if u.side != state.side or u.eliminated or u.id in moved:
            continue
        if u.broken_from is not None and u.broken_from in moved:
            continue  # the parts of a unit that moved before breaking down
        if movement.movement_error(ctx, u) is not None or u.mp_spent >= u.mf:
            continue
        if u.at is not None:
            text = f"Movement: {ctx.label(u)} at {ctx.hexname(u.at)} has not moved this phase"
            items.append(_item(ctx, "not yet moved", text, u, u.at, required=False))
            continue
        starts = movement.starts_of(ctx, u)
        at = _axial(ctx, starts[0][0]) if starts else None
        text = f"Reinforcements: {ctx.label(u)} may enter the map at {movement.arrival_point(u)}"
        items.append(_item(ctx, "may enter", text, u, at, required=False))
    return items


# --- inside --------------------------------------------------------------------------------


def _moved_this_phase(actions: list[Action]) -> set[str]:
    """The units named by a move since the phase began (the game's own record of
    actions; a unit's MP spent would count German initial placement as a move)."""
    moved: set[str] = set()
    for action in reversed(actions):
        if isinstance(action, EndPhase):
            break
        if isinstance(action, MoveUnit):
            moved.add(action.unit)
        elif isinstance(action, MoveStack):
            moved.update(action.units)
    return moved


def _item(
    ctx: GameContext, kind: str, text: str, u: UnitState | None, at: Axial | None, required: bool
) -> ToDo:
    rule = section_for(text)
    assert rule is not None, text  # rule_sections covers every rule name (its test)
    h = Hex(*at) if at is not None else None
    return ToDo(
        kind=kind,
        text=text,
        unit=u.id if u is not None else None,
        unit_label=ctx.label(u) if u is not None else "",
        hex=h,
        hex_label=ctx.hexname(h) if h is not None else "",
        rule=rule,
        required=required,
    )


def _axial(ctx: GameContext, i: int) -> Axial:
    h = ctx.board.hexes[i]
    return (h.q, h.r)


def _has_combat(ctx: GameContext, combat_id: int) -> bool:
    return any(c.id == combat_id for c in ctx.state.combats)
