"""The turn sequence, victory, breakdown, engineers, saves and the views a GUI uses."""

from __future__ import annotations

import pytest

from hexcampaign.kasserine import Game, Options

from .helpers import H, U, game, refused


def test_twelve_daily_turns_in_four_phases():
    g = game([U("g", (9, 9)), U("a", (1, 1), side="allied")])
    seen = []
    while not g.over:
        seen.append((g.state.turn, g.state.phase))
        g.end_phase()
    assert seen[:4] == [(1, "german_movement"), (1, "german_combat"), (1, "allied_movement"), (1, "allied_combat")]
    assert seen[-1] == (12, "allied_combat") and len(seen) == 48
    assert g.date(1) == "Feb 14" and g.date(12) == "Feb 25"
    assert g.log()[-1].startswith("Feb 25, Allied combat: The game ends")
    refused(lambda: g.end_phase(), "Turn", "over")


@pytest.mark.parametrize(
    ("held", "points", "level"),
    [
        ([], 0, "German defeat"),
        (["Kasserine", "Sbiba"], 2, "German defeat"),
        (["Kasserine", "Thala"], 3, "German tactical victory"),
        (["Tebessa", "Thala"], 5, "German decisive victory"),
        (["Tebessa", "Thala", "Le Kef", "Sbiba"], 8, "German strategic victory"),
        (["Tebessa", "Thala", "Le Kef", "Sbiba", "Kasserine", "Ferriana"], 10, "German strategic victory"),
    ],
)
def test_victory_levels(held, points, level):
    def setup(m):
        for k, (name, vp) in enumerate(
            [("Ferriana", 1), ("Kasserine", 1), ("Sbiba", 1), ("Le Kef", 2), ("Thala", 2), ("Tebessa", 3)]
        ):
            m.add_place(H(k * 2, 8), name, "city" if vp > 1 else "village", vp=vp)

    g = game([U("g", (11, 0))], setup=setup, holders={name: "german" for name in held})
    assert g.victory_points() == points and g.victory_level() == level


def test_places_are_held_by_the_last_side_to_pass_through():
    def setup(m):
        m.add_place(H(4, 2), "Kasserine", "village", vp=1)

    g = game([U("g", (2, 2)), U("a", (6, 6), side="allied")], setup=setup)
    assert g.held_places("allied") == ["Kasserine"]  # the Allies hold all at start
    g.move("g", [H(3, 2), H(4, 2), H(5, 2), H(6, 2), H(7, 2)])  # passing through is enough
    assert g.state.holders["Kasserine"] == "german" and g.victory_points() == 1
    g.end_phase()
    g.end_phase()
    g.move("a", g.path_to("a", H(4, 4)))
    assert g.victory_points() == 1
    g.move("a", [H(4, 3), H(4, 2)])
    assert g.state.holders["Kasserine"] == "allied" and g.victory_points() == 0


@pytest.mark.parametrize(
    ("spec", "into"),
    [
        ({"kind": "armor", "size": "brigade", "cf": 7, "mf": 10}, ("armor", "battalion", 2, 10)),
        ({"kind": "armored_infantry", "size": "brigade", "cf": 5, "mf": 10}, ("armored_infantry", "battalion", 2, 10)),
        ({"kind": "recon", "size": "battalion", "cf": 3, "mf": 18}, ("recon", "detachment", 1, 18)),
        ({"kind": "armor", "size": "battalion", "cf": 2, "mf": 16}, ("armor", "detachment", 1, 16)),
        ({"kind": "armored_infantry", "size": "battalion", "cf": 2, "mf": 16}, ("armored_infantry", "detachment", 1, 16)),
        ({"kind": "anti_tank", "size": "battalion", "cf": 2, "mf": 8}, ("anti_tank", "detachment", 1, 6)),
    ],
)
def test_breakdown_chart(spec, into):
    g = game([U("g", (2, 2), **spec)])
    new = g.breakdown("g")
    assert len(new) == 2
    for uid in new:
        v = g.unit(uid)
        assert (v.kind, v.size, v.cf, v.mf) == into and v.hex == H(2, 2)
    refused(lambda: g.breakdown(new[0]), "German breakdown", "not on the breakdown chart")


def test_breakdown_refusals():
    g = game([U("inf", (2, 2), kind="infantry", cf=1, mf=8), U("a", (5, 5), side="allied", kind="armor", cf=2)])
    refused(lambda: g.breakdown("inf"), "German breakdown", "chart")
    refused(lambda: g.breakdown("a"), "German breakdown", "tough luck")
    al = game([U("g", (2, 2)), U("a", (5, 5), side="allied")], phase="allied_movement")
    refused(lambda: al.breakdown("g"), "German breakdown", "German half")
    full = game([U(f"s{k}", (2, 2), size="detachment", cf=1) for k in range(3)] + [U("b", (2, 2))])
    refused(lambda: full.breakdown("b"), "Stacking", "4 units")


def test_engineers_one_bridge_per_turn_and_costs():
    def setup(m):
        for a, b in [((2, 2), (3, 2)), ((3, 2), (4, 2)), ((4, 2), (5, 2)), ((5, 2), (6, 2))]:
            m.add_road(H(*a), H(*b))
        for c in (3, 5):
            m.set_river(H(c, 2), True)
            m.set_bridge(H(c, 2), True)

    g = game([U("e", (3, 2), kind="engineers", cf=1, mf=16, side="allied", nationality="us"),
              U("g", (11, 11)), U("x", (2, 2), side="allied")], setup=setup, phase="allied_movement")
    refused(lambda: g.destroy_bridge("x", H(2, 2)), "Engineers", "only engineers")
    refused(lambda: g.rebuild_bridge("e", H(3, 2)), "Engineers", "no destroyed bridge")
    g.destroy_bridge("e", H(3, 2))
    g.move("e", [H(4, 2), H(5, 2)])
    refused(lambda: g.destroy_bridge("e", H(5, 2)), "Engineers", "one bridge per turn")
    for _ in range(4):
        g.end_phase()
    assert g.state.turn == 2 and g.state.phase == "allied_movement"
    g.move("e", [H(4, 2), H(3, 2)])
    g.rebuild_bridge("e", H(3, 2))  # 1 + 4 (river, the road is broken) + 8 = 13 of 16
    assert g.unit("e").mp_spent == 13 and not g.bridge_destroyed(H(3, 2))
    slow = game([U("e", (3, 2), kind="engineers", cf=1, mf=8), U("a", (9, 9), side="allied")], setup=setup)
    slow.destroy_bridge("e", H(3, 2))
    for _ in range(4):
        slow.end_phase()
    slow.move("e", [H(4, 2), H(3, 2)])  # 2 + 4: the road is broken
    refused(lambda: slow.rebuild_bridge("e", H(3, 2)), "Engineers", "costs 8 MP")


def test_unit_views_and_arrivals():
    g = game([U("g", (2, 2), name="Panzer 1"), U("r", None, side="allied", arrives={"turn": 4, "place": "Thala"})])
    views = {v.id: v for v in g.units()}
    assert views["g"].title == "Panzer 1 armor 2-16"
    assert views["r"].hex is None and views["r"].arrives.turn == 4 and not views["r"].eliminated
    refused(lambda: g.unit("nobody"), "Units")


def test_save_load_round_trip_and_bad_files(tmp_path):
    g = game([U("g", (2, 2)), U("a", (4, 2), side="allied")], options=Options(crt_high_rolls="clamp"))
    g.move("g", [H(3, 2)])
    g.end_phase()
    c = g.declare_attack(["g"], ["a"])
    g.resolve(c)
    text = g.to_json()
    loaded = Game.from_json(text)
    assert loaded.state == g.state and loaded.log() == g.log()
    assert loaded.state.options.crt_high_rolls == "clamp"
    assert not loaded.can_undo  # the roll stays locked after loading
    with pytest.raises(ValueError, match="not a Kasserine Pass save"):
        Game.from_json('{"format": "something-else"}')
    with pytest.raises(ValueError, match="not a Kasserine Pass save"):
        Game.from_json("{broken")
    damaged = text.replace('"turn":1', '"turn":5', 1)  # a hand edit of the compact save
    assert damaged != text
    with pytest.raises(ValueError):
        Game.from_json(damaged)


def test_hand_dice_are_entered_and_logged():
    g = game([U("g", (3, 2)), U("a", (4, 2), side="allied")], phase="german_combat",
             options=Options(dice="hand"))
    c = g.declare_attack(["g"], ["a"])
    refused(lambda: g.resolve(c, roll=13), "Dice", "2 to 12")
    assert g.resolve(c, roll=6) == "ENGAGED"
    assert not g.can_undo
    refused(lambda: g.undo(), "Undo")
    assert "rolled 6" in g.log()[-2]
    assert g.replay().state == g.state


def test_custom_position_refuses_impossible_starts():
    refused(lambda: game([U("g", (2, 2)), U("a", (2, 2), side="allied")]), "Stacking")
    refused(lambda: game([U("g", (2, 2)), U("g", (3, 3))]), "Units")
    refused(lambda: game([U("g", (2, 2))], phase="lunch"), "Turn")


def test_pending_decisions_block_other_actions():
    g = game([U("g", (3, 2), cf=8), U("a", (4, 2), side="allied")], phase="german_combat")
    c = g.declare_attack(["g"], ["a"])
    g.resolve(c, roll=3)  # D BACK 2
    d = g.pending()
    assert d.side == "allied" and "retreat" in d.describe()
    refused(lambda: g.end_phase(), "Combat", "waiting")
    refused(lambda: g.advance("g", [H(4, 2)]), "Advance after combat", "no advance")
    acts = g.legal_actions()
    assert acts and all(type(a).__name__ == "Retreat" for a in acts)


def test_save_to_file_is_atomic_and_loads(tmp_path):
    g = game([U("g", (2, 2)), U("a", (4, 2), side="allied")])
    g.move("g", [H(3, 2)])
    path = tmp_path / "game.kasserine"
    g.save(path)
    g.end_phase()
    g.save(path)
    assert (tmp_path / "game.kasserine.bak").exists()
    loaded = Game.load(path)
    assert loaded.state == g.state
    path.write_text('{"format": "hexcampaign-kasserine-game", "version": 1, "actions": []}')
    with pytest.raises(ValueError, match="damaged"):
        Game.load(path)


def test_undo_goes_back_to_the_last_roll_and_no_further():
    g = game([U("g", (3, 2)), U("h", (8, 8)), U("a", (4, 2), side="allied")])
    g.end_phase()
    c = g.declare_attack(["g"], ["a"])
    g.resolve(c, roll=6)  # ENGAGED: locked here
    refused(lambda: g.undo(), "Undo", "die roll")
    assert g.state.phase == "german_combat" and g.unit("g").engaged
    assert g.replay().state == g.state


def test_undo_never_crosses_the_hand_over_to_the_other_player():
    g = game([U("g", (3, 2)), U("h", (8, 8)), U("a", (4, 2), side="allied"), U("b", (0, 10), side="allied")])
    g.move("h", [H(8, 7)])
    g.end_phase()  # German movement -> German combat: the same player, undo goes back
    g.undo()
    assert g.state.phase == "german_movement" and g.unit("h").hex == H(8, 7)
    g.end_phase()
    g.resolve(g.declare_attack(["g"], ["a"]), roll=6)  # ENGAGED
    g.end_phase()  # hand-over to the Allies
    assert g.state.phase == "allied_movement" and not g.can_undo
    g.move("b", [H(0, 9)])
    g.undo()
    refused(lambda: g.undo(), "Undo", "handed")
    assert g.state.phase == "allied_movement" and g.unit("h").hex == H(8, 7)
    g.end_phase()
    g.end_phase()  # hand-over back to the Germans, Feb 15
    assert (g.state.turn, g.state.phase, g.can_undo) == (2, "german_movement", False)
    loaded = Game.from_json(g.to_json())
    assert not loaded.can_undo
    assert g.replay().state == g.state


@pytest.mark.parametrize(("held", "words"), [(["Kasserine"], "hold 1 point,"), ([], "hold 0 points,")])
def test_the_last_line_counts_the_points_in_words(held, words):
    """The end of the game read 'the Germans hold 1 points'."""
    def setup(m):
        m.add_place(H(4, 2), "Kasserine", "village", vp=1)

    g = game([U("g", (9, 9)), U("a", (1, 1), side="allied")], setup=setup,
             holders={name: "german" for name in held})
    while not g.over:
        g.end_phase()
    assert f"The game ends: the Germans {words}" in g.log()[-1]
