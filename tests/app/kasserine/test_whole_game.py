"""A whole game, Feb 14 to Feb 25, played through the GUI's own gestures."""

from __future__ import annotations

import random

from .gui_player import step


def test_a_scripted_game_reaches_the_victory_dialog(hot_seat):
    mode = hot_seat
    mode.new_game(seed=11)
    g = mode.game
    rng = random.Random(11)
    done = []
    while not g.over:
        done.append(step(mode, rng))
        assert len(done) < 1500, done[-20:]
    dialog = mode.victory_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.level == g.victory_level() and dialog.points == g.victory_points()
    assert dialog.places.rowCount() == len(g.state.victory)
    assert dialog.log.toPlainText().splitlines() == g.log()
    assert g.state.turn == 12
    kinds = {d.split()[0] for d in done}
    assert {"move", "attack", "roll", "set-up"} <= kinds  # a real game, not just End phase
    assert {"hand", "stack"} <= kinds  # hot-seat hand-overs and stacks moved whole
    assert "Game over" in mode.turn_bar.player.text()
