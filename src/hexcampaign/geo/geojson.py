"""Reading GeoJSON (RFC 7946) into shapely geometries, refusing damage in one sentence.

The file goes through the project's bounded JSON reader (size and nesting limits), then
every geometry is checked as it is built: known types, positions of two or three finite
numbers, lines of two positions or more, polygon rings of four. A polygon whose outline
crosses itself is refused (or repaired when asked), because the areas the import
measures would be wrong. Features are sorted by kind (polygons, lines, points), each
with its properties and its number in the file for messages.
"""

from __future__ import annotations

import stat
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from hexcampaign.files import MAX_FILE_BYTES, FileFormatError, describe_os_error, parse_json, quoted

# The project's bounded JSON reader caps every file at MAX_FILE_BYTES (4 MiB), which
# holds some 200,000 positions written to a metre (the benchmark's 10,000 polygons and
# 5,000 lines take about 3 MB). Larger data is clipped or simplified in a GIS first.
MAX_GEOJSON_BYTES = MAX_FILE_BYTES
MAX_FEATURES = 500_000
KINDS = ("polygon", "line", "point")


class GeoFormatError(FileFormatError):
    """A geography file the import cannot use; the message is one sentence."""


class InvalidOutlineError(GeoFormatError):
    """A polygon whose outline crosses itself: refused unless the reader may repair it."""

    problem: str = ""  # the sentence without the command line's advice


@dataclass
class Layer:
    """The features of one kind: shapely geometries, their properties, their numbers."""

    kind: str
    geometries: list = field(default_factory=list)
    properties: list[dict] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)  # 1-based feature number in the file

    def __len__(self) -> int:
        return len(self.geometries)

    def array(self) -> np.ndarray:
        out = np.empty(len(self.geometries), dtype=object)
        out[:] = self.geometries
        return out


@dataclass
class GeoData:
    """A GeoJSON file read: its features by kind, the CRS it names, what was skipped."""

    name: str
    polygons: Layer = field(default_factory=lambda: Layer("polygon"))
    lines: Layer = field(default_factory=lambda: Layer("line"))
    points: Layer = field(default_factory=lambda: Layer("point"))
    crs: str | None = None  # the name in a (pre-RFC 7946) "crs" member, if any
    without_geometry: int = 0  # features whose geometry is null (allowed by the RFC)
    repaired: int = 0  # polygons whose crossing outlines were repaired

    def layers(self) -> list[Layer]:
        return [self.polygons, self.lines, self.points]

    def layer(self, kind: str) -> Layer:
        return {"polygon": self.polygons, "line": self.lines, "point": self.points}[kind]

    def feature_count(self) -> int:
        return sum(len(layer) for layer in self.layers())

    def bounds(self) -> tuple[float, float, float, float]:
        """(min x, min y, max x, max y) of every geometry, in the file's coordinates."""
        boxes = [shapely.total_bounds(layer.array()) for layer in self.layers() if len(layer)]
        box = np.array(boxes)
        return (float(box[:, 0].min()), float(box[:, 1].min()), float(box[:, 2].max()),
                float(box[:, 3].max()))


def read_geojson(path: Path | str, repair: bool = False) -> GeoData:
    """Read a GeoJSON file; GeoFormatError says in one sentence what is wrong with it.

    With `repair`, polygons whose outlines cross themselves are mended (shapely's
    make_valid, as QGIS's Fix Geometries does) instead of refused.
    """
    path = Path(path)
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise GeoFormatError(f"{path.name} is not a file on disk (a folder, a device or a pipe).")
        if info.st_size > MAX_GEOJSON_BYTES:
            raise GeoFormatError(
                f"{path.name} is {info.st_size / 2**20:.1f} MiB, more than the "
                f"{MAX_GEOJSON_BYTES // 2**20} MiB the import reads; clip it to the region of "
                f"the map or simplify its outlines in a GIS first."
            )
        with path.open("rb") as f:
            raw = f.read(MAX_GEOJSON_BYTES + 1)  # a file growing while read stops here
    except FileNotFoundError:
        raise GeoFormatError(f"{path.name} does not exist.") from None
    except OSError as e:
        raise GeoFormatError(describe_os_error(e, path, "open")) from None
    return parse_geojson(raw, path.name, repair)


def parse_geojson(raw: bytes | str, name: str = "the data", repair: bool = False) -> GeoData:
    """Parse GeoJSON text (see read_geojson)."""
    try:
        document = parse_json(raw, name, "GeoJSON file")
    except GeoFormatError:
        raise
    except FileFormatError as e:
        raise GeoFormatError(str(e)) from None
    return _Reader(name, repair).read(document)


# --- the reader -----------------------------------------------------------------------------

GEOMETRY_TYPES = ("Point", "MultiPoint", "LineString", "MultiLineString", "Polygon",
                  "MultiPolygon", "GeometryCollection")


class _Reader:
    def __init__(self, name: str, repair: bool) -> None:
        self.name = name
        self.repair = repair
        self.data = GeoData(name)
        self.feature = 0  # the feature being read, for sentences
        self._pending: dict[str, list] = {kind: [] for kind in KINDS}
        self._numbers: dict[str, list[int]] = {kind: [] for kind in KINDS}
        self._properties: dict[str, list[dict]] = {kind: [] for kind in KINDS}

    def read(self, document: object) -> GeoData:
        if not isinstance(document, dict):
            raise self.bad("it is not a GeoJSON object (a FeatureCollection, a Feature or a geometry)")
        kind = document.get("type")
        if kind == "FeatureCollection":
            features = document.get("features")
            if not isinstance(features, list):
                raise self.bad("its FeatureCollection has no list of features")
            if len(features) > MAX_FEATURES:
                raise self.bad(f"it holds {len(features)} features, more than the {MAX_FEATURES} "
                               f"the import reads")
            for number, feature in enumerate(features, 1):
                self.feature = number
                self._feature(feature)
        elif kind == "Feature":
            self.feature = 1
            self._feature(document)
        elif kind in GEOMETRY_TYPES:
            self.feature = 1
            self._geometry(document, {})
        else:
            raise self.bad(f"its type {quoted(kind)} is not a GeoJSON type")
        self.feature = 0
        self._build()
        self.data.crs = _crs_name(document.get("crs"))
        if not self.data.feature_count():
            raise self.bad("it holds no features with a geometry")
        self._check_outlines()
        return self.data

    def bad(self, clause: str) -> GeoFormatError:
        """The sentence for `clause`: "has ..." about the feature being read, or "it ..."
        about the file when no feature is being read."""
        if self.feature:
            return GeoFormatError(f"{self.name} is not usable geography: feature {self.feature} {clause}.")
        return GeoFormatError(f"{self.name} is not usable geography: {clause}.")

    def _feature(self, feature: object) -> None:
        if not isinstance(feature, dict) or feature.get("type") != "Feature":
            raise self.bad("is not a GeoJSON Feature object")
        if "geometry" not in feature:
            raise self.bad("has no geometry member (null is allowed, missing is not)")
        properties = feature.get("properties")
        if properties is None:
            properties = {}
        if not isinstance(properties, dict):
            raise self.bad("has properties that are not an object")
        geometry = feature["geometry"]
        if geometry is None:
            self.data.without_geometry += 1
            return
        self._geometry(geometry, properties)

    def _geometry(self, geometry: object, properties: dict) -> None:
        if not isinstance(geometry, dict):
            raise self.bad("has a geometry that is not an object")
        kind = geometry.get("type")
        if kind == "GeometryCollection":
            members = geometry.get("geometries")
            if not isinstance(members, list):
                raise self.bad("has a GeometryCollection without a list of geometries")
            for member in members:
                self._geometry(member, properties)
            return
        if kind not in GEOMETRY_TYPES:
            raise self.bad(f"has a geometry of type {quoted(kind)}, which GeoJSON does not know")
        coordinates = geometry.get("coordinates")
        if not isinstance(coordinates, list):
            raise self.bad(f"has a {kind} without a list of coordinates")
        # Collected as lists now and built into shapely geometries layer by layer at the
        # end (from_ragged_array): one numpy conversion for all positions, not one each.
        if kind == "Point":
            self._add("point", [coordinates], properties)
        elif kind == "MultiPoint":
            if coordinates:
                self._add("point", coordinates, properties)
        elif kind == "LineString":
            self._add("line", [coordinates], properties)
        elif kind == "MultiLineString":
            if coordinates:
                self._add("line", self._lists(coordinates, kind), properties)
        elif kind == "Polygon":
            self._add("polygon", [self._lists(coordinates, kind)], properties)
        elif coordinates:
            self._add("polygon", [self._lists(part, kind) for part in self._lists(coordinates, kind)], properties)

    def _add(self, kind: str, parts: list, properties: dict) -> None:
        self._pending[kind].append(parts)
        self._numbers[kind].append(self.feature)
        self._properties[kind].append(properties)

    def _lists(self, value: object, kind: str) -> list:
        if not isinstance(value, list) or not all(isinstance(item, list) for item in value):
            raise self.bad(f"has {kind} coordinates that are not lists of positions")
        if kind in ("Polygon", "MultiPolygon") and not value:
            raise self.bad("has a polygon without an outline")
        return value

    # --- building the geometries --------------------------------------------------------------

    def _build(self) -> None:
        for kind in KINDS:
            layer = self.data.layer(kind)
            layer.numbers = self._numbers[kind]
            layer.properties = self._properties[kind]
            if self._pending[kind]:
                layer.geometries = list(getattr(self, f"_build_{kind}s")(self._pending[kind], layer.numbers))

    def _build_points(self, pending: list, numbers: list[int]) -> np.ndarray:
        positions, per_feature = [], []
        for points in pending:
            per_feature.append(len(points))
            positions.extend(points)
        xy = self._array(positions, pending, numbers, "Point")
        return shapely.from_ragged_array(shapely.GeometryType.MULTIPOINT, xy, (_offsets(per_feature),))

    def _build_lines(self, pending: list, numbers: list[int]) -> np.ndarray:
        positions, lengths, per_feature = [], [], []
        for lines in pending:
            per_feature.append(len(lines))
            for line in lines:
                lengths.append(len(line))
                positions.extend(line)
        short = np.flatnonzero(np.array(lengths) < 2)
        if len(short):
            owner = np.repeat(np.arange(len(pending)), per_feature)[short[0]]
            self.feature = numbers[owner]
            raise self.bad("has a line with fewer than two positions")
        xy = self._array(positions, pending, numbers, "LineString")
        return shapely.from_ragged_array(shapely.GeometryType.MULTILINESTRING, xy,
                                         (_offsets(lengths), _offsets(per_feature)))

    def _build_polygons(self, pending: list, numbers: list[int]) -> np.ndarray:
        positions, lengths, per_polygon, per_feature = [], [], [], []
        for polygons in pending:
            per_feature.append(len(polygons))
            for rings in polygons:
                per_polygon.append(len(rings))
                for ring in rings:
                    lengths.append(len(ring))
                    positions.extend(ring)
        xy = self._array(positions, pending, numbers, "Polygon")
        lengths_array = np.array(lengths, dtype=np.int64)
        ends = np.cumsum(lengths_array) - 1
        starts = ends - lengths_array + 1
        ring_feature = np.repeat(np.repeat(np.arange(len(pending)), per_feature), per_polygon)
        empty = np.flatnonzero(lengths_array == 0)
        if len(empty):
            self.feature = numbers[ring_feature[empty[0]]]
            raise self.bad("has a polygon ring with no positions")
        open_rings = np.flatnonzero((xy[starts] != xy[ends]).any(axis=1))
        if len(open_rings):  # RFC 7946 closes rings; some writers forget
            xy = np.insert(xy, ends[open_rings] + 1, xy[starts[open_rings]], axis=0)
            lengths_array[open_rings] += 1
        short = np.flatnonzero(lengths_array < 4)
        if len(short):
            self.feature = numbers[ring_feature[short[0]]]
            raise self.bad("has a polygon ring with fewer than four positions")
        return shapely.from_ragged_array(
            shapely.GeometryType.MULTIPOLYGON, xy,
            (_offsets(lengths_array), _offsets(per_polygon), _offsets(per_feature)))

    def _array(self, positions: list, pending: list, numbers: list[int], kind: str) -> np.ndarray:
        """All positions as an (n, 2) array of finite numbers; when they are not, the
        positions are checked feature by feature so that the sentence names the first
        bad one (mixed [x, y] and [x, y, z] positions, allowed by the RFC, pass there)."""
        try:
            array = np.array(positions)
        except ValueError:
            array = None
        if (array is not None and array.ndim == 2 and array.shape[1] in (2, 3)
                and array.dtype.kind in "iuf" and np.isfinite(array).all()):
            return array[:, :2].astype(float)
        checked: list[np.ndarray] = []
        for parts, number in zip(pending, numbers):
            self.feature = number
            for part in parts:
                if kind == "Polygon":
                    checked.extend(self._positions(ring, kind) for ring in part)
                elif kind == "LineString":
                    checked.append(self._positions(part, kind))
                else:
                    checked.append(self._positions([part], kind))
        self.feature = 0
        return np.vstack(checked) if checked else np.empty((0, 2))

    def _positions(self, value: object, kind: str) -> np.ndarray:
        """An (n, 2) array of finite numbers from a list of [x, y] or [x, y, z]."""
        if not isinstance(value, list) or not all(isinstance(p, list) for p in value):
            raise self.bad(f"has {kind} coordinates that are not lists of positions")
        if not value:
            return np.empty((0, 2))
        try:
            array = np.array(value)
        except ValueError:
            array = None  # positions of different lengths
        if array is None or array.ndim != 2 or array.shape[1] not in (2, 3):
            raise self.bad(f"has {kind} positions that are not [x, y] pairs")
        if array.dtype.kind not in "iuf":
            raise self.bad(f"has {kind} positions that are not numbers")
        array = array[:, :2].astype(float)
        if not np.isfinite(array).all():
            raise self.bad(f"has {kind} positions that are not finite numbers (NaN or infinity)")
        return array

    def _check_outlines(self) -> None:
        layer = self.data.polygons
        if not len(layer):
            return
        geometries = layer.array()
        valid = shapely.is_valid(geometries)
        if valid.all():
            return
        broken = np.flatnonzero(~valid)
        if self.repair:
            fixed = shapely.make_valid(geometries[broken])
            for i, geometry in zip(broken, fixed):
                # make_valid may return lines where a ring collapsed; only areas count.
                layer.geometries[i] = _areas_only(geometry)
            self.data.repaired = len(broken)
            return
        first = int(broken[0])
        reason = shapely.is_valid_reason(geometries[first])
        where = reason.partition("[")[2].rstrip("]").split()
        near = f" near {float(where[0]):.6g}, {float(where[1]):.6g}" if len(where) >= 2 else ""
        what = "crosses itself" if reason.lower().startswith(("self-intersection", "ring self")) else (
            f"is not a valid area ({reason.partition('[')[0].strip().lower()})")
        problem = f"feature {layer.numbers[first]} is a polygon whose outline {what}{near}"
        error = InvalidOutlineError(
            f"{self.name} is not usable geography: {problem}; fix it in a GIS (QGIS: Fix "
            f"geometries) or let the import repair it (--repair)."
        )
        error.problem = f"In {self.name}, {problem}"  # for a question in the window
        raise error


def _areas_only(geometry: BaseGeometry) -> BaseGeometry:
    if geometry.geom_type in ("Polygon", "MultiPolygon"):
        return geometry
    parts = [g for g in shapely.get_parts(geometry) if g.geom_type in ("Polygon", "MultiPolygon")]
    return shapely.union_all(parts) if parts else shapely.Polygon()


def _crs_name(crs: object) -> str | None:
    """The name of a 2008-style "crs" member ({"type": "name", "properties": {"name": ...}})."""
    if isinstance(crs, dict) and isinstance(crs.get("properties"), dict):
        name = crs["properties"].get("name")
        if isinstance(name, str):
            return name[:200]
    return None


def _offsets(counts: Sequence[int] | np.ndarray) -> np.ndarray:
    return np.concatenate([[0], np.cumsum(counts, dtype=np.int64)])
