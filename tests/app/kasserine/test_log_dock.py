"""The game log dock: a heading per turn (the newest open, a click opens an older one),
hex numbers that centre the board on their hex, a search that keeps only the lines with
its words and says how many, combined with the side filter; Export… writes what is
shown; the dock is tall enough to read at 1,280×800 without squeezing the others."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QApplication

from hexcampaign.kasserine import Game

FIXTURES = Path(__file__).parents[2] / "kasserine" / "fixtures"
LINES = 342  # feb17-german-combat.kpgame: 123 lines on Feb 14, 100, 78, and 41 on Feb 17


def feb17(mode):
    mode.play(Game.load(FIXTURES / "feb17-german-combat.kpgame"))
    log = mode.docks.log
    log.show()
    log.raise_()
    QApplication.processEvents()
    return log


def seen(log) -> str:
    return log.browser.toPlainText()


def click_text(qtbot, browser, words: str) -> None:
    """A left click on the words in the log, where they are drawn."""
    cursor = browser.document().find(words)
    assert not cursor.isNull(), words
    cursor.setPosition(cursor.selectionStart() + 1, QTextCursor.MoveMode.MoveAnchor)
    browser.setTextCursor(cursor)
    browser.ensureCursorVisible()
    QApplication.processEvents()
    point = browser.cursorRect(cursor).center() + QPoint(2, 0)
    qtbot.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=point)
    QApplication.processEvents()


def test_the_log_is_grouped_by_turn_with_the_newest_open(mode, qtbot):
    log = feb17(mode)
    text = seen(log)
    assert "▸ Feb 14 · turn 1 — 123 lines" in text
    assert "▸ Feb 15 · turn 2 — 100 lines" in text
    assert "▸ Feb 16 · turn 3 — 78 lines" in text
    assert "▾ Feb 17 · turn 4 — 41 lines" in text
    assert text.index("Feb 14") < text.index("Feb 15") < text.index("Feb 16") < text.index("Feb 17")
    # The newest turn's lines, under their phases; an older turn's are folded away.
    assert (
        "▾ Feb 17 · turn 4 — 41 lines\nGerman movement\nGrenadier Brigade moved from 1627 to 1625"
        in text
    )
    assert "Italian infantry 7 moved from 2105 to 1809 (6 MP, 0 left)" in text
    assert "German combat\nAttack 13: " in text
    assert "10 Pz — Aufklärung placed at 2718" not in text
    assert log.count.text() == f"{LINES} of {LINES} lines"
    # The newest lines are in view: the log opens at its end.
    bar = log.browser.verticalScrollBar()
    assert bar.value() == bar.maximum()
    click_text(qtbot, log.browser, "Feb 14 · turn 1")
    text = seen(log)
    assert "▾ Feb 14 · turn 1 — 123 lines" in text
    assert "German set-up\n10 Pz — Aufklärung placed at 2718" in text
    assert "▾ Feb 17 · turn 4" in text  # the newest stays open
    click_text(qtbot, log.browser, "Feb 17 · turn 4")
    assert "▸ Feb 17 · turn 4 — 41 lines" in seen(log)
    assert "Italian infantry 7 moved from 2105 to 1809" not in seen(log)


def test_a_hex_number_in_the_log_centres_the_board_on_it_and_shows_its_stack(mode, qtbot):
    log = feb17(mode)
    g = mode.game
    h = next(h for h in g.map.hexes() if g.map.label(h) == "1409")
    canvas = mode.canvas
    target = canvas.layout.center(h)
    far = max(g.map.hexes(), key=h.distance)
    mode._centre_on(*canvas.layout.center(far))  # far away first
    QApplication.processEvents()
    assert not canvas.visible_scene_rect().contains(*target)
    click_text(qtbot, log.browser, "1409")
    view = canvas.visible_scene_rect()
    assert abs(view.center().x() - target[0]) < 2 and abs(view.center().y() - target[1]) < 2
    assert mode.board.stack_hex == h
    assert mode.docks.stack.title.text().startswith("Hex 1409")


def test_a_number_that_is_no_hex_of_the_map_is_no_link(mode):
    log = feb17(mode)
    assert 'href="hex:1409"' in log.browser.toHtml()
    assert log._linked("Attack 13: 4 factors at 9999 and 1409", "").count('href="hex:') == 1


def test_the_search_keeps_only_the_lines_with_its_words_and_says_how_many(mode, qtbot):
    log = feb17(mode)
    qtbot.keyClicks(log.search, "italian INFANTRY 7")
    wanted = [line for line in mode.game.log() if "italian infantry 7" in line.lower()]
    assert 1 < len(wanted) < LINES
    assert log.shown_lines() == wanted
    assert log.count.text() == f"{len(wanted)} of {LINES} lines"
    text = seen(log)
    # Every turn with a match is open while searching, and each line shown has the words.
    shown = [row for row in text.splitlines() if row and not row.startswith(("▸", "▾"))]
    events = [row for row in shown if " moved " in row or "placed" in row or "Attack" in row]
    assert events and all("italian infantry 7" in row.lower() for row in events)
    assert "Italian infantry 8" not in text
    assert "▸" not in text
    log.search.clear()
    assert log.count.text() == f"{LINES} of {LINES} lines"


def test_the_side_filter_and_the_search_combine(mode, qtbot):
    log = feb17(mode)
    log.filter.setCurrentText("Allied")
    allied = [line for line in mode.game.log() if "Allied" in line.split(":")[0]]
    assert log.shown_lines() == allied
    assert log.count.text() == f"{len(allied)} of {LINES} lines"
    qtbot.keyClicks(log.search, "moved")
    both = [line for line in allied if "moved" in line]
    assert both and log.shown_lines() == both
    assert log.count.text() == f"{len(both)} of {LINES} lines"
    assert "German movement" not in seen(log) and "Allied movement" in seen(log)
    qtbot.keyClicks(log.search, " nowhere to be found")
    assert log.count.text() == f"0 of {LINES} lines"
    assert "No line of the log is shown" in seen(log)


def test_export_writes_the_lines_shown(mode, qtbot, tmp_path):
    log = feb17(mode)
    log.filter.setCurrentText("German")
    qtbot.keyClicks(log.search, "Attack")
    path = tmp_path / "attacks.txt"
    log.export_to(path)
    written = path.read_text(encoding="utf-8").splitlines()
    assert written == log.shown_lines()
    assert written and all(
        "German" in line.split(":")[0] and "attack" in line.lower() for line in written
    )
    assert len(written) == int(log.count.text().split()[0])


def test_the_log_reads_a_dozen_lines_at_1280_by_800_and_leaves_room_to_the_others(mode, window):
    window.resize(1280, 800)
    log = feb17(mode)
    QApplication.processEvents()
    line = log.browser.fontMetrics().lineSpacing()
    assert log.browser.viewport().height() >= 12 * line  # it was 5 lines
    # A tab of the left column, under the stack (issue 32: under the board it left the
    # board less than half the window).
    assert log.geometry().top() > mode.docks.stack.geometry().bottom()
    board = mode.canvas.viewport()
    assert board.height() >= 500  # the map stays the biggest thing
    docks = (mode.docks.stack, log, mode.docks.combat)
    assert board.width() * board.height() > max(d.width() * d.height() for d in docks)
    for dock in (mode.docks.stack, mode.docks.combat):
        assert dock.isVisible() and dock.height() >= dock.minimumSizeHint().height() + 40, (
            dock.windowTitle()
        )


def test_a_hex_numbers_tooltip_names_its_place(mode, qtbot):
    log = feb17(mode)
    cursor = log.browser.document().find("1409")
    assert not cursor.isNull()
    log.browser.setTextCursor(cursor)
    log.browser.ensureCursorVisible()
    QApplication.processEvents()
    point = log.browser.cursorRect(cursor).center() - QPoint(6, 0)
    qtbot.mouseMove(log.browser.viewport(), point)
    QApplication.processEvents()
    assert (
        log.browser.toolTip() == f"Show {mode.game.hex_label(log.numbers.hexes['1409'])} on the map"
    )


def test_new_lines_follow_the_end_unless_the_player_scrolled_up_to_read(mode):
    log = feb17(mode)
    bar = log.browser.verticalScrollBar()
    declare = next(a for a in mode.game.legal_actions() if a.kind == "declare")
    assert mode.document.act(declare) is not None
    QApplication.processEvents()
    assert "Attack 14: " in seen(log).splitlines()[-1]  # at the end, in view
    assert bar.value() == bar.maximum()
    log.toggle("Feb 14")  # a long turn opened, and read from the top
    bar.setValue(0)
    declare = next(a for a in mode.game.legal_actions() if a.kind == "declare")
    before = len(log.lines)
    mode.document.act(declare)
    QApplication.processEvents()
    assert len(log.lines) > before and log.count.text().startswith(f"{len(log.lines)} of")
    assert bar.value() == 0 < bar.maximum()
