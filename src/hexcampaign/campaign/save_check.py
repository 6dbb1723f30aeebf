"""Checks a loaded campaign save for facts pydantic cannot see: every record where its
key says, every formation on a hex of the map, every unit in a formation that exists,
every side one of the campaign's two. A save is trusted only after these pass, so a
damaged or hostile file is refused with a sentence instead of failing later in play.
"""

from __future__ import annotations

from hexcampaign.campaign import actions as A
from hexcampaign.campaign.forces import check_composition
from hexcampaign.campaign.names import name_problem
from hexcampaign.campaign.phases import PHASES
from hexcampaign.campaign.state import ARMY_HQ, ELIMINATED, Setup, State
from hexcampaign.campaign.unit_chart import UnitType
from hexcampaign.files import quoted
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap
from hexcampaign.rules import IllegalAction

# Far beyond any campaign a group could play, small enough that no loop over them stalls.
MAX_TURN = 10_000
MAX_ACTIONS = 200_000
MAX_POINTS = 10**9


def save_problem(
    hexmap: HexMap, setup: Setup, state: State, actions: list[A.CampaignAction]
) -> str | None:
    """The first thing wrong with a loaded save, as a clause ("unit u3 is in formation
    f9, which does not exist"), or None when the save is consistent. `actions` are the
    typed actions already parsed from the file."""
    for check in (_setup_problem, _state_problem, _forces_problem):
        problem = check(hexmap, setup, state)
        if problem:
            return problem
    return _actions_problem(actions, setup, state)


def _forces_problem(hexmap: HexMap, setup: Setup, state: State) -> str | None:
    """Names a person could not have typed, formations the draft's limits forbid, and
    units stronger than their chart, as a hand-edited file might hold."""
    for side in setup.sides:
        problem = name_problem(side, "side")
        if problem:
            return problem
    for place in hexmap.places():
        problem = name_problem(place.name, "place")
        if problem:
            return problem
    held: dict[str, list[UnitType]] = {}
    for u in state.units.values():
        t = setup.charts[u.side].type(u.type_id)
        if u.strength is not None and not 1 <= u.strength <= t.full_strength:
            return f"unit {quoted(u.id)} has a strength of {u.strength}; a {t.name} has 1 to {t.full_strength}"
        held.setdefault(u.where, []).append(t)
    for f in state.formations.values():
        problem = name_problem(f.name, "formation")
        if problem:
            return f"formation {quoted(f.id)}: {problem}"
        try:
            check_composition(f.kind, f.name, held.get(f.id, []))
        except IllegalAction as e:
            return f"the {f.side} {f.name} breaks the rules: {str(e).split(': ', 1)[-1]}"
    for b in state.battles.values():
        if b.result is None:
            continue
        for uid, n in b.result.casualties.items():
            hit = state.units.get(uid)
            if hit is None:
                return f"battle {quoted(b.id)} gives casualties to a unit that does not exist"
            t = setup.charts[hit.side].type(hit.type_id)
            if n > t.full_strength:
                return f"battle {quoted(b.id)} gives a {t.name} {n} casualties; it has {t.full_strength}"
    return None


def _setup_problem(hexmap: HexMap, setup: Setup, state: State) -> str | None:
    sides = set(setup.sides)
    if len(sides) != 2:
        return "its two sides are the same side"
    for side in setup.sides:
        if side not in setup.charts:
            return f"it has no unit chart for the {side} side"
    for side, where in setup.capitals.items():
        if side not in sides:
            return f"it names a capital for {quoted(side)}, which is not a side"
        if not hexmap.contains(Hex(*where)):
            return f"the {side} capital lies off the map"
    places = {p.name for p in hexmap.places()}
    for mapping, what in (
        (setup.holdings, "held"),
        (state.holdings, "held"),
        (state.owners, "owned"),
    ):
        for name, side in mapping.items():
            if name not in places:
                return f"it says {quoted(name)} is {what}, but the map has no such place"
            if side not in sides:
                return f"{quoted(name)} is {what} by {quoted(side)}, which is not a side"
    return None


def _state_problem(hexmap: HexMap, setup: Setup, state: State) -> str | None:
    sides = set(setup.sides)
    if not 1 <= state.turn <= MAX_TURN or not 1 <= state.side_turn <= 2 * MAX_TURN + 2:
        return f"its turn {state.turn} is out of range"
    if state.side_index not in (0, 1):
        return f"its side to play ({state.side_index}) is neither side"
    if state.phase not in PHASES:
        return f"its phase {quoted(state.phase)} is not a phase of the turn"
    if set(state.pp) != sides or any(not 0 <= v <= MAX_POINTS for v in state.pp.values()):
        return "its production points are not one sensible number per side"
    if any(not 1 <= face <= 6 for face in state.rolls):
        return "its dice record holds a face that is not 1 to 6"
    for fid, f in state.formations.items():
        if fid != f.id:
            return f"formation {quoted(f.id)} is filed under another id, {quoted(fid)}"
        if f.side not in sides:
            return f"formation {quoted(fid)} belongs to {quoted(f.side)}, which is not a side"
        if not hexmap.contains(Hex(*f.hex)):
            return f"formation {quoted(fid)} stands on a hex that is not on the map"
        if f.corps is not None:
            corps = state.formations.get(f.corps)
            if corps is None or corps.kind != "corps" or corps.side != f.side:
                return f"formation {quoted(fid)} reports to {quoted(f.corps)}, which is not its side's corps HQ"
        if fid in state.destroyed:
            return f"formation {quoted(fid)} is both on the map and destroyed"
    for uid, u in state.units.items():
        if uid != u.id:
            return f"unit {quoted(u.id)} is filed under another id, {quoted(uid)}"
        if u.side not in sides:
            return f"unit {quoted(uid)} belongs to {quoted(u.side)}, which is not a side"
        if not setup.charts[u.side].has(u.type_id):
            return f"unit {quoted(uid)} is of type {quoted(u.type_id)}, which the {quoted(u.side)} chart lacks"
        if u.where not in (ARMY_HQ, ELIMINATED):
            home = state.formations.get(u.where)
            if home is None:
                return f"unit {quoted(uid)} is in formation {quoted(u.where)}, which does not exist"
            if home.side != u.side:
                return f"unit {quoted(uid)} is in an enemy formation"
    for note in state.umpire_notes:
        if not 0 <= note.line < len(state.log) or not 1 <= note.turn <= state.turn:
            return "an umpire's note points at no line of its log"
        if not set(note.by_side) <= sides:
            return "an umpire's note is addressed to a side the campaign does not have"
    for bid, b in state.battles.items():
        if bid != b.id:
            return f"battle {quoted(b.id)} is filed under another id, {quoted(bid)}"
        if b.attacker_side not in sides or b.defender_side not in sides:
            return f"battle {quoted(bid)} is fought by a side the campaign does not have"
        if not hexmap.contains(Hex(*b.defender_hex)):
            return f"battle {quoted(bid)} is fought off the map"
        for where in b.retreats.values():
            if isinstance(where, tuple) and not hexmap.contains(Hex(*where)):
                return f"battle {quoted(bid)} retreats a formation off the map"
    return None


def _actions_problem(
    actions: list[A.CampaignAction], setup: Setup, state: State
) -> str | None:
    """A bounded check that the action log leads to the state: as many phase ends as
    the turn and phase say, and as many units and formations made as the state counts.
    (A full replay would cost seconds on a long campaign; Campaign.replay() does it.)"""
    if len(actions) > MAX_ACTIONS:
        return f"its action log has {len(actions)} entries, more than a campaign can"
    ends = sum(1 for a in actions if isinstance(a, A.EndPhase))
    expected = (state.side_turn - 1) * len(PHASES) + PHASES.index(state.phase)
    if state.ended is not None and state.phase == PHASES[-1]:
        expected += 1  # the last turn's final phase end, which began no new turn
    if ends != expected:
        return (
            f"its action log does not lead to its state: it ends {ends} phases, but turn "
            f"{state.turn} ({state.phase.replace('_', ' ')}) is {expected} phase ends from the start"
        )
    for side in setup.sides:
        units = formations = 0
        for a in actions:
            if getattr(a, "side", None) != side:
                continue
            if isinstance(a, A.Purchase):
                units += 1
            elif isinstance(a, A.PurchaseList):
                units += len(a.type_ids)
            elif isinstance(a, A.Deploy):
                units += len(a.type_ids)
                formations += 1
            elif isinstance(a, A.Build):
                formations += 1
        if state.counters.get(f"{side}-unit", 0) != units:
            return f"its action log does not lead to its state: the {side} units made differ"
        if state.counters.get(f"{side}-formation", 0) != formations:
            return f"its action log does not lead to its state: the {side} formations made differ"
    return None
