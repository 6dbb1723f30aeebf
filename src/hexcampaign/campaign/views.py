"""Read-only views of units and formations for the desk, reports and scripts."""

from __future__ import annotations

from dataclasses import dataclass

from hexcampaign.campaign.forces import composition_text
from hexcampaign.campaign.movement import movement_allowance
from hexcampaign.campaign.state import UnitRecord, to_hex
from hexcampaign.campaign.supply import in_supply
from hexcampaign.campaign.tables import campaign_rules
from hexcampaign.campaign.world import World
from hexcampaign.hexes import Hex


@dataclass(frozen=True)
class UnitView:
    id: str
    side: str
    type_id: str
    name: str
    category: str
    cost: int
    vehicles: int | None
    red_number: int | None
    motorised: bool
    spotters: int
    where: str  # "army_hq", a formation id, or "eliminated"
    strength: int = 0  # men or vehicles/guns now
    full_strength: int = 0
    label: str = (
        ""  # the unit as a person reads it ("Rifle company of the us 1st Infantry Division")
    )
    loss_limit: int = 0  # casualties that eliminate it now
    strength_text: str = ""  # "3 vehicles/guns (eliminated at 2 lost)", as every sheet says


@dataclass(frozen=True)
class FormationView:
    id: str
    name: str
    side: str
    kind: str  # "infantry" | "mechanised" | "corps": how it moves and fights now
    built_as: str
    hex: Hex
    units: tuple[UnitView, ...]
    corps: str | None
    dug_in: bool
    fortified: bool
    fortify_turns: int
    experience: str
    in_supply: bool
    composition: str
    exerts_zoc: bool
    can_move: bool
    reinforced_this_turn: bool
    label: str = ""  # its hex's 4-digit label on the map


@dataclass(frozen=True)
class DigInStatus:
    dug_in: bool
    fortified: bool
    fortify_turns: int
    fortify_needed: int
    text: str


def unit_view(w: World, u: UnitRecord) -> UnitView:
    t = w.unit_type(u.id)
    now = w.unit_strength(u.id)
    return UnitView(
        u.id,
        u.side,
        t.id,
        t.name,
        t.category,
        t.cost,
        t.vehicles,
        t.red_number,
        t.motorised,
        t.spotters,
        u.where,
        now.now,
        now.full,
        w.unit_label(u.id),
        now.loss_limit,
        now.text,
    )


def formation_view(w: World, fid: str) -> FormationView:
    f = w.formation_record(fid)
    held = w.units_in(fid)
    types = [w.unit_type(u.id) for u in held]
    return FormationView(
        id=f.id,
        name=f.name,
        side=f.side,
        kind=w.effective_kind(f),
        built_as=f.kind,
        hex=to_hex(f.hex),
        units=tuple(unit_view(w, u) for u in held),
        corps=f.corps,
        dug_in=f.dug_in,
        fortified=f.fortified,
        fortify_turns=f.fortify_turns,
        experience=f.experience,
        in_supply=in_supply(w, fid),
        composition=composition_text(f.kind, types),
        exerts_zoc=w.exerts_zoc(f),
        can_move=w.phase == "movement"
        and f.side == w.side_to_play
        and not f.moved_in_movement
        and movement_allowance(w, f) > 0,
        reinforced_this_turn=f.reinforced_side_turn == w.state.side_turn,
        label=w.map.label(to_hex(f.hex)),
    )


def dig_in_status(w: World, fid: str) -> DigInStatus:
    f = w.formation_record(fid)
    need = campaign_rules().fortify_turns
    if f.fortified:
        text = f"{f.name} holds a fortified hex"
    elif f.dug_in and w.options.fortification:
        engineer = any(w.unit_type(u.id).category == "engineer" for u in w.units_in(fid))
        text = f"{f.name} is dug in; fortifying {f.fortify_turns}/{need} turns" + (
            "" if engineer else " (needs an engineer platoon)"
        )
    elif f.dug_in:
        text = f"{f.name} is dug in"
    else:
        text = f"{f.name} is not dug in; it digs in by staying put and not attacking for a turn"
    return DigInStatus(f.dug_in, f.fortified, f.fortify_turns, need, text)


def ordered_units(w: World) -> list[UnitRecord]:
    return sorted(w.state.units.values(), key=lambda u: w.unit_order(u.id))
