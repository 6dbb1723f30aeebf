"""Battle sheets a CM player can build from (conditions, map size, a picture of the
area, no internal ids, names escaped) and fog of war in sheets and the log."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from ._support import CENTRE, cm_map, new_campaign, to_phase

N, NE, SE, S, SW, NW = range(6)
TARGET = CENTRE.neighbor(SE)
IDS = re.compile(r"\b(german|us|USA)-[a-z]\d+\b")


def battle(m=None, sides=None, **options):
    c = new_campaign(m, **options)
    g_corps = c.deploy("german", "corps", CENTRE.neighbor(NW), ["lefh18_battery"])
    g = c.deploy(
        "german", "infantry", CENTRE, ["grenadier_company", "panzer_iv_platoon"], corps=g_corps
    )
    u_corps = c.deploy("us", "corps", TARGET.neighbor(SE), ["howitzer105_battery"])
    u = c.deploy("us", "infantry", TARGET, ["rifle_company", "sherman_platoon"], corps=u_corps)
    # A US division that takes no part, two hexes from any German formation.
    bystander = c.deploy("us", "infantry", TARGET.neighbor(S), ["rifle_company"])
    to_phase(c, "attack_orders")
    b = c.declare_attack([g], u, artillery=[c.formation(g_corps).units[0].id])
    c.support_defense(b, artillery=[c.formation(u_corps).units[0].id])
    return c, g, u, b, bystander


def test_the_sheet_gives_date_time_weather_and_a_map_size():
    c, g, u, b, _ = battle()
    sheet = c.battle_sheet(b)
    assert sheet.date == "6 June 1944" and sheet.time_of_day == "07:00"
    assert sheet.weather in ("clear", "overcast", "light rain", "heavy rain", "fog")
    assert sheet.map_size.startswith("800 × 800 m") and "PROBE" in sheet.map_size
    conditions = dict(sheet.sections())["Conditions"]
    assert conditions[0] == "Date: 6 June 1944, 07:00"
    assert any(line.startswith("Suggested CM map: ") for line in conditions)
    assert f"weather rolled: {sheet.weather}" in " ".join(c.log)


def test_the_umpire_sets_the_weather_and_the_sheet_follows():
    c, g, u, b, _ = battle()
    c.set_weather(b, "fog", reason="a river valley at dawn")
    assert c.battle_sheet(b).weather == "fog" and c.battle(b).weather_set_by == "umpire"
    assert "a river valley at dawn" in c.log[-1]


def test_the_weather_roll_is_the_same_on_replay_and_does_not_lock_undo():
    c, g, u, b, _ = battle()
    assert c.replay().battle(b).weather == c.battle(b).weather
    assert c.can_undo()


def test_the_html_sheet_holds_a_picture_of_the_battle_area():
    m = cm_map()
    m.set_terrain(TARGET, "forest")
    m.add_road(TARGET, TARGET.neighbor(S))
    m.add_place(TARGET, "Bois <b>", "village", pp=1)
    c, g, u, b, _ = battle(m)
    page = c.battle_sheet(b).to_html()
    svg = page[page.index("<svg") : page.index("</svg>") + 6]
    root = ET.fromstring(svg)  # well-formed SVG, names escaped
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert c.map.label(TARGET) in texts and "Forest" in texts
    assert any(t and "Bois <b>" in t for t in texts)
    assert "1st Infantry Division" in texts  # the formations' tags
    assert "german (attacker)" in texts and "us (defender)" in texts  # the key
    edge = f"1st Infantry Division ({c.map.label(CENTRE)}) sets up: "
    assert any(t and t.startswith(edge) for t in texts)
    # Seven hexes and one arrowhead (the attacker's).
    assert len(list(root.iter("{http://www.w3.org/2000/svg}polygon"))) == 7 + 1
    assert len(list(root.iter("{http://www.w3.org/2000/svg}line"))) >= 1  # the road
    assert c.battle_picture(b) == svg


def test_no_internal_ids_anywhere_a_person_reads():
    c, g, u, b, _ = battle()
    for side in (None, "german", "us"):
        sheet = c.battle_sheet(b, side)
        for text in (sheet.to_html(), sheet.to_markdown()):
            assert not IDS.search(text), IDS.search(text)
    assert not any(IDS.search(line) for line in c.log)


def test_side_names_stay_as_typed_and_notes_say_whose_formation():
    c = new_campaign()
    from hexcampaign.campaign import Campaign
    from hexcampaign.campaign.unit_chart import UnitChart

    from ._support import GERMAN_CAPITAL, US_CAPITAL

    c = Campaign.new(
        cm_map(),
        sides=("Germany", "USA"),
        capitals={"Germany": GERMAN_CAPITAL, "USA": US_CAPITAL},
        charts={"Germany": UnitChart.default("german"), "USA": UnitChart.default("us")},
    )
    g = c.deploy("Germany", "infantry", CENTRE, ["grenadier_company"])
    u = c.deploy("USA", "infantry", TARGET, ["rifle_company"], dug_in=True)
    to_phase(c, "attack_orders")
    b = c.declare_attack([g], u)
    text = b.sheet.to_markdown()
    assert "USA" in text and "Usa" not in text
    assert "The USA 1st Infantry Division is dug in." in b.sheet.notes
    assert any(z.startswith("The Germany 1st Infantry Division attacks") for z in b.sheet.zones)


def test_markdown_escapes_markup_from_names():
    m = cm_map()
    m.add_place(TARGET, "<img src=x onerror=alert(1)>", "village", pp=1)
    c, g, u, b, _ = battle(m)
    c_md = c.battle_sheet(b).to_markdown()
    assert "<img" not in c_md and "&lt;img src=x onerror=alert(1)&gt;" in c_md


def test_a_sides_sheet_shows_no_enemy_formation_outside_the_battle():
    c, g, u, b, bystander = battle()
    name = c.formation(bystander).name
    umpire = c.battle_sheet(b)
    german = c.battle_sheet(b, "german")
    assert any("the us " + name in line for line in umpire.terrain)
    assert not any("the us " + name in line for line in german.terrain)
    assert "us: " + name not in german.to_html()
    assert german.artillery == {"german": german.artillery["german"]}  # not the US support


def test_a_sides_log_and_map_show_only_what_it_may_know():
    c, g, u, b, bystander = battle()
    german_log = "\n".join(c.side_log("german"))
    assert "The umpire deploys the us" not in german_log
    assert "us assigns defensive support" not in german_log
    assert "The umpire deploys the us" in "\n".join(c.side_log("us"))
    known = {f.id for f in c.known_formations("german")}
    assert u in known and g in known and bystander not in known


def test_a_sides_turn_report_keeps_the_fog_and_shows_corrections():
    c, g, u, b, bystander = battle()
    c.adjust_pp("us", 1, "a supply convoy found")
    german = c.turn_report("german")
    us = c.turn_report("us")
    assert "The umpire deploys the us" not in german and "defensive support" not in german
    assert c.formation(bystander).name in us  # its own formation
    contact = german[german.index("## Enemy in contact") :]
    assert f"the us {c.formation(u).name} at {c.map.label(TARGET)}" in contact
    assert c.map.label(TARGET.neighbor(S)) not in contact  # the bystander is not seen
    assert "a supply convoy found" in german and "a supply convoy found" in us
    assert "6 June 1944" in german and not IDS.search(german)


def test_a_sides_sheet_does_not_say_that_the_enemy_is_out_of_supply():
    c = new_campaign()
    g_corps = c.deploy("german", "corps", CENTRE.neighbor(NW), ["lefh18_battery"])
    g = c.deploy("german", "infantry", CENTRE, ["grenadier_company"], corps=g_corps)
    u = c.deploy("us", "infantry", TARGET, ["rifle_company"])  # no corps HQ: out of supply
    to_phase(c, "attack_orders")
    b = c.declare_attack([g], u)
    note = f"The us {c.formation(u).name} is out of supply."
    assert note in c.battle_sheet(b).notes  # the umpire knows
    assert note in c.battle_sheet(b, "us").notes  # and so does its own side
    german = c.battle_sheet(b, "german")
    assert note not in german.notes
    assert "out of supply" not in german.to_markdown() and "Limited" not in german.to_html()
    assert "out of supply" in c.battle_sheet(b, "us").to_markdown()


def test_one_division_attacks_and_one_combat_unit_is_singular():
    c = new_campaign()
    g = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    u = c.deploy("us", "infantry", TARGET, ["rifle_company"])
    to_phase(c, "attack_orders")
    b = c.declare_attack([g], u)
    log = "\n".join(c.log)
    assert f"The german {c.formation(g).name} attacks the us" in log
    assert "with 1 combat unit" in log and "1 combat units" not in log
    assert [o.unit for o in c.battle_sheet(b, "german").oobs["us"]] == ["1 combat unit"]
    assert "for 2 combat units" in c.battle_sheet(b).map_size
    report = c.turn_report("german")
    assert ": 1 combat unit;" in report and "1 combat units" not in report


def test_the_sheet_is_filled_in_by_battle_sheet_and_old_imports_still_find_it():
    from hexcampaign.campaign import attacks, battle_sheet, sheet_form

    # Attack orders keep only the orders: the sheet is battle_sheet's work.
    assert attacks.build_sheet is battle_sheet.build_sheet
    assert attacks.side_sheet is battle_sheet.side_sheet
    for name in ("BattleSheet", "OobLine", "AreaHex", "area_svg", "markdown_escape"):
        assert getattr(battle_sheet, name) is getattr(sheet_form, name), name
    c, _g, _u, b, _ = battle()
    for side in (None, "german", "us"):
        assert type(c.battle_sheet(b, side)) is sheet_form.BattleSheet
