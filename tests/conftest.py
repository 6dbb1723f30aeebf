"""Shared fixtures: per-test settings folders and a small map with every feature; and
hypothesis without its per-example deadline (200 ms by default: a timing check that a
busy machine fails; no test here times anything)."""

from __future__ import annotations

import pytest
from hypothesis import settings

from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap

settings.register_profile("hexcampaign", deadline=None)
settings.load_profile("hexcampaign")


@pytest.fixture(autouse=True)
def user_folders(tmp_path, monkeypatch):
    """Settings, recent files, autosaves and the documents folder (where Open and Save
    dialogs start) go to this test's own folders."""
    config, data = tmp_path / "user-config", tmp_path / "user-data"
    monkeypatch.setenv("HEXCAMPAIGN_CONFIG_DIR", str(config))
    monkeypatch.setenv("HEXCAMPAIGN_DATA_DIR", str(data))
    monkeypatch.setenv("HEXCAMPAIGN_DOCUMENTS_DIR", str(tmp_path / "user-documents"))
    return config, data


def build_sample_map() -> HexMap:
    """A 12×9 Kasserine-palette map with every kind of feature on it."""
    m = HexMap.blank(12, 9, palette="kasserine")
    m.name = "Sample"
    at = Hex.from_offset
    for col, row in [(2, 2), (3, 2), (3, 3), (4, 2)]:
        m.set_terrain(at(col, row), "high_ground")
        m.set_elevation(at(col, row), 1)
    m.set_terrain(at(3, 1), "rugged_crest")
    m.set_elevation(at(3, 1), 2)
    for row in range(9):
        m.set_river(at(7, row), True)
    road = [at(c, 5) for c in range(0, 12)]
    for a, b in zip(road, road[1:], strict=False):
        if a.is_adjacent(b):
            m.add_road(a, b)
    m.set_bridge(at(7, 5), True)
    m.add_cliff(at(3, 3), at(3, 4))
    m.add_place(at(2, 5), "Kasserine", "city", vp=5)
    m.add_place(at(10, 5), "Thala", "village", vp=2)
    m.add_label(at(5, 7), "Road 1")
    return m


@pytest.fixture
def sample_map() -> HexMap:
    return build_sample_map()
