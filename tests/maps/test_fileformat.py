import errno
import json
import os

import pytest

from hexcampaign.maps import HexMap, MapFormatError, fileformat, load_map, save_map

FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures")


def full_map() -> HexMap:
    m = HexMap.blank(8, 6, palette="kasserine")
    m.name, m.author, m.description = "Test", "Me", "Every feature once"
    m.set_terrain(m.at(1, 1), "high_ground")
    m.set_terrain(m.at(2, 1), "rugged_crest")
    m.set_elevation(m.at(2, 1), 2)
    m.set_river(m.at(3, 3), True)
    m.add_road(m.at(3, 3), m.at(3, 4))
    m.add_road(m.at(3, 2), m.at(3, 3))
    m.set_bridge(m.at(3, 3), True)
    m.add_cliff(m.at(2, 1), m.at(2, 2))
    m.add_place(m.at(5, 5), "Tebessa", "city", vp=3)
    m.add_label(m.at(7, 0), "Road 4")
    return m


def test_round_trip_equality(tmp_path):
    m = full_map()
    save_map(m, tmp_path / "a.hexmap")
    back = load_map(tmp_path / "a.hexmap")
    assert back == m
    assert back.places()[0].vp == 3 and back.has_bridge(m.at(3, 3))


def test_second_save_keeps_backup(tmp_path):
    path = tmp_path / "a.hexmap"
    m = full_map()
    save_map(m, path)
    m.set_terrain(m.at(0, 0), "rugged_crest")
    save_map(m, path)
    assert load_map(path).terrain(m.at(0, 0)) == "rugged_crest"
    assert load_map(path.with_name("a.hexmap.bak")).terrain(m.at(0, 0)) == "plain"


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EACCES, errno.EXDEV])
def test_failed_save_keeps_old_file(tmp_path, monkeypatch, code):
    path = tmp_path / "a.hexmap"
    save_map(full_map(), path)
    before = path.read_bytes()
    changed = full_map()
    changed.set_terrain(changed.at(0, 0), "high_ground")

    def broken_replace(src, dst):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        save_map(changed, path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    save_map(changed, path)  # retry after the fault clears
    assert load_map(path) == changed


def test_failed_write_keeps_old_file(tmp_path, monkeypatch):
    path = tmp_path / "a.hexmap"
    save_map(full_map(), path)
    before = path.read_bytes()

    def full_disk(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError):
        save_map(HexMap.blank(3, 3), path)
    assert path.read_bytes() == before


def test_version_1_fixture_loads_forever():
    m = load_map(os.path.join(FIXTURES, "v1.hexmap"))
    assert m.name == "Version 1 fixture"
    assert m.terrain(m.at(2, 0)) == "rugged_crest" and m.elevation(m.at(1, 0)) == 1
    assert m.is_river(m.at(1, 1)) and m.has_bridge(m.at(1, 1))
    assert m.has_road(m.at(1, 1), m.at(2, 2))
    assert m.cliff_top(m.at(3, 0), m.at(2, 0)) == m.at(2, 0)
    assert m.place("Thala").vp == 2 and m.labels()[0].text == "Road 1"


def write(tmp_path, content, name="bad.hexmap"):
    p = tmp_path / name
    p.write_text(content if isinstance(content, str) else json.dumps(content))
    return p


def good_doc():
    return fileformat.map_to_document(full_map())


def mutate(**changes):
    doc = good_doc()
    for key, value in changes.items():
        doc[key] = value
    return doc


BAD = {
    "not json": ("{not json", "not valid JSON"),
    "another format": ({"format": "tiled-map", "version": 1}, "'tiled-map' file, not a hexcampaign map"),
    "no format": ({"version": 1}, "not a hexcampaign map"),
    "not an object": ([1, 2, 3], "holds no map object"),
    "newer version": (mutate(version=99), "newer hexcampaign"),
    "missing field": ({k: v for k, v in good_doc().items() if k != "grid"}, "'grid' is missing"),
    "wrong type": (mutate(grid={"cols": "8", "rows": 6}), "'grid.cols' is wrong"),
    "off the map": (mutate(rivers=[[40, 2]]), "off the 8×6 map"),
    "non-adjacent road": (mutate(roads=[[0, 0, 5, 5]]), "not adjacent"),
    "non-adjacent cliff": (mutate(cliffs=[[0, 0, 0, 3]]), "not adjacent"),
    "unknown terrain": (mutate(terrain_codes={"p": "plain", "h": "swamp", "r": "rugged_crest"}), "'swamp' is not in"),
    "unknown terrain letter": (mutate(terrain=["z" * 8] * 6), "not in the file's legend"),
    "duplicate place names": (
        mutate(places=[
            {"name": "Thala", "kind": "city", "col": 1, "row": 1},
            {"name": "Thala", "kind": "village", "col": 2, "row": 2},
        ]),
        "already a place named Thala",
    ),
    "huge integers": (mutate(grid={"cols": 10**12, "rows": 6}), "'grid.cols' is wrong"),
    "deep nesting": ("[" * 50 + "]" * 50, "nested 13 levels deep"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_bad_files_raise_map_format_error(tmp_path, case):
    content, message = BAD[case]
    path = write(tmp_path, content)
    with pytest.raises(MapFormatError) as info:
        load_map(path)
    assert message in str(info.value)
    assert str(info.value).startswith("bad.hexmap")


def test_file_over_size_limit(tmp_path, monkeypatch):
    monkeypatch.setattr("hexcampaign.files.MAX_FILE_BYTES", 1000)
    path = write(tmp_path, " " * 2000)
    with pytest.raises(MapFormatError, match="larger than"):
        load_map(path)


def test_missing_file(tmp_path):
    with pytest.raises(MapFormatError, match="does not exist"):
        load_map(tmp_path / "nope.hexmap")


def test_binary_garbage(tmp_path):
    p = tmp_path / "bad.hexmap"
    p.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(MapFormatError, match="not UTF-8"):
        load_map(p)


def _document_text(m: HexMap) -> str:
    return json.dumps(fileformat.map_to_document(m), ensure_ascii=False, separators=(",", ":"))


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_saves_after_every_kind_of_edit_write_the_whole_current_map(tmp_path, orientation):
    # dumps_map keeps encoded sections between saves; a save after an edit of any table
    # must still write exactly the document of the map as it is now.
    import random

    rng = random.Random(5)
    m = HexMap.blank(9, 7, palette="kasserine", orientation=orientation)
    hexes = m.hexes()
    path = tmp_path / "m.hexmap"
    for step in range(120):
        h = rng.choice(hexes)
        n = rng.choice(m.neighbours_on_map(h))
        edit = step % 6
        if edit == 0:
            m.set_elevation(h, rng.randint(-3, 3))
        elif edit == 1:
            m.set_river(h, h not in m.rivers())
        elif edit == 2:
            if m.cliff_top(h, n) is None:
                m.add_road(h, n)
            else:
                m.remove_cliff(h, n)
        elif edit == 3:
            m.add_cliff(h, n) if not m.on_road(h) else m.remove_road(h, n)
        elif edit == 4:
            m.set_terrain(h, rng.choice(["plain", "high_ground", "rugged_crest"]))
        elif edit == 5 and h in m.rivers() and m.on_road(h):
            m.set_bridge(h, not m.has_bridge(h))
        if step % 3 == 0:
            save_map(m, path)
            assert path.read_text(encoding="utf-8") == _document_text(m)
            assert load_map(path) == m
    copy = m.copy()
    copy.set_river(hexes[0], hexes[0] not in copy.rivers())
    assert fileformat.dumps_map(copy) == _document_text(copy) != fileformat.dumps_map(m)


def test_sparse_lists_are_saved_sorted(tmp_path):
    m = HexMap.blank(40, 30, palette="kasserine")
    for h in reversed(m.hexes()[::7]):
        m.set_river(h, True)
        m.set_elevation(h, -4 if h.q % 2 else 5)
    doc = json.loads(fileformat.dumps_map(m))
    # Rivers are the exception: lines (version 5), each in the order drawn.
    river_hexes = [tuple(h) for line in doc["lines"] for h in line["hexes"]]
    assert sorted(river_hexes) == sorted(m.offset(h) for h in m.hexes()[::7])
    assert doc["elevation"] == sorted(doc["elevation"])
    assert {level for _, _, level in doc["elevation"]} == {-4, 5}


def test_roads_written_by_hand_in_any_order_load_the_same(tmp_path):
    # Files from this program list each road lesser hex first; a hand-written file may
    # not, and takes the careful path to the same map.
    # (Version 4 and before: one list of road segments, read into road lines.)
    m = full_map()
    doc = fileformat.map_to_document(m)
    doc["lines"] = [line for line in doc["lines"] if line["kind"] == "river"]
    doc["roads"] = [[*m.offset(b), *m.offset(a)] for a, b in m.roads()]
    path = tmp_path / "hand.hexmap"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert load_map(path).roads() == m.roads()


@pytest.mark.parametrize(
    "road, words",
    [([0, 0, 1, 2], "not adjacent"), ([7, 0, 8, 0], "off the 8×6 map")],
    ids=["hexes that do not touch", "off the map"],
)
def test_a_bad_road_is_refused_with_its_reason(tmp_path, road, words):
    doc = fileformat.map_to_document(full_map())
    doc.setdefault("roads", []).append(road)
    path = tmp_path / "bad.hexmap"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(MapFormatError, match=words):
        load_map(path)


def test_a_map_opened_and_saved_unchanged_is_the_same_file(tmp_path):
    m = full_map()
    for h in m.hexes()[::5]:
        m.set_river(h, True)
    path = tmp_path / "m.hexmap"
    save_map(m, path)
    first = path.read_bytes()
    opened = load_map(path)
    save_map(opened, path)
    assert path.read_bytes() == first
    opened.set_river(m.at(0, 0), False)
    save_map(opened, path)
    assert path.read_text(encoding="utf-8") == _document_text(opened)


def test_a_hand_written_file_is_saved_in_the_programs_own_order(tmp_path):
    doc = fileformat.map_to_document(full_map())
    # A version 4 river list: unsorted, and one hex twice; read as one river line.
    doc["lines"] = [line for line in doc["lines"] if line["kind"] == "road"]
    doc["rivers"] = [[1, 1], [0, 2], [1, 1]]
    doc["bridges"] = []
    path = tmp_path / "hand.hexmap"
    path.write_text(json.dumps(doc), encoding="utf-8")
    opened = load_map(path)
    save_map(opened, path)
    lines = json.loads(path.read_text(encoding="utf-8"))["lines"]
    assert [line["hexes"] for line in lines if line["kind"] == "river"] == [[[1, 1], [0, 2]]]
    assert path.read_text(encoding="utf-8") == _document_text(opened)


def test_an_elevation_left_of_the_map_is_refused_not_wrapped_round(tmp_path):
    # The file model lets an elevation's numbers go down to -99; a column of -1 must be
    # refused, not read as the last column.
    doc = fileformat.map_to_document(full_map())
    doc["elevation"].append([-1, 0, 3])
    path = tmp_path / "bad.hexmap"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(MapFormatError, match="off the map"):
        load_map(path)
