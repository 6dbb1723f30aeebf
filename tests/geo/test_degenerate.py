"""When GEOS gives up on a degenerate shape. The numpy measure (hexcampaign.geo.clip)
sends the few pairs where a shape touches a hex exactly (a vertex on the outline, an edge
along a side) to shapely's intersection; if GEOS raises there (a TopologyException on a
degenerate shape), the numpy sums are kept. Those sums are still the area: an import
gives the same terrain it would have given, with no traceback."""

from __future__ import annotations

import json

import numpy as np
import pytest
import shapely

from hexcampaign.geo import ImportSettings, import_geography, parse_geojson

from ._regions import collection, feature, grid_label, hex_polygon_m
from .test_clip import CASES, HEXAGON, LAYOUT, NEAR

TOUCHING = ["the hex itself", "the hex clockwise", "two hexes' union", "vertex on a corner",
            "half-plane along a row of centres", "a sliver along a side"]


class GeosGivesUp:
    """shapely.intersection of arrays (as covered_areas asks it) raises as GEOS does on
    a degenerate overlay, while `on`; `asked` counts the pairs it refused."""

    def __init__(self) -> None:
        self.on, self.asked = True, 0
        self.real = shapely.intersection

    def __call__(self, a, b, *args, **kwargs):
        if self.on and isinstance(b, np.ndarray):
            self.asked += len(b)
            raise shapely.errors.GEOSException("TopologyException: side location conflict at 0 0")
        return self.real(a, b, *args, **kwargs)


@pytest.fixture
def geos(monkeypatch) -> GeosGivesUp:
    refusing = GeosGivesUp()
    monkeypatch.setattr(shapely, "intersection", refusing)
    return refusing


@pytest.mark.parametrize("name", TOUCHING)
def test_the_sums_are_kept_and_still_measure_the_area(name, geos):
    from hexcampaign.geo.clip import covered_areas

    shape = shapely.make_valid(CASES[name])
    hexes = [LAYOUT.polygon(h) for h in NEAR]
    expected = [shapely.area(geos.real(shape, h)) for h in hexes]  # GEOS answering
    shapes = np.empty(1, dtype=object)
    shapes[0] = shape
    centres = np.array([LAYOUT.center(h) for h in NEAR])
    ours = covered_areas(shapes, np.zeros(len(NEAR), dtype=int), HEXAGON, centres)
    assert geos.asked, "no pair was sent to GEOS: the test does not reach the fallback"
    assert np.all(np.isfinite(ours)) and np.all(ours >= 0)
    np.testing.assert_allclose(ours, expected, atol=1e-6)


def test_an_import_whose_polygons_lie_along_hex_sides_gives_the_same_terrain_when_geos_gives_up(geos):
    """Forest polygons that are exactly hexes (every edge along a side, every vertex on a
    corner): the pairs GEOS is asked about. The map is the same as when GEOS answers."""
    forest_hexes = ["0203", "0204", "0303", "0505"]
    rings = [[list(p) for p in hex_polygon_m(label).exterior.coords] for label in forest_hexes]
    document = collection(*(feature("Polygon", [ring], landuse="forest") for ring in rings))
    settings = ImportSettings(
        palette="cm", hex_km=1.0, origin=(0.0, 10_000.0), cols=8, rows=8, coordinates="metres"
    ).with_rules(["landuse=forest:forest"])
    refused, notes = import_geography(parse_geojson(json.dumps(document), "sides.geojson"), settings)
    assert geos.asked, "no pair was sent to GEOS"
    geos.on = False
    answered, _ = import_geography(parse_geojson(json.dumps(document), "sides.geojson"), settings)
    forest = sorted(grid_label(refused, h) for h in refused.hexes() if refused.terrain(h) == "forest")
    assert forest == sorted(forest_hexes)
    assert all(refused.terrain(h) == answered.terrain(h) for h in refused.hexes())
