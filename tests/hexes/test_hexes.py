import math

from hypothesis import given
from hypothesis import strategies as st

from hexcampaign.hexes import Hex, HexSide, Layout, rectangle

coords = st.integers(min_value=-200, max_value=200)
hexes = st.builds(Hex, coords, coords)
layouts = st.builds(
    Layout,
    size=st.floats(min_value=4, max_value=120),
    orientation=st.sampled_from(["flat", "pointy"]),
    origin=st.tuples(st.floats(-500, 500), st.floats(-500, 500)),
)


@given(st.integers(0, 300), st.integers(0, 300))
def test_offset_round_trip(col, row):
    assert Hex.from_offset(col, row).to_offset() == (col, row)
    assert Hex.from_offset_pointy(col, row).to_offset_pointy() == (col, row)


def test_odd_columns_sit_lower():
    # odd-q: column 1 row 0 is south-east of column 0 row 0
    a, b = Hex.from_offset(0, 0), Hex.from_offset(1, 0)
    assert a.is_adjacent(b)
    layout = Layout(10)
    assert layout.center(b)[1] > layout.center(a)[1]


@given(hexes)
def test_neighbours_are_at_distance_one_in_fixed_order(h):
    ns = h.neighbors()
    assert len(set(ns)) == 6
    assert all(h.distance(n) == 1 for n in ns)
    assert ns == [h.neighbor(d) for d in range(6)]


@given(hexes, hexes, hexes)
def test_distance_symmetry_and_triangle(a, b, c):
    assert a.distance(b) == b.distance(a)
    assert a.distance(c) <= a.distance(b) + b.distance(c)
    assert (a.distance(b) == 0) == (a == b)


@given(hexes, st.integers(0, 6))
def test_rings(h, radius):
    ring = h.ring(radius)
    assert len(ring) == (6 * radius if radius else 1)
    assert all(h.distance(x) == radius for x in ring)
    assert len(h.within(radius)) == 1 + 3 * radius * (radius + 1)


@given(hexes, hexes)
def test_lines_are_contiguous(a, b):
    line = a.line_to(b)
    assert line[0] == a and line[-1] == b
    assert len(line) == a.distance(b) + 1
    assert all(x.is_adjacent(y) for x, y in zip(line, line[1:]))


@given(hexes, st.integers(0, 5))
def test_hexside_identity_from_both_sides(h, d):
    n = h.neighbor(d)
    side = HexSide.between(h, n)
    assert side == HexSide.between(n, h)
    assert hash(side) == hash(HexSide.between(n, h))
    assert set(side.hexes()) == {h, n}
    assert side.other(h) == n


def test_six_distinct_hexsides():
    h = Hex(3, -1)
    assert len({HexSide.of(h, d) for d in range(6)}) == 6


@given(layouts, hexes)
def test_pixel_to_hex_of_centres(layout, h):
    assert layout.hex_at(*layout.center(h)) == h


@given(layouts, hexes, st.floats(0, 0.8), st.floats(0, 2 * math.pi))
def test_pixel_to_hex_well_inside(layout, h, frac, angle):
    cx, cy = layout.center(h)
    # the inscribed circle has radius sqrt(3)/2 * size
    rad = frac * layout.size * math.sqrt(3) / 2
    assert layout.hex_at(cx + rad * math.cos(angle), cy + rad * math.sin(angle)) == h


@given(layouts, hexes, st.integers(0, 5))
def test_edge_midpoint_is_between_centres_and_snaps(layout, h, d):
    (ax, ay), (bx, by) = layout.edge(h, d)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    (cx, cy), (nx, ny) = layout.center(h), layout.center(h.neighbor(d))
    assert math.isclose(mx, (cx + nx) / 2, abs_tol=1e-6 * layout.size + 1e-6)
    assert math.isclose(my, (cy + ny) / 2, abs_tol=1e-6 * layout.size + 1e-6)
    # a point a little inside h, near that edge's midpoint, snaps to that hexside
    px, py = mx + (cx - mx) * 0.1, my + (cy - my) * 0.1
    assert layout.hexside_at(px, py) == HexSide.of(h, d)


def test_polygon_area_and_rectangle():
    layout = Layout(10)
    assert math.isclose(layout.polygon(Hex(0, 0)).area, 3 * math.sqrt(3) / 2 * 100)
    cells = list(rectangle(4, 3))
    assert len(cells) == 12 and len(set(cells)) == 12
