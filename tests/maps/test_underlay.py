"""The fit of a scanned map's picture to the hexes (maps/underlay.py)."""

from __future__ import annotations

import math

import pytest

from hexcampaign.maps.underlay import (
    Affine,
    Placement,
    Underlay,
    UnderlayError,
    fit,
    placed,
    placement,
    underlay_from_data,
    underlay_to_data,
)


def _similar(scale: float, degrees: float, x: float, y: float) -> Affine:
    t = math.radians(degrees)
    return Affine(scale * math.cos(t), -scale * math.sin(t), x, scale * math.sin(t), scale * math.cos(t), y)


def _close(a: Affine, b: Affine) -> bool:
    return all(math.isclose(p, q, abs_tol=1e-9) for p, q in zip(a.as_list(), b.as_list(), strict=True))


def test_two_points_recover_a_known_similarity_exactly() -> None:
    known = _similar(0.037, -12.5, 3.25, -7.0)
    picture = [(120.0, 80.0), (940.0, 610.0)]
    result = fit(picture, [known.apply(p) for p in picture])
    assert _close(result.transform, known)
    assert result.residual < 1e-9
    parts = placement(result.transform)
    assert math.isclose(parts.scale, 0.037) and math.isclose(parts.rotation, -12.5)


def test_three_points_with_shear_recover_a_known_affine_exactly() -> None:
    known = Affine(0.031, 0.004, 2.0, -0.002, 0.036, -1.5)
    picture = [(10.0, 10.0), (900.0, 40.0), (300.0, 700.0)]
    result = fit(picture, [known.apply(p) for p in picture], shear=True)
    assert _close(result.transform, known)
    assert result.residual < 1e-9


def test_three_points_without_shear_say_how_far_the_picture_is_off() -> None:
    known = _similar(0.05, 30.0, 0.0, 0.0)
    picture = [(0.0, 0.0), (100.0, 0.0), (0.0, 100.0)]
    targets = [known.apply(p) for p in picture]
    targets[2] = (targets[2][0] + math.sqrt(3), targets[2][1])  # one point a hex off
    result = fit(picture, targets)
    assert 0.3 < result.residual < 1.0  # in hexes: the least squares share the error


@pytest.mark.parametrize("picture, targets", [
    ([(5.0, 5.0), (5.0, 5.0)], [(0.0, 0.0), (3.0, 0.0)]),
    ([(5.0, 5.0), (50.0, 5.0)], [(1.5, 0.8), (1.5, 0.8)]),
])
def test_coincident_points_are_refused_in_one_sentence(picture, targets) -> None:
    with pytest.raises(UnderlayError) as refusal:
        fit(picture, targets)
    text = str(refusal.value)
    assert "same place" in text and text.count(".") == 1 and text.endswith("farther apart.")


def test_points_on_one_line_cannot_fix_a_shear() -> None:
    with pytest.raises(UnderlayError, match="one line"):
        fit([(0.0, 0.0), (10.0, 10.0), (20.0, 20.0)], [(0.0, 0.0), (1.0, 0.0), (2.0, 0.1)], shear=True)


def test_one_point_is_not_enough() -> None:
    with pytest.raises(UnderlayError, match="Pick 2 hexes"):
        fit([(0.0, 0.0)], [(1.0, 1.0)])


def test_spin_boxes_change_scale_rotation_and_offset_and_keep_the_shear() -> None:
    sheared = Affine(0.031, 0.004, 2.0, -0.002, 0.036, -1.5)
    moved = placed(sheared, Placement(0.05, 20.0, 4.0, 5.0))
    parts = placement(moved)
    assert math.isclose(parts.scale, 0.05) and math.isclose(parts.rotation, 20.0)
    assert (parts.x, parts.y) == (4.0, 5.0)
    back = placed(moved, placement(sheared))
    assert _close(back, sheared)


def test_an_underlay_goes_to_its_file_and_back() -> None:
    underlay = Underlay("scans/borodino.png", _similar(0.04, 3.0, 1.0, 2.0), 0.6)
    assert underlay_from_data(underlay_to_data(underlay)) == underlay
    assert underlay_from_data({"path": "x.png", "transform": [1, 0, 0, 0, 1, 0], "opacity": True}) is None
    assert underlay_from_data({"path": "", "transform": [1, 0, 0, 0, 1, 0]}) is None
    assert underlay_from_data({"path": "x.png", "transform": [0, 0, 0, 0, 0, 0]}) is None


def test_a_map_keeps_its_underlay_and_km_per_hex_in_its_file_as_version_6() -> None:
    import json

    from hexcampaign.maps import HexMap
    from hexcampaign.maps.fileformat import dumps_map, loads_map, map_to_document

    m = HexMap.new(6, 5)
    plain = json.loads(dumps_map(m))
    assert "underlay" not in plain and "hex_km" not in plain["grid"] and plain["version"] < 6
    m.set_hex_km(2.5)
    m.underlay = Underlay("scan.png", _similar(0.04, 3.0, 1.0, 2.0), 0.6)
    text = dumps_map(m)
    assert json.loads(text) == map_to_document(m)
    data = json.loads(text)
    assert data["version"] == 6 and data["grid"]["hex_km"] == 2.5 and data["underlay"]["path"] == "scan.png"
    back = loads_map(text)
    assert back == m and back.hex_km == 2.5 and back.underlay == m.underlay


@pytest.mark.parametrize("damage", [
    {"underlay": {"path": "scan.png", "transform": [1, 0, 0, 0, 1]}},
    {"underlay": {"path": "scan.png", "transform": [0, 0, 0, 0, 0, 0]}},
    {"underlay": {"path": "scan.png", "transform": [1, 0, 0, 0, 1, 0], "opacity": 2}},
    {"underlay": "scan.png"},
])
def test_a_damaged_underlay_is_refused_in_one_sentence(damage) -> None:
    import json

    from hexcampaign.maps import HexMap
    from hexcampaign.maps.fileformat import MapFormatError, dumps_map, loads_map

    m = HexMap.new(3, 3)
    m.set_hex_km(1)
    data = {**json.loads(dumps_map(m)), **damage}
    with pytest.raises(MapFormatError) as refusal:
        loads_map(json.dumps(data), "scan.hexmap")
    assert str(refusal.value).startswith("scan.hexmap is damaged") and "underlay" in str(refusal.value)


def test_km_per_hex_must_be_a_width() -> None:
    from hexcampaign.maps import HexMap, MapEditError

    m = HexMap.new(3, 3)
    with pytest.raises(MapEditError, match="km across"):
        m.set_hex_km(0)
    m.set_hex_km(None)
    assert m.hex_km is None


def test_the_picture_path_is_kept_relative_to_the_map_file(tmp_path) -> None:
    import json

    from hexcampaign.maps import HexMap
    from hexcampaign.maps.fileformat import load_map, save_map

    (tmp_path / "scans").mkdir()
    picture = tmp_path / "scans" / "sheet.png"
    m = HexMap.new(4, 4)
    m.underlay = Underlay(str(picture), Affine(0.05, 0, 0, 0, 0.05, 0))
    (tmp_path / "maps").mkdir()
    save_map(m, tmp_path / "maps" / "traced.hexmap")
    written = json.loads((tmp_path / "maps" / "traced.hexmap").read_text("utf-8"))
    assert written["underlay"]["path"] == "../scans/sheet.png"
    back = load_map(tmp_path / "maps" / "traced.hexmap")
    assert back.underlay is not None and back.underlay.path == str(picture)


def test_a_map_opened_by_a_relative_name_finds_its_picture_from_anywhere(tmp_path, monkeypatch) -> None:
    from hexcampaign.maps import HexMap
    from hexcampaign.maps.fileformat import load_map, save_map

    m = HexMap.new(4, 4)
    m.underlay = Underlay(str(tmp_path / "scan.png"), Affine(0.05, 0, 0, 0, 0.05, 0))
    save_map(m, tmp_path / "traced.hexmap")
    monkeypatch.chdir(tmp_path)
    back = load_map("traced.hexmap")
    assert back.underlay is not None and back.underlay.path == str(tmp_path / "scan.png")
