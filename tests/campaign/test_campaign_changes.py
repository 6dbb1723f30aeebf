"""What each action reports it changed (flags, units, hexes), the typed action log and
its dispatch, old saves with dict actions, the purchase basket, and move refusals."""

from __future__ import annotations

import json

import pytest

from hexcampaign.campaign import IllegalAction, actions
from hexcampaign.campaign.play import HANDLERS
from hexcampaign.rules.changes import Play

from ._support import CENTRE, GERMAN_CAPITAL, cm_map, new_campaign, to_phase

N, NE, SE, S, SW, NW = range(6)


def test_every_action_type_has_a_handler_and_every_handler_an_action_type():
    kinds = {cls for cls in actions._Action.__subclasses__()}
    assert set(HANDLERS) == kinds


def test_a_move_reports_the_formation_and_both_hexes():
    c = new_campaign()
    g = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    to_phase(c, "movement")
    changes = c.move(g, [CENTRE.neighbor(N)])
    assert Play.UNITS in changes.flags and Play.PHASE not in changes.flags
    assert Play.ELIMINATED not in changes.flags
    assert g in changes.units and changes.hexes == {CENTRE, CENTRE.neighbor(N)}
    assert list(changes) == [c.log[-1]]  # the log lines it wrote


def test_end_phase_reports_the_phase_and_a_new_turn_the_points():
    c = new_campaign()
    changes = c.end_phase()
    assert changes.flags & Play.PHASE and not changes.flags & Play.UNITS
    to_phase(c, "purchase")
    changes = c.end_phase()  # the other side's turn begins with its income
    assert changes.flags & Play.PHASE and changes.flags & Play.POINTS


def test_purchase_reports_points_and_units():
    c = new_campaign()
    to_phase(c, "purchase")
    changes = c.apply(actions.Purchase(side="german", type_id="grenadier_company"))
    assert changes.flags & Play.POINTS and changes.flags & Play.UNITS
    assert changes.value in changes.units


def test_battles_report_combat_decisions_and_eliminations():
    c = new_campaign()
    g = c.deploy(
        "german", "mechanised", CENTRE, ["panzergrenadier_company_motorised"], experience="crack"
    )
    u = c.deploy("us", "infantry", CENTRE.neighbor(SE), ["rifle_company"])
    to_phase(c, "attack_orders")
    c.declare_attack([g], u)
    declared = c.last_changes
    assert declared.flags & Play.COMBAT and declared.flags & Play.DECISION
    c.end_phase()
    rifles = c.formation(u).units[0].id
    c.enter_result("B1", "DEFENDER DEFEAT", "major", casualties={rifles: 10})
    result = c.last_changes
    assert result.flags & Play.COMBAT and result.flags & Play.DECISION
    assert not result.flags & Play.ELIMINATED
    c.end_phase()
    changes = c.retreat(u, CENTRE.neighbor(SE).neighbor(SE))
    assert changes.flags & Play.UNITS and changes.flags & Play.DECISION
    c.advance(g, CENTRE.neighbor(SE))
    c.end_phase()
    c.pursuit("B1")  # the seeded die: nothing may be taken back past it
    assert c.last_changes.flags & Play.LOCK


def test_an_elimination_and_a_place_taken_are_reported():
    m = cm_map()
    village = CENTRE.neighbor(N)
    m.add_place(village, "Hameau", "village", pp=1)
    c = new_campaign(m)
    g = c.deploy("german", "mechanised", CENTRE, ["panzergrenadier_company_motorised"])
    empty = c.deploy("us", "corps", village)
    to_phase(c, "movement")
    changes = c.move(g, [village])
    assert changes.flags & Play.ELIMINATED and changes.flags & Play.HOLDINGS
    assert empty in changes.units and village in changes.hexes


def test_adjust_pp_reports_points():
    c = new_campaign()
    assert c.adjust_pp("german", 2, "a gift").flags & Play.POINTS


def test_a_refused_action_logs_nothing():
    c = new_campaign()
    before = (c.to_json(), len(c.actions))
    with pytest.raises(IllegalAction):
        c.apply({"act": "move", "fid": "german-d9", "path": [[0, 0]]})
    assert (c.to_json(), len(c.actions)) == before


def test_actions_are_typed_frozen_and_saved_in_the_old_dict_shape():
    c = new_campaign()
    c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    c.end_phase()
    assert isinstance(c.actions[0], actions.Deploy) and isinstance(c.actions[1], actions.EndPhase)
    with pytest.raises(Exception):  # noqa: B017 - frozen: any attempt to change it fails
        c.actions[0].side = "us"
    saved = json.loads(c.to_json())["actions"]
    assert saved[1] == {"act": "end_phase"} and saved[0]["act"] == "deploy"
    assert c.actions[-1].get("act") == "end_phase"  # the dict-style read the desk uses


def test_a_save_with_dict_actions_loads_as_typed_actions():
    c = new_campaign()
    c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    doc = json.loads(c.to_json())
    doc["actions"] = [
        {
            "act": "deploy",
            "side": "german",
            "kind": "infantry",
            "where": [CENTRE.q, CENTRE.r],
            "type_ids": ["grenadier_company"],
            "corps": None,
            "experience": None,
            "dug_in": False,
        }
    ]
    loaded = type(c).from_json(json.dumps(doc))
    assert isinstance(loaded.actions[0], actions.Deploy)
    assert loaded.replay().state == loaded.state


def test_the_purchase_basket_buys_all_or_nothing():
    c = new_campaign()
    to_phase(c, "purchase")
    pp = c.pp_available("german")
    with pytest.raises(
        IllegalAction, match=r"Purchase: nothing was bought; the basket costs \d+ PP"
    ):
        c.purchase_all("german", ["grenadier_company"] * 10)
    with pytest.raises(IllegalAction, match="nothing was bought; item 2 of the basket"):
        c.purchase_all("german", ["grenadier_company", "no_such_unit"])
    assert c.pp_available("german") == pp and c.army_hq("german") == []
    bought = c.purchase_all("german", ["grenadier_company"])
    assert len(bought) == 1 and len(c.army_hq("german")) == 1
    assert "german-u" not in c.log[-1]  # no internal ids in the log


def test_a_move_refusal_names_the_movement_allowance():
    c = new_campaign()
    g = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    to_phase(c, "movement")
    far = CENTRE.neighbor(N).neighbor(N).neighbor(N).neighbor(N)
    with pytest.raises(IllegalAction, match="Movement allowance: .* costs 4 points .* has 1"):
        c.move(g, [far])


def test_a_move_refusal_names_the_zone_of_control():
    c = new_campaign(supply=False)
    g = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    c.deploy("us", "infantry", CENTRE.neighbor(N).neighbor(NW), ["rifle_company"])
    to_phase(c, "movement")
    reach = c.reachable(g)
    # Two hexes away, clear terrain, but every way there stops in the US division's ZOC.
    blocked = [
        h
        for h in CENTRE.within(2)
        if h.distance(CENTRE) == 2 and h not in reach and not c.formations_at(h)
    ]
    assert blocked
    with pytest.raises(IllegalAction, match="Zone of control: every path .* enemy zone of control"):
        c.move(g, [blocked[0]])


def test_the_log_records_the_path_taken():
    c = new_campaign(supply=False)
    g = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    to_phase(c, "movement")
    path = c.path_to(g, CENTRE.neighbor(N).neighbor(N))
    c.move(g, path)
    assert f"via {c.map.label(path[0])}" in c.log[-1]


def test_an_overrun_takes_the_destroyed_divisions_zone_of_control_with_it():
    c = new_campaign(supply=False)
    g = c.deploy("german", "mechanised", CENTRE, ["panzergrenadier_company_motorised"])
    support = c.deploy("us", "infantry", CENTRE.neighbor(N), ["at57_platoon"])  # cannot defend
    to_phase(c, "movement")
    beyond = CENTRE.neighbor(N).neighbor(N)  # in the ZOC of the support division only
    assert beyond in c.reachable(g)
    c.move(g, c.path_to(g, beyond))
    assert support not in {f.id for f in c.formations("us")}
    assert c.formation(g).hex == beyond


def test_building_uses_the_world_not_the_facade():
    c = new_campaign()
    fid = c.build_division("german", "infantry", GERMAN_CAPITAL)
    assert c.formation(fid).hex == GERMAN_CAPITAL
