"""A dark theme is readable (issue 32 item 4): the start page took near-white titles
from a dark palette onto its cream cards. Under a dark QPalette the start page and a
game's board are grabbed as the user sees them, and each text's colour is read from the
pixels and compared with its background: WCAG contrast ratio 4.5 at the least."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from app.helpers import shown_window
from hexcampaign.app.settings import Settings
from hexcampaign.app.style import contrast_ratio, luminance, start_page_colours

DARK = {
    QPalette.ColorRole.Window: "#2b2b2b",
    QPalette.ColorRole.WindowText: "#e8e8e8",
    QPalette.ColorRole.Base: "#1e1e1e",
    QPalette.ColorRole.AlternateBase: "#323232",
    QPalette.ColorRole.Text: "#e8e8e8",
    QPalette.ColorRole.Button: "#353535",
    QPalette.ColorRole.ButtonText: "#e8e8e8",
    QPalette.ColorRole.Highlight: "#3d6fb4",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.ToolTipBase: "#3a3a3a",
    QPalette.ColorRole.ToolTipText: "#e8e8e8",
    QPalette.ColorRole.PlaceholderText: "#9a9a9a",
    QPalette.ColorRole.Mid: "#555555",
}


@pytest.fixture
def dark():
    """The application under a dark palette for one test (then the one it had)."""
    app = QApplication.instance()
    before = QPalette(app.palette())
    palette = QPalette(before)
    for role, colour in DARK.items():
        palette.setColor(role, QColor(colour))
    app.setPalette(palette)
    yield palette
    app.setPalette(before)


def settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


def text_contrast(picture: QImage, where: QRect) -> tuple[float, QColor, QColor]:
    """The contrast of the text drawn in `where`: its background is the commonest colour
    there, its ink the colour furthest from that background (a glyph's full-strength
    pixels, not its anti-aliased edge)."""
    counts: Counter[int] = Counter()
    for y in range(where.top(), where.bottom() + 1):
        for x in range(where.left(), where.right() + 1):
            counts[picture.pixel(x, y)] += 1
    ground = QColor.fromRgb(counts.most_common(1)[0][0])
    ink = max((QColor.fromRgb(p) for p in counts), key=lambda c: contrast_ratio(c, ground))
    return contrast_ratio(ink, ground), ink, ground


def rect_in(widget: QWidget, top: QWidget) -> QRect:
    """`widget`'s rectangle in `top`'s picture, in device pixels."""
    ratio = top.devicePixelRatioF()
    corner = widget.mapTo(top, QPoint(0, 0))
    return QRect(
        round(corner.x() * ratio),
        round(corner.y() * ratio),
        round(widget.width() * ratio),
        round(widget.height() * ratio),
    )


def assert_reads(picture: QImage, top: QWidget, widget: QWidget, name: str) -> float:
    ratio, ink, ground = text_contrast(picture, rect_in(widget, top))
    assert ratio >= 4.5, f"{name}: {ink.name()} on {ground.name()} is {ratio:.2f}:1"
    return ratio


def test_the_start_page_reads_under_a_dark_palette(qtbot, dark):
    window = shown_window(qtbot, 1280, 800, settings=Settings(), play_modes=True)
    page = window.start_page
    settle()
    picture = page.grab().toImage()
    colours = start_page_colours(dark)
    assert luminance(colours["page"]) < 0.1 and luminance(colours["card"]) < 0.1  # dark, not cream
    title = page.findChild(QWidget, "start-title")
    seen = {"title": assert_reads(picture, page, title, "the title")}
    for name, card in page.cards.items():
        seen[name] = assert_reads(picture, page, card.heading, f"the {name} card's heading")
        assert_reads(picture, page, card.line, f"the {name} card's line")
    assert_reads(picture, page, page.empty, "'Nothing opened yet'")
    # The colours the page was painted with are those the palette gives.
    ground = QColor.fromRgb(picture.pixel(rect_in(page.cards["map"], page).center()))
    assert contrast_ratio(ground, colours["card"]) < 1.1
    assert min(seen.values()) >= 7.0  # titles: more than body text needs


def test_the_start_page_keeps_its_paper_under_a_light_palette(qtbot):
    colours = start_page_colours(QApplication.palette())
    if luminance(QApplication.palette().color(QPalette.ColorRole.Window)) > 0.4:
        assert luminance(colours["page"]) > 0.6  # cream paper, as before
    window = shown_window(qtbot, 1280, 800, settings=Settings())
    page = window.start_page
    settle()
    picture = page.grab().toImage()
    for name, card in page.cards.items():
        assert_reads(picture, page, card.heading, f"the {name} card's heading")


def test_a_game_reads_under_a_dark_palette(qtbot, dark):
    window = shown_window(qtbot, 1280, 800, settings=Settings(), play_modes=True)
    mode = window.play_mode("hexcampaign.app.kasserine")
    window.set_mode(mode)
    mode.hand_over_screen = False
    mode.new_game(seed=2, players={"german": "Erwin", "allied": "Lloyd"})
    settle()
    mode.docks.notices.show_notice("Feb 14, German set-up: 10 Pz — Panzer 1 placed at 2321.")
    settle()
    picture = window.grab().toImage()
    bar = mode.docks.turn_bar
    assert_reads(picture, window, bar.player, "the player to play (German colour)")
    assert_reads(picture, window, bar.date, "the date")
    assert_reads(picture, window, mode.docks.notices.label, "the notice line")
    # The Allied colour too, on the same bar (the set-up is German's: the Allied
    # player's words as when he allocates his guns).
    bar.refresh(mode.game, {"german": "Erwin", "allied": "Lloyd"}, acting="allied")
    settle()
    picture = window.grab().toImage()
    assert_reads(picture, window, bar.player, "the player to play (Allied colour)")
