"""What an edit takes with it so the map stays one the rules (and the loader) accept."""

from __future__ import annotations

from collections.abc import Iterable

from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap


def drop_stranded_bridges(m: HexMap, hexes: Iterable[Hex]) -> list[Hex]:
    """Remove the bridges of `hexes` that no longer have a road (a bridge carries a road
    over a river; the map file refuses one without). Returns the hexes that lost one."""
    dropped = [h for h in hexes if m.contains(h) and m.has_bridge(h) and not m.on_road(h)]
    for h in dropped:
        m.set_bridge(h, False)
    return dropped
