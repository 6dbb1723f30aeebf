"""Digging in, fortifying, and the turn record (experience, log)."""

from __future__ import annotations

import pytest

from hexcampaign.campaign import IllegalAction

from ._support import CENTRE, GERMAN_CAPITAL, new_campaign, to_phase

N, NE, SE, S, SW, NW = range(6)


def next_turn(c, side="german"):
    c.end_phase()
    to_phase(c, "reinforcement", side)


def test_a_division_that_stays_put_for_a_turn_is_dug_in_at_its_end():
    c = new_campaign()
    fid = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    assert not c.formation(fid).dug_in
    to_phase(c, "purchase")
    assert not c.formation(fid).dug_in  # only at the end of the turn
    c.end_phase()
    assert c.formation(fid).dug_in
    assert "is dug in" in c.dig_in_status(fid).text


def test_moving_or_attacking_prevents_digging_in_and_moving_loses_it():
    c = new_campaign()
    mover = c.deploy(
        "german", "infantry", CENTRE.neighbor(N).neighbor(N), ["grenadier_company"], dug_in=True
    )
    attacker = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    enemy = c.deploy("us", "infantry", CENTRE.neighbor(SE), ["rifle_company"])
    to_phase(c, "movement")
    c.move(mover, [CENTRE.neighbor(N).neighbor(N).neighbor(N)])
    assert not c.formation(mover).dug_in
    c.end_phase()
    b = c.declare_attack([attacker], enemy)
    c.end_phase()
    c.enter_result(b, "ATTACKER DEFEAT", "minor")
    to_phase(c, "purchase")
    c.end_phase()
    assert not c.formation(mover).dug_in and not c.formation(attacker).dug_in


def test_a_newly_built_division_is_not_dug_in_after_its_first_turn():
    c = new_campaign()
    fid = c.build_division("german", "infantry", GERMAN_CAPITAL)
    next_turn(c, "us")
    assert not c.formation(fid).dug_in
    next_turn(c, "german")
    next_turn(c, "us")
    assert c.formation(fid).dug_in


def test_a_retreat_loses_the_dug_in_status():
    c = new_campaign()
    g = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    u = c.deploy("us", "infantry", CENTRE.neighbor(SE), ["rifle_company"], dug_in=True)
    to_phase(c, "attack_orders")
    b = c.declare_attack([g], u)
    assert b.sheet.battle_type == "ATTACK"
    c.end_phase()
    c.enter_result(b, "DEFENDER DEFEAT", "minor")
    c.end_phase()
    c.retreat(u, CENTRE.neighbor(SE).neighbor(SE))
    assert not c.formation(u).dug_in


def fortifier(engineer=True, fortification=True):
    c = new_campaign(fortification=fortification)
    units = ["grenadier_company"] + (["pionier_platoon"] if engineer else [])
    fid = c.deploy("german", "infantry", CENTRE, units, dug_in=True)
    return c, fid


def test_fortifying_takes_three_more_turns_with_an_engineer_platoon():
    c, fid = fortifier()
    for n in (1, 2):
        next_turn(c, "us")
        assert c.formation(fid).fortify_turns == n and not c.formation(fid).fortified
        next_turn(c, "german")
    next_turn(c, "us")
    assert c.formation(fid).fortified
    assert "holds a fortified hex" in c.dig_in_status(fid).text


@pytest.mark.parametrize(("engineer", "option"), [(False, True), (True, False)])
def test_no_fortifying_without_an_engineer_or_with_the_option_off(engineer, option):
    c, fid = fortifier(engineer, option)
    for _ in range(5):
        next_turn(c, "us")
        next_turn(c, "german")
    assert not c.formation(fid).fortified and c.formation(fid).dug_in


def test_an_enemy_attack_delays_fortifying_by_a_turn():
    c, fid = fortifier()
    enemy = c.deploy("us", "infantry", CENTRE.neighbor(SE), ["rifle_company"])
    next_turn(c, "us")  # german turn 1 ends: 1/3
    assert c.formation(fid).fortify_turns == 1
    to_phase(c, "attack_orders", "us")
    b = c.declare_attack([enemy], fid)
    c.end_phase()
    c.enter_result(b, "ATTACKER DEFEAT", "minor")
    next_turn(c, "german")
    next_turn(c, "us")  # german turn 2 ends after an attack: still 1/3
    assert c.formation(fid).fortify_turns == 1
    assert any("delayed a turn by the enemy attack" in line for line in c.log)


def test_experience_levels():
    c = new_campaign()
    fid = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    assert c.formation(fid).experience == "regular"
    for level in ("green", "regular", "veteran", "crack", "elite"):
        c.set_experience(fid, level)
        assert c.formation(fid).experience == level
    with pytest.raises(
        IllegalAction, match="Experience: a division is green, regular, veteran, crack, elite"
    ):
        c.set_experience(fid, "legendary")


def test_the_log_tells_the_story_in_plain_english():
    c = new_campaign()
    to_phase(c, "purchase")
    c.purchase("german", "grenadier_company")
    c.end_phase()
    assert any(
        line.startswith("Turn 1, german, new unit purchase: german buys Grenadier company")
        for line in c.log
    )
    assert c.log[-1].startswith("Turn 1, us, reinforcement: us's turn begins")


def test_undo_takes_back_the_last_action_until_a_die_is_rolled():
    c = new_campaign()
    g = c.deploy(
        "german", "mechanised", CENTRE, ["panzergrenadier_company_motorised"], experience="crack"
    )
    u = c.deploy("us", "infantry", CENTRE.neighbor(SE), ["rifle_company"])
    to_phase(c, "movement")
    before = c.to_json()
    c.move(g, [CENTRE.neighbor(N)])
    assert c.can_undo()
    c.undo()
    assert c.formation(g).hex == CENTRE and c.to_json() == before
    c.end_phase()
    b = c.declare_attack([g], u)
    c.end_phase()
    c.enter_result(b, "DEFENDER DEFEAT", "major")
    c.end_phase()
    c.retreat(u, CENTRE.neighbor(SE).neighbor(SE))
    c.advance(g, CENTRE.neighbor(SE))
    c.end_phase()
    c.pursuit(b)  # the seeded die
    assert not c.can_undo()
    with pytest.raises(IllegalAction, match="Undo: the pursuit die has been rolled"):
        c.undo()


def test_supply_rules_switched_off():
    c = new_campaign(supply=False)
    fid = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])  # no corps HQ
    u = c.deploy("us", "infantry", CENTRE.neighbor(SE), ["rifle_company"])
    assert c.formation(fid).in_supply
    to_phase(c, "attack_orders")
    assert c.declare_attack([fid], u).sheet.ammunition["german"] == "Full"


def test_ammunition_option():
    for limits, expected in ((True, "Limited"), (False, "Full")):
        c = new_campaign(supply_limits_ammunition=limits)
        fid = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
        u = c.deploy("us", "infantry", CENTRE.neighbor(SE), ["rifle_company"])
        to_phase(c, "attack_orders")
        assert c.declare_attack([fid], u).sheet.ammunition["german"].startswith(expected)


def test_starting_experience_option():
    c = new_campaign(starting_experience="green")
    fid = c.build_division("german", "infantry", GERMAN_CAPITAL)
    assert c.formation(fid).experience == "green"


def test_open_items_say_what_each_phase_awaits():
    c = new_campaign()
    fid = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    texts = [i.text for i in c.open_items()]
    assert any("has no parent corps HQ" in t for t in texts)
    assert c.pending() == []  # information, not decisions
    to_phase(c, "purchase")
    assert [i.text for i in c.open_items()] == ["german has 3 PP left; unspent PP are lost"]
    assert fid


def test_a_dug_in_division_that_attacks_keeps_its_dug_in_status():
    c = new_campaign()
    g = c.deploy("german", "infantry", CENTRE, ["grenadier_company"], dug_in=True)
    u = c.deploy("us", "infantry", CENTRE.neighbor(2), ["rifle_company"])
    to_phase(c, "attack_orders")
    b = c.declare_attack([g], u)
    c.end_phase()
    c.enter_result(b, "DRAW")
    assert c.formation(g).dug_in  # attacking is not moving
    to_phase(c, "reinforcement", "us")
    assert c.formation(g).dug_in
