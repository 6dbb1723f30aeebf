"""Supply: a division is in supply when its parent corps HQ is near by a clear path.

The draft names supply without a rule; see docs/rules-interpretations.md ("Supply").
"""

from __future__ import annotations

from collections import deque
from typing import Protocol

from hexcampaign.campaign.options import Options
from hexcampaign.campaign.state import FormationRecord, State, to_hex
from hexcampaign.campaign.tables import campaign_rules
from hexcampaign.campaign.world import World
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap


class SupplyView(Protocol):
    """What tracing supply reads: the rule modules' World and the Campaign facade both
    have it, so the desk asks the very rule of the campaign it holds."""

    @property
    def map(self) -> HexMap: ...

    @property
    def state(self) -> State: ...

    @property
    def options(self) -> Options: ...

    def enemy(self, side: str) -> str: ...

    def formation_record(self, fid: str) -> FormationRecord: ...

    def formations_of(self, side: str) -> list[FormationRecord]: ...

    def zone_of_control(self, side: str) -> set[Hex]: ...


def in_supply(c: World, fid: str) -> bool:
    f = c.formation_record(fid)
    if not c.options.supply or f.kind == "corps":
        return True  # corps HQs are the supply source; the draft traces nothing beyond them
    if f.corps is None or f.corps not in c.state.formations:
        return False
    return to_hex(f.hex) in supply_range(c, f.corps)


def supply_range(c: World, corps_id: str) -> set[Hex]:
    """Hexes a corps HQ supplies: within range, by a path whose inner hexes hold no enemy
    unit and lie in no enemy ZOC (the two ends may be in an enemy ZOC: an engaged
    division is still supplied from behind)."""
    return c.facts.get(("supply", corps_id), lambda: _supply_range(c, corps_id))


def out_of_supply_effects(options: Options) -> list[str]:
    """What being out of supply costs a division under the campaign's options."""
    if not options.supply:
        return []
    effects = [
        (options.supply_halves_movement, "half movement"),
        (options.supply_blocks_reinforcement, "no reinforcement"),
        (options.supply_limits_ammunition, "CM ammunition Limited"),
    ]
    return [text for on, text in effects if on]


def supplying_corps(c: SupplyView, side: str, where: Hex) -> list[FormationRecord]:
    """The corps HQs of `side` whose supply range holds `where` (a division there is in
    supply once it is under one of them)."""
    return [
        f for f in c.formations_of(side) if f.kind == "corps" and where in _supply_range(c, f.id)
    ]


def build_supply_warning(c: SupplyView, side: str, kind: str, where: Hex) -> str | None:
    """The warning, one sentence, when a division built at `where` would be out of
    supply, else None. A new division comes under no corps HQ, and a division without
    one is out of supply (docs/rules-interpretations.md, "Supply"); the draft does not
    forbid such a build, so it is warned of, not refused. The sentence says whether a
    corps HQ of `side` could supply the hex once the division is assigned to it."""
    effects = out_of_supply_effects(c.options)
    if kind == "corps" or not effects:
        return None
    label = c.map.label(where)
    cost = ", ".join(effects)
    corps = [f for f in c.formations_of(side) if f.kind == "corps"]
    covering = supplying_corps(c, side, where)
    if covering:
        names = " or ".join(f"{f.name} ({c.map.label(to_hex(f.hex))})" for f in covering)
        return (
            f"Supply: a new division comes under no corps HQ, so at {label} it is out of "
            f"supply ({cost}) until it is assigned to {names} (right-click it on the map)"
        )
    limit = campaign_rules().supply_range
    nearest = min(corps, key=lambda f: (where.distance(to_hex(f.hex)), f.name), default=None)
    if nearest is None:
        why = f"{side} has no corps HQ"
    else:
        away = where.distance(to_hex(nearest.hex))
        why = (
            f"the nearest, {nearest.name}, is at {c.map.label(to_hex(nearest.hex))}, "
            f"{away} hex{'' if away == 1 else 'es'} away"
            + ("" if away > limit else ", its path blocked by the enemy or his zone of control")
        )
    return (
        f"Supply: no {side} corps HQ is within {limit} hexes of {label} by a clear path "
        f"({why}), so a division built there is out of supply ({cost}) until a corps HQ "
        "in range commands it"
    )


def _supply_range(c: SupplyView, corps_id: str) -> set[Hex]:
    corps = c.formation_record(corps_id)
    enemy = c.enemy(corps.side)
    blocked = c.zone_of_control(enemy)
    enemy_hexes = {to_hex(f.hex) for f in c.state.formations.values() if f.side == enemy}
    start = to_hex(corps.hex)
    reach = {start}
    frontier = deque([(start, 0)])
    limit = campaign_rules().supply_range
    while frontier:
        here, dist = frontier.popleft()
        if dist == limit or (here != start and here in blocked):
            continue
        for there in c.map.neighbours_on_map(here):
            if there in reach or there in enemy_hexes:
                continue
            reach.add(there)
            frontier.append((there, dist + 1))
    return reach
