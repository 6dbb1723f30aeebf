"""Long random play: seeded random Kasserine games and campaign turns with the rules'
invariants after every action, a save and load at every phase (through files, as a
player saves), play continuing identically from the loaded copy, and replay equality.
A failure names its seed and the command that replays it.

What runs in `make test` is deliberately small, because the engines' own suites already
play: tests/kasserine/test_playout.py plays 20 whole random games (invariants after
every action, replay equality) and loads saves from every phase; tests/campaign/
test_campaign_playout.py plays 100 campaign turns with invariants and 2 × 8 turns with
save/load at every phase. Here make test adds the same through files on disk (two games,
five campaign turns); `make soak` plays 500 games and 100 campaign turns this way.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import campaign._playout as playout
from hexcampaign.campaign import Campaign
from hexcampaign.kasserine import Game
from kasserine.helpers import check_invariants, choose, skirmish

REPLAY = "pytest -m soak tests/reliability/test_long_play.py -k '{name}'"


def kasserine_long_game(seed: int, folder: Path, checked_loads: int = 4) -> int:
    """One whole random game (the Kasserine suite's skirmish position and player).
    Saved to a file at every phase change and loaded back (the loaded game must be the
    same position); from a few of those files play continues with the same choices and
    must end in the same final state. Returns the number of actions played."""
    g = skirmish(seed)
    rng = random.Random(seed)
    path = folder / f"game-{seed}.kpgame"
    saves: list[tuple[int, str, object]] = []
    while not g.over:
        phase = (g.state.turn, g.state.phase)
        g.apply(choose(g, rng))
        check_invariants(g)
        if (g.state.turn, g.state.phase) != phase:
            g.save(path)
            loaded = Game.load(path)
            assert loaded.state == g.state, f"the save at {phase} loads another position"
            saves.append((len(g.actions()), path.read_text(encoding="utf-8"), rng.getstate()))
        assert len(g.actions()) < 5000, "a game did not finish"
    assert g.replay().state == g.state, "the replay differs from the game"
    final = g.state
    picks = random.Random(seed).sample(saves, min(checked_loads, len(saves)))
    for count, text, rng_state in picks:
        loaded = Game.from_json(text)
        again = random.Random()
        again.setstate(rng_state)
        while not loaded.over:
            loaded.apply(choose(loaded, again))
        assert loaded.state == final, f"play from the save after action {count} went otherwise"
    return len(g.actions())


def campaign_long_play(seed: int, turns: int, folder: Path) -> int:
    """Random legal play (the campaign suite's player) for `turns` turns; at every phase
    the campaign is saved to a file and loaded, and the loaded copy plays the next phase
    with the same choices as the original — they must stay equal. Returns phases played."""
    c = playout.new_playout(seed=seed, fortification=seed % 2 == 0)
    rng = random.Random(seed)
    path = folder / f"campaign-{seed}.hxcampaign"
    phases = 0
    while c.turn <= turns:
        c.save(path)
        loaded = Campaign.load(path)
        assert loaded.state == c.state, f"turn {c.turn} {c.phase}: the save loads otherwise"
        state = rng.getstate()
        playout.play_phase(c, rng)
        rng.setstate(state)
        playout.play_phase(loaded, rng)
        assert loaded.state == c.state, f"turn {c.turn}: the loaded copy played otherwise"
        playout.check_invariants(c)
        phases += 1
    assert c.replay().state == c.state, "the replay differs from the campaign"
    return phases


def named_failure(name: str, run, *args):
    """Run; a failure says which seed failed and how to replay exactly it."""
    try:
        return run(*args)
    except AssertionError as e:
        raise AssertionError(f"{name} failed: {e}. Replay: {REPLAY.format(name=name)}") from e


# --- make test ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [101, 102])
def test_kasserine_games_through_files(seed, tmp_path):
    assert named_failure(f"kasserine_seed_{seed}", kasserine_long_game, seed, tmp_path) > 50


def test_five_campaign_turns_through_files(tmp_path):
    assert named_failure("campaign_seed_5", campaign_long_play, 5, 5, tmp_path) >= 5 * 14


# --- make soak: 500 games, 100 campaign turns ------------------------------------------------


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(500))
def test_kasserine_games_soak(seed, tmp_path):
    named_failure(f"kasserine_games_soak[{seed}]", kasserine_long_game, seed, tmp_path)


@pytest.mark.soak
@pytest.mark.parametrize("seed", [1, 2])
def test_hundred_campaign_turns_soak(seed, tmp_path):
    name = f"hundred_campaign_turns_soak[{seed}]"
    assert named_failure(name, campaign_long_play, seed, 100, tmp_path) >= 100 * 14
