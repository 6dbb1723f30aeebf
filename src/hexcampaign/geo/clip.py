"""The area of a polygon inside a hex, for many (polygon, hex) pairs at once.

shapely's intersection (GEOS overlay) is exact but costs some 27 µs a pair however
small the shapes, and a 200×200 map from 10,000 land-cover polygons has about 200,000
pairs: over 5 s. A hexagon is convex, which allows an exact measure in numpy over all
pairs of a batch at once, with no per-pair Python and no ragged intermediate shapes
(Green's theorem, with the hex's centre as origin):

    area(ring ∩ hex) = Σ over the ring's edges clipped to the hex of (x0·y1 − x1·y0) / 2
                     + apothem / 2 · (the length of the hex's outline inside the ring)

The clipped edges come from Cyrus–Beck clipping against the six sides. The outline
inside the ring runs, counter-clockwise, from each point where the ring leaves the hex
to the next point where it enters; measured as a position u along the outline from a
reference point, that length is Σ u(entries) − Σ u(exits), plus the whole outline if
the reference point lies inside the ring. Where the shapes touch exactly (a vertex on the hex's
outline, an edge along a side) the sums are ambiguous, and those few pairs are measured
by shapely. The tests compare every case with shapely's intersection areas. Rings are made counter-clockwise first; holes are measured alike
and subtracted; the parts of a multipolygon are measured one by one.
"""

from __future__ import annotations

import numpy as np
import shapely

# Pairs × ring positions per batch: the (…, 6) arrays of a batch take ~3 MB each.
BATCH_ELEMENTS = 64_000


def covered_areas(
    shapes: np.ndarray, found: np.ndarray, hexagon: np.ndarray, centres: np.ndarray
) -> np.ndarray:
    """For each pair k, the area of shapes[found[k]] inside the hexagon `hexagon` (its
    six corners, relative to its centre) placed at centres[k]."""
    parts, part_owner = shapely.get_parts(shapes, return_index=True)
    shells = shapely.get_exterior_ring(parts)
    holes, hole_owner = _holes(parts)
    rings = np.concatenate([shells, holes])
    ring_part = np.concatenate([np.arange(len(parts)), hole_owner])
    ring_sign = np.concatenate([np.ones(len(shells)), -np.ones(len(holes))])
    ring_shape = part_owner[ring_part]
    # Every ring of the shape of each pair: (pair, ring) rows.
    by_shape = np.argsort(ring_shape, kind="stable")
    first = np.searchsorted(ring_shape[by_shape], np.arange(len(shapes)))
    count = np.bincount(ring_shape, minlength=len(shapes))
    per_pair = count[found]
    pair_of_row = np.repeat(np.arange(len(found)), per_pair)
    offsets = np.arange(len(pair_of_row)) - np.repeat(np.cumsum(per_pair) - per_pair, per_pair)
    ring_of_row = by_shape[first[found][pair_of_row] + offsets]
    coords, coord_ring = shapely.get_coordinates(rings, return_index=True)
    ring_start = np.searchsorted(coord_ring, np.arange(len(rings)))
    ring_length = np.bincount(coord_ring, minlength=len(rings))
    areas = np.zeros(len(found))
    unsure = np.zeros(len(found), dtype=bool)
    row_length = ring_length[ring_of_row]
    # A ring of fewer than four positions (an empty part left by a repair) has no area.
    order = np.argsort(row_length, kind="stable")
    order = order[row_length[order] >= 4]
    start = 0
    while start < len(order):
        # Widths grow along `order`: as many rows as fit at the batch's widest ring.
        end = min(len(order), start + max(1, BATCH_ELEMENTS // int(row_length[order[start]])))
        while end - start > 1 and (end - start) * int(row_length[order[end - 1]]) > BATCH_ELEMENTS:
            end = start + (end - start) // 2
        width = int(row_length[order[end - 1]])
        rows = order[start:end]
        rings_here = ring_of_row[rows]
        points = _padded(coords, ring_start[rings_here], ring_length[rings_here], width)
        points -= centres[pair_of_row[rows]][:, None, :]
        area, risky = clip_ring_areas(points, hexagon)
        np.add.at(areas, pair_of_row[rows], area * ring_sign[rings_here])
        unsure[pair_of_row[rows][risky]] = True
        start = end
    if unsure.any():
        pairs = np.flatnonzero(unsure)
        hexes = shapely.polygons(centres[pairs][:, None, :] + np.asarray(hexagon)[None, :, :])
        try:
            areas[pairs] = shapely.area(shapely.intersection(shapes[found[pairs]], hexes))
        except shapely.errors.GEOSException:
            pass  # GEOS's overlay gave up on a degenerate shape: keep the sums
    return np.maximum(areas, 0.0)


def clip_ring_areas(points: np.ndarray, hexagon: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Areas inside the convex polygon `hexagon` (k, 2; centred on the origin) of closed
    rings (n, width, 2), each padded at its end with copies of its closing position, and
    whether each is unsure (the shapes touch exactly; see the end)."""
    corners = np.asarray(hexagon, dtype=float)
    if _signed_twice_area(corners[None])[0] < 0:
        corners = corners[::-1]
    k = len(corners)
    following = np.roll(corners, -1, axis=0)
    middles = (corners + following) / 2
    apothem = float(np.hypot(*middles[0]))
    normals = middles / np.hypot(middles[:, 0], middles[:, 1])[:, None]  # outward, unit
    side = float(np.hypot(*(following[0] - corners[0])))
    outline = k * side
    # Rings counter-clockwise (reversing keeps the padding a zero-length edge).
    clockwise = _signed_twice_area(points) < 0
    points = points.copy()
    points[clockwise] = points[clockwise, ::-1]
    # f[k] > 0: outside side k. Sides first, so each side's values are contiguous and
    # the reductions over the six sides are element-wise (numpy is slow reducing a
    # short last axis).
    x, y = points[..., 0], points[..., 1]
    f = normals[:, 0, None, None] * x + normals[:, 1, None, None] * y - apothem
    slack = 1e-12 * max(apothem, 1.0)
    tolerance = 1e-9 * max(apothem, 1.0)
    f_max = f.max(axis=0)
    inside = f_max <= slack
    fa, fb = f[:, :, :-1], f[:, :, 1:]
    in_a, in_b = inside[:, :-1], inside[:, 1:]
    n = len(points)
    # Edges wholly inside count whole. Edges wholly beyond one side (both ends outside
    # it) count nothing. Only the rest, a small share, are clipped (Cyrus-Beck): every
    # entry and exit is among them, so the rest of the work is on those edges alone.
    both_in = in_a & in_b
    edges = np.where(both_in, x[:, :-1] * y[:, 1:] - x[:, 1:] * y[:, :-1], 0.0).sum(axis=1) / 2
    beyond = ((fa > slack) & (fb > slack)).any(axis=0)
    row, col = np.nonzero(~both_in & ~beyond)
    ca = fa[:, row, col]
    cd = fb[:, row, col] - ca
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = -ca / cd
    t_enter = np.maximum(0.0, np.where(cd < 0, ratio, -np.inf).max(axis=0, initial=-np.inf))
    t_exit = np.minimum(1.0, np.where(cd > 0, ratio, np.inf).min(axis=0, initial=np.inf))
    blocked = ((cd == 0) & (ca > slack)).any(axis=0)
    starts_in, ends_in = in_a[row, col], in_b[row, col]
    t0 = np.where(starts_in, 0.0, np.minimum(t_enter, 1.0))
    t1 = np.where(ends_in, 1.0, np.maximum(t_exit, 0.0))
    # An edge that ends inside enters once, one that starts inside leaves once (even at a
    # single point); one that starts and ends outside may pass through.
    passes = ~starts_in & ~ends_in & ~blocked & (t0 < t1)
    a = points[row, col]
    d = points[row, col + 1] - a
    x0 = a + t0[:, None] * d
    x1 = a + t1[:, None] * d
    counted = passes | (starts_in != ends_in)
    cross = np.where(counted, x0[:, 0] * x1[:, 1] - x1[:, 0] * x0[:, 1], 0.0)
    edges += np.bincount(row, weights=cross, minlength=n) / 2
    # Positions along the outline, from a reference point a little way along side 0
    # (not a corner, where test shapes and real data like to put their vertices).
    reference = corners[0] + 0.381966 * (following[0] - corners[0])
    entering = ~starts_in & (ends_in | passes)
    leaving = ~ends_in & (starts_in | passes)
    run = (_outline_position(x0, entering, corners, normals, side, reference, outline)
           - _outline_position(x1, leaving, corners, normals, side, reference, outline))
    run = np.bincount(row, weights=run, minlength=n) + outline * _contains(points, reference)
    # Where the shapes touch exactly (a vertex on the outline, an edge along a side's
    # line, the reference point on the ring) the sums above are ambiguous: the caller
    # measures those pairs with shapely instead. Real data seldom does; tests and hand
    # drawn shapes on the grid do. Each such edge is among the clipped ones.
    risky = (np.abs(f_max) <= tolerance).any(axis=1)
    along = ((np.abs(cd) <= tolerance) & (np.abs(ca) <= tolerance)).any(axis=0)
    along |= _distance(a, d, reference) <= tolerance
    risky[row[along]] = True
    return np.clip(edges + apothem / 2 * run, 0.0, None), risky


def _distance(a: np.ndarray, d: np.ndarray, point: np.ndarray) -> np.ndarray:
    """The distance from `point` to each edge from a along d."""
    a = a - point
    length = (d * d).sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.clip(np.where(length > 0, -(a * d).sum(axis=1) / length, 0.0), 0.0, 1.0)
    nearest = a + t[:, None] * d
    return np.sqrt((nearest * nearest).sum(axis=1))


def _outline_position(
    x: np.ndarray,
    mask: np.ndarray,
    corners: np.ndarray,
    normals: np.ndarray,
    side: float,
    reference: np.ndarray,
    outline: float,
) -> np.ndarray:
    """u of the points `x` (m, 2) on the hex's outline (0 where not `mask`), counted
    counter-clockwise from `reference`."""
    u = np.zeros(len(mask))
    if not mask.any():
        return u
    on = x[mask]
    edge = (on @ normals.T).argmax(axis=1)
    along = np.minimum(np.hypot(*(on - corners[edge]).T), side)
    start = float(np.hypot(*(reference - corners[0])))
    u[mask] = (edge * side + along - start) % outline
    return u


def _contains(points: np.ndarray, point: np.ndarray) -> np.ndarray:
    """Whether each ring contains `point` (crossing number: 1.0 or 0.0)."""
    px, py = point
    ax, ay = points[:, :-1, 0], points[:, :-1, 1]
    bx, by = points[:, 1:, 0], points[:, 1:, 1]
    straddles = (ay > py) != (by > py)
    with np.errstate(divide="ignore", invalid="ignore"):
        cross_x = ax + (py - ay) * (bx - ax) / (by - ay)
    return ((straddles & (px < cross_x)).sum(axis=1) % 2).astype(float)


def _signed_twice_area(points: np.ndarray) -> np.ndarray:
    x, y = points[..., 0], points[..., 1]
    return (x * np.roll(y, -1, axis=-1) - np.roll(x, -1, axis=-1) * y).sum(axis=-1)


def _padded(coords: np.ndarray, starts: np.ndarray, lengths: np.ndarray, width: int) -> np.ndarray:
    index = starts[:, None] + np.minimum(np.arange(width)[None, :], lengths[:, None] - 1)
    return coords[index]


def _holes(parts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every interior ring of the polygons, and the index of the polygon of each."""
    counts = shapely.get_num_interior_rings(parts)
    owner = np.repeat(np.arange(len(parts)), counts)
    if not len(owner):
        return np.empty(0, dtype=object), owner
    index = np.arange(len(owner)) - np.repeat(np.cumsum(counts) - counts, counts)
    return shapely.get_interior_ring(parts[owner], index), owner
