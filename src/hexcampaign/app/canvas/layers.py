"""One QGraphicsItem per map layer, painting only what is exposed.

Dense layers (terrain, elevation, contours, grid, coordinates: something in every hex)
keep their pictures as device-pixel tiles per zoom level, so a repaint after a pan or a
hover is a few blits instead of thousands of polygons; sparse layers (rivers, roads,
cliffs, places, labels) paint straight from the map, which costs only what is visible.
A map edit drops just the tiles its ChangeSet touches (see MapScene.apply_changes).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from hexcampaign.app.render import LAYER_PAINTERS, Frame

if TYPE_CHECKING:
    from hexcampaign.app.canvas.scene import MapScene

CACHED_LAYERS = frozenset({"terrain", "elevation", "contours", "grid", "coordinates"})
TILE = 256  # device pixels per tile side


class TileCache:
    """Rendered layer tiles keyed by (layer, zoom, device-pixel ratio, column, row),
    least recently used dropped first. None marks a tile with nothing on it."""

    def __init__(self, max_tiles: int = 900) -> None:
        self.max_tiles = max_tiles
        self._tiles: OrderedDict[tuple, QPixmap | None] = OrderedDict()

    def get(self, key: tuple) -> QPixmap | None | bool:
        """The tile, None for an empty tile, False when not cached."""
        try:
            tile = self._tiles[key]
        except KeyError:
            return False
        self._tiles.move_to_end(key)
        return tile

    def put(self, key: tuple, tile: QPixmap | None) -> None:
        self._tiles[key] = tile
        self._tiles.move_to_end(key)
        while len(self._tiles) > self.max_tiles:
            self._tiles.popitem(last=False)

    def drop(self, layer: str, scene_rect: QRectF | None = None) -> None:
        """Forget the layer's tiles that overlap `scene_rect` (all of them for None)."""
        for key in [k for k in self._tiles if k[0] == layer]:
            if scene_rect is None or _tile_scene_rect(key).intersects(scene_rect):
                del self._tiles[key]

    def clear(self) -> None:
        self._tiles.clear()

    def __len__(self) -> int:
        return len(self._tiles)


class LayerItem(QGraphicsItem):
    """Paints one named layer of the scene's map inside the exposed rectangle."""

    def __init__(self, scene: MapScene, name: str, cached: bool | None = None) -> None:
        super().__init__()
        self.map_scene = scene
        self.name = name
        self.cached = name in CACHED_LAYERS if cached is None else cached
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)

    def boundingRect(self) -> QRectF:
        return self.map_scene.map_rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        exposed = option.exposedRect
        transform = painter.worldTransform()
        simple = (
            transform.type() <= QTransform.TransformationType.TxScale
            and math.isclose(transform.m11(), transform.m22())
            and transform.m11() > 0
        )
        if not self.cached or not simple:
            self._paint_direct(painter, exposed)
            return
        self._paint_tiles(painter, exposed, transform)

    def invalidate(self, scene_rect: QRectF | None = None) -> None:
        """Repaint `scene_rect` (everything for None) from the map on the next paint."""
        if self.cached:
            self.map_scene.tiles.drop(self.name, scene_rect)
        self.update(scene_rect if scene_rect is not None else self.boundingRect())

    # --- painting -----------------------------------------------------------------------

    def _paint_direct(self, painter: QPainter, rect: QRectF) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        scene = self.map_scene
        LAYER_PAINTERS[self.name](Frame(painter, scene.hexmap, scene.layout, rect))

    def _paint_tiles(self, painter: QPainter, exposed: QRectF, transform: QTransform) -> None:
        zoom = transform.m11()
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        # Device position = scene * zoom + offset; rounding the offset keeps every tile
        # on whole pixels (one consistent sub-pixel shift, no seams between tiles).
        dx, dy = round(transform.dx()), round(transform.dy())
        i0 = math.floor(exposed.left() * zoom / TILE)
        i1 = math.floor(exposed.right() * zoom / TILE)
        j0 = math.floor(exposed.top() * zoom / TILE)
        j1 = math.floor(exposed.bottom() * zoom / TILE)
        cache = self.map_scene.tiles
        painter.save()
        painter.setWorldTransform(QTransform())
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                key = (self.name, zoom, ratio, i, j)
                tile = cache.get(key)
                if tile is False:
                    tile = self._render_tile(zoom, ratio, i, j)
                    cache.put(key, tile)
                if tile is not None:
                    painter.drawPixmap(i * TILE + dx, j * TILE + dy, tile)
        painter.restore()

    def _render_tile(self, zoom: float, ratio: float, i: int, j: int) -> QPixmap | None:
        rect = _tile_scene_rect((self.name, zoom, ratio, i, j))
        scene = self.map_scene
        if not rect.intersects(scene.map_rect):
            return None
        pixmap = QPixmap(round(TILE * ratio), round(TILE * ratio))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        tile_painter = QPainter(pixmap)
        try:
            tile_painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            tile_painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
            tile_painter.translate(-i * TILE, -j * TILE)
            tile_painter.scale(zoom, zoom)
            painted = LAYER_PAINTERS[self.name](Frame(tile_painter, scene.hexmap, scene.layout, rect))
        finally:
            tile_painter.end()
        return pixmap if painted is not False else None


def _tile_scene_rect(key: tuple) -> QRectF:
    _, zoom, _, i, j = key
    return QRectF(i * TILE / zoom, j * TILE / zoom, TILE / zoom, TILE / zoom)
