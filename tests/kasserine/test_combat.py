"""Combat: strengths and terrain, artillery, selective attack, obligations, and every
result of the Explanation of Results with its errata."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hexcampaign.kasserine import Options

from .helpers import H, U, game, refused

GUN = {"kind": "artillery", "cf": 0, "support": 4, "range": 2, "mf": 8}


def combat_game(units, setup=None, phase="german_combat", **kw):
    return game(units, phase=phase, setup=setup, **kw)


def test_strength_and_odds_with_breakdown_lines():
    g = combat_game([U("a", (3, 2)), U("b", (3, 1)), U("c", (2, 3)), U("x", (2, 2), side="allied", cf=2)])
    # three 2-16s against one 2: 3:1, as in the rulebook's example
    c = g.declare_attack(["a", "b", "c"], ["x"])
    assert (c.attack_strength, c.defense_strength, c.odds) == (6, 2, "3:1")
    assert len([line for line in c.breakdown if "attacks with" in line]) == 3
    assert sum(c.distribution.values()) == 1


@pytest.mark.parametrize(
    ("attacker_terrain", "defender_terrain", "river", "factor"),
    [
        ("plain", "plain", False, Fraction(1)),
        ("plain", "high_ground", False, Fraction(1, 2)),
        ("high_ground", "rugged_crest", False, Fraction(1, 2)),
        ("plain", "rugged_crest", False, Fraction(1, 2)),  # one step or two: halved once
        ("high_ground", "plain", False, Fraction(1)),
        ("plain", "plain", True, Fraction(1, 2)),
        ("plain", "high_ground", True, Fraction(1, 4)),
    ],
)
def test_terrain_halves_the_attacker(attacker_terrain, defender_terrain, river, factor):
    def setup(m):
        m.set_terrain(H(3, 2), attacker_terrain)
        m.set_terrain(H(4, 2), defender_terrain)
        m.set_river(H(3, 2), river)

    g = combat_game([U("a", (3, 2), cf=4), U("x", (4, 2), side="allied", cf=1)], setup=setup)
    c = g.declare_attack(["a"], ["x"])
    assert c.attack_strength == 4 * factor


def test_cliff_quarters_and_never_below_a_quarter():
    def setup(m):
        m.add_cliff(H(4, 2), H(3, 2))
        m.set_terrain(H(4, 2), "high_ground")
        m.set_river(H(3, 2), True)

    g = combat_game([U("a", (3, 2), cf=8), U("x", (4, 2), side="allied", cf=1)], setup=setup)
    c = g.declare_attack(["a"], ["x"])
    assert c.attack_strength == 2  # ½ · ½ · ¼ would be 1/16: never below ¼
    assert any("never below" in line for line in c.breakdown)


def test_city_doubles_the_defender_not_the_artillery():
    def setup(m):
        m.add_place(H(4, 2), "Thala", "city", vp=2)

    units = [U("a", (3, 2), cf=7, size="brigade", mf=10), U("x", (4, 2), side="allied", cf=1),
             U("ag", (5, 2), side="allied", **GUN)]
    g = combat_game(units, setup=setup)
    c = g.declare_attack(["a"], ["x"])
    assert c.defense_strength == 2 and c.odds == "3:1"
    g.support_defense(c, ["ag"])
    assert c.defense_strength == 6 and c.odds == "1:1"


def test_artillery_supports_within_range_once():
    units = [U("a", (3, 2)), U("x", (4, 2), side="allied", cf=2), U("gun", (1, 2), **GUN),
             U("far", (0, 8), **GUN), U("y", (4, 4), side="allied"), U("b", (3, 4))]
    g = combat_game(units)
    refused(lambda: g.declare_attack(["a"], ["x"], artillery=["far"]), "Artillery", "support range")
    c = g.declare_attack(["a"], ["x"], artillery=["gun"])
    assert c.attack_strength == 6 and c.odds == "3:1"
    refused(lambda: g.declare_attack(["b"], ["y"], artillery=["gun"]), "Artillery", "only one combat")
    refused(lambda: g.declare_attack(["gun"], ["y"]), "Artillery", "does not attack")


def test_artillery_that_moved_far_cannot_support():
    units = [U("a", (3, 2)), U("x", (4, 2), side="allied", cf=2), U("gun", (0, 2), **GUN)]
    g = game(units)
    g.move("gun", [H(1, 2), H(2, 2)])  # 2 hexes, 4 MP of 8: 4 left, 2 needed
    g.end_phase()
    g.declare_attack(["a"], ["x"], artillery=["gun"])
    g2 = game(units)
    g2.move("gun", [H(1, 2), H(1, 3), H(2, 3)])  # 3 hexes, 6 MP: only 2 left
    g2.move("gun", [H(2, 2)])  # 8 MP spent
    g2.end_phase()
    refused(lambda: g2.declare_attack(["a"], ["x"], artillery=["gun"]), "Cost of combat")
    # the same reason is told before declaring, gun by gun
    assert "Cost of combat" in g2.support_refusal("gun", ["a"]) and "gun" in g2.support_refusal("gun", ["a"])
    assert g.support_refusal("gun", ["a"]) is not None  # g's gun already supports


def test_lone_artillery_defends_with_one_and_dies_instead_of_retreating():
    g = combat_game([U("a", (3, 2)), U("gun", (4, 2), side="allied", **GUN)])
    c = g.declare_attack(["a"], ["gun"])
    assert c.defense_strength == 1 and c.odds == "2:1"
    assert g.resolve(c, roll=3) == "A BACK 2"
    g2 = combat_game([U("a", (3, 2), cf=4), U("gun", (4, 2), side="allied", **GUN)])
    c = g2.declare_attack(["a"], ["gun"])
    assert g2.resolve(c, roll=6) == "D BACK 2"
    assert g2.unit("gun").eliminated


def test_artillery_in_a_stack_cannot_be_selectively_attacked_and_is_captured():
    units = [U("a", (3, 2), cf=8, size="battalion"), U("x", (4, 2), side="allied"),
             U("gun", (4, 2), side="allied", **GUN)]
    g = combat_game(units)
    refused(lambda: g.declare_attack(["a"], ["gun"]), "Artillery", "selectively")
    refused(lambda: g.declare_attack(["a"], ["x", "gun"]), "Artillery")
    c = g.declare_attack(["a"], ["x"])
    assert c.odds == "8:1"
    assert g.resolve(c, roll=4) == "D BACK 3"
    decision = g.pending()
    assert decision.kind == "retreat" and decision.side == "allied" and decision.units == ["x"]
    path = g.retreat_paths("x")[0]
    g.retreat("x", path)
    decision = g.pending()
    assert decision.kind == "advance" and decision.hexes == 2
    g.advance("a", [H(4, 2)])
    gun = g.unit("gun")
    assert gun.side == "german" and gun.captured


def test_selective_attack_german_only():
    units = [U("a", (3, 2)), U("b", (3, 3)), U("x", (4, 2), side="allied"), U("y", (4, 2), side="allied")]
    g = combat_game(units)
    c = g.declare_attack(["a"], ["x"])
    assert c.defense_strength == 1
    units = [U("x", (3, 2), side="allied"), U("y", (4, 3), side="allied"), U("a", (4, 2)), U("b", (4, 2))]
    g = combat_game(units, phase="allied_combat")
    refused(lambda: g.declare_attack(["x"], ["a"]), "Selective attack", "whole stack")
    c = g.declare_attack(["x", "y"], ["a", "b"])
    assert c.odds == "1:2"


def test_each_unit_attacks_and_is_attacked_once():
    units = [U("a", (3, 2)), U("b", (5, 2)), U("x", (4, 2), side="allied"), U("y", (4, 3), side="allied"),
             U("w", (5, 3), side="allied")]
    g = combat_game(units)
    g.declare_attack(["a"], ["x"])
    refused(lambda: g.declare_attack(["a"], ["y"]), "attacks once")
    refused(lambda: g.declare_attack(["b"], ["x"]), "attacked once")
    refused(lambda: g.declare_attack(["b"], ["y", "w"]), "one hex")


def test_attacker_must_be_adjacent_and_odds_at_least_one_to_six():
    units = [U("a", (2, 2)), U("b", (3, 2), cf=1), U("x", (4, 2), side="allied", cf=7, size="brigade", mf=10)]
    g = combat_game(units)
    refused(lambda: g.declare_attack(["a"], ["x"]), "adjacent")
    refused(lambda: g.declare_attack(["b"], ["x"]), "worse than 1:6")


def test_one_to_six_is_automatic_a_elim():
    units = [U("b", (3, 2), cf=1), U("x", (4, 2), side="allied", cf=6, size="brigade", mf=10)]
    g = combat_game(units)
    c = g.declare_attack(["b"], ["x"])
    assert c.odds == "1:6" and c.distribution == {"A ELIM": 1}
    assert g.resolve(c) == "A ELIM"
    assert g.unit("b").eliminated


def test_a_elim_losses_and_retreat_of_survivors():
    units = [U("a", (3, 2), cf=2), U("b", (4, 1), cf=1, size="detachment"), U("c", (3, 1), cf=2),
             U("x", (4, 2), side="allied", cf=1), U("gx", (5, 2), side="allied", **GUN)]
    g = combat_game(units)
    c = g.declare_attack(["a", "b", "c"], ["x"])
    g.support_defense(c, ["gx"])
    assert c.defense_strength == 5 and c.odds == "1:1"
    assert g.resolve(c, roll=3) == "A ELIM"
    d = g.pending()
    assert d.kind == "losses" and d.factors == 1  # defender's basic factor, no artillery (errata)
    refused(lambda: g.take_losses(["a", "b"]), "A ELIM", "not needed")
    refused(lambda: g.take_losses(["x"]), "Combat")
    g.take_losses(["b"])
    d = g.pending()
    assert d.kind == "retreat" and d.hexes == 1 and sorted(d.units) == ["a", "c"]
    refused(lambda: g.retreat("a", [H(4, 3)]), "Retreat")
    for uid in ["a", "c"]:
        g.retreat(uid, g.retreat_paths(uid)[0])
    assert g.pending() is None


def test_exchange_counts_basic_factors_doubled_in_a_city():
    def setup(m):
        m.add_place(H(4, 2), "Kasserine", "city", vp=1)

    units = [U("a", (3, 2), cf=2), U("b", (3, 1), cf=2), U("c", (4, 3), cf=2), U("d", (5, 2), cf=2),
             U("x", (4, 2), side="allied", cf=1)]
    g = combat_game(units, setup=setup)
    c = g.declare_attack(["a", "b", "c", "d"], ["x"])
    assert c.odds == "4:1"
    assert g.resolve(c, roll=2) == "EXCHANGE"
    assert g.unit("x").eliminated
    assert g.pending().factors == 2
    g.take_losses(["a"])
    d = g.pending()
    assert d.kind == "advance" and d.hexes == 1
    refused(lambda: g.advance("b", [H(4, 2), H(5, 3)]), "Advance after combat", "an advance of 1 hex at most")
    g.advance("b", [H(4, 2)])
    assert g.unit("b").hex == H(4, 2)
    assert g.state.holders["Kasserine"] == "german"


def test_german_breakdown_softens_an_exchange():
    # "should a German 2-16 roll an exchange against an American 1-16 he could breakdown"
    units = [U("a", (3, 2), cf=2), U("b", (3, 1), cf=2), U("x", (4, 2), side="allied", cf=1)]
    g = combat_game(units)
    c = g.declare_attack(["a", "b"], ["x"])
    assert c.odds == "4:1"
    assert g.resolve(c, roll=2) == "EXCHANGE"
    assert g.pending().factors == 1
    new = g.breakdown("a")
    assert len(new) == 2 and all(g.unit(u).cf == 1 and g.unit(u).size == "detachment" for u in new)
    assert set(new) <= set(g.pending().units)
    g.take_losses([new[0]])
    assert g.unit(new[0]).eliminated and not g.unit(new[1]).eliminated and not g.unit("b").eliminated


def test_d_back_retreat_rules_and_advance():
    def setup(m):
        m.add_cliff(H(5, 2), H(4, 2))

    units = [U("a", (3, 2), cf=8), U("x", (4, 2), side="allied"), U("z", (6, 2))]
    g = combat_game(units, setup=setup)
    c = g.declare_attack(["a"], ["x"])
    assert g.resolve(c, roll=3) == "D BACK 2"
    refused(lambda: g.retreat("x", [H(5, 2), H(6, 2)]), "Cliff")
    refused(lambda: g.retreat("x", [H(4, 1)]), "exactly 2 hexes")
    refused(lambda: g.retreat("x", [H(4, 1), H(4, 2)]), "Retreat")
    refused(lambda: g.retreat("x", [H(5, 1), H(6, 1)]), "Retreat", "zone of control")
    assert all(H(5, 1) not in p for p in g.retreat_paths("x"))
    g.retreat("x", [H(4, 1), H(4, 0)])
    d = g.pending()
    assert d.kind == "advance" and d.hexes == 1
    refused(lambda: g.advance("a", [H(3, 1)]), "first hex", "used to be")
    g.advance("a", [H(4, 2)])


def test_d_back_one_advances_into_the_vacated_hex():
    g = combat_game([U("a", (3, 2), cf=1), U("x", (4, 2), side="allied", cf=2)])
    c = g.declare_attack(["a"], ["x"])
    assert g.resolve(c, roll=2) == "D BACK 1"
    g.retreat("x", g.retreat_paths("x")[0])
    assert g.pending().hexes == 1
    g.advance("a", [H(4, 2)])


def test_unit_that_cannot_retreat_is_eliminated():
    def setup(m):
        for h in [H(5, 1), H(5, 2), H(4, 1), H(4, 3), H(3, 3)]:
            m.set_terrain(h, "rugged_crest")

    italian = U("i", (4, 2), side="allied", cf=1, mf=6)
    g = combat_game([U("a", (3, 2), cf=8), italian], setup=setup)
    c = g.declare_attack(["a"], ["i"])
    assert g.resolve(c, roll=3) == "D BACK 2"
    assert g.unit("i").eliminated  # every way out costs more than 6 MP
    assert g.pending().kind == "advance" and g.pending().hexes == 1


def test_d_elim_advance_by_die_and_always_the_vacated_hex():
    g = combat_game([U("a", (3, 2), cf=8), U("x", (4, 2), side="allied")], options=Options(dice="hand"))
    c = g.declare_attack(["a"], ["x"])
    refused(lambda: g.resolve(c), "Dice", "hand")
    assert g.resolve(c, roll=6) == "D ELIM"
    assert g.pending().kind == "advance_roll"
    g.roll_advance(1)
    d = g.pending()
    assert d.kind == "advance" and d.mp == 1
    refused(lambda: g.advance("a", [H(4, 2), H(5, 2)]), "D ELIM", "1 MP")
    g.advance("a", [H(4, 2)])
    assert g.unit("a").hex == H(4, 2)


def test_advance_stops_in_enemy_zoc_and_terrain_limit():
    def setup(m):
        m.set_terrain(H(5, 2), "rugged_crest")

    units = [U("a", (3, 2), cf=8, mf=6, kind="infantry"), U("x", (4, 2), side="allied"),
             U("y", (6, 1), side="allied", nationality="british")]
    g = combat_game(units, setup=setup)
    c = g.declare_attack(["a"], ["x"])
    g.resolve(c, roll=5)  # 8:1, D BACK 4
    path = next(p for p in g.retreat_paths("x") if not {H(5, 1), H(5, 0), H(4, 1)} & set(p))
    g.retreat("x", path)
    d = g.pending()
    assert d.hexes == 3
    refused(lambda: g.advance("a", [H(4, 2), H(5, 2)]), "Advance after combat", "movement factor")
    refused(lambda: g.advance("a", [H(4, 2), H(5, 1), H(5, 0)]), "Advance after combat", "must stop")
    g.advance("a", [H(4, 2), H(4, 1), H(5, 1)])


def test_a_back_defender_advances_one_less():
    units = [U("a", (3, 2)), U("x", (4, 2), side="allied", cf=2)]
    g = combat_game(units)
    c = g.declare_attack(["a"], ["x"])
    assert g.resolve(c, roll=4) == "A BACK 3"
    assert g.pending().side == "german"
    g.retreat("a", g.retreat_paths("a")[0])
    d = g.pending()
    assert d.kind == "advance" and d.side == "allied" and d.hexes == 2
    g.advance("x", [H(3, 2)])


def test_mandatory_attack_in_zoc_and_soak_off():
    units = [U("a", (3, 2)), U("x", (4, 2), side="allied"), U("y", (3, 1), side="allied"),
             U("b", (2, 1))]
    g = combat_game(units)
    refused(lambda: g.end_phase(), "Combat", "must attack")
    g.declare_attack(["a"], ["x"])
    g.resolve(g.combats()[0], roll=6)
    problems = g.obligations()
    assert any(p.startswith("Combat: y at ") and "must be attacked" in p for p in problems)
    assert any(p.startswith("Combat: b") and "must attack" in p for p in problems)
    g.declare_attack(["b"], ["y"])
    g.resolve(g.combats()[1], roll=6)
    assert g.obligations() == []
    g.end_phase()


def test_engaged_and_contact_obligations():
    units = [U("a", (3, 2)), U("x", (4, 2), side="allied", cf=1)]
    g = combat_game(units)
    c = g.declare_attack(["a"], ["x"])
    assert g.resolve(c, roll=6) == "ENGAGED"
    g.end_phase()
    g.end_phase()
    # Allied combat: x is engaged and need not attack
    assert g.state.phase == "allied_combat" and not g.obligations()
    g.end_phase()
    g.end_phase()  # German movement, turn 2
    refused(lambda: g.end_phase(), "Engaged", "re-attacked")
    c = g.declare_attack(["a"], ["x"])
    assert g.resolve(c, roll=5) == "A BACK 1"
    g.retreat("a", g.retreat_paths("a")[0])
    g.end_phase()
    assert not g.unit("x").engaged


def test_contact_defender_must_counter_attack_or_move_away():
    units = [U("a", (3, 2), cf=3), U("x", (4, 2), side="allied", cf=1)]
    g = combat_game(units)
    c = g.declare_attack(["a"], ["x"])
    assert g.resolve(c, roll=5) == "CONTACT"
    g.end_phase()
    g.end_phase()
    assert any(p.startswith("Contact:") for p in g.obligations())
    refused(lambda: g.end_phase(), "must")
    g2 = combat_game(units)
    c = g2.declare_attack(["a"], ["x"])
    g2.resolve(c, roll=5)
    g2.end_phase()
    g2.move("x", [H(5, 2), H(6, 2)])
    g2.end_phase()
    assert g2.obligations() == []


def test_allied_air_power_shifts_one_attack_a_turn():
    units = [U("x", (3, 2), side="allied", cf=2), U("y", (3, 4), side="allied", cf=2),
             U("a", (4, 2), cf=1), U("b", (4, 4), cf=1)]
    early = combat_game(units, phase="allied_combat", turn=8, options=Options(allied_air_power="on"))
    refused(lambda: early.declare_attack(["x"], ["a"], air_power=True), "Allied air power", "Feb 22")
    off = combat_game(units, phase="allied_combat", turn=9)
    refused(lambda: off.declare_attack(["x"], ["a"], air_power=True), "Allied air power", "not in use")
    g = game(units, phase="allied_movement", turn=9, options=Options(allied_air_power="on"))
    g.end_phase()
    c = g.declare_attack(["x"], ["a"], air_power=True)
    assert c.odds == "3:1"
    refused(lambda: g.declare_attack(["y"], ["b"], air_power=True), "only one attack per turn")


def test_allied_air_power_roll_on_feb_22_is_logged():
    units = [U("x", (3, 2), side="allied", cf=2), U("a", (6, 6), cf=1)]
    g = game(units, phase="german_combat", turn=9, options=Options(allied_air_power="roll"), seed=3)
    g.end_phase()
    assert g.state.air_superiority is not None
    assert any("Allied air power: rolled" in line for line in g.log())
    assert not g.can_undo


def test_engaged_counter_attack_must_take_on_all_the_attackers():
    def setup(m):
        m.add_cliff(H(5, 2), H(6, 2))  # a2 on top: its ZOC reaches y below, not y's up

    units = [U("a1", (3, 2), cf=4), U("a2", (5, 2), cf=4), U("x", (4, 2), side="allied", cf=2),
             U("y", (6, 2), side="allied", cf=4)]
    g = combat_game(units, setup=setup)
    c = g.declare_attack(["a1", "a2"], ["x"])
    assert c.odds == "4:1" and g.resolve(c, roll=3) == "ENGAGED"
    assert g.obligations() == []  # y's ZOC does not reach up the cliff to a2
    g.end_phase()
    g.end_phase()
    assert g.state.phase == "allied_combat"
    c = g.declare_attack(["x"], ["a1"])  # the defender counter-attacks one of them...
    assert c.odds == "1:2" and g.resolve(c, roll=3) == "CONTACT"
    problems = g.obligations()
    assert any(p.startswith("Engaged: a counter-attack must attack all") and "a2" in p for p in problems)
    c = g.declare_attack(["y"], ["a2"])
    assert c.attack_strength == 1  # attacking up a cliff: quartered
    g.resolve(c, roll=6)
    assert not any(p.startswith("Engaged") for p in g.obligations())


def test_guns_left_behind_in_an_attacked_stack_are_not_a_target_obligation():
    units = [U("a", (3, 2)), U("b", (3, 1)), U("x", (4, 2), side="allied", cf=1),
             U("gun", (4, 2), side="allied", **GUN)]
    g = combat_game(units)
    c = g.declare_attack(["a"], ["x"])
    g.resolve(c, roll=6)  # 2:1, ENGAGED
    # b is in x's zone of control, but x has been attacked and the guns may not be named
    refused(lambda: g.declare_attack(["b"], ["gun"]), "Artillery", "selectively")
    assert g.obligations() == []
    g.end_phase()


def test_a_one_hex_retreat_refusal_says_1_hex():
    """ "exactly 1 hexes" read wrong (issue 28): the count agrees with its noun."""
    from hexcampaign.kasserine import crt

    units = [U("a", (3, 2), cf=1), U("x", (4, 2), side="allied", cf=2)]
    g = combat_game(units)
    c = g.declare_attack(["a"], ["x"])
    assert crt.lookup("1:2", 2) == "D BACK 1"  # the only column with a one-hex retreat
    assert g.resolve(c, roll=2) == "D BACK 1"
    refusal = refused(lambda: g.retreat("x", [H(4, 1), H(4, 0)]), "exactly 1 hex")
    assert "1 hexes" not in str(refusal)
