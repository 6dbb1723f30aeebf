"""Production points, purchases, building formations, transfers and composition limits."""

from __future__ import annotations

import pytest

from hexcampaign.campaign import IllegalAction
from hexcampaign.hexes import Hex

from ._support import CENTRE, GERMAN_CAPITAL, US_CAPITAL, cm_map, new_campaign, to_phase


def test_a_new_campaign_starts_on_turn_one_with_the_first_side_reinforcing(campaign):
    assert (campaign.turn, campaign.side_to_play, campaign.phase) == (1, "german", "reinforcement")
    assert campaign.production_points("german") == 3
    assert campaign.pp_available("german") == 3
    assert campaign.pp_available("us") == 0  # the US collects at the start of its own turn


def test_income_is_the_pp_of_held_places_and_capture_only_takes_from_the_loser():
    m = cm_map()
    m.add_place(Hex.from_offset(5, 4), "Dorf", "village", pp=2)
    m.add_place(Hex.from_offset(10, 4), "Ville", "town", pp=4)
    c = new_campaign(m)
    assert c.holder("Dorf") == "german" and c.holder("Ville") == "us"
    assert c.production_points("german") == 5 and c.production_points("us") == 7
    # A US corps HQ takes Dorf: Germany loses its 2 PP, the US gains nothing.
    c.deploy("us", "corps", Hex.from_offset(5, 4))
    assert c.holder("Dorf") == "us"
    assert c.production_points("german") == 3
    assert c.production_points("us") == 7  # the captor gains nothing
    assert any("german loses its 2 PP (the captor gains none)" in line for line in c.log)
    # A German division overruns the empty corps HQ, retakes Dorf and has its PP back.
    fid = c.deploy("german", "infantry", Hex.from_offset(4, 4), ["grenadier_company"])
    to_phase(c, "movement")
    c.move(fid, [Hex.from_offset(5, 4)])
    assert c.holder("Dorf") == "german" and c.production_points("german") == 5


def test_phases_run_in_order_and_the_turn_passes_to_the_other_side(campaign):
    seen = [campaign.phase]
    for _ in range(6):
        campaign.end_phase()
        seen.append(campaign.phase)
    assert seen == [
        "reinforcement",
        "movement",
        "attack_orders",
        "battle_resolution",
        "retreat_advance",
        "pursuit",
        "purchase",
    ]
    campaign.end_phase()
    assert (campaign.turn, campaign.side_to_play, campaign.phase) == (1, "us", "reinforcement")
    to_phase(campaign, "reinforcement", "german")
    assert campaign.turn == 2


@pytest.mark.parametrize(
    ("kind", "where", "cost", "refusal"),
    [
        ("infantry", GERMAN_CAPITAL, 2, None),
        ("corps", GERMAN_CAPITAL.neighbor(0), 2, None),
        ("mechanised", GERMAN_CAPITAL.neighbor(2), 3, None),
        (
            "infantry",
            GERMAN_CAPITAL.neighbor(2).neighbor(2),
            2,
            "Building: new divisions and corps HQs are placed on the capital",
        ),
    ],
)
def test_building_costs_and_placement(campaign, kind, where, cost, refusal):
    if refusal:
        with pytest.raises(IllegalAction, match=refusal):
            campaign.build_division("german", kind, where)
        assert campaign.pp_available("german") == 3
        return
    fid = (
        campaign.build_corps("german", where)
        if kind == "corps"
        else campaign.build_division("german", kind, where)
    )
    assert campaign.pp_available("german") == 3 - cost
    view = campaign.formation(fid)
    assert (view.kind, view.hex, view.units) == (kind, where, ())


def test_building_refusals_name_the_rule(campaign):
    campaign.build_division("german", "infantry", GERMAN_CAPITAL)
    with pytest.raises(IllegalAction, match="Stacking: only one division"):
        campaign.build_division("german", "infantry", GERMAN_CAPITAL)
    with pytest.raises(IllegalAction, match="Production points: it costs 3 PP"):
        campaign.build_division("german", "mechanised", GERMAN_CAPITAL.neighbor(1))
    with pytest.raises(IllegalAction, match="it is german's turn"):
        campaign.build_corps("us", US_CAPITAL)
    campaign.end_phase()
    with pytest.raises(IllegalAction, match="Building: this is done in the reinforcement phase"):
        campaign.build_corps("german", GERMAN_CAPITAL)


def test_no_building_in_an_enemy_zone_of_control(campaign):
    campaign.deploy("us", "infantry", GERMAN_CAPITAL.neighbor(3).neighbor(3), ["rifle_company"])
    with pytest.raises(IllegalAction, match="Building: .* is in an enemy zone of control"):
        campaign.build_division("german", "infantry", GERMAN_CAPITAL.neighbor(3))
    campaign.build_division("german", "infantry", GERMAN_CAPITAL.neighbor(0))


def test_purchases_go_to_the_army_hq_box_and_unspent_pp_are_lost(campaign):
    to_phase(campaign, "purchase")
    uid = campaign.purchase("german", "grenadier_company")
    assert [u.id for u in campaign.army_hq("german")] == [uid]
    assert campaign.pp_available("german") == 1
    with pytest.raises(IllegalAction, match="Production points: it costs 2 PP"):
        campaign.purchase("german", "grenadier_company")
    to_phase(campaign, "reinforcement", "german")
    assert campaign.pp_available("german") == 3  # the 1 left over was lost


def test_carry_over_option_keeps_unspent_pp():
    c = new_campaign(carry_over_pp=True)
    to_phase(c, "reinforcement", "german")
    c.end_phase()
    to_phase(c, "reinforcement", "german")
    assert c.pp_available("german") == 6


@pytest.mark.parametrize(
    ("type_id", "turn", "refusal"),
    [
        ("panther_platoon", 1, "Availability: Panther platoon may be bought from turn 3"),
        ("grenadier_company", 1, None),
        ("no_such_unit", 1, "Purchase: the german unit chart has no unit type"),
    ],
)
def test_availability(type_id, turn, refusal):
    c = new_campaign()
    c.state.pp["german"] = 50
    to_phase(c, "purchase")
    if refusal:
        with pytest.raises(IllegalAction, match=refusal):
            c.purchase("german", type_id)
    else:
        c.purchase("german", type_id)


def test_per_turn_limit():
    c = new_campaign()
    to_phase(c, "purchase")
    c.state.pp["german"] = 50
    c.purchase("german", "flak88_battery")
    with pytest.raises(IllegalAction, match="Availability: at most 1 8.8 cm Flak battery per turn"):
        c.purchase("german", "flak88_battery")


COMPOSITION_CASES = [
    # (formation kind, units already in it, unit to add, refusal or None)
    ("infantry", ["grenadier_company"] * 2, "grenadier_company", None),
    (
        "infantry",
        ["grenadier_company"] * 3,
        "grenadier_company",
        "Division limit: at most 3 infantry companies",
    ),
    (
        "infantry",
        ["panzer_iv_platoon", "stug_platoon", "marder_platoon"],
        "armoured_car_platoon",
        "Division limit: at most 3 tank, StuG, light tank, SP gun or armoured car units",
    ),
    (
        "infantry",
        ["grenadier_company"] * 3 + ["pak40_platoon", "flak38_platoon", "pionier_platoon"],
        "mortar_8cm_platoon",
        "Division limit: at most 6 combat units",
    ),
    (
        "infantry",
        [],
        "lefh18_battery",
        "Division limit: a division may not include medium or heavy artillery",
    ),
    ("infantry", [], "mortar_12cm_platoon", "Division limit: a division may not include"),
    ("infantry", [], "fw190_flight", "Air support: air assets stay in the Army HQ box"),
    ("corps", ["lefh18_battery"] * 5, "sfh18_battery", None),
    (
        "corps",
        ["lefh18_battery"] * 6,
        "sfh18_battery",
        "Corps HQ limit: at most 6 medium/heavy artillery",
    ),
    (
        "corps",
        ["grenadier_company"] * 3 + ["pak40_platoon"] * 3 + ["lefh18_battery"] * 6,
        "panzer_iv_platoon",
        "Corps HQ limit: at most 6 combat units in a corps HQ besides its artillery",
    ),
    ("mechanised", ["panzergrenadier_company_motorised"], "panzergrenadier_company_armoured", None),
    (
        "mechanised",
        [],
        "grenadier_company",
        "Mechanised division: all its infantry must be motorised",
    ),
]


@pytest.mark.parametrize(("kind", "existing", "new", "refusal"), COMPOSITION_CASES)
def test_composition_limits(kind, existing, new, refusal):
    c = new_campaign()
    fid = c.deploy("german", kind, GERMAN_CAPITAL.neighbor(0), existing)
    if kind != "corps":
        corps = c.deploy("german", "corps", GERMAN_CAPITAL)
        c.assign_to_corps(fid, corps)
    to_phase(c, "purchase")
    c.state.pp["german"] = 99
    uid = c.purchase("german", new)
    to_phase(c, "reinforcement", "german")
    if refusal:
        with pytest.raises(IllegalAction, match=refusal):
            c.transfer(uid, fid)
        assert c.unit(uid).where == "army_hq"
    else:
        c.transfer(uid, fid)
        assert c.unit(uid).where == fid


def test_composition_counts_read_against_limits():
    c = new_campaign()
    fid = c.deploy(
        "german", "infantry", CENTRE, ["grenadier_company"] * 2 + ["panzer_iv_platoon"] * 3
    )
    corps = c.deploy("german", "corps", GERMAN_CAPITAL, ["lefh18_battery"])
    assert c.composition(fid) == "infantry 2/3, armour 3/3, total 5/6"
    assert c.composition(corps) == "infantry 0/3, armour 0/3, total 0/6, artillery 1/6"


def test_foot_infantry_option_makes_a_mechanised_division_move_as_infantry():
    c = new_campaign(foot_infantry_in_mechanised=True)
    fid = c.deploy("german", "mechanised", CENTRE, ["grenadier_company"])
    assert c.formation(fid).kind == "infantry" and c.formation(fid).built_as == "mechanised"


def test_a_reinforced_division_may_not_move_this_turn(campaign):
    corps = campaign.deploy("german", "corps", GERMAN_CAPITAL)
    fid = campaign.deploy("german", "infantry", GERMAN_CAPITAL.neighbor(1), corps=corps)
    to_phase(campaign, "purchase")
    uid = campaign.purchase("german", "grenadier_company")
    to_phase(campaign, "reinforcement", "german")
    campaign.transfer(uid, fid)
    campaign.end_phase()
    assert campaign.reachable(fid) == {}
    with pytest.raises(
        IllegalAction, match="Reinforcement: .* was reinforced this turn and may not move"
    ):
        campaign.move(fid, [GERMAN_CAPITAL.neighbor(1).neighbor(1)])


def test_an_out_of_supply_division_cannot_be_reinforced(campaign):
    fid = campaign.deploy("german", "infantry", CENTRE)  # no corps HQ: out of supply
    to_phase(campaign, "purchase")
    uid = campaign.purchase("german", "grenadier_company")
    to_phase(campaign, "reinforcement", "german")
    with pytest.raises(IllegalAction, match="Supply: .* is out of supply and cannot be reinforced"):
        campaign.transfer(uid, fid)
    other = new_campaign(supply_blocks_reinforcement=False)
    fid = other.deploy("german", "infantry", CENTRE)
    to_phase(other, "purchase")
    uid = other.purchase("german", "grenadier_company")
    to_phase(other, "reinforcement", "german")
    other.transfer(uid, fid)


def test_transfer_only_from_the_army_hq_box(campaign):
    fid = campaign.deploy("german", "infantry", GERMAN_CAPITAL, ["grenadier_company"])
    uid = campaign.formation(fid).units[0].id
    other = campaign.deploy("german", "infantry", GERMAN_CAPITAL.neighbor(0))
    with pytest.raises(
        IllegalAction, match="Reinforcement: units are transferred from the Army HQ box"
    ):
        campaign.transfer(uid, other)


def test_a_campaign_needs_a_cm_map_and_two_capitals():
    from hexcampaign.campaign import Campaign
    from hexcampaign.maps import HexMap

    with pytest.raises(ValueError, match="campaign palette"):
        Campaign.new(
            HexMap.blank(5, 5, palette="kasserine"), capitals={"german": Hex(0, 0), "us": Hex(4, 0)}
        )
    with pytest.raises(ValueError, match="The us capital must be a hex on the map"):
        Campaign.new(cm_map(), capitals={"german": GERMAN_CAPITAL, "us": Hex(99, 0)})
    with pytest.raises(ValueError, match="two different sides"):
        Campaign.new(cm_map(), sides=("us", "us"), capitals={"us": US_CAPITAL})


def test_umpire_pp_adjustment_is_logged_and_never_goes_negative(campaign):
    campaign.adjust_pp("german", 4, "captured supply dump")
    assert campaign.pp_available("german") == 7
    assert campaign.log[-1].endswith("Umpire override: +4 PP for german (captured supply dump)")
    with pytest.raises(IllegalAction, match="Umpire override: german has only 7 PP to take away"):
        campaign.adjust_pp("german", -8, "penalty")
    with pytest.raises(IllegalAction, match="Umpire override: give a reason"):
        campaign.adjust_pp("german", 1, " ")


def test_victory_points_follow_holdings():
    m = cm_map()
    m.add_place(Hex.from_offset(5, 4), "Dorf", "village", vp=2, pp=1)
    c = new_campaign(m)
    assert c.victory_points("german") == 2 and c.victory_points("us") == 0
    c.deploy("us", "corps", Hex.from_offset(5, 4))
    assert c.victory_points("german") == 0 and c.victory_points("us") == 2


def test_building_next_to_the_own_capital_while_the_enemy_holds_it(campaign):
    # A US division takes the German capital: its hex is taken, and every hex next to it
    # is in the US zone of control.
    us = campaign.deploy("us", "infantry", GERMAN_CAPITAL, ["rifle_company"])
    campaign.state.holdings["Berlin"] = "us"  # (as if it had moved in)
    with pytest.raises(IllegalAction):
        campaign.build_division("german", "infantry", GERMAN_CAPITAL)
    with pytest.raises(IllegalAction, match="enemy zone of control"):
        campaign.build_division("german", "infantry", GERMAN_CAPITAL.neighbor(0))
    # Once it has gone on, the capital is still a hex the Germans build on, although the
    # US holds the place.
    campaign.umpire_move(us, US_CAPITAL.neighbor(3), reason="it moved on east")
    assert campaign.holder("Berlin") == "us"
    campaign.build_division("german", "infantry", GERMAN_CAPITAL)
    assert campaign.formation(campaign.formations("german")[-1].id).hex == GERMAN_CAPITAL
