"""A user's own palette: built from its dataclass fields, carried inside the map's file,
changed with a mapping of the terrains in use, exported and imported as a file."""

from __future__ import annotations

import json
import os

import pytest

from hexcampaign.maps import (
    HexMap,
    MapEditError,
    MapFormatError,
    Palette,
    TerrainType,
    load_map,
    save_map,
)
from hexcampaign.maps.palette import (
    SYMBOLS,
    PaletteError,
    load_palette,
    read_palette_file,
    save_palette_file,
)

FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures")


def my_palette() -> Palette:
    return Palette(
        name="bulge",
        title="Ardennes 1944",
        ruleset="none",
        default="fields",
        place_kinds=("town", "village"),
        terrains_list=(
            TerrainType("fields", "f", "Fields", "#e6e0a8", {"move_cost": 1}),
            TerrainType("forest", "F", "Forest", "#5f8f4e", {"move_cost": 2, "defence": 1}, symbol="trees"),
            TerrainType("swamp", "s", "Swamp", "#90b8a0", {"move_cost": 3}, note="Hohes Venn", symbol="marsh"),
            TerrainType("ridge", "r", "Ridge", "#c8a070", {"move_cost": 2, "height": 1}, symbol="hills"),
            TerrainType("rocks", "k", "Rocks", "#9a8a7a", {"move_cost": 4}, symbol="rough"),
            TerrainType("village", "v", "Built-up", "#c0b8b0", {"move_cost": 1, "defence": 2}, symbol="urban"),
        ),
        rules={"road_move_cost": 0.5},
        road_colour="#803020",
    )


def test_a_map_carries_its_own_palette_in_its_file(tmp_path):
    m = HexMap.blank(10, 8, palette=my_palette())
    m.set_terrain(m.at(2, 3), "swamp")
    m.set_terrain(m.at(4, 4), "forest")
    path = tmp_path / "bulge.hexmap"
    save_map(m, path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["version"] == 3 and doc["palette"]["name"] == "bulge"

    back = load_map(path)  # from the file alone: no palette file anywhere
    assert back.palette == my_palette()
    swamp = back.palette.terrains["swamp"]
    assert (swamp.label, swamp.colour, swamp.rules, swamp.symbol, swamp.note) == (
        "Swamp", "#90b8a0", {"move_cost": 3.0}, "marsh", "Hohes Venn")
    assert back.palette.rules == {"road_move_cost": 0.5} and back.palette.road_colour == "#803020"
    assert back.terrain(back.at(2, 3)) == "swamp" and back.terrain(back.at(0, 0)) == "fields"
    assert back == m


def test_a_map_with_a_shipped_palette_is_still_written_as_version_2(tmp_path):
    path = tmp_path / "k.hexmap"
    save_map(HexMap.blank(4, 4, palette="kasserine"), path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert (doc["version"], doc["palette"]) == (2, "kasserine")


def test_version_2_fixture_loads_forever():
    m = load_map(os.path.join(FIXTURES, "v2.hexmap"))
    assert m.name == "Version 2 fixture" and m.palette == load_palette("kasserine")
    assert m.terrain(m.at(2, 1)) == "rugged_crest" and m.elevation(m.at(2, 1)) == 2
    assert m.has_bridge(m.at(3, 3)) and m.place("Tebessa").vp == 3


def test_a_damaged_palette_inside_a_map_is_refused_in_one_sentence(tmp_path):
    m = HexMap.blank(4, 4, palette=my_palette())
    path = tmp_path / "bad.hexmap"
    save_map(m, path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["palette"]["terrains"][1]["colour"] = "green"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(MapFormatError, match=r"^bad.hexmap is damaged: its terrain palette is not usable: "
                                              r"terrain forest has a colour that is not #rrggbb\.$"):
        load_map(path)


def test_a_bad_palette_object_is_refused_when_the_map_is_made():
    bad = Palette(name="x", title="X", ruleset="none", default="nowhere", place_kinds=("town",),
                  terrains_list=(TerrainType("fields", "f", "Fields", "#e6e0a8"),))
    with pytest.raises(MapEditError, match="default terrain 'nowhere'"):
        HexMap.blank(3, 3, palette=bad)


def test_changing_the_palette_maps_every_terrain_in_use_or_is_refused_naming_it():
    m = HexMap.blank(6, 5, palette="kasserine")
    m.set_terrain(m.at(1, 1), "high_ground")
    m.set_terrain(m.at(2, 2), "rugged_crest")
    with pytest.raises(MapEditError, match=r"no terrain for High ground \(high_ground\)"):
        m.change_palette(my_palette(), {"plain": "fields"})
    assert m.palette.name == "kasserine" and m.terrain(m.at(1, 1)) == "high_ground"  # untouched

    used = m.change_palette(my_palette(), {"plain": "fields", "high_ground": "ridge", "rugged_crest": "rocks"})
    assert used == {"plain": "fields", "high_ground": "ridge", "rugged_crest": "rocks"}
    assert m.palette.name == "bulge"
    assert [m.terrain(m.at(c, c)) for c in range(3)] == ["fields", "ridge", "rocks"]


def test_a_palette_exports_and_imports_as_a_file(tmp_path):
    path = tmp_path / "bulge.hexpalette"
    save_palette_file(my_palette(), path)
    assert read_palette_file(path) == my_palette()
    path.write_text('{"name": "x"}', encoding="utf-8")
    with pytest.raises(PaletteError, match=r"^bulge.hexpalette is not a usable terrain palette: the palette has no"):
        read_palette_file(path)


def test_the_general_wwii_palette_has_every_terrain_with_a_symbol():
    ww2 = load_palette("ww2")
    assert [t.name for t in ww2.terrains_list] == [
        "clear", "rough", "woods", "marsh", "hills", "mountain", "desert", "urban", "water"]
    assert all(t.symbol in SYMBOLS for t in ww2.terrains_list)
    assert {t.symbol for t in ww2.terrains_list[1:]} == set(SYMBOLS[1:])
    assert ww2.terrains["water"].rules["impassable"] == 1


def test_the_rulesets_palettes_keep_their_rule_numbers():
    kasserine = load_palette("kasserine")
    assert {t.name: t.rules["move_cost"] for t in kasserine.terrains_list} == {
        "plain": 2, "high_ground": 4, "rugged_crest": 8}
    assert load_palette("cm").terrains["forest"].rules == {"move_cost": 2}
