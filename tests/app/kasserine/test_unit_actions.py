"""Counters, hover, reinforcements, and the unit actions: breakdown, bridges, D ELIM."""

from __future__ import annotations

from PySide6.QtGui import QColor

from hexcampaign.app.kasserine.counters import counter_pixmap, factors_text
from hexcampaign.kasserine import Game
from hexcampaign.maps import HexMap

from .conftest import H, skirmish, unit


def test_counters_show_side_colour_factors_and_the_engaged_back(mode):
    g = skirmish()
    panzer, guns, doughboys = g.unit("Panzer"), g.unit("Guns"), g.unit("Doughboys")
    assert factors_text(panzer) == "6-16"
    assert factors_text(guns) == "3-3-8"  # support-range-movement
    buff = counter_pixmap(panzer, 60).toImage().pixelColor(6, 30)
    olive = counter_pixmap(doughboys, 60).toImage().pixelColor(6, 30)
    assert buff.red() > olive.red() and buff != olive
    engaged = panzer.model_copy(update={"engaged": True})
    flipped = counter_pixmap(engaged, 60).toImage().pixelColor(6, 30)
    assert flipped.red() > flipped.green() + 40  # the red-brown back
    assert counter_pixmap(engaged, 60).toImage() != counter_pixmap(panzer, 60).toImage()
    assert QColor(buff).isValid()


def test_hovering_a_stack_lists_it(mode):
    mode.play(skirmish(phase="german_movement"))
    mode.hex_hovered(H(4, 3))
    assert "Doughboys" in mode.window.statusBar().currentMessage()
    assert "US infantry battalion 2-16" in mode.board.layer.items["Doughboys"].toolTip()


def test_breakdown_from_the_stack_inspector(mode):
    game = Game.scenario(seed=3)
    while game.state.phase == "german_setup":
        places = [a for a in game.legal_actions() if a.kind == "place"]
        game.apply(
            places[0] if places else next(a for a in game.legal_actions() if a.kind == "end_phase")
        )
    mode.play(game)
    from hexcampaign.kasserine.state import BreakdownUnit

    able = next(a.unit for a in game.legal_actions(moves=False) if isinstance(a, BreakdownUnit))
    panzer = game.unit(able)
    mode.board.show_stack(panzer.hex)
    mode.choose_unit(panzer.id)
    button = mode.docks.stack.buttons["breakdown"]
    assert button.isEnabled()
    assert not mode.docks.stack.buttons["destroy_bridge"].isEnabled()
    button.click()
    halves = [u for u in game.units() if u.id.startswith(panzer.id + ".")]
    assert len(halves) == 2 and all(u.cf < panzer.cf for u in halves)
    assert all(u.id in mode.board.layer.items for u in halves)
    assert panzer.id not in mode.board.layer.items
    assert mode.selected == halves[0].id


def test_engineers_blow_and_the_map_shows_it(mode):
    m = HexMap.blank(8, 8)
    m.set_river(H(3, 3), True)
    m.add_road(H(3, 2), H(3, 3))
    m.add_road(H(3, 3), H(3, 4))
    m.set_bridge(H(3, 3), True)
    sappers = unit("Sappers", 3, 3, "allied", kind="engineers", cf=1, mf=16)
    g = Game.custom(m, [sappers, unit("Panzer", 7, 7)], phase="allied_movement")
    mode.play(g)
    mode.hex_clicked(H(3, 3))
    assert mode.selected == "Sappers"
    assert [a[1] for a in mode.gestures.unit_actions(H(3, 3))] == ["destroy_bridge"]
    assert mode.gestures.hex_context_menu(H(3, 3)) is not None  # right click offers it too
    mode.docks.stack.buttons["destroy_bridge"].click()
    assert g.bridge_destroyed(H(3, 3))
    assert H(3, 3) in mode.board.layer.blown
    assert not mode.docks.stack.buttons["rebuild_bridge"].isEnabled()  # one bridge a turn
    mode.gestures.unit_action("rebuild_bridge")
    assert mode.last_message.startswith("Engineers") or "bridge" in mode.last_message.lower()


def test_reinforcements_enter_at_their_arrival_point_or_wait_when_blocked(mode):
    m = HexMap.blank(10, 8)
    m.add_place(H(0, 4), "Tebessa", "city", vp=3)
    rangers = unit(
        "Rangers",
        None,
        None,
        "allied",
        kind="rangers",
        cf=2,
        mf=5,
        arrives={"turn": 1, "place": "Tebessa"},
    )
    g = Game.custom(
        m,
        [rangers, unit("Panzer", 8, 1)],
        phase="allied_movement",
        arrival_points={"Tebessa": [H(0, 4)]},
    )
    mode.play(g)
    tree = mode.docks.reinforcements.tree
    entry = tree.topLevelItem(0).child(0)
    assert "click a highlighted hex to enter" in entry.text(0)
    mode.docks.reinforcements._clicked(entry, 0)
    assert mode.selected == "Rangers"
    assert set(mode.highlight.hexes) == set(g.reachable("Rangers"))
    goal = H(0, 4)
    assert mode.hex_clicked(goal)
    assert g.unit("Rangers").hex == goal
    assert tree.topLevelItemCount() == 0

    blocked = Game.custom(
        m,
        [rangers, unit("Panzer", 0, 4)],
        phase="allied_movement",
        arrival_points={"Tebessa": [H(0, 4)]},
    )
    mode.session.dirty = False
    mode.play(blocked)
    text = mode.docks.reinforcements.tree.topLevelItem(0).child(0).text(0)
    assert "blocked: an enemy unit holds Tebessa" in text


def test_d_elim_advance_die_entered_by_hand(mode):
    game = skirmish(dice="hand", panzer_cf=30)  # better than 8:1: D ELIM without a roll
    mode.play(game)
    panel = mode.combat.panel
    mode.hex_clicked(H(4, 3))
    panel.declare.click()
    c = game.combats()[-1]
    assert c.odds == ">8:1"
    panel.allocate.click()
    # hand dice, but this column needs no roll: one button applies the result
    assert not panel.dice.hand_entry.isVisibleTo(panel)
    assert panel.dice.roll_button.text() == "Apply D ELIM (no roll at >8:1)"
    panel.dice.roll_button.click()
    assert c.result == "D ELIM"
    decision = game.pending()
    assert decision.kind == "advance_roll"
    assert panel.advance_dice.isVisibleTo(panel) and panel.advance_dice.hand_entry.isVisibleTo(
        panel
    )
    panel.advance_dice.hand_entry.setValue(3)
    panel.advance_dice.hand_button.click()
    assert panel.advance_dice.faces.faces == [3]
    decision = game.pending()
    assert decision.kind == "advance" and decision.mp == 3
    advancing = decision.units[0]
    ends = {p[-1] for p in game.advance_paths(advancing)}
    assert set(mode.highlight.hexes) == ends and H(4, 3) in ends
    assert mode.hex_clicked(H(4, 3))
    assert game.unit(advancing).hex == H(4, 3)


def test_engaged_counters_flip_and_a_panzer_breaks_off(mode):
    g = skirmish()
    mode.play(g)
    panel = mode.combat.panel
    mode.hex_clicked(H(4, 3))
    panel.declare.click()
    panel.allocate.click()
    panel.dice.hand_entry.setValue(4)  # 3:1, row 4: ENGAGED
    panel.dice.hand_button.click()
    assert g.combats()[-1].result == "ENGAGED"
    assert mode.board.layer.items["Panzer"].unit.engaged  # drawn on its flipped side
    assert "ENGAGED" in mode.board.layer.items["Panzer"].toolTip()
    for _ in range(3):
        mode.turn_bar.end_button.click()
    assert g.state.phase == "german_movement" and g.state.turn == 2
    mode.hex_clicked(H(3, 3))
    assert mode.selected == "Panzer"
    assert mode.reachable == {}  # engaged: it may not move...
    assert mode.docks.stack.buttons["break_off"].isEnabled()  # ...except by breaking off
    mode.docks.stack.buttons["break_off"].click()
    assert not g.unit("Panzer").engaged
    assert not mode.board.layer.items["Panzer"].unit.engaged
    assert mode.reachable  # and now it moves, 2 MP poorer
