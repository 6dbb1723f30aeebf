"""Rivers and roads as named lines (issue 30 item 7): each its own ordered list of hexes,
drawn as its own path, extended from its ends, cut in two by a removal, its name saved;
old files (one river list, one road list) split into lines that draw as they drew."""

from __future__ import annotations

import json

import pytest

from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap, MapEditError, load_map
from hexcampaign.maps.fileformat import dumps_map, loads_map
from hexcampaign.maps.lines import joined_hexes, river_joins, river_path
from hexcampaign.paths import maps_path


def at(col: int, row: int) -> Hex:
    return Hex.from_offset(col, row)


def drawn_joins(m: HexMap) -> set[frozenset[Hex]]:
    """The pairs of river hexes the drawn river paths join (centre to centre)."""
    joined = joined_hexes(m.lines("river"))
    pairs = set()
    for line in m.lines("river"):
        keys = [k for k in river_path(line, joined) if isinstance(k[0], int)]  # hex centres
        pairs |= {frozenset(p) for p in zip(keys, keys[1:])}
    return pairs


def test_two_rivers_two_hexes_apart_stay_apart_in_the_drawn_path() -> None:
    m = HexMap.blank(10, 10)
    north = [at(1, 3), at(2, 3), at(3, 3), at(4, 3)]
    south = [at(1, 5), at(2, 5), at(3, 5), at(4, 5)]
    m.add_line("river", north, "Oued Hatab")
    m.add_line("river", south, "Oued Derb")
    assert [line.name for line in m.lines("river")] == ["Oued Hatab", "Oued Derb"]
    joins = drawn_joins(m)
    assert all(frozenset((a, b)) not in joins for a in north for b in south)
    assert {frozenset(p) for p in zip(north, north[1:])} <= joins
    # Even side by side, a hex apart: no join drawn between the two.
    m.add_line("river", [at(1, 4), at(2, 4)], "Ditch")
    joins = drawn_joins(m)
    assert frozenset((at(1, 4), at(1, 3))) not in joins and frozenset((at(1, 4), at(2, 4))) in joins


def test_rivers_meet_only_where_they_share_a_hex() -> None:
    m = HexMap.blank(10, 10)
    m.add_line("river", [at(1, 3), at(2, 3), at(3, 3), at(4, 3)], "Main")
    m.add_line("river", [at(3, 3), at(3, 4), at(3, 5)], "Tributary")
    joined = joined_hexes(m.lines("river"))
    path = river_path(m.lines("river")[1], joined)
    assert path[0] == at(3, 3)  # starts at the shared centre: no stub out of it
    assert path[-1] == (at(3, 5), (at(3, 5).direction_to(at(3, 4)) + 3) % 6)  # a free end runs off


def test_a_stroke_from_a_rivers_end_extends_it_and_elsewhere_starts_a_new_one() -> None:
    m = HexMap.blank(10, 10)
    i = m.add_line("river", [at(2, 2), at(3, 2)])
    found = m.line_ending_at(at(3, 2), "river")
    assert found == (i, False)
    m.extend_line(i, at(4, 2))
    m.extend_line(i, at(1, 2), at_start=True)
    assert m.lines()[i].hexes == (at(1, 2), at(2, 2), at(3, 2), at(4, 2))
    assert m.line_ending_at(at(2, 2), "river") is None  # a middle hex is no end
    with pytest.raises(MapEditError, match="not adjacent"):
        m.extend_line(i, at(8, 8))


def test_removing_a_middle_hex_cuts_a_river_in_two_and_a_segment_cuts_a_road() -> None:
    m = HexMap.blank(10, 10)
    m.add_line("river", [at(1, 2), at(2, 2), at(3, 2), at(4, 2)], "Oued")
    m.set_river(at(2, 2), False)
    rivers = m.lines("river")
    assert [(line.name, line.hexes) for line in rivers] == [
        ("Oued", (at(1, 2),)), ("Oued (2)", (at(3, 2), at(4, 2)))]
    m.add_line("road", [at(1, 6), at(2, 6), at(3, 6), at(4, 6)], "Highway 13")
    m.remove_road(at(2, 6), at(3, 6))
    roads = m.lines("road")
    assert [line.hexes for line in roads] == [(at(1, 6), at(2, 6)), (at(3, 6), at(4, 6))]
    assert not m.has_road(at(2, 6), at(3, 6)) and m.has_road(at(1, 6), at(2, 6))
    m.remove_road(at(1, 6), at(2, 6))  # a road of one hex goes nowhere: it goes
    assert [line.name for line in m.lines("road")] == ["Highway 13 (2)"]


def test_names_are_saved_and_read_back_as_version_5() -> None:
    m = HexMap.blank(8, 8)
    m.add_line("river", [at(1, 1), at(1, 2), at(2, 2)], "Oued el Hatab")
    m.add_line("road", [at(0, 4), at(1, 4), at(2, 4)], "Highway 13")
    text = dumps_map(m)
    doc = json.loads(text)
    assert doc["version"] == 5 and "rivers" not in doc and "roads" not in doc
    assert doc["lines"][0] == {"kind": "river", "name": "Oued el Hatab", "hexes": [[1, 1], [1, 2], [2, 2]]}
    back = loads_map(text)
    assert back == m
    assert [line.name for line in back.lines()] == ["Oued el Hatab", "Highway 13"]
    m.rename_line(1, "Route de Tébessa")
    assert loads_map(dumps_map(m)).lines()[1].name == "Route de Tébessa"
    with pytest.raises(MapEditError, match="needs a name"):
        m.rename_line(0, "  ")


def test_the_rules_queries_read_the_lines() -> None:
    m = HexMap.blank(8, 8)
    m.add_line("road", [at(1, 1), at(2, 1), at(3, 1)], "A")
    m.add_line("road", [at(2, 1), at(2, 2)], "B")  # a crossroads at 0201
    assert m.has_road(at(1, 1), at(2, 1)) and m.has_road(at(2, 2), at(2, 1))
    assert sorted(m.road_neighbours(at(2, 1))) == sorted([at(1, 1), at(3, 1), at(2, 2)])
    m.remove_line(1)
    assert not m.has_road(at(2, 1), at(2, 2)) and m.on_road(at(2, 1))
    m.add_line("river", [at(5, 5)], "Pond")
    brook = m.add_line("river", [at(5, 5), at(5, 6)], "Brook")
    m.remove_line(brook)
    assert m.is_river(at(5, 5)) and not m.is_river(at(5, 6))  # the pond's hex stays river


def old_shipped_maps() -> list:
    """The shipped maps still in a version before 5 (the geography example is made
    afresh by its script, in the current version)."""
    return [p for p in sorted(maps_path().rglob("*.hexmap"))
            if json.loads(p.read_text(encoding="utf-8"))["version"] < 5]


@pytest.mark.parametrize("path", old_shipped_maps(), ids=lambda p: p.name)
def test_an_old_file_opens_with_the_same_rivers_roads_and_joins(path) -> None:
    """A shipped map (version 2 or 3: one river list, one road list) opens as lines
    that join exactly the hexes the old single list drew joined, and keep its roads."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    m = load_map(path)
    order = list(dict.fromkeys(m.at(col, row) for col, row in raw.get("rivers", [])))
    assert m.rivers() == set(order)
    old_joins = {frozenset(p) for p in river_joins(order)}
    assert drawn_joins(m) == old_joins
    old_roads = {frozenset((m.at(a, b), m.at(c, d))) for a, b, c, d in raw.get("roads", [])}
    assert {frozenset(p) for p in m.roads()} == old_roads
    # Every road segment in exactly one road line: no road drawn twice.
    segments = [frozenset(s.hexes()) for line in m.lines("road") for s in line.sides()]
    assert len(segments) == len(set(segments)) == len(old_roads)
    # The same lines every time, and saved as version 5 they read back the same.
    assert load_map(path).lines() == m.lines()
    assert loads_map(dumps_map(m)) == m


def test_the_version_2_fixture_migrates_to_lines() -> None:
    from pathlib import Path

    m = load_map(Path(__file__).parent / "fixtures" / "v2.hexmap")
    assert all(line.name.startswith(("River ", "Road ")) for line in m.lines())
    assert json.loads(dumps_map(m))["version"] == (5 if m.lines() else 2)


# --- rivers along hexsides (a palette's river_hexsides) ---------------------------------


def hexside_palette():
    from hexcampaign.maps import load_palette
    from hexcampaign.maps.palette import palette_from_data

    data = load_palette("ww2").to_data()
    return palette_from_data({**data, "name": "ww2_sides", "title": "WW2, rivers on hexsides", "river_hexsides": True})


def test_a_palette_may_ask_for_rivers_along_hexsides() -> None:
    from hexcampaign.maps import load_palette
    from hexcampaign.maps.palette import PaletteError, palette_from_data

    assert not load_palette("ww2").river_hexsides
    assert "river_hexsides" not in load_palette("ww2").to_data()  # shipped palettes read as before
    palette = hexside_palette()
    assert palette.river_hexsides and palette_from_data(palette.to_data()) == palette
    with pytest.raises(PaletteError, match="river_hexsides is not true or false"):
        palette_from_data({**palette.to_data(), "river_hexsides": "yes"})


def test_a_hexside_river_runs_between_hexes_in_order_and_is_saved() -> None:
    from hexcampaign.hexes import HexSide
    from hexcampaign.maps.lines import HEXSIDE_RIVER, hexside_river_corners, side_path

    m = HexMap.blank(8, 8, palette=hexside_palette())
    first = HexSide.between(at(2, 2), at(3, 2))
    along = [first, *side_path(first, HexSide.between(at(4, 3), at(4, 2)))]
    i = m.add_line(HEXSIDE_RIVER, along, "Wadi Zeroud")
    assert m.river_between(at(2, 2), at(3, 2)) and m.river_between(at(3, 2), at(2, 2))
    assert not m.river_between(at(2, 2), at(2, 3))
    assert not m.is_river(at(2, 2))  # no hex is water: the rules' river hexes are unchanged
    assert len(hexside_river_corners(m.lines()[i])) == len(along) + 1  # drawn corner to corner
    with pytest.raises(MapEditError, match="does not touch"):
        m.extend_line(i, HexSide.between(at(6, 6), at(6, 7)))
    doc = json.loads(dumps_map(m))
    assert doc["lines"][0]["kind"] == "hexside_river" and doc["lines"][0]["hexsides"][0] == [2, 2, 3, 2]
    back = loads_map(dumps_map(m))
    assert back == m and back.river_sides() == set(along)
    m.remove_river_side(along[1])  # cut in two, the second part named after the first
    assert [(line.name, len(line.along)) for line in m.lines()] == [("Wadi Zeroud", 1), ("Wadi Zeroud (2)", 2)]
    m.clear_hex(at(2, 2))  # the eraser takes the river from the hex's sides
    assert not m.river_between(at(2, 2), at(3, 2))


def test_the_hand_check_and_the_file_model_agree_on_lines() -> None:
    from pydantic import ValidationError

    from hexcampaign.maps.plain_check import plain_document
    from hexcampaign.maps.schema import MapFileV5

    m = HexMap.blank(5, 5)
    m.add_line("river", [at(1, 1), at(1, 2)])
    good = json.loads(dumps_map(m))
    for line in (
        {"kind": "hexside_river", "name": "W", "hexsides": [[1, 1, 2, 1]]},  # allowed
        {"kind": "hexside_river", "name": "W", "hexes": [[1, 1]]},
        {"kind": "hexside_river", "name": "W", "hexsides": [[1, 1, 2, 1]], "hexes": [[1, 1]]},
        {"kind": "river", "name": "W", "hexsides": [[1, 1, 2, 1]]},
        {"kind": "road", "name": "W", "hexes": []},
        {"kind": "lake", "name": "W", "hexes": [[1, 1]]},
        {"kind": "river", "name": "", "hexes": [[1, 1]]},
        {"kind": "river", "name": "W", "hexes": [[1, 1, 1]]},
    ):
        data = {**good, "lines": [line]}
        try:
            MapFileV5.model_validate(data)
            model_ok = True
        except ValidationError:
            model_ok = False
        assert (plain_document(data) is not None) == model_ok, line
