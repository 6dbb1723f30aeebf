"""Placing geography on a hex grid: the projection to kilometres and the grid's layout.

Longitude/latitude is projected with a local equirectangular projection centred on the
data: x = R·Δλ·cos φ0, y = R·Δφ, with R = 6371.0088 km (the mean Earth radius) and
(λ0, φ0) the centre of the data's bounding box. Distances north-south are true; east-west
ones are true on the centre parallel and off by cos φ / cos φ0 elsewhere, which is under
1% for a region 100 km tall at 45° latitude and under 3% for 300 km: operational-scale
maps only. The import notes the worst scale error it made.

Metric data (a projected CRS such as UTM) is taken as metres, as given. Web Mercator
(EPSG:3857) is unprojected to longitude/latitude first, because its metres are stretched
by 1/cos φ. A file that names a coordinate system must name one the import knows: the
geographic and Web Mercator ones above, or a metric one of METRIC_CRS (UTM zones and
common national grids); any other is transformed to longitude/latitude with pyproj
where it is installed (the optional `geo` extra) and refused in one sentence where it
is not, rather than read as metres and made into a useless map. Coordinates that
claim to be metres but lie within ±180, ±90 and span less than a kilometre are
longitude and latitude mislabelled, and refused too.

Grid space is kilometres with y pointing south (as on the screen), so `Layout` from
hexcampaign.hexes does all hex arithmetic: its size is the hex's centre-to-corner
distance, hex_km / √3, since a hex "of K km" measures K km across its flats (from one
hex centre to the next).
"""

from __future__ import annotations

import importlib
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field

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
# Metric coordinate systems taken as metres without pyproj: UTM on WGS 84 (326xx, 327xx),
# ETRS89 (258xx), NAD83 (269xx) and ED50 (230xx); the national grids of Britain (27700),
# France (2154), the Netherlands (28992), Germany (31466-31469, 25832-25833), Switzerland
# (2056), Finland (3067), Sweden (3006), Belgium (31370) and Europe's LAEA (3035).
_METRIC_CRS = re.compile(
    r"(EPSG:+(32[67](0[1-9]|[1-5]\d|60)|258(2[89]|3[0-8])|269(0[1-9]|1\d|2[0-3])|230(2[89]|3[0-8])"
    r"|27700|2154|28992|3146[6-9]|2056|3067|3006|31370|3035)$)|\bUTM\b", re.I)


class PlacementError(ValueError):
    """The data cannot be placed on a map as asked; one sentence."""


@dataclass(frozen=True)
class Projection:
    """From the file's coordinates to grid-space kilometres (x east, y south)."""

    kind: str  # "lonlat" | "mercator" | "metres" | "transformed" (by pyproj, to lon/lat)
    centre: tuple[float, float] = (0.0, 0.0)  # (lon, lat) of the centre for lonlat/mercator
    # "transformed": the file's coordinates -> longitude/latitude (a pyproj Transformer's).
    to_lonlat: Callable[[np.ndarray], np.ndarray] | None = field(default=None, compare=False)

    def lonlat(self, xy: np.ndarray) -> np.ndarray:
        """File coordinates as longitude/latitude (not for metric data)."""
        if self.kind == "mercator":
            return _unmercator(xy)
        if self.kind == "transformed" and self.to_lonlat is not None:
            return self.to_lonlat(xy)
        return xy

    def to_grid(self, xy: np.ndarray) -> np.ndarray:
        """An (n, 2) array of file coordinates -> (n, 2) grid kilometres."""
        if self.kind == "metres":
            return np.column_stack([xy[:, 0] / 1000.0, -xy[:, 1] / 1000.0])
        lonlat = self.lonlat(xy)
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
        west, south, east, north = bounds
        if self.kind != "lonlat":
            corners = np.array([[west, south], [west, north], [east, south], [east, north]], dtype=float)
            lats = self.lonlat(corners)[:, 1]
            south, north = float(lats.min()), float(lats.max())
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
        elif _METRIC_CRS.search(crs):
            kind = "metres"
        elif crs:
            return _transformed(data, crs)
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
    if (-180 <= west and east <= 180 and -90 <= south and north <= 90
            and max(east - west, north - south) < 1000):
        named = f"names {data.crs}" if data.crs and coordinates == "auto" else "is read as metres"
        raise PlacementError(
            f"{data.name} {named}, but its coordinates lie within ±180 and ±90 and span under a "
            f"kilometre, so they look like longitude and latitude; give the coordinates as "
            f"longitude/latitude (--coordinates lonlat) or correct the file's coordinate system."
        )
    return Projection("metres")


def _transformed(data: GeoData, crs: str) -> Projection:
    """A coordinate system the import does not know by itself, through pyproj: the file's
    coordinates to longitude/latitude on WGS 84, then projected as longitude/latitude."""
    shown = crs if len(crs) <= 60 else crs[:57] + "…"
    try:
        pyproj = importlib.import_module("pyproj")  # optional: the `geo` extra
    except ImportError:
        raise PlacementError(
            f"{data.name} names the coordinate system {shown}, which the import knows only "
            f"through pyproj: install it (pip install pyproj, or hexcampaign's geo extra) or "
            f"reproject the data to longitude/latitude (EPSG:4326) or UTM in a GIS."
        ) from None
    try:
        transformer = pyproj.Transformer.from_crs(pyproj.CRS.from_user_input(crs), "EPSG:4326", always_xy=True)
    except (pyproj.exceptions.CRSError, pyproj.exceptions.ProjError):
        raise PlacementError(
            f"{data.name} names the coordinate system {shown}, which pyproj does not know; "
            f"reproject the data to longitude/latitude (EPSG:4326) or UTM in a GIS."
        ) from None

    def to_lonlat(xy: np.ndarray) -> np.ndarray:
        x, y = transformer.transform(xy[:, 0], xy[:, 1])
        return np.column_stack([np.asarray(x, dtype=float), np.asarray(y, dtype=float)])

    west, south, east, north = data.bounds()
    lonlat = to_lonlat(_box_outline(west, south, east, north))
    if not np.isfinite(lonlat).all():
        raise PlacementError(
            f"{data.name}'s coordinates do not lie where its coordinate system {shown} is defined; "
            f"its coordinates are damaged or its coordinate system is wrong."
        )
    low, high = lonlat.min(axis=0), lonlat.max(axis=0)
    if high[1] - low[1] > 60 or high[0] - low[0] > 120:
        raise PlacementError(
            f"{data.name} spans {high[0] - low[0]:.0f}° of longitude and {high[1] - low[1]:.0f}° of "
            f"latitude; the import's flat projection holds for regions up to a few hundred "
            f"kilometres, so clip the data to the region of the map first."
        )
    centre = (float(low[0] + high[0]) / 2, float(low[1] + high[1]) / 2)
    return Projection("transformed", centre, to_lonlat)


def _box_outline(west: float, south: float, east: float, north: float, steps: int = 16) -> np.ndarray:
    """Points along a box's sides: a transformed box is curved, its corners not enough."""
    t = np.linspace(0.0, 1.0, steps + 1)
    xs, ys = west + (east - west) * t, south + (north - south) * t
    return np.vstack([np.column_stack([xs, np.full_like(xs, south)]), np.column_stack([xs, np.full_like(xs, north)]),
                      np.column_stack([np.full_like(ys, west), ys]), np.column_stack([np.full_like(ys, east), ys])])


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
    if projection.kind == "transformed":  # the box's sides curve: follow them
        corners = _box_outline(west, south, east, north)
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
