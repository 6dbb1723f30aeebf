"""The umpire's corrections: PP, experience, names, strength, weather, a unit brought
back, a formation put in another hex, and a battle result amended.

Each is an action in the log like any other (so it replays and can be undone), made
outside the turn's rules but inside the map's and the unit chart's, and each logs its
reason in the log, and as an umpire's note (state.umpire_notes) worded for each side:
the side whose forces it touches reads it in full, the other only what fog of war lets
it know, so a report never gives away an enemy formation's hex or a unit's strength
through a correction. Both sides read the reason.
"""

from __future__ import annotations

from hexcampaign.campaign import actions as A
from hexcampaign.campaign.attacks import build_sheet
from hexcampaign.campaign.forces import check_composition
from hexcampaign.campaign.history import known_formation_ids
from hexcampaign.campaign.names import check_name
from hexcampaign.campaign.results import OUTCOMES, casualty_limit, participants
from hexcampaign.campaign.state import ARMY_HQ, ELIMINATED, Result, UmpireNote, to_hex
from hexcampaign.campaign.tables import battle_conditions, campaign_rules
from hexcampaign.campaign.world import World
from hexcampaign.rules import IllegalAction

RULE = "Umpire correction"


def adjust_pp(w: World, a: A.AdjustPP) -> None:
    if a.side not in w.setup.sides:
        raise IllegalAction(f"Umpire override: there is no side {a.side!r}", "Umpire override")
    if not a.reason.strip():
        raise IllegalAction("Umpire override: give a reason for the change", "Umpire override")
    if w.state.pp[a.side] + a.amount < 0:
        raise IllegalAction(
            f"Umpire override: {a.side} has only {w.state.pp[a.side]} PP to take away",
            "Umpire override",
        )
    w.state.pp[a.side] += a.amount
    why = a.reason.strip()
    _tell(
        w,
        a.side,
        f"Umpire override: {a.amount:+d} PP for {a.side} ({why})",
        # The enemy's PP are its own secret; that the umpire changed them is not.
        f"Umpire override: the umpire changes the {a.side} production points ({why})",
    )


def set_experience(w: World, a: A.SetExperience) -> None:
    levels = campaign_rules().experience_levels
    if a.level not in levels:
        raise IllegalAction(
            f"Experience: a division is {', '.join(levels)}, not {a.level!r}", "Experience"
        )
    f = w.formation_record(a.fid)
    f.experience = a.level
    why = f" ({a.reason.strip()})" if a.reason.strip() else ""
    full = f"Umpire correction: the umpire rates the {f.side} {f.name} {a.level}{why}"
    seen = f.id in known_formation_ids(w, w.enemy(f.side))
    _tell(
        w,
        f.side,
        full,
        full if seen else f"Umpire correction: the umpire rates a {f.side} formation{why}",
    )


def rename(w: World, a: A.Rename) -> None:
    name = check_name(a.name, "formation")
    f = w.formation_record(a.fid)
    old, f.name = f.name, name
    w.say(f"{old} is renamed {name}")


def restore_unit(w: World, a: A.RestoreUnit) -> None:
    """Bring an eliminated unit back, at full strength, into a formation of its side (or
    the Army HQ box)."""
    reason = _reason(a.reason)
    u = w.unit_record(a.uid)
    label = w.unit_label(a.uid)
    if u.where != ELIMINATED:
        raise IllegalAction(f"{RULE}: {label} has not been eliminated", RULE)
    if a.fid == ARMY_HQ:
        where_text = "the Army HQ box"
    else:
        f = w.formation_record(a.fid)
        if f.side != u.side:
            raise IllegalAction(f"{RULE}: {f.name} is not {u.side}'s", RULE)
        types = [w.unit_type(x.id) for x in w.units_in(f.id)] + [w.unit_type(a.uid)]
        check_composition(f.kind, f.name, types)
        where_text = f"the {f.name}"
    u.strength = None
    w.set_unit_home(u, a.fid)
    name = w.unit_type(a.uid).name
    _tell(
        w,
        u.side,
        f"{RULE}: the {u.side} {name} is restored to {where_text} ({reason})",
        f"{RULE}: an eliminated {u.side} unit is restored to play ({reason})",
    )


def umpire_move(w: World, a: A.UmpireMove) -> None:
    """Put a formation in a hex: the map and stacking hold, movement rules do not. It
    loses any dug-in status, as after any change of hex."""
    reason = _reason(a.reason)
    f = w.formation_record(a.fid)
    where = to_hex(a.where)
    if not w.map.contains(where):
        raise IllegalAction(f"{RULE}: {where} lies off the map", RULE)
    if not w.may_stack(f, where):
        raise IllegalAction(
            f"{RULE}: {f.name} cannot stand at {w.map.label(where)}: it holds the enemy or a "
            "friendly formation of the same kind",
            RULE,
        )
    start = w.map.label(to_hex(f.hex))
    enemy = w.enemy(f.side)
    seen_before = f.id in known_formation_ids(w, enemy)
    w.relocate(f, where, moved=False)
    # Where it stands now is known only next to the enemy's formations (a battle of this
    # turn made it known, not the hex the umpire puts it in).
    seen_after = f.id in known_formation_ids(w, enemy, battles=False)
    to = w.map.label(where)
    full = f"{RULE}: the {f.side} {f.name} is moved from {start} to {to} ({reason})"
    if seen_before and seen_after:
        told = full
    elif seen_after:
        told = f"{RULE}: the umpire places the {f.side} {f.name} at {to} ({reason})"
    elif seen_before:
        told = f"{RULE}: the umpire moves the {f.side} {f.name} away from {start} ({reason})"
    else:
        told = f"{RULE}: the umpire moves a {f.side} formation ({reason})"
    _tell(w, f.side, full, told)


def set_strength(w: World, a: A.SetStrength) -> None:
    """Set a unit's men or vehicles/guns below its chart's full strength (None: back to
    full strength). Casualty limits and the battle sheets follow it."""
    reason = _reason(a.reason)
    u = w.unit_record(a.uid)
    t = w.unit_type(a.uid)
    label = w.unit_label(a.uid)
    if u.where == ELIMINATED:
        raise IllegalAction(f"{RULE}: {label} has been eliminated; restore it first", RULE)
    what = "men" if t.red_number is not None else "vehicles or guns"
    if a.strength is not None and not 1 <= a.strength <= t.full_strength:
        raise IllegalAction(
            f"{RULE}: {label} has 1 to {t.full_strength} {what}, not {a.strength}", RULE
        )
    u.strength = None if a.strength == t.full_strength else a.strength
    now = t.full_strength if a.strength is None else a.strength
    # The sheets of battles still to fight are written again: players build the CM
    # battle from them, so they must carry the strength the engine now holds.
    for b in w.state.battles.values():
        if b.result is None and a.uid in participants(w, b):
            b.sheet = build_sheet(w, b)
    _tell(
        w,
        u.side,
        f"{RULE}: {label} now has {now} {what} ({reason})",
        f"{RULE}: the umpire corrects the strength of a {u.side} unit ({reason})",
    )


def set_weather(w: World, a: A.SetWeather) -> None:
    b = w.battle_record(a.battle)
    table = battle_conditions().weather
    if a.weather not in table:
        raise IllegalAction(
            f"Weather: the weather is one of {', '.join(table)}, not {a.weather!r}", "Weather"
        )
    if b.result is not None:
        raise IllegalAction(f"Weather: battle {b.id} has been fought", "Weather")
    b.weather = a.weather
    b.weather_set_by = "umpire"
    b.sheet = build_sheet(w, b)
    why = f" ({a.reason.strip()})" if a.reason.strip() else ""
    # Both sides fight the battle: both read its weather.
    line = f"Umpire correction: the umpire sets the weather of battle {b.id}: {a.weather}{why}"
    _tell(w, b.attacker_side, line, line)


def check_amendment(w: World, a: A.AmendResult) -> Result:
    """The result being amended; IllegalAction when the amendment cannot be made."""
    _reason(a.reason)
    b = w.battle_record(a.battle)
    if b.result is None:
        raise IllegalAction(
            f"Amend result: battle {b.id} has no result yet; enter it instead", "Amend result"
        )
    if a.outcome not in OUTCOMES:
        raise IllegalAction(
            f"Amend result: the outcome is one of {', '.join(OUTCOMES)}", "Amend result"
        )
    for uid, n in a.casualties.items():
        if uid in w.state.units and isinstance(n, int) and n > casualty_limit(w, uid):
            raise IllegalAction(
                f"Amend result: {w.unit_label(uid)} has only {casualty_limit(w, uid)} to lose, "
                f"not {n}",
                "Amend result",
            )
    return b.result


def log_amendment(w: World, a: A.AmendResult, old: Result, notes: list[str]) -> None:
    new = w.state.battles[a.battle].result
    assert new is not None
    was = _result_text(old)
    now = _result_text(new)
    more = f"; {'; '.join(notes)}" if notes else ""
    # Begins with "Battle" so both sides' logs carry it: both fought the battle.
    line = (
        f"Battle {a.battle} result amended by the umpire ({RULE.lower()}): {was} becomes "
        f"{now} ({a.reason.strip()}){more}"
    )
    _tell(w, w.state.battles[a.battle].attacker_side, line, line)


def _result_text(r: Result) -> str:
    text = r.outcome + (f" ({r.level})" if r.level else "")
    lost = sum(r.casualties.values())
    gone = len(r.eliminated)
    return f"{text}, {lost} casualties, {gone} unit{'' if gone == 1 else 's'} eliminated"


def _tell(w: World, side: str, full: str, to_enemy: str) -> None:
    """Log a correction in full and note it for both sides' turn reports: `side` (whose
    forces it touches) reads `full`, the enemy `to_enemy`."""
    w.say(full)
    w.state.umpire_notes.append(
        UmpireNote(
            turn=w.state.turn,
            line=len(w.state.log) - 1,
            by_side={side: full, w.enemy(side): to_enemy},
        )
    )


def _reason(reason: str) -> str:
    if not isinstance(reason, str) or not reason.strip():
        raise IllegalAction(f"{RULE}: give a reason for the correction", RULE)
    return reason.strip()
