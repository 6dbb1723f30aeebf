"""Applying actions: the table from action type to the rule that handles it, what each
action changed, replays, and the umpire's amendment of a result (a replay of the log
with the amended result).

`apply(world, action)` is the only way the position changes: it runs the handler,
appends the action (as logged, with any die face) to the log and returns a
`CampaignChanges` (the log lines it wrote, flags of what changed, units and hexes).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from hexcampaign.campaign import actions as A
from hexcampaign.campaign import (
    attacks,
    battle_admin,
    corrections,
    ending,
    movement,
    production,
    results,
    turn,
)
from hexcampaign.campaign.phases import PHASE_TITLES
from hexcampaign.campaign.state import ELIMINATED, BattleRecord, Result, Setup, State, to_hex
from hexcampaign.campaign.world import World
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap
from hexcampaign.rules import IllegalAction
from hexcampaign.rules.changes import Play, PlayChanges


class CampaignChanges(PlayChanges):
    """PlayChanges plus what the action returned (a new unit's id, a battle, a result)."""

    value: Any = None


@dataclass(frozen=True)
class Logged:
    """A handler's answer when the action to log differs from the one asked (a die face
    rolled while applying it is written into the logged action)."""

    value: Any
    action: A.CampaignAction


def begin(hexmap: HexMap, setup: Setup) -> World:
    """A campaign at its first turn: nothing on the map, the first side's income."""
    state = State(
        pp=dict.fromkeys(setup.sides, 0),
        holdings=dict(setup.holdings),
        owners=dict(setup.holdings),
    )
    w = World(hexmap, setup, state)
    w.say("The campaign begins", w.sides)
    turn.start_turn(w)
    return w


def apply(w: World, asked: A.CampaignAction | dict[str, Any]) -> CampaignChanges:
    """Apply one action by the rules; IllegalAction (nothing logged) when they forbid it."""
    action = A.parse_action(asked)
    handler = HANDLERS[type(action)]
    if w.state.ended is not None and not isinstance(action, A.CORRECTIONS + A.ADMIN):
        raise IllegalAction(
            f"End of the campaign: the campaign is over. {w.state.ended.reason} Only the "
            "umpire's corrections may still be made.",
            "End of the campaign",
        )
    before = _snapshot(w)
    w.position_changed()
    w.audience = actor(w, action)
    w.ordered_by = action.ordered_by
    try:
        value = handler(w, action)
    finally:
        w.audience = None
        w.ordered_by = None
        w.position_changed()
    if isinstance(value, Logged):
        value, action = value.value, value.action
    ending.check_end(w)
    changes = _changes(w, before)
    changes.value = value
    if isinstance(action, A.AmendResult):
        changes.add(Play.ALL & ~Play.LOCK)
    if isinstance(action, A.ADMIN):
        changes.add(Play.COMBAT)  # a battle's status, of this turn or an earlier one
    w.actions.append(action)
    return changes


def actor(w: World, action: A.CampaignAction) -> frozenset[str] | None:
    """The side whose decision or forces an action is: by default only it reads the log
    lines the action writes (fog of war). None for the end of a phase: each line goes
    to the side to play when it is written (the next side's turn begins in it)."""
    side: str | None = getattr(action, "side", None)
    uid = getattr(action, "uid", None)
    fid = getattr(action, "fid", None)
    battle = w.state.battles.get(str(getattr(action, "battle", "")))
    if side is None and uid in w.state.units:
        side = w.state.units[uid].side
    elif side is None and fid in w.state.formations:
        side = w.state.formations[fid].side
    elif side is None and battle is not None:
        side = (
            battle.defender_side if isinstance(action, A.SupportDefense) else battle.attacker_side
        )
    elif side is None and isinstance(action, A.DeclareAttack):
        side = w.side_to_play
    return None if side is None or side not in w.sides else frozenset({side})


def replay(hexmap: HexMap, setup: Setup, actions: Iterable[A.CampaignAction]) -> World:
    """The campaign rebuilt from its set-up and log (die rolls read from the log)."""
    w = begin(hexmap, setup)
    for action in actions:
        apply(w, action)
    return w


def locks(action: A.CampaignAction) -> bool:
    """Whether undo stops at this action: a die rolled by the program."""
    return isinstance(action, A.Pursuit) and action.by_dice


# --- handlers ---------------------------------------------------------------------------


def _end_phase(w: World, a: A.EndPhase) -> None:
    turn.end_phase(w)


def _purchase(w: World, a: A.Purchase) -> str:
    return production.purchase(w, a.side, a.type_id)


def _purchase_list(w: World, a: A.PurchaseList) -> list[str]:
    return production.purchase_list(w, a.side, list(a.type_ids))


def _build(w: World, a: A.Build) -> str:
    return production.build(w, a.side, a.kind, to_hex(a.where))


def _deploy(w: World, a: A.Deploy) -> str:
    return production.deploy(
        w,
        a.side,
        a.kind,
        to_hex(a.where),
        list(a.type_ids),
        a.corps,
        a.experience,
        a.dug_in,
        a.name,
    )


def _transfer(w: World, a: A.Transfer) -> None:
    production.transfer(w, a.uid, a.fid)


def _assign(w: World, a: A.Assign) -> None:
    production.assign(w, a.fid, a.corps_id)


def _move(w: World, a: A.Move) -> None:
    movement.move(w, a.fid, [to_hex(p) for p in a.path])


def _declare_attack(w: World, a: A.DeclareAttack) -> BattleRecord:
    return attacks.declare_attack(w, list(a.attackers), a.defender, list(a.artillery), list(a.air))


def _support_defense(w: World, a: A.SupportDefense) -> None:
    attacks.support_defense(w, a.battle, list(a.artillery), list(a.air))


def _cancel_attack(w: World, a: A.CancelAttack) -> None:
    attacks.cancel_attack(w, a.battle)


def _enter_result(w: World, a: A.EnterResult) -> Result:
    return results.enter_result(
        w,
        a.battle,
        a.outcome,
        a.level,
        dict(a.casualties),
        dict(a.abandoned),
        list(a.eliminate),
        list(a.spare),
    )


def _retreat(w: World, a: A.Retreat) -> None:
    results.retreat(w, a.fid, to_hex(a.where))


def _advance(w: World, a: A.Advance) -> None:
    results.advance(w, a.fid, to_hex(a.where))


def _pursuit(w: World, a: A.Pursuit) -> Logged:
    success, face, by_dice = results.pursuit(w, a.battle, a.division, a.roll, a.by_dice)
    return Logged(success, a.model_copy(update={"roll": face, "by_dice": by_dice}))


def _amend_result(w: World, a: A.AmendResult) -> Result | None:
    """Rebuild the campaign from its log with the battle's result amended, re-applying
    every later action; refused, naming the action, when one no longer fits."""
    old = corrections.check_amendment(w, a)
    rebuilt, notes = _replay_amended(w, a)
    w.state = rebuilt.state
    w.position_changed()
    corrections.log_amendment(w, a, old, notes)
    return w.state.battles[a.battle].result


HANDLERS: dict[type, Callable[[World, Any], Any]] = {
    A.EndPhase: _end_phase,
    A.Purchase: _purchase,
    A.PurchaseList: _purchase_list,
    A.Build: _build,
    A.Deploy: _deploy,
    A.Transfer: _transfer,
    A.Assign: _assign,
    A.Move: _move,
    A.DeclareAttack: _declare_attack,
    A.SupportDefense: _support_defense,
    A.CancelAttack: _cancel_attack,
    A.EnterResult: _enter_result,
    A.Retreat: _retreat,
    A.Advance: _advance,
    A.Pursuit: _pursuit,
    A.AdjustPP: corrections.adjust_pp,
    A.SetExperience: corrections.set_experience,
    A.Rename: corrections.rename,
    A.AmendResult: _amend_result,
    A.RestoreUnit: corrections.restore_unit,
    A.UmpireMove: corrections.umpire_move,
    A.SetStrength: corrections.set_strength,
    A.SetWeather: corrections.set_weather,
    A.MarkSheetsSent: battle_admin.mark_sheets_sent,
    A.MarkFought: battle_admin.mark_fought,
    A.AttachBattleFile: battle_admin.attach_file,
}


# --- amendments -------------------------------------------------------------------------


def _replay_amended(w: World, amend: A.AmendResult) -> tuple[World, list[str]]:
    """The campaign replayed with `amend` in place of the battle's entered result.
    Later retreats, advances and pursuits of that battle that the new result no longer
    allows are dropped; a retreat it now demands is made to the first legal hex."""
    bid = amend.battle
    rebuilt = begin(w.map, w.setup)
    notes: list[str] = []
    amended = False
    for action in w.actions:
        if isinstance(action, A.AmendResult) and action.battle == bid:
            continue  # superseded by this amendment
        if isinstance(action, A.EnterResult) and action.battle == bid:
            action = A.EnterResult(
                battle=bid,
                outcome=amend.outcome,
                level=amend.level,
                casualties=dict(amend.casualties),
                abandoned=dict(amend.abandoned),
            )
            amended = True
        elif amended and isinstance(action, A.EndPhase):
            notes += _forced_retreats(rebuilt, bid)
        try:
            apply(rebuilt, action)
        except IllegalAction as e:
            if amended and _follows_from(rebuilt, action, bid):
                notes.append(f"dropped: {describe(rebuilt, action)}")
                continue
            raise IllegalAction(
                f"Amend result: with the amended result of battle {bid}, a later action no "
                f"longer fits: {describe(rebuilt, action)} ({e})",
                "Amend result",
            ) from None
    if amended:
        notes += _forced_retreats(rebuilt, bid)
    return rebuilt, notes


def _forced_retreats(w: World, bid: str) -> list[str]:
    b = w.state.battles.get(bid)
    if b is None or not any(s == "pending" for s in b.retreats.values()):
        return []
    phase = "pursuit" if b.kind == "pursuit" else "retreat_advance"
    if w.phase != phase or b.side_turn != w.state.side_turn:
        return []
    notes = []
    for fid, status in list(b.retreats.items()):
        options = results.retreat_options(w, fid) if status == "pending" else []
        if options:
            name = w.formation_record(fid).name
            apply(w, A.Retreat(fid=fid, where=(options[0].q, options[0].r)))
            notes.append(f"{name} retreats to {w.map.label(options[0])}")
    return notes


def _follows_from(w: World, action: A.CampaignAction, bid: str) -> bool:
    """Whether `action` was a consequence of battle `bid`'s result (retreat, advance,
    pursuit, or anything about its pursuit battle)."""
    b = w.state.battles.get(bid)
    if b is None:
        return False
    if isinstance(action, A.Retreat):
        return action.fid in b.defenders
    if isinstance(action, A.Advance):
        return action.fid in b.attackers and to_hex(action.where) == to_hex(b.defender_hex)
    if isinstance(action, A.Pursuit):
        return action.battle == bid
    battle = getattr(action, "battle", None)
    return battle is not None and battle not in w.state.battles


def describe(w: World, action: A.CampaignAction) -> str:
    """An action as the umpire reads it in a refusal."""
    names = {fid: f"the {f.side} {f.name}" for fid, f in w.state.formations.items()}
    kind = str(action.get("act")).replace("_", " ")
    if isinstance(action, A.EndPhase):
        return f"the end of {w.side_to_play}'s {PHASE_TITLES[w.phase]} phase, turn {w.turn}"
    if isinstance(action, A.Retreat | A.Advance | A.UmpireMove):
        return f"{kind} of {names.get(action.fid, 'a formation')} to {w.map.label(to_hex(action.where))}"
    if isinstance(action, A.Move):
        return f"the move of {names.get(action.fid, 'a formation')} to {w.map.label(to_hex(action.path[-1]))}"
    battle = getattr(action, "battle", None)
    if battle:
        return f"{kind} for battle {battle}"
    return kind


# --- what changed -----------------------------------------------------------------------


def _snapshot(w: World) -> tuple:
    s = w.state
    return (
        {
            fid: (
                f.hex,
                f.dug_in,
                f.fortified,
                f.experience,
                f.name,
                f.corps,
                f.reinforced_side_turn,
            )
            for fid, f in s.formations.items()
        },
        {uid: (u.where, u.strength) for uid, u in s.units.items()},
        (s.turn, s.side_index, s.phase, s.ended is not None),
        {b.id: _battle_key(b) for b in w.battles_this_turn()},
        dict(s.holdings),
        dict(s.pp),
        len(s.log),
        len(s.rolls),
    )


def _battle_key(b: BattleRecord) -> tuple[object, ...]:
    r = b.result
    result = None if r is None else (r.outcome, r.level, tuple(r.eliminated))
    decision = (result, tuple(b.retreats.items()), b.advanced, b.pursuit_roll, b.pursuit_battle)
    return decision, (tuple(b.defense_artillery), tuple(b.defense_air), b.weather)


def _changes(w: World, before: tuple) -> CampaignChanges:
    forms, units, clock, battles, holdings, pp, lines, rolls = before
    after = _snapshot(w)
    changes = CampaignChanges(w.state.log[lines:])
    a_forms, a_units = after[0], after[1]
    for fid, old in forms.items():
        new = a_forms.get(fid)
        if new is None:
            changes.add(Play.ELIMINATED | Play.UNITS, [fid], [Hex(*old[0])])
        elif new != old:
            changes.add(Play.UNITS, [fid], {Hex(*old[0]), Hex(*new[0])})
    for fid, new in a_forms.items():
        if fid not in forms:
            changes.add(Play.UNITS, [fid], [Hex(*new[0])])
    for uid, new in a_units.items():
        old = units.get(uid)
        if old == new:
            continue
        flag = Play.ELIMINATED if new[0] == ELIMINATED else Play.UNITS
        changes.add(flag, [uid])
        for where in (old and old[0], new[0]):
            home = w.state.formations.get(where) if where else None
            if home is not None:
                changes.add(Play.UNITS, [home.id], [Hex(*home.hex)])
    if after[2] != clock:
        changes.add(Play.PHASE)
    if after[3] != battles:
        changes.add(Play.COMBAT)
        if {k: v[0] for k, v in after[3].items()} != {k: v[0] for k, v in battles.items()}:
            changes.add(Play.DECISION)
    if after[4] != holdings:
        changes.add(Play.HOLDINGS)
        for name in set(holdings) ^ set(after[4]) | {
            n for n in holdings if holdings[n] != after[4].get(n)
        }:
            changes.add(Play.HOLDINGS, hexes=[w.map.place(name).hex])
    if after[5] != pp:
        changes.add(Play.POINTS)
    if after[7] != rolls:
        changes.add(Play.LOCK)
    return changes
