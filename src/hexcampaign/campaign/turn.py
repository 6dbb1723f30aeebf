"""The seven-phase turn: what each phase still awaits, phase changes, digging in."""

from __future__ import annotations

from dataclasses import dataclass, field

from hexcampaign.campaign.attacks import unsupported_joins
from hexcampaign.campaign.calendar import date_text, turn_date
from hexcampaign.campaign.ending import end_of_turn
from hexcampaign.campaign.phases import PHASE_TITLES, PHASES
from hexcampaign.campaign.production import end_of_turn_pp, production_points
from hexcampaign.campaign.results import (
    advance_options,
    eliminate_trapped,
    pursuit_candidates,
    retreat_options,
)
from hexcampaign.campaign.state import ARMY_HQ, to_hex
from hexcampaign.campaign.tables import campaign_rules
from hexcampaign.campaign.world import World
from hexcampaign.hexes import Hex
from hexcampaign.rules import IllegalAction


@dataclass(frozen=True)
class OpenItem:
    """Something the current phase awaits. `blocking` items stop end_phase()."""

    kind: str  # "result", "retreat", "advance", "pursuit", "attack_orders", "defense", "info"
    text: str
    blocking: bool
    formation: str | None = None
    battle: str | None = None
    choices: tuple[Hex, ...] = field(default=())


def open_items(c: World) -> list[OpenItem]:
    items: list[OpenItem] = []
    phase = c.phase
    side = c.side_to_play
    if phase == "reinforcement":
        waiting = [u for u in c.state.units.values() if u.side == side and u.where == ARMY_HQ]
        if waiting:
            items.append(
                OpenItem("info", f"The Army HQ box holds {len(waiting)} unit(s) to transfer", False)
            )
        for f in c.formations_of(side):
            if f.kind != "corps" and f.corps is None:
                items.append(
                    OpenItem(
                        "info",
                        f"The {f.side} {f.name} has no parent corps HQ (no supply)",
                        False,
                        f.id,
                    )
                )
    elif phase == "attack_orders":
        for text in unsupported_joins(c):
            items.append(OpenItem("attack_orders", text, True))
        for b in c.battles_this_turn():
            if not b.defense_artillery and not b.defense_air:
                items.append(
                    OpenItem(
                        "defense",
                        f"{b.defender_side} may assign defensive artillery and air to battle {b.id}",
                        False,
                        b.defender,
                        b.id,
                    )
                )
    elif phase in ("battle_resolution", "retreat_advance", "pursuit"):
        kind = "pursuit" if phase == "pursuit" else "battle"
        for b in c.battles_this_turn():
            if b.kind != kind:
                continue
            if b.result is None and phase != "retreat_advance":
                items.append(
                    OpenItem(
                        "result",
                        f"Battle {b.id} at {c.map.label(to_hex(b.defender_hex))}: enter the CM result "
                        f"({b.sheet.battle_type}, {b.sheet.turns} turns)",
                        True,
                        b.defender,
                        b.id,
                    )
                )
            if phase == "battle_resolution":
                continue  # retreats and advances wait for their own phase
            for fid, status in b.retreats.items():
                if status != "pending":
                    continue
                mover = c.formation_record(fid)
                name = f"the {mover.side} {mover.name}"
                choices = tuple(retreat_options(c, fid))
                if choices:
                    text = (
                        f"Retreat: {name} must retreat from {c.map.label(to_hex(b.defender_hex))}"
                    )
                else:
                    text = f"Retreat: {name} has no legal retreat hex and is eliminated when the phase ends"
                items.append(OpenItem("retreat", text, bool(choices), fid, b.id, choices))
            for fid in advance_options(c, b):
                items.append(
                    OpenItem(
                        "advance",
                        f"The {c.formation_record(fid).side} {c.formation_record(fid).name} "
                        "may advance into "
                        f"{c.map.label(to_hex(b.defender_hex))}",
                        False,
                        fid,
                        b.id,
                        (to_hex(b.defender_hex),),
                    )
                )
        if phase == "pursuit":
            for b in c.battles_this_turn():
                for fid in pursuit_candidates(c, b):
                    need = campaign_rules().pursuit_max_roll[c.formation_record(fid).experience]
                    items.append(
                        OpenItem(
                            "pursuit",
                            f"The {c.formation_record(fid).side} {c.formation_record(fid).name} "
                            f"may try a pursuit after battle {b.id} "
                            f"(needs 1-{need})",
                            False,
                            fid,
                            b.id,
                        )
                    )
    elif phase == "purchase" and c.state.pp[side] and not c.options.carry_over_pp:
        items.append(
            OpenItem("info", f"{side} has {c.state.pp[side]} PP left; unspent PP are lost", False)
        )
    return items


def end_phase(c: World) -> None:
    if c.state.ended is not None:
        raise IllegalAction(
            f"End of phase: the campaign is over. {c.state.ended.reason}", "End of the campaign"
        )
    blocking = [i for i in open_items(c) if i.blocking]
    if blocking:
        more = f" (and {len(blocking) - 1} more open items)" if len(blocking) > 1 else ""
        raise IllegalAction(
            f"End of phase: the {PHASE_TITLES[c.phase]} phase is not finished: "
            f"{blocking[0].text}{more}",
            "End of phase",
        )
    if c.phase == "retreat_advance":
        eliminate_trapped(c, "battle")
    elif c.phase == "pursuit":
        eliminate_trapped(c, "pursuit")
    if c.phase == "purchase":
        _end_turn(c)
        return
    c.state.phase = PHASES[PHASES.index(c.phase) + 1]
    c.say(f"The {PHASE_TITLES[c.phase]} phase begins")


def start_turn(c: World) -> None:
    """The side to play collects its PP and its formations start the turn fresh."""
    side = c.side_to_play
    for f in c.formations_of(side):
        # moved_this_turn is kept: a retreat or pursuit in the enemy's half-turn counts
        # against digging in (a whole turn stationary); _dig_in clears it.
        f.moved_in_movement = False
        f.attacked_this_turn = False
    c.state.orders_closed = False
    c.state.bought_this_turn = {}
    income = production_points(c, side)
    c.state.pp[side] += income
    day = date_text(turn_date(c.options, c.turn))
    c.say(f"{side}'s turn begins ({day}): {income} PP income, {c.state.pp[side]} PP to spend")


def _end_turn(c: World) -> None:
    side = c.side_to_play
    _dig_in(c, side)
    end_of_turn_pp(c, side)
    if c.state.side_index == 1 and end_of_turn(c):
        return  # the campaign is over: no next turn begins
    c.state.side_index = 1 - c.state.side_index
    if c.state.side_index == 0:
        c.state.turn += 1
    c.state.side_turn += 1
    c.state.phase = PHASES[0]
    start_turn(c)


def _dig_in(c: World, side: str) -> None:
    """A formation that stayed put and launched no attack all turn is dug in at its end;
    with the fortification option a dug-in one with an engineer platoon that also stays
    unattacked fortifies after three more such turns, each attack delaying it a turn."""
    need = campaign_rules().fortify_turns
    for f in c.formations_of(side):
        stayed = not f.moved_this_turn and not f.attacked_this_turn
        if stayed and not f.dug_in:
            f.dug_in = True
            c.say(f"The {f.side} {f.name} is dug in at {c.map.label(to_hex(f.hex))}")
        elif stayed and c.options.fortification and not f.fortified:
            has_engineer = any(c.unit_type(u.id).category == "engineer" for u in c.units_in(f.id))
            if has_engineer and f.attacked_by_enemy:
                c.say(f"The {f.side} {f.name}'s fortifying is delayed a turn by the enemy attack")
            elif has_engineer:
                f.fortify_turns += 1
                if f.fortify_turns >= need:
                    f.fortified = True
                    c.say(f"The {f.side} {f.name} has fortified {c.map.label(to_hex(f.hex))}")
                else:
                    c.say(f"The {f.side} {f.name} fortifies: {f.fortify_turns}/{need} turns")
        f.attacked_by_enemy = False
        # A whole turn is counted from here: moves in the enemy's half that follows count.
        f.moved_this_turn = False
