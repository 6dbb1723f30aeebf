"""Soft edges between terrains: where two terrains meet, each hex fades into its
neighbour's colour over the part of the hex next to their shared side, so the map reads
as country rather than a mosaic of cells (an option, off by default).

Each side between two terrains gets a band inside each of its two hexes, shaded from
half the other hex's colour at the side to none a third of the way to the centre: at
the side both hexes show the same half-and-half mix, so the colours meet without a
seam. The bands of a hex's sides meet along the lines from its corners to its centre,
so they never overlap. Painted over the terrain fills and under the symbols; dropped,
as symbols are, when a hex is too small on screen to show it. The canvas keeps the
result in its tiles per zoom, like every other layer. Pictures (the canvas, PNG) get a
smooth gradient; SVG and PDF a few bands of even colour (see VECTOR_STEPS).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPolygonF

from hexcampaign.app.render.frames import Frame, is_raster
from hexcampaign.hexes import DIRECTIONS

NAME = "soft_edges"  # the optional layer's name (catalogue.OPTIONAL_LAYERS)
DEPTH = 0.35  # how far the fade reaches, as a share of the way from a side to the centre
EDGE_ALPHA = 128  # the other colour's weight at the side itself: half, so both sides agree
# Below this many screen pixels per hex the fade would be a blur of a pixel or two.
MIN_SCREEN_HEX = 6.0
# SVG and PDF get the fade as this many bands of even colour, not a gradient: a PDF
# viewer (poppler) drew the gradient's transparency as solid colour, and Qt writes an
# SVG gradient as fifty stops per hexside (a 16×12 map grew to 1.5 MB).
VECTOR_STEPS = 5


def paint_soft_edges(f: Frame) -> bool:
    """Fade every hex of the frame into its differently coloured neighbours."""
    if f.screen_hex() < MIN_SCREEN_HEX:
        return False
    p, m = f.painter, f.map
    terrain_at = m.terrain_at
    terrains = m.palette.terrains
    colours = {name: QColor(t.colour) for name, t in terrains.items()}
    centre = f.layout.center
    keep = 1.0 - DEPTH
    # Per direction: the side's two corners and its midpoint, and the same moved DEPTH
    # of the way to the centre (relative to the centre, computed once).
    sides = []
    for ax, ay, bx, by in f.edges:
        mx, my = (ax + bx) / 2, (ay + by) / 2
        sides.append((ax, ay, bx, by, mx, my, ax * keep, ay * keep, bx * keep, by * keep, mx * keep, my * keep))
    drawn = False
    smooth = is_raster(p)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # bands tile like the fills
    p.setPen(Qt.PenStyle.NoPen)
    for h in f.hexes:
        here = terrain_at(h)
        q, r = h
        for d, (dq, dr) in enumerate(DIRECTIONS):
            there = terrain_at((q + dq, r + dr))
            if there is None or there == here or there not in colours:
                continue
            x, y = centre(h)
            if smooth:
                _fade(p, x, y, sides[d], colours[there])
            else:
                _steps(p, x, y, f.edges[d], colours[there])
            drawn = True
    p.restore()
    return drawn


def _fade(p: QPainter, x: float, y: float, side: tuple, colour: QColor) -> None:
    """One side's band as a gradient from half `colour` at the side to none inside."""
    ax, ay, bx, by, mx, my, ax2, ay2, bx2, by2, mx2, my2 = side
    fade = QLinearGradient(x + mx, y + my, x + mx2, y + my2)
    edge = QColor(colour)
    edge.setAlpha(EDGE_ALPHA)
    inner = QColor(edge)
    inner.setAlpha(0)
    fade.setColorAt(0.0, edge)
    fade.setColorAt(1.0, inner)
    p.setBrush(fade)
    p.drawPolygon(QPolygonF([QPointF(x + ax, y + ay), QPointF(x + bx, y + by),
                             QPointF(x + bx2, y + by2), QPointF(x + ax2, y + ay2)]))


def _steps(p: QPainter, x: float, y: float, edge: tuple, colour: QColor) -> None:
    """One side's band as VECTOR_STEPS strips of even colour, each lighter than the
    last: the same fade in shapes every SVG and PDF viewer draws alike."""
    ax, ay, bx, by = edge
    for k in range(VECTOR_STEPS):
        outer, inner = 1.0 - DEPTH * k / VECTOR_STEPS, 1.0 - DEPTH * (k + 1) / VECTOR_STEPS
        shade = QColor(colour)
        shade.setAlpha(round(EDGE_ALPHA * (1.0 - (k + 0.5) / VECTOR_STEPS)))
        p.setBrush(shade)
        p.drawPolygon(QPolygonF([
            QPointF(x + ax * outer, y + ay * outer), QPointF(x + bx * outer, y + by * outer),
            QPointF(x + bx * inner, y + by * inner), QPointF(x + ax * inner, y + ay * inner),
        ]))
