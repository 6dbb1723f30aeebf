"""The window on its screen (issue 32 item 4): it fits the screen's free area at any
scale factor (at QT_SCALE_FACTOR=2 a 1,600×1,000 screen is 800×500 to Qt, and the window
opened 2,560×1,600), a size remembered on a larger screen too; the board gets most of a
1,280×800 window in every mode; maps and campaigns open fitted; View › Reset layout
brings the mode's panels back.

The offscreen platform's pretend screen is not fitted (screen_fit.screen_room is None
there): these tests give the window the screen they mean."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication, QDockWidget

from app.campaign.helpers import clash, small_campaign
from app.helpers import shown_window
from hexcampaign.app import MainWindow
from hexcampaign.app.settings import Settings
from hexcampaign.app.window import screen_fit
from hexcampaign.paths import maps_path

SCALE_2 = QRect(0, 0, 800, 500)  # 1,600×1,000 pixels at scale factor 2
LAPTOP = QRect(0, 0, 1280, 800)
TITLE = screen_fit.TITLE_BAR_GUESS.top()  # a title bar's height, before one is known
GAME = Path(__file__).parents[1] / "kasserine" / "fixtures" / "feb17-german-combat.kpgame"
MOVEMENT = Path(__file__).parents[1] / "kasserine" / "fixtures" / "turn2.kpgame"


@pytest.fixture
def screen(monkeypatch):
    """Give windows this free screen area (None: the offscreen default, unfitted)."""

    def use(room: QRect | None) -> None:
        monkeypatch.setattr(screen_fit, "screen_room", lambda _window: room)

    return use


def settle(qtbot, rounds: int = 4) -> None:
    for _ in range(rounds):
        QApplication.processEvents()
        qtbot.wait(20)


def assert_within(window, room: QRect) -> None:
    """The window and its frame (title bar, borders) inside `room`."""
    m = screen_fit.frame_margins(window)
    frame = QRect(
        window.x(),
        window.y(),
        window.width() + m.left() + m.right(),
        window.height() + m.top() + m.bottom(),
    )
    assert room.contains(frame), (frame, room)
    hint = window.minimumSizeHint()  # the docks' minimums let it be so small
    assert hint.width() + m.left() + m.right() <= room.width(), hint
    assert hint.height() + m.top() + m.bottom() <= room.height(), hint


def a_campaign_file(tmp_path: Path) -> Path:
    c = small_campaign()
    clash(c)
    path = tmp_path / "desk.hxcampaign"
    c.save(path)
    return path


def open_document(window, kind: str, tmp_path: Path) -> None:
    path = {
        "map": maps_path("cm-sample.hexmap"),
        "game": GAME,
        "movement": MOVEMENT,
        "campaign": a_campaign_file(tmp_path),
    }[kind]
    assert window.open_path(path)


def test_a_size_remembered_on_a_larger_screen_is_clamped_to_this_one(qtbot, screen):
    settings = Settings()
    big = MainWindow(settings=settings)
    qtbot.addWidget(big)
    big.resize(2560, 1600)  # as it opened at scale factor 2 on a 1,600×1,000 screen
    big.move(600, 400)
    settings.set_value("window_geometry", bytes(big.saveGeometry().toBase64().data()).decode())
    screen(SCALE_2)
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    assert_within(window, SCALE_2)  # before it is shown: no 2,560×1,600 flash
    window.show()
    qtbot.waitExposed(window)
    settle(qtbot)
    assert_within(window, SCALE_2)


@pytest.mark.parametrize("kind", ["map", "game", "campaign"])
def test_every_kind_of_document_fits_a_screen_at_scale_factor_2(qtbot, screen, tmp_path, kind):
    screen(SCALE_2)
    window = shown_window(qtbot, 1280, 800, settings=Settings(), play_modes=True)
    settle(qtbot)
    assert_within(window, SCALE_2)  # the start page too
    open_document(window, kind, tmp_path)
    settle(qtbot, 8)
    assert_within(window, SCALE_2)
    board = window.canvas.viewport()
    assert board.isVisible() and board.width() >= 150 and board.height() >= 150


@pytest.mark.parametrize("kind", ["map", "movement", "campaign"])
def test_the_board_gets_most_of_a_1280_by_800_window(qtbot, screen, tmp_path, kind):
    """At 1,280×800 the board got 480×485 px (the editor's side columns took 620 px, the
    game's log sat under the board, the desk had a column each side)."""
    screen(LAPTOP)
    window = shown_window(qtbot, 1280, 800 - TITLE, settings=Settings(), play_modes=True)
    open_document(window, kind, tmp_path)
    settle(qtbot, 8)
    assert_within(window, LAPTOP)
    board = window.canvas.viewport()
    share = board.width() * board.height() / (window.width() * window.height())
    assert share >= 0.5, (kind, board.size(), window.size())


@pytest.mark.parametrize("kind", ["map", "campaign"])
def test_a_map_and_a_campaign_open_fitted_to_the_view(qtbot, tmp_path, kind):
    window = shown_window(qtbot, 1280, 800, settings=Settings(), play_modes=True)
    open_document(window, kind, tmp_path)
    settle(qtbot, 8)
    canvas = window.canvas
    seen = canvas.visible_scene_rect()
    hexes = canvas.hexmap.hexes()
    corners = [canvas.layout.center(h) for h in (hexes[0], hexes[-1])]
    assert all(seen.contains(x, y) for x, y in corners), (seen, corners)


def dock_area(window, dock: QDockWidget) -> Qt.DockWidgetArea:
    return window.dockWidgetArea(dock)


def reset(window) -> None:
    action = next(a for a in window.menu("&View").actions() if a.objectName() == "reset-layout")
    action.trigger()
    QApplication.processEvents()


def test_reset_layout_brings_the_editors_panels_back(qtbot, tmp_path):
    window = shown_window(qtbot, 1280, 800, settings=Settings(), play_modes=True)
    open_document(window, "map", tmp_path)
    settle(qtbot)
    editor = window.editor
    editor.palette_dock.close()
    editor.layers.close()
    editor.properties.setFloating(True)
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, editor.overview_dock)
    settle(qtbot)
    reset(window)
    settle(qtbot)
    assert all(not d.isHidden() and not d.isFloating() for d in editor.docks())
    assert dock_area(window, editor.palette_dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    right = Qt.DockWidgetArea.RightDockWidgetArea
    assert all(dock_area(window, d) == right for d in editor.docks() if d is not editor.palette_dock)


def test_reset_layout_brings_the_games_and_the_desks_docks_back(qtbot, tmp_path):
    window = shown_window(qtbot, 1280, 800, settings=Settings(), play_modes=True)
    open_document(window, "movement", tmp_path)
    settle(qtbot)
    docks = window.mode.docks
    docks.log.close()
    docks.stack.close()
    docks.crt.setFloating(True)
    reset(window)
    settle(qtbot)
    left = Qt.DockWidgetArea.LeftDockWidgetArea
    for dock in (docks.log, docks.stack, docks.crt):
        assert not dock.isHidden() and not dock.isFloating() and dock_area(window, dock) == left
    assert not docks.log.visibleRegion().isEmpty()  # in front of its tabs after the set-up
    open_document(window, "campaign", tmp_path)
    settle(qtbot)
    desk = window.mode.docks
    desk.oob.close()
    desk.battles.close()
    reset(window)
    settle(qtbot)
    right = Qt.DockWidgetArea.RightDockWidgetArea
    for dock in desk.all:
        assert not dock.isHidden() and dock_area(window, dock) == right
