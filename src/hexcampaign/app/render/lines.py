"""The ink of the map: river lines, roads and bridges, cliff hatching."""

from __future__ import annotations

import math
from typing import cast

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

from hexcampaign.app import style
from hexcampaign.app.render.frames import Frame, column_runs, run_shape
from hexcampaign.hexes import Hex, HexSide
from hexcampaign.maps.lines import HEXSIDE_RIVER, Line, hexside_river_corners, river_path


def paint_rivers(f: Frame) -> bool:
    """River hexes: a blue wash, and each river line through its hexes' centres (a
    lone river hex gets a line straight across, so it still reads)."""
    p, m, layout = f.painter, f.map, f.layout
    rivers = f.features.rivers()
    here = list(filter(rivers.__contains__, f.hexes))  # in the frame's order, at C speed
    along = f.features.lines_near(HEXSIDE_RIVER, f.hexes)
    if along:
        _paint_hexside_rivers(f, along)
    if not here:
        return bool(along)
    colour = QColor(m.palette.river_colour)
    # A light, fairly opaque blue: a plain darkening would read as mud, not water.
    wash = colour.lighter(style.RIVER_WASH_LIGHTER)
    wash.setAlpha(style.RIVER_WASH_ALPHA)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(wash)
    centre, shape = f.centre, f.shape
    if f.block is not None:  # raster, flat-top: a run down a column is one polygon
        for h, count in column_runs(here):
            x, y = centre(h)
            p.drawPolygon(run_shape(layout.size, layout.height, count).translated(x, y))
    else:
        for h in here:
            x, y = centre(h)
            p.drawPolygon(shape.translated(x, y))
    p.restore()
    # Each river is drawn as its own path through its hexes' centres (river_path):
    # two rivers a hex apart stay apart, and rivers meet only in a hex they share.
    joined = f.features.river_joined()
    edges = f.edges
    pen = QPen(colour, f.px(style.RIVER_WIDTH))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    stretches = [
        line.with_hexes(line.hexes[a : b + 1]) if b - a + 1 < len(line.hexes) else line
        for line in f.features.lines_near("river", here)
        for a, b in f.stretches(line.hexes)
    ]
    for line in stretches:  # only what can show (Frame.stretches): a cut end lies out of view
        keys = river_path(line, joined)
        if not keys:
            continue
        points: dict[object, tuple[float, float]] = {}
        for key in keys:
            if _is_hex(key):
                points[key] = centre(key)  # type: ignore[arg-type]
            else:
                a, b = cast("tuple[Hex, Hex | int]", key)
                ax, ay = centre(a)
                if isinstance(b, int) and not isinstance(b, tuple):  # the side facing direction b
                    ex, ey, fx, fy = edges[b]
                    points[key] = (ax + (ex + fx) / 2, ay + (ey + fy) / 2)
                else:  # the middle of the side between two hexes
                    bx, by = centre(b)
                    points[key] = ((ax + bx) / 2, (ay + by) / 2)
        p.drawPath(_smooth(keys, points))
    return True


def _paint_hexside_rivers(f: Frame, lines: list[Line]) -> None:
    """Rivers along hexsides (a palette's river_hexsides): each a line from corner to
    corner of the hex grid, as wide as a river through hexes, with no wash (no hex is
    water)."""
    p, centre = f.painter, f.layout.center
    pen = QPen(QColor(f.map.palette.river_colour), f.px(style.RIVER_WIDTH))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    for line in lines:
        points = []
        for corner in hexside_river_corners(line):
            # A corner is where three hexes meet: the mean of their centres.
            xs, ys = zip(*(centre(h) for h in corner))
            points.append(QPointF(sum(xs) / 3, sum(ys) / 3))
        p.drawPolyline(QPolygonF(points))


def _smooth(chain: list[object], points: dict[object, tuple[float, float]]) -> QPainterPath:
    """A chain of river points, alternately side midpoints and hex centres, as one path
    curving through each centre (a quadratic curve from side to side with the centre as
    its control point). The curve leaves each side midpoint along the line between the
    two centres, so the pieces meet without a kink."""
    path = QPainterPath(QPointF(*points[chain[0]]))
    i = 1
    while i < len(chain):
        if _is_hex(chain[i]) and i + 1 < len(chain):
            path.quadTo(QPointF(*points[chain[i]]), QPointF(*points[chain[i + 1]]))
            i += 2
        else:
            path.lineTo(QPointF(*points[chain[i]]))
            i += 1
    return path


def _is_hex(key: object) -> bool:
    return isinstance(key, tuple) and type(key[0]) is int  # a side key is a pair of hexes


def paint_roads(f: Frame) -> bool:
    """Roads centre to centre, dark casing under a coloured line; bridges on top."""
    p, m = f.painter, f.map
    centre = f.centre
    # Each road its own polyline, centre to centre: Qt's anti-aliased stroker pays per
    # piece, so a road of 30 hexes costs far less as one polyline (round joins) than as
    # 30 round-capped lines, and looks the same.
    # Only the stretches that can show (Frame.stretches): a band of a big picture.
    chains = [
        QPolygonF([QPointF(*centre(h)) for h in line.hexes[a : b + 1]])
        for line in f.features.lines_near("road", f.hexes)
        for a, b in f.stretches(line.hexes)
    ]
    all_bridges = f.features.bridges()
    bridges = list(filter(all_bridges.__contains__, f.hexes)) if all_bridges else []
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


def paint_cliffs(f: Frame) -> bool:
    """A heavy line on the hexside with hatching ticks pointing down into the low hex."""
    p, layout = f.painter, f.layout
    cliffs = f.features.cliffs()
    found: dict[HexSide, Hex] = {}
    if cliffs:
        # The frame's few hexes with a cliff picked out at C speed, in the frame's order.
        for sides in filter(None, map(cliffs.get, f.hexes)):
            for side, top in sides:
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
