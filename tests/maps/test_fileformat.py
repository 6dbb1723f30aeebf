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
