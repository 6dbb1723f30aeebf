"""The umpire's corrections: amended results, restored units, formations moved by hand,
strength and experience set; result limits; each correction logged with its reason and
undone like any action."""

from __future__ import annotations

import pytest

from hexcampaign.campaign import IllegalAction

from ._support import CENTRE, new_campaign, to_phase

N, NE, SE, S, SW, NW = range(6)
TARGET = CENTRE.neighbor(SE)


def fought(german_kind="mechanised", german_units=("panzergrenadier_company_motorised",)):
    c = new_campaign()
    g = c.deploy("german", german_kind, CENTRE, list(german_units), experience="crack")
    u = c.deploy("us", "infantry", TARGET, ["rifle_company", "sherman_platoon"])
    to_phase(c, "attack_orders")
    b = c.declare_attack([g], u)
    c.end_phase()
    return c, g, u, b


def units(c, fid):
    return [x.id for x in c.formation(fid).units]


def test_impossible_casualties_are_refused_naming_the_unit_and_its_maximum():
    c, g, u, b = fought()
    pzgren = units(c, g)[0]
    with pytest.raises(
        IllegalAction,
        match=r"Battle results: Panzergrenadier company .* of the german 1st Mechanised "
        r"Division has only 135 men to lose, not 999",
    ):
        c.enter_result(b, "DRAW", casualties={pzgren: 999})
    assert c.battle(b).result is None and c.unit(pzgren).where == g
    assert c.casualty_limit(pzgren) == 135
    assert c.result_line_error(pzgren, 135) is None
    assert "135 men" in c.result_line_error(pzgren, 136)
    tanks = units(c, u)[1]
    assert c.casualty_limit(tanks) == 5
    assert "Abandoned vehicles" in c.result_line_error(tanks, 2, 3)
    assert "whole numbers" in c.result_line_error(tanks, -1)


def test_a_mistyped_result_is_amended_and_the_unit_comes_back():
    c, g, u, b = fought()
    pzgren = units(c, g)[0]
    c.enter_result(b, "DRAW", casualties={pzgren: 100})  # meant 10: eliminated at 45
    assert g not in {f.id for f in c.formations("german")}
    c.amend_result(b, "DRAW", casualties={pzgren: 10}, reason="typed 100 for 10")
    assert c.unit(pzgren).where == g and c.formation(g).hex == CENTRE
    assert c.battle(b).result.casualties == {pzgren: 10}
    amended = [line for line in c.log if "result amended by the umpire" in line]
    assert amended and "typed 100 for 10" in amended[0]
    # Both sides read it: it is about a battle.
    assert any("typed 100 for 10" in line for line in c.side_log("us"))
    assert any("typed 100 for 10" in line for line in c.side_log("german"))
    # An amendment is an action like any other: undo takes it back.
    c.undo()
    assert c.unit(pzgren).where == "eliminated"


def test_an_amended_defeat_after_the_phase_retreats_the_defender():
    c, g, u, b = fought()
    c.enter_result(b, "DRAW")
    c.end_phase()  # retreat and advance: nothing to do after a draw
    c.end_phase()  # pursuit
    assert c.phase == "pursuit"
    c.amend_result(b, "DEFENDER DEFEAT", "major", reason="the US player misread the score")
    assert c.phase == "pursuit"
    assert c.formation(u).hex != TARGET and c.formation(u).hex.distance(TARGET) == 1
    assert c.battle(b).retreats[u] != "pending"


def test_an_amended_draw_takes_back_the_retreat_and_the_advance():
    c, g, u, b = fought()
    c.enter_result(b, "DEFENDER DEFEAT", "minor")
    c.end_phase()
    c.retreat(u, TARGET.neighbor(SE))
    c.advance(g, TARGET)
    c.amend_result(b, "DRAW", reason="the defender held the last flag")
    assert c.formation(u).hex == TARGET and c.formation(g).hex == CENTRE
    assert "dropped" in c.log[-1]
    # The log with the amendment replays to the same campaign, and a save keeps it.
    assert c.replay().state == c.state
    assert type(c).from_json(c.to_json()).replay().state == c.state


def test_an_amendment_that_a_later_action_no_longer_fits_is_refused_naming_it():
    c, g, u, b = fought()
    c.enter_result(b, "DEFENDER DEFEAT", "minor")
    c.end_phase()
    c.retreat(u, TARGET.neighbor(SE))
    to_phase(c, "movement", "us")
    c.move(u, [TARGET.neighbor(SE).neighbor(SE)])  # only possible from where it retreated
    before = c.to_json()
    with pytest.raises(
        IllegalAction, match="Amend result: .*the move of the us 1st Infantry Division to"
    ):
        c.amend_result(b, "DRAW", reason="wrong")
    assert c.to_json() == before


def test_amending_needs_a_reason_and_a_result():
    c, g, u, b = fought()
    with pytest.raises(IllegalAction, match="Amend result: battle B1 has no result yet"):
        c.amend_result(b, "DRAW", reason="x")
    c.enter_result(b, "DRAW")
    with pytest.raises(IllegalAction, match="Umpire correction: give a reason"):
        c.amend_result(b, "DRAW", reason=" ")


def test_restore_an_eliminated_unit_and_undo_it():
    c, g, u, b = fought(german_kind="infantry", german_units=("grenadier_company", "stug_platoon"))
    stug = units(c, g)[1]
    c.enter_result(b, "DRAW", casualties={stug: 3})
    assert c.unit(stug).where == "eliminated"
    c.restore_unit(stug, g, reason="the StuG was only damaged")
    assert c.unit(stug).where == g
    assert c.log[-1].endswith("(the StuG was only damaged)")
    assert "Umpire correction" in c.log[-1] and "german-u" not in c.log[-1]
    with pytest.raises(IllegalAction, match="has not been eliminated"):
        c.restore_unit(stug, g, reason="twice")
    c.undo()
    assert c.unit(stug).where == "eliminated"


def test_umpire_move_and_its_limits():
    c, g, u, b = fought()
    with pytest.raises(IllegalAction, match="cannot stand at"):
        c.umpire_move(g, TARGET, reason="onto the enemy")
    with pytest.raises(IllegalAction, match="give a reason"):
        c.umpire_move(g, CENTRE.neighbor(N), reason="")
    c.umpire_move(g, CENTRE.neighbor(N), reason="it was misplaced")
    assert c.formation(g).hex == CENTRE.neighbor(N)
    assert "(it was misplaced)" in c.log[-1]
    # The German fights the US in battle B1, so the US player sees it move away, and
    # why, but not where to: 0703 is out of contact.
    us_log = "\n".join(c.side_log("us"))
    assert "away from 0704 (it was misplaced)" in us_log and "0703" not in us_log
    c.undo()
    assert c.formation(g).hex == CENTRE


def test_set_strength_lowers_the_casualty_limit():
    c, g, u, b = fought()
    tanks = units(c, u)[1]
    c.set_strength(tanks, 3, reason="two Shermans lost to mines before the campaign")
    assert c.casualty_limit(tanks) == 3 and c.unit(tanks).strength == 3
    with pytest.raises(IllegalAction, match="has only 3 vehicles or guns"):
        c.enter_result(b, "DRAW", casualties={tanks: 4})
    c.enter_result(b, "DRAW", casualties={tanks: 2})  # one more than half of 3
    assert c.unit(tanks).where == "eliminated"


def test_set_experience_with_a_reason():
    c, g, u, b = fought()
    c.set_experience(g, "veteran", reason="its record")
    assert c.formation(g).experience == "veteran" and "(its record)" in c.log[-1]


def test_experience_never_changes_without_the_house_rule():
    c, g, u, b = fought()
    c.enter_result(b, "DEFENDER DEFEAT", "minor")
    assert c.formation(g).experience == "crack"


def test_experience_progression_house_rule():
    c = new_campaign(experience_progression=True)
    g = c.deploy("german", "infantry", CENTRE, ["grenadier_company"], experience="regular")
    targets = [CENTRE.neighbor(SE), CENTRE.neighbor(S)]
    for target in targets:
        u = c.deploy("us", "infantry", target, ["rifle_company"])
        to_phase(c, "attack_orders", "german")
        b = c.declare_attack([g], u)
        c.end_phase()
        c.enter_result(b, "DEFENDER DEFEAT", "minor")
        c.end_phase()
        c.retreat(u, c.retreat_options(u)[0])
        c.end_phase()
    assert c.formation(g).experience == "veteran"
    assert any("has won two battles and rises to veteran" in line for line in c.log)


def test_unit_history_for_the_oob_dock():
    c, g, u, b = fought()
    rifles, tanks = units(c, u)
    c.enter_result(b, "DRAW", casualties={rifles: 20, tanks: 3})
    h = c.unit_history(tanks)
    assert h.battles == ("B1",) and h.casualties == 3 and h.eliminated_in == "B1"
    assert "eliminated in B1" in h.lines[0] and "6 June 1944" in h.lines[0]
    assert c.unit_history(rifles).eliminated_in is None
