"""Every released file format version has a fixture that must load forever (a test per
fixture). When a format's version goes up, its previous fixture stays here unchanged and
a migration (N -> N+1) makes it load; a new fixture of the new version joins it.

Fixtures: map v1 (tests/maps/fixtures/v1.hexmap, with the map tests), map v2, Kasserine
game v1 (both here), campaign v1 (tests/campaign/fixtures/campaign-v1.json, with its own
test that plays on from it)."""

from __future__ import annotations

import random
from pathlib import Path

from hexcampaign.campaign import Campaign
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import Game
from hexcampaign.maps import load_map
from kasserine.helpers import check_invariants, choose

TESTS = Path(__file__).resolve().parents[1]
HERE = Path(__file__).with_name("fixtures")


def test_map_version_1_loads_forever():
    m = load_map(TESTS / "maps" / "fixtures" / "v1.hexmap")
    assert m.cols > 0 and m.hexes()


def test_map_version_2_loads_forever():
    m = load_map(HERE / "map-v2.hexmap")
    at = Hex.from_offset
    assert (m.cols, m.rows, m.palette.name) == (12, 9, "kasserine")
    assert m.terrain(at(3, 1)) == "rugged_crest" and m.elevation(at(3, 1)) == 2
    assert len(m.rivers()) == 9 and m.has_bridge(at(7, 5))
    assert m.cliff_top(at(3, 3), at(3, 4)) == at(3, 3)
    assert {p.name: p.vp for p in m.places()} == {"Kasserine": 5, "Thala": 2}
    assert [lb.text for lb in m.labels()] == ["Road 1"]
    assert m.has_road(at(0, 5), at(1, 5))


def test_kasserine_game_version_1_loads_forever_and_plays_on():
    g = Game.load(HERE / "kasserine-game-v1.kpgame")
    assert (g.state.turn, g.state.phase) == (4, "allied_movement")
    assert len(g.actions()) == 97 and any(a.faces for a in g.actions())
    assert g.replay().state == g.state
    rng = random.Random(4)
    while not g.over:
        g.apply(choose(g, rng))
        check_invariants(g)
    assert g.state.turn == 12


def test_campaign_version_1_loads_forever():
    c = Campaign.load(TESTS / "campaign" / "fixtures" / "campaign-v1.json")
    assert (c.turn, c.side_to_play, c.phase) == (5, "german", "pursuit")
