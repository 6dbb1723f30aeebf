"""Terrain drawn as on a printed wargame map: each palette terrain's symbol (trees,
hills, mountain, rough, marsh, sand, urban, water) inked over its colour.

A symbol is a pair of paths in hex-size units around the hex centre: lines to stroke
and shapes to fill, in a darker ink of the terrain's own colour. Raster pictures (the
canvas tiles, PNG) stamp a sprite per terrain, rendered once per zoom level and kept;
SVG and PDF get the paths themselves, so an exported map stays sharp and editable.
"""

from __future__ import annotations

import functools
import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen, QTransform

from hexcampaign.app.render.frames import Frame, is_raster
from hexcampaign.hexes import Hex

# Below this many screen pixels per hex the symbols would be specks: colour alone.
SYMBOL_MIN_SCREEN_HEX = 12.0
INK_DARKER = 170  # percent: the ink is the terrain's colour this much darker
LINE_WIDTH = 0.055  # of the hex size


def paint_symbols(f: Frame, by_terrain: dict[str, list[Hex]]) -> None:
    """Stamp each terrain's symbol on its hexes (those of `by_terrain`)."""
    if f.screen_hex() < SYMBOL_MIN_SCREEN_HEX:
        return
    terrains = f.map.palette.terrains
    marked = [(terrains[name], hexes) for name, hexes in by_terrain.items()
              if name in terrains and terrains[name].symbol]
    if not marked:
        return
    p, centre = f.painter, f.layout.center
    if is_raster(p):
        _stamp(f, marked)
        return
    size = f.layout.size
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    for terrain, hexes in marked:
        lines, shapes = _scaled_paths(terrain.symbol, size)
        ink = QColor(terrain.colour).darker(INK_DARKER)
        pen = QPen(ink, LINE_WIDTH * size)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        # An empty path is left out: SVG would get a path with no data (d=""), which
        # viewers report as broken (Qt's own renderer warns once per hex).
        has_shapes, has_lines = not shapes.isEmpty(), not lines.isEmpty()
        for h in hexes:
            x, y = centre(h)
            p.translate(x, y)
            if has_shapes:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(ink)
                p.drawPath(shapes)
            if has_lines:
                p.setPen(pen)
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawPath(lines)
            p.translate(-x, -y)
    p.restore()


def _stamp(f: Frame, marked: list) -> None:
    """The raster way: one cached sprite per terrain at this zoom, blitted at each hex
    centre in device pixels (a blit costs a fraction of stroking the paths)."""
    p, centre = f.painter, f.centre  # layout.center's floats, read faster
    transform = p.worldTransform()  # a scale and a shift (tiles, pictures): no rotation
    sx, sy, dx, dy = transform.m11(), transform.m22(), transform.dx(), transform.dy()
    device = p.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    pixels = round(f.screen_hex() * ratio * 4) / 4  # quarter pixels: a few sprites per zoom
    p.save()
    p.setWorldTransform(QTransform())
    for terrain, hexes in marked:
        sprite, left, top = _sprite(terrain.symbol, terrain.colour, pixels)
        sprite.setDevicePixelRatio(ratio)
        x0, y0 = dx + left / ratio, dy + top / ratio
        for h in hexes:
            x, y = centre(h)
            p.drawImage(QPointF(round(x * sx + x0), round(y * sy + y0)), sprite)
    p.restore()


@functools.lru_cache(maxsize=128)
def _sprite(symbol: str, colour: str, pixels: float) -> tuple[QImage, int, int]:
    """The symbol for a hex of `pixels` device pixels, cut to its ink (a blit costs by
    its area), with where its top-left corner lies from the hex centre."""
    lines, shapes = _scaled_paths(symbol, pixels)
    width = max(1.0, LINE_WIDTH * pixels)
    bounds = lines.boundingRect().united(shapes.boundingRect()).adjusted(-width, -width, width, width)
    left, top = math.floor(bounds.left()), math.floor(bounds.top())
    image = QImage(math.ceil(bounds.right()) - left + 1, math.ceil(bounds.bottom()) - top + 1,
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.translate(-left, -top)
        ink = QColor(colour).darker(INK_DARKER)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(ink)
        painter.drawPath(shapes)
        pen = QPen(ink, width)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(lines)
    finally:
        painter.end()
    return image, left, top


@functools.lru_cache(maxsize=128)
def _scaled_paths(symbol: str, size: float) -> tuple[QPainterPath, QPainterPath]:
    scale = QTransform.fromScale(size, size)
    lines, shapes = SYMBOL_PATHS[symbol]()
    return scale.map(lines), scale.map(shapes)


# --- the symbols, in units of the hex size around the centre (y down) ---------------------
# Each keeps clear of the hex's top edge, where the hex number is printed, and of its
# east and west corners (|x| <= 0.4), where the terrain shows its plain colour.


def _trees() -> tuple[QPainterPath, QPainterPath]:
    """Three small deciduous trees: a round crown on a short trunk."""
    lines, shapes = QPainterPath(), QPainterPath()
    for x, y in ((-0.22, 0.2), (0.22, 0.14), (0.0, 0.48)):
        shapes.addEllipse(QPointF(x, y - 0.1), 0.16, 0.14)
        lines.moveTo(x, y - 0.02)
        lines.lineTo(x, y + 0.15)
    return lines, shapes


def _hills() -> tuple[QPainterPath, QPainterPath]:
    """High ground hatched: two rounded crests, each with hachures hanging downhill."""
    lines = QPainterPath()
    for cx, cy, w in ((-0.16, 0.3, 0.22), (0.2, 0.44, 0.2)):
        rise = 0.9 * w  # the control point's height above the ends
        lines.moveTo(cx - w, cy)
        lines.quadTo(cx, cy - rise, cx + w, cy)
        for t in (0.15, 0.3, 0.5, 0.7, 0.85):
            x = cx - w + 2 * w * t
            y = cy - 2 * t * (1 - t) * rise
            lean = (t - 0.5) * 0.16  # fanned out, as slopes fall away from the crest
            lines.moveTo(x, y + 0.03)
            lines.lineTo(x + lean, y + 0.15)
    return lines, QPainterPath()


def _mountain() -> tuple[QPainterPath, QPainterPath]:
    """Two peaks, the eastern slopes shaded."""
    lines, shapes = QPainterPath(), QPainterPath()
    for cx, base, w, h in ((-0.12, 0.45, 0.26, 0.5), (0.24, 0.45, 0.16, 0.36)):
        lines.moveTo(cx - w, base)
        lines.lineTo(cx, base - h)
        lines.lineTo(cx + w, base)
        shapes.moveTo(cx, base - h)
        shapes.lineTo(cx + w, base)
        shapes.lineTo(cx + w * 0.3, base)
        shapes.closeSubpath()
    return lines, shapes


def _rough() -> tuple[QPainterPath, QPainterPath]:
    """Rugged ground as scattered rocks."""
    shapes = QPainterPath()
    rocks = (((-0.28, 0.3), 0.08), ((-0.04, 0.16), 0.1), ((0.25, 0.1), 0.08), ((0.3, 0.38), 0.07),
             ((0.2, 0.55), 0.07), ((-0.2, 0.55), 0.06))
    for (x, y), r in rocks:
        shapes.moveTo(x - r, y + r * 0.5)
        shapes.lineTo(x - r * 0.4, y - r * 0.8)
        shapes.lineTo(x + r * 0.6, y - r * 0.6)
        shapes.lineTo(x + r, y + r * 0.5)
        shapes.closeSubpath()
    return QPainterPath(), shapes


def _marsh() -> tuple[QPainterPath, QPainterPath]:
    """Marsh tufts: a short water line with three blades of grass above it."""
    lines = QPainterPath()
    for x, y in ((-0.24, 0.14), (0.24, 0.06), (-0.06, 0.42), (0.26, 0.5)):
        lines.moveTo(x - 0.12, y)
        lines.lineTo(x + 0.12, y)
        for dx, lean in ((-0.07, -0.05), (0.0, 0.0), (0.07, 0.05)):
            lines.moveTo(x + dx, y - 0.02)
            lines.lineTo(x + dx + lean, y - 0.13 + abs(dx))
    return lines, QPainterPath()


def _sand() -> tuple[QPainterPath, QPainterPath]:
    """Sand or desert: a stipple of dots."""
    shapes = QPainterPath()
    dots = ((-0.45, 0.05), (-0.2, 0.0), (0.08, 0.03), (0.36, -0.02), (-0.33, 0.22), (-0.05, 0.18),
            (0.22, 0.2), (0.5, 0.16), (-0.5, 0.38), (-0.2, 0.4), (0.1, 0.36), (0.38, 0.4), (-0.3, 0.58),
            (0.0, 0.6), (0.26, 0.58), (-0.08, -0.1))
    for x, y in dots:
        shapes.addEllipse(QPointF(x * 0.75, y), 0.03, 0.03)
    return QPainterPath(), shapes


def _urban() -> tuple[QPainterPath, QPainterPath]:
    """Built-up ground: blocks of houses along two streets."""
    shapes = QPainterPath()
    for x, y in ((-0.36, 0.02), (-0.12, 0.02), (0.12, 0.02), (-0.24, 0.27), (0.0, 0.27), (0.22, 0.27),
                 (-0.08, 0.52)):
        shapes.addRect(QRectF(x, y, 0.16, 0.14))
    return QPainterPath(), shapes


def _water() -> tuple[QPainterPath, QPainterPath]:
    """Open water: three short waves."""
    lines = QPainterPath()
    for x, y in ((-0.2, 0.06), (0.18, 0.24), (-0.1, 0.46)):
        lines.moveTo(x - 0.16, y)
        lines.quadTo(x - 0.08, y - 0.08, x, y)
        lines.quadTo(x + 0.08, y + 0.08, x + 0.16, y)
    return lines, QPainterPath()


SYMBOL_PATHS = {
    "trees": _trees,
    "hills": _hills,
    "mountain": _mountain,
    "rough": _rough,
    "marsh": _marsh,
    "sand": _sand,
    "urban": _urban,
    "water": _water,
}
