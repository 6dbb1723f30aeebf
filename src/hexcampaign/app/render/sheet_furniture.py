"""What a printed sheet carries besides the map, as a published game's map sheets do:
the margin band (the sheet's caption sits in it, never over the map), crop marks at the
trim corners, registration marks (crosshair circles) in the overlap bands, the caption
that says which sheet joins which, and the legend: a title block, a terrain key painted
by the map's own painter, and a scale bar.

Lengths are device dots; `dpmm` (dots per millimetre) turns the millimetres below into
dots, so the same layout serves a 300 dpi PDF, a printer and a test's picture.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from hexcampaign.app.render.geometry import map_layout, map_scene_rect
from hexcampaign.app.render.painters import paint_map
from hexcampaign.maps import HexMap

# The band around a sheet's map area: crop marks stand in it, clear of the map. A tiled
# PDF's page margin is narrower for it (export.TILED_MARGIN_MM): the map keeps about the
# room it had before the marks, 10 mm from the paper's edge.
MARK_BAND_MM = 5.0
# Below the map: the crop marks' band and the caption's line under it.
CAPTION_BAND_MM = 9.0
CROP_GAP_MM = 1.0  # between the trim corner and its marks, so the cut hides them
CROP_LENGTH_MM = 3.5
REGISTRATION_RADIUS_MM = 1.8
# The overlap is never made narrower than this to save a sheet (a registration mark
# needs the room), nor narrower than half of what was asked for.
MIN_OVERLAP_MM = 5.0
INK = QColor(40, 40, 40)
SWATCH_MM = 8.0  # a key's hex, across the flats


@dataclass(frozen=True)
class SheetFrame:
    """Where a sheet's map goes and where its caption goes (never overlapping)."""

    map_area: QRectF
    caption: QRectF


def sheet_frame(page: QRectF, dpmm: float) -> SheetFrame:
    """The map area inside the margin band of `page`, and the caption's line below it."""
    band, bottom = MARK_BAND_MM * dpmm, CAPTION_BAND_MM * dpmm
    area = page.adjusted(band, band, -band, -bottom)
    caption = QRectF(page.left() + band, area.bottom() + band * 0.75, area.width(), bottom - band * 0.75)
    return SheetFrame(area, caption)


def sheet_name(col: int, row: int) -> str:
    """A sheet's name as a map's sheets are named: column letter(s), row number (B2)."""
    letters = ""
    n = col + 1
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{row + 1}"


def joins_text(col: int, row: int, across: int, down: int) -> str:
    """'joins A2 (left), C2 (right), B1 (above), B3 (below)': the sheets next to this one."""
    sides = []
    if col > 0:
        sides.append(f"{sheet_name(col - 1, row)} (left)")
    if col + 1 < across:
        sides.append(f"{sheet_name(col + 1, row)} (right)")
    if row > 0:
        sides.append(f"{sheet_name(col, row - 1)} (above)")
    if row + 1 < down:
        sides.append(f"{sheet_name(col, row + 1)} (below)")
    return "joins " + ", ".join(sides) if sides else "the whole map"


def sheet_caption(hexmap: HexMap, col: int, row: int, across: int, down: int) -> str:
    name = hexmap.name or "Map"
    return (
        f"{name} — Sheet {sheet_name(col, row)} — {joins_text(col, row, across, down)} "
        f"(sheet {row * across + col + 1} of {across * down})"
    )


def paint_caption(painter: QPainter, rect: QRectF, text: str) -> None:
    """The caption in its band (a function of its own, so a test can see where it went)."""
    painter.save()
    font = QFont(painter.font())
    font.setPointSizeF(7)
    painter.setFont(font)
    painter.setPen(INK)
    painter.drawText(rect, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, text)
    painter.restore()


def _pen(dpmm: float, width_mm: float = 0.15) -> QPen:
    pen = QPen(INK)
    pen.setWidthF(width_mm * dpmm)
    return pen


def paint_crop_marks(painter: QPainter, trim: QRectF, dpmm: float) -> None:
    """Two short lines outside each trim corner, along its edges, a gap away from it."""
    gap, length = CROP_GAP_MM * dpmm, CROP_LENGTH_MM * dpmm
    painter.save()
    painter.setPen(_pen(dpmm))
    for x, y, dx, dy in (
        (trim.left(), trim.top(), -1, -1),
        (trim.right(), trim.top(), 1, -1),
        (trim.left(), trim.bottom(), -1, 1),
        (trim.right(), trim.bottom(), 1, 1),
    ):
        painter.drawLine(QPointF(x + dx * gap, y), QPointF(x + dx * (gap + length), y))
        painter.drawLine(QPointF(x, y + dy * gap), QPointF(x, y + dy * (gap + length)))
    painter.restore()


def paint_registration_mark(painter: QPainter, centre: QPointF, dpmm: float) -> None:
    """A crosshair circle: the same spot of the map on two sheets; lay one on the other."""
    r = REGISTRATION_RADIUS_MM * dpmm
    painter.save()
    painter.setPen(_pen(dpmm, 0.12))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(centre, r, r)
    painter.drawLine(QPointF(centre.x() - 1.6 * r, centre.y()), QPointF(centre.x() + 1.6 * r, centre.y()))
    painter.drawLine(QPointF(centre.x(), centre.y() - 1.6 * r), QPointF(centre.x(), centre.y() + 1.6 * r))
    painter.restore()


# --- the legend: title block, terrain key, scale bar ---------------------------------------


def scale_text(hexmap: HexMap, hex_mm: float) -> str:
    """'1 hex = 2 km (19 mm across)' when the map knows its hex size, else 'hex = 19 mm across'."""
    km = hex_km(hexmap)
    if km:
        return f"1 hex = {km:g} km ({hex_mm:.3g} mm across)"
    return f"hex = {hex_mm:.3g} mm across"


def hex_km(hexmap: HexMap) -> float | None:
    """Kilometres from one hex centre to the next, when the map records it (Map › Map
    properties… › Km per hex, kept in the map's file)."""
    value = hexmap.hex_km
    return float(value) if isinstance(value, (int, float)) and value > 0 else None


def legend_height(painter: QPainter, hexmap: HexMap, width: float, dpmm: float) -> float:
    """The height `paint_legend` needs at `width`."""
    return _legend_layout(painter, hexmap, width, dpmm)[0]


def paint_legend(
    painter: QPainter, hexmap: HexMap, rect: QRectF, dpmm: float, hex_mm: float
) -> list[str]:
    """The title block (name, scale), the scale bar and the terrain key inside `rect`;
    returns the terrain names keyed, in the palette's order."""
    _height, title_h, items = _legend_layout(painter, hexmap, rect.width(), dpmm)
    painter.save()
    painter.setPen(INK)
    painter.setFont(_font(painter, 12, bold=True))
    painter.drawText(
        QRectF(rect.left(), rect.top(), rect.width() * 0.6, title_h * 0.55),
        Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        hexmap.name or "Map",
    )
    painter.setFont(_font(painter, 8))
    detail = f"{scale_text(hexmap, hex_mm)} · {hexmap.cols}×{hexmap.rows} hexes"
    if hexmap.author:
        detail += f" · {hexmap.author}"
    painter.drawText(
        QRectF(rect.left(), rect.top() + title_h * 0.55, rect.width() * 0.6, title_h * 0.45),
        Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
        detail,
    )
    paint_scale_bar(painter, hexmap, QPointF(rect.right(), rect.top()), dpmm, hex_mm, title_h)
    painter.setFont(_font(painter, 8))
    for name, label, x, y in items:
        _paint_swatch(painter, hexmap, name, QPointF(rect.left() + x, rect.top() + y), dpmm)
        painter.setPen(INK)
        painter.drawText(
            QRectF(rect.left() + x + (SWATCH_MM + 1.5) * dpmm, rect.top() + y, rect.width(), SWATCH_MM * dpmm),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            label,
        )
    painter.restore()
    return [name for name, *_rest in items]


def paint_scale_bar(
    painter: QPainter, hexmap: HexMap, top_right: QPointF, dpmm: float, hex_mm: float, height: float
) -> QRectF:
    """Five hexes long, one black or white block a hex, right-aligned at `top_right`:
    labelled in km when the map knows its hex size, in hexes otherwise."""
    count = 5
    step = hex_mm * dpmm
    bar_h = 1.6 * dpmm
    width = count * step
    left = top_right.x() - width
    y = top_right.y() + height * 0.2
    painter.save()
    painter.setPen(_pen(dpmm, 0.2))
    for i in range(count):
        painter.setBrush(INK if i % 2 == 0 else QColor("white"))
        painter.drawRect(QRectF(left + i * step, y, step, bar_h))
    painter.setFont(_font(painter, 7))
    km = hex_km(hexmap)
    marks = [f"{i * km:g} km" if km else f"{i}" for i in (0, count)]
    text_h = height * 0.4
    for i, text in zip((0, count), marks, strict=True):
        painter.drawText(
            QRectF(left + i * step - 15 * dpmm, y + bar_h, 30 * dpmm, text_h),
            Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
            text,
        )
    if not km:
        painter.drawText(
            QRectF(left, y + bar_h, width, text_h),
            Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
            "hexes",
        )
    painter.restore()
    return QRectF(left, y, width, bar_h + text_h)


def _font(painter: QPainter, points: float, bold: bool = False) -> QFont:
    font = QFont(painter.font())
    font.setPointSizeF(points)
    font.setBold(bold)
    return font


def _legend_layout(
    painter: QPainter, hexmap: HexMap, width: float, dpmm: float
) -> tuple[float, float, list[tuple[str, str, float, float]]]:
    """(height, title block height, [(terrain, label, x, y)]): the key's entries flow
    left to right in rows under the title block."""
    title_h = 12 * dpmm
    metrics = QFontMetricsF(_font(painter, 8), painter.device())
    swatch = SWATCH_MM * dpmm
    x, y = 0.0, title_h
    items: list[tuple[str, str, float, float]] = []
    for terrain in hexmap.palette.terrains.values():
        entry = swatch + 1.5 * dpmm + metrics.horizontalAdvance(terrain.label) + 5 * dpmm
        if x and x + entry > width:
            x, y = 0.0, y + swatch + 2 * dpmm
        items.append((terrain.name, terrain.label, x, y))
        x += entry
    return y + swatch + 2 * dpmm, title_h, items


def _paint_swatch(painter: QPainter, hexmap: HexMap, terrain: str, top_left: QPointF, dpmm: float) -> None:
    """One hex of `terrain`, painted by the map's painter (colour and symbol as on the map)."""
    sample = HexMap.blank(1, 1, palette=hexmap.palette, orientation=hexmap.orientation)
    sample.set_terrain(sample.at(0, 0), terrain)
    layout = map_layout(sample)
    scene = map_scene_rect(sample, layout)
    # The sample's scene has a margin round its hex: the whole of it fits the swatch.
    scale = SWATCH_MM * dpmm / max(scene.width(), scene.height())
    painter.save()
    painter.translate(top_left)
    painter.scale(scale, scale)
    painter.translate(-scene.left(), -scene.top())
    paint_map(painter, sample, layout, scene, ["terrain", "grid"])
    painter.restore()
