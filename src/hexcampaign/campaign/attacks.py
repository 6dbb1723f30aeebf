"""Attack orders: who may attack whom, artillery and air support, and the set-up sheet."""

from __future__ import annotations

import random

from hexcampaign.campaign.battle_sheet import AreaHex, BattleSheet, OobLine, terrain_lines
from hexcampaign.campaign.calendar import date_text, turn_date
from hexcampaign.campaign.names import combat_units
from hexcampaign.campaign.phases import PHASE_TITLES
from hexcampaign.campaign.state import BattleRecord, pair, to_hex
from hexcampaign.campaign.supply import in_supply
from hexcampaign.campaign.tables import battle_conditions, battle_types, campaign_rules
from hexcampaign.campaign.world import World
from hexcampaign.hexes import DIRECTION_NAMES, Hex
from hexcampaign.rules import IllegalAction

ARTILLERY = ("medium_artillery", "heavy_artillery", "heavy_mortar")
FORT_NOTE = "Fortifications computed from"


def declare_attack(
    c: World, attackers: list[str], defender: str, artillery: list[str], air: list[str]
) -> BattleRecord:
    side = c.side_to_play
    _need_phase(c, "Attack orders")
    if c.state.orders_closed:
        raise IllegalAction(
            "Attack orders: the defender has begun assigning defensive support, so the "
            "attacker's orders are closed",
            "Attack orders",
        )
    target = c.formation_record(defender)
    if target.side == side:
        raise IllegalAction(
            f"Attack orders: {target.name} is not an enemy formation", "Attack orders"
        )
    where = to_hex(target.hex)
    if target.kind == "corps":
        # A corps HQ sharing its hex with a division is defended by that division: the
        # battle type and any pursuit follow the division.
        target = next(
            (f for f in c.formations_at(where, side=target.side) if f.kind != "corps"), target
        )
    if not attackers:
        raise IllegalAction("Attack orders: name at least one attacking division", "Attack orders")
    if len(set(attackers)) != len(attackers):
        raise IllegalAction("Attack orders: a division is named twice", "Attack orders")
    for b in c.battles_this_turn():
        if to_hex(b.defender_hex) == where:
            raise IllegalAction(
                f"Attack orders: {c.map.label(where)} is already attacked this turn; name every "
                "attacking division in one order",
                "Attack orders",
            )
    busy = {a for b in c.battles_this_turn() for a in b.attackers}
    for fid in attackers:
        f = c.formation_record(fid)
        if f.side != side:
            raise IllegalAction(f"Attack orders: {f.name} is not {side}'s", "Attack orders")
        if f.kind == "corps":
            raise IllegalAction(
                f"Attack orders: only divisions attack; {f.name} is a corps HQ", "Attack orders"
            )
        if not to_hex(f.hex).is_adjacent(where):
            raise IllegalAction(
                f"Attack orders: {f.name} is not adjacent to the enemy at {c.map.label(where)}",
                "Attack orders",
            )
        if f.reinforced_side_turn == c.state.side_turn:
            raise IllegalAction(
                f"Reinforcement: {f.name} was reinforced this turn and may not attack",
                "Reinforcement",
            )
        if fid in busy:
            raise IllegalAction(
                f"Attack orders: {f.name} already attacks in another battle this turn",
                "Attack orders",
            )
    parents = {c.formation_record(a).corps for a in attackers} - {None}
    _check_support(c, side, where, artillery, air, parents, defending=False)
    defenders = [target.id] + [
        f.id for f in c.formations_at(where, side=target.side) if f.id != target.id
    ]
    battle = BattleRecord(
        id=c.next_id("battle", "B"),
        kind="battle",
        side_turn=c.state.side_turn,
        turn=c.state.turn,
        attacker_side=side,
        defender_side=target.side,
        attackers=list(attackers),
        defender=target.id,
        defenders=defenders,
        defender_hex=pair(where),
        artillery=list(artillery),
        air=list(air),
        sheet=_placeholder_sheet(),
    )
    battle.weather = roll_weather(c, battle.id)
    battle.weather_set_by = "rolled"
    battle.sheet = build_sheet(c, battle)
    c.state.battles[battle.id] = battle
    for fid in attackers:
        c.formation_record(fid).attacked_this_turn = True
    for fid in defenders:
        c.formation_record(fid).attacked_by_enemy = True
    names = ", ".join(c.formation_record(a).name for a in attackers)
    c.say(
        f"The {side} {names} {'attacks' if len(attackers) == 1 else 'attack'} the {target.side} {target.name} at {c.map.label(where)} "
        f"({battle.sheet.battle_type}, "
        f"{battle.sheet.turns} turns) as battle {battle.id}; weather rolled: {battle.weather}"
    )
    return battle


def roll_weather(c: World, battle_id: str) -> str:
    """The battle's weather from the conditions table's weights. Drawn from the campaign
    seed and the battle's id, not the dice: a weather roll reveals nothing, so it must
    not lock undo, and a replay draws the same weather."""
    table = battle_conditions().weather
    rng = random.Random(f"{c.setup.seed}/{battle_id}")
    names = [w for w, weight in table.items() if weight > 0]
    return rng.choices(names, weights=[table[w] for w in names])[0]


def support_defense(c: World, battle_id: str, artillery: list[str], air: list[str]) -> None:
    _need_phase(c, "Defensive support")
    b = c.battle_record(battle_id)
    if b.side_turn != c.state.side_turn or b.kind != "battle":
        raise IllegalAction(
            f"Defensive support: battle {b.id} is not one of this turn's attacks",
            "Defensive support",
        )
    # The defender's step closes the attacker's orders, so they must be lawful first;
    # otherwise nothing legal could end the phase.
    broken = unsupported_joins(c)
    if broken:
        raise IllegalAction(
            f"{broken[0]}. Settle the attack orders before the defender assigns support.",
            "Attack orders",
        )
    defender = c.formation_record(b.defender)
    parent = defender.id if defender.kind == "corps" else defender.corps
    _check_support(
        c,
        b.defender_side,
        to_hex(b.defender_hex),
        artillery,
        air,
        {parent} - {None},
        defending=True,
        battle=b,
    )
    b.defense_artillery = list(artillery)
    b.defense_air = list(air)
    c.state.orders_closed = True
    b.sheet = build_sheet(c, b)
    c.say(
        f"{b.defender_side} assigns defensive support to battle {b.id}: "
        f"{len(artillery)} artillery, {len(air)} air"
    )


def cancel_attack(c: World, battle_id: str) -> None:
    _need_phase(c, "Attack orders")
    b = c.battle_record(battle_id)
    if b.side_turn != c.state.side_turn or b.kind != "battle":
        raise IllegalAction(f"Attack orders: battle {b.id} is not this turn's", "Attack orders")
    if c.state.orders_closed:
        raise IllegalAction(
            "Attack orders: the defender has begun assigning defensive support, so the "
            "attacker's orders are closed",
            "Attack orders",
        )
    del c.state.battles[b.id]
    for fid in b.attackers:
        c.formation_record(fid).attacked_this_turn = False
    attacked_elsewhere = {d for other in c.battles_this_turn() for d in other.defenders}
    for fid in b.defenders:
        if fid in c.state.formations:
            c.formation_record(fid).attacked_by_enemy = fid in attacked_elsewhere
    c.say(f"Battle {b.id} is called off")


def unsupported_joins(c: World) -> list[str]:
    """Attack orders broken by the joining rule: an attacker next to another enemy unit
    joins only if that unit is attacked by someone this turn."""
    battles = [b for b in c.battles_this_turn() if b.kind == "battle"]
    attacked = {to_hex(b.defender_hex) for b in battles}
    problems = []
    for b in battles:
        for fid in b.attackers:
            f = c.formation_record(fid)
            for n in c.map.neighbours_on_map(to_hex(f.hex)):
                if n == to_hex(b.defender_hex) or n in attacked:
                    continue
                for enemy in c.formations_at(n, side=b.defender_side):
                    if c.exerts_zoc(enemy):
                        problems.append(
                            f"Attack orders: {f.name} attacks {c.map.label(to_hex(b.defender_hex))} "
                            f"but is also next to the enemy {enemy.name} at {c.map.label(n)}, "
                            "which nobody attacks this turn; a division next to another enemy "
                            "unit may join an attack only if that unit is attacked too"
                        )
    return problems


def attack_options(c: World) -> dict[str, list[str]]:
    """Enemy formation id -> the side to play's divisions that may attack it now."""
    if c.phase != "attack_orders" or c.state.orders_closed:
        return {}
    side = c.side_to_play
    busy = {a for b in c.battles_this_turn() for a in b.attackers}
    attacked = {to_hex(b.defender_hex) for b in c.battles_this_turn()}
    options: dict[str, list[str]] = {}
    for target in c.state.formations.values():
        if target.side == side or to_hex(target.hex) in attacked:
            continue
        where = to_hex(target.hex)
        if target.kind == "corps" and any(
            f.kind != "corps" for f in c.formations_at(where, side=target.side)
        ):
            continue  # the battle for a hex is named by its division
        able = [
            f.id
            for f in c.state.formations.values()
            if f.side == side
            and f.kind != "corps"
            and f.id not in busy
            and f.reinforced_side_turn != c.state.side_turn
            and to_hex(f.hex).is_adjacent(where)
        ]
        if able:
            options[target.id] = able
    return options


def available_support(c: World, side: str, where: Hex, parents: set[str], defending: bool):
    """(artillery ids, air ids) that `side` may assign to a battle at `where` now."""
    used = c.support_used_this_turn()
    rules = campaign_rules()
    artillery, air = [], []
    for u in c.state.units.values():
        if u.side != side or u.id in used or u.where in ("eliminated",):
            continue
        t = c.unit_type(u.id)
        if t.category == "air":
            air.append(u.id)
        elif t.category in ARTILLERY and u.where in c.state.formations:
            corps = c.formation_record(u.where)
            in_range = to_hex(corps.hex).distance(where) <= rules.artillery_range
            is_parent = corps.id in parents
            if defending:
                ok = is_parent and in_range
            elif is_parent and not c.options.parent_corps_artillery_needs_range:
                ok = True
            else:
                ok = in_range
            if ok:
                artillery.append(u.id)
    return artillery, air


def build_sheet(c: World, b: BattleRecord) -> BattleSheet:
    """The umpire's set-up sheet for one battle, from the campaign as it stands."""
    table = battle_types()
    defender = c.formation_record(b.defender)
    if b.kind == "pursuit":
        key = "pursuit"
    elif defender.fortified and c.options.fortification:
        key = "fortified"
    elif defender.dug_in:
        key = "dug_in"
    else:
        key = "not_dug_in"
    row = table.types[key]
    where = to_hex(b.defender_hex)
    oobs = {
        b.attacker_side: [line for fid in b.attackers for line in _oob(c, fid)],
        b.defender_side: [line for fid in b.defenders for line in _oob(c, fid)],
    }
    infantry = sum(
        1
        for fid in b.defenders
        for u in c.units_in(fid)
        if c.unit_type(u.id).category == "infantry"
    )
    spotters = sum(
        c.unit_type(u.id).spotters
        for fid in b.defenders
        for u in c.units_in(fid)
        if c.unit_type(u.id).category not in ARTILLERY
    ) + sum(c.unit_type(uid).spotters for uid in b.defense_artillery)
    fortifications: dict[str, int | None] = dict(row.always)
    for name, n in row.per_infantry_company.items():
        if n * infantry:
            fortifications[name] = n * infantry
    for name, n in row.per_spotter.items():
        if n * spotters:
            fortifications[name] = n * spotters
    place = c.map.place_at(where)
    location = c.map.label(where) + (f" ({place.name})" if place else "")
    conditions = battle_conditions()
    area = _area(c, b)
    return BattleSheet(
        date=date_text(turn_date(c.options, b.turn)),
        time_of_day=conditions.time_of_day[row.battle_type],
        weather=b.weather,
        map_size=map_size(row.battle_type, sum(len(v) for v in oobs.values())),
        area=area,
        terrain=terrain_lines(area),
        battle_id=b.id,
        battle_type=row.battle_type,
        turns=row.turns,
        campaign_turn=b.turn,
        attacker_side=b.attacker_side,
        defender_side=b.defender_side,
        location=location,
        oobs=oobs,
        artillery={
            b.attacker_side: [_support_line(c, u) for u in b.artillery],
            b.defender_side: [_support_line(c, u) for u in b.defense_artillery],
        },
        air={
            b.attacker_side: [_support_line(c, u) for u in b.air],
            b.defender_side: [_support_line(c, u) for u in b.defense_air],
        },
        ammunition={
            b.attacker_side: _ammunition(c, b.attackers),
            b.defender_side: _ammunition(c, b.defenders),
        },
        fortifications=fortifications,
        zones=_zones(c, b),
        notes=_notes(c, b, key, infantry, spotters),
    )


def map_size(battle_type: str, units: int) -> str:
    """A suggested CM map from the conditions table: wider for more combat units,
    deeper for set-piece attacks."""
    table = battle_conditions()
    row = next((r for r in table.map_sizes if units <= r.up_to_units), table.map_sizes[-1])
    depth = round(row.depth_m * table.depth_factor.get(battle_type, 1.0) / 50) * 50  # type: ignore[call-overload]
    return f"{row.width_m} × {depth} m (width × depth) for {combat_units(units)}, {battle_type}"


def supply_note(side: str, name: str) -> str:
    """The sheet's note on a formation out of supply (the umpire's sheet names every one;
    a side's sheet only its own)."""
    return f"The {side} {name} is out of supply."


def side_sheet(sheet: BattleSheet, side: str) -> BattleSheet:
    """The sheet as one player may see it: own forces in full, of the enemy only which
    formations and how many combat units. Of the enemy's state it keeps what the battle
    itself shows (the defender dug in or fortified sets the battle type) and drops what it
    does not: the enemy's supply and ammunition, its support, the attacker's view of the
    defender's works."""
    enemy = sheet.defender_side if side == sheet.attacker_side else sheet.attacker_side
    enemy_names = {line.formation for line in sheet.oobs.get(enemy, [])} | {
        name for h in sheet.area for who, name, _ in h.formations if who == enemy
    }
    hidden = {supply_note(enemy, name) for name in enemy_names}
    summary: dict[str, list[OobLine]] = {}
    for line in sheet.oobs.get(enemy, []):
        summary.setdefault(line.formation_id, []).append(line)
    enemy_lines = [
        OobLine(
            formation=lines[0].formation,
            formation_id=fid,
            unit_id=None,
            unit=combat_units(sum(1 for x in lines if x.unit_id)),
            category="unknown",
            strength="unknown",
            experience="unknown",
        )
        for fid, lines in summary.items()
    ]
    attacker = side == sheet.attacker_side
    area = [
        h.model_copy(update={"formations": [x for x in h.formations if x[0] == side or x[2]]})
        for h in sheet.area
    ]
    return sheet.model_copy(
        update={
            "oobs": {side: sheet.oobs.get(side, []), enemy: enemy_lines},
            "artillery": {side: sheet.artillery.get(side, [])},
            "air": {side: sheet.air.get(side, [])},
            "ammunition": {side: sheet.ammunition.get(side, "")},
            "fortifications": {} if attacker else sheet.fortifications,
            "fortifications_known": not attacker,
            "notes": [
                n
                for n in sheet.notes
                if n not in hidden and not (attacker and n.startswith(FORT_NOTE))
            ],
            "viewpoint": side,
            # Of the enemy around the battle only those fighting in it are known.
            "area": area,
            "terrain": terrain_lines(area) if area else sheet.terrain,
        },
        deep=True,
    )


# --- helpers ---------------------------------------------------------------------------


def _need_phase(c: World, rule: str) -> None:
    if c.phase != "attack_orders":
        raise IllegalAction(
            f"{rule}: attacks are ordered in the attack orders phase, not the {PHASE_TITLES[c.phase]} phase",
            rule,
        )


def _check_support(
    c: World,
    side: str,
    where: Hex,
    artillery: list[str],
    air: list[str],
    parents: set[str],
    defending: bool,
    battle: BattleRecord | None = None,
) -> None:
    rule = "Defensive support" if defending else "Artillery support"
    if len(set(artillery)) != len(artillery) or len(set(air)) != len(air):
        raise IllegalAction(f"{rule}: a support unit is named twice", rule)
    used = c.support_used_this_turn(excluding=battle)
    for uid in [*artillery, *air]:
        u = c.unit_record(uid)
        if u.side != side:
            raise IllegalAction(f"{rule}: {c.unit_label(uid)} is not {side}'s", rule)
        if uid in used:
            raise IllegalAction(
                f"{rule}: {c.unit_label(uid)} already supports another battle this "
                "turn; each artillery or air unit supports one battle per turn",
                rule,
            )
    for uid in air:
        if c.unit_type(uid).category != "air":
            raise IllegalAction(
                f"Air support: {c.unit_type(uid).name} is not an air asset", "Air support"
            )
        if c.unit_record(uid).where == "eliminated":
            raise IllegalAction(
                f"Air support: {c.unit_label(uid)} has been eliminated", "Air support"
            )
    ok_artillery, _ = available_support(c, side, where, parents, defending)
    rng = campaign_rules().artillery_range
    for uid in artillery:
        t = c.unit_type(uid)
        if t.category not in ARTILLERY:
            raise IllegalAction(
                f"Artillery support: {t.name} is not corps artillery (medium or heavy artillery "
                "or heavy mortar)",
                "Artillery support",
            )
        if uid not in ok_artillery:
            if defending:
                raise IllegalAction(
                    f"Defensive support: only artillery of the defender's parent corps HQ within "
                    f"{rng} hexes may support a defence ({t.name} may not)",
                    "Defensive support",
                )
            raise IllegalAction(
                f"Artillery range: {t.name} must be in a corps HQ within {rng} hexes of the "
                "target (or the attacker's parent corps HQ)",
                "Artillery range",
            )


def _oob(c: World, fid: str) -> list[OobLine]:
    f = c.formation_record(fid)
    lines = []
    for u in c.units_in(fid):
        t = c.unit_type(u.id)
        if t.category in ARTILLERY:
            continue  # corps artillery fights as assigned support, not on the map
        lines.append(
            OobLine(
                formation=f.name,
                formation_id=f.id,
                unit_id=u.id,
                unit=t.name,
                category=t.category,
                strength=t.strength,
                experience=f.experience,
            )
        )
    if f.kind == "corps":
        for troop in campaign_rules().corps_hq_troops:
            lines.append(
                OobLine(
                    formation=f.name,
                    formation_id=f.id,
                    unit_id=None,
                    unit=f"corps HQ troops: {troop}",
                    category="infantry",
                    strength="full strength",
                    experience=f.experience,
                )
            )
    return lines


def _support_line(c: World, uid: str) -> str:
    t = c.unit_type(uid)
    u = c.unit_record(uid)
    home = (
        f"the {u.side} {c.formation_record(u.where).name}"
        if u.where in c.state.formations
        else f"the {u.side} Army HQ"
    )
    strength = f"{t.vehicles} aircraft" if t.category == "air" else f"{t.vehicles} guns"
    return f"{t.name} ({home}; {strength}, {t.spotters} spotter(s))"


def _ammunition(c: World, fids: list[str]) -> str:
    rules = campaign_rules()
    if not (c.options.supply and c.options.supply_limits_ammunition):
        return rules.ammunition["in_supply"]
    short = [f"the {c.formation_record(f).name}" for f in fids if not in_supply(c, f)]
    if not short:
        return rules.ammunition["in_supply"]
    return f"{rules.ammunition['out_of_supply']} for {', '.join(short)} (out of supply)"


def _zones(c: World, b: BattleRecord) -> list[str]:
    table = battle_types()
    where = to_hex(b.defender_hex)
    zones = []
    for fid in b.attackers:
        f = c.formation_record(fid)
        at = to_hex(f.hex)
        # A pursuer may come from two hexes away, through the hex the defender left: it
        # attacks across the hexside nearest to it.
        step = at if at.is_adjacent(where) else min(where.neighbors(), key=at.distance)
        direction = DIRECTION_NAMES[where.direction_to(step)]
        zones.append(
            f"The {f.side} {f.name} attacks across the {direction} hexside from {c.map.label(to_hex(f.hex))}: "
            f"sets up along the {table.setup_edges[direction]}"
        )
    zones.append(f"{b.defender_side} sets up in the rest of the map, away from those edges")
    if any(c.formation_record(f).kind == "corps" for f in b.defenders):
        zones.append(
            "Corps HQ troops have restricted set-up zones close to roads and villages/towns"
        )
    zones.append(table.setup_edges_note)
    return zones


def _notes(c: World, b: BattleRecord, key: str, infantry: int, spotters: int) -> list[str]:
    notes = []
    defender = c.formation_record(b.defender)
    state = {
        "not_dug_in": "is not dug in",
        "dug_in": "is dug in",
        "fortified": "holds a fortified hex",
        "pursuit": "is being pursued after retreating",
    }[key]
    notes.append(f"The {defender.side} {defender.name} {state}.")
    if key in ("dug_in", "fortified"):
        notes.append(
            f"{FORT_NOTE} {infantry} defending infantry companies and "
            f"{spotters} artillery spotters."
        )
    if b.kind == "pursuit":
        notes.append(
            "Pursuit battle: neither side may have corps artillery or air support; only "
            "organic divisional mortars."
        )
    for fid in [*b.attackers, *b.defenders]:
        f = c.formation_record(fid)
        if not in_supply(c, fid):
            notes.append(supply_note(f.side, f.name))
    notes.append(
        "Results: DRAW and ATTACKER DEFEAT leave both sides in place; DEFENDER DEFEAT makes "
        "the defender retreat one hex."
    )
    return notes


def _area(c: World, b: BattleRecord) -> list[AreaHex]:
    """The defender's hex and its six neighbours, for the sheet's picture and terrain."""
    where = to_hex(b.defender_hex)
    table = battle_types()
    fighting = {fid: "attacker" for fid in b.attackers} | {fid: "defender" for fid in b.defenders}
    m = c.map
    out = [_area_hex(c, where, "centre", fighting)]
    for d, n in enumerate(where.neighbors()):
        name = DIRECTION_NAMES[d]
        if not m.contains(n):
            out.append(AreaHex(label="", direction=name, on_map=False))
            continue
        h = _area_hex(c, n, name, fighting)
        if any(role == "attacker" for _, _, role in h.formations):
            h.setup_edge = table.setup_edges[name]  # type: ignore[index]
        out.append(h)
    return out


def _area_hex(c: World, h: Hex, direction: str, fighting: dict[str, str]) -> AreaHex:
    m = c.map
    terrain = m.palette.terrains[m.terrain(h)]
    place = m.place_at(h)
    return AreaHex(
        label=m.label(h),
        direction=direction,
        terrain=terrain.label,
        colour=terrain.colour,
        elevation=m.elevation(h),
        river=m.is_river(h),
        bridge=m.has_bridge(h),
        roads=[DIRECTION_NAMES[h.direction_to(n)] for n in m.road_neighbours(h)],
        place=f"{place.kind} {place.name} ({place.pp} PP)" if place else "",
        formations=[[f.side, f.name, fighting.get(f.id, "")] for f in c.formations_at(h)],
    )


def _placeholder_sheet() -> BattleSheet:
    # The record needs a sheet to exist before build_sheet can read it back.
    return BattleSheet(
        battle_id="",
        battle_type="PROBE",
        turns=1,
        campaign_turn=0,
        attacker_side="",
        defender_side="",
        location="",
        oobs={},
    )
