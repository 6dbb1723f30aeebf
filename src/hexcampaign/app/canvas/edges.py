"""How far the canvas may show the desk beyond the map's edges, and how far to move a
view that shows more (the arithmetic of MapView.clamp_to_map, in scene units)."""

from __future__ import annotations

from PySide6.QtCore import QRectF

# How much desk may show beyond the map's edge: enough to see the edge is the edge and
# to bring an edge hex in from under the window's border, never a window of empty grey
# (arrow keys, drags, zoom at an edge). At least this many screen pixels...
EDGE_MARGIN_PX = 48
# ... or this share of the window's width (height), whichever is more.
EDGE_MARGIN_SHARE = 0.1


def edge_margins(width: float, height: float) -> tuple[float, float]:
    """The most desk (screen pixels, across and down) a window of this size shows
    beyond the map's edges."""
    return (
        max(EDGE_MARGIN_PX, EDGE_MARGIN_SHARE * width),
        max(EDGE_MARGIN_PX, EDGE_MARGIN_SHARE * height),
    )


def shift_into_map(
    shown: QRectF, map_rect: QRectF, margins: tuple[float, float], before: QRectF
) -> tuple[float, float]:
    """How far (scene units) to move a view showing `shown` over a map `map_rect` so
    that at most `margins` (scene units) of desk shows beyond a map larger than the
    view, a smaller map stays whole in it, and what was in sight `before` may stay."""
    mx, my = margins
    dx = _shift_into(
        shown.left(), shown.right(), map_rect.left(), map_rect.right(), mx,
        before.left(), before.right(),
    )
    dy = _shift_into(
        shown.top(), shown.bottom(), map_rect.top(), map_rect.bottom(), my,
        before.top(), before.bottom(),
    )
    return dx, dy


def _shift_into(low: float, high: float, a: float, b: float, margin: float,
                was_low: float, was_high: float) -> float:
    """How far to move a window spanning low..high (one axis, scene units) over a map
    spanning a..b. The window may sit anywhere that shows at most `margin` beyond the
    map's edges, or anywhere that shows the whole map; and it may keep showing what it
    showed before the move (was_low..was_high)."""
    width = high - low
    first = min(a - margin, b - width, was_low)  # the lowest start allowed
    last = max(a, b + margin - width, was_high - width)  # the highest
    if low < first:
        return first - low
    if low > last:
        return last - low
    return 0.0


__all__ = ["EDGE_MARGIN_PX", "EDGE_MARGIN_SHARE", "edge_margins", "shift_into_map"]
