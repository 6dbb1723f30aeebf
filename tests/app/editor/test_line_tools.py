"""The River and Road tools draw named lines (issue 30 item 7): a stroke from a line's
end extends it, one from anywhere else starts a new line, a removal cuts a line in two;
each gesture one undo step; the Properties dock's list renames and deletes a line."""

from __future__ import annotations

from hexcampaign.app.editor.lines_box import LinesBox
from hexcampaign.app.editor.tools.road import Road
from hexcampaign.app.editor.tools.water import River

from .conftest import at, drag


def activate(tool, context):
    tool.activate(context)
    return tool


def river_hexes(m):
    return [line.hexes for line in m.lines("river")]


def test_a_river_stroke_from_a_rivers_end_extends_it_and_elsewhere_draws_a_new_one(document, context):
    m = document.map
    tool = activate(River(), context)
    drag(tool, [at(1, 1), at(2, 1), at(3, 1)])
    drag(tool, [at(1, 4), at(2, 4), at(3, 4)])  # two hexes south: another river
    assert river_hexes(m) == [(at(1, 1), at(2, 1), at(3, 1)), (at(1, 4), at(2, 4), at(3, 4))]
    drag(tool, [at(3, 1), at(4, 1), at(5, 1)])  # from the first river's end: longer
    drag(tool, [at(1, 4), at(0, 4)])  # from the second's start: longer at its start
    assert river_hexes(m) == [(at(1, 1), at(2, 1), at(3, 1), at(4, 1), at(5, 1)),
                              (at(0, 4), at(1, 4), at(2, 4), at(3, 4))]
    assert document.undo_stack.undoText() == "Extend River 2"
    drag(tool, [at(2, 1), at(2, 2), at(2, 3)])  # from the middle: a tributary of its own
    assert river_hexes(m)[2] == (at(2, 1), at(2, 2), at(2, 3))
    assert document.undo_stack.count() == 5
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert river_hexes(m) == [(at(1, 1), at(2, 1), at(3, 1), at(4, 1), at(5, 1)),
                              (at(1, 4), at(2, 4), at(3, 4))]


def test_a_right_drag_cuts_a_river_in_two_and_undo_puts_it_back_whole(document, context):
    m = document.map
    tool = activate(River(), context)
    drag(tool, [at(c, 2) for c in range(1, 7)])
    m.rename_line(0, "Oued Hatab")
    before = m.lines()
    drag(tool, [at(3, 2)], "right")
    assert [(line.name, len(line.hexes)) for line in m.lines()] == [("Oued Hatab", 2), ("Oued Hatab (2)", 3)]
    assert not m.is_river(at(3, 2))
    document.undo_stack.undo()
    assert m.lines() == before


def test_a_road_drag_from_a_roads_end_extends_it_and_a_removal_cuts_it(document, context):
    m = document.map
    tool = activate(Road(), context)
    drag(tool, [at(1, 5), at(2, 5), at(3, 5)])
    drag(tool, [at(3, 5), at(4, 5), at(5, 5)])
    assert [line.hexes for line in m.lines("road")] == [tuple(at(c, 5) for c in range(1, 6))]
    drag(tool, [at(2, 5), at(2, 6), at(2, 7)])  # from the middle: a new road, a crossroads
    assert len(m.lines("road")) == 2 and m.on_road(at(2, 7))
    drag(tool, [at(3, 5), at(4, 5)], "right")
    assert [line.hexes for line in m.lines("road")] == [
        (at(1, 5), at(2, 5), at(3, 5)), (at(4, 5), at(5, 5)), (at(2, 5), at(2, 6), at(2, 7))]
    assert not m.has_road(at(3, 5), at(4, 5))


def test_the_lines_list_renames_and_deletes_a_line_each_one_undo_step(document, context, recorder):
    m = document.map
    drag(activate(River(), context), [at(1, 1), at(2, 1)])
    drag(activate(Road(), context), [at(1, 5), at(2, 5)])
    box = LinesBox(recorder.status, lambda: document, lambda h: None)
    box.refresh()
    assert [box.list.item(i).text() for i in range(box.list.count())] == [
        "River 1 · river, 2 hexes from 0101", "Road 1 · road, 2 hexes from 0105"]
    box.list.setCurrentRow(0)  # River 1 picked, then a click on the road's hex:
    box.show_hex(at(2, 5))  # its line first, marked and picked
    assert box.list.item(0).text().startswith("• Road 1 · road") and box.picked() == 1
    box.name.setText("Route de Tébessa")
    box.rename()
    assert m.lines()[1].name == "Route de Tébessa"
    assert document.undo_stack.undoText() == "Rename Road 1 to Route de Tébessa"
    box.name.setText("")
    box.rename()
    assert recorder.messages[-1] == "A road needs a name." and m.lines()[1].name == "Route de Tébessa"
    box.list.setCurrentRow(1)  # River 1
    box.delete()
    assert m.lines("river") == () and not m.is_river(at(1, 1))
    document.undo_stack.undo()
    assert m.lines("river")[0].name == "River 1" and m.is_river(at(2, 1))
    document.undo_stack.undo()
    assert m.lines()[1].name == "Road 1"


def test_on_a_palette_with_rivers_on_hexsides_the_river_tool_draws_along_hexsides(qapp, recorder):
    from tests.maps.test_lines import hexside_palette

    from hexcampaign.app.document import MapDocument
    from hexcampaign.app.editor.tools import BrushSettings, ToolContext
    from hexcampaign.hexes import HexSide
    from hexcampaign.maps import HexMap
    from hexcampaign.maps.lines import HEXSIDE_RIVER

    from .conftest import event

    document = MapDocument(HexMap.blank(10, 8, palette=hexside_palette()))
    context = ToolContext(document=document, settings=BrushSettings(), status=recorder.status,
                          preview=recorder.preview, clear_preview=lambda: None, select=recorder.select,
                          ask_place=recorder.ask_place)
    m = document.map
    tool = activate(River(), context)
    a, b = at(2, 2), at(3, 2)
    first = HexSide.between(a, b)
    far = HexSide.between(at(4, 3), at(4, 2))  # not touching the first: the drag jumped
    tool.pressed(event(a, side=first))
    tool.moved(event(a, "left", side=far))
    tool.released(event(a, side=far))
    river = m.lines(HEXSIDE_RIVER)
    assert len(river) == 1 and river[0].along[0] == first and river[0].along[-1] == far
    assert len(river[0].along) == 4  # the sides between filled in along the grid's edges
    assert m.river_between(a, b) and not m.rivers()
    assert recorder.previews[-1]["sides"] == [far]
    assert document.undo_stack.count() == 1
    # From its end, the next drag extends it; the right button cuts it.
    after = HexSide.between(at(4, 3), at(5, 3))
    tool.pressed(event(at(4, 3), side=far))
    tool.moved(event(at(4, 3), side=after))
    tool.released(event(at(4, 3), side=after))
    assert m.lines(HEXSIDE_RIVER)[0].along[-1] == after and len(m.lines()) == 1
    tool.pressed(event(a, "right", side=first))
    tool.released(event(a, "right", side=first))
    assert not m.river_between(a, b)
    document.undo_stack.undo()
    assert m.river_between(a, b)
    document.undo_stack.cleanChanged.disconnect()


def test_a_resize_keeps_each_lines_name_and_a_hexside_rivers_sides(qapp):
    from tests.maps.test_lines import hexside_palette

    from hexcampaign.app.editor.reshape import resize_map
    from hexcampaign.hexes import HexSide
    from hexcampaign.maps import HexMap
    from hexcampaign.maps.lines import HEXSIDE_RIVER
    from hexcampaign.maps.underlay import Underlay

    m = HexMap.blank(8, 8, palette=hexside_palette())
    m.add_line("road", [at(0, 3), at(1, 3), at(2, 3)], "Route 13")
    m.add_line(HEXSIDE_RIVER, [HexSide.between(at(3, 3), at(4, 3))], "Wadi")
    m.underlay = Underlay("scan.png")  # moves with the hexes (this crashed: a name hid underlay.shifted)
    new, _ = resize_map(m, left=-1, top=1)  # the first column goes: the road loses a hex
    assert [(line.name, len(line.course)) for line in new.lines()] == [("Route 13", 2), ("Wadi", 1)]
    (side,) = new.lines()[1].along
    assert new.river_between(*side.hexes()) and all(new.contains(h) for h in side.hexes())
    assert [new.offset(h) for h in side.hexes()] == [(2, 5), (3, 4)]  # moved as the hexes are
    assert new.underlay is not None


def test_the_palette_dialog_asks_for_rivers_along_hexsides(qapp):
    from hexcampaign.app.editor.palette_dialog import PaletteDialog
    from hexcampaign.maps import HexMap

    m = HexMap.blank(6, 6, palette="ww2")
    dialog = PaletteDialog(m)
    assert not dialog.river_hexsides.isChecked()
    dialog.river_hexsides.setChecked(True)
    palette = dialog.result_palette()
    assert palette.river_hexsides and palette.name != "ww2"  # a shipped palette changed: a copy
    m.change_palette(palette)
    assert PaletteDialog(m).river_hexsides.isChecked()
