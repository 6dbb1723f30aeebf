"""Drawing the map: the one painter the canvas, `hexcampaign render`, export and print use.

    catalogue  the layers by name and paint order, the file formats, RenderError
    geometry   the map's layout and bounds in scene units, hexes in a rectangle
    frames     one paint call's shared values (Frame) and flat-top column blocks
    ground     terrain, elevation tints, contours, the grid
    soft_edges terrain fading into its neighbours' (an optional layer)
    lines      rivers, roads and bridges, cliffs
    lettering  places, free labels, hex numbers
    painters   paint_map / paint_layer over the layer painters
    export     PNG, SVG and PDF files (written whole or not at all), paged PDF, print;
               its parts picture_files, paged_print and sheet_grid

The names below are the package's public face; import them from here. Each is imported
from its module when first asked for (PEP 562): the window's first paint needs the
painters and the geometry, not the exporters (`export` pulls in the PNG writer, its
thread pool, QPdfWriter and QPageSize: ~10 ms of every start-up before this).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

# public name -> the module that defines it
_HOMES = {
    "FORMATS": "hexcampaign.app.render.catalogue",
    "LAYER_NAMES": "hexcampaign.app.render.catalogue",
    "OPTIONAL_LAYERS": "hexcampaign.app.render.catalogue",
    "PAINT_ORDER": "hexcampaign.app.render.catalogue",
    "RenderError": "hexcampaign.app.render.catalogue",
    "render_to_file": "hexcampaign.app.render.export",
    "write_export": "hexcampaign.app.render.export",
    "Block": "hexcampaign.app.render.frames",
    "Frame": "hexcampaign.app.render.frames",
    "DEFAULT_HEX_SIZE": "hexcampaign.app.render.geometry",
    "MARGIN": "hexcampaign.app.render.geometry",
    "hex_polygon": "hexcampaign.app.render.geometry",
    "hexes_in_rect": "hexcampaign.app.render.geometry",
    "hexes_scene_rect": "hexcampaign.app.render.geometry",
    "map_layout": "hexcampaign.app.render.geometry",
    "map_scene_rect": "hexcampaign.app.render.geometry",
    "screen_scale": "hexcampaign.app.render.geometry",
    "LAYER_PAINTERS": "hexcampaign.app.render.painters",
    "paint_layer": "hexcampaign.app.render.painters",
    "paint_map": "hexcampaign.app.render.painters",
    "MapFeatures": "hexcampaign.maps.features",
}

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


def __getattr__(name: str) -> Any:
    # Only the public names: anything else (a submodule such as `export` or `nato`)
    # raises, so `from hexcampaign.app.render import export` imports the submodule.
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'hexcampaign.app.render' has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value  # asked once: later lookups are plain attribute reads
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})
