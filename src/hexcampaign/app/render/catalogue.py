"""The map's layers by name and in paint order, the export formats, and RenderError:
what the canvas, the Layers menu, `hexcampaign render --layers` and export share."""

from __future__ import annotations

# Public layer names (the canvas, the Layers menu and `render --layers` use them).
LAYER_NAMES: tuple[str, ...] = (
    "grid",
    "coordinates",
    "terrain",
    "elevation",
    "contours",
    "rivers",
    "roads",
    "cliffs",
    "places",
    "labels",
    "underlay",
    "notes",
)
# Bottom to top: fills, water, grid, ink features, then text; place names and labels
# sit above the coordinates so a name is never crossed out by a hex number.
PAINT_ORDER: tuple[str, ...] = (
    "terrain",
    "elevation",
    "underlay",
    "contours",
    "rivers",
    "grid",
    "roads",
    "cliffs",
    "coordinates",
    "places",
    "labels",
    "notes",
)
# The tracing aids (render/tracing.py): layers the canvas shows but an export, a print
# or `hexcampaign render` draws only when they are named (the Export dialog's option).
ASKED_ONLY: tuple[str, ...] = ("underlay", "notes")
# Layers drawn only when asked for by name (the View menu, `render --layers`), never
# by default: soft edges between terrains, painted with the terrain under its symbols.
OPTIONAL_LAYERS: tuple[str, ...] = ("soft_edges",)
FORMATS = (".png", ".svg", ".pdf")


class RenderError(ValueError):
    """A render the user asked for cannot be made (unknown format, unwritable file)."""
