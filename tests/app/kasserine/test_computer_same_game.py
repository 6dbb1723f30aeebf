"""The window's computer-against-computer game is the benchmark's game: on the same seed,
at the same levels, the actions the window records (moves, attacks, guns in defence, dice
faces) are exactly those of the engine-only loop of benchmarks/bench_ai.py, so what the
benchmark measures of the computer (its wins, the attacks the guns cut) holds in games the
window drives, whatever the pace, the worker thread and the copies it thinks on."""

from __future__ import annotations

import pytest
from benchmarks.bench_ai import play_game

from hexcampaign.kasserine.ai import Opponent

SEED = 7


def _window_game(mode, qtbot, german: str, allied: str, turns: int):
    """A computer-against-computer game started in the window, played at the fastest pace
    until `turns` turns are done, then paused."""
    mode.computer.set_computer_pace("fastest")
    document = mode.new_game(seed=SEED, computer={"german": german, "allied": allied})
    g = document.game
    qtbot.waitUntil(lambda: g.turn > turns or g.over, timeout=240_000)
    mode.computer.set_computer_paused(True)
    qtbot.waitUntil(lambda: not mode.computer.computers.busy(), timeout=30_000)
    mode.computer.computers.shutdown()
    return g


@pytest.mark.parametrize(
    ("german", "allied"), [("normal", "normal"), ("hard", "normal"), ("easy", "easy")]
)
def test_the_window_plays_the_benchmarks_game_on_the_same_seed(mode, qtbot, german, allied):
    g = _window_game(mode, qtbot, german, allied, turns=2)
    shown = g.actions()
    assert any(a.kind == "declare" for a in shown)  # attacks, guns and dice were in it
    if german != "easy":  # easy fires its guns only now and then (its seeded choices)
        assert any(a.kind == "support" for a in shown)
    bench, _think, _fire = play_game(german, allied, SEED)
    engine = bench.actions()
    assert len(engine) > len(shown)
    first_difference = next(
        (i for i, (a, b) in enumerate(zip(shown, engine, strict=False)) if a != b), None
    )
    assert first_difference is None, (
        f"the window's game left the benchmark's at action {first_difference}: "
        f"{shown[first_difference]} against {engine[first_difference]}"
    )
    # The same dice: the window rolled them in its worker, the benchmark on its own game.
    assert [a.faces for a in shown] == [a.faces for a in engine[: len(shown)]]


def test_the_window_gives_the_computer_the_level_asked(mode):
    mode.new_game(seed=SEED, computer={"german": "hard", "allied": "easy"})
    mode.computer.set_computer_paused(True)
    players = mode.computer.computers.players
    assert {s: (type(b), b.level) for s, b in players.items()} == {
        "german": (Opponent, "hard"),
        "allied": (Opponent, "easy"),
    }
    mode.computer.computers.shutdown()
