"""The Overview (minimap) dock: the whole map small, with the canvas's viewport as a
rectangle that can be dragged (or clicked) to move the view."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QDockWidget, QSizePolicy, QWidget

from hexcampaign.app import style
from hexcampaign.app.render import hexes_scene_rect, map_scene_rect, paint_map
from hexcampaign.maps import HexMap
from hexcampaign.maps.changes import Change

# The minimap leaves out what is unreadable at its size.
OVERVIEW_LAYERS = ("terrain", "elevation", "rivers", "roads", "cliffs", "places")
REDRAW_DELAY_MS = 250


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
        if self._image is None or not hexes or changes.flags & Change.GRID:
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
        if whole or area is None or self._image is None or self.hexmap is None:
            self.rebuild()
            return
        self._stale = None
        area = area.intersected(self._scene)
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
        self._whole, self._stale = False, None
        self._image = None
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
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.scale(self._scale, self._scale)
        painter.translate(-scene.left(), -scene.top())
        paint_map(painter, self.hexmap, layout, scene, OVERVIEW_LAYERS)
        painter.end()
        self._image = image
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


class OverviewDock(QDockWidget):
    def __init__(self, canvas: Any, parent: QWidget) -> None:
        super().__init__("Overview", parent)
        self.setObjectName("editor-overview")
        self.overview = OverviewWidget(canvas, self)
        self.setWidget(self.overview)
