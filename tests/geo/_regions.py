"""Small GeoJSON regions written by the tests, in metres on a known grid.

The grid: 1 km hexes, flat-top, the map's north-west corner at (0 m, 10,000 m), so the
bounding box of the hex at column 0, row 0 starts there (as documented in
hexcampaign.geo.project). The labels "CCRR" here are columns and rows counted from 0
(`grid_label`), whatever number the map prints (an imported map prints 0101 there).
`centre` gives the file coordinates of a hex's centre, worked out from
hexcampaign.hexes.Layout.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from hexcampaign.hexes import Hex, Layout

HEX_KM = 1.0
NORTH_M = 10_000.0
SIZE_KM = HEX_KM / math.sqrt(3)
# Grid space is km with y to the south; the north-west corner is (0, -10).
LAYOUT = Layout(SIZE_KM, "flat", (SIZE_KM, -NORTH_M / 1000 + math.sqrt(3) / 2 * SIZE_KM))


def centre(label: str) -> list[float]:
    """[x, y] in metres of the centre of hex "CCRR"."""
    x, y = LAYOUT.center(Hex.from_offset(int(label[:2]), int(label[2:])))
    return [x * 1000, -y * 1000]


def grid_label(m, h: Hex) -> str:
    """ "CCRR" of a hex of map `m`, its column and row counted from 0."""
    col, row = m.offset(h)
    return f"{col:02d}{row:02d}"


def hex_polygon_m(label: str):
    """The hex "CCRR" as a shapely polygon in the file's metres."""
    from shapely.geometry import Polygon

    grid = LAYOUT.polygon(Hex.from_offset(int(label[:2]), int(label[2:])))
    return Polygon([(x * 1000, -y * 1000) for x, y in grid.exterior.coords])


def feature(geometry_type: str, coordinates, **properties) -> dict:
    return {"type": "Feature", "properties": properties,
            "geometry": {"type": geometry_type, "coordinates": coordinates}}


def collection(*features: dict) -> dict:
    return {"type": "FeatureCollection", "features": list(features)}


def square(x0: float, y0: float, x1: float, y1: float) -> list[list[float]]:
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]


def write(folder: Path, document, name: str = "region.geojson") -> Path:
    path = folder / name
    path.write_text(document if isinstance(document, str) else json.dumps(document))
    return path
