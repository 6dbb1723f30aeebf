"""Window defects players found (issue 28 item 7), each as the player saw it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from hexcampaign.app.render import DEFAULT_HEX_SIZE
from hexcampaign.app.style import COORDINATE_MIN_SCREEN_HEX

BEFORE_THE_ROLL = Path(__file__).parents[2] / "kasserine" / "fixtures" / "before-the-roll.kpgame"


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def test_an_opened_save_is_framed_like_a_new_game_with_its_hex_numbers(mode, window):
    """Opening a save dropped the zoom from 90 % to 80 %, where the hex numbers vanish."""
    window.resize(1600, 1000)
    mode.new_game(seed=2)
    settle()
    new_zoom = mode.canvas.zoom
    assert mode.open_path(BEFORE_THE_ROLL)
    settle()
    assert mode.canvas.zoom >= new_zoom
    assert mode.canvas.zoom * DEFAULT_HEX_SIZE >= COORDINATE_MIN_SCREEN_HEX  # numbers show


def test_the_board_stays_put_when_the_combat_dock_opens_and_closes(mode, window):
    """The board re-centred whenever the Combat dock opened or closed: everything the
    player looked at jumped by half the dock's width."""
    from hexcampaign.kasserine import Game
    from hexcampaign.maps import HexMap

    from .conftest import H, unit

    window.resize(1600, 1000)
    units = [unit("Panzer", 10, 10), unit("Doughboys", 12, 10, "allied")]
    g = mode.play(Game.custom(HexMap.blank(60, 30), units, seed=1, phase="german_movement")).game
    settle()
    mode.canvas.center_on_hex(H(12, 12))
    settle()
    before = mode.canvas.visible_scene_rect()
    mode.end_phase()  # to the German combat: the Combat dock opens
    assert g.state.phase == "german_combat" and mode.combat.isVisible()
    settle()
    opened = mode.canvas.visible_scene_rect()
    assert opened.width() < before.width()  # the dock took room ...
    assert abs(opened.left() - before.left()) <= 2 and abs(opened.top() - before.top()) <= 2
    mode.end_phase()  # no attack: to the Allied movement, the dock closes
    settle()
    closed = mode.canvas.visible_scene_rect()
    assert not mode.combat.isVisible()
    assert abs(closed.left() - before.left()) <= 2 and abs(closed.top() - before.top()) <= 2


def test_a_friendly_stack_out_of_reach_is_picked_from_its_menu_not_refused(mode):
    """With one unit selected, a right click on another friendly hex out of its reach
    gave a red movement refusal instead of the hex's menu."""
    from hexcampaign.kasserine import Game
    from hexcampaign.maps import HexMap

    from .conftest import H, unit

    units = [unit("Slow", 2, 2, mf=3), unit("Fast", 9, 9), unit("Doughboys", 15, 15, "allied")]
    g = mode.play(Game.custom(HexMap.blank(20, 20), units, seed=1, phase="german_movement")).game
    mode.hex_clicked(H(2, 2))
    assert mode.board.selected == "Slow" and mode.board.reachable and H(9, 9) not in mode.board.reachable
    mode.hex_hovered(H(9, 9))
    assert not mode.docks.notices.refusal  # no refusal for a move nobody asked for
    assert "pick" in mode.docks.notices.text()
    menu = mode.gestures.hex_context_menu(H(9, 9))
    assert menu is not None
    picks = [a for a in menu.actions() if a.text() == f"Pick {g.label('Fast')}"]
    assert picks
    picks[0].trigger()
    assert mode.board.selected == "Fast"
    menu.close()


def test_a_dragged_stack_is_reported_unit_by_unit(mode):
    """A stack drag was reported as one unit ("21 Pz — Panzer 1 moved…")."""
    from hexcampaign.kasserine import Game
    from hexcampaign.maps import HexMap

    from .conftest import H, unit

    units = [unit("Panzer 1", 3, 3), unit("Panzer 2", 3, 3), unit("Doughboys", 15, 15, "allied")]
    g = mode.play(Game.custom(HexMap.blank(20, 20), units, seed=1, phase="german_movement")).game
    assert mode.gestures.hex_dragged(H(3, 3), H(5, 3))
    assert {g.unit("Panzer 1").hex, g.unit("Panzer 2").hex} == {H(5, 3)}
    notice = mode.docks.notices.text()
    assert notice.startswith("2 units moved together: ")
    assert g.label("Panzer 1") in notice and g.label("Panzer 2") in notice


def test_a_victory_place_badge_is_explained_where_the_pointer_is(mode):
    """The place badges ("A1", "G1") were explained nowhere."""
    s = mode.new_game(seed=2)
    tebessa = s.game.map.place("Tebessa")
    points = s.game.state.victory["Tebessa"]
    mode.hex_hovered(tebessa.hex)
    said = mode.window.statusBar().currentMessage()
    assert f"Tebessa: {points} victory points, held by the Allies (its badge A{points}" in said
    assert "A Allied, G German" in said
