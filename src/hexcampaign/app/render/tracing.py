"""The tracing aids, layers drawn only when named (on the canvas by default, in an export
or print only when asked): the scanned picture under the map (Map › Underlay image…) and
a folded-corner mark on every hex that has a note.

The underlay is drawn over the terrain fill with its opacity and under the contours,
water, grid, roads and numbers: a tracer sees the picture through the hexes' colours
(so an unpainted hex shows the scan plainly and a painted one tints it) and the grid and
hex numbers stay crisp on top, as the hexes being traced must. Drawing it beneath an
opaque terrain would hide it; the map's tiles are one composite picture (canvas/layers.py),
so a layer between terrain and grid costs nothing more than any other layer.
"""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QImageReader, QPolygonF, QTransform

from hexcampaign.app.render.frames import Frame
from hexcampaign.app.render.geometry import map_scene_rect
from hexcampaign.hexes import Layout

if TYPE_CHECKING:
    from hexcampaign.maps.underlay import Affine

NOTE_MARK = QColor(200, 120, 20)
NOTE_FOLD = QColor(255, 236, 170)
# Pictures bigger than this (pixels) are refused: a 600 dpi A1 scan is ~300 megapixels,
# which no canvas should hold; scan at 150-300 dpi.
MAX_PICTURE_PIXELS = 120_000_000

_lock = threading.Lock()
# path -> (modification time, size, picture or None): the picture read once, read again
# when its file changes; worker threads painting tiles share it (read only).
_pictures: dict[str, tuple[int, int, QImage | None]] = {}


def underlay_picture(path: str) -> QImage | None:
    """The picture at `path` (PNG, JPEG, TIFF), or None when it is missing or unreadable."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    with _lock:
        known = _pictures.get(path)
        if known is not None and known[:2] == (stat.st_mtime_ns, stat.st_size):
            return known[2]
    reader = QImageReader(path)
    size = reader.size()
    picture: QImage | None = None
    if size.isValid() and size.width() * size.height() <= MAX_PICTURE_PIXELS:
        image = reader.read()
        if not image.isNull():
            picture = image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
    with _lock:
        _pictures[path] = (stat.st_mtime_ns, stat.st_size, picture)
    return picture


def picture_problem(path: str) -> str:
    """Why the picture at `path` cannot be shown, in one sentence, or ""."""
    name = os.path.basename(path) or path
    if not os.path.exists(path):
        return f"The underlay picture {name} is not at {path}; the map opened without it (Map › Underlay image… finds it)."
    reader = QImageReader(path)
    size = reader.size()
    if size.isValid() and size.width() * size.height() > MAX_PICTURE_PIXELS:
        return (
            f"The underlay picture {name} has {size.width()}×{size.height()} pixels, more than "
            f"{MAX_PICTURE_PIXELS // 1_000_000} million; scan it at a lower resolution."
        )
    if underlay_picture(path) is None:
        return f"The underlay picture {name} cannot be read ({reader.errorString()}); save it as PNG, JPEG or TIFF."
    return ""


def scene_transform(transform: Affine, layout: Layout) -> QTransform:
    """Picture pixels to scene units: map units (maps/underlay.py) times the hex size,
    from the layout's origin (the centre of axial hex (0, 0))."""
    s = layout.size
    ox, oy = layout.origin
    return QTransform(
        transform.a * s, transform.d * s, transform.b * s, transform.e * s, transform.c * s + ox, transform.f * s + oy
    )


def paint_underlay(f: Frame) -> bool:
    underlay = f.map.underlay
    if underlay is None or underlay.opacity <= 0:
        return False
    picture = underlay_picture(underlay.path)
    if picture is None:
        return False
    p = f.painter
    p.save()
    # Inside the map's own rectangle only: a scan's margins do not spill over the canvas.
    p.setClipRect(f.rect.intersected(map_scene_rect(f.map, f.layout)), Qt.ClipOperation.IntersectClip)
    p.setOpacity(p.opacity() * underlay.opacity)
    p.setRenderHint(p.RenderHint.SmoothPixmapTransform, True)
    p.setTransform(scene_transform(underlay.transform, f.layout), True)
    p.drawImage(QPointF(0, 0), picture)
    p.restore()
    return True


def paint_note_marks(f: Frame) -> bool:
    """A folded corner at the right of each hex with a note (the Properties dock
    shows and edits the note)."""
    notes = f.map.notes()
    if not notes:
        return False
    p = f.painter
    s = f.layout.size
    side = s * 0.34
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    drawn = False
    wanted = f.near_rect(1.0)
    for h in notes:
        x, y = f.layout.center(h)
        if not wanted.contains(QPointF(x, y)):
            continue
        # The corner of a page turned down: a triangle and its paler fold, at the hex's
        # right below the level of its number.
        right, top = x + s * 0.66, y - s * 0.42
        p.setBrush(NOTE_MARK)
        p.drawPolygon(QPolygonF([QPointF(right - side, top), QPointF(right, top), QPointF(right, top + side)]))
        p.setBrush(NOTE_FOLD)
        p.drawPolygon(QPolygonF([QPointF(right - side, top), QPointF(right, top + side),
                                 QPointF(right - side, top + side)]))
        drawn = True
    p.restore()
    return drawn


def picture_bounds(transform: Affine, layout: Layout, width: int, height: int) -> QRectF:
    """Where a picture of `width`×`height` pixels lies in the scene."""
    return scene_transform(transform, layout).mapRect(QRectF(0, 0, width, height))
