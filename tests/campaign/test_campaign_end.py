"""The campaign's end, its calendar, and the checks a save must pass on load."""

from __future__ import annotations

import json

import pytest

from hexcampaign.campaign import Campaign, CampaignFormatError, IllegalAction, Options
from hexcampaign.campaign.names import slug
from hexcampaign.maps import HexMap

from ._support import CENTRE, GERMAN_CAPITAL, US_CAPITAL, cm_map, new_campaign, to_phase

N, NE, SE, S, SW, NW = range(6)


def vp_map(berlin_vp):
    m = HexMap.blank(16, 9, palette="cm")
    m.add_place(GERMAN_CAPITAL, "Berlin", "capital", vp=berlin_vp, pp=3)
    m.add_place(US_CAPITAL, "Washington", "capital", pp=3)
    return m


def play_whole_turns(c, n):
    for _ in range(n * 14):
        if c.over:
            return
        c.end_phase()


def test_the_last_turn_ends_the_campaign_with_a_winner_by_vp():
    c = new_campaign(vp_map(5), last_turn=2)  # the map's own VP decide the last turn
    assert not c.over and c.outcome() is None
    play_whole_turns(c, 3)
    assert c.over and c.turn == 2
    outcome = c.outcome()
    assert outcome.winner == "german" and outcome.margin == 5
    assert "Turn 2 was the last turn" in outcome.reason
    with pytest.raises(IllegalAction, match="End of the campaign: the campaign is over"):
        c.end_phase()
    # The umpire may still correct, and a save of an ended campaign loads.
    c.adjust_pp("us", 1, "a late correction")
    assert Campaign.from_json(c.to_json()).over


def test_a_drawn_campaign_names_no_winner():
    c = new_campaign(last_turn=1)
    play_whole_turns(c, 2)
    assert c.over and c.outcome().winner is None and c.outcome().margin == 0


def test_taking_the_enemy_capital_wins_at_once():
    c = new_campaign(capital_victory=True, supply=False)
    g = c.deploy(
        "german", "mechanised", US_CAPITAL.neighbor(NW), ["panzergrenadier_company_motorised"]
    )
    to_phase(c, "movement")
    c.move(g, [US_CAPITAL])
    assert c.over and c.outcome().winner == "german"
    assert "Washington" in c.outcome().reason
    with pytest.raises(IllegalAction, match="End of the campaign: the campaign is over"):
        c.purchase("german", "grenadier_company")


def test_a_vp_total_wins_at_the_end_of_a_turn():
    c = new_campaign(vp_map(3), victory_vp=3)
    play_whole_turns(c, 1)
    assert c.over and c.outcome().winner == "german" and c.turn == 1


def test_the_calendar_dates_turns_and_battles():
    c = new_campaign(days_per_turn=3)
    assert c.date() == "6 June 1944" and c.date(3) == "12 June 1944"
    assert "(6 June 1944)" in c.log[1]
    g = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    u = c.deploy("us", "infantry", CENTRE.neighbor(SE), ["rifle_company"])
    to_phase(c, "attack_orders")
    b = c.declare_attack([g], u)
    assert b.sheet.date == "6 June 1944" and b.sheet.time_of_day == "07:00"


def test_a_hand_edited_division_with_four_infantry_companies_is_refused():
    c = new_campaign()
    g = c.deploy("german", "infantry", CENTRE, ["grenadier_company"] * 3)
    doc = json.loads(c.to_json())
    first = doc["state"]["units"]["german-u1"]
    doc["state"]["units"]["german-u4"] = {**first, "id": "german-u4"}
    doc["state"]["counters"]["german-unit"] = 4
    doc["actions"][0]["type_ids"].append("grenadier_company")
    with pytest.raises(CampaignFormatError) as e:
        Campaign.from_json(json.dumps(doc))
    assert "at most 3 infantry companies" in str(e.value) and str(e.value).count(". ") == 0
    assert g


def test_a_log_that_does_not_lead_to_the_state_is_refused():
    c = new_campaign()
    c.end_phase()
    doc = json.loads(c.to_json())
    doc["actions"] += [{"act": "end_phase"}] * 100_000
    with pytest.raises(CampaignFormatError, match="action log does not lead to its state"):
        Campaign.from_json(json.dumps(doc))


def test_units_made_must_match_the_log():
    c = new_campaign()
    c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    doc = json.loads(c.to_json())
    doc["actions"] = []
    with pytest.raises(CampaignFormatError, match="german units made differ"):
        Campaign.from_json(json.dumps(doc))


@pytest.mark.parametrize("name", ["x/../../escaped", "a\\b", "tab\there", "", "x" * 81])
def test_names_that_are_paths_or_control_characters_are_refused(name):
    with pytest.raises(ValueError, match="Names: a side name"):
        Campaign.new(
            cm_map(),
            sides=(name, "us"),
            capitals={name: GERMAN_CAPITAL, "us": US_CAPITAL},
        )


def test_a_save_with_a_side_named_like_a_path_is_refused():
    c = new_campaign()
    text = c.to_json().replace('"german"', '"x/../../escaped"')
    with pytest.raises(CampaignFormatError, match="may not contain '/'"):
        Campaign.from_json(text)


def test_formation_names_are_checked():
    c = new_campaign()
    g = c.deploy("german", "infantry", CENTRE, ["grenadier_company"], name="Kampfgruppe Peiper")
    assert c.formation(g).name == "Kampfgruppe Peiper"
    with pytest.raises(IllegalAction, match="Names: a formation name may not contain"):
        c.rename(g, "../evil")


def test_slug_makes_safe_file_names():
    assert slug("x/../../escaped") == "x-escaped"
    assert slug("USA 1st Inf. Div.") == "USA-1st-Inf-Div"
    assert slug("Ÿpres") == "Ypres"
    assert slug("..") == "sheet" and slug("") == "sheet"
    assert len(slug("a" * 500)) == 60


def test_options_of_the_end_are_saved():
    c = Campaign.from_json(new_campaign(last_turn=5, capital_victory=True).to_json())
    assert c.options == Options(last_turn=5, capital_victory=True)
