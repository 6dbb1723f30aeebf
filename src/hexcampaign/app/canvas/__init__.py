"""The map canvas: a QGraphicsView with one item per map layer and a hover preview."""

from __future__ import annotations

from hexcampaign.app.canvas.scene import MapScene
from hexcampaign.app.canvas.view import MapView
from hexcampaign.app.render import LAYER_NAMES

__all__ = ["LAYER_NAMES", "MapScene", "MapView"]
