"""GeoPackage and Shapefile through pyogrio (GDAL), where it is installed.

pyogrio is optional (the `geo` extra): it is imported here only when such a file is
read, and without it the file is refused in one sentence saying to install it or save
the data as GeoJSON. What it reads goes through the GeoJSON reader's own checks (as a
FeatureCollection built in memory), so a damaged geometry is refused, or repaired, in
the same words; the file's coordinate system comes with it (data.crs), for
geo/project.py to use or refuse.
"""

from __future__ import annotations

import importlib
import json
import math
import stat
import warnings
from pathlib import Path
from types import ModuleType

import numpy as np
import shapely

from hexcampaign.files import MAX_FILE_BYTES, describe_os_error
from hexcampaign.geo.geojson import MAX_FEATURES, GeoData, GeoFormatError, read_geojson
from hexcampaign.geo.geojson import _Reader as GeoJSONReader

# Binary positions take some 16 bytes where GeoJSON's text takes some 20: twice the
# GeoJSON limit holds about as many positions as the import measures comfortably.
MAX_VECTOR_BYTES = 2 * MAX_FILE_BYTES
VECTOR_FORMATS = {".gpkg": "GeoPackage", ".shp": "Shapefile"}
GEOGRAPHY_SUFFIXES = (".geojson", ".json", *VECTOR_FORMATS)


def read_geography(path: Path | str, repair: bool = False) -> GeoData:
    """A geography file by its suffix: GeoPackage (.gpkg) and Shapefile (.shp) through
    pyogrio, anything else as GeoJSON; GeoFormatError says in one sentence what is wrong."""
    path = Path(path)
    if path.suffix.lower() in VECTOR_FORMATS:
        return read_vector(path, repair)
    return read_geojson(path, repair)


def read_vector(path: Path | str, repair: bool = False) -> GeoData:
    """Every layer of a GeoPackage or Shapefile, read as the GeoJSON reader reads."""
    path = Path(path)
    what = VECTOR_FORMATS.get(path.suffix.lower(), "GIS")
    try:
        # By name: an optional package, with no type information when it is installed.
        pyogrio = importlib.import_module("pyogrio")
        raw = importlib.import_module("pyogrio.raw")
    except ImportError:
        raise GeoFormatError(
            f"{path.name} is a {what} file, which the import reads only through pyogrio: install it "
            f"(pip install pyogrio, or hexcampaign's geo extra) or save the data as GeoJSON in a GIS."
        ) from None
    _check_size(path, what)
    try:
        with warnings.catch_warnings():  # GDAL's remarks on a damaged file: the error says it
            warnings.simplefilter("ignore", RuntimeWarning)
            features, crs_seen = _read_layers(path, raw, pyogrio)
    except GeoFormatError:
        raise
    except Exception as e:  # pyogrio's own errors and GDAL's, worded by GDAL
        detail = str(e).strip().splitlines()[0].rstrip(".") if str(e).strip() else type(e).__name__
        raise GeoFormatError(f"{path.name} is not a {what} file the import can read ({detail[:200]}).") from None
    systems = set(crs_seen)
    if len(systems) > 1:
        raise GeoFormatError(
            f"The layers of {path.name} are in different coordinate systems; reproject them to one "
            f"in a GIS first."
        )
    data = GeoJSONReader(path.name, repair).read({"type": "FeatureCollection", "features": features})
    data.crs = next(iter(systems), None) if systems else None
    return data


def _read_layers(path: Path, raw: ModuleType, pyogrio: ModuleType) -> tuple[list[dict], list[str | None]]:
    """Every layer's features as GeoJSON features, and each layer's coordinate system."""
    layers = [str(row[0]) for row in pyogrio.list_layers(path)]
    features: list[dict] = []
    crs_seen: list[str | None] = []
    for layer in layers:
        meta, _, geometry, field_data = raw.read(path, layer=layer, max_features=MAX_FEATURES + 1)
        if geometry is None:
            continue  # a table without shapes (a GeoPackage may hold some)
        crs_seen.append(meta.get("crs"))
        features.extend(_features(geometry, list(meta["fields"]), field_data))
        if len(features) > MAX_FEATURES:
            raise GeoFormatError(f"{path.name} is not usable geography: it holds more than the "
                                 f"{MAX_FEATURES} features the import reads.")
    return features, crs_seen


def _check_size(path: Path, what: str) -> None:
    """Refuse a file larger than the import reads (a Shapefile counts its .dbf)."""
    parts = [path, path.with_suffix(".dbf")] if what == "Shapefile" else [path]
    total = 0
    for part in parts:
        try:
            info = part.stat()
        except FileNotFoundError:
            if part == path:
                raise GeoFormatError(f"{path.name} does not exist.") from None
            continue
        except OSError as e:
            raise GeoFormatError(describe_os_error(e, part, "open")) from None
        if part == path and not stat.S_ISREG(info.st_mode):
            raise GeoFormatError(f"{path.name} is not a file on disk (a folder, a device or a pipe).")
        total += info.st_size
    if total > MAX_VECTOR_BYTES:
        raise GeoFormatError(
            f"{path.name} is {total / 2**20:.1f} MiB, more than the {MAX_VECTOR_BYTES // 2**20} MiB the "
            f"import reads; clip it to the region of the map or simplify its outlines in a GIS first."
        )


def _features(geometry: np.ndarray, names: list[str], field_data: list) -> list[dict]:
    """GeoJSON features from pyogrio's arrays: WKB shapes and one array per field."""
    shapes = shapely.from_wkb(geometry)
    texts = shapely.to_geojson(shapes)
    out = []
    for i, text in enumerate(texts.tolist()):
        properties = {name: _value(column[i]) for name, column in zip(names, field_data)}
        out.append({"type": "Feature", "properties": properties,
                    "geometry": None if text is None else json.loads(text)})
    return out


def _value(value: object) -> object:
    """A field's value as JSON would give it: numbers, text, true/false or null."""
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, bytes):
        return None
    return str(value)  # dates and times
