"""The umpire's corrections in both sides' turn reports, worded for each side (fog of
war), and the two sides' distinct default formation names — while saves made before
either keep the names and reports they recorded."""

from __future__ import annotations

from pathlib import Path

from hexcampaign.campaign import Campaign
from hexcampaign.hexes import Hex

from ._support import CENTRE, GERMAN_CAPITAL, new_campaign, to_phase

N, NE, SE, S, SW, NW = range(6)
TARGET = CENTRE.neighbor(SE)
FAR = GERMAN_CAPITAL.neighbor(N)  # seven hexes from any US formation
FIXTURE = Path(__file__).parent / "fixtures" / "campaign-v1.json"


def notes(report: str) -> str:
    assert "## Umpire's notes" in report
    return report[report.index("## Umpire's notes") :]


def events(report: str) -> str:
    return report[report.index("## Events") : report.index("## Formations")]


def corrected():
    """A German division far from the US (hidden), one in battle with it (seen), and
    every correction the umpire can make."""
    c = new_campaign(distinct_names=True)
    hidden = c.deploy("german", "infantry", FAR, ["grenadier_company", "stug_platoon"])
    g = c.deploy("german", "mechanised", CENTRE, ["panzergrenadier_company_motorised"])
    u = c.deploy("us", "infantry", TARGET, ["rifle_company", "sherman_platoon"])
    to_phase(c, "attack_orders")
    b = c.declare_attack([g], u)
    c.end_phase()
    stug = c.formation(hidden).units[1].id
    c.adjust_pp("german", 5, "captured fuel dump")
    c.set_experience(hidden, "veteran", "its record in Tunisia")
    c.set_strength(stug, 2, "one StuG broke down")
    c.umpire_move(hidden, FAR.neighbor(N), reason="placed a hex too far south")
    c.set_weather(b, "light rain", "the forecast for the day")
    pzgren = c.formation(g).units[0].id
    c.enter_result(b, "DRAW", casualties={pzgren: 100})
    c.amend_result(b, "DRAW", casualties={pzgren: 10}, reason="typed 100")
    return c, hidden, g, u, b


REASONS = (
    "captured fuel dump",
    "its record in Tunisia",
    "one StuG broke down",
    "placed a hex too far south",
    "the forecast for the day",
    "typed 100",
)


def test_every_correction_and_its_reason_is_in_the_log_and_both_reports():
    c, hidden, g, u, b = corrected()
    log = "\n".join(c.log)
    for side in ("german", "us"):
        section = notes(c.turn_report(side))
        for reason in REASONS:
            assert reason in log
            assert reason in section, (side, reason)
        # Listed once, among the notes, not again among the events.
        assert not any(reason in events(c.turn_report(side)) for reason in REASONS)


def test_the_enemy_reads_the_reason_but_not_what_fog_of_war_hides():
    c, hidden, g, u, b = corrected()
    name = c.formation(hidden).name
    german = notes(c.turn_report("german"))
    us = notes(c.turn_report("us"))
    # The German player reads its own corrections in full.
    assert "+5 PP for german" in german and "now has 2 vehicles" in german
    assert f"the german {name} is moved from {c.map.label(FAR)}" in german
    assert f"rates the german {name} veteran" in german
    # The US player learns that the umpire corrected something, and why, but not the
    # hidden division's name, hexes, strength or the German PP.
    assert name not in us
    assert c.map.label(FAR) not in us and c.map.label(FAR.neighbor(N)) not in us
    assert "+5" not in us and "2 vehicles" not in us and "veteran" not in us
    assert "a german formation" in us and "a german unit" in us
    assert "the german production points" in us
    # The US side's own log, as its player may read it, holds the same wording.
    us_log = "\n".join(c.side_log("us"))
    assert name not in us_log and "placed a hex too far south" in us_log
    # Both fought battle B1: its weather and its amended result are read in full.
    assert "weather of battle B1: light rain" in us and "result amended" in us


def test_a_formation_the_enemy_sees_is_named_when_the_umpire_moves_it():
    c, hidden, g, u, b = corrected()
    to = TARGET.neighbor(NE)  # still next to the US division
    c.umpire_move(g, to, reason="misplaced by a hex")
    us = notes(c.turn_report("us"))
    name = c.formation(g).name
    assert f"the german {name} is moved from {c.map.label(CENTRE)} to {c.map.label(to)}" in us


def test_the_notes_survive_a_save_and_an_undo():
    c, hidden, g, u, b = corrected()
    loaded = Campaign.from_json(c.to_json())
    assert loaded.turn_report("us") == c.turn_report("us")
    assert loaded.replay().state == c.state
    loaded.undo()  # the amendment
    assert "typed 100" not in notes(loaded.turn_report("us"))
    assert "the forecast for the day" in notes(loaded.turn_report("us"))


def test_with_distinct_names_the_second_side_counts_from_ten():
    c = new_campaign(distinct_names=True)
    g = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    gc = c.deploy("german", "corps", CENTRE.neighbor(N), [])
    u = c.deploy("us", "infantry", TARGET, ["rifle_company"])
    uc = c.deploy("us", "corps", TARGET.neighbor(S), [])
    assert c.formation(g).name == "1st Infantry Division"
    assert c.formation(gc).name == "I Corps"
    assert c.formation(u).name == "10th Infantry Division"
    assert c.formation(uc).name == "X Corps"


def test_the_first_side_skips_a_name_the_second_side_bears():
    c = new_campaign(distinct_names=True)
    u = c.deploy("us", "infantry", TARGET, ["rifle_company"])  # 10th
    assert c.formation(u).name == "10th Infantry Division"
    for col in range(3):  # the 1st to the 9th, named by hand
        for row in range(3):
            where = Hex.from_offset(col, row)
            c.deploy("german", "infantry", where, ["grenadier_company"], name=f"Kg {col}{row}")
    tenth = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    assert c.formation(tenth).name == "11th Infantry Division"


def test_a_save_from_before_distinct_names_keeps_its_names_and_loads():
    c = Campaign.load(FIXTURE)
    assert not c.options.distinct_names
    names = {f.id: (f.side, f.name) for f in c.state.formations.values()}
    assert ("us", "1st Infantry Division") in names.values()
    assert ("german", "1st Infantry Division") in names.values()
    # The replay of its log gives every formation the name the save recorded.
    replayed = c.replay()
    assert {f.id: (f.side, f.name) for f in replayed.state.formations.values()} == names
    # Its reports read its old corrections among the events, as before.
    assert c.turn_report("us").startswith("# us turn report")


def test_a_battle_foe_moved_out_of_contact_is_not_followed_to_its_new_hex():
    c = new_campaign()
    g = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    u = c.deploy("us", "infantry", TARGET, ["rifle_company"])
    to_phase(c, "attack_orders")
    b = c.declare_attack([g], u)
    c.end_phase()
    c.enter_result(b, "DRAW")
    away = TARGET.neighbor(SE).neighbor(SE)  # three hexes from the German division
    c.umpire_move(u, away, reason="it had withdrawn before the battle")
    german = notes(c.turn_report("german"))
    name = c.formation(u).name
    assert f"the umpire moves the us {name} away from {c.map.label(TARGET)}" in german
    assert c.map.label(away) not in c.turn_report("german")  # nor in "Enemy in contact"
    assert "withdrawn before the battle" in german
    assert c.map.label(away) in notes(c.turn_report("us"))
    # The battle itself is still read by both sides (one division "attacks").
    assert "attacks the us" in events(c.turn_report("us"))


def test_a_side_reads_its_own_phases_not_the_enemys():
    c = new_campaign()
    g = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    u = c.deploy("us", "infantry", TARGET, ["rifle_company"])
    to_phase(c, "attack_orders")
    c.end_phase()
    while c.side_to_play == "german":
        c.end_phase()
    to_phase(c, "purchase")  # the US turn's phases go by
    german = events(c.turn_report("german"))
    # Once, its own; the enemy's "The attack orders phase begins" tells it nothing.
    assert german.count("The attack orders phase begins") == 1
    assert german.count("The retreat and advance phase begins") == 1
    us = events(c.turn_report("us"))
    assert us.count("The attack orders phase begins") == 1
    assert g and u


def test_a_restored_unit_goes_back_to_the_division():
    c = new_campaign()
    g = c.deploy("german", "infantry", CENTRE, ["grenadier_company", "panzer_iv_platoon"])
    u = c.deploy("us", "infantry", TARGET, ["rifle_company"])
    to_phase(c, "attack_orders")
    b = c.declare_attack([g], u)
    c.end_phase()
    panzer = c.formation(g).units[1].id
    c.enter_result(b, "ATTACKER DEFEAT", "minor", casualties={panzer: 3})
    c.restore_unit(panzer, g, reason="repaired by the workshop")
    name = c.formation(g).name
    assert f"is restored to the {name} (repaired by the workshop)" in c.log[-1]
