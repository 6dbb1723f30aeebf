"""The unit charts: shipped defaults, loading an umpire's own, validation."""

from __future__ import annotations

import json

import pytest

from hexcampaign.campaign import UnitChart, UnitChartError

CATEGORIES = {
    "infantry",
    "tank",
    "stug",
    "light_tank",
    "sp_gun",
    "armoured_car",
    "at_gun",
    "aa_gun",
    "engineer",
    "mortar",
    "medium_artillery",
    "heavy_artillery",
    "heavy_mortar",
    "air",
}


@pytest.mark.parametrize("side", ["german", "us"])
def test_shipped_chart_covers_every_category_and_explains_itself(side):
    chart = UnitChart.default(side)
    assert {t.category for t in chart.types} == CATEGORIES
    assert "draft" in chart.source and len(chart.source) > 200
    for t in chart.types:
        assert t.cost > 0
        if t.category in ("infantry", "engineer"):
            assert t.red_number and t.vehicles is None
        else:
            assert t.vehicles and t.red_number is None
    assert any(t.category == "infantry" and t.motorised for t in chart.types)
    assert any(t.category == "infantry" and not t.motorised for t in chart.types)


@pytest.mark.parametrize(("vehicles", "eliminated_at"), [(5, 3), (3, 2), (4, 3), (2, 2), (6, 4)])
def test_vehicle_units_die_at_one_more_than_half(vehicles, eliminated_at):
    chart = UnitChart.default("us")
    t = chart.types[0].model_copy(
        update={"category": "tank", "vehicles": vehicles, "red_number": None}
    )
    assert t.loss_limit == eliminated_at


def test_an_umpire_chart_loads_and_a_bad_one_is_refused(tmp_path):
    good = {
        "format": "hexcampaign-unit-chart",
        "version": 1,
        "side": "italian",
        "types": [
            {
                "id": "fucilieri",
                "name": "Fucilieri company",
                "category": "infantry",
                "cost": 1,
                "red_number": 30,
            }
        ],
    }
    path = tmp_path / "italian.json"
    path.write_text(json.dumps(good))
    chart = UnitChart.load(path)
    assert chart.type("fucilieri").red_number == 30
    good["types"][0]["category"] = "tank"  # a tank with men, no vehicles
    path.write_text(json.dumps(good))
    with pytest.raises(UnitChartError, match="vehicles"):
        UnitChart.load(path)
    good["types"][0]["category"] = "cavalry"
    path.write_text(json.dumps(good))
    with pytest.raises(UnitChartError, match="category"):
        UnitChart.load(path)
    with pytest.raises(UnitChartError, match="no shipped unit chart"):
        UnitChart.default("martian")
