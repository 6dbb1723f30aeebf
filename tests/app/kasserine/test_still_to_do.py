"""The Still to do dock lists every item of the phase (13 obligations: all 13, nothing
cut), a click on one centres the board on its hex, and a refusal's or an item's rule
link opens Help > Rules at its section."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt, QUrl
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QApplication

from app.kasserine.conftest import skirmish
from hexcampaign.app.help import RulesWindow
from hexcampaign.kasserine import Game
from hexcampaign.kasserine.state import DeclareAttack

FIXTURES = Path(__file__).parents[2] / "kasserine" / "fixtures"


def feb17(mode):
    mode.play(Game.load(FIXTURES / "feb17-german-combat.kpgame"))
    QApplication.processEvents()
    return mode.docks.still_to_do


def click_text(qtbot, browser, words: str) -> None:
    """A left click on the words in the dock's list, where they are drawn."""
    cursor = browser.document().find(words)
    assert not cursor.isNull(), words
    cursor.setPosition(cursor.selectionStart() + 2, QTextCursor.MoveMode.MoveAnchor)
    browser.setTextCursor(cursor)
    browser.ensureCursorVisible()
    QApplication.processEvents()
    point = browser.cursorRect(cursor).center() + QPoint(2, 0)
    qtbot.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=point)


def test_thirteen_obligations_are_all_listed(mode):
    dock = feb17(mode)
    g = mode.game
    assert len(g.obligations()) == 13
    assert dock.isVisible()
    assert dock.title.text() == "German combat, Feb 17: 13 obligations"
    shown = dock.browser.toPlainText()
    for sentence in g.obligations():
        assert sentence.partition(": ")[2] in shown
    assert "more" not in shown
    assert "Must attack (8)" in shown and "Must be attacked (4)" in shown
    assert shown.count("Rule 5, Zone of Control") == 12
    # A short dock scrolls; the list is never cut.
    dock.resize(dock.width(), 160)
    QApplication.processEvents()
    assert dock.browser.verticalScrollBar().maximum() > 0
    assert len(dock.required()) == 13


def test_clicking_an_obligation_centres_its_hex(mode, qtbot):
    dock = feb17(mode)
    item = next(i for i in dock.items if i.unit_label == "Grenadier Brigade")
    canvas = mode.canvas
    target = canvas.layout.center(item.hex)
    mode._centre_on(*canvas.layout.center(mode.game.map.hexes()[0]))  # far away first
    QApplication.processEvents()
    seen = canvas.visible_scene_rect()
    assert not seen.contains(*target)
    click_text(qtbot, dock.browser, "Grenadier Brigade is in an enemy zone")
    QApplication.processEvents()
    seen = canvas.visible_scene_rect()
    assert abs(seen.center().x() - target[0]) < 2 and abs(seen.center().y() - target[1]) < 2
    assert mode.board.stack_hex == item.hex


def test_an_items_rule_link_opens_help_at_its_section(mode, qtbot):
    dock = feb17(mode)
    click_text(qtbot, dock.browser, "Rule 5, Zone of Control")
    window = dock.rules_window
    assert isinstance(window, RulesWindow) and window.isVisible()
    qtbot.addWidget(window)
    assert window.section_list.currentItem().text() == "Zone of Control"
    shown = window.text.toPlainText()
    assert "You cannot sit in any enemy's" in shown
    assert "How hexcampaign reads this rule (Mandatory attacks)" in shown
    assert "the obligation is excused" in shown
    # A second link reuses the open window, at the declared attack's section.
    dock.open_link(QUrl("rule:declared%20attack"))
    assert dock.rules_window is window
    assert window.section_list.currentItem().text() == "Use of Artillery"
    assert window.shown_rule().heading == "Use Of"


def test_a_refusal_in_the_notice_line_links_to_its_rule(mode, qtbot):
    s = mode.play(skirmish(phase="german_combat"))
    # The guns named as an attacker: refused, and the notice line links the rule.
    assert s.act(DeclareAttack(attackers=["Guns"], defenders=["Doughboys"])) is None
    QApplication.processEvents()
    assert mode.last_message.startswith("Artillery: Guns supports attacks but does not attack")
    links = mode.docks.notices.links
    assert mode.docks.notices.refusal and links.isVisible()
    rule = links.rule
    assert rule is not None and links.text().count("href") == 1
    assert rule.words() == "Rule 10, Use of Artillery — Artillery Clarifications"
    assert rule.words() in links.text()
    links.linkActivated.emit("rule")
    window = links.rules_window
    qtbot.addWidget(window)
    assert window.isVisible() and window.section_list.currentItem().text() == rule.title
    assert window.shown_rule() == rule
    shown = window.text.toPlainText()
    assert "One Artillery battery can support only one unit" in shown
    assert "How hexcampaign reads this rule (Artillery)" in shown
    # Scrolled to the rule's heading: it is in view.
    cursor = window.text.document().find("Artillery Clarifications")
    assert window.text.viewport().rect().intersects(window.text.cursorRect(cursor))
    mode.say("An event, not a refusal")
    QApplication.processEvents()
    assert not links.isVisible() and links.rule is None


def test_the_end_phase_refused_brings_the_whole_list(mode, answering_message_boxes):
    dock = feb17(mode)
    mode.docks.log.raise_()
    assert not mode.end_phase()
    said = next(text for _kind, text in answering_message_boxes if "Still to do" in text)
    assert "13 items, every one listed in the Still to do dock" in said
    links = mode.docks.notices.links
    # The red notice names four and "9 more": its link reaches all 13.
    assert "All 13 in Still to do" in links.text()
    assert links.rule is not None and links.rule.title == "Use of Artillery"
    assert dock.isVisible() and not dock.visibleRegion().isEmpty()
