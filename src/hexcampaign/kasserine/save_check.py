"""Checks a loaded Kasserine Pass save's positions for facts pydantic cannot see.

A save that this program wrote (its check matches) is taken as written: its start and
its saved position must each be one the rules can stand on. Any other save is replayed
through the rules, which check every action, from a start checked the same way: every
unit where its key says and on a hex of the map, every place named on the map, every
hex and unit a combat or a decision names known, numbers in range.
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
# The log text: a few lines an action (a combat's result, losses, retreats, advances).
MAX_LOG_LINES = 4 * MAX_ACTIONS
MAX_LINE_CHARS = 50_000
MAX_DICE_PER_ACTION = 3  # two for the combat, one for the advance after D ELIM


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
    for c in start.combats:
        if any(uid not in known for uid in c.artillery + c.defense_artillery):
            return "a combat names a unit the game does not have"
        if any(not hexmap.contains(Hex(*at)) for at in (c.target, *c.attacker_hexes)):
            return "a combat is fought on a hex that is not on the map"
    for decision in start.pending:
        if any(uid not in known for uid in decision.units):
            return "a pending decision names a unit the game does not have"
        hexes = [*decision.vacated, *([decision.battle] if decision.battle else [])]
        if any(not hexmap.contains(Hex(*at)) for at in hexes):
            return "a pending decision names a hex that is not on the map"
    if any(not hexmap.contains(Hex(*at)) for at in start.destroyed_bridges):
        return "a destroyed bridge lies off the map"
    return None


def log_problem(log: object) -> str | None:
    """What is wrong with a save's log text (a list of lines), as a clause, or None."""
    if not isinstance(log, list) or not all(isinstance(line, str) for line in log):
        return "its log is not a list of lines of text"
    if len(log) > MAX_LOG_LINES:
        return f"its log has {len(log)} lines, more than a game can"
    if any(len(line) > MAX_LINE_CHARS for line in log):
        return "a line of its log is longer than any event"
    return None


def dice_problem(actions: list) -> str | None:
    """Dice recorded on the actions that no roll shows, as a clause, or None (a save
    taken as written continues its dice from these faces)."""
    rolls = [a.faces for a in actions if a.faces]
    if any(len(faces) > MAX_DICE_PER_ACTION for faces in rolls) or not all(
        1 <= f <= 6 for faces in rolls for f in faces
    ):
        return "an action records dice no roll can show"
    return None
