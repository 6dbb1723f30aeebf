"""Resize keeps and shifts content; palette change maps terrain; copy/paste of a region."""

from __future__ import annotations

import pytest

from hexcampaign.app.editor.reshape import (
    HexRegion,
    copy_region,
    paste_region,
    resize_map,
    with_palette,
)
from hexcampaign.maps import HexMap
from hexcampaign.rules import IllegalAction

from .conftest import at


def featured() -> HexMap:
    m = HexMap.blank(6, 5, palette="kasserine")
    m.name = "Test"
    m.set_terrain(at(2, 2), "rugged_crest")
    m.set_elevation(at(2, 2), 2)
    m.set_river(at(3, 2), True)
    m.add_road(at(2, 2), at(3, 2))
    m.add_road(at(3, 2), at(4, 2))
    m.set_bridge(at(3, 2), True)
    m.add_cliff(at(2, 2), at(2, 3))
    m.add_place(at(4, 2), "Thala", "city", 2, 1)
    m.add_label(at(2, 2), "Djebel")
    return m


def test_growing_on_the_left_and_top_shifts_everything_intact():
    m = featured()
    new, lost = resize_map(m, left=2, top=1, right=1)
    assert (new.cols, new.rows) == (9, 6) and lost == 0 and new.name == "Test"
    # Two columns (an even number) keep every hex's row: each moves 2 right, 1 down.
    assert new.terrain(at(4, 3)) == "rugged_crest" and new.elevation(at(4, 3)) == 2
    assert new.has_road(at(4, 3), at(5, 3)) and new.has_bridge(at(5, 3))
    assert new.cliff_top(at(4, 3), at(4, 4)) == at(4, 3)
    assert new.place("Thala").hex == at(6, 3)
    assert [lb.text for lb in new.labels() if lb.hex == at(4, 3)] == ["Djebel"]


def test_shrinking_loses_the_cut_hexes_and_says_how_many():
    m = featured()
    new, lost = resize_map(m, left=-3)
    assert new.cols == 3
    assert lost == 1  # the crest hex was in the cut columns
    thala = new.place("Thala")
    (river,) = new.rivers()
    assert new.has_road(river, thala.hex) and new.has_bridge(river)
    assert len(new.roads()) == 1  # the road into the cut crest hex went with it
    with pytest.raises(IllegalAction, match="Resize"):
        resize_map(m, left=-3, right=-3)


def test_palette_change_maps_unknown_terrain_to_the_default():
    m = featured()
    cm, replaced = with_palette(m, "cm")
    assert cm.palette.name == "cm" and replaced == 1
    assert cm.terrain(at(2, 2)) == "clear" and cm.elevation(at(2, 2)) == 2
    assert cm.place("Thala").hex == at(4, 2)


def test_copy_paste_between_maps_keeps_features_and_renames_clashing_places():
    src = featured()
    region = copy_region(src, [at(c, r) for c in (2, 3, 4) for r in (2, 3)])
    region = HexRegion.from_json(region.to_json())  # through the clipboard text
    dst = HexMap.blank(10, 10, palette="kasserine")
    dst.add_place(at(0, 0), "Thala", "village")
    notes = paste_region(dst, region, at(6, 6))
    assert dst.terrain(at(6, 6)) == "rugged_crest"
    assert dst.has_road(at(6, 6), at(7, 6)) and dst.has_bridge(at(7, 6))
    assert dst.cliff_top(at(6, 6), at(6, 7)) == at(6, 6)
    assert dst.place("Thala 2").hex == at(8, 6)
    assert any("Thala 2" in n for n in notes)


def test_paste_refuses_terrain_of_another_palette_before_changing_anything():
    src = HexMap.blank(3, 3, palette="cm")
    src.set_terrain(at(1, 1), "forest")
    region = copy_region(src, src.hexes())
    dst = HexMap.blank(5, 5, palette="kasserine")
    before = dst.copy()
    with pytest.raises(IllegalAction, match="forest"):
        paste_region(dst, region, at(0, 0))
    assert dst == before


def test_garbage_on_the_clipboard_is_a_sentence():
    with pytest.raises(IllegalAction, match="no hexes copied"):
        HexRegion.from_json("hello")
