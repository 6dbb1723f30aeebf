"""Production and the Army HQ box: income, purchases, new formations, transfers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from hexcampaign.campaign.forces import check_composition, holds_foot_infantry
from hexcampaign.campaign.names import check_name, combat_units
from hexcampaign.campaign.phases import PHASE_TITLES
from hexcampaign.campaign.state import (
    ARMY_HQ,
    FormationKind,
    FormationRecord,
    Setup,
    State,
    UnitRecord,
    formation_kind,
    pair,
    to_hex,
)
from hexcampaign.campaign.supply import in_supply
from hexcampaign.campaign.tables import campaign_rules
from hexcampaign.campaign.unit_chart import UnitType
from hexcampaign.campaign.world import World
from hexcampaign.hexes import Hex
from hexcampaign.rules import IllegalAction

ORDINALS = {1: "st", 2: "nd", 3: "rd"}


class PurchaseView(Protocol):
    """What the purchase checks read: the rule modules' World and the Campaign facade
    both have it, so the desk asks these very checks of the campaign it holds."""

    @property
    def state(self) -> State: ...

    @property
    def setup(self) -> Setup: ...

    @property
    def side_to_play(self) -> str: ...

    @property
    def phase(self) -> str: ...


def production_points(c: World, side: str) -> int:
    """The PP of `side`'s own places that it still holds (the enemy gains nothing by
    taking them; they are lost until retaken)."""
    held, owners = c.state.holdings, c.state.owners
    return sum(p.pp for p in c.map.places() if held.get(p.name) == side == owners.get(p.name))


def purchase(c: World, side: str, type_id: str) -> str:
    t = check_purchase(c, side, type_id)
    bought = c.state.bought_this_turn.get(type_id, 0)
    _spend(c, side, t.cost, f"buy {t.name}")
    uid = c.next_id(f"{side}-unit", f"{side}-u")
    c.add_unit(
        UnitRecord(id=uid, side=side, type_id=type_id, where=ARMY_HQ, bought_turn=c.state.turn)
    )
    c.state.bought_this_turn[type_id] = bought + 1
    c.say(f"{side} buys {t.name} for {t.cost} PP; it waits in the Army HQ box")
    return uid


def purchase_list(c: World, side: str, type_ids: list[str]) -> list[str]:
    """Buy every unit of a basket, or none: the whole basket is checked first, and the
    refusal names the first unit that cannot be bought and why."""
    if not type_ids:
        raise IllegalAction("Purchase: the basket is empty", "Purchase")
    chart_types = []
    pp = c.state.pp[side] if side in c.state.pp else 0
    bought = dict(c.state.bought_this_turn)
    for n, type_id in enumerate(type_ids, 1):
        try:
            t = check_purchase(c, side, type_id)
        except IllegalAction as e:
            raise IllegalAction(
                f"Purchase: nothing was bought; item {n} of the basket cannot be: {e}", e.rule
            ) from None
        count = bought.get(type_id, 0)
        if t.per_turn_limit is not None and count >= t.per_turn_limit:
            raise IllegalAction(
                f"Purchase: nothing was bought; the basket holds more than the "
                f"{t.per_turn_limit} {t.name} allowed per turn",
                "Availability",
            )
        bought[type_id] = count + 1
        chart_types.append(t)
    total = sum(t.cost for t in chart_types)
    if total > pp:
        raise IllegalAction(
            f"Purchase: nothing was bought; the basket costs {total} PP and {side} has {pp}",
            "Production points",
        )
    return [purchase(c, side, type_id) for type_id in type_ids]


def check_purchase(c: PurchaseView, side: str, type_id: str) -> UnitType:
    """The unit type, or IllegalAction naming why `side` may not buy it now."""
    rule = "Purchase"
    _own_turn(c, side, "purchase", rule)
    chart = c.setup.charts[side]
    if not chart.has(type_id):
        raise IllegalAction(f"{rule}: the {side} unit chart has no unit type {type_id!r}", rule)
    t = chart.type(type_id)
    if c.state.turn < t.available_from_turn:
        raise IllegalAction(
            f"Availability: {t.name} may be bought from turn {t.available_from_turn}, "
            f"not turn {c.state.turn}",
            "Availability",
        )
    bought = c.state.bought_this_turn.get(type_id, 0)
    if t.per_turn_limit is not None and bought >= t.per_turn_limit:
        raise IllegalAction(
            f"Availability: at most {t.per_turn_limit} {t.name} per turn, and {bought} "
            f"{'was' if bought == 1 else 'were'} bought this turn",
            "Availability",
        )
    _can_spend(c, side, t.cost, f"buy {t.name}")
    return t


def check_basket_item(c: PurchaseView, side: str, basket: Sequence[str], type_id: str) -> UnitType:
    """The unit type, or IllegalAction naming why it may not join `side`'s basket now:
    check_purchase's rules, with the units already in the basket counted against a
    per-turn limit (the basket's total cost is left to the purchase, which refuses it
    whole and names the PP)."""
    t = check_purchase(c, side, type_id)
    if t.per_turn_limit is None:
        return t
    bought = c.state.bought_this_turn.get(type_id, 0)
    held = sum(1 for x in basket if x == type_id)
    if bought + held >= t.per_turn_limit:
        # (Here bought < the limit, check_purchase having passed: the basket holds some.)
        already = f"the basket holds {held}"
        if bought:
            already += f" and {bought} {'was' if bought == 1 else 'were'} bought this turn"
        raise IllegalAction(
            f"Availability: at most {t.per_turn_limit} {t.name} per turn, and {already}",
            "Availability",
        )
    return t


def build(c: World, side: str, what_kind: str, where: Hex) -> str:
    kind = check_build(c, side, what_kind, where)
    costs = campaign_rules().build_costs
    what = {"infantry": "Infantry Division", "mechanised": "Mechanised Division", "corps": "Corps"}
    _spend(c, side, costs[kind], f"build a {what[kind].lower()}")
    name = default_name(c, side, kind)
    fid = c.next_id(f"{side}-formation", f"{side}-{'c' if kind == 'corps' else 'd'}")
    f = FormationRecord(
        id=fid,
        name=name,
        side=side,
        kind=kind,
        hex=pair(where),
        experience=c.options.starting_experience,
        built_side_turn=c.state.side_turn,
    )
    c.add_formation(f)
    c.say(f"{side} builds the {name} at {c.map.label(where)} for {costs[kind]} PP")
    c.relocate(f, where, moved=True)
    return fid


def default_name(c: World, side: str, kind: str) -> str:
    """The next default name of a `side` formation of `kind`: "3rd Infantry Division",
    "II Corps". With Options.distinct_names the second side counts from 10 and a name
    the other side's formations bear is skipped, so the two sides' never look alike."""
    what = {"infantry": "Infantry Division", "mechanised": "Mechanised Division"}
    offset = 9 if c.options.distinct_names and side == c.setup.sides[1] else 0
    taken = (
        {f.name for f in c.state.formations.values() if f.side != side}
        if c.options.distinct_names
        else set()
    )
    while True:
        n = c.bump(f"{side}-{kind}") + offset
        name = f"{_roman(n)} Corps" if kind == "corps" else f"{n}{_ordinal(n)} {what[kind]}"
        if name not in taken:
            return name


def check_build(c: World, side: str, what_kind: str, where: Hex) -> FormationKind:
    """The kind of formation to build, or IllegalAction naming why `side` may not build a
    `what_kind` formation at `where` now."""
    rule = "Building"
    _own_turn(c, side, "reinforcement", rule)
    kind = formation_kind(what_kind)
    if kind is None:
        raise IllegalAction(f"{rule}: a new formation is infantry, mechanised or corps", rule)
    capital = to_hex(c.setup.capitals[side])
    if not c.map.contains(where) or where.distance(capital) > 1:
        raise IllegalAction(
            f"{rule}: new divisions and corps HQs are placed on the capital "
            f"({c.map.label(capital)}) or a hex next to it",
            rule,
        )
    if where in c.zone_of_control(c.enemy(side)):
        raise IllegalAction(
            f"{rule}: {c.map.label(where)} is in an enemy zone of control; new formations may "
            "not be placed there",
            rule,
        )
    if c.formations_at(where, side=c.enemy(side)):
        raise IllegalAction(f"{rule}: {c.map.label(where)} holds the enemy", rule)
    probe = FormationRecord(id="", name="", side=side, kind=kind, hex=pair(where))
    if not c.may_stack(probe, where):
        what = "corps HQ" if kind == "corps" else "division"
        raise IllegalAction(
            f"Stacking: only one {what} may occupy a hex, and {c.map.label(where)} already "
            f"holds one",
            "Stacking",
        )
    _can_spend(c, side, campaign_rules().build_costs[kind], f"build a new {kind} formation")
    return kind


def transfer(c: World, uid: str, fid: str) -> None:
    check_transfer(c, uid, fid)
    u = c.unit_record(uid)
    f = c.formation_record(fid)
    t = c.unit_type(uid)
    c.set_unit_home(u, fid)
    if f.kind != "corps":
        f.reinforced_side_turn = c.state.side_turn
    c.say(
        f"{t.name} joins {f.name}"
        + ("; it may not move or attack this turn" if f.kind != "corps" else "")
    )


def check_transfer(c: World, uid: str, fid: str) -> None:
    """IllegalAction naming why unit `uid` may not join formation `fid` now."""
    rule = "Reinforcement"
    u = c.unit_record(uid)
    f = c.formation_record(fid)
    _own_turn(c, u.side, "reinforcement", rule)
    if u.where != ARMY_HQ:
        raise IllegalAction(
            f"{rule}: units are transferred from the Army HQ box; {c.unit_label(uid)} is not in it",
            rule,
        )
    if f.side != u.side:
        raise IllegalAction(f"{rule}: {f.name} is not {u.side}'s", rule)
    t = c.unit_type(uid)
    types = [c.unit_type(x.id) for x in c.units_in(fid)] + [t]
    check_composition(f.kind, f.name, types)
    if (
        f.kind == "mechanised"
        and holds_foot_infantry(types)
        and not c.options.foot_infantry_in_mechanised
    ):
        raise IllegalAction(
            f"Mechanised division: all its infantry must be motorised or armoured; {t.name} "
            "is foot infantry",
            "Mechanised division",
        )
    if (
        f.kind != "corps"
        and c.options.supply
        and c.options.supply_blocks_reinforcement
        and not in_supply(c, fid)
    ):
        raise IllegalAction(f"Supply: {f.name} is out of supply and cannot be reinforced", "Supply")


def assign(c: World, fid: str, corps_id: str | None) -> None:
    rule = "Corps command"
    f = c.formation_record(fid)
    _own_turn(c, f.side, "reinforcement", rule)
    if f.kind == "corps":
        raise IllegalAction(f"{rule}: {f.name} is a corps HQ; only divisions are assigned", rule)
    if corps_id is not None:
        corps = c.formation_record(corps_id)
        if corps.kind != "corps" or corps.side != f.side:
            raise IllegalAction(f"{rule}: {corps.name} is not a friendly corps HQ", rule)
        f.corps = corps_id
        c.say(f"The {f.side} {f.name} comes under command of {corps.name}")
    else:
        f.corps = None
        c.say(f"The {f.side} {f.name} leaves corps command")


def end_of_turn_pp(c: World, side: str) -> None:
    if not c.options.carry_over_pp and c.state.pp[side]:
        c.say(f"{side} loses {c.state.pp[side]} unspent PP")
        c.state.pp[side] = 0


def _spend(c: World, side: str, cost: int, what: str) -> None:
    _can_spend(c, side, cost, what)
    c.state.pp[side] -= cost


def _can_spend(c: PurchaseView, side: str, cost: int, what: str) -> None:
    have = c.state.pp[side]
    if cost > have:
        raise IllegalAction(
            f"Production points: it costs {cost} PP to {what}; {side} has {have}",
            "Production points",
        )


def _own_turn(c: PurchaseView, side: str, phase: str, rule: str) -> None:
    if side not in c.setup.sides:
        raise IllegalAction(f"{rule}: there is no side {side!r} in this campaign", rule)
    if side != c.side_to_play:
        raise IllegalAction(f"{rule}: it is {c.side_to_play}'s turn, not {side}'s", rule)
    if c.phase != phase:
        raise IllegalAction(
            f"{rule}: this is done in the {PHASE_TITLES[phase]} phase, not the {PHASE_TITLES[c.phase]} phase",
            rule,
        )


def _ordinal(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else ORDINALS.get(n % 10, "th")


def _roman(n: int) -> str:
    out = ""
    for value, numeral in (
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ):
        while n >= value:
            out += numeral
            n -= value
    return out


def deploy(
    c: World,
    side: str,
    what_kind: str,
    where: Hex,
    type_ids: list[str],
    corps: str | None,
    experience: str | None,
    dug_in: bool,
    name: str | None = None,
) -> str:
    """The umpire places a formation with its units (a starting order of battle): no PP,
    no capital rule, but the composition, stacking and map rules hold."""
    rule = "Deployment"
    if side not in c.setup.sides:
        raise IllegalAction(f"{rule}: there is no side {side!r} in this campaign", rule)
    kind = formation_kind(what_kind)
    if kind is None:
        raise IllegalAction(f"{rule}: a formation is infantry, mechanised or corps", rule)
    if not c.map.contains(where):
        raise IllegalAction(f"{rule}: {where} lies off the map", rule)
    probe = FormationRecord(id="", name="", side=side, kind=kind, hex=pair(where))
    if not c.may_stack(probe, where):
        raise IllegalAction(
            f"Stacking: {c.map.label(where)} holds the enemy or a friendly formation of the same kind",
            "Stacking",
        )
    chart = c.setup.charts[side]
    missing = [t for t in type_ids if not chart.has(t)]
    if missing:
        raise IllegalAction(f"{rule}: the {side} unit chart has no {', '.join(missing)}", rule)
    types = [chart.type(t) for t in type_ids]
    check_composition(kind, f"the new {kind} formation", types)
    if (
        kind == "mechanised"
        and holds_foot_infantry(types)
        and not c.options.foot_infantry_in_mechanised
    ):
        raise IllegalAction(
            "Mechanised division: all its infantry must be motorised or armoured",
            "Mechanised division",
        )
    if corps is not None:
        parent = c.formation_record(corps)
        if kind == "corps" or parent.kind != "corps" or parent.side != side:
            raise IllegalAction(f"Corps command: {parent.name} cannot command it", "Corps command")
    level = experience or c.options.starting_experience
    if level not in campaign_rules().experience_levels:
        raise IllegalAction(f"Experience: {level!r} is not an experience level", "Experience")
    if name is not None:
        name = check_name(name, "formation")
    default = default_name(c, side, kind)
    if name is None:
        name = default
    fid = c.next_id(f"{side}-formation", f"{side}-{'c' if kind == 'corps' else 'd'}")
    f = FormationRecord(
        id=fid,
        name=name,
        side=side,
        kind=kind,
        hex=pair(where),
        corps=corps,
        experience=level,
        built_side_turn=c.state.side_turn,
    )
    c.add_formation(f)
    c.relocate(f, where, moved=False)
    f.moved_this_turn = False  # a starting position counts as held since the turn began
    f.dug_in = dug_in
    for type_id in type_ids:
        uid = c.next_id(f"{side}-unit", f"{side}-u")
        c.add_unit(
            UnitRecord(id=uid, side=side, type_id=type_id, where=fid, bought_turn=c.state.turn)
        )
    c.say(
        f"The umpire deploys the {side} {name} at {c.map.label(where)} with "
        f"{combat_units(len(type_ids))}" + (", dug in" if dug_in else "")
    )
    return fid
