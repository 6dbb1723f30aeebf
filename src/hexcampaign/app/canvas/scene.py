"""The map scene: one item per layer plus the preview, over one HexMap and Layout."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, QTimer
from PySide6.QtWidgets import QGraphicsScene

from hexcampaign.app import style
from hexcampaign.app.canvas.layers import LayerItem
from hexcampaign.app.canvas.preview import PreviewItem
from hexcampaign.app.canvas.tiles import TileCache
from hexcampaign.app.render import (
    DEFAULT_HEX_SIZE,
    LAYER_NAMES,
    PAINT_ORDER,
    hexes_scene_rect,
    map_layout,
    map_scene_rect,
)
from hexcampaign.maps import HexMap
from hexcampaign.maps.changes import Change, ChangeSet
from hexcampaign.maps.features import MapFeatures

if TYPE_CHECKING:
    from hexcampaign.app.canvas.tile_workers import TileWorkers

# Which layers each kind of change can alter. Bridges are drawn with the roads, and
# removing a river removes its bridge; the label style changes the coordinates.
LAYERS_FOR_CHANGE: dict[Change, tuple[str, ...]] = {
    Change.TERRAIN: ("terrain", "coordinates"),
    Change.ELEVATION: ("elevation", "contours"),
    Change.RIVER: ("rivers", "roads", "coordinates"),
    Change.BRIDGE: ("roads",),
    Change.ROAD: ("roads", "coordinates"),
    Change.CLIFF: ("cliffs", "coordinates"),
    Change.PLACE: ("places",),
    Change.LABEL: ("labels",),
    Change.META: ("coordinates", "underlay"),  # the underlay is a map-wide attribute
    Change.NOTE: ("notes",),
}
# How far (in hexes) past its own outline a change to a hex can alter the picture:
# a river hex bends its neighbours' river lines, names and labels are wide, and every
# other layer stays within the hex and the width of its pens. A road, river or cliff
# puts a plate under its hexes' numbers (coordinates).
# Labels never shrink below 9 screen pixels, so zoomed out a label spans many hexes.
REACH = {"rivers": 1.25, "places": 3.0, "labels": 60.0, "cliffs": 0.5, "roads": 0.5}
DEFAULT_REACH = 0.25
SOFT_EDGE_REACH = 1.25
PREVIEW_Z = 1000.0


class MapScene(QGraphicsScene):
    """The scene of one map: its layer items and preview see it as a MapSurface."""

    def __init__(self, hexmap: HexMap, hex_size: float = DEFAULT_HEX_SIZE, parent=None) -> None:
        super().__init__(parent)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)  # a dozen items
        self.setBackgroundBrush(style.CANVAS_BACKGROUND)
        self.hex_size = hex_size
        self.tiles = TileCache()
        # Until this perf_counter() time the user is panning or zooming (see MapView).
        self.progressive_until = 0.0
        self.soft_edges = False  # terrain fades into its neighbours' (render/soft_edges.py)
        self._finishing = False
        self._workers: TileWorkers | None = None
        self.layers: dict[str, LayerItem] = {}
        self.hexmap = hexmap
        self.features = MapFeatures(hexmap)
        self.layout = map_layout(hexmap, hex_size)
        self.map_rect = map_scene_rect(hexmap, self.layout)
        self.setSceneRect(self.map_rect)
        for name in LAYER_NAMES:
            item = LayerItem(self, name)
            item.setZValue(PAINT_ORDER.index(name))
            self.layers[name] = item
            self.addItem(item)
        self.preview = PreviewItem(self)
        self.preview.setZValue(PREVIEW_Z)
        self.addItem(self.preview)

    def set_map(self, hexmap: HexMap) -> None:
        """Show another map object (after a resize or palette change): rebuild all."""
        for item in self.layers.values():
            item.prepareGeometryChange()
        self.preview.prepareGeometryChange()
        self.hexmap = hexmap
        self.features = MapFeatures(hexmap)
        self.layout = map_layout(hexmap, self.hex_size)
        self.map_rect = map_scene_rect(hexmap, self.layout)
        self.preview.set_preview()
        self.tiles.clear()
        self.update()

    def workers_made(self) -> TileWorkers | None:
        """The tile workers if any were made (a paint that only asks never makes them)."""
        return self._workers

    def tile_workers(self) -> TileWorkers:
        """The threads painting tiles while the user moves the map (made on first use)."""
        if self._workers is None:
            from hexcampaign.app.canvas.tile_workers import TileWorkers

            self._workers = TileWorkers(self)
        return self._workers

    def finish_later(self, region: QRectF) -> None:
        """Ask for another paint of `region` once the event loop is free."""
        if not self._finishing:
            self._finishing = True
            rect = QRectF(region)  # the caller's rectangle dies with its paint event
            QTimer.singleShot(0, self, lambda: self._finish(rect))  # cancelled with the scene

    def _finish(self, region: QRectF) -> None:
        self._finishing = False
        try:
            self.update(region)
        except RuntimeError:  # the scene was replaced meanwhile
            pass

    def visible_layers(self) -> set[str]:
        """The layers to paint: those shown, and soft edges when they are on (drawn
        with the terrain, so only while it is shown)."""
        shown = {name for name, item in self.layers.items() if item.isVisible()}
        if self.soft_edges and "terrain" in shown:
            shown.add("soft_edges")
        return shown

    def set_soft_edges(self, on: bool) -> None:
        """Soft edges between terrains on or off: every tile is painted again."""
        if on != self.soft_edges:
            self.soft_edges = on
            self.tiles.clear()
            self.update(self.map_rect)

    def base_layer(self) -> LayerItem | None:
        """The lowest visible layer item: it paints the composite tiles."""
        for name in PAINT_ORDER:
            item = self.layers[name]
            if item.isVisible():
                return item
        return None

    def set_layer_visible(self, name: str, visible: bool) -> None:
        self.layers[name].setVisible(visible)
        self.tiles.clear()
        self.update(self.map_rect)

    def apply_changes(self, changes: ChangeSet) -> None:
        """Repaint only the layers and the region the change names."""
        if not changes:
            return
        if changes.flags & Change.GRID:
            self.set_map(self.hexmap)
            return
        self.features.forget(changes.flags, changes.hexes)
        names: set[str] = set()
        for flag, layers in LAYERS_FOR_CHANGE.items():
            if changes.flags & flag:
                names.update(layers)
        for name in names:
            region: QRectF | None = None
            if changes.hexes:
                reach = REACH.get(name, DEFAULT_REACH)
                if name == "terrain" and self.soft_edges:
                    reach = SOFT_EDGE_REACH  # a hex's colour fades into its neighbours
                region = hexes_scene_rect(self.layout, changes.hexes, reach)
            self.layers[name].invalidate(region)
