"""A flood fill's region (HexMap.terrain_region): exactly the hexes joined to the start
through neighbours of its terrain, on flat- and pointy-top maps of any shape."""

from __future__ import annotations

import random
from collections import deque

import pytest

from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap, MapEditError


def joined(m: HexMap, start: Hex) -> set[Hex]:
    """The region worked out the plain way: neighbour by neighbour."""
    terrain = m.terrain(start)
    seen, todo = {start}, deque([start])
    while todo:
        for n in todo.popleft().neighbors():
            if n not in seen and m.contains(n) and m.terrain(n) == terrain:
                seen.add(n)
                todo.append(n)
    return seen


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_the_region_is_the_connected_hexes_of_one_terrain(orientation):
    for seed in range(25):
        rng = random.Random(seed)
        m = HexMap.blank(rng.randint(1, 24), rng.randint(1, 24), "kasserine", orientation)
        names = list(m.palette.terrains)
        for h in m.hexes():
            if rng.random() < 0.45:
                m.set_terrain(h, rng.choice(names))
        for start in rng.sample(m.hexes(), min(5, len(m.hexes()))):
            runs = m.terrain_region(start)
            region = m.cell_hexes(runs)
            assert set(region) == joined(m, start)
            assert len(region) == len(set(region))
            assert [m.cell(h) for h in region] == [cell for run in runs for cell in run]


def test_cells_paint_in_bulk_and_refuse_an_unknown_terrain():
    m = HexMap.blank(200, 200)
    runs = m.terrain_region(m.at(3, 4))
    assert len(runs) == 200 and sum(map(len, runs)) == 40_000  # a run a column
    m.set_terrain_cells(runs, "high_ground")
    assert {m.terrain(h) for h in m.hexes()} == {"high_ground"}
    with pytest.raises(MapEditError, match="not in the kasserine palette"):
        m.set_terrain_cells(runs[:3], "forest")
    with pytest.raises(MapEditError, match="off this"):
        m.terrain(Hex(500, 500))
