"""Game.copy: an independent copy of a game as it stands, for trying actions without
touching the game (a turn file is checked whole on a copy before it changes anything)."""

from __future__ import annotations

import random

from hexcampaign.kasserine import Game

from .helpers import choose_fast as choose


def test_a_copy_is_the_same_game_and_plays_on_without_touching_the_original():
    g = Game.scenario(seed=5)
    rng = random.Random(5)
    while g.turn < 3 and not g.over:
        g.apply(choose(g, rng))
    saved = g.to_json()
    copy = g.copy()
    assert copy.to_json() == saved and copy.state == g.state
    assert copy.can_undo == g.can_undo and copy.log() == g.log()
    for _ in range(60):  # the copy plays on, rolling dice and locking undo
        if copy.over:
            break
        copy.apply(choose(copy, random.Random(len(copy.actions()))))
    assert any(a.faces for a in copy.actions()[len(g.actions()) :])  # dice were rolled
    assert g.to_json() == saved  # the original is untouched
    assert copy.actions()[: len(g.actions())] == g.actions()
    # the original, given the copy's actions with their dice, reaches the copy's position
    for action in copy.actions()[len(g.actions()) :]:
        g.apply_recorded(action)
    assert g.state == copy.state and g.log() == copy.log()
