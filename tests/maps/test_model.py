import pytest

from hexcampaign.hexes import Hex, HexSide
from hexcampaign.maps import HexMap, MapEditError


def test_blank_map_uses_palette_default():
    m = HexMap.blank(5, 4, palette="kasserine")
    assert len(m.hexes()) == 20
    assert {m.terrain(h) for h in m.hexes()} == {"plain"}
    assert HexMap.blank(2, 2, palette="cm").terrain(Hex(0, 0)) == "clear"
    assert all(m.elevation(h) == 0 for h in m.hexes())


def test_terrain_and_elevation_edits():
    m = HexMap.blank(5, 4)
    h = m.at(2, 1)
    m.set_terrain(h, "rugged_crest")
    m.set_elevation(h, 3)
    assert m.terrain(h) == "rugged_crest" and m.elevation(h) == 3
    with pytest.raises(MapEditError, match="not in the kasserine palette"):
        m.set_terrain(h, "forest")
    with pytest.raises(MapEditError, match="off this 5×4 map"):
        m.set_terrain(m.at(9, 9), "plain")


def test_roads_join_adjacent_hexes_only():
    m = HexMap.blank(5, 4)
    a, b = m.at(1, 1), m.at(2, 1)
    m.add_road(a, b)
    assert m.has_road(b, a) and m.on_road(a) and m.road_neighbours(a) == [b]
    with pytest.raises(MapEditError, match="not adjacent"):
        m.add_road(m.at(0, 0), m.at(3, 3))
    m.remove_road(b, a)
    assert not m.on_road(a)


def test_cliff_has_a_top_and_is_one_hexside():
    m = HexMap.blank(5, 4)
    up, low = m.at(1, 1), m.at(1, 2)
    m.add_cliff(up, low)
    assert m.cliff_top(low, up) == up
    assert m.cliffs() == {HexSide.between(low, up): up}
    m.remove_cliff(low, up)
    assert m.cliff_top(up, low) is None


def test_bridge_needs_road_and_river():
    m = HexMap.blank(5, 4)
    h, n = m.at(2, 2), m.at(2, 3)
    with pytest.raises(MapEditError, match="both a river and a road"):
        m.set_bridge(h, True)
    m.set_river(h, True)
    m.add_road(h, n)
    m.set_bridge(h, True)
    assert m.has_bridge(h)
    m.set_river(h, False)  # no river, no bridge
    assert not m.has_bridge(h)


def test_places_have_unique_names_and_hexes():
    m = HexMap.blank(5, 4, palette="cm")
    m.add_place(m.at(1, 1), "Sbiba", "village", vp=1, pp=2)
    with pytest.raises(MapEditError, match="already a place named Sbiba"):
        m.add_place(m.at(2, 2), "Sbiba", "town")
    with pytest.raises(MapEditError, match="already holds Sbiba"):
        m.add_place(m.at(1, 1), "Thala", "town")
    moved = m.update_place("Sbiba", hex=m.at(3, 3), pp=5)
    assert m.place_at(m.at(3, 3)) == moved and m.place_at(m.at(1, 1)) is None
    assert [p.name for p in m.places()] == ["Sbiba"] and moved.pp == 5


def test_clear_hex_removes_everything_on_it():
    m = HexMap.blank(5, 4)
    h = m.at(2, 2)
    m.set_terrain(h, "high_ground")
    m.set_river(h, True)
    m.add_road(h, m.at(2, 1))
    m.add_cliff(h, m.at(3, 2))
    m.add_place(h, "Thala", "city")
    m.clear_hex(h)
    assert m == HexMap.blank(5, 4)


def test_printed_labels():
    m = HexMap.blank(12, 14)
    assert m.label(m.at(5, 12)) == "0512"
    m.label_style = "CC.RR"
    m.label_first = 1
    assert m.label(m.at(5, 12)) == "06.13"


def test_renaming_a_place_and_roads_take_their_bridge():
    m = HexMap.blank(5, 4, palette="cm")
    m.add_place(m.at(1, 1), "Sbiba", "village")
    m.update_place("Sbiba", name="Sbeitla")
    assert m.place("Sbeitla").hex == m.at(1, 1)
    h, n = m.at(2, 2), m.at(2, 3)
    m.set_river(h, True)
    m.add_road(h, n)
    m.set_bridge(h, True)
    m.remove_road(h, n)
    assert not m.has_bridge(h)  # a bridge with no road left would not load


def test_a_new_map_numbers_its_hexes_from_0101_and_keeps_the_choice(tmp_path):
    from hexcampaign import cli
    from hexcampaign.maps import load_map, save_map

    m = HexMap.new(12, 10, palette="ww2")
    assert [m.label(m.at(0, 0)), m.label(m.at(11, 9))] == ["0101", "1210"]
    path = tmp_path / "new.hexmap"
    assert cli.main(["new-map", "--cols", "12", "--rows", "10", "--palette", "ww2", "-o", str(path)]) == 0
    assert load_map(path).label(m.at(0, 0)) == "0101"
    old = HexMap.blank(12, 10)  # a map made before, numbered from 0000, stays so
    save_map(old, path)
    assert load_map(path).label(old.at(0, 0)) == "0000"


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("style, first", [("CCRR", 0), ("CC.RR", 1), ("CC-RR", 0), ("CCRR", 1)])
def test_the_painters_labeller_prints_what_label_does(orientation, style, first):
    m = HexMap.blank(120, 12, orientation=orientation)
    m.label_style, m.label_first = style, first
    label = m.labeller()
    assert [label(h) for h in m.hexes()] == [m.label(h) for h in m.hexes()]
