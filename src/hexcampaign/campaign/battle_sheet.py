"""The battle set-up sheet filled in from the campaign: the umpire's sheet for one battle
(orders of battle, support, ammunition, fortifications, set-up zones, the battle area,
conditions and notes) and each side's view of it.

The form itself (its fields, its text and its picture) is in sheet_form.py; its names are
imported here too, so `from hexcampaign.campaign.battle_sheet import BattleSheet` keeps
working.
"""

from __future__ import annotations

from typing import Literal

from hexcampaign.campaign.calendar import date_text, turn_date
from hexcampaign.campaign.names import combat_units
from hexcampaign.campaign.sheet_form import (
    AreaHex,
    BattleSheet,
    OobLine,
    area_svg,
    markdown_escape,
    terrain_lines,
)
from hexcampaign.campaign.state import BattleRecord, to_hex
from hexcampaign.campaign.supply import in_supply
from hexcampaign.campaign.tables import battle_conditions, battle_types, campaign_rules
from hexcampaign.campaign.world import World
from hexcampaign.hexes import DIRECTION_NAMES, Hex

__all__ = [
    "ARTILLERY",
    "FORT_NOTE",
    "AreaHex",
    "BattleSheet",
    "OobLine",
    "area_svg",
    "build_sheet",
    "map_size",
    "markdown_escape",
    "placeholder_sheet",
    "side_sheet",
    "supply_note",
    "terrain_lines",
]

# Corps artillery: it fights as assigned support, so it is not in a sheet's order of battle.
ARTILLERY = ("medium_artillery", "heavy_artillery", "heavy_mortar")
FORT_NOTE = "Fortifications computed from"

# The defender's state, which picks the row of the battle-types table.
Defence = Literal["not_dug_in", "dug_in", "fortified", "pursuit"]


def build_sheet(c: World, b: BattleRecord) -> BattleSheet:
    """The umpire's set-up sheet for one battle, from the campaign as it stands."""
    table = battle_types()
    defender = c.formation_record(b.defender)
    key: Defence
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
        checklist=_checklist(
            c, b, row.battle_type, row.turns, oobs, area, conditions.time_of_day[row.battle_type]
        ),
    )


def map_size(battle_type: str, units: int) -> str:
    """A suggested CM map from the conditions table: wider for more combat units,
    deeper for set-piece attacks."""
    table = battle_conditions()
    row = next((r for r in table.map_sizes if units <= r.up_to_units), table.map_sizes[-1])
    factors: dict[str, float] = {name: f for name, f in table.depth_factor.items()}
    depth = round(row.depth_m * factors.get(battle_type, 1.0) / 50) * 50
    return f"{row.width_m} × {depth} m (width × depth) for {combat_units(units)}, {battle_type}"


# The CM build checklist (not in the draft: docs/rules-interpretations.md, "CM build
# checklist"). CM's ground and wind for each weather the campaign rolls.
GROUND_AND_WIND = {
    "clear": ("Dry", "Breezy"),
    "overcast": ("Damp", "Breezy"),
    "light rain": ("Wet", "Windy"),
    "heavy rain": ("Very Wet", "Strong Winds"),
    "fog": ("Damp", "Calm"),
}
# Quick Battle force size by the larger side's combat units on the sheet.
FORCE_SIZES = ((2, "Tiny"), (4, "Small"), (6, "Medium"), (9, "Large"))
CM_BATTLE_TYPES = {
    "PROBE": "Probe",
    "ATTACK": "Attack",
    "ASSAULT": "Assault",
    "MEETING ENGAGEMENT": "Meeting Engagement",
}
POINTS = "Points ("  # a side's points line: its sheet keeps only its own


def _checklist(
    c: World,
    b: BattleRecord,
    battle_type: str,
    turns: int,
    oobs: dict[str, list[OobLine]],
    area: list[AreaHex],
    time_of_day: str,
) -> list[str]:
    """What a CM player sets to build this battle, derived from its type, weather, date,
    the defender's hex and the forces."""
    units = {side: sum(1 for line in lines if line.unit_id) for side, lines in oobs.items()}
    most = max(units.values(), default=0)
    size = next((name for n, name in FORCE_SIZES if most <= n), "Huge")
    ground, wind = GROUND_AND_WIND.get(b.weather, ("Dry", "Breezy"))
    centre = next((h for h in area if h.direction == "centre"), None)
    place = c.map.place_at(to_hex(b.defender_hex))
    if place is not None:
        category = "Town" if place.kind in ("town", "capital", "city") else "Village"
    elif centre is not None and "forest" in centre.terrain.lower():
        category = "Forest"
    else:
        category = "Farmland"
    heights = [h.elevation for h in area if h.on_map]
    rise = max(heights) - min(heights) if heights else 0
    relief = "Flat" if rise == 0 else ("Rolling" if rise == 1 else "Hilly")
    qb = CM_BATTLE_TYPES.get(battle_type, battle_type.title())
    where = (
        place.name
        if place is not None
        else f"the centre of hex {c.map.label(to_hex(b.defender_hex))}"
    )
    lines = [
        "Build: in the scenario editor with exactly the units listed (or as a Quick Battle "
        f"of type {qb}, buying exactly those units)",
        f"Quick Battle: {qb}, force size {size}, map size as suggested under Conditions",
    ]
    for side in (b.attacker_side, b.defender_side):
        worth = sum(c.unit_type(line.unit_id).cost for line in oobs.get(side, []) if line.unit_id)
        lines.append(
            f"{POINTS}{side}): its forces are worth {worth} PP in the campaign; in CM buy "
            "exactly the listed units, raising the force size until they fit, and leave the "
            "rest unspent (rarity off)"
        )
    lines += [
        f"Map category: {category}, {relief} ({centre.terrain if centre else 'clear'} at the "
        "defender's hex)",
        f"Date and time: {date_text(turn_date(c.options, b.turn))}, {time_of_day}",
        f"Weather: {b.weather.title() if b.weather else 'Clear'}; ground: {ground}; "
        f"wind: {wind}; temperature: Warm",
        f"Time limit: {turns} minutes (one-minute WeGo turns)",
    ]
    if b.kind == "pursuit":
        lines.append(
            f"Objectives: one Occupy objective on {where} for both sides, 300 points each; "
            "enemy casualties 100 points for each side"
        )
    else:
        lines.append(
            f"Objectives: one Occupy objective on {where} for the attacker, 300 points; "
            "enemy casualties 100 points for each side; the defender's objective is to hold it"
        )
    lines.append(
        "Victory: CM's victory screen gives the campaign result: an attacker's Minor, "
        "Tactical, Major or Total Victory is DEFENDER DEFEAT of that level, the defender's "
        "is ATTACKER DEFEAT of that level, a Draw is DRAW"
    )
    return lines


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
            # The enemy's points would tell its strength.
            "checklist": [x for x in sheet.checklist if not x.startswith(f"{POINTS}{enemy})")],
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


def placeholder_sheet() -> BattleSheet:
    """An empty sheet: a battle record needs one to exist before build_sheet can read
    the record back."""
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


# --- filling in the sheet ----------------------------------------------------------------


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
                strength=c.unit_strength(u.id).text,  # as the umpire last set it
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
    now = c.unit_strength(uid).now
    strength = f"{now} aircraft" if t.category == "air" else f"{now} guns"
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
    edges = _setup_edges()
    where = to_hex(b.defender_hex)
    zones = []
    opposite: list[str] = []
    for fid in b.attackers:
        f = c.formation_record(fid)
        at = to_hex(f.hex)
        # A pursuer may come from two hexes away, through the hex the defender left: it
        # attacks across the hexside nearest to it.
        step = at if at.is_adjacent(where) else min(where.neighbors(), key=at.distance)
        d = where.direction_to(step)
        direction = DIRECTION_NAMES[d]
        opposite.append(edges[DIRECTION_NAMES[(d + 3) % 6]])
        zones.append(
            f"The {f.side} {f.name} attacks across the {direction} hexside from {c.map.label(to_hex(f.hex))}: "
            f"sets up along the {edges[direction]}"
        )
    if b.kind == "pursuit":
        # A meeting engagement: the pursued division is on the move, not in position, so
        # it sets up on the edge facing its pursuer (docs/rules-interpretations.md).
        zones.append(
            f"{b.defender_side} (pursued, on the move) sets up along the "
            f"{' and '.join(dict.fromkeys(opposite))}, facing the pursuer"
        )
    else:
        zones.append(f"{b.defender_side} sets up in the rest of the map, away from those edges")
    if any(c.formation_record(f).kind == "corps" for f in b.defenders):
        zones.append(
            "Corps HQ troops have restricted set-up zones close to roads and villages/towns"
        )
    zones.append(table.setup_edges_note)
    return zones


def _notes(c: World, b: BattleRecord, key: Defence, infantry: int, spotters: int) -> list[str]:
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
    edges = _setup_edges()
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
            h.setup_edge = edges[name]
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


def _setup_edges() -> dict[str, str]:
    """The CM map edge an attacker sets up along, by the side of the defender's hex it
    attacks across ("N", "NE", ...): the table's keys as the plain names hexes uses."""
    return {direction: edge for direction, edge in battle_types().setup_edges.items()}
