"""The game window on a 1,280×800 screen (issue 28 item 7): with every dock the game
opens it fits, End phase and Undo stay in sight, the log reads a dozen lines, the board
keeps the biggest share; the notice line keeps a row of its own beside the e-mail replay
bar; a long "waiting for …" never pushes the buttons out of the turn bar."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from benchmarks.players import SeededSecrets, choose_by_mail
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication, QWidget

from app.helpers import shown_window
from hexcampaign.app.settings import Settings
from hexcampaign.kasserine import Game, mail

FIXTURES = Path(__file__).parents[2] / "kasserine" / "fixtures"
SCREEN = (1280, 800)
LONG_NOTICE = (
    "Turn file written: send Erwin v Lloyd (2026-12-03 06-40) 01 Feb 14 German movement.kpturn "
    "to Lloyd (/home/erwin/Documents/hexcampaign/Kasserine Pass by e-mail)."
)


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def on_screen(window, qtbot) -> None:
    window.resize(*SCREEN)
    qtbot.waitExposed(window)
    settle()


def inside(window, widget: QWidget) -> bool:
    """Shown, and drawn wholly inside the window (not in a tool bar's overflow menu)."""
    place = QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())
    return widget.isVisible() and window.rect().contains(place)


def assert_it_fits(mode, window, qtbot) -> None:
    hint = window.minimumSizeHint()
    assert hint.width() <= SCREEN[0] and hint.height() <= SCREEN[1], hint
    on_screen(window, qtbot)
    assert (window.width(), window.height()) == SCREEN  # it did not grow past the screen
    assert_all_in_sight(mode, window)


def assert_all_in_sight(mode, window) -> None:
    bar = mode.docks.turn_bar
    assert inside(window, bar.end_button) and inside(window, bar.undo_button)
    log = mode.docks.log
    # The log is a tab of the left column (issue 32: under the board it left the board
    # less than half the window): one click brings it to the front, a dozen lines tall.
    front = next((d for d in (log, *window.tabifiedDockWidgets(log)) if not d.visibleRegion().isEmpty()), None)
    log.raise_()
    settle()
    assert log.isVisible() and inside(window, log)
    assert log.browser.viewport().height() >= 12 * log.browser.fontMetrics().lineSpacing()
    if front is not None and front is not log:
        front.raise_()
        settle()
    board = mode.canvas.viewport()
    assert board.height() >= 300 and board.width() >= 450  # the map stays the game
    docks = [d for d in mode.docks.all if d.isVisible() and not d.visibleRegion().isEmpty()]
    assert all(inside(window, d) for d in docks), [d.windowTitle() for d in docks]


def test_the_set_up_fits_a_1280_by_800_screen(mode, window, qtbot):
    """The set-up, the stack, reinforcements and still-to-do stacked their minimums
    into a window 1,021 px tall."""
    mode.new_game(seed=2)
    settle()
    assert mode.game.state.phase == "german_setup"
    assert_it_fits(mode, window, qtbot)
    # The set-up dock is the left column's tab in front; the stack is above it.
    setup, stack = mode.docks.setup, mode.docks.stack
    assert inside(window, setup) and not setup.visibleRegion().isEmpty()
    assert setup.height() >= setup.minimumSizeHint().height() + 40
    assert stack.geometry().bottom() < setup.geometry().top()


def test_a_combat_with_its_dock_fits_a_1280_by_800_screen(mode, window, qtbot):
    """The German combat: the Combat dock takes the right column, top to bottom."""
    mode.play(Game.load(FIXTURES / "feb17-german-combat.kpgame"))
    settle()
    combat = mode.docks.combat
    assert combat.isVisible()
    assert_it_fits(mode, window, qtbot)
    assert combat.height() >= window.height() - 200  # not squeezed above the log
    assert mode.docks.log.geometry().right() < combat.geometry().left()


def test_the_tracker_charts_leave_the_log_its_lines(mode, window, qtbot):
    """The charts asked for 220 px: with the log, the CRT and the tracker as tabs the
    tab group could not be smaller, and the window grew past 800 px."""
    mode.new_game(seed=2)
    settle()
    tracker = mode.docks.tracker
    assert tracker.minimumSizeHint().height() <= mode.docks.log.sizeHint().height()
    tracker.raise_()
    on_screen(window, qtbot)
    view = tracker.charts.views["points"]
    assert view.isVisible() and view.height() >= view.minimumHeight()
    assert window.height() == SCREEN[1]


def test_the_notice_keeps_a_row_of_its_own_beside_the_replay_bar(mode, window, qtbot):
    """Under Xvfb the notice was squeezed beside the e-mail replay bar to a few
    characters."""
    mode.new_game(seed=2)
    on_screen(window, qtbot)
    mode.mail.bar.show_step("Lloyd", 3, 12, ["Italian infantry 7 moved from 2105 to 1809"])
    mode.say(LONG_NOTICE)
    settle()
    label = mode.docks.notices.label
    assert label.text() == LONG_NOTICE
    metrics = label.fontMetrics()
    room = label.contentsRect()
    flags = Qt.TextFlag.TextWordWrap
    needed = metrics.boundingRect(QRect(0, 0, room.width(), 1000), flags, LONG_NOTICE)
    assert needed.height() <= room.height()  # every word is drawn, on its two lines
    assert label.width() >= window.width() - 40  # the whole width of the window
    replay = mode.mail.bar
    assert replay.isVisible() and inside(window, replay.step_button)
    assert replay.geometry().top() >= mode.docks.notices.geometry().bottom()
    bar = mode.docks.turn_bar
    assert inside(window, bar.end_button) and inside(window, bar.undo_button)


def test_a_long_name_is_cut_in_the_turn_bar_not_the_buttons(mode, window, qtbot):
    name = "Generalfeldmarschall Albert Kesselring, Oberbefehlshaber Süd, in person"
    mode.play(Game.load(FIXTURES / "turn2.kpgame"), players={"german": name, "allied": "Lloyd"})
    on_screen(window, qtbot)
    bar = mode.docks.turn_bar
    assert inside(window, bar.end_button) and inside(window, bar.undo_button)
    assert inside(window, bar.places) and inside(window, bar.player)
    assert bar.player.text().endswith("…</b>") and name in bar.player.words
    window.resize(1600, 1000)
    settle()
    assert name in bar.player.text()  # whole when there is room


@pytest.fixture
def seeded_secrets(monkeypatch):
    monkeypatch.setattr(mail, "secrets", SeededSecrets(2026))


def test_waiting_for_the_opponents_turn_file_leaves_end_phase_and_undo_in_sight(
    qtbot, tmp_path, seeded_secrets
):
    """By e-mail: "Waiting for Lloyd's turn file (send Erwin v Lloyd (…) 01 Feb 14 Allied
    movement.kpturn, then open the answer)" pushed End phase and Undo off the bar."""
    window = shown_window(
        qtbot, settings=Settings(tmp_path / "erwin.json"), editor=False, play_modes=True
    )
    mode = window.modes.play_mode("hexcampaign.app.kasserine")
    window.set_mode(mode)
    document = mode.mail.start("german", {"german": "Erwin", "allied": "Lloyd"})
    assert document is not None
    invitation = document.turn_path
    rng = random.Random(7)
    while document.turn_path == invitation:  # Erwin's set-up, to the first turn file
        assert document.act(choose_by_mail(document.mail, rng)) is not None
    on_screen(window, qtbot)
    if mode.mail.note is not None:
        mode.mail.note.close()
    bar = mode.docks.turn_bar
    assert "Waiting for Lloyd's turn file" in bar.player.text()
    sent = document.turn_path
    assert sent is not None and sent.name in bar.player.toolTip()  # the file: in the tooltip
    assert inside(window, bar.end_button) and inside(window, bar.undo_button)
    assert inside(window, bar.player) and inside(window, bar.places)


def test_a_game_opened_from_the_start_page_leaves_the_window_on_the_screen(qtbot, tmp_path):
    """Under Xvfb the window opened a save 848 px tall: the docks came back while the
    start page (457 px at the least) was still in front, and the window grew to both."""
    window = shown_window(
        qtbot, *SCREEN, settings=Settings(tmp_path / "settings.json"), editor=False, play_modes=True
    )
    assert window.central.currentWidget() is window.start_page
    assert window.open_path(FIXTURES / "feb17-german-combat.kpgame")
    settle()
    mode = window.modes.play_mode("hexcampaign.app.kasserine")
    # Not taller (on the offscreen screen, 800 px tall, its frame is made to fit too).
    assert window.width() == SCREEN[0] and window.height() <= SCREEN[1]
    assert window.frameGeometry().height() <= window.screen().availableGeometry().height()
    assert_it_fits(mode, window, qtbot)
    assert mode.docks.log.browser.isVisible()  # the log in front of its tabs, not the tracker
    # Closed: the start page is back, with its own minimum.
    assert mode.close_document()
    settle()
    assert window.central.currentWidget() is window.start_page
    assert window.minimumSizeHint().height() >= window.start_page.minimumSizeHint().height()


def test_a_game_given_on_the_command_line_opens_in_a_window_that_fits(qtbot, tmp_path):
    """`hexcampaign FILE` opens the game before the window is first shown: unshown, the
    window asked for 884 px and opened that tall under Xvfb."""
    from hexcampaign.app import MainWindow

    window = MainWindow(settings=Settings(tmp_path / "settings.json"), editor=False)
    qtbot.addWidget(window)
    window.install_play_modes()
    window.resize(*SCREEN)
    assert window.open_path(FIXTURES / "feb17-german-combat.kpgame")  # as launch.py does
    window.show()
    qtbot.waitExposed(window)
    # On the screen, its title bar included (the offscreen screen is 800 px tall).
    screen = window.screen().availableGeometry()
    qtbot.waitUntil(lambda: window.frameGeometry().height() <= screen.height())
    settle()
    mode = window.modes.play_mode("hexcampaign.app.kasserine")
    assert window.width() == SCREEN[0]
    assert_all_in_sight(mode, window)
