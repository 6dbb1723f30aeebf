"""find_problems names each planted problem, with its hex, and is quiet on a sound map."""

from __future__ import annotations

from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap
from hexcampaign.maps.validation import find_problems


def at(col: int, row: int) -> Hex:
    return Hex.from_offset(col, row)


def sound_map() -> HexMap:
    """Two towns joined by a road that runs off the west edge; a bridged river."""
    m = HexMap.blank(8, 6, palette="kasserine")
    road = [at(c, 2) for c in range(0, 6)]
    for a, b in zip(road, road[1:]):
        m.add_road(a, b)
    m.set_river(at(3, 2), True)
    m.set_bridge(at(3, 2), True)
    m.add_place(at(1, 2), "Thala", "city", 2)
    m.add_place(at(5, 2), "Sbiba", "village", 1)
    return m


def kinds(m: HexMap) -> list[str]:
    return [p.kind for p in find_problems(m)]


def test_a_sound_map_has_no_problems():
    assert find_problems(sound_map()) == []
    assert find_problems(HexMap.blank(3, 3, palette="cm")) == []


def test_bridge_without_river_is_named_at_its_hex():
    m = sound_map()
    m.add_road(at(6, 4), at(6, 5))
    # The model refuses such a bridge; a map built by a script or an older file may not.
    m._bridges.add(at(6, 5))
    problems = [p for p in find_problems(m) if p.kind == "bridge"]
    assert [p.hex for p in problems] == [at(6, 5)]
    assert "no river" in problems[0].message and m.label(at(6, 5)) in problems[0].message


def test_road_across_a_cliff_hexside():
    m = sound_map()
    m.add_cliff(at(4, 2), at(5, 2))
    problems = [p for p in find_problems(m) if p.kind == "road_cliff"]
    assert len(problems) == 1
    assert "crosses a cliff" in problems[0].message
    assert problems[0].hex in (at(4, 2), at(5, 2))


def test_place_on_a_river_only_hex_where_the_palette_forbids_it():
    cm = HexMap.blank(6, 6, palette="cm")
    cm.set_river(at(2, 2), True)
    cm.add_place(at(2, 2), "Ford", "town")
    problems = [p for p in find_problems(cm) if p.kind == "place_on_river"]
    assert [p.hex for p in problems] == [at(2, 2)]
    # A road into the hex makes it a crossing, not a river-only hex.
    cm.add_road(at(2, 2), at(2, 3))
    assert not [p for p in find_problems(cm) if p.kind == "place_on_river"]
    # Kasserine's palette allows places on rivers.
    k = HexMap.blank(6, 6, palette="kasserine")
    k.set_river(at(2, 2), True)
    k.add_place(at(2, 2), "Ford", "village")
    assert "place_on_river" not in kinds(k)


def test_unreachable_places_by_road_and_walled_in_by_cliffs():
    m = sound_map()
    m.add_place(at(6, 4), "Haidra", "village")  # no road reaches it
    problems = [p for p in find_problems(m) if p.kind == "unreachable"]
    assert [p.hex for p in problems] == [at(6, 4)]
    assert "Haidra" in problems[0].message
    # A road from Haidra to the map's south edge joins it.
    m.add_road(at(6, 4), at(6, 5))
    assert "unreachable" not in kinds(m)
    walled = HexMap.blank(5, 5, palette="kasserine")
    centre = at(2, 2)
    walled.add_place(centre, "Mesa", "village")
    for n in centre.neighbors():
        walled.add_cliff(centre, n)
    problems = [p for p in find_problems(walled) if p.kind == "unreachable"]
    assert [p.hex for p in problems] == [centre]
    assert "every hexside around it is a cliff" in problems[0].message


def test_duplicate_names_ignore_case_and_spaces():
    m = sound_map()
    m._places["thala "] = m.place("Thala").__class__("thala ", "village", 0, 0, at(6, 0))
    m._place_at[at(6, 0)] = "thala "
    m.add_road(at(6, 0), at(7, 0))
    problems = [p for p in find_problems(m) if p.kind == "duplicate_name"]
    assert len(problems) == 1
    assert "Two places are named" in problems[0].message


def test_the_validate_command_prints_the_same_problems(tmp_path, capsys):
    from hexcampaign.cli import main
    from hexcampaign.maps import save_map

    m = sound_map()
    m.add_place(at(6, 4), "Haidra", "village")
    m.add_cliff(at(4, 2), at(5, 2))
    path = tmp_path / "planted.hexmap"
    save_map(m, path)
    status = main(["validate", str(path)])
    out = capsys.readouterr().out
    assert status != 0
    for problem in find_problems(m):
        assert problem.message in out
