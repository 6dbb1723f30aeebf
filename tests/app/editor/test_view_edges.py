"""The canvas never scrolls into empty desk beyond the map's edges: arrow keys, Page
keys, a drag, a zoom near an edge and centring on an edge hex all stop with at most a
small margin of desk showing (48 px, or a tenth of the window when that is more)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from hexcampaign.maps import HexMap

from .conftest import at


@pytest.fixture
def window(qtbot):
    from hexcampaign.app import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(900, 700)
    w.open_map(HexMap.blank(40, 30, palette="ww2"))
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.document.undo_stack.setClean()


def desk_showing(view) -> dict[str, float]:
    """Screen pixels of empty desk between each window edge and the map's edge."""
    shown = view.visible_scene_rect()
    rect = view.map_scene.map_rect
    z = view.zoom
    return {
        "left": (rect.left() - shown.left()) * z,
        "right": (shown.right() - rect.right()) * z,
        "top": (rect.top() - shown.top()) * z,
        "bottom": (shown.bottom() - rect.bottom()) * z,
    }


def within_margin(view) -> bool:
    across, down = view.edge_margins()
    assert across <= max(48, 0.1 * view.viewport().width()) + 1 and down <= max(48, 0.1 * view.viewport().height()) + 1
    desk = desk_showing(view)
    return max(desk["left"], desk["right"]) <= across + 2 and max(desk["top"], desk["bottom"]) <= down + 2


@pytest.mark.parametrize("key", [Qt.Key.Key_Right, Qt.Key.Key_Left, Qt.Key.Key_Down, Qt.Key.Key_Up],
                         ids=["right", "left", "down", "up"])
def test_arrow_keys_stop_at_the_map_edge(window, qtbot, key):
    view = window.canvas
    view.set_zoom(2.0)
    view.setFocus()
    for _ in range(400):  # far more than the map is wide
        qtbot.keyClick(view, key)
    assert within_margin(view), desk_showing(view)
    side = {Qt.Key.Key_Right: "right", Qt.Key.Key_Left: "left", Qt.Key.Key_Down: "bottom", Qt.Key.Key_Up: "top"}[key]
    assert desk_showing(view)[side] > 0  # it did reach the edge: the edge shows


def test_page_keys_and_a_long_drag_stop_at_the_edge(window, qtbot):
    view = window.canvas
    view.set_zoom(2.0)
    view.setFocus()
    for _ in range(50):
        qtbot.keyClick(view, Qt.Key.Key_PageDown)
    assert within_margin(view), desk_showing(view)
    view._scroll_by(-100000, -100000)  # what a long middle-button drag to the top left does
    assert within_margin(view), desk_showing(view)
    assert desk_showing(view)["left"] > 0 and desk_showing(view)["top"] > 0


def test_zooming_out_near_a_corner_and_centring_on_a_corner_hex_show_no_empty_desk(window, qtbot):
    view = window.canvas
    view.set_zoom(3.0)
    view.center_on_hex(at(39, 29))
    assert within_margin(view), desk_showing(view)
    corner = QPoint(view.viewport().width() - 2, view.viewport().height() - 2)
    view.set_zoom(1.5, corner)
    assert within_margin(view), desk_showing(view)


def test_a_map_smaller_than_the_window_stays_whole_in_it(window, qtbot):
    view = window.canvas
    view.fit_map()
    view.set_zoom(view.zoom_floor())
    view._scroll_by(5000, 5000)
    shown, rect = view.visible_scene_rect(), view.map_scene.map_rect
    assert shown.contains(rect)


def test_a_map_narrower_than_the_window_pans_freely_while_it_stays_whole(window):
    view = window.canvas
    view.fit_map()
    shown, rect = view.visible_scene_rect(), view.map_scene.map_rect
    # The fit fills the window one way; the other way the map is narrower than it.
    across = (shown.width() - rect.width()) * view.zoom
    down = (shown.height() - rect.height()) * view.zoom
    slack, horizontal = max((across, True), (down, False))
    assert slack > 40

    def start() -> float:
        r = view.visible_scene_rect()
        return r.left() if horizontal else r.top()

    before = start()
    step = -slack / 4
    view._scroll_by(step if horizontal else 0, 0 if horizontal else step)  # well within
    assert (before - start()) * view.zoom == pytest.approx(slack / 4, abs=1)
    view._scroll_by(-5000 if horizontal else 0, 0 if horizontal else -5000)
    shown = view.visible_scene_rect()
    # Half a screen pixel of rounding (the view scrolls by whole pixels) is no loss.
    slop = 0.5 / view.zoom
    if horizontal:  # as far as it goes, the map is still whole that way
        assert shown.left() <= rect.left() + slop and shown.right() >= rect.right() - slop
    else:
        assert shown.top() <= rect.top() + slop and shown.bottom() >= rect.bottom() - slop
