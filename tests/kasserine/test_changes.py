"""Change records: every action says what it changed (the flags the docks and the canvas
refresh on), and the lock points where undo stops."""

from __future__ import annotations

from pathlib import Path

from hexcampaign.kasserine import Game, Options
from hexcampaign.rules.changes import Play, PlayChanges

from .helpers import H, U, game, refused

GUN = {"kind": "artillery", "cf": 0, "support": 4, "range": 3, "mf": 8}
REPROS = Path(__file__).with_name("fixtures")  # saves that reproduced reported problems


def test_a_move_records_the_unit_and_the_two_hexes_and_leaves_undo_free():
    g = game([U("a", (2, 2)), U("x", (9, 9), side="allied")])
    changes = g.move("a", [H(2, 3), H(2, 4)])
    assert isinstance(changes, PlayChanges)
    assert list(changes) == [line.split(": ", 1)[1] for line in g.log()]  # the log lines
    assert changes.flags == Play.UNITS | Play.LOG
    assert changes.units == {"a"} and changes.hexes == {H(2, 2), H(2, 4)}
    assert "moved from 0202 to 0204" in changes[0]
    assert g.last_changes is changes and g.can_undo


def test_passing_through_a_place_records_holdings_and_points():
    def setup(m):
        m.add_place(H(2, 3), "Sbiba", "town", vp=5)

    g = game([U("a", (2, 2)), U("x", (9, 9), side="allied")], setup=setup)
    changes = g.move("a", [H(2, 3), H(2, 4)])
    assert Play.HOLDINGS in changes.flags and Play.POINTS in changes.flags
    assert H(2, 3) in changes.hexes and g.victory_points() == 5


def test_combat_flags_declare_support_roll_and_result():
    g = game([U("a", (3, 2)), U("x", (4, 2), side="allied", cf=1), U("gun", (6, 2), side="allied", **GUN)],
             phase="german_combat")
    c = g.declare_attack(["a"], ["x"])
    declared = g.last_changes
    assert declared.flags & (Play.COMBAT | Play.LOCK) == Play.COMBAT | Play.LOCK
    assert not g.can_undo  # the defender is handed the attack: a declared attack stands
    refused(lambda: g.undo(), "Undo", "declared")
    support = g.support_defense(c, ["gun"])
    assert support.flags & (Play.COMBAT | Play.LOCK) == Play.COMBAT | Play.LOCK
    assert not g.can_undo  # the defender's guns are known: the attack stands
    refused(lambda: g.undo(), "Undo", "artillery")
    assert any("Defensive fire" in line for line in g.log())
    assert c.odds == "1:3"  # 2 against 1 + 4 of the guns
    g.resolve(c, roll=5)
    rolled = g.last_changes
    assert Play.COMBAT in rolled.flags and Play.LOCK in rolled.flags


def test_a_result_that_pushes_the_defender_back_asks_the_allies_to_retreat():
    g = game([U("a", (3, 2)), U("b", (5, 2)), U("x", (4, 2), side="allied", cf=1)], phase="german_combat")
    c = g.declare_attack(["a", "b"], ["x"])
    assert g.resolve(c, roll=6) == "D BACK 2"
    changes = g.last_changes
    assert Play.DECISION in changes.flags and Play.LOCK in changes.flags
    assert g.side_to_play == "allied" and g.pending().kind == "retreat"
    retreat = g.retreat("x", g.retreat_paths("x")[0])
    assert Play.UNITS in retreat.flags and Play.DECISION in retreat.flags and "x" in retreat.units


def test_an_exchange_records_the_units_eliminated():
    g = game([U("a", (3, 2)), U("b", (5, 2)), U("x", (4, 2), side="allied", cf=1)], phase="german_combat")
    g.resolve(g.declare_attack(["a", "b"], ["x"]), roll=2)  # EXCHANGE at 4:1
    changes = g.last_changes
    assert Play.ELIMINATED in changes.flags and "x" in changes.units and H(4, 2) in changes.hexes


def test_ending_a_phase_records_the_phase_and_locks_only_at_the_hand_over():
    g = game([U("a", (2, 2)), U("x", (9, 9), side="allied")])
    same_side = g.end_phase()  # German movement -> German combat
    assert Play.PHASE in same_side.flags and Play.LOCK not in same_side.flags and g.can_undo
    hand_over = g.end_phase()  # German combat -> Allied movement: the other player
    assert Play.PHASE in hand_over.flags and Play.LOCK in hand_over.flags
    assert g.side_to_play == "allied" and not g.can_undo
    refused(lambda: g.undo(), "Undo", "handed")


def test_breakdown_and_bridge_work_record_units_and_the_map():
    def setup(m):
        m.set_river(H(5, 5), True)
        m.add_road(H(5, 4), H(5, 5))
        m.set_bridge(H(5, 5), True)

    g = game(
        [U("bde", (2, 2), size="brigade", cf=7, mf=10, breakdown="dak_armor_brigade"),
         U("eng", (5, 5), kind="engineers", cf=1, mf=12), U("x", (9, 9), side="allied")],
        setup=setup,
    )
    work = g.destroy_bridge("eng", H(5, 5))
    assert Play.MAP in work.flags and H(5, 5) in work.hexes
    parts = g.breakdown("bde")
    broke = g.last_changes
    assert Play.UNITS in broke.flags and broke.units == {"bde", *parts} and broke.hexes == {H(2, 2)}


def test_undo_and_apply_return_change_records():
    g = game([U("a", (2, 2)), U("x", (9, 9), side="allied")])
    action = next(a for a in g.legal_actions() if a.kind == "move")
    assert Play.UNITS in g.apply(action).flags
    assert g.undo().flags == Play.ALL


def test_repro_the_defenders_artillery_locks_undo():
    g = Game.load(REPROS / "undo-state.kpgame")
    c = g.combats()[0]
    # saved before a declaration locked undo: loading restores the lock of the declaration
    assert c.odds == "8:1" and not g.can_undo
    refused(lambda: g.undo(), "Undo")
    support = next(a for a in g.legal_actions(moves=False) if a.kind == "support")
    g.apply(support)
    assert not g.can_undo and g.combats()[0].odds != "8:1"
    refused(lambda: g.undo(), "Undo")
    assert [c.id for c in g.combats()] == [1]  # the attack stands and cannot be re-declared
    assert any("Defensive fire for attack 1" in line for line in g.log())
    assert not Game.from_json(g.to_json()).can_undo


def test_repro_the_start_of_the_german_turn_refuses_undo():
    g = Game.load(REPROS / "turn2.kpgame")
    assert (g.state.turn, g.side_to_play, g.can_undo) == (2, "german", False)
    refused(lambda: g.undo(), "Undo")


def test_a_declared_attack_is_handed_to_the_defender_and_stands():
    g = game([U("a", (3, 2)), U("x", (4, 2), side="allied")], phase="german_combat")
    c = g.declare_attack(["a"], ["x"])
    assert Play.LOCK in g.last_changes.flags and not g.can_undo
    refused(lambda: g.undo(), "Undo", "attack 1", "declared", "Allied player", "stands")
    assert [k.id for k in g.combats()] == [c.id]
    # a save keeps the lock, and so does a save written before declarations locked
    assert not Game.from_json(g.to_json()).can_undo
    # the preview of an attack declares nothing and leaves undo as it was
    g2 = game([U("a", (3, 2)), U("b", (9, 9)), U("x", (4, 2), side="allied")], phase="german_movement")
    g2.move("b", [H(9, 8)])
    g2.end_phase()  # German combat: the same player, undo is free
    assert g2.can_undo
    preview = g2.preview_attack(["a"], ["x"])
    assert preview.odds == "2:1" and g2.combats() == [] and g2.can_undo
    refused(lambda: g2.preview_attack(["a"], ["b"]), "Combat")


def test_undo_never_crosses_a_combat_decision_passing_to_the_other_player():
    # 1:2, a roll of 6: A BACK 3 — the German retreats, then the Allied player may advance
    g = game([U("p", (3, 3), cf=1), U("d", (4, 3), side="allied", cf=2)], phase="german_combat",
             options=Options(dice="hand"))
    g.resolve(g.declare_attack(["p"], ["d"]), roll=6)
    assert g.pending().kind == "retreat" and g.pending().side == "german"
    g.retreat("p", g.retreat_paths("p")[0])
    decision = g.pending()
    assert decision.kind == "advance" and g.side_to_play == "allied"
    assert Play.LOCK in g.last_changes.flags and not g.can_undo
    refused(lambda: g.undo(), "Undo", "handed to the Allied player", "advance")
    where = g.unit("p").hex
    g.decline_advance()  # back to the German: the Allied choice is locked for him too
    assert g.side_to_play == "german" and not g.can_undo
    assert g.unit("p").hex == where
    assert g.replay().state == g.state
    loaded = Game.from_json(g.to_json())
    assert not loaded.can_undo


def test_the_attacker_cannot_undo_the_defender_s_retreat():
    # 8:1, a roll of 3: D BACK 2 — the Allied player retreats, then the German may advance
    g = game([U("p", (3, 3), cf=8), U("d", (4, 3), side="allied", cf=1)], phase="german_combat",
             options=Options(dice="hand"))
    g.resolve(g.declare_attack(["p"], ["d"]), roll=3)
    assert g.pending().kind == "retreat" and g.side_to_play == "allied"
    g.retreat("d", g.retreat_paths("d")[0])
    assert g.side_to_play == "german" and not g.can_undo
    refused(lambda: g.undo(), "Undo", "handed to the German player")
    # the German's own advance, in his own decision, is his to take back
    assert g.pending().kind == "advance"
    g.advance("p", g.advance_paths("p")[0])
    assert g.can_undo
    g.undo()
    assert g.pending().kind == "advance" and not g.can_undo
