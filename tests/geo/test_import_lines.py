"""Each road and river of the data becomes a named line of its own (issue 30, Lines):
two rivers whose ends lie in neighbouring hexes stay two rivers, a line takes the
feature's name (or ref) or "River 1", and a map made from geography records its km
per hex for the printed scale bar."""

from __future__ import annotations

import json

import pytest

from hexcampaign.geo import ImportSettings, import_geography, parse_geojson, plan_import

from ._regions import centre, collection, feature, grid_label

GRID = {"hex_km": 1.0, "origin": (0.0, 10_000.0), "cols": 10, "rows": 10, "coordinates": "metres"}
RULES = ["highway=*:road", "waterway=*:river"]


def region() -> dict:
    return collection(
        # Two streams: the second starts in the hex beside the first one's last.
        feature("LineString", [centre("0102"), centre("0502")], waterway="river", name="Oued Hatab"),
        feature("LineString", [centre("0602"), centre("0606")], waterway="stream"),
        # Two roads that meet end to end, one known by its number only.
        feature("LineString", [centre("0108"), centre("0408")], highway="primary", ref="C13"),
        feature("LineString", [centre("0408"), centre("0808")], highway="track"),
        # A road that leaves the map and comes back: two pieces of one road.
        feature("LineString", [centre("0009"), [-3000.0, centre("0009")[1]], [-3000.0, centre("0007")[1]],
                               centre("0007")], highway="secondary", name="Piste"),
    )


def imported():
    data = parse_geojson(json.dumps(region()), "lines.geojson")
    settings = ImportSettings(palette="cm", **GRID).with_rules(RULES)
    return import_geography(data, settings)[0], plan_import(data, settings)


def labels(line) -> list[str]:
    return [f"{h.to_offset()[0]:02d}{h.to_offset()[1]:02d}" for h in line.hexes]


def test_each_river_and_road_of_the_data_is_a_line_of_its_own_named_from_the_data():
    m, _ = imported()
    rivers = m.lines("river")
    assert [line.name for line in rivers] == ["Oued Hatab", "River 1"]
    assert labels(rivers[0]) == ["0102", "0202", "0302", "0402", "0502"]
    assert labels(rivers[1])[0] == "0602" and labels(rivers[1])[-1] == "0606"
    roads = m.lines("road")
    assert [line.name for line in roads] == ["C13", "Road 1"]  # the piste never gets two hexes
    assert labels(roads[0]) == ["0108", "0208", "0308", "0408"]
    assert labels(roads[1])[0] == "0408"  # meets C13 at its end, but is a road of its own


def test_a_feature_cut_by_the_map_edge_is_named_piece_by_piece():
    region_ = collection(feature("LineString", [centre("0205"), [-3000.0, centre("0205")[1]],
                                                [-3000.0, centre("0208")[1]], centre("0208")],
                                 waterway="river", name="Oued el Hatab"))
    data = parse_geojson(json.dumps(region_), "edge.geojson")
    m, _ = import_geography(data, ImportSettings(palette="cm", **GRID).with_rules(RULES))
    assert [line.name for line in m.lines("river")] == ["Oued el Hatab", "Oued el Hatab (2)"]
    assert [grid_label(m, line.hexes[0]) for line in m.lines("river")] == ["0205", "0008"]


def test_the_plan_counts_what_it_did_before():
    """The command line's and the dialog's summary are those of the hexes and links."""
    m, plan = imported()
    assert set(plan.rivers) == m.rivers()
    assert {frozenset(link) for link in plan.roads} == {frozenset(link) for link in m.roads()}
    assert "road links" in plan.summary()


@pytest.mark.parametrize("hex_km", [1.0, 2.5])
def test_a_map_made_from_geography_records_its_km_per_hex(hex_km):
    data = parse_geojson(json.dumps(region()), "lines.geojson")
    settings = ImportSettings(palette="cm", **{**GRID, "hex_km": hex_km, "cols": None, "rows": None,
                                               "origin": None}).with_rules(RULES)
    m, _ = import_geography(data, settings)
    assert m.hex_km == pytest.approx(hex_km)
