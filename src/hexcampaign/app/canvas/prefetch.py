"""Tiles drawn ahead: while the user moves the map, frames may finish their tiles over
later frames; when the user rests, the tiles in a ring around the window are painted
(by the worker threads) ahead of the next pan."""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QObject, QTimer

from hexcampaign.app.canvas.tiles import TILE

INTERACTIVE_SECONDS = 0.3  # after a wheel notch or drag step, frames may be progressive
PREFETCH_DELAY_MS = 120  # quiet time before tiles around the window are drawn ahead
PREFETCH_TILES = 1  # rings of tiles drawn ahead around the window


class Prefetch(QObject):
    """The drawing ahead of one view (a MapView: map_scene, zoom, visible_scene_rect)."""

    def __init__(self, view: Any) -> None:
        super().__init__(view)
        self.view = view
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.draw_ahead)

    def user_moving(self) -> None:
        """The user is moving the map: frames may finish their tiles over later frames."""
        scene = self.view.map_scene
        if scene is not None:
            scene.progressive_until = time.perf_counter() + INTERACTIVE_SECONDS
            self.timer.start(PREFETCH_DELAY_MS)

    def draw_ahead(self) -> None:
        view = self.view
        scene = view.map_scene
        if scene is None or not view.isVisible():
            return
        base = scene.base_layer()
        if base is None:
            return
        if time.perf_counter() < scene.progressive_until:  # the user is still moving
            self.timer.start(PREFETCH_DELAY_MS)
            return
        margin = PREFETCH_TILES * TILE / view.zoom
        area = view.visible_scene_rect().adjusted(-margin, -margin, margin, margin)
        # The tiles are painted by the worker threads (as a new zoom's are): the GUI
        # thread only asks, and later cuts the painted strips into tiles.
        base.prefetch(area, view.zoom, view.viewport().devicePixelRatioF())


__all__ = ["INTERACTIVE_SECONDS", "PREFETCH_DELAY_MS", "PREFETCH_TILES", "Prefetch"]
