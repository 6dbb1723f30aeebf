"""The computer players in the window: they play on a worker's copy and the game on
screen follows action by action, identical to the engine's."""

from hexcampaign.app.kasserine.opponent import ComputerPlayers
from hexcampaign.kasserine import Game
from hexcampaign.kasserine.ai import Opponent


def test_computer_against_computer_plays_a_full_turn_and_the_screen_game_stays_the_engines(qtbot):
    game = Game.scenario(seed=3)
    players = ComputerPlayers(
        game,
        {
            "german": Opponent("german", "easy", seed=1),
            "allied": Opponent("allied", "easy", seed=2),
        },
        pace="fastest",
    )
    seen = []
    players.acted.connect(seen.append)
    players.idle.connect(players.start)  # between sides the driver hands over by itself
    players.start()
    qtbot.waitUntil(lambda: game.state.turn >= 2 or game.over, timeout=120_000)
    players.shutdown()
    assert seen, "the computer applied no action on screen"
    replayed = Game.from_json(game.to_json())
    assert replayed.to_json() == game.to_json()
    # The engine, given the same actions from the start, reaches the same position.
    engine = Game.scenario(seed=3)
    for action in game.actions():
        engine.apply(action)
    assert engine.to_json() == game.to_json()


def test_after_the_person_ends_the_phase_the_computer_plays_and_hands_back(qtbot):
    game = Game.scenario(seed=5)
    players = ComputerPlayers(game, {"allied": Opponent("allied", "easy", seed=1)}, pace="fastest")
    # The Germans (a person) set up and move by the computer's own suggestion, then end.
    german = Opponent("german", "easy", seed=4)
    german.play(game)
    assert game.side_to_play == "allied"
    back = []
    players.idle.connect(lambda: back.append(game.side_to_play))
    asked = []
    # The person defends: the computer's attacks wait for it, then go on (no guns here).
    players.defence_wanted.connect(asked.append)
    players.defence_wanted.connect(players.defence_settled)
    players.start()
    qtbot.waitUntil(lambda: bool(back) and back[-1] == "german", timeout=60_000)
    assert not players.busy()



def test_cancel_drops_what_was_thought_and_the_game_stays_legal(qtbot):
    game = Game.scenario(seed=7)
    players = ComputerPlayers(game, {"german": Opponent("german", "easy", seed=1)}, pace="slow")
    players.start()
    qtbot.waitUntil(lambda: len(game.actions()) >= 1, timeout=30_000)
    players.cancel()
    count = len(game.actions())
    qtbot.wait(50)
    assert len(game.actions()) == count
    assert Game.from_json(game.to_json()).to_json() == game.to_json()
