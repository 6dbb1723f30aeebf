"""The one map painter: the canvas layers, `hexcampaign render` and export all call it.

Everything is painted in scene units of a `Layout` (hex size in pixels at zoom 1). Each
layer paints only the hexes whose shapes can reach the requested rectangle, found by
arithmetic on the layout rather than by searching, so a 200×200 map costs what is on
screen, not what is on the map. Text and fine lines drop out when the painter's scale
makes them too small to read (level of detail), exactly as a printed map would omit them.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QLineF, QMarginsF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QImage,
    QPageLayout,
    QPageSize,
    QPaintEngine,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)

from hexcampaign.app import style
from hexcampaign.app.png import write_rgb_png
from hexcampaign.hexes import DIRECTIONS, Hex, HexSide, Layout, offset_to_hex
from hexcampaign.maps import HexMap, MapLabel, Place
from hexcampaign.maps.changes import Change

# Public layer names (the canvas, the Layers menu and `render --layers` use them).
LAYER_NAMES: tuple[str, ...] = (
    "grid",
    "coordinates",
    "terrain",
    "elevation",
    "contours",
    "rivers",
    "roads",
    "cliffs",
    "places",
    "labels",
)
# Bottom to top: fills, water, grid, ink features, then text; place names and labels
# sit above the coordinates so a name is never crossed out by a hex number.
PAINT_ORDER: tuple[str, ...] = (
    "terrain",
    "elevation",
    "contours",
    "rivers",
    "grid",
    "roads",
    "cliffs",
    "coordinates",
    "places",
    "labels",
)

DEFAULT_HEX_SIZE = 32.0
MARGIN = 0.5  # of the hex size, around the map in the scene and in exports
FORMATS = (".png", ".svg", ".pdf")


class RenderError(ValueError):
    """A render the user asked for cannot be made (unknown format, unwritable file)."""


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


def paint_map(
    painter: QPainter,
    hexmap: HexMap,
    layout: Layout,
    rect: QRectF,
    layers: set[str] | Iterable[str] | None = None,
    features: MapFeatures | None = None,
) -> None:
    """Paint the part of the map inside `rect` (scene units) with the chosen layers."""
    wanted = set(LAYER_NAMES) if layers is None else set(layers)
    unknown = wanted - set(LAYER_NAMES)
    if unknown:
        raise RenderError(
            f"Unknown map layer {sorted(unknown)[0]!r}; the layers are {', '.join(LAYER_NAMES)}."
        )
    frame = Frame(painter, hexmap, layout, rect, features)
    for name in PAINT_ORDER:
        if name in wanted:
            LAYER_PAINTERS[name](frame)


def paint_layer(
    name: str,
    painter: QPainter,
    hexmap: HexMap,
    layout: Layout,
    rect: QRectF,
    features: MapFeatures | None = None,
) -> bool:
    """Paint one layer of the map inside `rect`; False when there was nothing to draw."""
    return LAYER_PAINTERS[name](Frame(painter, hexmap, layout, rect, features))


def render_to_file(
    hexmap: HexMap,
    path: Path | str,
    hex_size: float = DEFAULT_HEX_SIZE,
    layers: set[str] | Iterable[str] | None = None,
) -> tuple[int, int]:
    """Write the whole map as PNG, SVG or PDF (by the file's suffix); returns the pixel size.

    Needs a QGuiApplication (fonts). Raises RenderError with a sentence for the user.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise RenderError(
            f"Cannot render to {path.name}: the file name must end in .png, .svg or .pdf."
        )
    if not 2 <= hex_size <= 512:
        raise RenderError(f"The hex size must be between 2 and 512 pixels, not {hex_size:g}.")
    layout = map_layout(hexmap, hex_size)
    rect = map_scene_rect(hexmap, layout)
    width, height = math.ceil(rect.width()), math.ceil(rect.height())
    if width * height > 400_000_000:
        raise RenderError(
            f"A {width}×{height} pixel picture is too large; choose a smaller --hex-size."
        )
    if not path.parent.is_dir():
        raise RenderError(f"Cannot write {path}: the folder {path.parent} does not exist.")
    if suffix == ".png":
        _render_png(hexmap, layout, rect, path, width, height, layers)
    elif suffix == ".svg":
        _render_svg(hexmap, layout, rect, path, width, height, layers)
    else:
        _render_pdf(hexmap, layout, rect, path, width, height, layers)
    return width, height


def hexes_in_rect(hexmap: HexMap, layout: Layout, rect: QRectF, pad: int = 1) -> list[Hex]:
    """The map's hexes whose shapes can touch `rect`, plus `pad` hexes around (for
    features that reach into neighbours: road ends, contour lines, wide pens)."""
    c0, c1, r0, r1 = _offset_range(hexmap, layout, rect, pad)
    orientation = hexmap.orientation
    if orientation == "flat":
        # Hex.from_offset's odd-q formula inlined: a whole 200×200 map is 40,000 hexes,
        # and two function calls fewer per hex is a third of this function's time.
        return [
            Hex(c, r - (c - (c & 1)) // 2) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)
        ]
    return [offset_to_hex(c, r, orientation) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]


def _offset_range(
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


class MapFeatures:
    """The sparse features of a map indexed by hex, so a frame looks up only the hexes
    it shows instead of walking every road of the map. The canvas keeps one per scene
    and forgets a part when an edit changes it; a one-off render builds a fresh one."""

    def __init__(self, hexmap: HexMap) -> None:
        self.map = hexmap
        self._roads: dict[Hex, list[Hex]] | None = None
        self._rivers: set[Hex] | None = None
        self._bridges: set[Hex] | None = None
        self._cliffs: dict[Hex, list[tuple[HexSide, Hex]]] | None = None
        self._places: list[tuple[float, float, Place]] | None = None
        self._places_layout: Layout | None = None
        self._labels: list[MapLabel] | None = None
        self._elevations: dict[Hex, int] | None = None
        self._lowest: int | None = None

    def forget(self, flags: Change = Change.ALL, hexes: Iterable[Hex] = ()) -> None:
        """Drop what `flags` changed (elevations of just `hexes` when given)."""
        if flags & (Change.ELEVATION | Change.GRID):
            self._lowest = None
        if flags & Change.GRID:
            self._elevations = None
        elif flags & Change.ELEVATION and self._elevations is not None:
            touched = list(hexes)
            if not touched:
                self._elevations = None
            for h in touched:
                level = self.map.elevation(h) if self.map.contains(h) else 0
                if level:
                    self._elevations[h] = level
                else:
                    self._elevations.pop(h, None)
        if flags & (Change.ROAD | Change.GRID):
            self._roads = None
        if flags & (Change.RIVER | Change.BRIDGE | Change.ROAD | Change.GRID):
            self._rivers = None
            self._bridges = None
        if flags & (Change.CLIFF | Change.GRID):
            self._cliffs = None
        if flags & (Change.PLACE | Change.GRID):
            self._places = None
        if flags & (Change.LABEL | Change.GRID):
            self._labels = None

    def elevations(self) -> dict[Hex, int]:
        """The hexes whose elevation is not 0."""
        if self._elevations is None:
            self._elevations = self.map.elevations()
        return self._elevations

    def lowest_level(self) -> int:
        """The lowest elevation on the map (0 when nothing lies below sea level)."""
        elevations = self.elevations()
        if self._lowest is None:
            self._lowest = min(0, min(elevations.values(), default=0))
        return self._lowest

    def roads(self) -> dict[Hex, list[Hex]]:
        if self._roads is None:
            roads: dict[Hex, list[Hex]] = {}
            for a, b in self.map.roads():
                roads.setdefault(a, []).append(b)
                roads.setdefault(b, []).append(a)
            self._roads = roads
        return self._roads

    def rivers(self) -> set[Hex]:
        if self._rivers is None:
            self._rivers = self.map.rivers()
        return self._rivers

    def bridges(self) -> set[Hex]:
        if self._bridges is None:
            self._bridges = self.map.bridges()
        return self._bridges

    def cliffs(self) -> dict[Hex, list[tuple[HexSide, Hex]]]:
        """Both hexes of a cliff -> (hexside, top hex)."""
        if self._cliffs is None:
            cliffs: dict[Hex, list[tuple[HexSide, Hex]]] = {}
            for side, top in self.map.cliffs().items():
                for h in side.hexes():
                    cliffs.setdefault(h, []).append((side, top))
            self._cliffs = cliffs
        return self._cliffs

    def places(self, layout: Layout) -> list[tuple[float, float, Place]]:
        """Every place with its centre in `layout`."""
        if self._places is None or self._places_layout != layout:
            self._places = [(*layout.center(pl.hex), pl) for pl in self.map.places()]
            self._places_layout = layout
        return self._places

    def labels(self) -> list[MapLabel]:
        if self._labels is None:
            self._labels = self.map.labels()
        return self._labels


# --- one frame of painting ---------------------------------------------------------------


@dataclass
class Block:
    """Consecutive columns of a flat-top map, each `rows` hexes tall: the centre of each
    column's top hex (`xs`, `ys`); a column's next hex is `height` further down."""

    size: float
    height: float
    rows: int
    xs: list[float]
    ys: list[float]

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


def _raster(p: QPainter) -> bool:
    engine = p.paintEngine()
    return engine is not None and engine.type() == QPaintEngine.Type.Raster


@functools.lru_cache(maxsize=64)
def _zigzag(steps: int, first_right: bool, dx: float, dy: float) -> list[QLineF]:
    """A vertical zig-zag from (0, 0) down `steps` segments of `dy`, x alternating
    between 0 and `dx` (starting at `dx` when `first_right`). Shared: do not change."""
    xs = [dx if (k % 2 == 0) == first_right else 0.0 for k in range(steps + 1)]
    return [QLineF(xs[k], k * dy, xs[k + 1], (k + 1) * dy) for k in range(steps)]


@dataclass
class Frame:
    """What every layer painter needs for one paint call, computed once."""

    painter: QPainter
    map: HexMap
    layout: Layout
    rect: QRectF
    features: MapFeatures | None = None
    scale: float = 0.0
    shape: QPolygonF = field(default_factory=QPolygonF)
    _hexes: list[Hex] | None = None
    _block: Block | None = None

    def __post_init__(self) -> None:
        self.scale = screen_scale(self.painter)
        self.shape = hex_polygon(self.layout)
        corners = self.layout.corner_offsets
        # Edge d of every hex, relative to its centre (corners d and d+1).
        self.edges = [(*corners[d], *corners[(d + 1) % 6]) for d in range(6)]
        if self.features is None:
            self.features = MapFeatures(self.map)

    @property
    def hexes(self) -> list[Hex]:
        if self._hexes is None:
            self._hexes = hexes_in_rect(self.map, self.layout, self.rect)
        return self._hexes

    @property
    def block(self) -> Block | None:
        """The painted hexes as a rectangle of columns and rows (flat-top maps only):
        lets the grid and the terrain draw a few long shapes instead of one per hex."""
        # Raster pictures only: SVG and PDF keep one shape per hex, which a user
        # editing the export (Inkscape, Illustrator) can pick and recolour.
        if self._block is None and self.layout.flat and _raster(self.painter):
            c0, c1, r0, r1 = _offset_range(self.map, self.layout, self.rect, 1)
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


# --- the layers, bottom to top -----------------------------------------------------------


def _paint_terrain(f: Frame) -> bool:
    p, m, layout = f.painter, f.map, f.layout
    by_terrain: dict[str, list[Hex]] = {}
    terrain = m.terrain
    for h in f.hexes:
        by_terrain.setdefault(terrain(h), []).append(h)
    p.save()
    # Adjacent fills must tile without hairline seams, so no anti-aliasing here; a
    # same-colour cosmetic pen closes the gaps some SVG/PDF viewers leave.
    p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    terrains = m.palette.terrains
    centre = layout.center
    shape = f.shape
    block = f.block
    if block is not None:
        # The commonest terrain is one polygon around the whole block; only the other
        # hexes are filled one by one on top of it (a fill per hex is Qt's main cost).
        common = max(by_terrain, key=lambda name: len(by_terrain[name]))
        _set_fill(p, terrains, common)
        p.drawPolygon(block.outline())
        del by_terrain[common]
    for name, hexes in by_terrain.items():
        _set_fill(p, terrains, name)
        for h in hexes:
            x, y = centre(h)
            p.drawPolygon(shape.translated(x, y))
    p.restore()
    return bool(f.hexes)


def _set_fill(p: QPainter, terrains: dict, name: str) -> None:
    colour = QColor(terrains[name].colour) if name in terrains else style.UNKNOWN_TERRAIN
    pen = QPen(colour, 1)
    pen.setCosmetic(True)
    p.setPen(pen)
    p.setBrush(colour)


def _paint_elevation(f: Frame) -> bool:
    p, layout = f.painter, f.layout
    elevations = f.features.elevations()
    if not elevations:
        return False
    shaded = [(h, elevations[h]) for h in f.hexes if h in elevations]
    if not shaded:
        return False
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    p.setPen(Qt.PenStyle.NoPen)
    for h, level in shaded:
        base = style.ELEVATION_HIGH if level > 0 else style.ELEVATION_LOW
        colour = QColor(base)
        colour.setAlpha(
            min(style.ELEVATION_ALPHA_MAX, style.ELEVATION_ALPHA_PER_LEVEL * abs(level))
        )
        p.setBrush(colour)
        x, y = layout.center(h)
        p.drawPolygon(f.shape.translated(x, y))
    p.restore()
    return True


def _paint_contours(f: Frame) -> bool:
    """A line on every hexside where the ground steps down (drawn by the higher hex)."""
    if f.screen_hex() < style.CONTOUR_MIN_SCREEN_HEX:
        return False
    m, layout, edges = f.map, f.layout, f.edges
    elevations = f.features.elevations()
    if not elevations:
        return False
    contains = m.contains
    # Only a hex above a neighbour draws; with no negative levels a level-0 hex never is.
    lowest = f.features.lowest_level()
    lines: list[QLineF] = []
    for h in f.hexes:
        level = elevations.get(h, 0)
        if level <= lowest:
            continue
        cx, cy = layout.center(h)
        for d, n in enumerate(h.neighbors()):
            if elevations.get(n, 0) < level and contains(n):
                ax, ay, bx, by = edges[d]
                lines.append(QLineF(cx + ax, cy + ay, cx + bx, cy + by))
    if not lines:
        return False
    pen = QPen(style.CONTOUR, f.px(style.CONTOUR_WIDTH))
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)  # round caps cost twice as much to fill
    f.painter.setPen(pen)
    f.painter.drawLines(lines)
    return True


def _paint_rivers(f: Frame) -> bool:
    """River hexes: a blue wash, and a river line joining the centres of river
    neighbours (a lone river hex gets a line straight across, so it still reads)."""
    p, m, layout = f.painter, f.map, f.layout
    rivers = f.features.rivers()
    here = [h for h in f.hexes if h in rivers]
    if not here:
        return False
    colour = QColor(m.palette.river_colour)
    # A light, fairly opaque blue: a plain darkening would read as mud, not water.
    wash = colour.lighter(style.RIVER_WASH_LIGHTER)
    wash.setAlpha(style.RIVER_WASH_ALPHA)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(wash)
    for h in here:
        x, y = layout.center(h)
        p.drawPolygon(f.shape.translated(x, y))
    p.restore()
    # The river line: from each river hex's centre to the middle of each side it
    # shares with another river hex; the halves meet, so they are joined into polylines.
    points: dict[object, tuple[float, float]] = {}
    segments: list[tuple[object, object]] = []
    edges = f.edges
    for h in here:
        cx, cy = layout.center(h)
        points[h] = (cx, cy)
        q, r = h
        # Plain (q, r) tuples: a Hex is a tuple, and equal to its plain twin in a set.
        joined = [d for d, (dq, dr) in enumerate(DIRECTIONS) if (q + dq, r + dr) in rivers]
        if len(joined) == 1 or not joined:
            # The river runs off through the opposite side (or straight across).
            joined = [*joined, (joined[0] + 3) % 6] if joined else [1, 4]
        for d in joined:
            dq, dr = DIRECTIONS[d]
            n = (q + dq, r + dr)
            side = (h, n) if h < n else (n, h)
            if side not in points:
                ax, ay, bx, by = edges[d]
                points[side] = (cx + (ax + bx) / 2, cy + (ay + by) / 2)
            segments.append((h, side))
    pen = QPen(colour, f.px(style.RIVER_WIDTH))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    p.setPen(pen)
    for chain in _chains(segments, points):
        p.drawPolyline(chain)
    return True


def _chains(
    segments: list[tuple[object, object]], points: dict[object, tuple[float, float]]
) -> list[QPolygonF]:
    """The segments joined end to end into polylines, each segment in exactly one.

    Qt's anti-aliased stroker pays per piece: a road of 30 hexes costs far less as one
    polyline (round joins) than as 30 round-capped lines, and looks the same; one path
    for the whole map would be slower again, so it is a polyline per chain."""
    links: dict[object, list[object]] = {}
    for a, b in segments:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    # Odd ends first (a road's end, a junction), so a road is one polyline, not pieces.
    starts = [k for k, v in links.items() if len(v) % 2] + [
        k for k, v in links.items() if not len(v) % 2
    ]
    chains: list[QPolygonF] = []
    for start in starts:
        while links[start]:
            chain, here = [start], start
            while links[here]:
                following = links[here].pop()
                links[following].remove(here)
                chain.append(following)
                here = following
            chains.append(QPolygonF([QPointF(*points[k]) for k in chain]))
    return chains


def _paint_grid(f: Frame) -> bool:
    if f.screen_hex() < style.GRID_MIN_SCREEN_HEX:
        return False
    p = f.painter
    p.save()
    pen = QPen(style.GRID, f.px(style.GRID_WIDTH))
    thin = f.px(style.GRID_WIDTH) * f.scale <= 1.5
    if thin:
        # A one-pixel cosmetic line without anti-aliasing takes Qt's fast line path,
        # several times quicker than stroking a 1.2-pixel outline, and looks the same.
        pen = QPen(style.GRID, 1)
        pen.setCosmetic(True)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    p.setPen(pen)
    block = f.block
    if thin and block is not None:
        # A few hundred long shapes instead of three lines per hex (120,000 on a
        # 200×200 map): Python no longer builds a line object per hexside.
        block.draw_grid(p)
        p.restore()
        return True
    m, layout, edges = f.map, f.layout, f.edges
    contains = m.contains
    lines: list[QLineF] = []
    for h in f.hexes:
        cx, cy = layout.center(h)
        for d, n in enumerate(h.neighbors()):
            # Each inner edge once (directions N, NE, SE); outer edges from the inside.
            if d < 3 or not contains(n):
                ax, ay, bx, by = edges[d]
                lines.append(QLineF(cx + ax, cy + ay, cx + bx, cy + by))
    p.drawLines(lines)
    p.restore()
    return bool(lines)


def _paint_roads(f: Frame) -> bool:
    """Roads centre to centre, dark casing under a coloured line; bridges on top."""
    p, m, layout = f.painter, f.map, f.layout
    roads = f.features.roads()
    centre = layout.center
    drawn: dict[tuple[Hex, Hex], None] = {}  # a dict keeps the order: the same picture
    points: dict[object, tuple[float, float]] = {}
    for a in f.hexes:
        for b in roads.get(a, ()):
            pair = (a, b) if a < b else (b, a)
            if pair not in drawn:
                drawn[pair] = None
                for h in pair:
                    if h not in points:
                        points[h] = centre(h)
    chains = _chains(list(drawn), points)  # polylines, not lines: see _chains
    all_bridges = f.features.bridges()
    bridges = [h for h in f.hexes if h in all_bridges] if all_bridges else []
    if not chains and not bridges:
        return False
    casing = QPen(style.ROAD_CASING_COLOUR, f.px(style.ROAD_CASING))
    casing.setCapStyle(Qt.PenCapStyle.RoundCap)
    casing.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    p.setPen(casing)
    for chain in chains:
        p.drawPolyline(chain)
    road = QPen(QColor(m.palette.road_colour), f.px(style.ROAD_WIDTH))
    road.setCapStyle(Qt.PenCapStyle.RoundCap)
    road.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    p.setPen(road)
    for chain in chains:
        p.drawPolyline(chain)
    for h in bridges:
        _paint_bridge(f, h, road)
    return True


def _paint_bridge(f: Frame, h: Hex, road: QPen) -> None:
    """A deck with parapets along the road where it crosses the river."""
    p, m, layout = f.painter, f.map, f.layout
    ways = m.road_neighbours(h) or [h.neighbor(1)]
    cx, cy = layout.center(h)
    nx, ny = layout.center(ways[0])
    angle = math.degrees(math.atan2(ny - cy, nx - cx))
    s = layout.size
    p.save()
    p.translate(cx, cy)
    p.rotate(angle)
    length, width = 0.9 * s, 0.36 * s
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(style.BRIDGE_DECK)
    p.drawRect(QRectF(-length / 2, -width / 2, length, width))
    parapet = QPen(style.BRIDGE_PARAPET, f.px(0.06))
    parapet.setCapStyle(Qt.PenCapStyle.FlatCap)
    p.setPen(parapet)
    p.drawLine(QLineF(-length / 2, -width / 2, length / 2, -width / 2))
    p.drawLine(QLineF(-length / 2, width / 2, length / 2, width / 2))
    p.setPen(road)
    p.drawLine(QLineF(-length / 2, 0, length / 2, 0))
    p.restore()


def _paint_cliffs(f: Frame) -> bool:
    """A heavy line on the hexside with hatching ticks pointing down into the low hex."""
    p, layout = f.painter, f.layout
    cliffs = f.features.cliffs()
    found: dict[HexSide, Hex] = {}
    if cliffs:
        for h in f.hexes:
            for side, top in cliffs.get(h, ()):
                found[side] = top
    edge_lines: list[QLineF] = []
    ticks: list[QLineF] = []
    tick = f.px(style.CLIFF_TICK_LENGTH)
    n_ticks = style.CLIFF_TICKS
    for side, top in found.items():
        a, b = side.hexes()
        low = b if top == a else a
        (ax, ay), (bx, by) = layout.side_segment(side)
        edge_lines.append(QLineF(ax, ay, bx, by))
        lx, ly = layout.center(low)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = lx - mx, ly - my
        norm = math.hypot(dx, dy) or 1.0
        dx, dy = dx / norm * tick, dy / norm * tick
        for i in range(n_ticks):
            t = (i + 0.5) / n_ticks
            sx, sy = ax + (bx - ax) * t, ay + (by - ay) * t
            ticks.append(QLineF(sx, sy, sx + dx, sy + dy))
    if not edge_lines:
        return False
    tick_pen = QPen(style.CLIFF, f.px(style.CLIFF_WIDTH) * 0.55)
    tick_pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    p.setPen(tick_pen)
    p.drawLines(ticks)
    edge_pen = QPen(style.CLIFF, f.px(style.CLIFF_WIDTH))
    edge_pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(edge_pen)
    p.drawLines(edge_lines)
    return True


def _paint_places(f: Frame) -> bool:
    """A symbol by kind (a star for a capital), the name under it, VP/PP under that."""
    p, layout = f.painter, f.layout
    near = f.near_rect(3)  # names are wider than a hex
    places = [(x, y, pl) for x, y, pl in f.features.places(layout) if near.contains(QPointF(x, y))]
    if not places:
        return False
    s = layout.size
    show_text = s * style.PLACE_NAME_FONT * f.scale >= style.TEXT_MIN_SCREEN_PX
    name_font = style.font(s * style.PLACE_NAME_FONT, bold=True)
    points_font = style.font(s * style.PLACE_POINTS_FONT)
    name_metrics = QFontMetricsF(name_font)
    points_metrics = QFontMetricsF(points_font)
    outline = QPen(style.PLACE_OUTLINE, f.px(0.05))
    for cx, cy, place in places:
        r = s * style.PLACE_SIZE.get(place.kind, 0.25)
        p.setPen(outline)
        p.setBrush(style.PLACE_FILL.get(place.kind, style.PLACE_FILL["town"]))
        if place.kind == "capital":
            p.drawPolygon(_star(cx, cy, r * 1.25, r * 0.5))
        elif place.kind == "village":
            p.drawEllipse(QPointF(cx, cy), r, r)
        else:
            p.drawRect(QRectF(cx - r, cy - r, 2 * r, 2 * r))
        if not show_text:
            continue
        lines = [(place.name, name_font, name_metrics)]
        points = _points_text(place.vp, place.pp)
        if points:
            lines.append((points, points_font, points_metrics))
        height = sum(m.height() for _, _, m in lines)
        width = max(m.horizontalAdvance(t) for t, _, m in lines) + 4
        x, y = cx, cy + s * 0.42  # below the symbol unless the author chose otherwise
        if place.label_position == "above":
            y = cy - s * 0.42 - height
        elif place.label_position in ("left", "right"):
            side = -1 if place.label_position == "left" else 1
            x, y = cx + side * (r * 1.3 + width / 2), cy - height / 2
        for text, font, metrics in lines:
            _text_box(p, text, font, metrics, x, y)
            y += metrics.height()
    return True


def _paint_labels(f: Frame) -> bool:
    labels = f.features.labels()
    if not labels:
        return False
    s = f.layout.size
    if s * style.LABEL_FONT * f.scale < style.TEXT_MIN_SCREEN_PX:
        return False
    near = f.near_rect(4)
    font = style.font(s * style.LABEL_FONT, bold=True, italic=True)
    metrics = QFontMetricsF(font)
    p = f.painter
    p.setFont(font)
    for label in labels:
        cx, cy = f.layout.center(label.hex)
        if not near.contains(QPointF(cx, cy)):
            continue
        width = metrics.horizontalAdvance(label.text)
        box = QRectF(cx - width / 2 - 2, cy - metrics.height() / 2, width + 4, metrics.height())
        # A pale halo so a label stays readable over any terrain.
        p.setPen(QPen(QColor(255, 255, 255, 200), f.px(0.08)))
        path = QPainterPath()
        path.addText(box.left() + 2, box.top() + metrics.ascent(), font, label.text)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(path)
        p.setPen(style.LABEL_TEXT)
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, label.text)
    return True


def _paint_coordinates(f: Frame) -> bool:
    if f.screen_hex() < style.COORDINATE_MIN_SCREEN_HEX:
        return False
    p, m, layout = f.painter, f.map, f.layout
    s = layout.size
    font = style.font(s * style.COORDINATE_FONT)
    p.setFont(font)
    p.setPen(style.COORDINATE_TEXT)
    height = QFontMetricsF(font).height()
    top = layout.height / 2 - s * 0.06
    width = s
    flags = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
    label = m.label
    for h in f.hexes:
        x, y = layout.center(h)
        p.drawText(QRectF(x - width / 2, y - top, width, height), flags, label(h))
    return bool(f.hexes)


LAYER_PAINTERS = {
    "terrain": _paint_terrain,
    "elevation": _paint_elevation,
    "contours": _paint_contours,
    "rivers": _paint_rivers,
    "grid": _paint_grid,
    "roads": _paint_roads,
    "cliffs": _paint_cliffs,
    "places": _paint_places,
    "labels": _paint_labels,
    "coordinates": _paint_coordinates,
}


# --- helpers ---------------------------------------------------------------------------


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


def _points_text(vp: int, pp: int) -> str:
    parts = []
    if vp:
        parts.append(f"{vp} VP")
    if pp:
        parts.append(f"{pp} PP")
    return " · ".join(parts)


def _text_box(p: QPainter, text: str, font, metrics: QFontMetricsF, cx: float, top: float) -> None:
    width = metrics.horizontalAdvance(text) + 4
    box = QRectF(cx - width / 2, top, width, metrics.height())
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(style.PLACE_TEXT_BACKGROUND)
    p.drawRoundedRect(box, 2, 2)
    p.setFont(font)
    p.setPen(style.PLACE_TEXT)
    p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def _star(cx: float, cy: float, outer: float, inner: float) -> QPolygonF:
    points = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = math.radians(-90 + 36 * i)
        points.append(QPointF(cx + r * math.cos(a), cy + r * math.sin(a)))
    return QPolygonF(points)


def _begin(painter: QPainter, rect: QRectF, background: QColor | None) -> None:
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    painter.translate(-rect.left(), -rect.top())
    if background is not None:
        painter.fillRect(rect, background)


def _render_png(hexmap, layout, rect, path, width, height, layers) -> None:
    # Opaque paper: paint on RGB32 (Qt's fastest raster target) and write 24-bit RGB.
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(style.PAPER)
    painter = QPainter(image)
    try:
        _begin(painter, rect, None)
        paint_map(painter, hexmap, layout, rect, layers)
    finally:
        painter.end()
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    try:
        # Our own writer, not QImage.save: see app/png.py (about 2.5× faster here).
        write_rgb_png(path, width, height, image.constBits(), image.bytesPerLine())
    except OSError as e:
        reason = e.strerror or "the file could not be created"
        raise RenderError(f"Could not write {path}: {reason[0].lower()}{reason[1:]}.") from e


def _paint_document(device, hexmap, layout, rect, path, layers) -> None:
    """The map on paper into an SVG or PDF device (which writes `path`)."""
    painter = QPainter()
    if not painter.begin(device):
        raise RenderError(f"Could not write {path}: the file could not be created.")
    try:
        _begin(painter, rect, style.PAPER)
        paint_map(painter, hexmap, layout, rect, layers)
    finally:
        painter.end()


def _render_svg(hexmap, layout, rect, path, width, height, layers) -> None:
    from PySide6.QtSvg import QSvgGenerator

    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setSize(QSizeF(width, height).toSize())
    generator.setViewBox(QRectF(0, 0, width, height))
    generator.setTitle(hexmap.name or path.stem)
    generator.setDescription("Hex map drawn by hexcampaign")
    _paint_document(generator, hexmap, layout, rect, path, layers)


def _render_pdf(hexmap, layout, rect, path, width, height, layers) -> None:
    from PySide6.QtGui import QPdfWriter

    writer = QPdfWriter(str(path))
    writer.setResolution(72)  # one scene pixel per PDF point: the page is the map
    writer.setTitle(hexmap.name or path.stem)
    writer.setCreator("hexcampaign")
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QSizeF(width, height), QPageSize.Unit.Point, "map"),
            QPageLayout.Orientation.Portrait,
            QMarginsF(0, 0, 0, 0),
        )
    )
    _paint_document(writer, hexmap, layout, rect, path, layers)
