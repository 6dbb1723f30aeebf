"""A side's turn report as Markdown, with fog of war: its own forces in full, of the
enemy only what it may know (formations next to its own, battles fought with it), the
umpire's corrections with their reasons, and the campaign's end once it has come.

Qt-free, so the desk's report window, its file export and a script share it.
"""

from __future__ import annotations

from hexcampaign.campaign.battle_sheet import markdown_escape
from hexcampaign.campaign.calendar import date_text, turn_date
from hexcampaign.campaign.ending import victory_points
from hexcampaign.campaign.history import known_formation_ids, side_log, umpire_notes
from hexcampaign.campaign.names import combat_units
from hexcampaign.campaign.production import production_points
from hexcampaign.campaign.state import ARMY_HQ, to_hex
from hexcampaign.campaign.supply import in_supply
from hexcampaign.campaign.world import World


def turn_report(
    w: World, side: str, turn: int | None = None, notes: list[str] | None = None
) -> str:
    turn = w.turn if turn is None else turn
    m = markdown_escape
    day = date_text(turn_date(w.options, turn))
    lines = [f"# {m(side)} turn report — campaign turn {turn} ({day})", ""]
    lines.append(
        f"PP available now: {w.state.pp[side]} · income: {production_points(w, side)} · "
        f"victory points held: {victory_points(w, side)}"
    )
    if w.state.ended is not None:
        lines += ["", "## The campaign is over", "", m(w.state.ended.reason)]
    lines += ["", "## Events", ""]
    events = side_log(w, side, turn, corrections=False)
    lines += [f"- {m(line.split(': ', 1)[-1])}" for line in events] or ["- nothing yet"]
    battles = [
        b
        for b in w.state.battles.values()
        if b.turn == turn and side in (b.attacker_side, b.defender_side)
    ]
    if battles:
        lines += ["", "## Battles", ""]
        for b in battles:
            result = "awaiting the result"
            if b.result is not None:
                result = b.result.outcome + (f" ({b.result.level})" if b.result.level else "")
            lines.append(f"- {m(b.sheet.title())}: {result}")
    lines += ["", "## Formations", ""]
    for f in w.formations_of(side):
        state = "dug in" if f.dug_in else "not dug in"
        supply = (
            ""
            if f.kind == "corps"
            else (", in supply" if in_supply(w, f.id) else ", OUT OF SUPPLY")
        )
        lines.append(
            f"- {m(f.name)} at {w.map.label(to_hex(f.hex))}: "
            f"{combat_units(len(w.units_in(f.id)))}; {f.experience}, {state}{supply}"
        )
    enemy = [
        w.state.formations[fid]
        for fid in known_formation_ids(w, side, battles=False)  # in contact: next to it now
        if w.state.formations[fid].side != side
    ]
    lines += ["", "## Enemy in contact", ""]
    lines += [f"- the {m(f.side)} {m(f.name)} at {w.map.label(to_hex(f.hex))}" for f in enemy] or [
        "- none known"
    ]
    waiting = [u for u in w.state.units.values() if u.side == side and u.where == ARMY_HQ]
    if waiting:
        lines += ["", "## Army HQ box", ""]
        lines += [f"- {m(w.unit_type(u.id).name)}" for u in waiting]
    # The umpire's corrections, worded for this side, then the desk's notes of the turn
    # (the reasons for the result form's overrides, about battles both sides fought).
    mine = umpire_notes(w, side, turn)
    mine += [n for n in (notes or []) if n.startswith(f"Turn {turn}, ")]
    if mine:
        lines += ["", "## Umpire's notes", ""]
        lines += [f"- {m(n)}" for n in mine]
    return "\n".join(lines) + "\n"
