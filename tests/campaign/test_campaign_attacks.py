"""Attack orders, artillery and air support, and the battle set-up sheet."""

from __future__ import annotations

import pytest

from hexcampaign.campaign import IllegalAction

from ._support import CENTRE, cm_map, new_campaign, to_phase

N, NE, SE, S, SW, NW = range(6)


def battle_ready(m=None, us_dug_in=False, us_units=("rifle_company",), **options):
    """German corps + division at CENTRE, US division south-east of it, US corps behind."""
    c = new_campaign(m, **options)
    g_corps = c.deploy("german", "corps", CENTRE.neighbor(NW), ["lefh18_battery", "sfh18_battery"])
    g = c.deploy(
        "german", "infantry", CENTRE, ["grenadier_company", "panzer_iv_platoon"], corps=g_corps
    )
    u_corps = c.deploy("us", "corps", CENTRE.neighbor(SE).neighbor(SE), ["howitzer105_battery"])
    u = c.deploy(
        "us", "infantry", CENTRE.neighbor(SE), list(us_units), corps=u_corps, dug_in=us_dug_in
    )
    to_phase(c, "attack_orders")
    return c, g, u, g_corps, u_corps


def unit_of(c, fid, i=0):
    return c.formation(fid).units[i].id


def test_a_division_adjacent_to_an_enemy_division_attacks_it():
    c, g, u, g_corps, _ = battle_ready()
    assert c.attack_options() == {u: [g]}
    b = c.declare_attack([g], u, artillery=[unit_of(c, g_corps)])
    assert b.sheet.battle_type == "PROBE" and b.sheet.turns == 22
    assert c.attack_options() == {}


ATTACK_REFUSALS = [
    ("not adjacent", "Attack orders: .* is not adjacent to the enemy"),
    ("own side", "Attack orders: .* is not an enemy formation"),
    ("corps attacks", "Attack orders: only divisions attack"),
    ("twice", "Attack orders: .* is already attacked this turn"),
    ("wrong phase", "Attack orders: attacks are ordered in the attack orders phase"),
    ("artillery range", "Artillery range: .* must be in a corps HQ within 3 hexes"),
    ("not artillery", "Artillery support: Grenadier company .* is not corps artillery"),
    ("not air", "Air support: .* is not an air asset"),
]


@pytest.mark.parametrize(("case", "refusal"), ATTACK_REFUSALS)
def test_attack_refusals_name_the_rule(case, refusal):
    c, g, u, g_corps, _ = battle_ready()
    far = c.deploy("german", "infantry", CENTRE.neighbor(N).neighbor(N), ["grenadier_company"])
    kwargs = {"attackers": [g], "defender": u}
    if case == "not adjacent":
        kwargs["attackers"] = [far]
    elif case == "own side":
        kwargs["defender"] = far
    elif case == "corps attacks":
        kwargs["attackers"] = [g_corps]
    elif case == "twice":
        c.declare_attack([g], u)
    elif case == "wrong phase":
        c.end_phase()
    elif case == "artillery range":
        distant = c.deploy(
            "german",
            "corps",
            CENTRE.neighbor(N).neighbor(N).neighbor(N).neighbor(N),
            ["lefh18_battery"],
        )
        kwargs["artillery"] = [unit_of(c, distant)]
    elif case == "not artillery":
        kwargs["artillery"] = [unit_of(c, g)]
    elif case == "not air":
        kwargs["air"] = [unit_of(c, g_corps)]
    with pytest.raises(IllegalAction, match=refusal):
        c.declare_attack(**kwargs)


def test_parent_corps_artillery_out_of_range_depends_on_the_option():
    for needs_range in (True, False):
        c = new_campaign(parent_corps_artillery_needs_range=needs_range)
        corps = c.deploy(
            "german",
            "corps",
            CENTRE.neighbor(N).neighbor(N).neighbor(N).neighbor(N),
            ["lefh18_battery"],
        )
        g = c.deploy("german", "infantry", CENTRE, ["grenadier_company"], corps=corps)
        u = c.deploy("us", "infantry", CENTRE.neighbor(SE), ["rifle_company"])
        to_phase(c, "attack_orders")
        gun = c.formation(corps).units[0].id
        if needs_range:
            with pytest.raises(IllegalAction, match="Artillery range"):
                c.declare_attack([g], u, artillery=[gun])
        else:
            assert c.declare_attack([g], u, artillery=[gun]).artillery == [gun]


def test_any_friendly_corps_within_three_hexes_may_support_the_attack():
    c, g, u, _, _ = battle_ready()
    other = c.deploy("german", "corps", CENTRE.neighbor(S).neighbor(S), ["sfh18_battery"])
    b = c.declare_attack([g], u, artillery=[unit_of(c, other)])
    assert "15 cm sFH 18 battery" in b.sheet.artillery["german"][0]


def test_each_artillery_and_air_unit_supports_one_battle_per_turn():
    c, g, u, g_corps, u_corps = battle_ready()
    g2 = c.deploy(
        "german", "infantry", CENTRE.neighbor(S).neighbor(S), ["grenadier_company"], corps=g_corps
    )
    u2 = c.deploy("us", "infantry", CENTRE.neighbor(S).neighbor(S).neighbor(SE), ["rifle_company"])
    gun = unit_of(c, g_corps)
    c.state.pp["german"] = 10
    c.state.phase = "purchase"
    air = c.purchase("german", "fw190_flight")
    c.state.phase = "attack_orders"
    c.declare_attack([g], u, artillery=[gun], air=[air])
    with pytest.raises(
        IllegalAction, match="Artillery support: .* already supports another battle this turn"
    ):
        c.declare_attack([g2], u2, artillery=[gun])
    with pytest.raises(IllegalAction, match="already supports another battle"):
        c.declare_attack([g2], u2, air=[air])
    c.declare_attack([g2], u2)


def test_defensive_artillery_only_from_the_defenders_parent_corps_within_three_hexes():
    c, g, u, g_corps, u_corps = battle_ready()
    b = c.declare_attack([g], u)
    stranger = c.deploy("us", "corps", CENTRE.neighbor(S).neighbor(S), ["howitzer155_battery"])
    with pytest.raises(
        IllegalAction, match="Defensive support: only artillery of the defender's parent corps HQ"
    ):
        c.support_defense(b, artillery=[unit_of(c, stranger)])
    c.support_defense(b, artillery=[unit_of(c, u_corps)])
    assert "105 mm" in c.battle(b).sheet.artillery["us"][0]
    assert c.battle(b).sheet.fortifications == {}  # not dug in: no fortifications, a PROBE
    with pytest.raises(
        IllegalAction, match="Attack orders: the defender has begun assigning defensive support"
    ):
        c.declare_attack([g], c.deploy("us", "infantry", CENTRE.neighbor(SW), ["rifle_company"]))


def test_a_division_next_to_another_enemy_joins_only_if_that_enemy_is_attacked_too():
    c, g, u, _, _ = battle_ready()
    other = c.deploy("us", "infantry", CENTRE.neighbor(N), ["rifle_company"])
    c.declare_attack([g], u)
    with pytest.raises(
        IllegalAction, match="End of phase: .*next to the enemy .* which nobody attacks"
    ):
        c.end_phase()
    assert any(i.kind == "attack_orders" for i in c.pending())
    helper = c.deploy("german", "infantry", CENTRE.neighbor(N).neighbor(NW), ["grenadier_company"])
    c.declare_attack([helper], other)
    c.end_phase()
    assert c.phase == "battle_resolution"


def test_calling_off_an_attack_frees_its_divisions():
    c, g, u, g_corps, _ = battle_ready()
    b = c.declare_attack([g], u, artillery=[unit_of(c, g_corps)])
    c.cancel_attack(b)
    assert c.battles() == [] and c.attack_options() == {u: [g]}
    c.declare_attack([g], u, artillery=[unit_of(c, g_corps)])


@pytest.mark.parametrize(
    ("dug_in", "fortified", "option", "expected"),
    [
        (False, False, False, ("PROBE", 22)),
        (True, False, False, ("ATTACK", 25)),
        (True, True, True, ("ASSAULT", 30)),
        (True, True, False, ("ATTACK", 25)),  # fortification is off for the playtest
    ],
)
def test_battle_type_follows_the_defenders_state(dug_in, fortified, option, expected):
    c, g, u, _, _ = battle_ready(us_dug_in=dug_in, fortification=option)
    c.state.formations[u].fortified = fortified
    b = c.declare_attack([g], u)
    assert (b.sheet.battle_type, b.sheet.turns) == expected


def test_fortifications_are_computed_from_infantry_companies_and_spotters():
    c, g, u, _, u_corps = battle_ready(
        us_dug_in=True, us_units=("rifle_company", "rifle_company", "mortar_81mm_platoon")
    )
    b = c.declare_attack([g], u)
    c.support_defense(b, artillery=[unit_of(c, u_corps)])
    sheet = c.battle(b).sheet
    assert sheet.fortifications == {"foxholes": None, "daisy-chain AT minefields": 6, "TRPs": 2}
    c2, g2, u2, _, _ = battle_ready(us_dug_in=True, fortification=True, us_units=("rifle_company",))
    c2.state.formations[u2].fortified = True
    sheet = c2.declare_attack([g2], u2).sheet
    assert sheet.fortifications == {
        "foxholes": None,
        "trenches": 3,
        "MG bunkers": 1,
        "AP minefields": 2,
        "AT minefields": 2,
        "barbed wire": 2,
    }


def test_the_sheet_lists_both_oobs_with_strength_and_experience():
    c, g, u, _, _ = battle_ready()
    c.set_experience(g, "veteran")
    b = c.declare_attack([g], u)
    german = b.sheet.oobs["german"]
    assert [(o.unit, o.experience) for o in german] == [
        ("Grenadier company (foot)", "veteran"),
        ("Panzer IV platoon", "veteran"),
    ]
    assert "5 vehicles/guns (eliminated at 3 lost)" in german[1].strength
    assert "eliminated at 60 casualties" in b.sheet.oobs["us"][0].strength


def test_an_attacked_corps_hq_fights_with_its_hq_troops():
    c = new_campaign()
    g = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    corps = c.deploy("us", "corps", CENTRE.neighbor(SE), ["at57_platoon"])
    to_phase(c, "attack_orders")
    b = c.declare_attack([g], corps)
    units = [o.unit for o in b.sheet.oobs["us"]]
    assert units == [
        "57 mm M1 AT gun platoon",
        "corps HQ troops: 1 infantry battalion HQ",
        "corps HQ troops: 1 regular rifle platoon",
    ]
    assert any("Corps HQ troops have restricted set-up zones" in z for z in b.sheet.zones)


def test_set_up_zones_face_the_hexside_attacked_across():
    c, g, u, g_corps, _ = battle_ready()
    g2 = c.deploy(
        "german", "infantry", CENTRE.neighbor(SE).neighbor(S), ["grenadier_company"], corps=g_corps
    )
    b = c.declare_attack([g, g2], u)
    zones = b.sheet.zones
    assert (
        "attacks across the NW hexside" in zones[0] and "west map edge, northern half" in zones[0]
    )
    assert "attacks across the S hexside" in zones[1] and "south map edge" in zones[1]
    assert any("multi-unit" in z.lower() and "missing" in z for z in zones)


def test_the_sheet_describes_the_operational_terrain_and_supply():
    m = cm_map()
    target = CENTRE.neighbor(SE)
    m.set_terrain(target, "forest")
    m.set_elevation(target, 2)
    m.add_road(target, target.neighbor(S))
    m.add_place(target, "Bois", "village", pp=1)
    c, g, u, _, _ = battle_ready(m)
    c.state.formations[g].corps = None  # cut the attacker from its corps: out of supply
    b = c.declare_attack([g], u)
    terrain = "\n".join(b.sheet.terrain)
    assert "Forest, elevation 2, road to S, village Bois (1 PP)" in terrain
    assert b.sheet.location.endswith("(Bois)")
    assert b.sheet.ammunition["german"] == (
        f"Limited for the {c.formation(g).name} (out of supply)"
    )
    assert b.sheet.ammunition["us"] == "Full"
    md = b.sheet.to_markdown()
    assert "# Battle B1: PROBE, 22 turns" in md and "Ammunition: Limited" in md


def test_html_sheet_escapes_user_supplied_names():
    m = cm_map()
    # (A "/" would be refused: names may not hold path separators.)
    m.add_place(CENTRE.neighbor(SE), "<script>alert(1)", "village", pp=1)
    c, g, u, _, _ = battle_ready(m)
    c.rename(g, "Kampfgruppe <b>Peiper & Co")
    b = c.declare_attack([g], u)
    html = b.sheet.to_html()
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "Kampfgruppe &lt;b&gt;Peiper &amp; Co" in html


def test_each_side_sees_its_own_forces_and_only_the_outline_of_the_enemy():
    c, g, u, g_corps, u_corps = battle_ready(us_dug_in=True)
    b = c.declare_attack([g], u, artillery=[unit_of(c, g_corps)])
    c.support_defense(b, artillery=[unit_of(c, u_corps)])
    german = c.battle_sheet(b, "german")
    assert [o.unit for o in german.oobs["german"]] == [
        "Grenadier company (foot)",
        "Panzer IV platoon",
    ]
    assert [o.unit for o in german.oobs["us"]] == ["1 combat unit"]
    assert "us" not in german.artillery and german.fortifications == {}
    md = german.to_markdown()
    assert "unknown to the attacker" in md and "daisy-chain" not in md and "computed from" not in md
    assert "- 1st Infantry Division: 1 combat unit" in md
    us = c.battle_sheet(b, "us")
    assert [o.unit for o in us.oobs["german"]] == ["2 combat units"]
    assert us.fortifications and "german" not in us.artillery
    assert c.battle_sheet(b).oobs["us"][0].unit == "Rifle company (foot)"


def test_attacking_a_hex_fights_every_formation_in_it():
    c, g, u, g_corps, u_corps = battle_ready(us_dug_in=True)
    stacked = c.deploy("us", "corps", CENTRE.neighbor(SE), ["at57_platoon"])
    b = c.declare_attack([g], stacked)  # naming the corps HQ: its division defends the hex
    assert b.defender == u and b.defenders == [u, stacked]
    assert b.sheet.battle_type == "ATTACK"  # from the dug-in division
    assert "corps HQ troops: 1 regular rifle platoon" in [o.unit for o in b.sheet.oobs["us"]]
    c.end_phase()
    c.enter_result(b, "DEFENDER DEFEAT", "minor")
    c.end_phase()
    assert {i.formation for i in c.pending() if i.kind == "retreat"} == {u, stacked}
