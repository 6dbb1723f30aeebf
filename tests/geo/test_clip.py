"""The area a polygon covers of a hex, measured in numpy, equals shapely's intersection
area in every case an import meets: edges along hex sides, vertices on corners, holes,
clockwise rings, polygons inside a hex, hexes inside a polygon, parts far apart."""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely
from shapely.geometry import MultiPolygon, Polygon

from hexcampaign.geo.clip import covered_areas
from hexcampaign.geo.importer import hex_centres, hexes_at
from hexcampaign.hexes import Hex, Layout

LAYOUT = Layout(1.0, "flat", (0.0, 0.0))
HEXAGON = np.array(LAYOUT.corner_offsets)


def measure(shapes: list, hexes: list[Hex]) -> tuple[np.ndarray, np.ndarray]:
    """(ours, shapely's) for every pair of shape and hex."""
    array = np.empty(len(shapes), dtype=object)
    array[:] = shapely.make_valid(np.array(shapes, dtype=object))  # as the reader ensures
    found = np.repeat(np.arange(len(shapes)), len(hexes))
    cells = np.tile(np.arange(len(hexes)), len(shapes))
    centres = np.array([LAYOUT.center(h) for h in hexes])[cells]
    ours = covered_areas(array, found, HEXAGON, centres)
    polygons = np.array([LAYOUT.polygon(h) for h in hexes], dtype=object)[cells]
    theirs = shapely.area(shapely.intersection(array[found], polygons))
    return ours, theirs


NEAR = [Hex(0, 0), *Hex(0, 0).neighbors(), *Hex(0, 0).ring(2)]
CASES = {
    "hex inside a square": Polygon([(-3, -3), (3, -3), (3, 3), (-3, 3)]),
    "square inside the hex": Polygon([(-0.2, -0.2), (0.2, -0.2), (0.2, 0.2), (-0.2, 0.2)]),
    "the hex itself": LAYOUT.polygon(Hex(0, 0)),
    "the hex clockwise": Polygon(LAYOUT.corners(Hex(0, 0))[::-1]),
    "two hexes' union": shapely.union(LAYOUT.polygon(Hex(0, 0)), LAYOUT.polygon(Hex(1, 0))),
    "half-plane along a row of centres": Polygon([(-4, 0), (4, 0), (4, 4), (-4, 4)]),
    "vertex on a corner": Polygon([LAYOUT.corners(Hex(0, 0))[0], (3, -3), (3, 3)]),
    "donut around the hex": Polygon([(-3, -3), (3, -3), (3, 3), (-3, 3)],
                                    [[(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)]]),
    "concave comb": Polygon([(-2, -2), (2, -2), (2, 2), (1, 2), (1, -1), (0.3, -1), (0.3, 2),
                             (-0.3, 2), (-0.3, -1), (-1, -1), (-1, 2), (-2, 2)]),
    "multipolygon": MultiPolygon([Polygon([(-1, -1), (0, -1), (0, 0)]), Polygon([(2, 2), (3, 2), (3, 3)])]),
    "a sliver along a side": Polygon([(-0.5, -math.sqrt(3) / 2), (0.5, -math.sqrt(3) / 2), (0, -0.9)]),
    "far away": Polygon([(50, 50), (51, 50), (51, 51)]),
}


@pytest.mark.parametrize("name", list(CASES))
def test_covered_area_equals_shapely_intersection(name):
    ours, theirs = measure([CASES[name]], NEAR)
    np.testing.assert_allclose(ours, theirs, atol=1e-9)


def test_random_star_polygons_agree_with_shapely():
    rng = np.random.default_rng(21)
    shapes = []
    for _ in range(60):
        cx, cy = rng.uniform(-2, 2, 2)
        n = int(rng.integers(3, 14))
        angles = np.sort(rng.uniform(0, 2 * np.pi, n))
        radii = rng.uniform(0.2, 3.0, n)
        shapes.append(Polygon(np.column_stack([cx + radii * np.cos(angles), cy + radii * np.sin(angles)])))
    ours, theirs = measure(shapes, NEAR)
    np.testing.assert_allclose(ours, theirs, atol=1e-9)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_many_points_find_the_same_hex_as_the_layout(orientation):
    layout = Layout(0.7, orientation, (3.0, -2.0))
    rng = np.random.default_rng(4)
    xy = rng.uniform(-20, 20, (2000, 2))
    q, r = hexes_at(layout, xy)
    assert [Hex(int(a), int(b)) for a, b in zip(q, r)] == [layout.hex_at(x, y) for x, y in xy]


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_many_hex_centres_are_where_the_layout_puts_them(orientation):
    layout = Layout(0.7, orientation, (3.0, -2.0))
    hexes = [Hex(q, r) for q in range(-5, 6) for r in range(-4, 7)]
    np.testing.assert_allclose(hex_centres(layout, hexes), [layout.center(h) for h in hexes])


def test_empty_parts_measure_nothing():
    empty = Polygon()
    ours, _ = measure([Polygon([(-0.2, -0.2), (0.2, -0.2), (0.2, 0.2)]), empty], [Hex(0, 0)])
    assert ours[1] == 0 and ours[0] > 0
