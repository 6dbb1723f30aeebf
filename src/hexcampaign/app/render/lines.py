"""The ink of the map: river lines, roads and bridges, cliff hatching."""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

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
    # shares with another river hex it is joined to; the halves meet, so they are
    # chained and drawn as smooth curves through the centres.
    points: dict[object, tuple[float, float]] = {}
    segments: list[tuple[object, object]] = []
    edges = f.edges
    rank = None
    for h in here:
        cx, cy = layout.center(h)
        points[h] = (cx, cy)
        q, r = h
        # Plain (q, r) tuples: a Hex is a tuple, and equal to its plain twin in a set.
        around = [(q + dq, r + dr) in rivers for dq, dr in DIRECTIONS]
        joined = [d for d in range(6) if around[d]]
        if any(around[d] and around[(d + 1) % 6] for d in range(6)):
            rank = rank or f.features.river_rank()
            joined = [d for d in joined if not _shortcut(h, d, around, rank)]
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
    p.setBrush(Qt.BrushStyle.NoBrush)
    for chain in chains(segments):
        p.drawPath(_smooth(chain, points))
    return True


def _shortcut(h: Hex, d: int, around: list[bool], rank: dict) -> bool:
    """The river hexes h and its neighbour in direction d, with a third river hex next to
    both, form a triangle; it is drawn as the path in painted order, so the side
    joining the first and the last of the three is left out."""
    q, r = h
    dq, dr = DIRECTIONS[d]
    n = (q + dq, r + dr)
    low, high = sorted((rank[h], rank[n]))
    for e in ((d - 1) % 6, (d + 1) % 6):  # the hexes next to both h and n
        if around[e]:
            eq, er = DIRECTIONS[e]
            if low < rank[(q + eq, r + er)] < high:
                return True
    return False


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


def chains(segments: list[tuple[object, object]]) -> list[list[object]]:
    """The segments (pairs of point keys) joined end to end into chains of keys, each
    segment in exactly one chain; odd ends (a road's end, a junction) start chains, so
    a road or a river is one chain, not pieces."""
    links: dict[object, list[object]] = {}
    for a, b in segments:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    starts = [k for k, v in links.items() if len(v) % 2] + [
        k for k, v in links.items() if not len(v) % 2
    ]
    found: list[list[object]] = []
    for start in starts:
        while links[start]:
            chain, here = [start], start
            while links[here]:
                following = links[here].pop()
                links[following].remove(here)
                chain.append(following)
                here = following
            found.append(chain)
    return found


def polylines(
    segments: list[tuple[object, object]], points: dict[object, tuple[float, float]]
) -> list[QPolygonF]:
    """The segments joined end to end into polylines, each segment in exactly one.

    Qt's anti-aliased stroker pays per piece: a road of 30 hexes costs far less as one
    polyline (round joins) than as 30 round-capped lines, and looks the same; one path
    for the whole map would be slower again, so it is a polyline per chain."""
    return [QPolygonF([QPointF(*points[k]) for k in chain]) for chain in chains(segments)]


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
