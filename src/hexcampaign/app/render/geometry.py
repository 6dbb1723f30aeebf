"""Where a map lies in scene units: its layout and bounds, the hexes a rectangle can
touch (arithmetic on the layout, never a search), one hex shape, the painter's scale."""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter, QPolygonF

from hexcampaign.hexes import Hex, Layout, offset_to_hex
from hexcampaign.maps import HexMap

DEFAULT_HEX_SIZE = 32.0
MARGIN = 0.5  # of the hex size, around the map in the scene and in exports


def map_layout(hexmap: HexMap, hex_size: float = DEFAULT_HEX_SIZE) -> Layout:
    """The layout that puts the map's top-left hex corner at (margin, margin)."""
    probe = Layout(hex_size, hexmap.orientation)
    left, top, _, _ = _centre_bounds(hexmap, probe)
    margin = MARGIN * hex_size
    return Layout(
        hex_size,
        hexmap.orientation,
        (margin + probe.width / 2 - left, margin + probe.height / 2 - top),
    )


def map_scene_rect(hexmap: HexMap, layout: Layout) -> QRectF:
    """The map's bounds plus a margin of half a hex, in scene units."""
    left, top, right, bottom = _centre_bounds(hexmap, layout)
    margin = MARGIN * layout.size
    return QRectF(
        left - layout.width / 2 - margin,
        top - layout.height / 2 - margin,
        right - left + layout.width + 2 * margin,
        bottom - top + layout.height + 2 * margin,
    )


def hexes_in_rect(hexmap: HexMap, layout: Layout, rect: QRectF, pad: int = 1) -> list[Hex]:
    """The map's hexes whose shapes can touch `rect`, plus `pad` hexes around (for
    features that reach into neighbours: road ends, contour lines, wide pens)."""
    c0, c1, r0, r1 = offset_range(hexmap, layout, rect, pad)
    orientation = hexmap.orientation
    if orientation == "flat":
        # Hex.from_offset's odd-q formula inlined: a whole 200×200 map is 40,000 hexes,
        # and two function calls fewer per hex is a third of this function's time.
        return [
            Hex(c, r - (c - (c & 1)) // 2) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)
        ]
    return [offset_to_hex(c, r, orientation) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]


def offset_range(
    hexmap: HexMap, layout: Layout, rect: QRectF, pad: int
) -> tuple[int, int, int, int]:
    """The columns c0..c1 and rows r0..r1 (inclusive, clipped to the map) that
    `hexes_in_rect` lists; empty when c0 > c1 or r0 > r1."""
    cols, rows = hexmap.cols, hexmap.rows
    ox, oy = layout.origin
    s = layout.size
    if layout.flat:
        col_step, row_step = 1.5 * s, math.sqrt(3) * s
        c0 = math.floor((rect.left() - ox - s) / col_step) - pad
        c1 = math.ceil((rect.right() - ox + s) / col_step) + pad
        r0 = math.floor((rect.top() - oy) / row_step - 1) - pad
        r1 = math.ceil((rect.bottom() - oy) / row_step + 0.5) + pad
    else:
        col_step, row_step = math.sqrt(3) * s, 1.5 * s
        c0 = math.floor((rect.left() - ox) / col_step - 1) - pad
        c1 = math.ceil((rect.right() - ox) / col_step + 0.5) + pad
        r0 = math.floor((rect.top() - oy - s) / row_step) - pad
        r1 = math.ceil((rect.bottom() - oy + s) / row_step) + pad
    return max(c0, 0), min(c1, cols - 1), max(r0, 0), min(r1, rows - 1)


def hexes_scene_rect(layout: Layout, hexes: Iterable[Hex], pad_hexes: float = 1.0) -> QRectF:
    """The scene rectangle covering `hexes` and `pad_hexes` hex sizes around them."""
    xs, ys = [], []
    for h in hexes:
        x, y = layout.center(h)
        xs.append(x)
        ys.append(y)
    if not xs:
        return QRectF()
    pad = layout.size * (1 + pad_hexes)
    return QRectF(
        min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
    )


def hex_polygon(layout: Layout) -> QPolygonF:
    """The hex shape around (0, 0); translate it to a centre (one shape, reused)."""
    return QPolygonF([QPointF(x, y) for x, y in layout.corner_offsets])


def screen_scale(painter: QPainter) -> float:
    """Device pixels per scene unit for the painter's current transform."""
    t = painter.worldTransform()
    return math.hypot(t.m11(), t.m12()) or 1.0


def _centre_bounds(hexmap: HexMap, layout: Layout) -> tuple[float, float, float, float]:
    """Min/max hex centres. The extremes lie on the border rows and columns and the
    ones next to them (odd columns or rows are shifted by half a hex)."""
    cols, rows = hexmap.cols, hexmap.rows
    border_cols = {c for c in (0, 1, cols - 2, cols - 1) if 0 <= c < cols}
    border_rows = {r for r in (0, 1, rows - 2, rows - 1) if 0 <= r < rows}
    cells = {(c, r) for c in border_cols for r in range(rows)}
    cells |= {(c, r) for c in range(cols) for r in border_rows}
    centres = [layout.center(offset_to_hex(c, r, hexmap.orientation)) for c, r in cells]
    xs = [x for x, _ in centres]
    ys = [y for _, y in centres]
    return min(xs), min(ys), max(xs), max(ys)
