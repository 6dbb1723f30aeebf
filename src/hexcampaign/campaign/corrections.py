"""The umpire's corrections: PP, experience, names, strength, weather, a unit brought
back, a formation put in another hex, and a battle result amended.

Each is an action in the log like any other (so it replays and can be undone), made
outside the turn's rules but inside the map's and the unit chart's, and each logs its
reason in a line beginning "Umpire correction:" that both sides' turn reports show.
"""

from __future__ import annotations

from typing import Any

from hexcampaign.campaign import actions as A
from hexcampaign.campaign.attacks import build_sheet
from hexcampaign.campaign.forces import check_composition
from hexcampaign.campaign.names import check_name
from hexcampaign.campaign.results import OUTCOMES, casualty_limit
from hexcampaign.campaign.state import ARMY_HQ, ELIMINATED, Result, to_hex
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
    w.say(f"Umpire override: {a.amount:+d} PP for {a.side} ({a.reason.strip()})")


def set_experience(w: World, a: A.SetExperience) -> None:
    levels = campaign_rules().experience_levels
    if a.level not in levels:
        raise IllegalAction(
            f"Experience: a division is {', '.join(levels)}, not {a.level!r}", "Experience"
        )
    f = w.formation_record(a.fid)
    f.experience = a.level
    why = f" ({a.reason.strip()})" if a.reason.strip() else ""
    w.say(f"The umpire rates {f.name} {a.level}{why}")


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
        where_text = f.name
    u.strength = None
    w.set_unit_home(u, a.fid)
    w.say(f"{RULE}: {w.unit_type(a.uid).name} is restored to {where_text} ({reason})")


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
    w.relocate(f, where, moved=False)
    w.say(f"{RULE}: the {f.side} {f.name} is moved from {start} to {w.map.label(where)} ({reason})")


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
    w.say(f"{RULE}: {label} now has {now} {what} ({reason})")


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
    w.say(f"The umpire sets the weather of battle {b.id}: {a.weather}{why}")


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
    # Begins with "Battle" so both sides' turn reports carry it.
    w.say(
        f"Battle {a.battle} result amended by the umpire ({RULE.lower()}): {was} becomes "
        f"{now} ({a.reason.strip()}){more}"
    )


def _result_text(r: Any) -> str:
    text = r.outcome + (f" ({r.level})" if r.level else "")
    lost = sum(r.casualties.values())
    return f"{text}, {lost} casualties, {len(r.eliminated)} units eliminated"


def _reason(reason: str) -> str:
    if not isinstance(reason, str) or not reason.strip():
        raise IllegalAction(f"{RULE}: give a reason for the correction", RULE)
    return reason.strip()
