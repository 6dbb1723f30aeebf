"""Hex numbering: three digits past 99 columns or rows, maps up to 99 as before, the
first number and "number every N-th hex" kept in the file (issue 30 item 5)."""

from __future__ import annotations

import json

from hexcampaign.maps import HexMap
from hexcampaign.maps.fileformat import dumps_map, loads_map


def test_a_small_map_prints_as_before() -> None:
    m = HexMap.new(40, 30)
    assert m.label(m.at(0, 0)) == "0101"
    assert m.label(m.at(39, 29)) == "4030"
    old = HexMap.blank(99, 99)  # first number 0: the largest is 98
    assert old.label(old.at(98, 98)) == "9898"


def test_ninety_nine_columns_from_one_keep_two_digits() -> None:
    m = HexMap.new(99, 10)
    assert m.label(m.at(98, 9)) == "9910"


def test_past_ninety_nine_every_part_has_three_digits() -> None:
    m = HexMap.new(200, 200)
    assert m.label(m.at(0, 0)) == "001001"
    assert m.label(m.at(199, 199)) == "200200"
    assert m.label(m.at(99, 98)) == "100099"
    labels = [m.label(h) for h in m.hexes()]
    assert len(set(labels)) == len(labels)  # no number read two ways
    assert {len(text) for text in labels} == {6}


def test_the_painters_labeller_agrees_with_label() -> None:
    for orientation in ("flat", "pointy"):
        for first in (0, 1):
            m = HexMap.blank(120, 7, orientation=orientation)
            m.label_first = first
            m.label_style = "CC.RR"
            label = m.labeller()
            assert all(label(h) == m.label(h) for h in m.hexes())


def test_every_nth_hex_is_numbered_from_the_first() -> None:
    m = HexMap.new(12, 12)
    m.label_every = 5
    numbered = sorted(m.offset(h) for h in m.hexes() if m.is_numbered(h))
    assert numbered == [(c, r) for c in (0, 5, 10) for r in (0, 5, 10)]
    m.label_every = 1
    assert all(m.is_numbered(h) for h in m.hexes())


def test_numbering_options_are_saved_and_old_files_stay_version_2() -> None:
    m = HexMap.new(10, 10)
    plain = json.loads(dumps_map(m))
    assert plain["version"] == 2 and "label_every" not in plain["grid"]
    m.label_every = 3
    m.label_first = 0
    text = dumps_map(m)
    assert json.loads(text)["version"] == 4
    back = loads_map(text)
    assert (back.label_every, back.label_first) == (3, 0)
    assert back == m
