"""The game document: one typed action in, one `changed(changes, initiator)` out, a
refusal one way; every part of the window redraws from that one signal."""

from __future__ import annotations

from hexcampaign.app.kasserine.phase_tools import MovementTool
from hexcampaign.kasserine.state import EndPhase, MoveUnit
from hexcampaign.rules.changes import Play

from .conftest import H, skirmish


def _listen(document):
    heard: list[tuple] = []
    refused: list[str] = []
    document.changed.connect(lambda changes, initiator: heard.append((changes, initiator)))
    document.refused.connect(refused.append)
    return heard, refused


def test_a_click_that_moves_is_one_typed_action_and_one_change(mode):
    document = mode.play(skirmish(phase="german_movement"))
    g = document.game
    heard, refused = _listen(document)
    mode.hex_clicked(H(3, 5))  # the Grenadiers
    goal = sorted(mode.reachable)[0]
    assert heard == []  # picking a unit changes no game
    assert mode.hex_clicked(goal)
    assert len(heard) == 1 and not refused
    changes, initiator = heard[0]
    assert isinstance(initiator, MovementTool)  # who asked: the phase tool of the click
    assert changes.flags & Play.UNITS and "Grenadiers" in changes.units
    assert isinstance(g.actions()[-1], MoveUnit) and g.unit("Grenadiers").hex == goal
    # Everything on screen followed that one change.
    assert mode.docks.log.lines[-1].endswith(changes[-1]) and mode.last_message == changes[-1]
    assert "counters" in mode.board.redrawn and mode.turn_bar.undo_button.isEnabled()
    assert mode.undo()
    assert len(heard) == 2 and heard[1][1] is mode.gestures
    assert g.unit("Grenadiers").hex == H(3, 5)


def test_a_refusal_changes_nothing_and_is_shown_once(mode, window):
    document = mode.play(skirmish(phase="german_movement"))
    g = document.game
    before = g.to_json()
    heard, refused = _listen(document)
    far = H(9, 7)
    assert document.act(MoveUnit(unit="Grenadiers", path=[(far.q, far.r)]), "test") is None
    assert heard == [] and len(refused) == 1 and g.to_json() == before
    assert document.last_refusal == refused[0] == mode.last_message
    assert mode.docks.notices.refusal and window.statusBar().currentMessage() == refused[0]


def test_the_computers_recorded_action_takes_the_same_path(mode):
    document = mode.play(skirmish(phase="german_movement"))
    heard, _refused = _listen(document)
    changes = document.apply_recorded(EndPhase(), initiator=mode.computer.computers)
    assert changes is not None and changes.flags & Play.PHASE
    assert [initiator for _c, initiator in heard] == [mode.computer.computers]
    assert document.game.state.phase == "german_combat"
    assert mode.turn_bar.phase.text() == "German combat"
