"""Lines added together (add_lines, a map file's reader) give the map that adding them
one by one gives, and the river hexes and road hexsides the rules read stay what the
lines say through every edit: a hex two lines share stays a river until both are gone."""

from __future__ import annotations

import json
import random

import pytest

from hexcampaign.hexes import Hex, HexSide
from hexcampaign.maps import HexMap, MapEditError
from hexcampaign.maps.fileformat import dumps_map, loads_map
from hexcampaign.maps.lines import HEXSIDE_RIVER, Line


def at(col: int, row: int) -> Hex:
    return Hex.from_offset(col, row)


def what_the_lines_say(m: HexMap) -> tuple[set[Hex], set[HexSide], set[HexSide]]:
    rivers = {h for line in m.lines("river") for h in line.hexes}
    roads = {HexSide.between(a, b) for line in m.lines("road") for a, b in zip(line.hexes, line.hexes[1:])}
    sides = {s for line in m.lines(HEXSIDE_RIVER) for s in line.along}
    return rivers, roads, sides


def assert_sets_follow_lines(m: HexMap) -> None:
    rivers, roads, sides = what_the_lines_say(m)
    assert m.rivers() == rivers
    assert {frozenset(pair) for pair in m.roads()} == {frozenset(s.hexes()) for s in roads}
    assert m.river_sides() == sides


def random_lines(rng: random.Random, m: HexMap, n: int) -> list[tuple[str, list[Hex], str]]:
    lines = []
    for i in range(n):
        h = at(rng.randrange(m.cols), rng.randrange(m.rows))
        hexes = [h]
        for _ in range(rng.randrange(1, 12)):
            following = hexes[-1].neighbor(rng.randrange(6))
            if m.contains(following):
                hexes.append(following)  # may come back to a hex: a loop, counted once
        kind = "road" if len(hexes) > 1 and rng.random() < 0.5 else "river"
        lines.append((kind, hexes, f"Line {i}" if rng.random() < 0.8 else "  "))
    return lines


@pytest.mark.parametrize("seed", range(6))
def test_lines_added_together_make_the_map_added_one_by_one_makes(seed: int) -> None:
    rng = random.Random(seed)
    one_by_one, together = HexMap.blank(12, 10), HexMap.blank(12, 10)
    lines = random_lines(rng, one_by_one, 30)
    for kind, hexes, name in lines:
        one_by_one.add_line(kind, hexes, name)
    assert together.add_lines(lines) == range(30)
    assert together == one_by_one  # names ("River 3" for a blank one) and order too
    assert together.rivers() == one_by_one.rivers() and together.roads() == one_by_one.roads()
    assert_sets_follow_lines(together)


def test_a_refused_line_among_several_adds_none_of_them() -> None:
    m = HexMap.blank(8, 8)
    m.add_line("river", [at(1, 1), at(1, 2)], "Kept")
    with pytest.raises(MapEditError, match="not adjacent"):
        m.add_lines([("road", [at(3, 3), at(3, 4)], "Good"), ("road", [at(0, 0), at(5, 5)], "Jumps")])
    assert [line.name for line in m.lines()] == ["Kept"]
    assert not m.roads()
    with pytest.raises(MapEditError, match="off this"):
        m.add_lines([("river", [at(9, 9)], "Off")])
    assert_sets_follow_lines(m)


@pytest.mark.parametrize("seed", range(6))
def test_shared_hexes_and_hexsides_follow_the_lines_through_edits(seed: int) -> None:
    rng = random.Random(seed)
    m = HexMap.blank(10, 10)
    m.add_lines(random_lines(rng, m, 25))
    assert_sets_follow_lines(m)
    for _ in range(60):
        step = rng.randrange(5)
        h = at(rng.randrange(m.cols), rng.randrange(m.rows))
        if step == 0 and m.lines():
            m.remove_line(rng.randrange(len(m.lines())))
        elif step == 1:
            m.set_river(h, False)  # cuts the river lines through it
        elif step == 2:
            n = h.neighbor(rng.randrange(6))
            if m.contains(n):
                m.remove_road(h, n)
        elif step == 3:
            m.set_lines(list(reversed(m.lines())))  # as an undo step puts lines back
        else:
            m.add_lines(random_lines(rng, m, 2))
        assert_sets_follow_lines(m)
    copy = loads_map(dumps_map(m))
    assert copy == m
    assert_sets_follow_lines(copy)


def test_a_road_counts_its_sides_once_however_it_is_made() -> None:
    hexes = (at(2, 2), at(3, 2), at(4, 2))
    made = Line("road", "Route", hexes)
    m = HexMap.blank(8, 8)
    m.set_lines([made])
    assert m.has_road(at(2, 2), at(3, 2)) and m.has_road(at(3, 2), at(4, 2))
    assert made.sides() == [HexSide.between(a, b) for a, b in zip(hexes, hexes[1:])]
    m.remove_line(0)
    assert not m.roads()


def test_a_hostile_files_lines_are_still_refused_whole() -> None:
    m = HexMap.blank(6, 6)
    m.add_line("road", [at(1, 1), at(2, 1), at(3, 1)], "Route")
    doc = json.loads(dumps_map(m))

    def refusal(lines: list[dict]) -> str:
        with pytest.raises(Exception) as caught:
            loads_map(json.dumps({**doc, "lines": lines}), "bad.hexmap")
        return str(caught.value)

    good = {"kind": "road", "name": "Route", "hexes": [[1, 1], [2, 1]]}
    assert "not adjacent" in refusal([good, {"kind": "road", "name": "Jump", "hexes": [[0, 0], [4, 4]]}])
    assert "lies off the 6×6 map" in refusal([good, {"kind": "river", "name": "Off", "hexes": [[1, 1], [6, 1]]}])
    assert "control character" in refusal([{**good, "name": "Bell\u0007"}])
    assert "damaged" in refusal([good, {"kind": "road", "name": "Text", "hexes": [[1, "2"]]}])
    assert "damaged" in refusal([good, {"kind": "road", "name": "Short", "hexes": [[1, 1, 1]]}])
    assert "damaged" in refusal([{"kind": "road", "name": "Negative", "hexes": [[1, -1], [1, 0]]}])
    # The first fault in the file is the one named, as before lines were added together.
    first = refusal([{"kind": "road", "name": "Jump", "hexes": [[0, 0], [4, 4]]},
                     {"kind": "river", "name": "Off", "hexes": [[9, 9]]}])
    assert "not adjacent" in first
