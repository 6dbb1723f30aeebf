"""The start page: its choices emit their signals and the recent files open."""

from __future__ import annotations

from PySide6.QtCore import Qt

from hexcampaign.app.settings import Settings
from hexcampaign.app.start_page import StartPage


def test_every_choice_emits_its_signal(qtbot):
    page = StartPage(Settings())
    qtbot.addWidget(page)
    for card, signal in (
        ("kasserine", page.new_kasserine),
        ("campaign", page.new_campaign),
        ("map", page.new_map),
        ("open", page.open_requested),
    ):
        with qtbot.waitSignal(signal, timeout=1000):
            qtbot.mouseClick(page.cards[card], Qt.MouseButton.LeftButton)


def test_recent_files_are_listed_newest_first_and_open_on_click(qtbot, tmp_path):
    settings = Settings()
    older, newer = tmp_path / "tunisia.hexmap", tmp_path / "rematch.kpgame"
    for path in (older, newer):
        path.write_text("{}", encoding="utf-8")
        settings.add_recent_file(path)
    page = StartPage(settings)
    qtbot.addWidget(page)
    page.show()
    assert page.recent_paths() == [newer.resolve(), older.resolve()]
    assert "Kasserine Pass game" in page.recent.item(0).text()
    assert page.recent.isVisible() and not page.empty.isVisible()
    with qtbot.waitSignal(page.recent_chosen, timeout=1000) as blocker:
        rect = page.recent.visualItemRect(page.recent.item(1))
        qtbot.mouseClick(page.recent.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert blocker.args == [older.resolve()]


def test_no_recent_files_says_so(qtbot):
    page = StartPage(Settings())
    qtbot.addWidget(page)
    page.show()
    assert not page.recent.isVisible() and page.empty.isVisible()


def test_the_kasserine_card_says_the_computer_plays_too(qtbot):
    page = StartPage(Settings())
    qtbot.addWidget(page)
    line = page.cards["kasserine"].line.text()
    assert "against the computer" in line and "hot-seat" in line
    assert "Two players at one computer" not in line
