"""One QGraphicsItem per map layer, painting only what is exposed.

The map's pictures are kept as device-pixel tiles per zoom level, so a repaint after a
pan or a hover is a few blits instead of thousands of polygons and strings. A map edit
drops just the tiles its ChangeSet touches (see MapScene.apply_changes); hiding or
showing a layer drops them all.
"""

from __future__ import annotations

import math
import time
import traceback

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from hexcampaign.app.canvas.surface import MapSurface
from hexcampaign.app.canvas.tiles import COMPOSITE, TILE, TileCache, tile_scene_rect
from hexcampaign.app.render import paint_layer, paint_map

__all__ = ["TILE", "LayerItem", "TileCache"]  # the tile names, where callers knew them

STRIP = 4  # tiles rendered in one paint call
BLOCK_TILES = 48  # at most this many tiles (12 MB at 256 px) painted as one first picture


class LayerItem(QGraphicsItem):
    """One named layer of the scene's map: shown, hidden and invalidated on its own.

    The pixels come from the scene's composite tiles: the lowest visible layer item
    blits tiles holding every visible layer, so a repaint is a few opaque blits
    whatever the number of layers; the other items paint nothing then. Under a
    rotating or non-uniform transform (printing) each layer paints itself directly.
    """

    def __init__(self, scene: MapSurface, name: str) -> None:
        super().__init__()
        self.map_scene = scene
        self.name = name
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        self._first_frame = True  # no frame of this map painted on screen yet

    def boundingRect(self) -> QRectF:
        return QRectF(self.map_scene.map_rect)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        # An exception escaping a paint override takes the whole process down (PySide
        # aborts), so a drawing bug is reported and that layer skipped for this frame.
        try:
            self._paint(painter, option)
        except Exception:
            traceback.print_exc()

    def invalidate(self, scene_rect: QRectF | None = None) -> None:
        """Repaint `scene_rect` (everything for None) from the map on the next paint.
        After a change of the whole map the screen keeps its old tiles until the worker
        threads have painted the new ones: repainting every tile in view on the GUI
        thread took 80-120 ms after a 40,000-hex fill (issue 30)."""
        self.map_scene.tiles.drop(COMPOSITE, scene_rect, keep_stale=scene_rect is None)
        self.update(scene_rect if scene_rect is not None else self.boundingRect())

    # --- painting -----------------------------------------------------------------------

    def _paint(self, painter: QPainter, option: QStyleOptionGraphicsItem) -> None:
        exposed = option.exposedRect
        transform = painter.worldTransform()
        simple = (
            transform.type().value <= QTransform.TransformationType.TxScale.value
            and math.isclose(transform.m11(), transform.m22())
            and transform.m11() > 0
        )
        if not simple:
            self._paint_direct(painter, exposed)
        elif self.map_scene.base_layer() is self:
            self._paint_tiles(painter, exposed, transform)

    def _paint_direct(self, painter: QPainter, rect: QRectF) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        scene = self.map_scene
        soft = self.name == "terrain" and scene.soft_edges
        paint_layer(self.name, painter, scene.hexmap, scene.layout, rect, scene.features, soft)

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
        scene = self.map_scene
        cache = scene.tiles
        # While the user wheels or drags, a frame shows the tiles it lacks from other
        # zoom levels, scaled, and worker threads paint the real ones (tile_workers):
        # a wheel notch costs the GUI thread a few blits. Every other paint (exports,
        # grabs, the first frame) is complete.
        progressive = time.perf_counter() < scene.progressive_until
        # On screen, a tile a worker is already painting is never painted again here: a
        # pan's first frames asked for the tiles it uncovered, and the paint after the
        # user rests (a landed strip's update) waited 40-160 ms of GUI-thread time for
        # them. Pictures of the widget (render to an image, grabs) stay complete.
        on_screen = isinstance(device, QWidget)
        workers = scene.workers_made() if on_screen and not progressive else None
        stand_ins = self._stand_in_zooms(zoom, ratio) if progressive or on_screen else []

        def key_of(i: int, j: int) -> tuple:
            return (COMPOSITE, zoom, ratio, i, j)

        # The first frame of a map on screen paints its tiles as one picture: strip by
        # strip, each layer's set-up and the hexes along the strips' edges were paid
        # once a row (a fifth of a whole-map frame's cost). Every later paint cuts
        # strips, as the workers do, so a repainted tile matches its neighbours to the
        # pixel (a strip's edge and a picture's middle can differ by a pixel or so).
        first_frame = self._first_frame and on_screen
        if on_screen:
            self._first_frame = False
        if first_frame and not progressive and workers is None and (i1 - i0 + 1) * (j1 - j0 + 1) <= BLOCK_TILES:
            self._render_block(zoom, ratio, j0, j1, i0, i1)
        painter.save()
        painter.setWorldTransform(QTransform())
        for j in range(j0, j1 + 1):
            # Missing tiles of a row are drawn together, one picture cut in tiles: a
            # paint call per tile would pay each layer's set-up and the hexes around
            # every tile's edges again and again.
            for start, end in _runs(
                [i for i in range(i0, i1 + 1) if cache.get(key_of(i, j)) is False]
            ):
                if progressive:
                    scene.tile_workers().request(zoom, ratio, j, start, end)
                    for i in range(start, end + 1):
                        self._paint_stand_in(painter, key_of(i, j), dx, dy, stand_ins)
                    continue
                stale = {i: cache.stale(key_of(i, j)) for i in range(start, end + 1)} if on_screen else {}
                renewed = [i for i, tile in stale.items() if tile is not None]
                if renewed:
                    workers = scene.tile_workers()
                    for run_start, run_end in _runs(renewed):
                        workers.request(zoom, ratio, j, run_start, run_end)
                awaited = [i for i in range(start, end + 1) if workers is not None and workers.awaits(zoom, ratio, j, i)]
                for i in awaited:
                    old = stale.get(i)
                    if old is not None:
                        painter.drawPixmap(i * TILE + dx, j * TILE + dy, old)
                    else:
                        self._paint_stand_in(painter, key_of(i, j), dx, dy, stand_ins)
                for run_start, run_end in _runs([i for i in range(start, end + 1) if i not in awaited]):
                    self._render_strip(zoom, ratio, j, run_start, run_end)
            for i in range(i0, i1 + 1):
                tile = cache.get(key_of(i, j))
                if tile is not None and tile is not False:
                    painter.drawPixmap(i * TILE + dx, j * TILE + dy, tile)
        painter.restore()

    def _stand_in_zooms(self, zoom: float, ratio: float) -> list[float]:
        """The two cached zooms nearest `zoom`, the nearer last (painted on top)."""
        zooms = {key[1] for key, tile in self.map_scene.tiles.items()
                 if tile is not None and key[0] == COMPOSITE and key[2] == ratio and key[1] != zoom}
        return sorted(zooms, key=lambda z: abs(math.log(z / zoom)), reverse=True)[-2:]

    def _paint_stand_in(self, painter: QPainter, key: tuple, dx: int, dy: int, zooms: list[float]) -> None:
        """Fill a tile not rendered yet with the cached tiles of other zooms, scaled:
        the tiles under it are looked up by arithmetic, not searched for."""
        _, zoom, ratio, i, j = key
        wanted = tile_scene_rect(key)
        target = QRectF(i * TILE + dx, j * TILE + dy, TILE, TILE)
        cache = self.map_scene.tiles
        painter.save()
        painter.setClipRect(target)
        for other_zoom in zooms:
            scale = other_zoom / TILE
            for j2 in range(math.floor(wanted.top() * scale), math.ceil(wanted.bottom() * scale)):
                for i2 in range(math.floor(wanted.left() * scale), math.ceil(wanted.right() * scale)):
                    other = (COMPOSITE, other_zoom, ratio, i2, j2)
                    tile = cache.get(other)
                    if tile is None or tile is False:
                        continue
                    rect = tile_scene_rect(other)
                    painter.drawPixmap(
                        QRectF(rect.left() * zoom + dx, rect.top() * zoom + dy,
                               rect.width() * zoom, rect.height() * zoom),
                        tile,
                        QRectF(0, 0, tile.width(), tile.height()),
                    )
        painter.restore()

    def missing_strips(self, scene_rect: QRectF, zoom: float, ratio: float) -> list[tuple[int, int, int]]:
        """The tiles over `scene_rect` not cached yet, as strips (row, first, last)."""
        cache = self.map_scene.tiles
        rows = range(
            math.floor(scene_rect.top() * zoom / TILE),
            math.floor(scene_rect.bottom() * zoom / TILE) + 1,
        )
        columns = range(
            math.floor(scene_rect.left() * zoom / TILE),
            math.floor(scene_rect.right() * zoom / TILE) + 1,
        )
        strips: list[tuple[int, int, int]] = []
        for j in rows:
            missing = [i for i in columns if cache.get((COMPOSITE, zoom, ratio, i, j)) is False]
            strips.extend((j, start, end) for start, end in _runs(missing))
        return strips

    def prefetch(self, scene_rect: QRectF, zoom: float, ratio: float) -> bool:
        """Have the missing tiles over `scene_rect` painted ahead, so a pan finds them
        ready: asked of the worker threads (tile_workers), which paint them while the
        GUI thread waits for the user; the tiles land as they are done (the GUI thread
        paints none here). True when some strips were asked for."""
        strips = self.missing_strips(scene_rect, zoom, ratio)
        if strips:
            workers = self.map_scene.tile_workers()
            for j, start, end in strips:
                workers.request(zoom, ratio, j, start, end)
        return bool(strips)

    def _render_strip(self, zoom: float, ratio: float, j: int, start: int, end: int) -> None:
        """Render tiles start..end of row j in one go and put them in the cache."""
        self._render_block(zoom, ratio, j, j, start, end)

    def _render_block(self, zoom: float, ratio: float, j0: int, j1: int, start: int, end: int) -> None:
        """Render tiles start..end of rows j0..j1 as one picture and put them in the cache."""
        scene = self.map_scene
        count, rows = end - start + 1, j1 - j0 + 1
        rect = QRectF(start * TILE / zoom, j0 * TILE / zoom, count * TILE / zoom, rows * TILE / zoom)
        keys = [(COMPOSITE, zoom, ratio, i, j) for j in range(j0, j1 + 1) for i in range(start, end + 1)]
        if not rect.intersects(scene.map_rect):
            for key in keys:
                scene.tiles.put(key, None)
            return
        side = round(TILE * ratio)
        strip = QImage(side * count, side * rows, QImage.Format.Format_ARGB32_Premultiplied)
        strip.setDevicePixelRatio(ratio)
        strip.fill(Qt.GlobalColor.transparent)
        strip_painter = QPainter(strip)
        try:
            strip_painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            strip_painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
            strip_painter.translate(-start * TILE, -j0 * TILE)
            strip_painter.scale(zoom, zoom)
            paint_map(
                strip_painter,
                scene.hexmap,
                scene.layout,
                rect,
                scene.visible_layers(),
                scene.features,
            )
        finally:
            strip_painter.end()
        for key in keys:
            if not tile_scene_rect(key).intersects(scene.map_rect):
                scene.tiles.put(key, None)
                continue
            i, j = key[3], key[4]
            tile = QPixmap.fromImage(strip.copy((i - start) * side, (j - j0) * side, side, side))
            tile.setDevicePixelRatio(ratio)
            scene.tiles.put(key, tile)


def _runs(columns: list[int]) -> list[tuple[int, int]]:
    """Consecutive column numbers as (first, last) runs of at most STRIP tiles."""
    runs: list[tuple[int, int]] = []
    for i in columns:
        # At most STRIP tiles a run, so a frame with a time budget stops near it.
        if runs and runs[-1][1] == i - 1 and i - runs[-1][0] < STRIP:
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    return runs

