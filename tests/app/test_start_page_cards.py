"""The start page's cards hold their words whole at any width: a two-line heading pushes
the card taller instead of cutting off the line under it (seen at scale factor 2)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFont

from hexcampaign.app.settings import Settings
from hexcampaign.app.start_page import StartPage


@pytest.mark.parametrize("width", [640, 900, 1400])
def test_every_card_shows_its_heading_and_line_whole(qtbot, width):
    page = StartPage(Settings())
    qtbot.addWidget(page)
    # Large type, as at scale factor 2 on a small screen: the Kasserine heading wraps.
    font = QFont(page.font())
    font.setPointSizeF(font.pointSizeF() * 1.6)
    page.setFont(font)
    page.resize(width, 900)
    page.show()
    qtbot.waitExposed(page)
    for card in page.cards.values():
        inside = card.contentsRect()
        for label in (card.heading, card.line):
            needed = label.heightForWidth(label.width())
            assert label.height() >= needed, (card.accessibleName(), label.text())
            assert inside.contains(label.geometry()), (card.accessibleName(), label.text())
        assert card.heading.geometry().bottom() < card.line.geometry().top()
