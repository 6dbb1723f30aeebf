"""Control characters in place names and labels are refused where they enter (edits,
files, validate) and removed by import-geo; the palette reader refuses another file's
format and a newer version in one sentence (issue 32)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hexcampaign.maps import HexMap, MapEditError
from hexcampaign.maps.fileformat import MapFormatError, dumps_map, loads_map
from hexcampaign.maps.palette import (
    PaletteError,
    load_palette,
    read_palette_file,
    save_palette_file,
)


@pytest.mark.parametrize("name", ["Bell\u0007", "Nul\x00town", "Tab\tville", "Two\nlines", "C1\x85x"])
def test_a_place_name_with_a_control_character_is_refused(name: str) -> None:
    m = HexMap.new(5, 5)
    with pytest.raises(MapEditError, match="control character") as refused:
        m.add_place(m.at(2, 3), name, "town")
    assert "0304" in str(refused.value)  # the hex is named
    assert not m.places()


def test_a_label_with_a_control_character_is_refused() -> None:
    m = HexMap.new(5, 5)
    with pytest.raises(MapEditError, match="control character"):
        m.add_label(m.at(0, 0), "Ridge\u0007")
    assert not m.labels()


def test_a_file_holding_one_is_refused_naming_place_and_hex(tmp_path: Path) -> None:
    m = HexMap.new(5, 5)
    m.add_place(m.at(1, 1), "Bell", "town")
    data = json.loads(dumps_map(m))
    data["places"][0]["name"] = "Bell\u0007"
    with pytest.raises(MapFormatError) as refused:
        loads_map(json.dumps(data), "old.hexmap")
    message = str(refused.value)
    assert message.startswith("old.hexmap is damaged")
    assert "Bell" in message and "0202" in message and "U+0007" in message
    # hexcampaign validate reports such a file (and exits with problems).
    from hexcampaign.cli import main

    path = tmp_path / "old.hexmap"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["validate", str(path)]) != 0


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (lambda d: d["labels"][0].update(text="Ridge\x1b"), "0401.*U\\+001B"),
        (lambda d: d.update(name="Map\u0007"), "map's name holds the control character U\\+0007"),
        (lambda d: d.update(author="A\tB"), "map's author holds the control character U\\+0009"),
    ],
)
def test_a_label_or_a_map_name_with_one_in_a_file_is_refused(damage, words) -> None:
    m = HexMap.new(5, 5)
    m.add_label(m.at(3, 0), "Ridge")
    data = json.loads(dumps_map(m))
    damage(data)
    with pytest.raises(MapFormatError, match=words):
        loads_map(json.dumps(data), "bad.hexmap")


def test_a_description_may_hold_tabs_and_newlines() -> None:
    m = HexMap.new(5, 5)
    m.description = "two\nlines\tand a tab"
    assert loads_map(dumps_map(m)).description == "two\nlines\tand a tab"


def test_import_geo_strips_control_characters() -> None:
    from tests.geo._regions import centre, collection, feature

    from hexcampaign.geo import ImportSettings, import_geography, parse_geojson

    region = collection(feature("Point", centre("0101"), name="\x00Sidi\u0007 Bou\tZid ", kind="town"))
    settings = ImportSettings(palette="cm", hex_km=1.0, origin=(0.0, 10_000.0), cols=4, rows=4,
                              coordinates="metres")
    m, _ = import_geography(parse_geojson(json.dumps(region), "nul.geojson"), settings)
    assert [p.name for p in m.places()] == ["Sidi Bou Zid"]


def _palette_file(tmp_path: Path, **changes: object) -> Path:
    path = tmp_path / "mine.hexpalette"
    save_palette_file(load_palette("ww2"), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(changes)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_palette_of_a_newer_version_is_refused_in_one_sentence(tmp_path: Path) -> None:
    with pytest.raises(PaletteError) as refused:
        read_palette_file(_palette_file(tmp_path, version=99))
    assert str(refused.value) == (
        "mine.hexpalette was written by a newer hexcampaign (version 99; this program reads up to 1); "
        "update hexcampaign to open it."
    )


def test_another_files_format_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PaletteError) as refused:
        read_palette_file(_palette_file(tmp_path, format="hexcampaign-map"))
    assert str(refused.value) == "mine.hexpalette is a hexcampaign-map file, not a hexcampaign terrain palette."


def test_a_good_palette_file_still_reads(tmp_path: Path) -> None:
    assert read_palette_file(_palette_file(tmp_path)).name == "ww2"
