"""Zooming while the wheel turns: the tiles of a new zoom are painted by worker threads
and land in the canvas exactly as a complete paint draws them."""

from __future__ import annotations

import pytest

from hexcampaign.app.canvas.tiles import COMPOSITE
from hexcampaign.app.editor.commands import push_edit
from hexcampaign.maps import HexMap

from ..helpers import canvas_picture, complete_picture, gui_thread_strips, largest_difference
from .conftest import at


@pytest.fixture
def window(qtbot):
    from hexcampaign.app import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(900, 700)
    m = HexMap.blank(40, 30, palette="ww2")
    for c in range(40):
        m.set_terrain(at(c, c % 30), "woods")
    w.open_map(m)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.document.undo_stack.setClean()


def tiles_at(view, zoom) -> int:
    return sum(1 for key, _ in view.map_scene.tiles.items() if key[0] == COMPOSITE and key[1] == zoom)


def test_a_new_zoom_is_painted_by_workers_and_matches_a_complete_paint(window, qtbot):
    view = window.canvas
    view._interactive()  # as a wheel notch does
    view.set_zoom(1.37)
    view.viewport().repaint()
    workers = view.map_scene.tile_workers()
    assert tiles_at(view, view.zoom) == 0  # the notch itself painted no tile
    # The finished tiles land on the GUI thread (queued): wait for them, however late.
    qtbot.waitUntil(lambda: workers.pending() == 0 and tiles_at(view, view.zoom) > 0, timeout=10000)
    view.map_scene.progressive_until = 0.0
    landed = canvas_picture(view)
    assert largest_difference(landed, complete_picture(view)) <= 8  # anti-aliasing at tile seams


def test_a_strip_painted_before_an_edit_is_thrown_away(window, qtbot):
    from hexcampaign.app.canvas.tile_workers import StripJob, _paint_strip

    view = window.canvas
    scene = view.map_scene
    workers = scene.tile_workers()
    job = StripJob(1.5, 1.0, 0, 0, 1, scene.tiles.generation, scene.hexmap, scene.layout,
                   frozenset(scene.visible_layers()), scene.features)
    image = _paint_strip(job)  # painted while ...
    push_edit(window.document, "Marsh", [at(1, 1)], lambda m: m.set_terrain(at(1, 1), "marsh"))
    workers._landed(job, image)  # ... the map changed: it must not land
    assert scene.tiles.get(job.keys()[0]) is False
    fresh = StripJob(1.5, 1.0, 0, 0, 1, scene.tiles.generation, scene.hexmap, scene.layout,
                     frozenset(scene.visible_layers()), scene.features)
    workers._landed(fresh, _paint_strip(fresh))
    assert scene.tiles.get(fresh.keys()[0]) not in (None, False)


def test_after_a_pan_the_tiles_around_the_window_are_drawn_ahead_by_the_workers(window, qtbot, monkeypatch):
    from hexcampaign.app.canvas.tiles import TILE
    from hexcampaign.app.canvas.view import PREFETCH_TILES

    view = window.canvas
    view.set_zoom(1.6)
    view.center_on_hex(at(20, 15))
    view.map_scene.progressive_until = 0.0
    view.viewport().repaint()  # what is on screen is complete
    painted_on_gui_thread = gui_thread_strips(monkeypatch)
    scene = view.map_scene
    ratio = view.viewport().devicePixelRatioF()
    margin = PREFETCH_TILES * TILE / view.zoom
    around = view.visible_scene_rect().adjusted(-margin, -margin, margin, margin)
    assert scene.base_layer().missing_strips(around, view.zoom, ratio)  # the ring is not drawn yet
    view._prefetch()  # the user rests after the pan
    workers = scene.tile_workers()
    qtbot.waitUntil(
        lambda: workers.pending() == 0
        and scene.base_layer().missing_strips(around, view.zoom, ratio) == [],
        timeout=10000,
    )
    assert painted_on_gui_thread == []
    # What landed is what a complete paint draws: panning onto it shows the same picture.
    view._scroll_by(TILE // 2, TILE // 2)
    landed = canvas_picture(view)
    assert painted_on_gui_thread == []  # every tile the pan needed was drawn ahead
    assert largest_difference(landed, complete_picture(view)) <= 8  # anti-aliasing at tile seams
