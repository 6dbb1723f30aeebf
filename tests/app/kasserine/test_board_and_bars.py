"""What the players see on the board and in the bars, found playing two turns by mouse
under Xvfb (issue 16): the notice line is readable, names are never hidden."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from hexcampaign.kasserine import Game
from hexcampaign.maps import HexMap

from .conftest import unit


def stacked() -> Game:
    units = [unit("Panzer", 2, 2), unit("Doughboys", 9, 7, "allied")]
    return Game.custom(HexMap.blank(12, 10), units, seed=1, phase="german_movement")


def test_the_notice_line_is_as_wide_as_the_window_and_reads_on_one_line(mode, window):
    mode.play(stacked())
    width = window.width()
    mode.say("10 Pz — Panzer 1 placed at 2714")
    QApplication.processEvents()
    label = mode.notices.label
    # A short sentence reads on one line across the bar, not a word a line in a sliver.
    assert label.width() > width * 0.6
    assert label.fontMetrics().horizontalAdvance(label.text()) < label.contentsRect().width()
    mode.say("Movement: " + "a very long refusal " * 100, refusal=True)
    QApplication.processEvents()
    assert window.width() == width
    assert window.minimumSizeHint().width() < width
