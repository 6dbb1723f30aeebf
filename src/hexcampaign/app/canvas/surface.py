"""What the canvas items need of their scene, as a protocol: the layer items and the
preview are written against this, and MapScene (which builds them) provides it, so the
items never import the scene that imports them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsItem

from hexcampaign.app.canvas.tiles import TileCache
from hexcampaign.hexes import Layout
from hexcampaign.maps import HexMap
from hexcampaign.maps.features import MapFeatures

if TYPE_CHECKING:
    from hexcampaign.app.canvas.tile_workers import TileWorkers


class MapSurface(Protocol):
    hexmap: HexMap
    layout: Layout
    map_rect: QRectF
    features: MapFeatures
    tiles: TileCache
    # Until this perf_counter() time the user is panning or zooming: paint progressively.
    progressive_until: float
    soft_edges: bool  # terrain fades into its neighbours' (render/soft_edges.py)

    def base_layer(self) -> QGraphicsItem | None:
        """The lowest visible layer item: it paints the composite tiles."""
        ...

    def visible_layers(self) -> set[str]: ...

    def tile_workers(self) -> TileWorkers:
        """The threads painting tiles while the user moves the map."""
        ...

    def workers_made(self) -> TileWorkers | None:
        """The tile workers if any were made yet."""
        ...

    def finish_later(self, region: QRectF) -> None:
        """Ask for another paint of `region` once the event loop is free."""
        ...
