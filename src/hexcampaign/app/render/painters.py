"""The one map painter: the canvas layers, `hexcampaign render` and export all call it.

Everything is painted in scene units of a `Layout` (hex size in pixels at zoom 1). Each
layer paints only the hexes whose shapes can reach the requested rectangle, found by
arithmetic on the layout rather than by searching, so a 200×200 map costs what is on
screen, not what is on the map. Text and fine lines drop out when the painter's scale
makes them too small to read (level of detail), exactly as a printed map would omit them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter

from hexcampaign.app.render.catalogue import (
    ASKED_ONLY,
    LAYER_NAMES,
    OPTIONAL_LAYERS,
    PAINT_ORDER,
    RenderError,
)
from hexcampaign.app.render.frames import Frame
from hexcampaign.app.render.ground import paint_contours, paint_elevation, paint_grid, paint_terrain
from hexcampaign.app.render.lettering import paint_coordinates, paint_labels, paint_places
from hexcampaign.app.render.lines import paint_cliffs, paint_rivers, paint_roads
from hexcampaign.app.render.tracing import paint_note_marks, paint_underlay
from hexcampaign.hexes import Layout
from hexcampaign.maps import HexMap
from hexcampaign.maps.features import MapFeatures


def paint_map(
    painter: QPainter,
    hexmap: HexMap,
    layout: Layout,
    rect: QRectF,
    layers: set[str] | Iterable[str] | None = None,
    features: MapFeatures | None = None,
) -> None:
    """Paint the part of the map inside `rect` (scene units) with the chosen layers
    (for None every layer of LAYER_NAMES but the tracing aids, ASKED_ONLY; those and an
    optional layer only when named)."""
    wanted = set(LAYER_NAMES) - set(ASKED_ONLY) if layers is None else set(layers)
    unknown = wanted - set(LAYER_NAMES) - set(OPTIONAL_LAYERS)
    if unknown:
        raise RenderError(
            f"Unknown map layer {sorted(unknown)[0]!r}; the layers are {', '.join(LAYER_NAMES)}."
        )
    frame = Frame(painter, hexmap, layout, rect, features if features is not None else MapFeatures(hexmap))
    frame.soft_edges = "soft_edges" in wanted
    for name in PAINT_ORDER:
        if name in wanted:
            LAYER_PAINTERS[name](frame)


def paint_layer(
    name: str,
    painter: QPainter,
    hexmap: HexMap,
    layout: Layout,
    rect: QRectF,
    features: MapFeatures | None = None,
    soft_edges: bool = False,
) -> bool:
    """Paint one layer of the map inside `rect`; False when there was nothing to draw.
    `soft_edges`: the terrain fades into its neighbours' (soft_edges.py)."""
    frame = Frame(painter, hexmap, layout, rect, features if features is not None else MapFeatures(hexmap))
    frame.soft_edges = soft_edges
    return LAYER_PAINTERS[name](frame)


# Each layer's painter: it paints one Frame and says whether it drew anything.
LAYER_PAINTERS: dict[str, Callable[[Frame], bool]] = {
    "terrain": paint_terrain,
    "elevation": paint_elevation,
    "contours": paint_contours,
    "rivers": paint_rivers,
    "grid": paint_grid,
    "roads": paint_roads,
    "cliffs": paint_cliffs,
    "places": paint_places,
    "labels": paint_labels,
    "coordinates": paint_coordinates,
    "underlay": paint_underlay,
    "notes": paint_note_marks,
}
