"""Terrain carried across palettes: the suggested mapping and its checks (no Qt)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexcampaign.maps import MapEditError, load_map, load_palette
from hexcampaign.maps.terrain_mapping import check_mapping, remap_terrains, suggest_mapping

EXAMPLES = Path(__file__).resolve().parents[2] / "maps" / "examples"


def test_same_name_first_then_same_label_then_the_default():
    gettysburg = load_map(EXAMPLES / "gettysburg.hexmap").palette
    ww2 = load_palette("ww2")
    source = [t.name for t in gettysburg.terrains_list]
    labels = {t.name: t.label for t in gettysburg.terrains_list}
    labels["ridge"] = "Hills"  # as if the copied palette called its ridges hills
    mapping = suggest_mapping(source, ww2, labels)
    assert list(mapping) == source
    assert mapping["clear"] == "clear" and mapping["woods"] == "woods" and mapping["marsh"] == "marsh"
    assert mapping["ridge"] == "hills"  # by label
    assert mapping["orchard"] == "clear"  # nothing alike: the target's default


def test_remap_turns_every_terrain_and_refuses_a_terrain_the_target_lacks():
    kasserine = load_palette("kasserine")
    copied = {(0, 0): "clear", (1, 0): "woods", (2, 0): "clear"}
    mapped = remap_terrains(copied, {"clear": "plain", "woods": "high_ground"}, kasserine)
    assert mapped == {(0, 0): "plain", (1, 0): "high_ground", (2, 0): "plain"}
    with pytest.raises(MapEditError, match="no terrain 'woods' for the copied terrain 'woods'"):
        remap_terrains(copied, {"clear": "plain"}, kasserine)
    with pytest.raises(MapEditError, match="'forest'"):
        check_mapping(["clear"], {"clear": "forest"}, kasserine)
