"""Redo in the Game facade (issue 32 item 3): what undo took back is applied again, the
latest first; another action ends redo; a lock (a roll, a hand-over) is never crossed,
so nothing a player has seen is replayed."""

from __future__ import annotations

from kasserine.helpers import H, U, game, refused


def two_moves():
    g = game([U("a", (2, 2)), U("b", (6, 6))])
    g.move("a", [H(3, 2)])
    g.move("b", [H(7, 6)])
    return g


def test_redo_applies_again_what_undo_took_back_latest_first():
    g = two_moves()
    after = (g.actions(), g.state.model_dump(), g.log())
    g.undo()
    g.undo()
    assert g.unit("a").hex == H(2, 2) and g.can_redo
    g.redo()
    assert g.unit("a").hex == H(3, 2) and g.unit("b").hex == H(6, 6)
    g.redo()
    assert (g.actions(), g.state.model_dump(), g.log()) == after
    assert not g.can_redo
    refused(g.redo, "Redo", "no undone action")


def test_another_action_ends_redo():
    g = two_moves()
    g.undo()
    g.move("a", [H(2, 3)])
    assert not g.can_redo
    refused(g.redo, "Redo")


def test_a_lock_is_never_crossed_so_redo_replays_nothing_seen():
    g = two_moves()
    g.undo()
    while g.side_to_play == "german":
        g.end_phase()  # to the other side's phase: a lock (and an action: redo ends)
    assert not g.can_undo and not g.can_redo
    refused(g.undo, "Undo")
