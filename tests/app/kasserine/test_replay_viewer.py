"""The replay viewer (issue 28 item 1): a read-only window that steps through a game."""

from __future__ import annotations

from pathlib import Path

from hexcampaign.app.kasserine.replay_viewer import ReplayViewer, view_game, view_save
from hexcampaign.kasserine import Game

FIXTURES = Path(__file__).parents[2] / "kasserine" / "fixtures"
SAVE = FIXTURES / "feb17-german-combat.kpgame"


def test_the_viewer_steps_through_a_save_and_never_changes_the_game_shown(mode, qtbot):
    assert mode.open_path(SAVE)
    g = mode.game
    state, log = g.state.model_copy(deep=True), list(g.log())
    viewer = view_game(mode.window, g)
    assert isinstance(viewer, ReplayViewer)
    qtbot.addWidget(viewer)
    viewer.go(0)
    viewer.step_forward()
    viewer.step_forward()
    replayed = Game.load(SAVE).at_start()
    for action in g.actions()[:2]:
        replayed.apply_recorded(action)
    assert viewer.replay.position.state.units == replayed.state.units  # the board's position
    assert replayed.log()[-1].split(": ", 1)[1] in viewer.line.text()  # the step's line
    viewer.to_the_end()
    assert viewer.replay.position.state == g.state
    viewer.toggle_play()  # at the end Play starts again from the start
    assert viewer.playing
    before = viewer.replay.index
    viewer.tick()
    assert viewer.replay.index == before + 1
    viewer.pause()
    assert g.state == state and g.log() == log  # read-only
    viewer.close()


def test_a_bad_save_in_the_viewer_is_one_sentence(mode, tmp_path):
    bad = tmp_path / "bad.kpgame"
    bad.write_text("{not a game", encoding="utf-8")
    box = view_save(mode.window, bad)
    assert not isinstance(box, ReplayViewer)
    assert "bad.kpgame" in box.text()
    box.close()


def test_jump_to_follows_the_step_shown(mode, qtbot):
    """The "Jump to" list names the turn and phase of the step on the board, whichever
    way the viewer got there (it stayed on "German set-up" for the whole game)."""
    g = Game.load(SAVE)
    viewer = view_game(mode.window, g)
    qtbot.addWidget(viewer)
    viewer.go(0)
    assert viewer.phase_box.currentIndex() == 0
    for _ in range(60):
        viewer.step_forward()
    step = viewer.replay.shown
    assert step is not None and step.phase != "german_setup"
    assert viewer.phase_box.currentData() == (step.turn, step.phase)
    viewer.to_the_end()
    last = viewer.replay.shown
    assert viewer.phase_box.currentData() == (last.turn, last.phase)
    viewer.go(0)
    assert viewer.phase_box.currentIndex() == 0
    viewer.close()
