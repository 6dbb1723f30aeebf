"""The hover preview: what the current tool would do (brush outline, hexside, path).

One item above the map layers; it repaints only the union of the old and new preview.
"""

from __future__ import annotations

import traceback
from collections.abc import Iterable

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from hexcampaign.app import style
from hexcampaign.app.canvas.surface import MapSurface
from hexcampaign.app.render import hex_polygon, hexes_scene_rect
from hexcampaign.hexes import Hex, HexSide


class PreviewItem(QGraphicsItem):
    def __init__(self, scene: MapSurface) -> None:
        super().__init__()
        self.map_scene = scene
        self.hexes: tuple[Hex, ...] = ()
        self.sides: tuple[HexSide, ...] = ()
        self.path: tuple[Hex, ...] = ()
        self.colour = QColor(style.PREVIEW)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)

    def set_preview(
        self,
        hexes: Iterable[Hex] = (),
        sides: Iterable[HexSide] = (),
        path: Iterable[Hex] = (),
        color: QColor | str | None = None,
    ) -> None:
        old = self._extent()
        self.hexes, self.sides, self.path = tuple(hexes), tuple(sides), tuple(path)
        self.colour = QColor(color) if color is not None else QColor(style.PREVIEW)
        self.update(old.united(self._extent()))

    def clear(self) -> None:
        if self.hexes or self.sides or self.path:
            self.set_preview()

    def is_empty(self) -> bool:
        return not (self.hexes or self.sides or self.path)

    def boundingRect(self) -> QRectF:
        # Previews off the map edge still show a hex or two beyond it.
        reach = 2 * self.map_scene.layout.size
        return self.map_scene.map_rect.adjusted(-reach, -reach, reach, reach)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        try:  # an exception escaping paint() aborts the process under PySide
            self._paint(painter)
        except Exception:
            traceback.print_exc()

    def _paint(self, painter: QPainter) -> None:
        if self.is_empty():
            return
        layout = self.map_scene.layout
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        width = style.PREVIEW_WIDTH * layout.size
        if self.hexes:
            fill = QColor(self.colour)
            fill.setAlpha(style.PREVIEW_FILL_ALPHA)
            painter.setBrush(fill)
            painter.setPen(QPen(self.colour, width * 0.5))
            shape = hex_polygon(layout)
            for h in self.hexes:
                x, y = layout.center(h)
                painter.drawPolygon(shape.translated(x, y))
        if self.sides:
            pen = QPen(self.colour, width * 1.4)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            lines = []
            for side in self.sides:
                (ax, ay), (bx, by) = layout.side_segment(side)
                lines.append(QLineF(ax, ay, bx, by))
            painter.drawLines(lines)
        if self.path:
            pen = QPen(self.colour, width)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            line = QPainterPath()
            first, *rest = self.path
            line.moveTo(QPointF(*layout.center(first)))
            for h in rest:
                line.lineTo(QPointF(*layout.center(h)))
            painter.drawPath(line)
            r = width * 0.9
            painter.setBrush(self.colour)
            for h in (first, self.path[-1]):
                painter.drawEllipse(QPointF(*layout.center(h)), r, r)

    def _extent(self) -> QRectF:
        touched = set(self.hexes) | set(self.path)
        for side in self.sides:
            touched.update(side.hexes())
        return hexes_scene_rect(self.map_scene.layout, touched, pad_hexes=0.5)
