"""Per-hex notes: free text and named properties, edited on the map, saved in the
file (version 4, only when a map has notes) and searchable (issue 30 item 6)."""

from __future__ import annotations

import json

import pytest

from hexcampaign.maps import HexMap, MapEditError
from hexcampaign.maps.fileformat import dumps_map, loads_map, map_from_document, map_to_document
from hexcampaign.maps.model import HexNote


def test_a_note_keeps_text_and_properties_in_order() -> None:
    m = HexMap.new(8, 8)
    h = m.at(3, 4)
    note = m.set_note(h, "  Ford, passable in summer  ", [("supply", "2"), (" depot ", "yes"), ("", "")])
    assert note == HexNote("Ford, passable in summer", (("supply", "2"), ("depot", "yes")))
    assert m.note(h) == note and m.notes() == {h: note}
    assert m.set_note(h, "", []) is None and m.note(h) is None  # an empty note is none


@pytest.mark.parametrize(
    ("text", "properties", "words"),
    [
        ("x\u0007", [], "control character"),
        ("", [("", "orphan")], "no name"),
        ("", [("a", "1"), ("a", "2")], "two properties"),
        ("", [("ke\ty", "1")], "control character"),
        ("x" * 5000, [], "at most"),
    ],
)
def test_bad_notes_are_refused_with_a_sentence_naming_the_hex(text, properties, words) -> None:
    m = HexMap.new(8, 8)
    with pytest.raises(MapEditError, match=words) as refused:
        m.set_note(m.at(1, 1), text, properties)
    assert "0202" in str(refused.value)
    assert not m.notes()


def test_a_multi_line_note_is_allowed() -> None:
    m = HexMap.new(4, 4)
    assert m.set_note(m.at(0, 0), "line one\nline two\tindented").text == "line one\nline two\tindented"


def test_notes_are_saved_and_read_back() -> None:
    m = HexMap.new(8, 8)
    m.set_note(m.at(2, 2), "Bridge out", [("engineers", "needed")])
    m.set_note(m.at(0, 5), "", [("supply", "3")])
    text = dumps_map(m)
    data = json.loads(text)
    assert data["version"] == 4
    assert data["notes"] == [
        {"col": 0, "row": 5, "properties": {"supply": "3"}},
        {"col": 2, "row": 2, "text": "Bridge out", "properties": {"engineers": "needed"}},
    ]
    back = loads_map(text)
    assert back == m and back.note(back.at(2, 2)).properties == (("engineers", "needed"),)
    assert map_from_document(map_to_document(m)) == m


def test_a_map_without_notes_is_written_as_before() -> None:
    data = json.loads(dumps_map(HexMap.new(5, 5)))
    assert data["version"] == 2 and "notes" not in data


def test_a_bad_note_in_a_file_is_refused() -> None:
    m = HexMap.new(5, 5)
    m.set_note(m.at(1, 1), "ok")
    data = json.loads(dumps_map(m))
    data["notes"][0]["text"] = "bell\u0007"
    with pytest.raises(ValueError, match="control character"):
        loads_map(json.dumps(data), "n.hexmap")
    data["notes"][0] = {"col": 9, "row": 1, "text": "off"}
    with pytest.raises(ValueError, match="off the"):
        loads_map(json.dumps(data), "n.hexmap")


def test_find_notes_matches_text_names_and_values_in_any_case() -> None:
    m = HexMap.new(10, 10)
    m.set_note(m.at(5, 1), "Supply dump")
    m.set_note(m.at(1, 7), "", [("SUPPLY", "2")])
    m.set_note(m.at(1, 2), "", [("terrain", "boggy supply route")])
    m.set_note(m.at(4, 4), "nothing here")
    assert m.find_notes("supply") == [m.at(1, 2), m.at(1, 7), m.at(5, 1)]
    assert m.find_notes("") == [] and m.find_notes("tank") == []


def test_clearing_a_hex_and_copying_the_map_keep_notes_right() -> None:
    m = HexMap.new(5, 5)
    m.set_note(m.at(2, 2), "keep")
    twin = m.copy()
    m.clear_hex(m.at(2, 2))
    assert m.note(m.at(2, 2)) is None and twin.note(twin.at(2, 2)).text == "keep"
    assert twin != m


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d["notes"].append({"col": 1, "row": 1}),
        lambda d: d["notes"][0].update(text=7),
        lambda d: d["notes"][0].update(properties=[["a", "b"]]),
        lambda d: d["notes"][0].update(properties={"": "x"}),
        lambda d: d["notes"][0].update(properties={"k": "v" * 201}),
        lambda d: d["notes"][0].update(extra=1),
        lambda d: d["notes"][0].pop("col"),
        lambda d: d.update(notes={}),
        lambda d: d["grid"].update(label_every=51),
        lambda d: d["grid"].update(label_every=True),
        lambda d: d["grid"].update(label_every=50),  # allowed
        lambda d: d["notes"][0].update(text=""),  # allowed: properties remain
    ],
)
def test_the_hand_check_and_the_file_model_agree_on_version_4(damage) -> None:
    from pydantic import ValidationError

    from hexcampaign.maps.plain_check import plain_document
    from hexcampaign.maps.schema import MapFileV4

    m = HexMap.new(5, 5)
    m.set_note(m.at(2, 2), "text", [("k", "v")])
    data = json.loads(dumps_map(m))
    damage(data)
    try:
        MapFileV4.model_validate(data)
        model_ok = True
    except ValidationError:
        model_ok = False
    assert (plain_document(data) is not None) == model_ok
