"""Two friends at one window: a click never moves the wrong unit, stacks move whole,
the hand-over screen names who acts next, Undo follows the engine's locks, long
messages wrap, and new games roll dice nobody can foresee."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QDialog

from hexcampaign.app.kasserine.dialogs import NewGameDialog
from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import Hex, HexSide
from hexcampaign.kasserine import Game, Options
from hexcampaign.maps import HexMap

from .conftest import H, skirmish, unit


def stacked(phase="german_movement") -> Game:
    """A Panzer and a gun battery in one hex, a Grenadier a few hexes away."""
    units = [
        unit("Panzer", 2, 2),
        unit("Guns", 2, 2, kind="artillery", cf=0, support=3, range=3, mf=4),
        unit("Grenadiers", 2, 5, kind="armored_infantry", cf=2),
        unit("Doughboys", 9, 7, "allied"),
    ]
    return Game.custom(HexMap.blank(12, 10), units, seed=1, phase=phase)


def test_a_click_on_a_friendly_stack_selects_it_and_never_moves_there(mode):
    g = mode.play(stacked()).game
    mode.hex_clicked(H(2, 2))
    assert mode.selected == "Guns" or mode.selected == "Panzer"
    mode.choose_unit("Panzer")
    assert H(2, 5) in mode.reachable  # the Panzer could go there...
    assert not mode.hex_clicked(H(2, 5))  # ...but a click on the stack only selects it
    assert g.unit("Panzer").hex == H(2, 2) and g.actions() == []
    assert mode.selected == "Grenadiers"
    # Escape clears the selection and its highlight
    mode.menu.clear_action.trigger()
    assert mode.selected is None and not mode.highlight.hexes


def test_a_drag_moves_the_unit_onto_a_friendly_stack_in_one_step(mode):
    g = mode.play(stacked()).game
    mode.choose_unit("Panzer")
    tool = mode.tool

    def event(h):
        return ToolEvent(0, 0, h, HexSide(h, 0), "left")

    tool.pressed(event(H(2, 2)))
    tool.released(event(H(2, 5)))  # released over another hex: a drag
    assert g.unit("Panzer").hex == H(2, 5)
    assert g.unit("Guns").hex == H(2, 2)  # only the selected unit went
    assert len(g.actions()) == 1


def test_move_here_in_the_context_menu_joins_a_friendly_stack(mode):
    g = mode.play(stacked()).game
    mode.choose_unit("Panzer")
    menu = mode.gestures.hex_context_menu(H(2, 5))
    assert menu is not None
    first = menu.actions()[0]
    assert first.text() == "Move Panzer here"
    first.trigger()
    menu.close()
    assert g.unit("Panzer").hex == H(2, 5)


def test_a_stack_picked_in_the_stack_dock_moves_together_or_is_refused_naming_the_slow_unit(
    mode,
):
    g = mode.play(stacked()).game
    mode.board.show_stack(H(2, 2))
    for i in range(mode.docks.stack.units.count()):  # Ctrl-click on each
        mode.docks.stack.units.item(i).setSelected(True)
    assert sorted(mode.board.group()) == ["Guns", "Panzer"]
    # the highlight shows only where both may go (the guns have 4 MP)
    assert mode.reachable and all(h.distance(H(2, 2)) <= 4 for h in mode.reachable)
    far = H(9, 2)
    assert mode.gestures.hex_dragged(H(2, 2), far) is False
    assert "Guns" in mode.last_message and mode.docks.notices.refusal
    assert g.unit("Panzer").hex == H(2, 2)  # refused whole
    near = H(2, 4)
    assert mode.gestures.hex_dragged(H(2, 2), near)
    assert g.unit("Panzer").hex == near and g.unit("Guns").hex == near
    assert len(g.actions()) == 1  # one undo step
    mode.undo()
    assert g.unit("Panzer").hex == H(2, 2) and g.unit("Guns").hex == H(2, 2)


def test_a_drag_from_an_unpicked_stack_moves_the_whole_stack(mode):
    g = mode.play(stacked()).game
    assert mode.selected is None
    assert mode.gestures.hex_dragged(H(2, 2), H(3, 3))
    assert g.unit("Panzer").hex == H(3, 3) and g.unit("Guns").hex == H(3, 3)


def test_docks_redraw_from_what_the_action_changed(mode):
    mode.play(stacked())
    mode.choose_unit("Grenadiers")
    assert mode.hex_clicked(H(4, 6))
    assert "counters" in mode.board.redrawn and "log" in mode.docks.redrawn
    # a change of the log alone leaves the counters and the combat table alone
    mode.document.announce(_only_log())
    assert mode.docks.redrawn == ["log"] and mode.board.redrawn == []


def _only_log():
    from hexcampaign.rules.changes import PlayChanges

    return PlayChanges(["a line"])


def test_hand_over_screen_names_who_acts_next_and_waits(hot_seat):
    mode = hot_seat
    g = Game.custom(
        HexMap.blank(8, 8),
        [unit("Panzer", 1, 1), unit("Doughboys", 6, 6, "allied")],
        seed=1,
        phase="german_combat",
    )
    mode.play(g, {"german": "Erwin", "allied": "Lloyd"})
    assert not mode.handing_over()
    mode.turn_bar.end_button.click()
    assert g.state.phase == "allied_movement"
    assert mode.handing_over()
    assert mode.handover.words.text() == "Lloyd: your movement phase"
    assert "Lloyd" in mode.turn_bar.player.text()
    assert not mode.hex_clicked(H(6, 6))  # the board waits for Lloyd
    assert mode.selected is None
    mode.handover.ready.click()
    assert not mode.handing_over()
    assert mode.last_message == "Lloyd: your movement phase"  # no stale 'Hand over — …'
    assert mode.docks.notices.text() == "Lloyd: your movement phase"
    # the hand-over is a lock: the Allied player cannot undo the German's end of phase
    assert not g.can_undo and not mode.turn_bar.undo_button.isEnabled()
    mode.hex_clicked(H(6, 6))
    assert mode.selected == "Doughboys"


def test_the_defender_allocating_artillery_is_named_and_locks_undo(hot_seat):
    mode = hot_seat
    g = mode.play(skirmish(dice="program"), {"german": "Erwin", "allied": "Lloyd"}).game
    panel = mode.combat.panel
    mode.hex_clicked(H(4, 3))
    panel.declare.click()
    assert mode.turns.acting_side() == "allied"
    assert "Lloyd" in mode.turn_bar.player.text()
    assert "allocate defensive artillery" in mode.turn_bar.player.text()
    assert mode.handing_over()
    assert mode.handover.words.text() == "Lloyd: allocate defensive artillery"
    # the second line names Lloyd too (under Xvfb it said "Erwin (German) to play")
    assert mode.handover.detail.text() == "Feb 14, German combat — Lloyd (Allied) to play"
    mode.handover.ready.click()
    # the attack was handed to Lloyd: it stands, and he cannot take it back
    assert not g.can_undo and not mode.turn_bar.undo_button.isEnabled()
    panel.defense_guns.select_id("Battery")
    panel.allocate.click()
    assert not g.can_undo and not mode.turn_bar.undo_button.isEnabled()
    assert not mode.undo()
    assert "defender" in mode.last_message.lower() or "artillery" in mode.last_message.lower()
    # back to the German for the roll
    assert mode.turns.acting_side() == "german"
    assert mode.handing_over() and mode.handover.words.text().startswith("Erwin:")


def test_a_long_message_wraps_and_never_widens_the_window(mode, window):
    mode.play(stacked())
    width = window.width()
    mode.say("Movement: " + "a very long refusal " * 100, refusal=True)
    QApplication.processEvents()
    assert window.width() == width
    assert window.minimumSizeHint().width() < width  # nothing asks for more room
    assert mode.docks.notices.label.wordWrap()


def test_new_games_from_the_window_roll_from_entropy_unless_a_seed_is_asked(
    qtbot, mode, monkeypatch
):
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    assert not dialog.fixed.isChecked() and dialog.seed_value() is None
    assert not dialog.seed.isEnabled()
    monkeypatch.setattr(NewGameDialog, "exec", lambda _d: QDialog.DialogCode.Accepted)
    assert mode.files.new_game_dialog()
    assert mode.game.seed is None
    assert "entropy" in mode.files.info_text()
    mode.session.set_dirty(False)
    mode.new_game(seed=31, options=Options())
    assert mode.game.seed == 31 and "seed 31" in mode.files.info_text()


def test_a_new_game_shows_no_earlier_roll(mode):
    mode.play(skirmish(dice="program"))
    panel = mode.combat.panel
    mode.hex_clicked(H(4, 3))
    panel.declare.click()
    panel.allocate.click()
    panel.dice.roll_button.click()
    assert panel.dice.faces.faces and panel.dice.result.text()
    mode.session.set_dirty(False)
    mode.play(skirmish(dice="program"))
    assert panel.dice.faces.faces == [] and panel.dice.result.text() == ""


def test_dice_land_before_the_result_is_said(qtbot):
    from hexcampaign.app.kasserine.dice import DiceWidget

    dice = DiceWidget()
    qtbot.addWidget(dice)
    dice.animate = True
    dice.show_roll([3, 4], "Attack 1 at 3:1: rolled 7 — D BACK 2")
    assert dice.result.text() == "…"  # tumbling
    qtbot.waitUntil(lambda: dice.result.text().endswith("D BACK 2"), timeout=30_000)
    assert dice.faces.faces == [3, 4]


def test_after_the_roll_the_odds_panel_shows_the_combat_as_it_was_rolled(mode):
    from .test_combat import declare, roll_for

    g = mode.play(skirmish(panzer_cf=10)).game
    panel = mode.combat.panel
    c = declare(mode)
    odds, attack = panel.odds.column.text(), c.attack_strength
    panel.allocate.click()
    panel.dice.hand_entry.setValue(roll_for(c.odds, "D ELIM"))
    panel.dice.hand_button.click()
    assert c.result == "D ELIM"
    panel.advance_dice.hand_entry.setValue(6)
    panel.advance_dice.hand_button.click()
    decision = g.pending()
    assert decision is not None and decision.kind == "advance"
    goal = g.advance_paths("Panzer")[0]
    panel.decision_unit = "Panzer"
    mode.hex_clicked(goal[-1])  # the Panzer advances: the live odds would change
    assert g.unit("Panzer").hex == goal[-1]
    assert panel.odds.column.text() == odds
    assert panel.odds.view.attack == attack
    assert "D ELIM" in panel.odds.totals.text()


def test_a_refused_move_names_the_unit_and_the_hex_under_the_pointer(mode):
    g = mode.play(stacked()).game
    mode.choose_unit("Guns")
    assert not mode.hex_clicked(H(9, 7))
    assert mode.last_message == "Movement: Guns cannot end its move in 0907: enemy units hold it"
    assert not mode.hex_clicked(H(11, 2))
    assert "1102" in mode.last_message and "4 MP left" in mode.last_message
    assert g.actions() == []


def test_names_that_repeat_carry_their_formation(mode):
    units = [
        unit("p1-10", 2, 2, name="Panzer 1", parent="10 Pz"),
        unit("p1-21", 4, 4, name="Panzer 1", parent="21 Pz"),
        unit("Doughboys", 9, 7, "allied"),
    ]
    g = mode.play(Game.custom(HexMap.blank(12, 10), units, seed=1, phase="german_movement")).game
    label = g.label("p1-21")
    assert label != g.label("p1-10") and "21" in label and "Panzer 1" in label
    assert mode.board.layer.items["p1-21"].toolTip().startswith(label)
    mode.board.show_stack(H(4, 4))
    assert mode.docks.stack.units.item(0).text().startswith(label)


def test_a_new_game_opens_readable_and_centred_on_the_set_up(mode):
    from hexcampaign.app.kasserine.mode import PLAY_ZOOM

    g = mode.new_game(options=Options()).game
    QApplication.processEvents()
    assert g.seed is None
    assert mode.canvas.zoom >= PLAY_ZOOM
    entry = [h for a in g.legal_actions() if getattr(a, "kind", "") == "place" for h in [a.hex]]
    seen = mode.canvas.visible_scene_rect()
    inside = [h for h in entry if seen.contains(*mode.canvas.layout.center(Hex(*h)))]
    assert inside, "no set-up hex is on screen"


def test_a_contact_result_marks_the_counters(mode):
    from .test_combat import declare, roll_for

    mode.play(skirmish())
    panel = mode.combat.panel
    c = declare(mode)
    panel.allocate.click()
    panel.dice.hand_entry.setValue(roll_for(c.odds, "CONTACT"))
    panel.dice.hand_button.click()
    assert c.result == "CONTACT"
    assert mode.board.layer.items["Panzer"].contact and mode.board.layer.items["Doughboys"].contact
    assert "CONTACT" in mode.board.layer.items["Doughboys"].toolTip()
    assert not mode.board.layer.items["Grenadiers"].contact


def test_the_crt_dock_shows_the_whole_table_in_printed_order(mode):
    crt = mode.docks.crt
    assert crt.columns[0] == "1:6" and crt.columns[-1] == ">8:1"
    assert crt.columns[1:-1] == ["1:5", "1:4", "1:3", "1:2", "1:1"] + [
        f"{n}:1" for n in range(2, 9)
    ]
    crt.raise_()
    QApplication.processEvents()
    table = crt.table
    rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
    assert table.viewport().height() >= rows  # no row scrolled out of sight


def test_picking_a_unit_to_set_up_scrolls_to_its_entry_zone(mode):
    g = mode.new_game(options=Options()).game
    QApplication.processEvents()
    far = None
    for u in g.units():
        if u.side != "german" or u.hex is not None or u.arrives is not None:
            continue
        mode.canvas.center_on_hex(H(1, 1))  # the far corner of the map
        mode.choose_unit(u.id)
        far = u.id
        break
    assert far is not None
    seen = mode.canvas.visible_scene_rect()
    assert any(seen.contains(*mode.canvas.layout.center(h)) for h in mode.highlight.hexes)


def test_undo_says_so_and_the_stack_dock_follows_the_units_back(mode):
    g = mode.play(stacked()).game
    assert mode.gestures.hex_dragged(H(2, 2), H(3, 3))
    assert mode.undo()
    assert g.unit("Panzer").hex == H(2, 2)
    assert mode.last_message.startswith("Undone:")
    assert mode.board.stack_hex == H(2, 2) and mode.docks.stack.units.count() == 2


def test_place_names_under_counters_are_drawn_above_them(mode):
    m = HexMap.blank(12, 10)
    m.add_place(H(2, 2), "Sbiba", "town")
    m.add_place(H(6, 6), "Thala", "town")
    units = [unit("Panzer", 2, 2), unit("Doughboys", 9, 7, "allied")]
    mode.play(Game.custom(m, units, seed=1, phase="german_movement"))
    names = mode.board.layer.names
    assert [p.name for p in names.places] == ["Sbiba"]  # Thala has no counter on it
    assert names.zValue() > mode.board.layer.items["Panzer"].zValue()
    assert names.boundingRect().contains(*mode.canvas.layout.center(H(2, 2)))
    assert mode.gestures.hex_dragged(H(2, 2), H(3, 3))
    assert names.places == []


def test_a_drag_shows_where_the_stack_may_go_and_the_path_before_the_button_is_let_go(mode):
    """Seen under Xvfb: dragging a stack nobody had picked showed nothing (no reachable
    hexes, no path, no cost) until the drop, which was then refused for MP."""
    g = mode.play(stacked()).game
    assert mode.selected is None
    tool = mode.tool

    def event(h):
        return ToolEvent(0, 0, h, HexSide(h, 0), "left")

    tool.pressed(event(H(2, 2)))
    tool.hex_changed(event(H(2, 3)))  # the pointer leaves the hex, the button still down
    assert sorted(mode.board.group()) == ["Guns", "Panzer"]  # the stack is carried
    assert mode.reachable and H(2, 4) in mode.reachable  # where both may go is lit
    assert H(9, 2) not in mode.reachable  # too far for the guns
    tool.hex_changed(event(H(2, 4)))
    preview = mode.canvas.map_scene.preview
    assert preview.path and preview.path[0] == H(2, 2) and preview.path[-1] == H(2, 4)
    words = mode.docks.notices.text()
    assert "Move Panzer, Guns together to" in words and "MP left: Panzer" in words
    assert g.actions() == []  # nothing moved yet
    tool.released(event(H(2, 4)))
    assert g.unit("Panzer").hex == H(2, 4) and g.unit("Guns").hex == H(2, 4)
    assert len(g.actions()) == 1


def test_a_stack_that_may_move_no_further_says_which_unit_has_spent_its_mp(mode):
    """Seen under Xvfb: after a stack move the guns had no MP left, and the notice read
    'Panzer cannot end its move in 0303: it is already there'."""
    g = mode.play(stacked()).game
    assert mode.gestures.hex_dragged(H(2, 2), H(2, 4))  # two clear hexes: the guns' four MP
    assert g.unit("Guns").hex == H(2, 4)
    words = mode.docks.notices.text()
    assert "already there" not in words
    assert "Guns" in words and "spent all its 4 MP" in words


def test_the_combat_dock_opening_keeps_what_the_player_was_looking_at_in_view(mode):
    """Seen under Xvfb: at the end of movement the Combat dock opened over the board's
    right side and the fight near the east edge went out of sight."""
    units = [
        unit("Panzer", 33, 10),
        unit("Doughboys", 34, 10, "allied"),
        unit("Far", 2, 2),
    ]
    g = mode.play(Game.custom(HexMap.blank(40, 24), units, seed=1, phase="german_movement")).game
    QApplication.processEvents()
    mode.canvas.center_on_hex(H(34, 10))
    QApplication.processEvents()
    here = mode.canvas.layout.center(H(34, 10))
    assert mode.canvas.visible_scene_rect().contains(*here)
    mode.hex_clicked(H(33, 10))  # the player picks the Panzer near the right edge
    seen = mode.canvas.visible_scene_rect()
    mode.canvas.centerOn(seen.center().x() - seen.width() / 3, seen.center().y())
    QApplication.processEvents()
    panzer = mode.canvas.layout.center(H(33, 10))
    assert mode.canvas.visible_scene_rect().contains(*panzer)
    mode.turn_bar.end_button.click()
    assert g.state.phase == "german_combat" and mode.combat.isVisible()
    for _ in range(3):
        QApplication.processEvents()
    seen = mode.canvas.visible_scene_rect()
    assert seen.contains(*panzer), "the fight went under the Combat dock"


def test_two_phases_ended_at_once_leave_the_board_where_it_was(mode):
    """The Combat dock shown and hidden before the window laid it out (German movement
    and combat ended back to back) must not shift the board (the hand-over picture
    drifted west by half the dock's width)."""
    units = [unit("Panzer", 30, 10), unit("Doughboys", 5, 20, "allied")]
    g = mode.play(Game.custom(HexMap.blank(40, 24), units, seed=1, phase="german_movement")).game
    QApplication.processEvents()
    mode.canvas.center_on_hex(H(30, 10))
    QApplication.processEvents()
    before = mode.canvas.visible_scene_rect().center()
    mode.end_phase()
    mode.end_phase()  # no attack: straight on to the Allied movement
    assert g.state.phase == "allied_movement" and not mode.combat.isVisible()
    for _ in range(3):
        QApplication.processEvents()
    after = mode.canvas.visible_scene_rect().center()
    assert abs(after.x() - before.x()) <= 2 and abs(after.y() - before.y()) <= 2
