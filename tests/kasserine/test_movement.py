"""Movement: terrain costs, roads, rivers, cliffs, rangers, zones of control, cost of
combat, stacking, engaged units, reinforcements and German initial placement."""

from __future__ import annotations

import pytest

from hexcampaign.kasserine import Options

from .helpers import H, U, game, refused


def _terrain(hexes: dict):
    def setup(m):
        for (c, r), name in hexes.items():
            m.set_terrain(H(c, r), name)

    return setup


@pytest.mark.parametrize(
    ("terrain", "cost"),
    [("plain", 2), ("high_ground", 4), ("rugged_crest", 8)],
)
def test_terrain_costs(terrain, cost):
    g = game([U("g", (2, 2))], setup=_terrain({(3, 2): terrain}))
    assert g.reachable("g")[H(3, 2)] == cost
    g.move("g", [H(3, 2)])
    assert g.unit("g").mp_spent == cost


def test_rugged_crest_errata_two_mp_from_an_adjacent_crest():
    g = game([U("g", (2, 2))], setup=_terrain({(3, 2): "rugged_crest", (4, 2): "rugged_crest"}))
    assert g.reachable("g")[H(4, 2)] == 8 + 2


def test_rugged_crest_costs_more_than_an_italian_has():
    g = game([U("i", (2, 2), nationality="italian", kind="infantry", cf=1, mf=6)],
             setup=_terrain({(3, 2): "rugged_crest"}))
    assert H(3, 2) not in g.reachable("i")
    refused(lambda: g.move("i", [H(3, 2)]), "Movement", "MP")


def test_river_costs_four_along_or_across():
    def setup(m):
        for c in range(3, 7):
            m.set_river(H(c, 2), True)

    g = game([U("g", (2, 2))], setup=setup)
    assert g.reachable("g")[H(3, 2)] == 4
    g.move("g", [H(3, 2), H(4, 2), H(5, 2)])  # along the river still 4 a hex
    assert g.unit("g").mp_spent == 12


def test_road_costs_one_only_from_road_hex_to_road_hex():
    def setup(m):
        m.add_road(H(2, 2), H(3, 2))
        m.add_road(H(3, 2), H(4, 2))

    g = game([U("g", (2, 2)), U("h", (3, 3))], setup=setup)
    assert g.reachable("g")[H(4, 2)] == 2
    # h enters the road hex 0302 off the road: plain cost, then 1 along the road
    assert g.reachable("h")[H(3, 2)] == 2
    assert g.reachable("h")[H(4, 2)] == 3


def test_combination_hex_road_if_already_on_the_road_else_river():
    def setup(m):
        m.add_road(H(2, 2), H(3, 2))
        m.add_road(H(3, 2), H(4, 2))
        m.set_river(H(3, 2), True)
        m.set_bridge(H(3, 2), True)

    g = game([U("g", (2, 2)), U("h", (3, 3))], setup=setup)
    assert g.reachable("g")[H(3, 2)] == 1
    assert g.reachable("h")[H(3, 2)] == 4


def test_destroyed_bridge_breaks_the_road():
    def setup(m):
        m.add_road(H(2, 2), H(3, 2))
        m.add_road(H(3, 2), H(4, 2))
        m.set_river(H(3, 2), True)
        m.set_bridge(H(3, 2), True)

    g = game([U("e", (3, 2), kind="engineers", cf=1, mf=8), U("g", (2, 2))], setup=setup)
    g.destroy_bridge("e", H(3, 2))
    assert g.bridge_destroyed(H(3, 2))
    assert g.unit("e").mp_spent == 4
    g.move("e", [H(3, 3)])  # remaining MP usable
    assert g.reachable("g")[H(3, 2)] == 4  # river cost now
    g.move("g", [H(3, 2), H(4, 2)])
    assert g.unit("g").mp_spent == 4 + 2
    refused(lambda: g.destroy_bridge("e", H(3, 2)), "Engineers")


def test_cliff_blocks_movement_even_for_rangers():
    def setup(m):
        m.add_cliff(H(3, 2), H(2, 2))

    g = game([U("g", (2, 2))], setup=setup)
    assert g.reachable("g")[H(3, 2)] == 4  # round the cliff, not across it
    refused(lambda: g.move("g", [H(3, 2)]), "Cliff", "no movement across a cliff hexside")
    r = game([U("r", (2, 2), side="allied", kind="rangers", cf=2, mf=5)], setup=setup,
             phase="allied_movement")
    refused(lambda: r.move("r", [H(3, 2)]), "Cliff")


def test_rangers_go_five_hexes_whatever_the_terrain():
    def setup(m):
        for c in range(3, 9):
            m.set_terrain(H(c, 2), "rugged_crest")

    g = game([U("r", (2, 2), side="allied", kind="rangers", cf=2, mf=5)], setup=setup,
             phase="allied_movement")
    reach = g.reachable("r")
    assert reach[H(7, 2)] == 5
    assert H(8, 2) not in reach
    g.move("r", [H(c, 2) for c in range(3, 8)])
    refused(lambda: g.move("r", [H(8, 2)]), "Movement")


def test_entering_enemy_zoc_stops_the_unit():
    g = game([U("g", (0, 0)), U("b", (4, 1), side="allied", nationality="british")], rows=2)
    reach = g.reachable("g")
    assert H(3, 0) in reach and H(6, 0) not in reach  # the ZOC spans the corridor
    g = game([U("g", (2, 2)), U("b", (5, 2), side="allied", nationality="british")])
    refused(lambda: g.move("g", [H(3, 2), H(4, 2), H(4, 3)]), "Zone of control", "must stop")
    g.move("g", [H(3, 2), H(4, 2)])
    refused(lambda: g.move("g", [H(3, 2)]), "Zone of control")


def test_german_armor_moves_through_american_infantry_zoc_at_two_extra():
    # a road of three hexes in American infantry ZOC costs a Panzer 9 MP (rulebook example)
    def setup(m):
        for c in range(1, 6):
            m.add_road(H(c, 4), H(c + 1, 4))

    units = [U("pz", (1, 4)), U("us", (3, 3), side="allied")]
    g = game(units, setup=setup)
    zoc = g.zone_of_control("allied")
    assert [c for c in range(1, 7) if H(c, 4) in zoc] == [2, 3, 4]
    g.move("pz", [H(2, 4), H(3, 4), H(4, 4)])
    assert g.unit("pz").mp_spent == 9
    g.move("pz", [H(5, 4)])
    assert g.unit("pz").mp_spent == 10
    recon = game([U("rc", (1, 4), kind="recon", cf=3, mf=18), units[1]], setup=setup)
    recon.move("rc", [H(c, 4) for c in range(2, 6)])
    assert recon.unit("rc").mp_spent == 10
    inf = game([U("inf", (1, 4), kind="infantry"), units[1]], setup=setup)
    refused(lambda: inf.move("inf", [H(2, 4), H(3, 4)]), "Zone of control", "must stop")


@pytest.mark.parametrize("nationality", ["british", "french"])
def test_british_and_french_infantry_zoc_stops_panzers(nationality):
    g = game([U("pz", (0, 0), mf=20), U("x", (4, 1), side="allied", nationality=nationality)], rows=2)
    assert H(6, 0) not in g.reachable("pz")
    refused(lambda: g.move("pz", [H(c, 0) for c in range(1, 7)]), "Zone of control")
    us = game([U("pz", (0, 0), mf=20), U("x", (4, 1), side="allied")], rows=2)
    assert H(6, 0) in us.reachable("pz")


def test_rangers_zoc_option():
    units = [U("pz", (0, 0), mf=20), U("rg", (4, 1), side="allied", kind="rangers", cf=2, mf=5)]
    assert H(6, 0) in game(units, rows=2).reachable("pz")
    g = game(units, rows=2, options=Options(rangers_zoc=True))
    assert H(6, 0) not in g.reachable("pz")


def test_italian_zoc_option():
    italian = U("it", (4, 1), nationality="italian", kind="infantry", cf=1, mf=6)
    units = [U("us", (0, 0), side="allied", kind="armor", cf=2, mf=20), italian]
    plain = game(units, rows=2, phase="allied_movement")
    assert H(6, 0) not in plain.reachable("us")
    g = game(units, rows=2, phase="allied_movement", options=Options(italian_zoc=True))
    assert H(6, 0) in g.reachable("us")
    british = [U("br", (0, 0), side="allied", nationality="british", mf=20), italian]
    assert H(6, 0) in game(british, rows=2, phase="allied_movement",
                           options=Options(italian_zoc=True)).reachable("br")
    us_infantry = [U("usi", (0, 0), side="allied"), italian]
    assert H(6, 0) not in game(us_infantry, rows=2, phase="allied_movement",
                               options=Options(italian_zoc=True)).reachable("usi")


def test_zoc_extends_down_a_cliff_but_not_up():
    def setup(m):
        m.add_cliff(H(4, 2), H(3, 2))  # 0402 is on top

    top = game([U("g", (2, 2)), U("a", (4, 2), side="allied", nationality="british")], setup=setup)
    assert H(3, 2) in top.zone_of_control("allied")  # down from the top
    bottom = game([U("g", (6, 2)), U("a", (3, 2), side="allied", nationality="british")], setup=setup)
    assert H(4, 2) not in bottom.zone_of_control("allied")  # not up


def test_cost_of_combat_needed_to_enter_zoc_but_one_hex_always():
    units = [U("g", (2, 2), mf=6), U("b", (6, 2), side="allied", nationality="british")]
    g = game(units)
    # 0502 is 3 hexes away: 6 MP, none left for the 2 MP of combat
    assert H(5, 2) not in g.reachable("g")
    refused(lambda: g.move("g", [H(3, 2), H(4, 2), H(5, 2)]), "Cost of combat")
    # 2 hexes (4 MP) leaves the 2 MP to fight
    assert g.reachable("g")[H(4, 2)] == 4
    # an Allied unit needs 4
    a = game([U("a", (2, 2), side="allied", mf=6), U("x", (6, 2))], phase="allied_movement")
    assert H(4, 2) in a.reachable("a") and H(5, 2) not in a.reachable("a")
    # one hex and fight, whatever the cost
    it = game([U("i", (2, 2), nationality="italian", kind="infantry", cf=1, mf=6),
               U("b", (4, 2), side="allied")], setup=_terrain({(3, 2): "rugged_crest"}))
    assert H(3, 2) in it.reachable("i")
    it.move("i", [H(3, 2)])


def test_rangers_pay_nothing_to_fight():
    g = game([U("r", (2, 2), side="allied", kind="rangers", cf=2, mf=5), U("x", (8, 2))],
             phase="allied_movement")
    assert g.reachable("r")[H(7, 2)] == 5


def test_a_unit_starting_in_zoc_may_leave():
    g = game([U("g", (3, 2)), U("b", (4, 2), side="allied", nationality="british")])
    assert H(1, 2) in g.reachable("g")
    g.move("g", [H(2, 2), H(1, 2)])


@pytest.mark.parametrize(
    ("stack", "mover", "ok", "rule"),
    [
        ([{"size": "battalion"}, {"size": "battalion"}], {"size": "battalion"}, True, ""),
        ([{"size": "battalion"}] * 3, {"size": "battalion"}, False, "regiment or brigade"),
        ([{"size": "battalion"}, {"size": "battalion"}], {"size": "detachment", "cf": 1}, True, ""),
        ([{"size": "battalion"}] * 3, {"size": "detachment", "cf": 1}, False, "a detachment is half"),
        ([{"size": "battalion"}, {"size": "battalion"}, {"size": "detachment", "cf": 1}], {"size": "detachment", "cf": 1}, True, ""),
        ([{"size": "regiment", "cf": 3, "mf": 10}], {"size": "detachment", "cf": 1}, False, "regiment stacks with no other"),
        ([{"size": "brigade", "cf": 7, "mf": 10}], {"size": "detachment", "cf": 1}, False, "brigade stacks with no other combat unit"),
        ([{"size": "brigade", "cf": 7, "mf": 10}], {"kind": "artillery", "cf": 0, "support": 4, "range": 2, "mf": 8}, True, ""),
        ([{"size": "battalion"}] * 3, {"kind": "engineers", "cf": 1, "mf": 8}, True, ""),
        ([{"size": "battalion"}] * 3 + [{"kind": "flak", "cf": 1}], {"kind": "engineers", "cf": 1, "mf": 8}, False, "never more than 4"),
    ],
)
def test_stacking(stack, mover, ok, rule):
    units = [U(f"s{k}", (4, 2), **fields) for k, fields in enumerate(stack)]
    units.append(U("m", (3, 2), **mover))
    g = game(units)
    if ok:
        assert H(4, 2) in g.reachable("m")
        g.move("m", [H(4, 2)])
    else:
        assert H(4, 2) not in g.reachable("m")
        refused(lambda: g.move("m", [H(4, 2)]), "Stacking", rule)


def test_units_move_through_friendly_stacks():
    """Stacking counts where a move ends: a battalion may not stop on a full stack (three
    battalions, a regiment's worth) but moves through it and on."""
    units = [U(f"s{k}", (4, 2)) for k in range(3)]
    units.append(U("m", (3, 2)))
    g = game(units)
    reach = g.reachable("m")
    assert H(4, 2) not in reach and H(5, 2) in reach
    refused(lambda: g.move("m", [H(4, 2)]), "Stacking")
    g.move("m", [H(4, 2), H(5, 2)])
    assert g.unit("m").hex == H(5, 2)
    assert [g.unit(f"s{k}").hex for k in range(3)] == [H(4, 2)] * 3


def test_enemy_hex_may_not_be_entered():
    g = game([U("g", (2, 2)), U("a", (3, 2), side="allied")])
    refused(lambda: g.move("g", [H(3, 2)]), "enemy")


def test_only_the_side_to_move_moves():
    g = game([U("g", (2, 2)), U("a", (8, 8), side="allied")])
    refused(lambda: g.move("a", [H(8, 7)]), "Sequence of movement", "Allied movement phase")
    assert g.reachable("a") == {}


def test_reinforcements_enter_at_their_arrival_point_on_their_date():
    def setup(m):
        m.add_place(H(0, 5), "Le Kef", "city", vp=2)

    arrival = {"turn": 2, "place": "Le Kef"}
    g = game([U("r", None, side="allied", arrives=arrival), U("g", (11, 11))], setup=setup,
             phase="allied_movement", turn=1)
    refused(lambda: g.move("r", [H(0, 5)]), "Reinforcements", "not arrived")
    g2 = game([U("r", None, side="allied", arrives=arrival), U("g", (11, 11))], setup=setup,
              phase="allied_movement", turn=2)
    reach = g2.reachable("r")
    assert reach[H(0, 5)] == 2  # the arrival hex counts as the first hex of movement
    refused(lambda: g2.move("r", [H(1, 5)]), "Reinforcements", "Le Kef")
    g2.move("r", [H(0, 5), H(1, 5)])
    assert g2.unit("r").hex == H(1, 5)


def test_reinforcements_blocked_by_an_enemy_on_the_arrival_point_wait():
    def setup(m):
        m.add_place(H(0, 5), "Le Kef", "city", vp=2)

    g = game([U("r", None, side="allied", arrives={"turn": 2, "place": "Le Kef"}), U("g", (0, 5))],
             setup=setup, phase="allied_movement", turn=3)
    assert g.reachable("r") == {}
    refused(lambda: g.move("r", [H(0, 5)]), "Reinforcements", "enemy")


def _setup_game(option=True):
    units = [U("g", None, entry="dak"), U("i", None, nationality="italian", kind="infantry", cf=1, mf=6),
             U("a", (2, 2), side="allied")]
    zones = {"dak": [H(11, 5), H(11, 6)]}
    return game(units, phase="german_setup", entry_zones=zones,
                options=Options(german_initial_placement=option))


def test_german_initial_placement_counts_as_the_first_hex():
    g = _setup_game()
    refused(lambda: g.end_phase(), "German initial placement")
    refused(lambda: g.place("g", H(5, 5)), "German initial placement", "entry zone")
    refused(lambda: g.place("i", H(8, 5)), "within 2 hexes of the east edge")
    g.place("g", H(11, 5))
    g.place("i", H(10, 5))
    g.end_phase()
    assert g.state.phase == "german_movement"
    assert g.unit("g").mp_spent == 2
    assert max(g.reachable("g").values()) == 16
    assert g.reachable("g")[H(4, 5)] == 16  # 7 hexes: 2 for the placement + 14
    assert H(3, 5) not in g.reachable("g")
    off = _setup_game(option=False)
    off.place("g", H(11, 5))
    off.place("i", H(10, 5))
    off.end_phase()
    assert off.unit("g").mp_spent == 0


def test_engaged_units_may_not_move_but_panzers_break_off():
    g = game([U("g", (3, 2)), U("a", (4, 2), side="allied")])
    g.end_phase()
    c = g.declare_attack(["g"], ["a"])
    assert c.odds == "2:1"
    assert g.resolve(c, roll=6) == "ENGAGED"
    assert g.unit("g").engaged and g.unit("a").engaged
    g.end_phase()
    refused(lambda: g.move("a", [H(5, 2)]), "Engaged")
    refused(lambda: g.break_off("a"), "Break-off", "no Allied unit")
    g.end_phase()
    g.end_phase()
    assert g.state.phase == "german_movement" and g.state.turn == 2
    refused(lambda: g.move("g", [H(2, 2)]), "Engaged")
    g.break_off("g")
    assert not g.unit("g").engaged
    assert g.unit("g").mp_spent == 2
    g.move("g", [H(2, 2)])


def test_artillery_stops_in_zoc_but_keeps_no_combat_reserve():
    gun = {"kind": "artillery", "cf": 0, "support": 4, "range": 2, "mf": 7}
    g = game([U("gun", (1, 2), **gun), U("b", (5, 2), side="allied", nationality="british")])
    assert g.reachable("gun")[H(4, 2)] == 6  # 3 hexes into ZOC with 1 MP left: no fight to pay
    inf = game([U("inf", (1, 2), kind="infantry", mf=7), U("b", (5, 2), side="allied", nationality="british")])
    assert H(4, 2) not in inf.reachable("inf")


def test_a_unit_standing_on_a_place_holds_it_from_the_start():
    def setup(m):
        m.add_place(H(9, 9), "Sbiba", "village", vp=1)

    g = game([U("g", (9, 9)), U("a", (1, 1), side="allied")], setup=setup)
    assert g.state.holders["Sbiba"] == "german" and g.victory_points() == 1


def test_one_hex_and_fight_uses_the_direct_step_not_a_cheaper_detour():
    def setup(m):
        m.set_terrain(H(3, 2), "rugged_crest")
        m.add_road(H(2, 2), H(3, 1))
        m.add_road(H(3, 1), H(3, 2))

    g = game([U("g", (2, 2), kind="infantry", cf=1, mf=3),
              U("b", (4, 3), side="allied", nationality="british")], setup=setup)
    assert g.reachable("g")[H(3, 2)] == 8
    assert g.path_to("g", H(3, 2)) == [H(3, 2)]
    refused(lambda: g.move("g", [H(3, 1), H(3, 2)]), "Cost of combat")
    g.move("g", [H(3, 2)])


def test_movement_refusal_says_why_a_unit_may_go_nowhere():
    g = game([U("a", (2, 2), mf=4), U("b", (6, 6)), U("x", (9, 9), side="allied")])
    assert g.movement_refusal("a") is None  # somewhere is open
    g.move("a", [H(2, 3), H(2, 4)])  # all four MP on clear ground
    why = g.movement_refusal("a")
    assert why is not None and "spent all its 4 MP" in why and "Movement" in why
    assert "Sequence of movement" in g.movement_refusal("x")  # not the Allies' phase
