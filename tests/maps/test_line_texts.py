"""A map as opened keeps its file's text of each line for the first save: what that save
writes must be exactly what an encode from scratch writes, whatever the file looked like."""

from __future__ import annotations

import json

import pytest

from hexcampaign.hexes import Hex, offset_to_hex
from hexcampaign.maps import HexMap, load_map, save_map
from hexcampaign.maps.fileformat import dumps_map, loads_map


def lined_map(orientation: str = "flat") -> HexMap:
    def at(col: int, row: int) -> Hex:
        return offset_to_hex(col, row, orientation)

    m = HexMap.blank(12, 10, orientation=orientation)
    m.add_line("river", [at(1, 1), at(1, 2), at(1, 3)], 'Oued "Hatab"')
    m.add_line("road", [at(5, 5), at(5, 6), at(5, 7)], 'Route ]]},{"kind":"road", de Tébessa')
    m.add_line("river", [at(9, 9)], "Wadi\\Zeroud")
    m.set_note(at(0, 0), "a note", [("lines", ',"lines":[{"kind":"road"}]')])
    return m


def fresh_text(m: HexMap) -> str:
    return dumps_map(m.copy())  # a copy has nothing encoded: every section written anew


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_a_map_opened_and_saved_unchanged_is_byte_identical_to_a_fresh_encode(tmp_path, orientation) -> None:
    m = lined_map(orientation)
    path = tmp_path / "m.hexmap"
    save_map(m, path)
    written = path.read_bytes()
    save_map(load_map(path), path)
    assert path.read_bytes() == written == fresh_text(m).encode()


def test_a_line_edited_after_opening_is_saved_as_edited() -> None:
    m = lined_map()
    opened = loads_map(dumps_map(m))
    opened.extend_line(1, Hex.from_offset(5, 8))
    m.extend_line(1, Hex.from_offset(5, 8))
    assert dumps_map(opened) == fresh_text(m)
    assert loads_map(dumps_map(opened)) == m


def written_otherwise(text: str) -> list[str]:
    """The same document as other programs might write it: spaced, escaped, reordered,
    a line given twice (json.loads keeps the last), a "lines" key given twice."""
    doc = json.loads(text)
    line = doc["lines"][1]
    reordered = {**doc, "lines": [doc["lines"][0], {"hexes": line["hexes"], "name": line["name"], "kind": line["kind"]},
                                  doc["lines"][2]]}
    compact = text
    decoy = {**doc["lines"][0], "hexes": [[col + 1, row] for col, row in doc["lines"][0]["hexes"]]}
    return [
        json.dumps(doc),  # spaces after separators
        json.dumps(doc, separators=(",", ":")),  # \\u escapes for é
        json.dumps(reordered, ensure_ascii=False, separators=(",", ":")),
        compact.replace('"hexes":[[5,', '"hexes":[[2,2]],"hexes":[[5,', 1),
        compact.replace('"lines":[', '"lines":[{"kind":"road","name":"x","hexes":[[0,0],[0,1]]}],"lines":[', 1),
        compact.replace('[[5,5],[5,6]', '[[5,5] ,[5,6]', 1),
        compact[:-1] + ',"lines":' + json.dumps(doc["lines"][::-1], ensure_ascii=False, separators=(",", ":")) + "}",
        # A decoy "lines" written plainly before the spaced one json.loads keeps: its first
        # line has the real first line's kind, name and length, other hexes.
        compact.replace(',"lines":[', ',"lines":[' + json.dumps(decoy, ensure_ascii=False, separators=(",", ":"))
                        + '],"lines" :[', 1),
    ]


@pytest.mark.parametrize("case", range(8))
def test_a_file_written_otherwise_opens_to_its_map_and_saves_as_a_fresh_encode(case) -> None:
    text = written_otherwise(dumps_map(lined_map()))[case]
    opened = loads_map(text)
    again = loads_map(json.dumps(json.loads(text)))  # the same document, however it is written
    assert opened == again
    assert dumps_map(opened) == fresh_text(opened) == fresh_text(again)
