"""The canvas's picture cache: device-pixel tiles of the map per zoom level, dropped
least recently used first, and the scene rectangle each tile covers."""

from __future__ import annotations

from collections import OrderedDict
from typing import Literal

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPixmap

TILE = 256  # device pixels per tile side
MAX_CACHE_BYTES = 128 * 1024 * 1024  # about 500 tiles: several zoom levels of a big screen
COMPOSITE = "map"  # tile-cache key of the composite of all visible layers


class TileCache:
    """Rendered tiles keyed by (layer, zoom, device-pixel ratio, column, row), least
    recently used dropped first once they hold more than `max_bytes` of pixels (a
    high-DPI screen's tiles are four times the size). None marks an empty tile."""

    def __init__(self, max_bytes: int = MAX_CACHE_BYTES) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        # Moves on whenever tiles are dropped (an edit, a layer shown): a tile painted
        # in a worker before that is stale (see tile_workers).
        self.generation = 0
        self._tiles: OrderedDict[tuple, QPixmap | None] = OrderedDict()
        # Tiles dropped by a change of the whole map (a big fill, its undo), shown on
        # screen until the worker threads have painted the new ones (stale()).
        self._stale: dict[tuple, QPixmap] = {}

    def get(self, key: tuple) -> QPixmap | None | Literal[False]:
        """The tile, None for an empty tile, False when not cached."""
        try:
            tile = self._tiles[key]
        except KeyError:
            return False
        self._tiles.move_to_end(key)
        return tile

    def put(self, key: tuple, tile: QPixmap | None) -> None:
        self._stale.pop(key, None)
        self._forget(key)
        self._tiles[key] = tile
        self.bytes += _size(tile)
        while self.bytes > self.max_bytes and len(self._tiles) > 1:
            self._forget(next(iter(self._tiles)))

    def drop(self, layer: str, scene_rect: QRectF | None = None, keep_stale: bool = False) -> None:
        """Forget the layer's tiles that overlap `scene_rect` (all of them for None);
        with `keep_stale` they stay at hand as stale() until painted anew (several
        layers of one change drop in turn: the first one's tiles stay stale)."""
        self.generation += 1
        if not keep_stale:  # an edit since: its hexes are painted now, never shown as they were
            for key in [k for k in self._stale if k[0] == layer]:
                if scene_rect is None or tile_scene_rect(key).intersects(scene_rect):
                    del self._stale[key]
        kept: set[float] = set()
        for key in [k for k in self._tiles if k[0] == layer]:
            if scene_rect is None or tile_scene_rect(key).intersects(scene_rect):
                tile = self._tiles.get(key)
                if keep_stale and tile is not None:
                    self._stale[key] = tile
                    kept.add(key[1])
                self._forget(key)
        if kept:  # stale tiles of other zooms would never be shown again: let them go
            self._stale = {k: t for k, t in self._stale.items() if k[1] in kept}

    def stale(self, key: tuple) -> QPixmap | None:
        """The tile as it was before the last whole-map drop, if it is not painted anew."""
        return self._stale.get(key)

    def items(self) -> list[tuple[tuple, QPixmap | None]]:
        return list(self._tiles.items())

    def clear(self) -> None:
        self.generation += 1
        self._tiles.clear()
        self._stale.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._tiles)

    def _forget(self, key: tuple) -> None:
        if key in self._tiles:
            self.bytes -= _size(self._tiles.pop(key))


def _size(tile: QPixmap | None) -> int:
    return 0 if tile is None else tile.width() * tile.height() * 4


def tile_scene_rect(key: tuple) -> QRectF:
    """The scene rectangle of the tile with this cache key."""
    _, zoom, _, i, j = key
    return QRectF(i * TILE / zoom, j * TILE / zoom, TILE / zoom, TILE / zoom)
