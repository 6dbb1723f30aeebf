"""What the players see on the board and in the bars, found playing two turns by mouse
under Xvfb (issue 16): the notice line is readable, names are never hidden."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from hexcampaign.app.kasserine.board import place_name_rect
from hexcampaign.kasserine import Game
from hexcampaign.maps import HexMap

from .conftest import H, unit


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


def test_a_map_label_under_a_counter_in_the_next_hex_is_drawn_above_it(mode):
    # "Kasserine Pass" is printed across three hexes: the counter on it hid its middle
    # ("Kass … Pass"), seen under Xvfb at the start of a new game.
    m = HexMap.blank(12, 10)
    m.add_label(H(5, 5), "Kasserine Pass")
    m.add_label(H(10, 1), "Dj. Chambi")
    units = [unit("Panzer", 5, 5), unit("Doughboys", 9, 7, "allied")]
    mode.play(Game.custom(m, units, seed=1, phase="german_movement"))
    names = mode.layer.names
    assert [lb.text for lb in names.labels] == ["Kasserine Pass"]  # Dj. Chambi is clear
    assert names.zValue() > mode.layer.items["Panzer"].zValue()
    assert mode.hex_dragged(H(5, 5), H(5, 8))
    assert names.labels == []


def test_a_victory_marker_never_covers_its_place_name(mode):
    m = HexMap.blank(12, 10)
    for (col, row), name, where in (
        ((3, 3), "Kasserine", "below"),
        ((6, 3), "Thala", "above"),
        ((3, 6), "Faid", "left"),
        ((6, 6), "Sbiba", "right"),
    ):
        m.add_place(H(col, row), name, "village", label_position=where)
    units = [unit("Panzer", 1, 1), unit("Doughboys", 9, 7, "allied")]
    game = Game.custom(m, units, seed=1, phase="german_movement")
    game.state.victory.update({"Kasserine": 1, "Thala": 2, "Faid": 1, "Sbiba": 1})
    mode.play(game)
    layout = mode.canvas.layout
    for place in m.places():
        marker = mode.layer.markers[place.name]
        ring = marker.mapRectToScene(marker.boundingRect())
        assert not ring.intersects(place_name_rect(layout, place)), place.name
