"""Checks a loaded Kasserine Pass save's starting position for facts pydantic cannot
see. The log is then replayed through the rules, which check every action; this module
makes sure the position they start from is one the rules can stand on: every unit where
its key says and on a hex of the map, every place named on the map, numbers in range.
"""

from __future__ import annotations

from typing import Any

from hexcampaign.files import quoted
from hexcampaign.hexes import Hex
from hexcampaign.kasserine.state import GAME_OVER, PHASES, GameState
from hexcampaign.maps import HexMap

# A whole scenario game is a few thousand actions; a log far longer is not a game.
MAX_ACTIONS = 100_000
MAX_FACTOR = 1000


def start_problem(
    hexmap: HexMap,
    start: GameState,
    entry_zones: dict[str, list[Hex]],
    arrival_points: dict[str, list[Hex]],
    turns: int,
) -> str | None:
    """The first thing wrong with a save's starting position, as a clause, or None."""
    if start.phase not in (*PHASES, GAME_OVER):
        return f"its phase {quoted(start.phase)} is not a phase of the turn"
    if not 1 <= start.turn <= turns:
        return f"its turn {start.turn} is not one of the game's {turns} turns"
    places = {p.name for p in hexmap.places()}
    for zone in (*entry_zones.values(), *arrival_points.values()):
        if any(not hexmap.contains(h) for h in zone):
            return "an entry zone or arrival point lies off the map"
    for name in (*start.holders, *start.victory):
        if name not in places:
            return f"it scores the place {quoted(name)}, which is not on the map"
    if any(not 0 <= vp <= MAX_FACTOR for vp in start.victory.values()):
        return "a place is worth an impossible number of victory points"
    for uid, u in start.units.items():
        if uid != u.id:
            return f"unit {quoted(u.id)} is filed under another id, {quoted(uid)}"
        if u.at is not None and not hexmap.contains(Hex(*u.at)):
            return f"unit {quoted(uid)} stands on a hex that is not on the map"
        if any(not 0 <= v <= MAX_FACTOR for v in (u.cf, u.mf, u.support, u.range)):
            return f"unit {quoted(uid)} has impossible factors"
        if u.arrives is not None and u.arrives.place not in places | set(arrival_points):
            return (
                f"unit {quoted(uid)} arrives at {quoted(u.arrives.place)}, which is not on the map"
            )
        if u.entry is not None and u.entry not in entry_zones:
            return f"unit {quoted(uid)} enters by {quoted(u.entry)}, an entry zone the save does not have"
    known = set(start.units)
    groups: list[Any] = [*start.combats, *start.engagements, *start.contacts]
    for group in groups:
        if any(uid not in known for uid in group.attackers + group.defenders):
            return "a combat names a unit the game does not have"
    for decision in start.pending:
        if any(uid not in known for uid in decision.units):
            return "a pending decision names a unit the game does not have"
    if any(not hexmap.contains(Hex(*at)) for at in start.destroyed_bridges):
        return "a destroyed bridge lies off the map"
    return None
