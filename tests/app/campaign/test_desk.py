"""The umpire's desk as an umpire meets it: the wizard, the docks, the phase stepper,
movement on the map, saving and reopening."""

from __future__ import annotations

import json

from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QDialogButtonBox, QDockWidget

from hexcampaign.app import MainWindow
from hexcampaign.app.campaign import install
from hexcampaign.app.campaign.oob_dock import KIND_ROLE, UNIT_MIME
from hexcampaign.app.campaign.wizard import NewCampaignDialog, StartingFormation
from hexcampaign.campaign import Campaign
from hexcampaign.campaign import actions as A


def state_of(c: Campaign) -> dict:
    data = json.loads(c.to_json())
    return {"state": data["state"], "actions": data["actions"], "setup": data["setup"]}


# --- the wizard ----------------------------------------------------------------------------


def test_wizard_starts_a_campaign_on_the_sample_map(mode, window, qtbot, user_folders):
    dialog = mode.new_campaign_dialog()
    assert isinstance(dialog, NewCampaignDialog) and dialog.isVisible()
    assert dialog.capital_boxes[0].currentData() == "Altdorf"
    assert dialog.capital_boxes[1].currentData() == "Fort Lewis"
    dialog.side_names[0].setText("Axis")
    dialog.side_names[1].setText("Allies")
    dialog.pp_boxes[1].setValue(4)
    dialog.seed.setValue(42)
    dialog.option_boxes["carry_over_pp"].setChecked(True)
    assert len(dialog.starting_formations()) == 4  # the standard opening: corps + division each

    qtbot.mouseClick(
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton
    )

    c = mode.campaign
    assert c is not None and not dialog.isVisible()
    assert c.sides == ("Axis", "Allies")
    assert (c.turn, c.side_to_play, c.phase) == (1, "Axis", "reinforcement")
    assert c.setup.seed == 42 and c.options.carry_over_pp
    assert c.pp_available("Allies") == 4  # the starting grant (its income comes on its turn)
    assert sorted(f.side for f in c.formations()) == ["Allies", "Allies", "Axis", "Axis"]
    altdorf = c.map.place("Altdorf").hex
    [corps] = [f for f in c.formations("Axis") if f.kind == "corps"]
    assert corps.hex == altdorf and corps.units  # its artillery came with it
    [division] = [f for f in c.formations("Axis") if f.kind != "corps"]
    assert division.corps == corps.id and division.hex.distance(altdorf) == 1
    # The map shows a counter per formation, in the canvas' scene, and the stepper the turn.
    assert set(mode.items.counters) == {f.id for f in c.formations()}
    assert all(i.scene() is window.canvas.scene() for i in mode.items.counters.values())
    assert mode.items.counters[corps.id].size_mark == "XXX"
    assert mode.items.counters[division.id].size_mark == "XX"
    assert mode.phase_dock.heading.text() == "Turn 1 — Axis to play"
    # Autosaved at once, into the user data folder.
    _, data_dir = user_folders
    [autosave] = list((data_dir / "autosave").glob("*.hxcampaign"))
    assert state_of(Campaign.load(autosave)) == state_of(c)


def test_wizard_refuses_a_starting_division_over_the_limit(mode, qtbot):
    dialog = mode.new_campaign_dialog()
    dialog.add_formation(
        StartingFormation(0, "infantry", "0512", ["grenadier_company"] * 4, "regular", False)
    )
    assert not dialog.start()
    assert "Starting formation 5" in dialog.refusal.text()
    assert "Division limit: at most 3 infantry companies" in dialog.refusal.text()
    assert dialog.isVisible() and mode.campaign is None


def test_wizard_refuses_a_map_without_a_campaign_palette(mode, sample_map):
    dialog = mode.new_campaign_dialog()
    assert not dialog.use_map(sample_map)  # a Kasserine-palette map
    assert "campaign palette" in dialog.refusal.text()
    assert dialog.hexmap is not None and dialog.hexmap.palette.name == "cm"


# --- purchases -----------------------------------------------------------------------------


def chart_row(dock, type_id: str) -> int:
    for row in range(dock.table.rowCount()):
        if dock.table.item(row, 0).data(Qt.ItemDataRole.UserRole) == type_id:
            return row
    raise AssertionError(type_id)


def test_purchase_through_the_dock_and_the_pp_shown_drop(mode, desk, qtbot):
    c = desk.small_campaign()
    desk.clash(c)
    mode.start(c)
    dock = mode.purchase_dock
    assert dock.feedback.text() == "Units are bought in the new unit purchase phase (7)."
    for _ in range(6):
        assert mode.phase_dock.next()
    assert c.phase == "purchase"
    assert dock.feedback.text() == ""  # it said so in the purchase phase (seen under Xvfb)
    assert "PP available: 10" in dock.pp_label.text()

    dock.table.selectRow(chart_row(dock, "grenadier_company"))
    qtbot.mouseClick(dock.add_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dock.add_button, Qt.MouseButton.LeftButton)
    assert "left after the basket: 6" in dock.pp_label.text()
    assert c.pp_available("german") == 10  # nothing bought yet
    mode.purchase_dock.raise_()
    desk.settle()
    where = dock.buy_button.mapTo(mode.window, dock.buy_button.rect().topLeft())
    qtbot.mouseClick(dock.buy_button, Qt.MouseButton.LeftButton)
    desk.settle()
    # The two-line "Bought …" message did not move the Buy button under the pointer.
    assert dock.buy_button.mapTo(mode.window, dock.buy_button.rect().topLeft()) == where

    assert c.pp_available("german") == 6
    assert "PP available: 6" in dock.pp_label.text()
    assert [u.type_id for u in c.army_hq("german")] == ["grenadier_company"] * 2
    assert dock.basket == []
    box = mode.oob_dock.tree.topLevelItem(0)
    assert box.text(0) == "Army HQ box (2 units)"
    assert [box.child(i).text(0) for i in range(box.childCount())] == [
        "Grenadier company (foot)"
    ] * 2

    # A basket the PP cannot pay: all or nothing, one message naming the rule.
    dock.add("panzer_iv_platoon")
    dock.add("panzer_iv_platoon")
    bought = dock.buy()
    assert bought == [] and c.pp_available("german") == 6
    assert dock.feedback.text().startswith("Purchase: nothing was bought; the basket costs 10")
    assert dock.basket == ["panzer_iv_platoon"] * 2
    assert "PP available: 6" in dock.pp_label.text()
    dock.basket_list.setCurrentRow(0)
    dock.remove_selected()
    assert len(dock.buy()) == 1 and "Bought" in dock.feedback.text()
    assert mode.back()  # the purchase taken back: its message goes with it
    assert "Bought" not in dock.feedback.text()
    dock.add("grenadier_company")
    assert len(dock.buy()) == 1 and "Bought" in dock.feedback.text()
    assert mode.phase_dock.next() and c.side_to_play == "us"  # the other side's turn
    assert "Bought" not in dock.feedback.text()


# --- the OOB dock and drag and drop ----------------------------------------------------------


def formation_item(tree, fid):
    stack = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    while stack:
        item = stack.pop()
        if item.data(0, KIND_ROLE) == "formation" and item.data(0, Qt.ItemDataRole.UserRole) == fid:
            return item
        stack += [item.child(i) for i in range(item.childCount())]
    raise AssertionError(fid)


def drop(tree, uid: str, item) -> None:
    tree.scrollToItem(item)
    pos = tree.visualItemRect(item).center()
    mime = QMimeData()
    mime.setData(UNIT_MIME, uid.encode())
    event = QDropEvent(
        QPointF(pos),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    tree.dropEvent(event)


def test_drop_into_a_full_division_is_refused_with_the_limit_and_nothing_changes(mode, desk):
    c = desk.small_campaign()
    ids = desk.clash(c)
    full = c.deploy(
        "german",
        "infantry",
        desk.GERMAN_CAPITAL.neighbor(1),
        ["grenadier_company"] * 3,
        corps=ids["g_corps"],
    )
    for _ in range(6):
        c.end_phase()
    waiting = c.purchase("german", "grenadier_company")
    for _ in range(8):  # the rest of the German turn and the whole US turn
        c.end_phase()
    assert (c.side_to_play, c.phase) == ("german", "reinforcement")
    mode.start(c)
    tree = mode.oob_dock.tree
    assert "infantry 3/3, armour 0/3, total 3/6" in formation_item(tree, full).text(0)
    before = state_of(c)

    drop(tree, waiting, formation_item(tree, full))

    refusal = "Division limit: at most 3 infantry companies in a division"
    assert refusal in mode.oob_dock.feedback.text() and mode.oob_dock.feedback.isVisible()
    assert refusal in mode.window.statusBar().currentMessage()
    assert state_of(c) == before
    assert c.unit(waiting).where == "army_hq"
    assert mode.oob_dock.tree.topLevelItem(0).text(0) == "Army HQ box (1 unit)"

    # The same unit dropped on the corps HQ (room for infantry) joins it.
    drop(tree, waiting, formation_item(mode.oob_dock.tree, ids["g_corps"]))
    assert c.unit(waiting).where == ids["g_corps"]
    corps_item = formation_item(mode.oob_dock.tree, ids["g_corps"])
    assert "infantry 1/3, armour 0/3, total 1/6, artillery 1/6" in corps_item.text(0)
    assert "Grenadier company (foot)" in [
        corps_item.child(i).text(0) for i in range(corps_item.childCount())
    ]


def test_dragging_an_air_unit_onto_a_division_says_why_it_stays(mode, desk):
    c = desk.small_campaign()
    ids = desk.clash(c)
    for _ in range(6):
        c.end_phase()
    flight = c.purchase("german", "fw190_flight")
    for _ in range(8):
        c.end_phase()
    mode.start(c)
    tree = mode.oob_dock.tree
    before = state_of(c)
    drop(tree, flight, formation_item(tree, ids["german"]))
    refusal = "Air support: air assets stay in the Army HQ box"
    assert refusal in mode.oob_dock.feedback.text() and mode.oob_dock.feedback.isVisible()
    assert state_of(c) == before and c.unit(flight).where == "army_hq"


# --- the phase stepper -----------------------------------------------------------------------


def test_next_is_refused_with_the_open_items_listed_and_back_stays_in_the_phase(mode, desk):
    c = desk.small_campaign()
    ids = desk.clash(c)
    mode.start(c)
    stepper = mode.phase_dock
    assert stepper.next() and stepper.next()
    assert c.phase == "attack_orders"
    order = A.DeclareAttack(attackers=[ids["german"]], defender=ids["us"])
    assert mode.document.act(order)
    assert stepper.back_button.isEnabled()
    assert stepper.back()  # the declaration is taken back: still the attack orders phase
    assert c.battles() == [] and c.phase == "attack_orders"
    b = mode.document.act(order).value
    assert stepper.next()
    assert c.phase == "battle_resolution"
    assert not stepper.back_button.isEnabled()  # the phase change is committed

    assert not stepper.next()

    assert c.phase == "battle_resolution"
    assert stepper.refusal.isVisible()
    text = stepper.refusal.text()
    assert text.startswith("End of phase: the battle resolution phase is not finished")
    assert f"• Battle {b.id} at {c.map.label(desk.FRONT.neighbor(2))}: enter the CM result" in text
    assert any("enter the CM result" in t for t in stepper.open_item_texts())
    assert not stepper.back()
    assert "nothing in this phase can be taken back" in stepper.refusal.text()


# --- movement on the map ---------------------------------------------------------------------


def test_select_move_and_refusal_on_the_map(mode, desk):
    c = desk.small_campaign()
    ids = desk.clash(c)
    corps = c.formation(ids["g_corps"])
    mode.start(c)
    mode.phase_dock.next()
    assert c.phase == "movement"

    mode.tool.click(corps.hex)
    assert mode.selected == corps.id
    [reach] = [o for o in mode.items.overlays if o.layer.labels]
    assert reach.layer.hexes == set(c.reachable(corps.id))
    step = next(h for h, cost in c.reachable(corps.id).items() if cost == 1)
    assert reach.layer.labels[step] == "1"  # points left: 2 - 1

    far = corps.hex.neighbor(5).neighbor(5).neighbor(5)
    mode.tool.click(far)  # beyond its 2 points: the engine's refusal, nothing moves
    assert mode.last_refusal and mode.last_refusal.startswith("Movement")
    assert c.formation(corps.id).hex == corps.hex

    mode.tool.click(step)
    assert c.formation(corps.id).hex == step
    assert mode.items.counters[corps.id].formation.hex == step
    assert mode.selected is None


def test_counters_show_dug_in_and_out_of_supply(mode, desk):
    c = desk.small_campaign()
    alone = c.deploy(
        "german", "infantry", desk.GERMAN_CAPITAL.neighbor(3), ["grenadier_company"], dug_in=True
    )
    mode.start(c)
    counter = mode.items.counters[alone]
    assert counter.markers == ["DUG IN", "OOS"]  # no corps HQ: no supply
    mode.zoc_action.setChecked(True)
    zoc = [o for o in mode.items.overlays if o.layer.hatch is not None]
    assert zoc and desk.GERMAN_CAPITAL.neighbor(3).neighbor(0) in zoc[0].layer.hexes


# --- saving and opening -------------------------------------------------------------------


def test_save_and_reopen_give_the_same_campaign(mode, desk, window, tmp_path, qtbot):
    from hexcampaign.app.campaign import install

    c = desk.small_campaign()
    desk.clash(c)
    mode.start(c)
    mode.phase_dock.next()
    mode.add_note("a note the umpire made")
    path = tmp_path / "my.hxcampaign"
    assert mode.save_to(path)
    assert not mode.dirty
    assert mode.maybe_close()  # nothing unsaved

    again = install(window)
    again.activate()
    assert again.open_path(path)
    assert state_of(again.campaign) == state_of(c)
    assert again.notes == mode.notes
    assert set(again.items.counters) == set(mode.items.counters) or not mode.active
    # The saved file plays on identically: the same action from both gives the same state.
    c.end_phase()
    again.campaign.end_phase()
    assert state_of(again.campaign) == state_of(c)


def test_a_damaged_file_is_refused_in_one_sentence_and_the_campaign_stays(
    mode, desk, tmp_path, answering_message_boxes
):
    c = desk.small_campaign()
    mode.start(c)
    mode.dirty = False
    bad = tmp_path / "bad.hxcampaign"
    bad.write_text('{"format": "hexcampaign-campaign", "version": 1, "map": {}}')
    assert not mode.open_path(bad)
    assert mode.campaign is c
    [(kind, text)] = answering_message_boxes
    assert kind == "critical" and "Could not open the campaign" in text and "damaged" in text


def test_unsaved_changes_are_asked_about(mode, desk, answering_message_boxes):
    mode.start(desk.small_campaign())
    assert mode.dirty
    assert mode.maybe_close()  # the test's message box answers "Discard"
    assert answering_message_boxes[0][0] == "question"
    assert "not saved" in answering_message_boxes[0][1]


def test_autosave_at_every_phase(mode, desk, user_folders):
    c = desk.small_campaign()
    desk.clash(c)
    mode.start(c)
    target = mode.autosave_path()
    for phase in ("movement", "attack_orders", "battle_resolution"):
        mode.phase_dock.next()
        assert Campaign.load(target).phase == phase
    assert target.parent == user_folders[1] / "autosave"


def test_deactivate_removes_the_desk(mode, desk, window):
    mode.start(desk.small_campaign())
    scene = window.canvas.scene()
    assert mode.items.places and all(i.scene() is scene for i in mode.items.places)
    mode.deactivate()
    assert not mode.phase_dock.isVisible() and not mode.oob_dock.isVisible()
    assert not mode.items.counters and not mode.items.places
    assert window.canvas.tool is None
    assert not mode.menu.menuAction().isVisible()
    mode.activate()
    assert mode.phase_dock.isVisible() and window.canvas.tool is mode.tool


def test_wizard_shows_the_holders_the_campaign_starts_with(mode):
    dialog = mode.new_campaign_dialog()
    shown = {
        dialog.places.item(r, 0).text(): dialog.places.cellWidget(r, 4).currentText()
        for r in range(dialog.places.rowCount())
    }
    assert dialog.start()
    c = mode.campaign
    for place in c.map.places():
        assert shown[place.name] == (c.holder(place.name) or "—")


def test_a_build_is_placed_on_the_map(mode, desk):
    c = desk.small_campaign()
    mode.start(c)
    assert c.phase == "reinforcement" and c.pp_available("german") == 10
    dock = mode.purchase_dock
    dock.build_buttons["corps"].click()
    assert mode.placing == ("build", "corps")
    [choices] = [o for o in mode.items.overlays if o.layer.colour == "#ff7f00"]
    assert choices.layer.hexes == set(desk.GERMAN_CAPITAL.within(1)) & set(c.map.hexes())

    far = desk.GERMAN_CAPITAL.neighbor(2).neighbor(2)
    mode.tool.click(far)  # not on or next to the capital: refused with the rule
    assert mode.last_refusal.startswith("Building: new divisions and corps HQs are placed")
    assert c.formations() == []

    mode.tool.click(desk.GERMAN_CAPITAL)
    [corps] = c.formations("german")
    assert corps.kind == "corps" and corps.hex == desk.GERMAN_CAPITAL
    assert c.pp_available("german") == 8
    assert "PP available: 8" in dock.pp_label.text()
    assert mode.placing is None and corps.id in mode.items.counters

    # A division built beside it, then put under the corps from the OOB dock.
    dock.build_buttons["infantry"].click()
    mode.tool.click(desk.GERMAN_CAPITAL.neighbor(1))
    division = next(f for f in c.formations("german") if f.kind == "infantry")
    assert mode.document.act(A.Assign(fid=division.id, corps_id=corps.id))
    item = formation_item(mode.oob_dock.tree, division.id)
    assert item.parent().data(0, Qt.ItemDataRole.UserRole) == corps.id


def test_the_oob_side_switcher(mode, desk):
    c = desk.small_campaign()
    ids = desk.clash(c)
    mode.start(c)
    dock = mode.oob_dock
    assert dock.side == "german"
    formation_item(dock.tree, ids["german"])
    dock.set_side("us")
    us = formation_item(dock.tree, ids["us"])
    assert us.text(0) == (
        f"XX  1st Infantry Division ({c.map.label(c.formation(ids['us']).hex)}), regular — "
        "infantry 2/3, armour 1/3, total 3/6"
    )
    assert [us.child(i).text(2) for i in range(us.childCount())] == [
        "elim. at 60 men",
        "elim. at 60 men",
        "5 veh./guns · elim. at 3",
    ]
    # Outside its reinforcement phase the hint names the phase as the phase list does.
    while c.phase != "retreat_advance":
        assert mode.phase_dock.next()
    assert dock.hint.text().endswith("Now: german's retreat and advance phase.")


def test_umpire_pp_adjustment_needs_a_reason_and_is_logged(mode, desk):
    c = desk.small_campaign()
    mode.start(c)
    dialog = mode.adjust_pp_dialog()
    dialog.amount.setValue(3)
    assert not dialog.submit()
    assert dialog.refusal.text() == "Umpire override: give a reason for the change"
    assert c.pp_available("german") == 10
    dialog.reason.setText("late supply convoy")
    assert dialog.submit()
    assert c.pp_available("german") == 13
    assert "late supply convoy" in mode.log_dock.text.toPlainText()


def test_back_takes_a_move_back_and_the_counter_follows(mode, desk):
    c = desk.small_campaign()
    ids = desk.clash(c)
    corps = c.formation(ids["g_corps"])
    mode.start(c)
    mode.phase_dock.next()
    step = next(h for h, cost in c.reachable(corps.id).items() if cost == 1)
    mode.tool.click(corps.hex)
    mode.tool.click(step)
    assert mode.items.counters[corps.id].formation.hex == step
    assert mode.phase_dock.back_button.isEnabled()
    assert mode.phase_dock.back()
    assert c.formation(corps.id).hex == corps.hex and c.phase == "movement"
    assert mode.items.counters[corps.id].formation.hex == corps.hex
    assert not mode.phase_dock.back_button.isEnabled()  # the phase change is not undone


def test_the_window_opens_campaign_files_through_the_mode(window, desk, tmp_path):
    from hexcampaign.app.campaign import install

    mode = install(window)
    c = desk.small_campaign()
    desk.clash(c)
    path = tmp_path / "c.hxcampaign"
    c.save(path)  # the engine's own save opens too
    assert window.open_path(path)
    assert mode.active and state_of(mode.campaign) == state_of(c)
    assert window.canvas.hexmap is mode.campaign.map
    assert set(mode.items.counters) == {f.id for f in c.formations()}


def test_supply_ranges_on_demand(mode, desk):
    c = desk.small_campaign()
    ids = desk.clash(c)
    mode.start(c)
    assert not [o for o in mode.items.overlays if o.layer.colour == "#2e9d5b"]
    mode.supply_action.setChecked(True)
    shown = [o.layer.hexes for o in mode.items.overlays if o.layer.colour == "#2e9d5b"]
    assert c.supply_range(ids["g_corps"]) in shown
    mode.supply_action.setChecked(False)
    assert not [o for o in mode.items.overlays if o.layer.colour == "#2e9d5b"]


def test_a_wizard_started_from_an_inactive_mode_shows_the_desk(window):
    from hexcampaign.app.campaign import install

    mode = install(window)
    assert not mode.active
    dialog = mode.new_campaign_dialog()
    assert dialog.start()
    assert mode.active and mode.phase_dock.isVisible()
    assert window.canvas.hexmap is mode.campaign.map


def test_the_window_title_names_the_campaign_and_its_unsaved_state(mode, desk, window, tmp_path):
    mode.start(desk.small_campaign())
    assert window.displayed_title().endswith("* — hexcampaign")
    mode.save_to(tmp_path / "spring.hxcampaign")
    assert window.displayed_title() == "spring.hxcampaign — hexcampaign"


def test_in_the_full_window_the_desk_keeps_the_canvas_tool(qtbot, desk):
    window = MainWindow()  # with the editor, as the program starts
    qtbot.addWidget(window)
    window.show()
    mode = install(window)
    window.set_mode(mode)
    mode.start(desk.small_campaign())
    assert window.mode is mode
    assert window.canvas.tool is mode.tool
    assert window.canvas.hexmap is mode.campaign.map
    # Only the desk's docks show while it is in charge; the editor's come back after.
    shown = {d for d in window.findChildren(QDockWidget) if d.isVisible()}
    assert shown and shown <= set(mode._docks)
    window.set_mode(window.editor)
    assert not any(d.isVisible() for d in mode._docks)
    assert any(d.isVisible() for d in window.findChildren(QDockWidget))
