"""Strokes the way a hand draws them (issue 30, Lines): a road or a river dragged past
hex corners follows the hexes the pointer really crosses, with no back-step through a
neighbour it only grazed; a cliff on level ground keeps its high side along the whole
stroke."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPointF, Qt

from hexcampaign.app.canvas.tool_feed import tool_event
from hexcampaign.app.editor.tools.cliff import Cliff
from hexcampaign.app.editor.tools.road import Road
from hexcampaign.app.editor.tools.water import River
from hexcampaign.hexes import Hex, HexSide

from .conftest import LAYOUT, at

NO_KEYS = Qt.KeyboardModifier.NoModifier


def pointer_drag(tool, points, step=3.0):
    """Press at the first scene point, move through the others as a mouse reports a
    drag (a move every `step` pixels, each hex change reported first as the canvas
    does), release at the last."""
    tool.pressed(tool_event(LAYOUT, QPointF(*points[0]), "left", NO_KEYS))
    hovered = LAYOUT.hex_at(*points[0])
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        n = max(1, math.ceil(math.hypot(bx - ax, by - ay) / step))
        for i in range(1, n + 1):
            e = tool_event(LAYOUT, QPointF(ax + (bx - ax) * i / n, ay + (by - ay) * i / n), "left", NO_KEYS)
            if e.hex != hovered:
                hovered = e.hex
                tool.hex_changed(e)
            tool.moved(e)
    tool.released(tool_event(LAYOUT, QPointF(*points[-1]), "left", NO_KEYS))


def grazing_point(a: Hex, b: Hex, corner: int, into: float = 2.0) -> tuple[tuple[float, float], Hex]:
    """A point `into` pixels past one corner of the side a-b, inside the third hex that
    meets there, and that hex."""
    ends = LAYOUT.side_segment(HexSide.between(a, b))
    cx, cy = ends[corner]
    (ax, ay), (bx, by) = LAYOUT.center(a), LAYOUT.center(b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    length = math.hypot(cx - mx, cy - my)
    point = (cx + (cx - mx) / length * into, cy + (cy - my) / length * into)
    return point, LAYOUT.hex_at(*point)


def layout_context(context):
    context.layout = lambda: LAYOUT
    return context


# The tools that lay a line from hex to hex, with the line kind each lays.
HEX_LINES = pytest.mark.parametrize("tool_class, kind", [(Road, "road"), (River, "river")])


@HEX_LINES
def test_a_line_dragged_past_hex_corners_has_no_back_step_and_no_jog(document, context, tool_class, kind):
    assert not document.map.palette.river_hexsides  # the River tool draws through hexes
    tool = tool_class()
    tool.activate(layout_context(context))
    row = [at(c, 3) for c in range(1, 8)]  # east along row 3: the sides alternate NE, SE
    points = [LAYOUT.center(row[0])]
    grazed = []
    for i, (a, b) in enumerate(zip(row, row[1:])):
        point, third = grazing_point(a, b, i % 2)
        assert third not in (a, b)  # the pointer really passes through a third hex
        grazed.append(third)
        if i == 2:  # into the grazed hex and straight back out into the hex it left
            points += [point, LAYOUT.center(a)]
            point, _ = grazing_point(a, b, i % 2)
        points += [point, LAYOUT.center(b)]
    pointer_drag(tool, points)
    lines = [line.hexes for line in document.map.lines(kind)]
    assert len(lines) == 1
    line = lines[0]
    assert all(x != z for x, y, z in zip(line, line[1:], line[2:])), f"back-step in {line}"
    assert all(not x.is_adjacent(z) for x, y, z in zip(line, line[1:], line[2:])), f"jog in {line}"
    assert list(line) == row
    assert not set(grazed) & set(line)
    assert document.undo_stack.count() == 1


@HEX_LINES
def test_a_line_dragged_deep_into_a_hex_still_takes_it(document, context, tool_class, kind):
    """The hysteresis only swallows grazes: a drag that turns well inside a hex keeps it."""
    tool = tool_class()
    tool.activate(layout_context(context))
    a, b = at(2, 2), at(3, 2)
    _, third = grazing_point(a, b, 0)
    pointer_drag(tool, [LAYOUT.center(a), LAYOUT.center(third), LAYOUT.center(b)])
    assert [line.hexes for line in document.map.lines(kind)] == [(a, third, b)]


def test_a_cliff_drawn_on_level_ground_keeps_its_high_side_along_the_stroke(document, context):
    m = document.map
    assert len({m.elevation(h) for h in m.hexes()}) == 1  # level ground
    tool = Cliff()
    tool.activate(layout_context(context))
    upper = [at(c, 3) for c in range(0, 10)]
    lower = [at(c, 4) for c in range(0, 10)]
    # The hexsides between rows 3 and 4 (a zigzag across a flat-top grid), west to east.
    sides = sorted({HexSide.between(a, b) for a in upper for b in lower if a.is_adjacent(b)},
                   key=lambda s: sum(x for x, _ in LAYOUT.side_segment(s)))
    middles = [tuple((p + q) / 2 for p, q in zip(*LAYOUT.side_segment(s))) for s in sides]
    x, y = middles[0]
    pointer_drag(tool, [(x, y - 3)] + middles, step=2.0)  # pressed just inside row 3
    tops = m.cliffs()
    assert set(tops) == set(sides)  # every side of the stroke has its cliff
    assert {tops[s] for s in sides} <= set(upper), [str(tops[s]) for s in sides]
    assert document.undo_stack.count() == 1
