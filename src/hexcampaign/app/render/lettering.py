"""The text of the map: places (symbol, name, points), free labels, hex numbers."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF

from hexcampaign.app import style
from hexcampaign.app.render.frames import Frame, is_raster

# Free labels are never drawn smaller than this on screen (at the whole map's zoom too).
LABEL_MIN_SCREEN_PX = 9.0
HALO = QColor(255, 255, 255, 200)  # a label's halo, one stroked outline (vector pictures)
# Each of the eight copies of a label that make its halo in pixels: where two or more
# overlap (most of the ring) they add up to about HALO's white.
HALO_RING = QColor(255, 255, 255, 130)


def paint_places(f: Frame) -> bool:
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


def paint_labels(f: Frame) -> bool:
    """Free labels, never smaller than LABEL_MIN_SCREEN_PX on screen: zoomed out to the
    whole map they grow in scene units, as a printed map's region names stand out."""
    labels = f.features.labels()
    if not labels:
        return False
    s = f.layout.size
    size = max(s * style.LABEL_FONT, LABEL_MIN_SCREEN_PX / f.scale)
    font = style.font(size, bold=True, italic=True)
    metrics = QFontMetricsF(font)
    p = f.painter
    p.setFont(font)
    # A pale halo so a label stays readable over any terrain. In pixels it is the text
    # itself drawn eight times around its place: the glyphs are cached, so that costs
    # half of stroking the text's outline (a third of the canvas's first frame went to
    # the labels). Vector pictures keep the one stroked outline, so a PDF holds each
    # label's text once (searchable, copied once).
    raster = is_raster(p)
    reach = size * 0.12
    offsets = [(reach * math.cos(a), reach * math.sin(a)) for a in (k * math.pi / 4 for k in range(8))]
    halo = QPen(HALO, 2 * reach)
    drawn = False
    for label in labels:
        cx, cy = f.layout.center(label.hex)
        width = metrics.horizontalAdvance(label.text)
        box = QRectF(cx - width / 2 - 2, cy - metrics.height() / 2, width + 4, metrics.height())
        if not box.adjusted(-size, -size, size, size).intersects(f.rect):
            continue
        if raster:
            p.setPen(HALO_RING)
            for dx, dy in offsets:
                p.drawText(box.translated(dx, dy), Qt.AlignmentFlag.AlignCenter, label.text)
        else:
            p.setPen(halo)
            path = QPainterPath()
            path.addText(box.left() + 2, box.top() + metrics.ascent(), font, label.text)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
        p.setPen(style.LABEL_TEXT)
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, label.text)
        drawn = True
    return drawn


def paint_coordinates(f: Frame) -> bool:
    """The hex numbers along each hex's top edge. Where a road, a river or a cliff runs
    through a hex, its number sits on a small plate of the hex's own colour, so no line
    is drawn across it."""
    if f.screen_hex() < style.COORDINATE_MIN_SCREEN_HEX:
        return False
    p, m, layout = f.painter, f.map, f.layout
    s = layout.size
    font = style.font(s * style.COORDINATE_FONT)
    p.setFont(font)
    metrics = QFontMetricsF(font)
    height = metrics.height()
    top = layout.height / 2 - s * 0.06
    baseline = metrics.ascent() - top
    label = m.labeller()
    features = f.features
    roads, rivers, cliffs = features.roads(), features.rivers(), features.cliffs()
    terrain = m.terrain
    plate_colours = {t.name: QColor(t.colour) for t in m.palette.terrains_list}
    # By number of characters: every digit is as wide. Text drawn at a point, centred by
    # its width, costs half of text aligned in a box.
    widths: dict[int, float] = {}
    pad = s * 0.04
    p.setPen(style.COORDINATE_TEXT)
    # "Number every N-th hex" (the map's label_every): the others print no number.
    hexes = f.hexes if m.label_every <= 1 else [h for h in f.hexes if m.is_numbered(h)]
    for h in hexes:
        x, y = layout.center(h)
        text = label(h)
        width = widths.get(len(text))
        if width is None:
            width = widths[len(text)] = metrics.horizontalAdvance(text)
        if h in roads or h in rivers or h in cliffs:
            colour = plate_colours.get(terrain(h), style.UNKNOWN_TERRAIN)
            p.fillRect(QRectF(x - width / 2 - pad, y - top, width + 2 * pad, height), colour)
        p.drawText(QPointF(x - width / 2, y + baseline), text)
    return bool(f.hexes)


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
