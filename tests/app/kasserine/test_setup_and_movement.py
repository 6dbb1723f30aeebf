"""Starting a game, the German set-up by clicks, and movement on the map."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QLabel

from hexcampaign.app.kasserine.dialogs import NewGameDialog
from hexcampaign.app.kasserine.setup_dock import waiting_for_setup
from hexcampaign.app.start_page import StartPage
from hexcampaign.kasserine import Options

from .conftest import H, skirmish, unit


def place_everyone(mode):
    g = mode.game
    while waiting_for_setup(g):
        if mode.selected is None:
            mode.setup.units.setCurrentRow(0)
            mode.setup.units.item(0).setSelected(True)
        hexes = sorted(mode.highlight.hexes)
        assert hexes, f"no entry hex highlighted for {mode.selected}"
        assert mode.hex_clicked(hexes[0]), mode.last_message


def test_start_page_new_game_with_a_fixed_seed(qtbot, mode, monkeypatch):
    page = StartPage(mode.window.settings)
    qtbot.addWidget(page)
    asked = []

    def exec_(dialog):
        asked.append(dialog)
        dialog.fixed.setChecked(True)
        dialog.seed.setValue(4242)
        dialog.names["german"].setText("Erwin")
        dialog.names["allied"].setText("Lloyd")
        dialog.controls["crt_high_rolls"].setCurrentIndex(1)  # clamp
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", exec_)
    page.new_kasserine.connect(mode.files.new_game_dialog)
    qtbot.mouseClick(page.cards["kasserine"], Qt.MouseButton.LeftButton)
    assert asked, "the start page's card opened the new game dialog"
    g = mode.game
    assert g.state.seed == 4242
    assert g.state.options.crt_high_rolls == "clamp"
    assert g.state.phase == "german_setup"
    assert "Erwin" in mode.turn_bar.player.text()
    assert mode.setup.isVisible()
    assert mode.setup.units.count() == len(waiting_for_setup(g)) > 30


def test_new_game_dialog_offers_every_option_with_an_explanation(qtbot):
    dialog = NewGameDialog(seed=77)
    qtbot.addWidget(dialog)
    assert set(dialog.controls) == set(Options.model_fields)
    for name in Options.model_fields:
        label = dialog.findChild(QLabel, f"explain-{name}")
        assert label is not None and len(label.text()) > 20, name
    assert dialog.seed_value() == 77
    dialog.controls["allied_air_power"].setCurrentIndex(2)
    dialog.controls["dice"].setCurrentIndex(1)
    dialog.controls["rangers_zoc"].setChecked(True)
    options = dialog.options()
    assert options.allied_air_power == "roll" and options.dice == "hand" and options.rangers_zoc
    assert dialog.players() == {"german": "German player", "allied": "Allied player"}
    dialog.reseed.click()  # a fresh random seed, shown in the editable field
    assert dialog.seed_value() != 77 and dialog.seed.isEnabled()


def test_german_setup_by_clicks(mode):
    mode.new_game(seed=5)
    g = mode.game
    first = waiting_for_setup(g)[0]
    mode.setup.units.item(0).setSelected(True)
    assert mode.selected == first.id
    legal = {tuple(a.hex) for a in g.legal_actions() if a.kind == "place" and a.unit == first.id}
    assert {(h.q, h.r) for h in mode.highlight.hexes} == legal
    target = sorted(mode.highlight.hexes)[0]
    assert mode.hex_clicked(target)
    assert g.unit(first.id).hex == target
    assert mode.board.layer.items[first.id].isVisible()
    # Italians: within 2 hexes of the east edge
    italian = next(u for u in waiting_for_setup(g) if u.nationality == "italian")
    mode.choose_unit(italian.id)
    assert all(g.map.offset(h)[0] >= g.map.cols - 2 for h in mode.highlight.hexes)
    assert mode.highlight.hexes


def test_setup_done_is_refused_while_a_unit_has_no_place(mode, answering_message_boxes):
    mode.new_game(seed=5)
    g = mode.game
    mode.setup.done.click()
    assert g.state.phase == "german_setup"
    assert mode.last_message.startswith("German initial placement:")
    assert "must be placed" in mode.last_message
    said = next(text for _kind, text in answering_message_boxes if "Still to do" in text)
    # 41 units to place: a box listing them all was taller than the screen, OK below it;
    # the whole list is the Still to do dock's, brought into view.
    assert f"{len(g.obligations())} items, every one listed in the Still to do dock" in said
    assert "more like these" not in said
    assert mode.docks.still_to_do.isVisible() and len(mode.docks.still_to_do.required()) == len(g.obligations())
    place_everyone(mode)
    mode.setup.done.click()
    assert g.state.phase == "german_movement"
    assert not mode.setup.isVisible()


def test_move_by_clicking_a_highlighted_hex(mode):
    s = mode.play(skirmish(phase="german_movement"))
    g = s.game
    pg = g.unit("Grenadiers")
    assert not mode.hex_clicked(pg.hex)  # selects
    assert mode.selected == "Grenadiers"
    reach = g.reachable("Grenadiers")
    assert set(mode.highlight.hexes) == set(reach)
    goal = H(1, 6)
    assert goal in reach
    # the highlight shows the MP the move would leave
    assert mode.highlight.hexes[goal] == str(16 - reach[goal])
    mode.hex_hovered(goal)
    assert "MP left" in mode.window.statusBar().currentMessage()
    assert mode.hex_clicked(goal)
    assert g.unit("Grenadiers").hex == goal
    assert (
        mode.board.layer.items["Grenadiers"].pos().toPoint() != mode.board.layer.items["Panzer"].pos().toPoint()
    )
    assert g.can_undo and mode.turn_bar.undo_button.isEnabled()
    mode.turn_bar.undo_button.click()
    assert g.unit("Grenadiers").hex == H(3, 5)


def test_a_click_on_a_forbidden_hex_changes_nothing_and_says_why(mode):
    from hexcampaign.kasserine import Game
    from hexcampaign.maps import HexMap

    m = HexMap.blank(10, 10)
    m.add_cliff(H(1, 2), H(1, 1))  # upper, lower
    sappers = unit("Sappers", 1, 1, kind="engineers", cf=1, mf=8)
    g = Game.custom(m, [sappers, unit("Doughboys", 8, 8, "allied")], phase="german_movement")
    mode.play(g)
    mode.hex_clicked(H(1, 1))
    assert mode.selected == "Sappers"
    before = g.state.model_copy(deep=True)
    far = H(7, 1)  # six hexes of plain: 12 MP for an 8 MP unit
    assert far not in mode.reachable
    assert not mode.hex_clicked(far)
    assert g.state == before
    assert mode.last_message == (
        "Movement: Sappers cannot end its move in 0701: the cheapest path costs 12 MP "
        "and it has 8 MP left"
    )
    assert mode.window.statusBar().currentMessage() == mode.last_message
    # the sentence is shown where the players look, in red
    assert mode.docks.notices.text() == mode.last_message and mode.docks.notices.refusal
    assert mode.docks.notices.isVisible()
    south = H(1, 7)  # straight south climbs the cliff; round it is too far
    assert not mode.hex_clicked(south)
    assert g.state == before
    assert "Sappers cannot end its move in 0107" in mode.last_message
    # hovering a forbidden hex says so too, and shows no path
    mode.hex_hovered(far)
    assert "cannot end its move" in mode.window.statusBar().currentMessage()
    assert mode.canvas.map_scene.preview.is_empty()


def test_enemy_zone_of_control_is_marked_and_stacks_are_offset(mode):
    game = skirmish(phase="german_movement")
    s = mode.play(game)
    mode.hex_clicked(s.game.unit("Grenadiers").hex)
    assert s.game.zone_of_control("allied") == mode.highlight.zoc
    assert H(4, 3).neighbors()[0] in mode.highlight.zoc or mode.highlight.zoc


def test_stack_inspector_lists_a_stack_and_picks_from_it(mode):
    from hexcampaign.kasserine import Game
    from hexcampaign.maps import HexMap

    units = [
        unit("A", 2, 2),
        unit("B", 2, 2, kind="recon", cf=1, mf=18, size="detachment"),
        unit("Sappers", 2, 2, kind="engineers", cf=1, mf=8),
    ]
    g = Game.custom(HexMap.blank(8, 8), units, phase="german_movement")
    mode.play(g)
    items = [mode.board.layer.items[u] for u in ("A", "B", "Sappers")]
    assert len({(i.pos().x(), i.pos().y()) for i in items}) == 3  # drawn offset
    assert "Sappers" in items[0].toolTip() and "B" in items[0].toolTip()
    mode.hex_clicked(H(2, 2))
    assert set(mode.docks.stack.units.ids()) == {"A", "B", "Sappers"}
    mode.docks.stack.units.select_id("Sappers")
    mode.docks.stack.units.itemSelectionChanged.emit()
    assert mode.selected == "Sappers"
    assert mode.highlight.hexes == {h: f"{8 - c}" for h, c in g.reachable("Sappers").items()}
