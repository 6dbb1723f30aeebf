"""Two copies of one game with dice from the operating system's entropy stay identical
when one applies what the other did with the faces it rolled (the window's computer
player thinks on a copy; the game on screen follows it)."""

import pytest

from hexcampaign.kasserine import Game, IllegalAction
from hexcampaign.kasserine.ai import Opponent
from hexcampaign.kasserine.state import Resolve


def test_an_entropy_game_followed_action_by_action_ends_identical_to_its_copy():
    screen = Game.scenario(seed=None)
    worker = Game.from_json(screen.to_json())
    bots = {"german": Opponent("german", "easy", seed=1), "allied": Opponent("allied", "easy", seed=2)}
    rolled = 0
    while not worker.over and worker.turn < 2:
        side = worker.side_to_play
        other = bots["allied" if side == "german" else "german"]

        def defense(copy, other=other):
            for action in other.steps(copy):
                screen.apply_recorded(action)

        for action in bots[side].steps(worker, defense=defense):
            rolled += len(action.faces or [])
            screen.apply_recorded(action)
    assert rolled > 0, "no die was rolled: the test proves nothing"
    assert screen.log() == worker.log()
    assert screen.to_json() == worker.to_json()
    assert screen.seed is None  # nothing in the save tells the next roll


def test_a_recorded_face_outside_one_to_six_is_refused():
    game = Game.scenario(seed=None)
    with pytest.raises(IllegalAction, match="Dice"):
        game.apply_recorded(Resolve(combat=1, faces=[7]))


def test_turn_phase_and_options_are_read_only_answers():
    game = Game.scenario(seed=4)
    assert (game.turn, game.phase) == (1, "german_setup")
    with pytest.raises(ValueError):
        game.options.dice = "hand"  # the optional rules are fixed when the game starts
    assert game.options.dice == "program"
