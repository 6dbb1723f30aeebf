"""Help: the guide opens with its text, the rule books show each section with the
program's reading of it, About names the licences."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from hexcampaign.app import help as help_pages
from hexcampaign.rulebook import sections


def test_rule_book_sections_carry_their_interpretations():
    kasserine = {s.title: s for s in sections("kasserine")}
    assert "Zone of Control" in kasserine and "Errata" in kasserine
    assert "ZOC does not extend up" in kasserine["Terrain Considerations"].text
    assert any("mirror" in text for text in kasserine["Two Die Combat Result Table"].interpretations)
    cm = {s.title: s for s in sections("cm")}
    assert "PURSUIT BATTLES" in cm and cm["PURSUIT BATTLES"].interpretations


def test_rules_window_shows_a_section_and_how_it_is_read(qtbot):
    window = help_pages.RulesWindow()
    qtbot.addWidget(window)
    titles = [window.section_list.item(i).text() for i in range(window.section_list.count())]
    window.section_list.setCurrentRow(titles.index("Two Die Combat Result Table"))
    shown = window.text.toPlainText()
    assert "ODDS GREATER THAN" in shown and "How hexcampaign reads this section" in shown
    window.books.setCurrentIndex(1)
    assert window.section_list.item(0).text() == "CONCEPT"


def test_user_guide_and_interpretations_open(qtbot):
    guide = help_pages.GuideWindow("user-guide.md", "guide")
    qtbot.addWidget(guide)
    assert "Authoring a map" in guide.browser.toPlainText()
    rules = help_pages.GuideWindow("rules-interpretations.md", "rules")
    qtbot.addWidget(rules)
    assert "CM operational campaign" in rules.browser.toPlainText()


def test_about_names_version_and_the_qt_licence(monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "about", staticmethod(lambda _p, title, text: shown.append(text)))
    help_pages.show_about(None)
    assert "Lesser General Public License" in shown[0] and "PySide6" in shown[0]


def test_user_guide_pictures_fit_the_window(qtbot):
    guide = help_pages.GuideWindow("user-guide.md", "guide")
    qtbot.addWidget(guide)
    guide.resize(500, 600)
    guide.show()
    qtbot.waitExposed(guide)
    qtbot.wait(80)
    room = guide.browser.viewport().width()
    widths = guide.browser.image_widths()
    assert widths and all(0 < w <= room for w in widths)
    assert max(widths) > 0.8 * room  # the big screenshots use the width, not a thumbnail
