"""No stall after a pan (issue 31): the tiles a pan uncovered are asked of the worker
threads while the map moves, and the paint after the user rests never paints them again
on the GUI thread; the picture they land in is the complete one."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QImage

from hexcampaign.app.canvas.layers import LayerItem
from hexcampaign.app.canvas.tiles import TILE
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap

from .helpers import largest_difference, shown_window


@pytest.fixture
def window(qtbot):
    w = shown_window(qtbot, 900, 700)
    m = HexMap.blank(60, 40, palette="ww2")
    for c in range(60):
        m.set_terrain(Hex.from_offset(c, c % 40), "woods")
    w.open_map(m)
    yield w
    w.document.undo_stack.setClean()


def picture(view) -> QImage:
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    view.viewport().render(image)
    return image


def test_the_paint_after_a_pan_leaves_the_uncovered_tiles_to_the_workers(window, qtbot, monkeypatch):
    view = window.canvas
    view.set_zoom(1.6)
    view.center_on_hex(Hex.from_offset(15, 10))
    scene = view.map_scene
    scene.progressive_until = 0.0
    view.viewport().repaint()  # a complete frame before the pan
    painted_on_gui_thread = []
    render = LayerItem._render_strip
    monkeypatch.setattr(LayerItem, "_render_strip",
                        lambda self, *a: painted_on_gui_thread.append(a) or render(self, *a))
    view._interactive()  # a drag step, as Panning reports it
    view._scroll_by(4 * TILE, 3 * TILE)  # onto tiles never painted
    view.viewport().repaint()  # the pan's own frame: stand-ins, the real tiles asked for
    workers = scene.tile_workers()
    assert workers.pending() > 0
    scene.progressive_until = 0.0  # the user rests before the workers are done
    view.viewport().repaint()
    assert painted_on_gui_thread == []  # it painted what it had, and waited for the rest
    qtbot.waitUntil(lambda: workers.pending() == 0, timeout=10000)
    view.viewport().repaint()
    assert painted_on_gui_thread == []  # every uncovered tile came from the workers
    landed = picture(view)
    scene.tiles.clear()
    assert largest_difference(landed, picture(view)) <= 8  # anti-aliasing at tile seams
