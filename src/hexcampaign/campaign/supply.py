"""Supply: a division is in supply when its parent corps HQ is near by a clear path.

The draft names supply without a rule; see docs/rules-interpretations.md ("Supply").
"""

from __future__ import annotations

from collections import deque

from hexcampaign.campaign.state import to_hex
from hexcampaign.campaign.tables import campaign_rules
from hexcampaign.campaign.world import World
from hexcampaign.hexes import Hex


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


def _supply_range(c: World, corps_id: str) -> set[Hex]:
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
