"""A map opened fitted stays fitted while the window settles (docks taking their room,
the window fitted to the screen): at scale factor 2 a new map from the start page sat
small in a corner of the canvas. Once the user zooms or pans, a resize leaves the view be."""

from __future__ import annotations

import pytest

from hexcampaign.maps import HexMap


@pytest.fixture
def window(qtbot):
    from hexcampaign.app import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(900, 700)
    w.show()
    qtbot.waitExposed(w)
    w.open_map(HexMap.blank(30, 20, palette="ww2"))
    qtbot.waitUntil(lambda: w.canvas.map_scene is not None)
    yield w
    w.document.undo_stack.setClean()


def fitted_share(view) -> float:
    """How much of the canvas the map's larger side fills (1.0: edge to edge)."""
    shown = view.visible_scene_rect()
    rect = view.map_scene.map_rect
    return max(rect.width() / shown.width(), rect.height() / shown.height())


def centred(view) -> bool:
    shown = view.visible_scene_rect()
    rect = view.map_scene.map_rect
    return abs(shown.center().x() - rect.center().x()) * view.zoom < 3 and (
        abs(shown.center().y() - rect.center().y()) * view.zoom < 3
    )


def test_a_fitted_map_stays_fitted_as_the_window_grows(window, qtbot):
    view = window.canvas
    assert fitted_share(view) == pytest.approx(0.98, abs=0.02) and centred(view)
    width = view.viewport().width()
    window.resize(1400, 900)
    qtbot.waitUntil(lambda: view.viewport().width() > width + 200)
    assert fitted_share(view) == pytest.approx(0.98, abs=0.02) and centred(view)


def test_after_a_zoom_a_resize_keeps_the_users_view(window, qtbot):
    view = window.canvas
    view.zoom_in()
    zoom = view.zoom
    width = view.viewport().width()
    window.resize(1400, 900)
    qtbot.waitUntil(lambda: view.viewport().width() > width + 200)
    assert view.zoom == zoom
