"""Each tool, driven by synthetic events, changes the map as a user expects, and one
undo restores the map exactly."""

from __future__ import annotations

from hexcampaign.app.editor.tools import (
    Bridge,
    Cliff,
    Elevation,
    Eraser,
    Fill,
    Inspect,
    PlaceTool,
    PlaceValues,
    River,
    Road,
    TerrainBrush,
)
from hexcampaign.hexes import HexSide

from .conftest import at, drag, event


def activate(tool, context):
    tool.activate(context)
    return tool


def test_brush_stroke_across_ten_hexes_is_one_undo_step(document, context):
    original = document.map.copy()
    context.settings.terrain = "high_ground"
    brush = activate(TerrainBrush(), context)
    stroke = [at(c, 3) for c in range(10)]
    drag(brush, stroke)
    assert all(document.map.terrain(h) == "high_ground" for h in stroke)
    assert document.map.terrain(at(0, 4)) == "plain"
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.map == original
    document.undo_stack.redo()
    assert all(document.map.terrain(h) == "high_ground" for h in stroke)


def test_two_strokes_are_two_undo_steps(document, context):
    context.settings.terrain = "rugged_crest"
    brush = activate(TerrainBrush(), context)
    drag(brush, [at(1, 1), at(2, 1)])
    drag(brush, [at(1, 1), at(1, 2)])
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    assert document.map.terrain(at(1, 1)) == "rugged_crest"
    assert document.map.terrain(at(1, 2)) == "plain"


def test_brush_radius_paints_a_hexagon_and_fast_drag_leaves_no_gap(document, context):
    context.settings.terrain = "high_ground"
    context.settings.radius = 1
    brush = activate(TerrainBrush(), context)
    brush.pressed(event(at(4, 4)))
    brush.released(event(at(4, 4)))
    painted = {h for h in document.map.hexes() if document.map.terrain(h) == "high_ground"}
    assert painted == set(at(4, 4).within(1))
    context.settings.radius = 0
    context.settings.terrain = "rugged_crest"
    # The pointer jumps from column 0 to column 6: the hexes between are painted too.
    drag(brush, [at(0, 0), at(6, 0)])
    crest = {h for h in document.map.hexes() if document.map.terrain(h) == "rugged_crest"}
    assert set(at(0, 0).line_to(at(6, 0))) <= crest


def test_fill_floods_the_connected_region_only(document, context):
    m = document.map
    wall = [at(3, r) for r in range(8)]
    for h in wall:
        m.set_terrain(h, "rugged_crest")
    original = m.copy()
    context.settings.terrain = "high_ground"
    fill = activate(Fill(), context)
    fill.pressed(event(at(0, 0)))
    fill.released(event(at(0, 0)))
    left = [h for h in m.hexes() if h.to_offset()[0] < 3]
    right = [h for h in m.hexes() if h.to_offset()[0] > 3]
    assert all(m.terrain(h) == "high_ground" for h in left)
    assert all(m.terrain(h) == "plain" for h in right)
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert m == original


def test_elevation_raises_each_hex_once_per_stroke_and_shift_lowers(document, context):
    m = document.map
    tool = activate(Elevation(), context)
    # Back and forth over the same hexes: each is raised once.
    drag(tool, [at(2, 2), at(3, 2), at(2, 2), at(3, 2)])
    assert m.elevation(at(2, 2)) == 1 and m.elevation(at(3, 2)) == 1
    drag(tool, [at(2, 2)], "left", "shift")
    assert m.elevation(at(2, 2)) == 0
    context.settings.elevation_mode = "set"
    context.settings.elevation_level = 3
    drag(tool, [at(5, 5), at(6, 5)])
    assert m.elevation(at(5, 5)) == 3 and m.elevation(at(6, 5)) == 3
    assert document.undo_stack.count() == 3
    document.undo_stack.undo()
    assert m.elevation(at(5, 5)) == 0


def test_river_marks_then_a_right_stroke_unmarks(document, context):
    m = document.map
    original = m.copy()
    tool = activate(River(), context)
    drag(tool, [at(1, 1), at(2, 1), at(3, 1)])
    assert m.rivers() == {at(1, 1), at(2, 1), at(3, 1)}
    drag(tool, [at(2, 1), at(3, 1)], "right")
    assert m.rivers() == {at(1, 1)}
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert m == original


def test_road_follows_the_pointer_and_fills_a_jump(document, context):
    m = document.map
    original = m.copy()
    tool = activate(Road(), context)
    drag(tool, [at(1, 1), at(2, 1), at(5, 1)])
    line = at(2, 1).line_to(at(5, 1))
    assert m.has_road(at(1, 1), at(2, 1))
    for a, b in zip(line, line[1:]):
        assert m.has_road(a, b)
    assert len(m.roads()) == 4
    assert document.undo_stack.count() == 1
    # Shift-drag removes the segments dragged over.
    drag(tool, [at(3, 1), at(4, 1)], "left", "shift")
    assert not m.has_road(at(3, 1), at(4, 1))
    assert m.has_road(at(2, 1), at(3, 1)) and m.has_road(at(4, 1), at(5, 1))
    assert len(m.roads()) == 3
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert m == original


def test_road_stops_at_the_map_edge_with_a_sentence(document, context, recorder):
    tool = activate(Road(), context)
    drag(tool, [at(9, 2), at(10, 2)])
    assert document.map.roads() == []
    assert any("cannot leave the map" in msg for msg in recorder.messages)


def test_bridge_needs_road_and_river_and_says_why(document, context, recorder):
    m = document.map
    tool = activate(Bridge(), context)
    tool.pressed(event(at(2, 2)))
    assert m.bridges() == set()
    assert "no river and no road" in recorder.messages[-1]
    assert document.undo_stack.count() == 0
    m.set_river(at(2, 2), True)
    m.add_road(at(2, 2), at(2, 3))
    original = m.copy()
    tool.pressed(event(at(2, 2)))
    assert m.bridges() == {at(2, 2)}
    tool.pressed(event(at(2, 2)))
    assert m.bridges() == set()
    document.undo_stack.undo()
    assert m.bridges() == {at(2, 2)}
    document.undo_stack.undo()
    assert m == original


def test_bridge_shows_its_refusal_on_hover(document, context, recorder):
    m = document.map
    tool = activate(Bridge(), context)
    tool.hex_changed(event(at(3, 3)))
    assert recorder.previews[-1]["color"] == "#c62828"
    assert "0303 has no river and no road" in recorder.messages[-1]
    m.set_river(at(2, 2), True)
    m.add_road(at(2, 2), at(2, 3))
    said = len(recorder.messages)
    tool.hex_changed(event(at(2, 2)))
    assert recorder.previews[-1]["color"] is None  # a bridge may go here
    assert len(recorder.messages) == said


def test_cliff_top_is_the_higher_hex_or_the_side_the_stroke_started_on(document, context):
    m = document.map
    a, b = at(4, 4), at(4, 5)
    m.set_elevation(b, 2)
    original = m.copy()
    tool = activate(Cliff(), context)
    tool.pressed(event(a, side=HexSide.between(a, b)))
    tool.released(event(a))
    assert m.cliff_top(a, b) == b
    # Level ground: the top is the hex the stroke started in.
    c, d = at(1, 1), at(2, 1)
    tool.pressed(event(d, side=HexSide.between(c, d)))
    tool.released(event(d))
    assert m.cliff_top(c, d) == d
    # A drag along three hexsides of one hex is one undo step.
    centre = at(6, 3)
    sides = [HexSide.of(centre, k) for k in (0, 1, 2)]
    tool.pressed(event(centre, side=sides[0]))
    for s in sides[1:]:
        tool.moved(event(centre, side=s))
    tool.released(event(centre))
    assert all(m.cliffs()[s] == centre for s in sides)
    assert document.undo_stack.count() == 3
    for _ in range(3):
        document.undo_stack.undo()
    assert m == original


def test_cliff_off_the_map_is_refused_with_a_sentence(document, context, recorder):
    tool = activate(Cliff(), context)
    edge = at(0, 0)
    tool.pressed(event(edge, side=HexSide.of(edge, 0)))
    tool.released(event(edge))
    assert document.map.cliffs() == {}
    assert recorder.messages[-1].startswith("Cliff: both hexes of a cliff hexside")


def test_shift_cliff_stroke_removes(document, context):
    m = document.map
    a, b = at(3, 3), at(3, 4)
    m.add_cliff(a, b)
    tool = activate(Cliff(), context)
    tool.pressed(event(a, "left", "shift", side=HexSide.between(a, b)))
    tool.released(event(a))
    assert m.cliffs() == {}


def test_place_add_edit_move_delete_each_one_undo_step(document, context, recorder):
    m = document.map
    original = m.copy()
    tool = activate(PlaceTool(), context)
    recorder.place_answers.append(PlaceValues("Thala", "city", 2, 1))
    tool.pressed(event(at(2, 2)))
    tool.released(event(at(2, 2)))
    assert m.place_at(at(2, 2)).name == "Thala"
    recorder.place_answers.append(PlaceValues("Thala", "village", 3, 0))
    tool.pressed(event(at(2, 2)))
    tool.released(event(at(2, 2)))
    assert m.place("Thala").kind == "village" and m.place("Thala").vp == 3
    # Drag the place to another hex.
    tool.pressed(event(at(2, 2)))
    tool.moved(event(at(3, 3)))
    tool.released(event(at(5, 5)))
    assert m.place("Thala").hex == at(5, 5) and m.place_at(at(2, 2)) is None
    assert tool.key_pressed("delete")
    assert m.places() == []
    assert document.undo_stack.count() == 4
    document.undo_stack.undo()
    assert m.place("Thala").hex == at(5, 5)
    for _ in range(3):
        document.undo_stack.undo()
    assert m == original


def test_duplicate_place_name_is_refused_and_nothing_changes(document, context, recorder):
    m = document.map
    m.add_place(at(1, 1), "Sbiba", "village")
    tool = activate(PlaceTool(), context)
    recorder.place_answers.append(PlaceValues(" sbiba ", "city"))
    tool.pressed(event(at(4, 4)))
    tool.released(event(at(4, 4)))
    assert [p.name for p in m.places()] == ["Sbiba"]
    assert "already a place named sbiba" in recorder.messages[-1]
    assert document.undo_stack.count() == 0


def test_cancelled_place_dialog_changes_nothing(document, context):
    tool = activate(PlaceTool(), context)
    tool.pressed(event(at(4, 4)))
    tool.released(event(at(4, 4)))
    assert document.map.places() == [] and document.undo_stack.count() == 0


def test_eraser_cascade_takes_roads_cliffs_place_and_undoes_whole(document, context):
    m = document.map
    h = at(4, 4)
    m.set_terrain(h, "rugged_crest")
    m.set_elevation(h, 2)
    m.set_river(h, True)
    m.add_road(h, at(4, 3))
    m.add_road(h, at(5, 4))
    m.set_bridge(h, True)
    m.add_cliff(h, at(4, 5))
    m.add_place(h, "Kasserine", "village", 1, 0)
    m.add_label(h, "Road 1")
    m.add_road(at(4, 3), at(4, 2))  # a road not touching the hex stays
    original = m.copy()
    tool = activate(Eraser(), context)
    drag(tool, [h])
    assert m.terrain(h) == "plain" and m.elevation(h) == 0
    assert not m.is_river(h) and not m.has_bridge(h)
    assert len(m.roads()) == 1 and m.has_road(at(4, 3), at(4, 2))
    assert m.cliffs() == {} and m.places() == [] and m.labels() == []
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert m == original


def test_inspect_selects_and_describes_the_hex(document, context, recorder):
    m = document.map
    m.add_place(at(2, 2), "Feriana", "village", 1, 0)
    m.set_river(at(2, 2), True)
    tool = activate(Inspect(), context)
    tool.pressed(event(at(2, 2)))
    assert recorder.selected[-1] == at(2, 2)
    assert "Feriana" in recorder.messages[-1] and "river" in recorder.messages[-1]
    assert document.undo_stack.count() == 0


def test_hover_previews_the_brush_outline_and_the_hexside(document, context, recorder):
    context.settings.radius = 2
    brush = activate(TerrainBrush(), context)
    brush.hex_changed(event(at(5, 4)))
    assert set(recorder.previews[-1]["hexes"]) == set(at(5, 4).within(2))
    cliff = activate(Cliff(), context)
    side = HexSide.of(at(5, 4), 1)
    cliff.moved(event(at(5, 4), side=side))
    assert recorder.previews[-1]["sides"] == [side]
    assert document.undo_stack.count() == 0


def test_edits_announce_what_changed(document, context):
    seen = []
    document.changed.connect(lambda changes, initiator: seen.append((changes, initiator)))
    tool = activate(Road(), context)
    drag(tool, [at(1, 1), at(2, 1)])
    from hexcampaign.app.editor.commands import MapEdit
    from hexcampaign.maps.changes import Change

    changes, initiator = seen[-1]
    assert changes.flags & Change.ROAD
    assert {at(1, 1), at(2, 1)} <= changes.hexes
    # The initiator is the undo step that made the change, on its undo as on its redo.
    assert isinstance(initiator, MapEdit) and document.undo_stack.command(0) is initiator
    document.undo_stack.undo()
    assert seen[-1][1] is initiator and seen[-1][0].flags & Change.ROAD


def test_label_tool_adds_and_shift_removes_labels(document, context):
    from hexcampaign.app.editor.tools import LabelTool

    m = document.map
    original = m.copy()
    context.ask_label = lambda h: "  Road 1 "
    tool = activate(LabelTool(), context)
    tool.pressed(event(at(3, 3)))
    tool.released(event(at(3, 3)))
    assert [(lb.hex, lb.text) for lb in m.labels()] == [(at(3, 3), "Road 1")]
    tool.pressed(event(at(3, 3), "left", "shift"))
    assert m.labels() == []
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    assert [lb.text for lb in m.labels()] == ["Road 1"]
    document.undo_stack.undo()
    assert m == original


def test_undo_history_names_each_gesture(document, context):
    context.settings.terrain = "high_ground"
    brush = activate(TerrainBrush(), context)
    drag(brush, [at(1, 1), at(2, 1)])
    context.settings.elevation_mode = "set"
    context.settings.elevation_level = 2
    drag(activate(Elevation(), context), [at(3, 3)])
    drag(activate(Road(), context), [at(1, 4), at(2, 4)])
    stack = document.undo_stack
    assert [stack.text(i) for i in range(stack.count())] == [
        "Paint High ground",
        "Set level 2",
        "Road",
    ]


def test_removing_a_bridges_last_road_takes_the_bridge_and_undo_brings_both(document, context):
    m = document.map
    bridge, beyond, far = at(4, 4), at(5, 4), at(6, 4)
    m.set_river(bridge, True)
    m.add_road(at(3, 4), bridge)
    m.add_road(beyond, far)
    m.set_bridge(bridge, True)
    original = m.copy()
    drag(activate(Road(), context), [at(3, 4), bridge], "left", "shift")
    assert not m.has_bridge(bridge) and m.copy() is not None  # still a loadable map
    document.undo_stack.undo()
    assert m == original
    # Erasing the hex at the other end of the bridge's only road strands it as well.
    drag(activate(Eraser(), context), [at(3, 4)])
    assert not m.has_bridge(bridge)
    document.undo_stack.undo()
    assert m == original


def test_cliff_drag_catches_only_hexsides_the_pointer_comes_near(document, context):
    from hexcampaign.app.tool_events import ToolEvent

    from .conftest import LAYOUT

    context.layout = lambda: LAYOUT
    m = document.map
    tool = activate(Cliff(), context)
    h = at(4, 4)

    def near(side, fraction):
        (ax, ay), (bx, by) = LAYOUT.side_segment(side)
        cx, cy = LAYOUT.center(h)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        # A point `fraction` of the way from the hex centre to the side's middle.
        x, y = cx + (mx - cx) * fraction, cy + (my - cy) * fraction
        return ToolEvent(x, y, h, side, "left", frozenset())

    north, north_east, south = (HexSide.of(h, d) for d in (0, 1, 3))
    tool.pressed(near(north, 0.95))
    tool.moved(near(south, 0.2))  # through the middle of the hex: not caught
    tool.moved(near(north_east, 0.9))
    tool.released(near(north_east, 0.9))
    assert set(m.cliffs()) == {north, north_east}
    assert document.undo_stack.count() == 1


def test_hover_warns_in_red_what_a_stroke_would_take_away(document, context, recorder):
    from hexcampaign.app.editor.tools.base import REMOVE_COLOUR

    activate(Eraser(), context).hex_changed(event(at(2, 2)))
    assert recorder.previews[-1]["color"] == REMOVE_COLOUR
    brush = activate(TerrainBrush(), context)
    brush.hex_changed(event(at(2, 2)))
    assert recorder.previews[-1]["color"] is None
    cliff = activate(Cliff(), context)
    cliff.moved(event(at(2, 2), "none", "shift", side=HexSide.of(at(2, 2), 1)))
    assert recorder.previews[-1]["color"] == REMOVE_COLOUR
    document.map.set_river(at(3, 3), True)
    river = activate(River(), context)
    river.hex_changed(event(at(3, 3), "none", "shift"))
    assert recorder.previews[-1]["color"] == REMOVE_COLOUR
    river.hex_changed(event(at(3, 3), "none"))  # a stroke from a river's end extends it
    assert recorder.previews[-1]["color"] is None
