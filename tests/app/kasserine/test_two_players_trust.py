"""Two players at one window may trust Undo: it never takes back what the other player
did or chose, and it stops where new information was shown (issue 16, checked by mouse
under Xvfb; the whole-game script covers stack moves, hand-overs and the artillery
lock, these cover the hand-overs inside a combat)."""

from __future__ import annotations

from hexcampaign.kasserine import Game, Options
from hexcampaign.maps import HexMap

from .conftest import H, unit


def weak_attack(doughboys_at: tuple[int, int] = (4, 3)) -> Game:
    """A lone Panzer (factor 1) next to a US battalion (2): 1:2, hand-rolled dice."""
    units = [
        unit("Panzer", 3, 3, cf=1),
        unit("Doughboys", *doughboys_at, "allied"),
    ]
    return Game.custom(
        HexMap.blank(10, 8), units, seed=1, phase="german_combat", options=Options(dice="hand")
    )


def declare_and_roll(mode, roll: int) -> None:
    panel = mode.combat.panel
    mode.hex_clicked(H(4, 3))
    panel.declare.click()
    _take_the_mouse(mode)  # the defender allocates (he has no guns here)
    panel.allocate.click()
    _take_the_mouse(mode)  # the attacker rolls
    panel.dice.hand_entry.setValue(roll)
    panel.dice.hand_button.click()


def _take_the_mouse(mode) -> None:
    if mode.handing_over():
        mode.handover.ready.click()


def test_at_the_start_of_a_side_s_turn_undo_is_refused_and_says_why(hot_seat):
    mode = hot_seat
    g = mode.play(weak_attack(doughboys_at=(8, 6))).game  # nobody in contact
    mode.turn_bar.end_button.click()  # German combat ends: the Allied movement
    assert mode.handing_over() and mode.handover.words.text().startswith("Allied player")
    _take_the_mouse(mode)
    assert not g.can_undo and not mode.turn_bar.undo_button.isEnabled()
    assert not mode.undo()
    assert g.state.phase == "allied_movement"
    assert mode.last_message  # a refusal the player can read


def test_after_the_roll_the_attack_stands(hot_seat):
    mode = hot_seat
    g = mode.play(weak_attack()).game
    declare_and_roll(mode, 6)  # 1:2, 6: A BACK 3 — the Panzer must retreat
    assert g.pending() is not None and g.pending().kind == "retreat"
    assert not mode.undo()
    assert [c.result for c in g.combats()] == ["A BACK 3"]


def test_the_defender_handed_the_advance_cannot_undo_the_attacker_s_retreat(hot_seat):
    mode = hot_seat
    g = mode.play(weak_attack()).game
    declare_and_roll(mode, 6)
    panel = mode.combat.panel
    panel.result_units.select_id("Panzer")
    panel.decision_unit = "Panzer"
    mode.board.refresh_selection()
    goal = g.retreat_paths("Panzer")[0][-1]
    assert mode.hex_clicked(goal), mode.last_message
    assert g.pending() is not None and g.pending().side == "allied"  # his advance
    assert mode.handing_over()
    _take_the_mouse(mode)
    assert not mode.turn_bar.undo_button.isEnabled()
    assert not mode.undo()
    assert g.unit("Panzer").hex == goal


def test_the_defender_cannot_withdraw_the_attacker_s_attack(hot_seat):
    mode = hot_seat
    g = mode.play(weak_attack()).game
    panel = mode.combat.panel
    mode.hex_clicked(H(4, 3))
    panel.declare.click()
    # no Allied gun in reach: no hand-over (issue 28), and the attack stands all the same
    assert not mode.handing_over() and mode.turns.acting_side() == "german"
    assert not mode.undo()
    assert len(g.combats()) == 1


def test_the_hand_over_for_a_retreat_names_the_player_once(hot_seat):
    mode = hot_seat
    mode.play(weak_attack(), {"german": "Erwin", "allied": "Lloyd"})
    panel = mode.combat.panel
    mode.hex_clicked(H(4, 3))
    panel.declare.click()
    _take_the_mouse(mode)
    panel.allocate.click()
    _take_the_mouse(mode)
    panel.dice.hand_entry.setValue(6)  # 1:2, 6: A BACK 3 — Erwin retreats, then Lloyd
    panel.dice.hand_button.click()
    panel.result_units.select_id("Panzer")
    panel.decision_unit = "Panzer"
    mode.board.refresh_selection()
    g = mode.game
    assert mode.hex_clicked(g.retreat_paths("Panzer")[0][-1])
    assert mode.handing_over()
    words = mode.handover.words.text()
    assert words.startswith("Lloyd: advance") and "player" not in words, words
