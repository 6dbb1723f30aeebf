"""One frame of painting: what every layer painter needs for one paint call (the
hexes in view, the hex shape, the screen scale, the map's features), computed once; and
the block of columns a raster frame paints as a few long shapes."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from itertools import compress

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QPixmap, QPolygonF, QTransform
from PySide6.QtWidgets import QWidget

from hexcampaign.app.render.geometry import hex_polygon, offset_range, screen_scale
from hexcampaign.hexes import Hex, Layout, offset_to_hex
from hexcampaign.maps import HexMap
from hexcampaign.maps.features import MapFeatures


class Block:
    """Consecutive columns of a flat-top map, each `rows` hexes tall: the centre of each
    column's top hex (`xs`, `ys`); a column's next hex is `height` further down.

    A plain class, as Frame is: a dataclass costs ~3 M instructions to make at import,
    before a window's first paint, and nothing here compares or prints blocks."""

    __slots__ = ("height", "rows", "size", "xs", "ys")

    def __init__(self, size: float, height: float, rows: int, xs: list[float], ys: list[float]) -> None:
        self.size, self.height, self.rows, self.xs, self.ys = size, height, rows, xs, ys

    def outline(self) -> QPolygonF:
        """The boundary of the block's hexes, clockwise from the top-left hex's NW corner."""
        s, half, xs = self.size, self.height / 2, self.xs
        down = (self.rows - 1) * self.height
        first, last = xs[0], xs[-1]
        points: list[tuple[float, float]] = []
        y0 = self.ys[0]
        for k in range(2 * self.rows):  # left side of the first column, downwards
            points.append((first - s / 2 if k % 2 == 0 else first - s, y0 - half + k * half))
        for x, y in zip(xs, self.ys, strict=True):  # bottom: SW and SE corners
            points += [(x - s / 2, y + down + half), (x + s / 2, y + down + half)]
        y1 = self.ys[-1]
        for k in range(2 * self.rows):  # right side of the last column, upwards
            points.append((last + s if k % 2 == 0 else last + s / 2, y1 + down - k * half))
        for x, y in zip(reversed(xs), reversed(self.ys), strict=True):  # top: NE and NW
            points += [(x + s / 2, y - half), (x - s / 2, y - half)]
        return QPolygonF([QPointF(x, y) for x, y in points])

    def draw_grid(self, p: QPainter) -> None:
        """Every hexside of the block once, as one-pixel lines in the painter's pen.

        Away from the block's first and last columns the grid repeats every two
        columns. On a picture drawn at a whole number of pixels per two columns (a
        `render` PNG: 48 at hex size 16), that stretch is a stamp of one period's
        pixel columns, drawn once and blitted across: the same pixels (the stamp holds
        the pen's colour as the lines lay it, to within 1 of 255 where two lines
        cross), from a few columns' lines instead of every one (a 200×200 map's grid
        is 120,000 hexsides; the blits cost half as much as the lines did). A stamp
        of the zig-zags alone, with the flat tops drawn as lines, was slower."""
        stretch = self._repeating(p)
        if stretch is None:
            self._draw_lines(p)
            return
        left, right, period, dx, dy = stretch
        device = p.device()
        assert device is not None  # _repeating saw it
        height, s, pad = device.height(), self.size, 8
        # The stamp: one period of pixel columns and `pad` on each side, painted from
        # the columns around it (their outer boundaries, which a whole block would not
        # draw there, fall outside it).
        stamp = QImage(period + 2 * pad, height, QImage.Format.Format_ARGB32_Premultiplied)
        stamp.fill(0)
        painter = QPainter(stamp)
        painter.setRenderHints(p.renderHints())
        painter.setPen(p.pen())
        painter.translate(dx - (left - pad), dy)
        self._columns(left - dx - pad - 2 * s, left - dx + period + pad + 2 * s)._draw_lines(painter)
        painter.end()
        # The irregular edges, each clipped to its side of the repeating stretch.
        p.save()
        top, bottom = -dy, height - dy
        for x0, x1, side in ((-dx, left - dx, (-math.inf, left - dx + 2 * s)),
                             (right - dx, device.width() - dx, (right - dx - 2 * s, math.inf))):
            if x1 > x0:
                p.setClipRect(QRectF(x0, top, x1 - x0, bottom - top), Qt.ClipOperation.IntersectClip)
                self._columns(*side)._draw_lines(p)
                p.restore()
                p.save()
        p.resetTransform()
        for x in range(left, right, period):
            p.drawImage(QPointF(x, 0), stamp, QRectF(pad, 0, min(period, right - x), height))
        p.restore()

    def _repeating(self, p: QPainter) -> tuple[int, int, int, int, int] | None:
        """Where the grid repeats on the device (pixel columns left..right-1, every
        `period`), and the painter's whole-pixel offset (dx, dy); None when the painter
        does not map two columns to a whole number of pixels, or the block is narrow."""
        t = p.worldTransform()
        device = p.device()
        if t.type() != QTransform.TransformationType.TxTranslate and not t.isIdentity():
            return None
        dx, dy, period = t.dx(), t.dy(), float(3 * self.size)  # size may be an int
        if device is None or device.devicePixelRatio() != 1 or not (
            dx.is_integer() and dy.is_integer() and period.is_integer()
        ):
            return None
        # Clear of the first column's west boundary and the last one's east boundary,
        # the only lines that do not repeat.
        left = math.ceil(self.xs[0] - self.size / 2 + dx) + 2
        right = min(math.floor(self.xs[-1] + self.size / 2 + dx) - 2, device.width())
        left = max(left, 0)
        if right - left < 4 * period:
            return None
        return left, right, int(period), int(dx), int(dy)

    def _columns(self, low: float, high: float) -> Block:
        """The block's columns whose centres lie between `low` and `high` (scene x)."""
        keep = [i for i, x in enumerate(self.xs) if low <= x <= high]
        first, last = keep[0], keep[-1] + 1
        return Block(self.size, self.height, self.rows, self.xs[first:last], self.ys[first:last])

    def _draw_lines(self, p: QPainter) -> None:
        """Every hexside of the block once: a zig-zag polyline down each column
        boundary, and the flat tops of one row of hexes repeated down the rows."""
        s, h, half, xs, ys = self.size, self.height, self.height / 2, self.xs, self.ys
        down = (self.rows - 1) * h
        for i in range(len(xs) + 1):
            # Between column i-1 and i the corners alternate between two x positions:
            # the W corners of column i (= NE/SE of i-1) and its NW/SW (= E of i-1).
            spans = []  # (top y, top corner is the NW/SW kind, bottom y)
            if i < len(xs):
                spans.append((ys[i] - half, True, ys[i] + down + half))
                xw = xs[i] - s
            if i > 0:
                spans.append((ys[i - 1] - half, False, ys[i - 1] + down + half))
                xw = xs[i - 1] + s / 2
            top, top_is_nw = min(spans)[:2]
            bottom = max(span[2] for span in spans)
            steps = round((bottom - top) / half)
            # Moving the painter, not the points: one cached list of lines serves every
            # boundary of the same shape (separate lines take Qt's fast one-pixel path;
            # a long polyline does not).
            p.translate(xw, top)
            p.drawLines(_zigzag(steps, top_is_nw, s / 2, half))
            p.translate(-xw, -top)
        tops = [QLineF(x - s / 2, y - half, x + s / 2, y - half) for x, y in zip(xs, ys)]
        p.save()
        for _ in range(self.rows + 1):  # the last pass is the bottom row's flat bottoms
            p.drawLines(tops)
            p.translate(0, h)
        p.restore()


def is_raster(p: QPainter) -> bool:
    """The painter draws pixels (an image, a pixmap, the screen), not SVG or PDF. Its
    device is asked, not its paint engine: the engine's type would have PySide make
    QPaintEngine's enums first (about 6 M instructions of the first frame)."""
    return isinstance(p.device(), (QImage, QPixmap, QWidget))


@functools.lru_cache(maxsize=64)
def _zigzag(steps: int, first_right: bool, dx: float, dy: float) -> list[QLineF]:
    """A vertical zig-zag from (0, 0) down `steps` segments of `dy`, x alternating
    between 0 and `dx` (starting at `dx` when `first_right`). Shared: do not change."""
    xs = [dx if (k % 2 == 0) == first_right else 0.0 for k in range(steps + 1)]
    return [QLineF(xs[k], k * dy, xs[k + 1], (k + 1) * dy) for k in range(steps)]


def column_runs(hexes: list[Hex]) -> list[tuple[Hex, int]]:
    """`hexes` (column by column, down each: a frame's order) as runs of hexes one
    under the next: (the run's top hex, how many)."""
    runs: list[tuple[Hex, int]] = []
    top, count, q0, r0 = None, 0, 0, 0
    for h in hexes:
        q, r = h
        if top is not None and q == q0 and r == r0 + count:
            count += 1
            continue
        if top is not None:
            runs.append((top, count))
        top, count, q0, r0 = h, 1, q, r
    if top is not None:
        runs.append((top, count))
    return runs


@functools.lru_cache(maxsize=256)
def run_shape(size: float, height: float, count: int) -> QPolygonF:
    """The outline of `count` flat-top hexes one under the next, around the top
    one's centre: its flat top, the east zig-zag down, the flat bottom, the west
    zig-zag up. Shared: do not change."""
    half = height / 2
    points = [(-size / 2, -half), (size / 2, -half)]
    for i in range(count):
        points += [(size, i * height), (size / 2, i * height + half)]
    points.append((-size / 2, (count - 1) * height + half))
    for i in reversed(range(count)):
        points += [(-size, i * height), (-size / 2, i * height - half)]
    points.pop()  # back at the first corner
    return QPolygonF([QPointF(x, y) for x, y in points])


def centre_of(layout: Layout) -> Callable[[Hex], tuple[float, float]]:
    """`layout.center` with the layout's numbers read once: the same floats, in about
    half the time (a 200×200 map's layers ask for some 50,000 centres)."""
    ox, oy = layout.origin
    s = layout.size
    if layout.flat:
        step_x, step_y = s * 1.5, s * math.sqrt(3)

        def flat(h: Hex) -> tuple[float, float]:
            q, r = h
            return step_x * q + ox, step_y * (r + q / 2) + oy

        return flat
    across, step = s * math.sqrt(3), s * 1.5

    def pointy(h: Hex) -> tuple[float, float]:
        q, r = h
        return across * (q + r / 2) + ox, step * r + oy

    return pointy


class Frame:
    """What every layer painter needs for one paint call, computed once."""

    def __init__(
        self, painter: QPainter, map: HexMap, layout: Layout, rect: QRectF, features: MapFeatures
    ) -> None:
        self.painter, self.map, self.layout, self.rect = painter, map, layout, rect
        self.features = features  # the map's indexed features (built afresh when none is kept)
        self.soft_edges = False  # the terrain fades into its neighbours' (soft_edges.py)
        self._hexes: list[Hex] | None = None
        self._cells: list[range] | None = None
        self._block: Block | None = None
        self._near: set[Hex] | None = None  # the hexes as a set, for `stretches`
        self.centre = centre_of(layout)
        self.scale = screen_scale(painter)
        self.shape = hex_polygon(layout)
        corners = self.layout.corner_offsets
        # Edge d of every hex, relative to its centre (corners d and d+1).
        self.edges = [(*corners[d], *corners[(d + 1) % 6]) for d in range(6)]

    @property
    def hexes(self) -> list[Hex]:
        """`hexes_in_rect` of the frame (one hex of padding), column by column."""
        if self._hexes is None:
            self._hexes = self.map.cell_hexes(self.cells)
        return self._hexes

    @property
    def cells(self) -> list[range]:
        """The frame's hexes as ranges of the map's cells (`HexMap.cell`: column by
        column), one a column: `hexes` and the terrain come as slices of the map's own
        tables, without making a Hex or asking the map once a hex."""
        if self._cells is None:
            c0, c1, r0, r1 = offset_range(self.map, self.layout, self.rect, 1)
            rows = self.map.rows
            self._cells = [range(c * rows + r0, c * rows + r1 + 1) for c in range(c0, c1 + 1)] if r0 <= r1 else []
        return self._cells

    def stretches(self, hexes: Sequence[Hex]) -> list[tuple[int, int]]:
        """The parts first..last (indices, inclusive) of a line through `hexes` that can
        show in this frame: each reaches one hex past the frame's hexes on both sides,
        so its ends (a cap, a cut curve) lie in a hex that touches nothing in view.
        A band of a big picture then strokes its part of a long road, not all of it
        (Qt's stroker and rasterizer pay for the whole path however much is clipped)."""
        if self._near is None:
            self._near = set(self.hexes)
        near = self._near
        last = len(hexes) - 1
        parts: list[list[int]] = []
        # The indices of the line's hexes in the frame, found at C speed: a long river
        # or road crosses many bands, and each band used to walk all of it in Python.
        for i in compress(range(len(hexes)), map(near.__contains__, hexes)):
            first = max(i - 1, 0)
            if parts and first <= parts[-1][1]:
                parts[-1][1] = min(i + 1, last)
            else:
                parts.append([first, min(i + 1, last)])
        return [(a, b) for a, b in parts]

    @property
    def block(self) -> Block | None:
        """The painted hexes as a rectangle of columns and rows (flat-top maps only):
        lets the grid and the terrain draw a few long shapes instead of one per hex."""
        # Raster pictures only: SVG and PDF keep one shape per hex, which a user
        # editing the export (Inkscape, Illustrator) can pick and recolour.
        if self._block is None and self.layout.flat and is_raster(self.painter):
            c0, c1, r0, r1 = offset_range(self.map, self.layout, self.rect, 1)
            if c0 <= c1 and r0 <= r1:
                centre = self.layout.center
                tops = [centre(offset_to_hex(c, r0, "flat")) for c in range(c0, c1 + 1)]
                self._block = Block(
                    size=self.layout.size,
                    height=self.layout.height,
                    rows=r1 - r0 + 1,
                    xs=[x for x, _ in tops],
                    ys=[y for _, y in tops],
                )
        return self._block

    def near_rect(self, pad_hexes: float) -> QRectF:
        """The painted rectangle grown by `pad_hexes`: for text wider than its hex."""
        pad = pad_hexes * self.layout.size
        return self.rect.adjusted(-pad, -pad, pad, pad)

    def screen_hex(self) -> float:
        """The hex size in device pixels."""
        return self.layout.size * self.scale

    def px(self, fraction: float) -> float:
        return fraction * self.layout.size
