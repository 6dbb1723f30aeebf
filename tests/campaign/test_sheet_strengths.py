"""Issue 29 item 6, the engine's part: current strengths on every sheet, pursuit weather,
the CM build checklist, turn reports in HTML, and the three rule questions decided."""

from __future__ import annotations

import pytest

from hexcampaign.campaign import IllegalAction

from ._support import CENTRE, new_campaign, to_phase

N, NE, SE, S, SW, NW = range(6)
TARGET = CENTRE.neighbor(SE)


def declared():
    """A German division with a Panzer IV platoon and a corps HQ with a 4-gun battery
    attacks a US division (battle B1, attack orders phase)."""
    c = new_campaign()
    corps = c.deploy("german", "corps", CENTRE.neighbor(NW).neighbor(NW), ["lefh18_battery"])
    g = c.deploy(
        "german", "infantry", CENTRE, ["grenadier_company", "panzer_iv_platoon"], corps=corps
    )
    u = c.deploy("us", "infantry", TARGET, ["rifle_company"])
    to_phase(c, "attack_orders", "german")
    battery = c.formation(corps).units[0].id
    panzer = c.formation(g).units[1].id
    b = c.declare_attack([g], u, artillery=[battery])
    return c, g, u, b, battery, panzer


def test_set_strength_reaches_the_sheets_the_views_and_the_loss_limit():
    c, g, u, b, battery, panzer = declared()
    sheet = c.battle_sheet(b)
    assert any("5 vehicles/guns (eliminated at 3 lost)" in x.strength for x in sheet.oobs["german"])
    c.set_strength(battery, 3, "lost a gun on the march")
    c.set_strength(panzer, 3, "two tanks broke down")
    for sheet in (c.battle_sheet(b), c.battle_sheet(b, "german")):
        text = sheet.to_markdown() + sheet.to_html()
        assert "3 vehicles/guns (eliminated at 2 lost)" in text
        assert "5 vehicles/guns" not in text
        assert "3 guns" in text and "4 guns" not in text
    view = c.unit(panzer)
    assert (view.strength, view.full_strength, view.loss_limit) == (3, 5, 2)
    assert view.strength_text == "3 vehicles/guns (eliminated at 2 lost)"
    assert c.casualty_limit(panzer) == 3
    # The US player's sheet still shows only the German unit count.
    assert "vehicles/guns" not in c.battle_sheet(b, "us").to_markdown().split("us (defender)")[0]


def pursued(weather: str | None = None):
    c = new_campaign()
    g = c.deploy(
        "german",
        "mechanised",
        CENTRE,
        ["panzergrenadier_company_motorised", "panzer_iv_platoon"],
        experience="veteran",
    )
    u = c.deploy("us", "infantry", TARGET, ["rifle_company"])
    to_phase(c, "attack_orders", "german")
    b = c.declare_attack([g], u)
    if weather:
        c.set_weather(b, weather, "the umpire's forecast")
    c.end_phase()
    c.enter_result(b, "DEFENDER DEFEAT", "tactical")
    c.end_phase()
    c.retreat(u, TARGET.neighbor(SE))
    c.advance(g, TARGET)
    c.end_phase()
    assert c.pursuit(b, roll=1)
    return c, g, u, b, c.battles()[-1]


def test_a_pursuit_sheet_carries_the_weather_in_every_format():
    c, g, u, b, p = pursued("light rain")
    assert p.weather == "light rain"
    for side in (None, "german", "us"):
        sheet = c.battle_sheet(p, side)
        assert "Weather: light rain" in sheet.to_markdown()
        assert "Weather: light rain" in sheet.to_html()
        assert "ground: Wet; wind: Windy" in sheet.to_markdown()


def test_every_sheet_has_a_cm_build_checklist_without_the_enemys_points():
    c, g, u, b, battery, panzer = declared()
    sheet = c.battle_sheet(b)
    text = sheet.to_markdown()
    assert "## CM build checklist" in text and "<h2>CM build checklist</h2>" in sheet.to_html()
    for item in (
        "Quick Battle: Probe, force size Tiny",
        "Map category: Farmland, Flat",
        "Time limit: 22 minutes",
        "Objectives: one Occupy objective",
        "Victory: CM's victory screen gives the campaign result",
        "Points (german): its forces are worth 7 PP",
        "Points (us):",
    ):
        assert item in text, item
    mine = c.battle_sheet(b, "us").to_markdown()
    assert "Points (us):" in mine and "Points (german)" not in mine


def test_a_turn_report_in_html_says_what_the_markdown_says():
    from hexcampaign.campaign.turn_report import turn_report_html

    c, g, u, b, battery, panzer = declared()
    html = turn_report_html(c._world, "us")
    markdown = c.turn_report("us")
    assert "<h2>Events</h2>" in html and "## Events" in markdown
    assert "attacks the us" in html and "attacks the us" in markdown
    assert "lefh" not in html.lower()  # the German support is not the US player's to know


# --- the rule questions -------------------------------------------------------------------


def test_a_division_that_retreated_in_the_enemys_half_does_not_dig_in_at_the_end_of_its_own():
    # DIGGING IN: "remain stationary for ONE TURN": retreating twice in the German half of
    # turn 1 is not standing still, even if it then stays put in its own half.
    c, g, u, b, p = pursued()
    c.enter_result(p, "DEFENDER DEFEAT", "minor")
    here = c.formation(u).hex
    c.retreat(u, here.neighbor(SE))
    to_phase(c, "reinforcement", "german")  # the US half of turn 1 passes, u stays put
    assert c.turn == 2 and not c.formation(u).dug_in
    to_phase(c, "reinforcement", "us")
    to_phase(c, "reinforcement", "german")  # a whole turn stationary since then
    assert c.formation(u).dug_in


def test_air_bought_in_phase_7_does_not_defend_in_the_enemys_next_half_turn():
    c = new_campaign()
    g = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    u = c.deploy("us", "infantry", TARGET, ["rifle_company"])
    to_phase(c, "purchase", "german")
    c.state.pp["german"] = 10
    air = c.purchase("german", "fw190_flight")
    to_phase(c, "attack_orders", "us")
    b = c.declare_attack([u], g)
    assert c.available_support("german", b)[1] == []  # the defence form does not offer it
    with pytest.raises(IllegalAction, match="Air support: .* available from the next german turn"):
        c.support_defense(b, air=[air])
    c.support_defense(b)
    c.end_phase()
    # In its own next turn it flies like any air asset.
    c.enter_result(b, "DRAW")
    to_phase(c, "attack_orders", "german")
    assert c.declare_attack([g], u, air=[air]).air == [air]


def test_a_pursued_defender_sets_up_on_the_edge_facing_its_pursuer():
    c, g, u, b, p = pursued()
    zones = c.battle_sheet(p).zones
    assert any("sets up along the west map edge, northern half" in z for z in zones)
    assert any(
        z.startswith("us (pursued, on the move) sets up along the east map edge, southern half")
        for z in zones
    )
    assert not any("rest of the map" in z for z in zones)
    # An ordinary battle keeps the defender in the rest of the map.
    assert any("rest of the map" in z for z in c.battle_sheet(b).zones)
