"""Placing geography on a hex grid: the projection to kilometres and the grid's layout.

Longitude/latitude is projected with a local equirectangular projection centred on the
data: x = R·Δλ·cos φ0, y = R·Δφ, with R = 6371.0088 km (the mean Earth radius) and
(λ0, φ0) the centre of the data's bounding box. Distances north-south are true; east-west
ones are true on the centre parallel and off by cos φ / cos φ0 elsewhere, which is under
1% for a region 100 km tall at 45° latitude and under 3% for 300 km: operational-scale
maps only. The import notes the worst scale error it made.

Metric data (a projected CRS such as UTM) is taken as metres, as given. Web Mercator
(EPSG:3857) is unprojected to longitude/latitude first, because its metres are stretched
by 1/cos φ.

Grid space is kilometres with y pointing south (as on the screen), so `Layout` from
hexcampaign.hexes does all hex arithmetic: its size is the hex's centre-to-corner
distance, hex_km / √3, since a hex "of K km" measures K km across its flats (from one
hex centre to the next).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import numpy as np
import shapely

from hexcampaign.geo.geojson import GeoData
from hexcampaign.hexes import Layout
from hexcampaign.maps.model import MAX_SIDE

EARTH_RADIUS_KM = 6371.0088
MERCATOR_RADIUS_M = 6378137.0
MAX_METRES = 1e8  # farther from the origin than any place on Earth in any projection
COORDINATES = ("auto", "lonlat", "metres")
_GEOGRAPHIC_CRS = re.compile(r"(CRS84|CRS:84|EPSG:+(4326|4269|4258|4283|4617)$)", re.I)
_MERCATOR_CRS = re.compile(r"EPSG:+(3857|900913|3785|102100)$", re.I)


class PlacementError(ValueError):
    """The data cannot be placed on a map as asked; one sentence."""


@dataclass(frozen=True)
class Projection:
    """From the file's coordinates to grid-space kilometres (x east, y south)."""

    kind: str  # "lonlat" | "mercator" | "metres"
    centre: tuple[float, float] = (0.0, 0.0)  # (lon, lat) of the centre for lonlat/mercator

    def to_grid(self, xy: np.ndarray) -> np.ndarray:
        """An (n, 2) array of file coordinates -> (n, 2) grid kilometres."""
        if self.kind == "metres":
            return np.column_stack([xy[:, 0] / 1000.0, -xy[:, 1] / 1000.0])
        lonlat = _unmercator(xy) if self.kind == "mercator" else xy
        lon0, lat0 = self.centre
        k = math.pi / 180 * EARTH_RADIUS_KM
        x = (lonlat[:, 0] - lon0) * k * math.cos(math.radians(lat0))
        y = (lonlat[:, 1] - lat0) * k
        return np.column_stack([x, -y])

    def point_to_grid(self, x: float, y: float) -> tuple[float, float]:
        gx, gy = self.to_grid(np.array([[x, y]], dtype=float))[0]
        return float(gx), float(gy)

    def geometries_to_grid(self, geometries: np.ndarray) -> np.ndarray:
        return shapely.transform(geometries, self.to_grid)

    def scale_error(self, bounds: tuple[float, float, float, float]) -> float:
        """The worst east-west scale error over the data (0.02 = 2%); 0 for metric data."""
        if self.kind == "metres":
            return 0.0
        south, north = bounds[1], bounds[3]
        if self.kind == "mercator":
            south, north = (float(v) for v in _unmercator(np.array([[0, south], [0, north]]))[:, 1])
        lat0 = math.radians(self.centre[1])
        worst = max(abs(math.cos(math.radians(lat)) / math.cos(lat0) - 1) for lat in (south, north))
        return worst


def choose_projection(data: GeoData, coordinates: str = "auto") -> Projection:
    """The projection for the data: named by `coordinates`, by the file's CRS member, or
    guessed from the coordinates' range (all within ±180, ±90: longitude/latitude, as
    RFC 7946 requires of GeoJSON)."""
    if coordinates not in COORDINATES:
        raise PlacementError(f"Coordinates are {', '.join(COORDINATES)}, not {coordinates!r}.")
    west, south, east, north = data.bounds()
    kind = coordinates
    if kind == "auto":
        crs = (data.crs or "").strip()
        if _MERCATOR_CRS.search(crs):
            kind = "mercator"
        elif _GEOGRAPHIC_CRS.search(crs):
            kind = "lonlat"
        elif crs:
            kind = "metres"
        else:
            in_range = -180 <= west and east <= 180 and -90 <= south and north <= 90
            kind = "lonlat" if in_range else "metres"
    if kind == "lonlat":
        if not (-180 <= west and east <= 180 and -90 <= south and north <= 90):
            raise PlacementError(
                f"{data.name} is meant to be in longitude and latitude, but its coordinates "
                f"reach {_far(west, south, east, north)}, beyond ±180° and ±90°."
            )
        if north - south > 60 or east - west > 120:
            raise PlacementError(
                f"{data.name} spans {east - west:.0f}° of longitude and {north - south:.0f}° of "
                f"latitude; the import's flat projection holds for regions up to a few hundred "
                f"kilometres, so clip the data to the region of the map first."
            )
        return Projection("lonlat", ((west + east) / 2, (south + north) / 2))
    if max(abs(west), abs(south), abs(east), abs(north)) > MAX_METRES:
        raise PlacementError(
            f"{data.name} has a coordinate of {_far(west, south, east, north)} metres, farther "
            f"than any place on Earth; its coordinates are damaged or not in metres."
        )
    if kind == "mercator":
        centre = _unmercator(np.array([[(west + east) / 2, (south + north) / 2]]))[0]
        return Projection("mercator", (float(centre[0]), float(centre[1])))
    return Projection("metres")


@dataclass(frozen=True)
class Grid:
    """Where the map's hexes lie in grid space: the layout and the map's size."""

    layout: Layout
    cols: int
    rows: int


def place_grid(
    data: GeoData,
    projection: Projection,
    hex_km: float,
    orientation: str = "flat",
    origin: tuple[float, float] | None = None,
    cols: int | None = None,
    rows: int | None = None,
) -> Grid:
    """The grid for the data. `origin` is the map's north-west corner in the file's own
    coordinates (longitude, latitude or metres); by default the data's extent with half
    a hex to spare on each side, so that a town on the edge of the data is still on the
    map. `cols` and `rows` default to what covers the data from the origin."""
    if not (math.isfinite(hex_km) and 0.01 <= hex_km <= 1000):
        raise PlacementError(f"A hex must measure between 0.01 and 1000 km, not {hex_km:g}.")
    probe = Layout(hex_km / math.sqrt(3), orientation)
    west, south, east, north = data.bounds()
    corners = np.array([[west, north], [east, south], [west, south], [east, north]], dtype=float)
    gx, gy = projection.to_grid(corners).T
    left, top, right, bottom = gx.min(), gy.min(), gx.max(), gy.max()
    flat = orientation == "flat"
    if origin is None:
        pad_x = probe.width / (4 if flat else 2)
        pad_y = probe.height / (2 if flat else 4)
        left, top, right, bottom = left - pad_x, top - pad_y, right + pad_x, bottom + pad_y
    else:
        left, top = projection.point_to_grid(*origin)
    width, height = max(0.0, right - left), max(0.0, bottom - top)
    s = probe.size
    if flat:
        needed_cols = max(1, math.ceil(max(0.0, width - 2 * s) / (1.5 * s) - 1e-9) + 1)
        needed_rows = max(1, math.ceil(height / probe.height - 1e-9))
    else:
        needed_cols = max(1, math.ceil(width / probe.width - 1e-9))
        needed_rows = max(1, math.ceil(max(0.0, height - 2 * s) / (1.5 * s) - 1e-9) + 1)
    cols = needed_cols if cols is None else cols
    rows = needed_rows if rows is None else rows
    if not (1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        raise PlacementError(
            f"At {hex_km:g} km a hex, the map would be {cols}×{rows} hexes "
            f"({width:.0f}×{height:.0f} km), but a map has 1 to {MAX_SIDE} columns and rows; "
            f"choose larger hexes or give the map's size and origin."
        )
    # Hex 0000's bounding box starts at the map's north-west corner (as map_layout draws it).
    layout = Layout(probe.size, orientation, (left + probe.width / 2, top + probe.height / 2))
    return Grid(layout, cols, rows)


def _unmercator(xy: np.ndarray) -> np.ndarray:
    lon = np.degrees(xy[:, 0] / MERCATOR_RADIUS_M)
    lat = np.degrees(np.arctan(np.sinh(xy[:, 1] / MERCATOR_RADIUS_M)))
    return np.column_stack([lon, lat])


def _far(*values: float) -> str:
    return f"{max(values, key=abs):.6g}"
