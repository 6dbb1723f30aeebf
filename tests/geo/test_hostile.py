"""Damaged and hostile GeoJSON: one clear sentence naming the file, never a traceback,
and on the command line exit status 1."""

from __future__ import annotations

import json

import pytest

from hexcampaign.cli import main
from hexcampaign.geo import (
    GeoFormatError,
    GeoImportError,
    ImportSettings,
    InvalidOutlineError,
    import_geography,
    read_geojson,
)

from ._regions import collection, feature, write

BOWTIE = [[0, 0], [1000, 1000], [1000, 0], [0, 1000], [0, 0]]


def deep(levels: int) -> str:
    return '{"type": "GeometryCollection", "geometries": ' * levels + "[]" + "}" * levels


HOSTILE = {
    "not JSON": ("this is not json {", "not valid JSON"),
    "empty file": ("", "not valid JSON"),
    "not UTF-8": (b"\xff\xfe{", "not UTF-8"),
    "a list": ("[1, 2, 3]", "not a GeoJSON object"),
    "unknown type": ('{"type": "Banana"}', "not a GeoJSON type"),
    "features not a list": ('{"type": "FeatureCollection", "features": {}}', "no list of features"),
    "empty collection": ('{"type": "FeatureCollection", "features": []}', "no features with a geometry"),
    "only null geometry": (collection({"type": "Feature", "properties": {}, "geometry": None}),
                           "no features with a geometry"),
    "missing geometry": (collection({"type": "Feature", "properties": {}}), "feature 1 has no geometry"),
    "feature not an object": (collection(feature("Point", [0, 0]), 7), "feature 2 is not a GeoJSON Feature"),
    "properties a list": (collection({"type": "Feature", "properties": [1], "geometry": None}),
                          "properties that are not an object"),
    "geometry type unknown": (collection(feature("Circle", [0, 0])), "which GeoJSON does not know"),
    "coordinates a string": (collection(feature("LineString", "0,0 1,1")), "without a list of coordinates"),
    "text positions": (collection(feature("LineString", [["a", "b"], ["c", "d"]])), "not numbers"),
    "one-number positions": (collection(feature("LineString", [[1], [2]])), "not [x, y] pairs"),
    "a one-position line": (collection(feature("LineString", [[1, 2]])), "fewer than two positions"),
    "a three-position ring": (collection(feature("Polygon", [[[0, 0], [1, 0], [0, 0]]])), "fewer than four"),
    "a polygon without rings": (collection(feature("Polygon", [])), "without an outline"),
    "NaN": ('{"type": "Point", "coordinates": [NaN, 1]}', ("NaN",)),
    "infinity": ('{"type": "Point", "coordinates": [1e999, 1]}', ("infinity", "too large")),
    "deep nesting": (deep(40), "nested"),
    "huge coordinates": (collection(feature("Point", [1e300, 1e300], name="X")), "farther than any place"),
    "lon/lat beyond range": ('{"type": "FeatureCollection", "crs": {"type": "name", "properties": '
                             '{"name": "urn:ogc:def:crs:OGC:1.3:CRS84"}}, "features": ['
                             '{"type": "Feature", "properties": {}, "geometry": {"type": "Point", '
                             '"coordinates": [500, 20]}}]}', "beyond ±180° and ±90°"),
    "self-intersecting polygon": (collection(feature("Polygon", [BOWTIE], landuse="forest")),
                                  "feature 1 is a polygon whose outline crosses itself"),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_geojson_is_refused_in_one_sentence(tmp_path, name):
    document, words = HOSTILE[name]
    path = tmp_path / "hostile.geojson"
    if isinstance(document, bytes):
        path.write_bytes(document)
    else:
        write(tmp_path, document, "hostile.geojson")
    with pytest.raises((GeoFormatError, GeoImportError)) as caught:
        data = read_geojson(path)
        import_geography(data, ImportSettings(hex_km=1.0, palette="cm"))
    sentence = str(caught.value)
    assert any(w.lower() in sentence.lower() for w in ((words,) if isinstance(words, str) else words))
    assert "\n" not in sentence and sentence.endswith(".") and len(sentence) < 400
    assert "hostile.geojson" in sentence or name in ("huge coordinates",)


def test_a_self_intersecting_polygon_is_repaired_when_asked(tmp_path):
    path = write(tmp_path, collection(feature("Polygon", [BOWTIE], landuse="forest")))
    with pytest.raises(InvalidOutlineError):
        read_geojson(path)
    data = read_geojson(path, repair=True)
    assert data.repaired == 1
    settings = ImportSettings(hex_km=0.5, palette="cm", coordinates="metres").with_rules(["landuse=forest:forest"])
    m, notes = import_geography(data, settings)
    assert any("repaired" in n for n in notes)
    assert any(m.terrain(h) == "forest" for h in m.hexes())


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path, monkeypatch):
    import hexcampaign.geo.geojson as geojson

    monkeypatch.setattr(geojson, "MAX_GEOJSON_BYTES", 1000)
    path = write(tmp_path, collection(*[feature("Point", [i, i], name=f"P{i}") for i in range(100)]))
    with pytest.raises(GeoFormatError, match="more than the 0 MiB|clip it"):
        read_geojson(path)


def test_a_folder_or_a_missing_file_is_refused_in_a_sentence(tmp_path):
    with pytest.raises(GeoFormatError, match="not a file on disk"):
        read_geojson(tmp_path)
    with pytest.raises(GeoFormatError, match="does not exist"):
        read_geojson(tmp_path / "nowhere.geojson")


@pytest.mark.parametrize("name", ["not JSON", "missing geometry", "self-intersecting polygon", "deep nesting"])
def test_the_command_exits_1_with_the_sentence(tmp_path, capsys, name):
    document, words = HOSTILE[name]
    path = write(tmp_path, document if isinstance(document, str) else json.dumps(document), "hostile.geojson")
    out = tmp_path / "out.hexmap"
    status = main(["import-geo", str(path), "--hex-km", "1", "-o", str(out)])
    err = capsys.readouterr().err
    assert status == 1
    assert err.startswith("hexcampaign: ") and words.lower() in err.lower()
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not out.exists()
