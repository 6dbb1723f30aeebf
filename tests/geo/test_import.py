"""Geography onto hexes: a forest with a lake, a road crossing a river, named towns,
heights; what an author sees on the map made from a small GeoJSON file."""

from __future__ import annotations

import math

import pytest

from hexcampaign.geo import (
    GeoImportError,
    ImportSettings,
    import_geography,
    parse_geojson,
    plan_import,
    read_geojson,
)
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap

from ._regions import centre, collection, feature, grid_label, hex_polygon_m, square, write

GRID = {"hex_km": 1.0, "origin": (0.0, 10_000.0), "cols": 10, "rows": 10, "coordinates": "metres"}
FOREST = square(1000, 3000, 6000, 8600)
LAKE_AT = "0303"


def lake() -> list[list[float]]:
    x, y = centre(LAKE_AT)
    return square(x - 450, y - 450, x + 450, y + 450)


def region() -> dict:
    return collection(
        feature("Polygon", [FOREST, lake()[::-1]], landuse="forest"),  # the lake is a hole
        feature("Polygon", [lake()], natural="water"),
        feature("LineString", [centre("0200"), centre("0209")], highway="primary"),
        feature("LineString", [centre("0006"), centre("0603")], waterway="river", name="Oued Hatab"),
        feature("Point", centre("0101"), name="Thala", kind="town", vp=2, pp=1),
        feature("Point", centre("0707"), name="Sbiba", kind="city", vp="3"),
        feature("Point", centre("0707"), name="Kasserine"),
        feature("Point", centre("0808"), ele=300),
        feature("Point", [-5000.0, 5000.0], name="Tebessa"),
    )


def cm_import(**changes) -> tuple[HexMap, list[str]]:
    settings = ImportSettings(palette="cm", **{**GRID, **changes}).with_rules(
        ["natural=water:ignore", "landuse=forest:forest", "highway=*:road", "waterway=river:river"]
    )
    return import_geography(parse_geojson(_json(region()), "region.geojson"), settings)


def _json(document) -> str:
    import json

    return json.dumps(document)


def at(m: HexMap, label: str) -> Hex:
    return m.at(int(label[:2]), int(label[2:]))


def test_each_hex_takes_the_terrain_covering_most_of_it_and_the_lake_stays_open():
    from shapely.geometry import Polygon

    m, _ = cm_import()
    forest = Polygon(FOREST, [lake()])
    for h in m.hexes():
        label = grid_label(m, h)
        share = hex_polygon_m(label).intersection(forest).area / hex_polygon_m(label).area
        if abs(share - 0.5) > 1e-6:
            assert m.terrain(h) == ("forest" if share > 0.5 else "clear"), (label, share)
    assert m.terrain(at(m, LAKE_AT)) == "clear"  # the hole in the forest
    assert m.terrain(at(m, "0205")) == "forest"
    assert m.terrain(at(m, "0909")) == "clear"  # far from any polygon: the default


def test_a_higher_threshold_gives_fewer_forest_hexes():
    loose, _ = cm_import(min_share=0.2)
    strict, _ = cm_import(min_share=0.9)
    count = lambda m: sum(m.terrain(h) == "forest" for h in m.hexes())  # noqa: E731
    assert count(loose) > count(strict) > 0


def test_a_road_links_the_hexes_it_passes_in_order_and_crosses_the_river_on_a_bridge():
    m, _ = cm_import()
    expected = {frozenset((at(m, f"02{row:02d}"), at(m, f"02{row + 1:02d}"))) for row in range(9)}
    assert {frozenset(link) for link in m.roads()} == expected
    river = ["0006", "0105", "0205", "0304", "0404", "0503", "0603"]
    assert sorted(grid_label(m, h) for h in m.rivers()) == sorted(river)
    assert [grid_label(m, h) for h in m.bridges()] == ["0205"]


def test_rivers_are_listed_in_the_order_of_the_line():
    data = parse_geojson(_json(region()), "region.geojson")
    settings = ImportSettings(palette="cm", **GRID).with_rules(["waterway=river:river"])
    plan = plan_import(data, settings)
    labels = [f"{h.to_offset()[0]:02d}{h.to_offset()[1]:02d}" for h in plan.rivers]
    assert labels == ["0006", "0105", "0205", "0304", "0404", "0503", "0603"]


def test_named_points_become_places_with_kind_vp_and_pp():
    m, notes = cm_import()
    places = {p.name: p for p in m.places()}
    assert set(places) == {"Thala", "Sbiba"}
    thala, sbiba = places["Thala"], places["Sbiba"]
    assert (grid_label(m, thala.hex), thala.kind, thala.vp, thala.pp) == ("0101", "town", 2, 1)
    # "city" is not a kind of the cm palette: the default kind; VP written as text counts.
    assert (grid_label(m, sbiba.hex), sbiba.kind, sbiba.vp, sbiba.pp) == ("0707", "town", 3, 0)
    # The note names the hex by the number the map prints (from 0101).
    assert any("Kasserine" in n and m.label(sbiba.hex) == "0808" and "0808" in n for n in notes)
    assert any("off the map" in n for n in notes)


def test_a_point_rule_sets_the_kind_and_ignore_drops_a_place():
    data = parse_geojson(_json(region()), "region.geojson")
    settings = ImportSettings(palette="cm", **GRID).with_rules(["name=Thala:capital", "name=Sbiba:ignore"])
    m, _ = import_geography(data, settings)
    kinds = {p.name: p.kind for p in m.places()}
    assert kinds["Thala"] == "capital"
    assert "Sbiba" not in kinds and "Kasserine" in kinds  # the hex is free for the next one


def test_elevation_is_the_mean_per_hex_binned_into_levels():
    document = collection(
        feature("Polygon", [square(0, 0, 3000, 10_000)], ele=100),
        feature("Polygon", [square(3000, 0, 9000, 10_000)], ele=500),
        feature("Point", centre("0808"), ele=900),
        feature("Point", centre("0808"), ele=1100),
    )
    data = parse_geojson(_json(document), "heights.geojson")
    m, _ = import_geography(data, ImportSettings(palette="cm", elevation_attribute="ele", levels=5, **GRID))
    # Hex means 100 (west), 500 (east), 1000 at 0808 (points win): 5 bins over 100..1000.
    assert m.elevation(at(m, "0105")) == 0
    assert m.elevation(at(m, "0705")) == math.floor((500 - 100) / 900 * 5)
    assert m.elevation(at(m, "0808")) == 4
    fixed, _ = import_geography(
        data, ImportSettings(palette="cm", elevation_attribute="ele", metres_per_level=200, **GRID))
    assert [fixed.elevation(at(fixed, label)) for label in ("0105", "0705", "0808")] == [0, 2, 5]


def test_longitude_latitude_is_projected_so_that_kilometres_come_out_right():
    # Two towns 0.18 degrees of latitude apart: 20.0 km; 2 km hexes: 10 rows apart.
    document = collection(
        feature("Point", [8.8, 35.0], name="North"),
        feature("Point", [8.8, 35.0 - 20.0 / 111.195], name="South"),
        feature("Point", [8.8 + 20.0 / (111.195 * math.cos(math.radians(34.91))), 34.91], name="East"),
    )
    m, _ = import_geography(parse_geojson(_json(document), "ll.geojson"), ImportSettings(hex_km=2.0))
    where = {p.name: p.hex for p in m.places()}
    assert where["North"].distance(where["South"]) == 10
    # 20 km east: flat-top columns are 1.5 × 2/√3 = 1.73 km apart, so about 11.5 columns.
    east_cols = where["East"].to_offset()[0] - where["North"].to_offset()[0]
    assert east_cols in (11, 12)


def test_the_map_covers_the_data_with_half_a_hex_to_spare():
    document = collection(
        feature("Point", [0.0, 0.0], name="SW"),
        feature("Point", [20_000.0, 15_000.0], name="NE"),
    )
    m, notes = import_geography(parse_geojson(_json(document), "m.geojson"),
                                ImportSettings(hex_km=1.0, coordinates="metres"))
    assert {p.name for p in m.places()} == {"SW", "NE"}
    assert not notes
    assert (m.cols, m.rows) == (24, 16)


def test_onto_an_open_map_only_what_the_data_covers_changes():
    m = HexMap.blank(10, 10, palette="cm")
    m.set_terrain(at(m, "0909"), "forest")
    m.add_place(at(m, "0505"), "Feriana", "village")
    data = parse_geojson(_json(region()), "region.geojson")
    settings = ImportSettings(palette="cm", hex_km=1.0, origin=(0.0, 10_000.0),
                              coordinates="metres").with_rules(["landuse=forest:forest"])
    plan = plan_import(data, settings, onto=m)
    plan.apply(m)
    assert m.terrain(at(m, "0909")) == "forest"  # untouched: no polygon there
    assert m.terrain(at(m, "0205")) == "forest"
    assert {p.name for p in m.places()} == {"Feriana", "Thala", "Sbiba"}


def test_a_map_too_large_for_the_hex_size_is_refused_in_a_sentence():
    document = collection(feature("Point", [0.0, 0.0], name="A"), feature("Point", [900_000.0, 0.0], name="B"))
    data = parse_geojson(_json(document), "wide.geojson")
    with pytest.raises(GeoImportError, match=r"would be \d+×\d+ hexes.*choose larger hexes"):
        plan_import(data, ImportSettings(hex_km=1.0, coordinates="metres"))


@pytest.mark.parametrize(
    "rule, words",
    [("landuse", "not ATTRIBUTE=VALUE:TARGET"), ("landuse=forest:jungle", "'jungle' is not something"),
     ("=forest:forest", "not ATTRIBUTE=VALUE:TARGET")],
)
def test_a_bad_mapping_is_refused_in_a_sentence(rule, words):
    with pytest.raises(GeoImportError, match=words):
        ImportSettings(palette="cm").with_rules([rule])


def test_the_file_reader_and_the_text_reader_agree(tmp_path):
    path = write(tmp_path, region())
    a, _ = import_geography(read_geojson(path), ImportSettings(palette="cm", **GRID))
    b, _ = import_geography(parse_geojson(_json(region()), path.name), ImportSettings(palette="cm", **GRID))
    assert a == b


def test_a_road_beside_a_river_shares_its_hexes_without_bridges():
    document = collection(
        feature("LineString", [centre("0200"), centre("0209")], highway="primary"),
        feature("LineString", [[centre("0200")[0] + 60, centre("0200")[1]],
                               [centre("0209")[0] + 60, centre("0209")[1]]], waterway="river"),
    )
    settings = ImportSettings(palette="cm", **GRID).with_rules(["highway=*:road", "waterway=*:river"])
    m, _ = import_geography(parse_geojson(_json(document), "valley.geojson"), settings)
    assert len(m.rivers()) == 10 and all(m.on_road(h) for h in m.rivers())
    assert m.bridges() == set()


def test_a_pointy_topped_map_puts_each_town_in_its_hex():
    from hexcampaign.hexes import Layout

    size = 1.0 / math.sqrt(3)
    layout = Layout(size, "pointy", (math.sqrt(3) / 2 * size, -10 + size))  # NW corner (0, 10 km)
    towns = {"A": (3, 4), "B": (6, 1), "C": (0, 7)}
    document = collection(*[
        feature("Point", [layout.center(Hex.from_offset_pointy(c, r))[0] * 1000,
                          -layout.center(Hex.from_offset_pointy(c, r))[1] * 1000], name=name)
        for name, (c, r) in towns.items()
    ])
    settings = ImportSettings(palette="cm", orientation="pointy", **GRID)
    m, _ = import_geography(parse_geojson(_json(document), "pointy.geojson"), settings)
    assert m.orientation == "pointy"
    assert {p.name: m.offset(p.hex) for p in m.places()} == towns


def test_a_lake_of_many_positions_covers_the_same_hexes_as_shapely_says():
    from shapely.geometry import Point

    x, y = centre("0505")
    lake = Point(x, y).buffer(3200, 64)  # 257 positions: inner and outer hexes sorted out first
    document = collection(feature("Polygon", [list(map(list, lake.exterior.coords))], natural="water"))
    settings = ImportSettings(palette="cm", min_share=0.3, **GRID).with_rules(["natural=water:forest"])
    m, _ = import_geography(parse_geojson(_json(document), "lake.geojson"), settings)
    for h in m.hexes():
        share = hex_polygon_m(grid_label(m, h)).intersection(lake).area / hex_polygon_m(grid_label(m, h)).area
        if abs(share - 0.3) > 1e-6:
            assert (m.terrain(h) == "forest") == (share > 0.3), (grid_label(m, h), share)
    assert m.terrain(at(m, "0505")) == "forest" and m.terrain(at(m, "0909")) == "clear"


def test_work_beyond_the_import_s_bounds_is_refused_in_a_sentence(monkeypatch):
    import hexcampaign.geo.importer as importer

    data = parse_geojson(_json(region()), "region.geojson")
    settings = ImportSettings(palette="cm", **GRID).with_rules(["landuse=forest:forest", "highway=*:road"])
    monkeypatch.setattr(importer, "MAX_PAIRS", 10)
    with pytest.raises(GeoImportError, match="overlap the map's hexes some .* clip or dissolve"):
        plan_import(data, settings)
    monkeypatch.setattr(importer, "MAX_PAIRS", 10_000_000)
    monkeypatch.setattr(importer, "MAX_LINE_STEPS", 10)
    with pytest.raises(GeoImportError, match=r"run \d+ km, too far to follow"):
        plan_import(data, settings)
