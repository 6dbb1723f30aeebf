"""The ink of the map: river lines, roads and bridges, cliff hatching."""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF

from hexcampaign.app import style
from hexcampaign.app.render.frames import Frame
from hexcampaign.hexes import DIRECTIONS, Hex, HexSide


def paint_rivers(f: Frame) -> bool:
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
    for chain in polylines(segments, points):
        p.drawPolyline(chain)
    return True


def polylines(
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


def paint_roads(f: Frame) -> bool:
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
    chains = polylines(list(drawn), points)  # polylines, not lines: see polylines
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


def paint_cliffs(f: Frame) -> bool:
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
