"""The Overview (minimap) dock: the whole map small, with the canvas's viewport as a
rectangle that can be dragged (or clicked) to move the view."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPaintEvent, QPen, QTransform
from PySide6.QtWidgets import QDockWidget, QSizePolicy, QWidget

from hexcampaign.app import style
from hexcampaign.app.render import hexes_scene_rect, map_scene_rect, paint_map
from hexcampaign.maps import HexMap
from hexcampaign.maps.changes import Change

# The minimap leaves out what is unreadable at its size.
OVERVIEW_LAYERS = ("terrain", "elevation", "rivers", "roads", "cliffs", "places")
OVERLAY_LAYERS = OVERVIEW_LAYERS[1:]
REDRAW_DELAY_MS = 250
# Below this many pixels across a hex, the minimap's terrain is a picture of one pixel
# per hex, scaled (a 200×200 map: ten milliseconds, where 40,000 hex polygons took 80 to
# 130); the other layers are kept in a picture of their own, so a terrain edit (a flood
# fill of the whole map) repaints neither them nor any hex polygon.
PIXEL_TERRAIN_BELOW = 4.0


class OverviewWidget(QWidget):
    def __init__(self, canvas: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.canvas = canvas
        self.hexmap: HexMap | None = None
        self._image: QImage | None = None
        self._scale = 1.0
        self._offset = QPointF(0, 0)
        self._scene = QRectF()
        self._dragging = False
        self.setMinimumSize(160, 120)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self._redraw = QTimer(self)
        self._redraw.setSingleShot(True)
        self._redraw.setInterval(REDRAW_DELAY_MS)
        self._redraw.timeout.connect(self._redraw_stale)
        self._stale: QRectF | None = None  # the scene area an edit changed
        self._whole = False  # the whole picture needs painting again
        # With hexes too small to draw (PIXEL_TERRAIN_BELOW): the layers above the
        # terrain, transparent, and whether the terrain picture is out of date.
        self._overlay: QImage | None = None
        self._terrain_stale = False
        canvas.viewport_changed.connect(self.update)

    def sizeHint(self) -> QSize:
        return QSize(260, 210)

    def show_map(self, hexmap) -> None:
        self.hexmap = hexmap
        if not self.isVisible():
            # Drawn when first shown (showEvent): a hidden or not yet shown minimap
            # costs nothing at start-up.
            self._image, self._whole, self._stale = None, False, None
            return
        self.rebuild()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self.hexmap is not None and self._image is None:
            # Once the event loop turns: the window paints the map first, and a dock
            # shown and hidden again while the window lays itself out draws nothing.
            self._whole = True
            self._redraw.start(0)

    def map_changed(self, changes=None) -> None:
        """Edits repaint the minimap after a short pause, not on every dab, and only
        around the hexes they touched."""
        hexes = getattr(changes, "hexes", None)
        flags = getattr(changes, "flags", Change.ALL)
        if self._overlay is not None and self._image is not None and not flags & ~Change.TERRAIN:
            self._terrain_stale = True  # terrain alone: its picture, in a few milliseconds
        elif self._image is None or not hexes or flags & Change.GRID:
            self._whole = True
        elif not self._whole:
            area = hexes_scene_rect(self.canvas.layout, hexes, 3.0)
            self._stale = area if self._stale is None else self._stale.united(area)
        self._redraw.start()

    def _redraw_stale(self) -> None:
        if not self.isVisible():  # drawn afresh when shown (showEvent)
            self._image, self._whole, self._stale = None, False, None
            return
        whole, area = self._whole, self._stale
        if self._terrain_stale and not whole and self._overlay is not None and self._image is not None:
            self._terrain_stale = False
            if area is not None:  # the other layers changed there too
                self._stale = None
                self._paint_overlay(area.intersected(self._scene))
            self._compose()
            return
        if whole or area is None or self._image is None or self.hexmap is None:
            self.rebuild()
            return
        self._stale = None
        area = area.intersected(self._scene)
        if self._overlay is not None:
            self._paint_overlay(area)
            self._compose()
            return
        painter = QPainter(self._image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.scale(self._scale, self._scale)
        painter.translate(-self._scene.left(), -self._scene.top())
        painter.setClipRect(area)
        painter.fillRect(area, style.PAPER)
        paint_map(painter, self.hexmap, self.canvas.layout, area, OVERVIEW_LAYERS)
        painter.end()
        self.update()

    def rebuild(self) -> None:
        self._whole, self._stale, self._terrain_stale = False, None, False
        self._image = None
        self._overlay = None
        if self.hexmap is None or self.width() < 4 or self.height() < 4:
            self.update()
            return
        layout = self.canvas.layout
        scene = map_scene_rect(self.hexmap, layout)
        self._scene = scene
        ratio = self.devicePixelRatioF()
        self._scale = min(self.width() / scene.width(), self.height() / scene.height())
        w, h = scene.width() * self._scale, scene.height() * self._scale
        self._offset = QPointF((self.width() - w) / 2, (self.height() - h) / 2)
        image = QImage(
            max(1, int(w * ratio)),
            max(1, int(h * ratio)),
            QImage.Format.Format_ARGB32_Premultiplied,
        )
        image.setDevicePixelRatio(ratio)
        image.fill(style.PAPER)
        self._image = image
        if layout.size * self._scale < PIXEL_TERRAIN_BELOW:
            overlay = QImage(image.size(), QImage.Format.Format_ARGB32_Premultiplied)
            overlay.setDevicePixelRatio(ratio)
            self._overlay = overlay
            self._paint_overlay(scene)
            self._compose()
            return
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.scale(self._scale, self._scale)
        painter.translate(-scene.left(), -scene.top())
        paint_map(painter, self.hexmap, layout, scene, OVERVIEW_LAYERS)
        painter.end()
        self._image = image
        self.update()

    def _scene_painter(self, image: QImage) -> QPainter:
        """A painter on `image` in the canvas's scene coordinates."""
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.scale(self._scale, self._scale)
        painter.translate(-self._scene.left(), -self._scene.top())
        return painter

    def _paint_overlay(self, area: QRectF) -> None:
        """The layers above the terrain, in `area` of the scene, on their transparent picture."""
        if self._overlay is None or self.hexmap is None:
            return
        painter = self._scene_painter(self._overlay)
        painter.setClipRect(area)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Clear)
        painter.fillRect(area, Qt.GlobalColor.transparent)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
        paint_map(painter, self.hexmap, self.canvas.layout, area, OVERLAY_LAYERS)
        painter.end()

    def _compose(self) -> None:
        """The minimap of tiny hexes: paper, the terrain picture, the other layers."""
        if self._image is None or self._overlay is None or self.hexmap is None:
            return
        self._image.fill(style.PAPER)
        painter = self._scene_painter(self._image)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        picture, transform = terrain_picture(self.hexmap, self.canvas.layout)
        painter.setTransform(transform, True)
        painter.drawImage(0, 0, picture)
        painter.resetTransform()
        painter.drawImage(0, 0, self._overlay)
        painter.end()
        self.update()

    def viewport_rect(self) -> QRectF:
        """The canvas's visible scene rectangle, in this widget's pixels."""
        if self.hexmap is None:
            return QRectF()
        visible = self.canvas.visible_scene_rect()
        return QRectF(self._to_widget(visible.topLeft()), self._to_widget(visible.bottomRight()))

    def scene_point(self, x: float, y: float) -> QPointF:
        """The canvas scene point under a minimap pixel."""
        return QPointF(
            self._scene.left() + (x - self._offset.x()) / self._scale,
            self._scene.top() + (y - self._offset.y()) / self._scale,
        )

    # --- Qt events --------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), style.CANVAS_BACKGROUND)
        if self._image is not None:
            painter.drawImage(self._offset, self._image)
            box = self.viewport_rect().intersected(QRectF(self.rect()).adjusted(1, 1, -1, -1))
            pen = QPen(QColor(200, 30, 30))
            pen.setWidthF(2)
            painter.setPen(pen)
            painter.setBrush(QColor(200, 30, 30, 30))
            painter.drawRect(box)
        painter.end()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._whole = True
        self._redraw.start(60)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.hexmap is not None:
            self._dragging = True
            self._centre_at(event.position())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._dragging:
            self._centre_at(event.position())

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._dragging = False

    def _centre_at(self, pos: QPointF) -> None:
        self.canvas.centerOn(self.scene_point(pos.x(), pos.y()))
        self.canvas.viewport_changed.emit()
        self.update()

    def _to_widget(self, p: QPointF) -> QPointF:
        return QPointF(
            self._offset.x() + (p.x() - self._scene.left()) * self._scale,
            self._offset.y() + (p.y() - self._scene.top()) * self._scale,
        )


def terrain_picture(hexmap: HexMap, layout: Any) -> tuple[QImage, QTransform]:
    """The map's terrain as a picture of one pixel per hex across its lines (printed
    columns of a flat-top map, rows of a pointy-top one) and two along them, so the half
    hex that every other line is shifted by is kept; and the transform that lays it over
    the hexes' scene rectangle. Built from whole lines at a time (slices in C), not hex
    by hex."""
    palette = hexmap.palette.terrains_list
    index = {t.name: i for i, t in enumerate(palette)}
    blank = len(palette)  # the half pixel at a line's end: transparent
    codes = bytes(map(index.__getitem__, hexmap.terrains_by_cell()))
    cols, rows = hexmap.cols, hexmap.rows
    flat = hexmap.orientation == "flat"
    lines, length = (cols, rows) if flat else (rows, cols)
    width = 2 * length + 1
    stride = (width + 3) // 4 * 4  # scan lines of whole 32-bit words
    data = bytearray([blank]) * (stride * lines)
    for line in range(lines):
        cells = codes[line * rows:(line + 1) * rows] if flat else codes[line::rows]
        start = line * stride + (line & 1)  # odd lines are shifted half a hex
        data[start:start + 2 * length:2] = cells
        data[start + 1:start + 2 * length:2] = cells
    picture = QImage(bytes(data), width, lines, stride, QImage.Format.Format_Indexed8)
    picture.setColorTable([QColor(t.colour).rgba() for t in palette] + [0])
    picture = picture.copy()  # its own pixels: the bytes above are freed with this frame
    # The centres of neighbouring hexes give the steps between lines and along them.
    x0, y0 = layout.center(hexmap.at(0, 0))
    across = layout.center(hexmap.at(1, 0))[0] - x0  # from one column to the next
    down = layout.center(hexmap.at(0, 1))[1] - y0  # from one row to the next
    if flat:  # picture x (half rows along a column) -> scene y; picture y (column) -> x
        transform = QTransform(0, down / 2, across, 0, x0 - across / 2, y0 - down / 2)
    else:  # picture x (half columns along a row) -> scene x; picture y (row) -> y
        transform = QTransform(across / 2, 0, 0, down, x0 - across / 2, y0 - down / 2)
    return picture, transform


class OverviewDock(QDockWidget):
    def __init__(self, canvas: Any, parent: QWidget) -> None:
        super().__init__("Overview", parent)
        self.setObjectName("editor-overview")
        self.overview = OverviewWidget(canvas, self)
        self.setWidget(self.overview)
