"""Rivers along hexsides in the Tiled export (issue 30 item 7): each one a named
polyline object of the rivers layer running corner to corner along its hexsides, as the
map draws it, and read back into the same line."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from hexcampaign.exports.tiled import TiledGrid, read_tmx
from hexcampaign.hexes import HexSide
from hexcampaign.maps import HexMap
from hexcampaign.maps.lines import HEXSIDE_RIVER


def hexside_map(orientation: str) -> HexMap:
    from tests.maps.test_lines import hexside_palette

    m = HexMap.new(7, 6, palette=hexside_palette(), orientation=orientation)
    a, b, c, d = m.at(2, 2), m.at(3, 2), m.at(2, 3), m.at(3, 3)
    # Three sides in a row, each touching the one before, and a lone side elsewhere.
    sides = [HexSide.between(a, c), HexSide.between(c, b), HexSide.between(b, d)]
    assert all(len({*s.hexes(), *t.hexes()}) == 3 for s, t in zip(sides, sides[1:]))
    m.add_line(HEXSIDE_RIVER, sides, "Oued Derb")
    m.add_line(HEXSIDE_RIVER, [HexSide.between(m.at(5, 4), m.at(5, 5))])
    return m


@pytest.fixture
def export(qapp, tmp_path):
    from hexcampaign.app.render.interchange import export_tiled

    def run(hexmap: HexMap):
        path = tmp_path / "sides.tmx"
        export_tiled(hexmap, path, 30.0)
        return path, ET.parse(path).getroot()

    return run


def corner_points(grid: TiledGrid, hexmap: HexMap, side: HexSide) -> set[tuple[float, float]]:
    corners = grid.corners(*hexmap.offset(side.hex))
    return {corners[side.direction], corners[(side.direction + 1) % 6]}


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_a_hexside_river_is_a_polyline_along_its_hexsides(orientation, export):
    m = hexside_map(orientation)
    path, root = export(m)
    grid = TiledGrid.for_hex_size(orientation, 30.0)
    rivers = next(g for g in root.findall("objectgroup") if g.get("name") == "rivers")
    objects = [o for o in rivers.findall("object") if o.get("type") == HEXSIDE_RIVER]
    assert [o.get("name") for o in objects] == [line.name for line in m.lines(HEXSIDE_RIVER)]
    for obj, line in zip(objects, m.lines(HEXSIDE_RIVER)):
        x, y = float(obj.get("x")), float(obj.get("y"))
        points = [(x + float(p.split(",")[0]), y + float(p.split(",")[1]))
                  for p in obj.find("polyline").get("points").split()]
        assert len(points) == len(line.along) + 1  # corner to corner, one side a step
        for side, start, end in zip(line.along, points, points[1:]):
            assert {start, end} == corner_points(grid, m, side)
    assert read_tmx(path) == m
