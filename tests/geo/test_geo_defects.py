"""The geography defects of issue 30, as a designer meets them on the command line and in
the engine: OSM tags need no mapping, a user's palette makes a new map, an unknown
coordinate system is refused in one sentence (or transformed by pyproj), a plateau over
its base keeps its height, imported maps number from 0101, GeoPackage and Shapefile
through pyogrio (refused in one sentence without it)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from hexcampaign.cli import main
from hexcampaign.geo import OSM_TAGS, ImportSettings, import_geography, parse_geojson, plan_import
from hexcampaign.geo.importer import GeoImportError
from hexcampaign.maps import load_map, load_palette
from hexcampaign.maps.palette import TerrainType, check_palette, save_palette_file

from ._regions import centre, collection, feature, square, write

GRID = ["--origin", "0,10000", "--cols", "10", "--rows", "10", "--coordinates", "metres"]
GUIDE = Path(__file__).resolve().parents[2] / "docs" / "user-guide.md"


def osm_region() -> dict:
    """An OpenStreetMap extract as a GIS exports it: OSM's own tags, nothing else."""
    return collection(
        feature("Polygon", [square(500, 6000, 4000, 9800)], landuse="forest"),
        feature("Polygon", [square(6000, 6000, 9500, 9800)], natural="water"),
        feature("Polygon", [square(6000, 500, 9500, 4000)], landuse="residential"),
        feature("LineString", [centre("0100"), centre("0109")], highway="primary"),
        feature("LineString", [centre("0400"), centre("0409")], highway="footway"),
        feature("LineString", [centre("0006"), centre("0906")], waterway="river"),
        feature("Point", centre("0808"), name="Ste Marie", place="town"),
    )


def cli_import(tmp_path: Path, document: dict, *options: str, name: str = "out.hexmap") -> tuple[int, Path]:
    data = write(tmp_path, document)
    out = tmp_path / name
    return main(["import-geo", str(data), "--hex-km", "1", *options, "-o", str(out), "--force"]), out


def count(m, terrain: str) -> int:
    return sum(m.terrain(h) == terrain for h in m.hexes())


# --- OSM tags understood by default ------------------------------------------------------------


def test_osm_tags_become_terrain_roads_rivers_and_towns_with_no_terrain_option(tmp_path):
    status, out = cli_import(tmp_path, osm_region(), "--palette", "ww2", *GRID)
    assert status == 0
    m = load_map(out)
    assert count(m, "woods") >= 10 and count(m, "water") >= 10 and count(m, "urban") >= 10
    # the primary road is a road, the footway is not: the road links all lie in column 1
    assert len(m.roads()) == 9 and {m.offset(h)[0] for link in m.roads() for h in link} == {1}
    assert len(m.rivers()) >= 9
    (place,) = m.places()
    assert (place.name, place.kind) == ("Ste Marie", "town")


def test_each_shipped_palette_gets_its_own_terrain_for_an_osm_forest(tmp_path):
    status, out = cli_import(tmp_path, osm_region(), "--palette", "cm", *GRID)
    assert status == 0
    m = load_map(out)
    assert count(m, "forest") >= 10  # cm's forest, where ww2 gives woods
    assert m.places()[0].kind == "town"


def test_a_given_mapping_wins_over_the_osm_table_and_no_osm_tags_turns_it_off(tmp_path):
    status, out = cli_import(tmp_path, osm_region(), "--palette", "ww2", "--terrain", "landuse=forest:marsh", *GRID)
    assert status == 0 and count(load_map(out), "marsh") >= 10 and count(load_map(out), "woods") == 0
    status, out = cli_import(tmp_path, osm_region(), "--palette", "ww2", "--no-osm-tags", *GRID, name="bare.hexmap")
    m = load_map(out)
    assert status == 0 and count(m, "clear") == 100 and not m.roads() and not m.rivers()


def test_the_user_guide_lists_every_tag_of_the_osm_table():
    guide = GUIDE.read_text(encoding="utf-8")
    for attribute, value, _ in OSM_TAGS:
        assert f"`{attribute}={value}`" in guide or f"`{value}`" in guide, (attribute, value)


# --- a user's palette for a new map ------------------------------------------------------------


def polder_palette():
    """A user's palette: cm's terrains plus a polder (drawn as marsh) and a heath."""
    cm = load_palette("cm")
    terrains = (*cm.terrains_list,
                TerrainType("polder", "p", "Polder", "#8fbf8f", symbol="marsh"),
                TerrainType("heide", "h", "Heide", "#b59a6a", symbol="rough"))
    return check_palette(cm._replace(name="holland44", title="Holland 1944", terrains_list=terrains))


def test_import_geo_makes_a_map_with_a_palette_file_or_a_kept_palette(tmp_path, user_folders):
    palette = polder_palette()
    path = tmp_path / "holland44.hexpalette"
    save_palette_file(palette, path)
    document = collection(feature("Polygon", [square(-2000, -2000, 12_000, 12_000)], natural="wetland"))
    status, out = cli_import(tmp_path, document, "--palette", str(path), *GRID)
    assert status == 0
    m = load_map(out)
    assert m.palette == palette and count(m, "polder") == 100  # OSM's wetland: the marsh symbol
    # A palette kept by the editor (Map > Palette…) is found by its name.
    _config, data = user_folders
    (data / "palettes").mkdir(parents=True)
    save_palette_file(palette, data / "palettes" / "holland44.hexpalette")
    status, out = cli_import(tmp_path, document, "--palette", "holland44",
                             "--terrain", "natural=wetland:heide", *GRID, name="kept.hexmap")
    assert status == 0 and load_map(out).palette.name == "holland44" and count(load_map(out), "heide") == 100


def test_an_unknown_palette_name_is_one_sentence(tmp_path, capsys):
    status, out = cli_import(tmp_path, osm_region(), "--palette", "nap1812", *GRID)
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 1 and not out.exists() and len(err) == 1
    assert "no terrain palette named 'nap1812'" in err[0] and "cm, kasserine, ww2" in err[0]


def test_the_engine_takes_a_palette_object():
    m, _ = import_geography(parse_geojson(json.dumps(osm_region()), "osm.geojson"),
                            ImportSettings(palette=polder_palette(), hex_km=1, origin=(0, 10_000), cols=10,
                                           rows=10, coordinates="metres"))
    assert m.palette.name == "holland44" and count(m, "forest") >= 10


# --- coordinate systems ----------------------------------------------------------------------


def named_crs(document: dict, name: str) -> dict:
    return {**document, "crs": {"type": "name", "properties": {"name": name}}}


LAMBERT_2008 = [[650_000, 670_000], [670_000, 670_000], [670_000, 690_000], [650_000, 690_000],
                [650_000, 670_000]]


def test_an_unknown_coordinate_system_without_pyproj_is_refused_in_one_sentence(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyproj", None)  # as where pyproj is not installed
    document = named_crs(collection(feature("Polygon", [LAMBERT_2008], landuse="forest")), "urn:ogc:def:crs:EPSG::3812")
    status, out = cli_import(tmp_path, document, "--palette", "cm")
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 1 and not out.exists() and len(err) == 1
    assert err[0].count(". ") == 0 and err[0].endswith(".")
    assert "names the coordinate system urn:ogc:def:crs:EPSG::3812" in err[0] and "install it (pip install pyproj" in err[0]


def test_a_coordinate_system_no_one_knows_is_refused_in_one_sentence(tmp_path, capsys):
    pytest.importorskip("pyproj")
    document = named_crs(collection(feature("Polygon", [LAMBERT_2008], landuse="forest")), "EPSG:999999")
    status, _ = cli_import(tmp_path, document, "--palette", "cm")
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 1 and len(err) == 1 and "which pyproj does not know" in err[0]


def test_degrees_labelled_as_utm_are_refused_not_made_into_a_tiny_map(tmp_path, capsys):
    ring = [[8.70, 35.10], [8.74, 35.10], [8.74, 35.14], [8.70, 35.14], [8.70, 35.10]]
    document = named_crs(collection(feature("Polygon", [ring], landuse="forest")), "EPSG:32632")
    status, out = cli_import(tmp_path, document, "--palette", "cm")
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 1 and not out.exists() and len(err) == 1
    assert "names EPSG:32632" in err[0] and "look like longitude and latitude" in err[0]


def test_utm_is_still_taken_as_metres_without_pyproj(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyproj", None)
    ring = [[500_000, 3_880_000], [520_000, 3_880_000], [520_000, 3_900_000], [500_000, 3_900_000],
            [500_000, 3_880_000]]
    document = named_crs(collection(feature("Polygon", [ring], landuse="forest")), "EPSG:32632")
    plan = plan_import(parse_geojson(json.dumps(document), "utm.geojson"), ImportSettings(palette="cm", hex_km=1))
    assert (plan.cols, plan.rows) == (24, 21)  # 20 km square at 1 km a hex, with half a hex to spare


def test_pyproj_transforms_a_coordinate_system_and_the_map_matches_longitude_latitude():
    pyproj = pytest.importorskip("pyproj")
    to_lambert = pyproj.Transformer.from_crs("EPSG:4326", "EPSG:3812", always_xy=True)
    ring = [[4.30, 50.80], [4.55, 50.80], [4.55, 50.95], [4.30, 50.95], [4.30, 50.80]]
    lonlat = collection(feature("Polygon", [ring], landuse="forest"))
    projected = named_crs(collection(feature("Polygon", [[list(to_lambert.transform(x, y)) for x, y in ring]],
                                             landuse="forest")), "EPSG:3812")
    settings = ImportSettings(palette="cm", hex_km=1)
    a = plan_import(parse_geojson(json.dumps(lonlat), "lonlat.geojson"), settings)
    b = plan_import(parse_geojson(json.dumps(projected), "lambert.geojson"), settings)
    assert abs(a.cols - b.cols) <= 1 and abs(a.rows - b.rows) <= 1 and a.cols > 15
    forest_a = sum(t == "forest" for t in a.terrain.values())
    forest_b = sum(t == "forest" for t in b.terrain.values())
    assert abs(forest_a - forest_b) <= 0.05 * forest_a


# --- elevation: the innermost polygon wins -----------------------------------------------------


@pytest.mark.parametrize("plateau_first", [False, True])
def test_a_plateau_drawn_over_its_base_keeps_its_height(plateau_first):
    base = feature("Polygon", [square(0, 0, 10_000, 10_000)], ele=40)
    x, y = centre("0505")
    plateau = feature("Polygon", [square(x - 1800, y - 1800, x + 1800, y + 1800)], ele=120)
    document = collection(*([plateau, base] if plateau_first else [base, plateau]))
    settings = ImportSettings(palette="kasserine", hex_km=1, origin=(0, 10_000), cols=10, rows=10,
                              coordinates="metres", elevation_attribute="ele", metres_per_level=40)
    m, _ = import_geography(parse_geojson(json.dumps(document), "plateau.geojson"), settings)
    levels = {m.offset(h): m.elevation(h) for h in m.hexes()}
    assert levels[(5, 5)] == 3 and levels[(5, 4)] == 3 and levels[(4, 5)] == 3  # 120 m, not a mean
    assert levels[(0, 0)] == 1 and levels[(9, 9)] == 1  # the 40 m base round it
    assert set(levels.values()) == {1, 3}


def test_a_hex_mostly_off_the_plateau_takes_the_height_covering_most_of_it():
    base = feature("Polygon", [square(0, 0, 10_000, 10_000)], ele=40)
    x, y = centre("0505")
    sliver = feature("Polygon", [square(x + 300, y - 300, x + 2000, y + 300)], ele=120)
    settings = ImportSettings(palette="kasserine", hex_km=1, origin=(0, 10_000), cols=10, rows=10,
                              coordinates="metres", elevation_attribute="ele", metres_per_level=40)
    m, _ = import_geography(parse_geojson(json.dumps(collection(base, sliver)), "sliver.geojson"), settings)
    assert m.elevation(m.at(5, 5)) == 1  # the sliver covers a fifth of it: the base wins


# --- numbering --------------------------------------------------------------------------------


def test_an_imported_map_numbers_from_0101_like_a_new_one(tmp_path):
    status, out = cli_import(tmp_path, osm_region(), "--palette", "ww2", *GRID)
    m = load_map(out)
    assert status == 0 and m.label(m.at(0, 0)) == "0101" and m.label(m.at(9, 9)) == "1010"
    engine, _ = import_geography(parse_geojson(json.dumps(osm_region()), "osm.geojson"),
                                 ImportSettings(palette="ww2", hex_km=1, coordinates="metres"))
    assert engine.label(engine.at(0, 0)) == "0101"


# --- GeoPackage and Shapefile -----------------------------------------------------------------


def write_vector(folder: Path, document: dict, driver: str, suffix: str, crs: str | None) -> Path:
    """The document's features written by pyogrio, one layer per kind of shape (a
    Shapefile holds one kind: written as three files, the polygons' returned)."""
    pyogrio_raw = pytest.importorskip("pyogrio.raw")
    import numpy as np
    import shapely

    kinds = {"Polygon": "Polygon", "LineString": "LineString", "Point": "Point"}
    paths = []
    for kind in kinds:
        features = [f for f in document["features"] if f["geometry"]["type"] == kind]
        if not features:
            continue
        names = sorted({k for f in features for k in f["properties"]})
        shapes = [shapely.from_geojson(json.dumps(f["geometry"])) for f in features]
        fields = [np.array([f["properties"].get(n) for f in features], dtype=object) for n in names]
        path = folder / (f"data{suffix}" if driver == "GPKG" else f"{kind.lower()}{suffix}")
        pyogrio_raw.write(path, shapely.to_wkb(np.array(shapes, dtype=object)), fields, names, layer=kind.lower(),
                          driver=driver, geometry_type=kind, crs=crs, append=driver == "GPKG" and bool(paths))
        paths.append(path)
    return paths[0]


def test_a_geopackage_imports_as_its_geojson_does(tmp_path):
    gpkg = write_vector(tmp_path, osm_region(), "GPKG", ".gpkg", "EPSG:32632")
    out = tmp_path / "gpkg.hexmap"
    assert main(["import-geo", str(gpkg), "--hex-km", "1", "--palette", "ww2", *GRID[:-2], "-o", str(out)]) == 0
    status, geojson_out = cli_import(tmp_path, osm_region(), "--palette", "ww2", *GRID)
    a, b = load_map(out), load_map(geojson_out)
    assert [a.terrain(h) for h in a.hexes()] == [b.terrain(h) for h in b.hexes()]
    assert a.roads() == b.roads() and a.rivers() == b.rivers()
    assert [(p.name, p.kind) for p in a.places()] == [("Ste Marie", "town")]


def test_a_shapefile_imports_its_polygons(tmp_path):
    document = collection(feature("Polygon", [square(500, 6000, 4000, 9800)], landuse="forest"))
    shp = write_vector(tmp_path, document, "ESRI Shapefile", ".shp", "EPSG:32632")
    out = tmp_path / "shp.hexmap"
    assert main(["import-geo", str(shp), "--hex-km", "1", "--palette", "cm", *GRID[:-2], "-o", str(out)]) == 0
    assert count(load_map(out), "forest") >= 10


@pytest.mark.parametrize("suffix", [".gpkg", ".shp"])
def test_without_pyogrio_a_geopackage_or_shapefile_is_refused_in_one_sentence(tmp_path, capsys, monkeypatch, suffix):
    monkeypatch.setitem(sys.modules, "pyogrio", None)  # as where pyogrio is not installed
    path = tmp_path / f"region{suffix}"
    path.write_bytes(b"not read")
    out = tmp_path / "x.hexmap"
    assert main(["import-geo", str(path), "--hex-km", "1", "-o", str(out)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and not out.exists()
    assert re.search(rf"region{suffix} is a (GeoPackage|Shapefile) file, which the import reads only through "
                     r"pyogrio: install it \(pip install pyogrio", err[0])


def test_a_damaged_geopackage_is_one_sentence(tmp_path, capsys):
    pytest.importorskip("pyogrio")
    path = tmp_path / "broken.gpkg"
    path.write_bytes(b"SQLite format 3\0" + b"\0" * 100)
    assert main(["import-geo", str(path), "--hex-km", "1", "-o", str(tmp_path / "x.hexmap")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("hexcampaign: broken.gpkg is not a GeoPackage file the import can read")


def test_a_rule_naming_a_terrain_the_palette_lacks_is_still_refused():
    with pytest.raises(GeoImportError, match="'jungle' is not"):
        ImportSettings(palette=polder_palette()).with_rules(["landuse=forest:jungle"])


def test_the_user_guides_osm_table_gives_each_shipped_palette_the_terrain_the_import_uses():
    from hexcampaign.geo.mapping import OSM_TERRAINS

    rows = {}
    for text in GUIDE.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in text.strip().strip("|").split("|")]
        if len(cells) == 6 and cells[1] in CLASSES:
            rows[cells[1]] = dict(zip(("ww2", "cm", "kasserine"), cells[2:5]))
    classes = {cls for _, _, cls in OSM_TAGS if cls in rows or cls in CLASSES}
    assert set(rows) == classes == CLASSES
    for name, terrains in OSM_TERRAINS.items():
        palette = load_palette(name)
        for cls in CLASSES:
            shown = rows[cls][name]
            assert shown == (palette.terrains[terrains[cls]].label if cls in terrains else "—"), (name, cls)


CLASSES = {"forest", "water", "urban", "marsh", "scrub", "rock", "sand"}
