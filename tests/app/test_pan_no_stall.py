"""No stall after a pan (issue 31): the tiles a pan uncovered are asked of the worker
threads while the map moves, and the paint after the user rests never paints them again
on the GUI thread; the picture they land in is the complete one."""

from __future__ import annotations

import pytest

from hexcampaign.app.canvas.tiles import TILE
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap

from .helpers import (
    canvas_picture,
    complete_picture,
    gui_thread_strips,
    largest_difference,
    shown_window,
)


@pytest.fixture
def window(qtbot):
    w = shown_window(qtbot, 900, 700)
    m = HexMap.blank(60, 40, palette="ww2")
    for c in range(60):
        m.set_terrain(Hex.from_offset(c, c % 40), "woods")
    w.open_map(m)
    yield w
    w.document.undo_stack.setClean()


def test_the_paint_after_a_pan_leaves_the_uncovered_tiles_to_the_workers(window, qtbot, monkeypatch):
    view = window.canvas
    view.set_zoom(1.6)
    view.center_on_hex(Hex.from_offset(15, 10))
    scene = view.map_scene
    scene.progressive_until = 0.0
    view.viewport().repaint()  # a complete frame before the pan
    painted_on_gui_thread = gui_thread_strips(monkeypatch)
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
    landed = canvas_picture(view)
    assert largest_difference(landed, complete_picture(view)) <= 8  # anti-aliasing at tile seams


def test_after_a_fill_of_the_whole_map_the_screen_keeps_its_tiles_until_the_workers_repaint(
    window, qtbot, monkeypatch
):
    """A 2,400-hex fill (a change of the whole map) is not repainted tile by tile on the
    GUI thread: the old tiles stay on screen until the workers' land; a small edit after
    it is painted at once, never shown as it was."""
    from hexcampaign.app.editor.commands import push_edit
    from hexcampaign.app.tool_events import ToolEvent
    from hexcampaign.hexes import HexSide

    view, editor, doc = window.canvas, window.editor, window.document
    view.fit_map()
    scene = view.map_scene
    scene.progressive_until = 0.0
    view.viewport().repaint()
    painted_on_gui_thread = gui_thread_strips(monkeypatch)
    centre = doc.map.at(30, 20)
    editor.set_tool("fill")
    editor.brush.terrain = "woods"
    x, y = view.layout.center(centre)
    event = ToolEvent(x, y, centre, HexSide.of(centre, 0), "left", frozenset())
    editor.tool.pressed(event)
    editor.tool.released(event)
    assert doc.map.terrain(doc.map.at(0, 1)) == "woods"  # the fill reached the corner
    view.viewport().repaint()
    assert painted_on_gui_thread == []  # the old tiles shown, the new ones asked for
    workers = scene.tile_workers()
    qtbot.waitUntil(lambda: workers.pending() == 0, timeout=10000)
    view.viewport().repaint()
    landed = canvas_picture(view)
    assert largest_difference(landed, complete_picture(view)) <= 8  # the fill, as a complete paint draws it
    # A small edit is painted at once, even where a tile was just stale.
    push_edit(doc, "Marsh", [doc.map.at(5, 5)], lambda m: m.set_terrain(m.at(5, 5), "marsh"))
    view.viewport().repaint()
    assert painted_on_gui_thread  # the edited tiles were painted now
