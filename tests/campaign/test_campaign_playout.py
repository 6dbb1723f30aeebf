"""Random legal play: invariants hold, saves load, replays reproduce."""

from __future__ import annotations

import random

import pytest

from hexcampaign.campaign import FILE_SUFFIX, Campaign, CampaignFormatError

from ._playout import check_invariants, new_playout, play_phase
from ._support import new_campaign


@pytest.mark.parametrize("turns", [25, pytest.param(100, marks=pytest.mark.soak)])
def test_turns_of_random_legal_play_keep_every_invariant(turns):
    """25 game turns in make test, 100 in make soak."""
    c = new_playout(seed=7, fortification=True)
    rng = random.Random(7)
    while c.turn <= turns:
        play_phase(c, rng)
        check_invariants(c)
    kinds = {b.kind for b in c.battles()}
    outcomes = {b.result.outcome for b in c.battles() if b.result}
    assert len(c.battles()) > 20 and "battle" in kinds
    assert outcomes == {"DRAW", "ATTACKER DEFEAT", "DEFENDER DEFEAT"}
    assert any("retreats to" in line for line in c.log)
    assert any("is dug in" in line for line in c.log)


@pytest.mark.parametrize(
    ("seed", "turns"),
    [
        (1, 3),
        pytest.param(1, 8, marks=pytest.mark.soak),
        pytest.param(2, 8, marks=pytest.mark.soak),
    ],
)
def test_save_load_at_every_phase_plays_on_identically_and_replays(seed, turns):
    """Saved, loaded and replayed at every phase of the first `turns` game turns (three in
    make test; eight, for two seeds, in make soak: the replay at every phase makes a walk
    cost the square of its length)."""
    c = new_playout(seed=seed)
    rng = random.Random(seed)
    for _ in range(7 * 2 * turns):  # seven phases a side turn, two side turns a game turn
        text = c.to_json()
        loaded = Campaign.from_json(text)
        assert loaded.state == c.state and loaded.to_json() == text
        assert loaded.replay().state == c.state
        state = rng.getstate()
        play_phase(c, rng)
        rng.setstate(state)
        play_phase(loaded, rng)
        assert loaded.state == c.state
    assert c.replay().state == c.state
    assert any(b.result for b in c.battles()), "the test should cover battles"


def test_save_to_disk_and_load(tmp_path):
    c = new_playout(seed=3)
    rng = random.Random(3)
    for _ in range(20):
        play_phase(c, rng)
    path = tmp_path / f"campaign{FILE_SUFFIX}"
    c.save(path)
    c.save(path)
    assert (tmp_path / f"campaign{FILE_SUFFIX}.bak").exists()
    assert Campaign.load(path).state == c.state


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format": "hexcampaign-map"}', "not a hexcampaign campaign file"),
        ('{"format": "hexcampaign-campaign", "version": 99}', "version 99"),
        ('{"format": "hexcampaign-campaign", "version": 1, "map": {}}', "damaged"),
    ],
)
def test_bad_campaign_files_are_refused_with_a_sentence(text, message):
    with pytest.raises(CampaignFormatError, match=message):
        Campaign.from_json(text)


def test_a_damaged_state_is_refused():
    data = new_campaign().to_json().replace('"phase": "reinforcement"', '"phase": 7')
    with pytest.raises(CampaignFormatError, match="damaged"):
        Campaign.from_json(data)


def test_the_shipped_sample_map_runs_a_campaign():
    from hexcampaign.maps import load_map
    from hexcampaign.paths import maps_path

    from ._playout import play_phase as play

    m = load_map(maps_path("cm-sample.hexmap"))
    capitals = {p.name: p.hex for p in m.places() if p.kind == "capital"}
    german, us = sorted(capitals)
    c = Campaign.new(
        m, sides=("german", "us"), capitals={"german": capitals[german], "us": capitals[us]}
    )
    assert c.holder(german) == "german" and c.holder(us) == "us"
    total = sum(p.pp for p in m.places())
    assert 0 < c.production_points("german") < total
    assert c.production_points("german") + c.production_points("us") <= total
    rng = random.Random(5)
    while c.turn <= 8:
        play(c, rng)
        check_invariants(c)
    assert c.formations("german") and c.replay().state == c.state


def test_a_version_1_save_loads_forever_and_plays_on():
    from pathlib import Path

    path = Path(__file__).parent / "fixtures" / "campaign-v1.json"
    c = Campaign.load(path)
    assert (c.turn, c.side_to_play, c.phase) == (5, "german", "pursuit")
    assert any(b.result and b.result.outcome == "DEFENDER DEFEAT" for b in c.battles())
    # (No replay check: sheet wording may improve; a save keeps the sheets it was given.)
    rng = random.Random(1)
    for _ in range(14):
        play_phase(c, rng)
        check_invariants(c)
