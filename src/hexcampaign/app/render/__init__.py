"""Drawing the map: the one painter the canvas, `hexcampaign render`, export and print use.

    catalogue  the layers by name and paint order, the file formats, RenderError
    geometry   the map's layout and bounds in scene units, hexes in a rectangle
    frames     one paint call's shared values (Frame) and flat-top column blocks
    ground     terrain, elevation tints, contours, the grid
    soft_edges terrain fading into its neighbours' (an optional layer)
    lines      rivers, roads and bridges, cliffs
    lettering  places, free labels, hex numbers
    painters   paint_map / paint_layer over the layer painters
    export     PNG, SVG and PDF files (written whole or not at all), paged PDF, print

The names below are the package's public face; import them from here.
"""

from __future__ import annotations

from hexcampaign.app.render.catalogue import (
    FORMATS,
    LAYER_NAMES,
    OPTIONAL_LAYERS,
    PAINT_ORDER,
    RenderError,
)
from hexcampaign.app.render.export import render_to_file, write_export
from hexcampaign.app.render.frames import Block, Frame
from hexcampaign.app.render.geometry import (
    DEFAULT_HEX_SIZE,
    MARGIN,
    hex_polygon,
    hexes_in_rect,
    hexes_scene_rect,
    map_layout,
    map_scene_rect,
    screen_scale,
)
from hexcampaign.app.render.painters import LAYER_PAINTERS, paint_layer, paint_map
from hexcampaign.maps.features import MapFeatures

__all__ = [
    "DEFAULT_HEX_SIZE",
    "FORMATS",
    "LAYER_NAMES",
    "LAYER_PAINTERS",
    "MARGIN",
    "OPTIONAL_LAYERS",
    "PAINT_ORDER",
    "Block",
    "Frame",
    "MapFeatures",
    "RenderError",
    "hex_polygon",
    "hexes_in_rect",
    "hexes_scene_rect",
    "map_layout",
    "map_scene_rect",
    "paint_layer",
    "paint_map",
    "render_to_file",
    "screen_scale",
    "write_export",
]
