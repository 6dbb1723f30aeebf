"""The start page from the keyboard alone: every choice is reached with Tab and named
for a screen reader, and Enter on a recent file opens it."""

from __future__ import annotations

from PySide6.QtCore import Qt

from hexcampaign.app.settings import Settings
from hexcampaign.app.start_page import StartPage


def test_tab_reaches_every_card_and_the_recent_files(qtbot, tmp_path):
    settings = Settings()
    settings.add_recent_file(tmp_path / "tunisia.hexmap")
    (tmp_path / "tunisia.hexmap").write_text("{}", encoding="utf-8")
    page = StartPage(settings)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    reached = []
    page.cards["kasserine"].setFocus()
    for _ in range(8):
        reached.append(page.focusWidget())
        qtbot.keyClick(page.focusWidget(), Qt.Key.Key_Tab)
    for card in page.cards.values():
        assert card in reached
        assert card.accessibleName() and card.accessibleDescription()
    assert page.recent in reached and page.recent.accessibleName() == "Recent files"


def test_enter_on_a_recent_file_opens_it_once(qtbot, tmp_path):
    settings = Settings()
    path = tmp_path / "rematch.kpgame"
    path.write_text("{}", encoding="utf-8")
    settings.add_recent_file(path)
    page = StartPage(settings)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    page.recent.setFocus()
    page.recent.setCurrentRow(0)
    chosen = []
    page.recent_chosen.connect(chosen.append)
    qtbot.keyClick(page.recent, Qt.Key.Key_Return)
    assert chosen == [path.resolve()]
    # Its screen-reader line says what and where it is.
    assert page.recent.item(0).data(Qt.ItemDataRole.AccessibleTextRole).startswith("rematch.kpgame, Kasserine Pass game, in ")


def test_enter_on_a_card_chooses_it(qtbot):
    page = StartPage(Settings())
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    card = page.cards["map"]
    card.setFocus()
    with qtbot.waitSignal(card.clicked, timeout=2000):
        qtbot.keyClick(card, Qt.Key.Key_Return)
