"""The map painter, checked on the pixels a reader of the map would look at."""

from __future__ import annotations

import math
import os

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPen

from hexcampaign.app import style
from hexcampaign.app.render import (
    LAYER_NAMES,
    RenderError,
    hexes_in_rect,
    map_layout,
    map_scene_rect,
    paint_map,
    render_to_file,
)
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap

from .conftest import FullDisk

at = Hex.from_offset


@pytest.fixture
def picture(qapp, sample_map, tmp_path):
    """The sample map rendered at 40 px hexes, with its layout."""
    path = tmp_path / "sample.png"
    render_to_file(sample_map, path, hex_size=40)
    return QImage(str(path)), map_layout(sample_map, 40)


def colour_at(image: QImage, x: float, y: float) -> QColor:
    return image.pixelColor(round(x), round(y))


def close(a: QColor, b: QColor, tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a.getRgb()[:3], b.getRgb()[:3]))


def test_terrain_is_filled_with_the_palette_colours(picture, sample_map):
    image, layout = picture
    terrains = sample_map.palette.terrains
    for h in (at(9, 2), at(3, 1)):
        x, y = layout.center(h)
        seen = colour_at(image, x - layout.size * 0.5, y)
        expected = QColor(terrains[sample_map.terrain(h)].colour)
        if sample_map.elevation(h):  # shaded darker, never lighter
            assert seen.lightness() < expected.lightness()
        else:
            assert close(seen, expected, 2)


def test_rivers_are_blue_and_roads_run_centre_to_centre(picture, sample_map):
    image, layout = picture
    x, y = layout.center(at(7, 2))
    river = colour_at(image, x, y)
    assert river.blue() > river.red() + 60  # the river line through the centre
    wash = colour_at(image, x - layout.size * 0.6, y)
    assert wash.blue() > wash.red()  # and a blue wash over the hex
    a, b = at(3, 5), at(4, 5)
    assert sample_map.has_road(a, b)
    (ax, ay), (bx, by) = layout.center(a), layout.center(b)
    road = colour_at(image, (ax + bx) / 2, (ay + by) / 2)
    assert close(road, QColor(sample_map.palette.road_colour), 40)


def test_cliff_hatching_is_on_the_low_side(picture, sample_map):
    image, layout = picture
    upper, lower = at(3, 3), at(3, 4)
    assert sample_map.cliff_top(upper, lower) == upper

    def darkness_towards(h: Hex) -> int:
        """Dark pixels in a band just inside `h` along the cliff hexside."""
        (ax, ay), (bx, by) = layout.side_segment(sample_map.cliffs().popitem()[0])
        cx, cy = layout.center(h)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        ux, uy = (cx - mx), (cy - my)
        norm = math.hypot(ux, uy)
        ux, uy = ux / norm, uy / norm
        dark = 0
        for i in range(1, 20):
            t = i / 20
            px, py = ax + (bx - ax) * t, ay + (by - ay) * t
            q = colour_at(image, px + ux * layout.size * 0.15, py + uy * layout.size * 0.15)
            dark += q.lightness() < 90
        return dark

    assert darkness_towards(lower) >= 3
    assert darkness_towards(upper) == 0


def test_places_and_labels_are_written_on_the_map(qapp, sample_map):
    layout = map_layout(sample_map, 40)
    rect = map_scene_rect(sample_map, layout)
    without = _paint(sample_map, layout, rect, set(LAYER_NAMES) - {"places", "labels"})
    full = _paint(sample_map, layout, rect, None)
    x, y = layout.center(at(2, 5))
    below = QRectF(x - 40, y + 16, 80, 20)  # where the name "Kasserine" goes
    assert _differs(without, full, below)
    lx, ly = layout.center(at(5, 7))
    assert _differs(without, full, QRectF(lx - 30, ly - 8, 60, 16))  # "Road 1"


def test_render_sizes_and_refusals(qapp, tmp_path):
    m = HexMap.blank(3, 2, palette="cm")
    size = render_to_file(m, tmp_path / "small.png", hex_size=10)
    assert QImage(str(tmp_path / "small.png")).size().toTuple() == size
    assert size == (math.ceil(1.5 * 10 * 2 + 20 + 10), math.ceil(math.sqrt(3) * 10 * 2.5 + 10))
    with pytest.raises(RenderError, match="must end in .png, .svg or .pdf"):
        render_to_file(m, tmp_path / "x.jpg")
    with pytest.raises(RenderError, match="between 2 and 512"):
        render_to_file(m, tmp_path / "x.png", hex_size=1000)
    with pytest.raises(RenderError, match="does not exist"):
        render_to_file(m, tmp_path / "nowhere" / "x.png")


def test_hexes_in_rect_covers_every_hex_it_touches(sample_map):
    layout = map_layout(sample_map, 30)
    rect = QRectF(100, 80, 150, 120)
    found = set(hexes_in_rect(sample_map, layout, rect, pad=0))
    touching = {h for h in sample_map.hexes() if layout.polygon(h).intersects(_box(rect))}
    assert touching <= found
    assert len(found) < len(sample_map.hexes())


def _box(rect: QRectF):
    from shapely.geometry import box

    return box(rect.left(), rect.top(), rect.right(), rect.bottom())


def _paint(m, layout, rect, layers) -> QImage:
    image = QImage(math.ceil(rect.width()), math.ceil(rect.height()), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.translate(-rect.left(), -rect.top())
    paint_map(painter, m, layout, rect, layers)
    painter.end()
    return image


def _differs(a: QImage, b: QImage, rect: QRectF) -> bool:
    return any(
        a.pixel(x, y) != b.pixel(x, y)
        for x in range(int(rect.left()), int(rect.right()))
        for y in range(int(rect.top()), int(rect.bottom()))
    )


def test_contours_run_where_the_ground_steps_down(qapp, sample_map):
    from hexcampaign.hexes import HexSide

    layout = map_layout(sample_map, 40)
    rect = map_scene_rect(sample_map, layout)
    plain = _paint(sample_map, layout, rect, {"terrain"})
    contoured = _paint(sample_map, layout, rect, {"terrain", "contours"})

    def edge_differs(a: Hex, b: Hex) -> bool:
        (ax, ay), (bx, by) = layout.side_segment(HexSide.between(a, b))
        mx, my = (ax + bx) / 2, (ay + by) / 2
        return _differs(plain, contoured, QRectF(mx - 2, my - 2, 4, 4))

    high, low = at(3, 3), at(4, 3)
    assert sample_map.elevation(high) == 1 and sample_map.elevation(low) == 0
    assert high.is_adjacent(low)
    assert edge_differs(high, low)
    assert not edge_differs(at(8, 7), at(9, 7))  # level ground: no line


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_every_hex_is_inside_the_picture_in_both_orientations(qapp, tmp_path, orientation):
    m = HexMap.blank(5, 4, palette="cm", orientation=orientation)
    m.set_terrain(m.at(4, 3), "forest")
    path = tmp_path / f"{orientation}.png"
    render_to_file(m, path, hex_size=20, layers={"terrain"})
    image = QImage(str(path))
    layout = map_layout(m, 20)
    clear, forest = (QColor(m.palette.terrains[t].colour) for t in ("clear", "forest"))
    for h in m.hexes():
        corners = layout.corners(h)
        assert all(0 <= x <= image.width() and 0 <= y <= image.height() for x, y in corners)
        expected = forest if h == m.at(4, 3) else clear
        assert close(colour_at(image, *layout.center(h)), expected, 2)
    # Only half a hex of paper around the map, on every side.
    xs = [x for h in m.hexes() for x, _ in layout.corners(h)]
    ys = [y for h in m.hexes() for _, y in layout.corners(h)]
    assert min(xs) == pytest.approx(10, abs=1) and min(ys) == pytest.approx(10, abs=1)
    assert image.width() - max(xs) == pytest.approx(10, abs=1.5)
    assert image.height() - max(ys) == pytest.approx(10, abs=1.5)


def _fill_the_disk(monkeypatch) -> None:
    """From now on every file written through hexcampaign.files gets 100 bytes of room."""
    import hexcampaign.files as files

    real_fdopen = os.fdopen
    monkeypatch.setattr(files.os, "fdopen", lambda fd, *a, **k: FullDisk(real_fdopen(fd, *a, **k), 100))


def _export(kind: str, hexmap: HexMap, path):
    from hexcampaign.app.render import export

    if kind == "pdf-fitted":
        return export.export_pdf_fitted(hexmap, path, "A4")
    if kind == "pdf-tiled":
        return export.export_pdf_tiled(hexmap, path, "A4", 19.0, 10.0)
    return render_to_file(hexmap, path, hex_size=12)


EXPORTS = {"png": ".png", "svg": ".svg", "pdf": ".pdf", "pdf-fitted": ".pdf", "pdf-tiled": ".pdf"}


@pytest.mark.parametrize("kind", list(EXPORTS))
def test_an_export_on_a_full_disk_says_so_and_keeps_the_earlier_file(qapp, sample_map, tmp_path, kind, monkeypatch):
    path = tmp_path / f"map{EXPORTS[kind]}"
    _export(kind, sample_map, path)
    earlier = path.read_bytes()
    assert len(earlier) > 1000
    _fill_the_disk(monkeypatch)
    changed = HexMap.blank(sample_map.cols, sample_map.rows, palette="kasserine")
    with pytest.raises(RenderError) as refused:
        _export(kind, changed, path)
    assert str(refused.value) == f"The disk is full, so {path.name} could not be written; free some space and try again."
    assert path.read_bytes() == earlier
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]  # no temporary file left


def test_every_export_is_complete_when_it_lands(qapp, sample_map, tmp_path):
    for kind, suffix in EXPORTS.items():
        path = tmp_path / f"{kind}{suffix}"
        _export(kind, sample_map, path)
        data = path.read_bytes()
        ending = {".png": b"IEND\xaeB`\x82", ".svg": b"</svg>\n", ".pdf": b"%%EOF\n"}[suffix]
        assert data.rstrip(b"\n").endswith(ending.rstrip(b"\n")), kind


@pytest.mark.parametrize("suffix", [".png", ".svg", ".pdf"])
def test_render_on_a_full_disk_exits_1_with_one_sentence(qapp, tmp_path, monkeypatch, suffix, capsys):
    from hexcampaign import cli
    from hexcampaign.maps import save_map

    source = tmp_path / "m.hexmap"
    save_map(HexMap.blank(12, 10, palette="kasserine"), source)
    target = tmp_path / f"out{suffix}"
    target.write_bytes(b"an earlier picture")
    _fill_the_disk(monkeypatch)
    assert cli.main(["render", str(source), "-o", str(target)]) == 1
    captured = capsys.readouterr()
    assert "Wrote" not in captured.out
    assert captured.err.strip() == (
        f"hexcampaign: The disk is full, so {target.name} could not be written; free some space and try again."
    )
    assert target.read_bytes() == b"an earlier picture"


def _rivers_only(hexmap: HexMap, size: float = 40) -> tuple[QImage, object]:
    layout = map_layout(hexmap, size)
    rect = map_scene_rect(hexmap, layout)
    image = QImage(math.ceil(rect.width()), math.ceil(rect.height()), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.translate(-rect.left(), -rect.top())
    paint_map(painter, hexmap, layout, rect, layers={"rivers"})
    painter.end()
    return image, layout


def _river_line_between(image: QImage, layout, a: Hex, b: Hex, colour: QColor) -> bool:
    """The river line crosses the side between a and b (its midpoint is line-coloured)."""
    (ax, ay), (bx, by) = layout.center(a), layout.center(b)
    return close(colour_at(image, (ax + bx) / 2, (ay + by) / 2), colour, 30)


def test_a_river_painted_as_a_path_never_closes_a_triangle(qapp):
    m = HexMap.blank(12, 10, palette="kasserine")
    # A diagonal drag: each hex touches the one painted before it, and often the one
    # before that too (three mutually adjacent river hexes).
    path = [at(1, 1), at(1, 2), at(2, 2), at(2, 3), at(3, 3), at(3, 4), at(4, 4), at(4, 5), at(5, 5)]
    for h in path:
        m.set_river(h, True)
    assert m.river_order() == path
    image, layout = _rivers_only(m)
    line = QColor(m.palette.river_colour)
    for a, b in zip(path, path[1:]):  # the path, in the order painted
        assert _river_line_between(image, layout, a, b, line), (m.label(a), m.label(b))
    shortcuts = [(a, c) for a, c in zip(path, path[2:]) if a.distance(c) == 1]
    assert len(shortcuts) >= 3
    for a, c in shortcuts:  # never the third side of a triangle
        assert not _river_line_between(image, layout, a, c, line), (m.label(a), m.label(c))


def test_a_triangle_of_river_hexes_is_drawn_in_the_order_painted(qapp):
    m = HexMap.blank(6, 6, palette="kasserine")
    a, b, c = at(2, 2), at(3, 2), at(2, 3)  # mutually adjacent
    assert a.distance(b) == b.distance(c) == c.distance(a) == 1
    for h in (b, c, a):
        m.set_river(h, True)
    image, layout = _rivers_only(m)
    line = QColor(m.palette.river_colour)
    assert _river_line_between(image, layout, b, c, line) and _river_line_between(image, layout, c, a, line)
    assert not _river_line_between(image, layout, a, b, line)


def test_a_diagonal_river_draws_the_same_line_after_save_and_reopen(qapp, tmp_path):
    from hexcampaign.maps import load_map, save_map

    m = HexMap.blank(12, 10, palette="kasserine")
    # A drag up and to the right: column by column, 0206 would come before 0207, so a
    # reopened map that forgot the painted order would join the triangles differently.
    path = [at(1, 7), at(2, 7), at(2, 6), at(3, 6), at(3, 5), at(4, 5), at(4, 4), at(5, 4), at(5, 3)]
    for h in path:
        m.set_river(h, True)
    assert sorted(path, key=m.offset) != path
    save_map(m, tmp_path / "river.hexmap")
    reopened = load_map(tmp_path / "river.hexmap")
    assert reopened.river_order() == path
    before, layout = _rivers_only(m)
    after, _ = _rivers_only(reopened)
    assert after == before  # the same drawn line, pixel for pixel
    line = QColor(m.palette.river_colour)
    for a, b in zip(path, path[1:]):
        assert _river_line_between(after, layout, a, b, line), (m.label(a), m.label(b))
    for a, c in ((a, c) for a, c in zip(path, path[2:]) if a.distance(c) == 1):
        assert not _river_line_between(after, layout, a, c, line), (m.label(a), m.label(c))
    # Painted column by column instead (what a reopened map drew before): another line.
    by_column = HexMap.blank(12, 10, palette="kasserine")
    for h in sorted(path, key=m.offset):
        by_column.set_river(h, True)
    assert _rivers_only(by_column)[0] != before


def test_undoing_the_erasure_of_a_river_hex_puts_it_back_in_its_place(qapp):
    m = HexMap.blank(12, 10, palette="kasserine")
    path = [at(1, 7), at(2, 7), at(2, 6), at(3, 6), at(3, 5)]
    for h in path:
        m.set_river(h, True)
    mark = m.river_mark(path[1])
    m.set_river(path[1], False)
    m.set_river_mark(path[1], mark)  # what an undo step writes back
    assert m.river_order() == path


def test_the_kasserine_rivers_still_join_every_pair_of_river_neighbours(qapp):
    from hexcampaign.maps import load_map
    from hexcampaign.paths import maps_path

    m = load_map(maps_path("kasserine/kasserine.hexmap"))
    image, layout = _rivers_only(m, 24)
    line = QColor(m.palette.river_colour)
    rivers = m.rivers()
    pairs = {(a, b) for a in rivers for b in a.neighbors() if b in rivers and a < b}
    # Where no third river hex touches both, the river runs across their side as before.
    plain = [(a, b) for a, b in pairs if not set(a.neighbors()) & set(b.neighbors()) & rivers]
    assert len(plain) > 20
    assert all(_river_line_between(image, layout, a, b, line) for a, b in plain)


def _painted(hexmap: HexMap, size: float, scale: float, layers=None) -> tuple[QImage, object, QRectF]:
    layout = map_layout(hexmap, size)
    rect = map_scene_rect(hexmap, layout)
    image = QImage(math.ceil(rect.width() * scale), math.ceil(rect.height() * scale), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.scale(scale, scale)
    painter.translate(-rect.left(), -rect.top())
    paint_map(painter, hexmap, layout, rect, layers)
    painter.end()
    return image, layout, rect


def _number_box(layout, rect: QRectF, h: Hex, scale: float) -> list[tuple[int, int]]:
    """Device pixels where the hex number is printed (the middle of its text line)."""
    x, y = layout.center(h)
    s = layout.size
    top = y - (layout.height / 2 - s * 0.06)
    return [(round((x + dx * s - rect.left()) * scale), round((top + dy * s - rect.top()) * scale))
            for dx in (-0.2, -0.1, 0.0, 0.1, 0.2) for dy in (0.06, 0.12, 0.18)]


def test_roads_rivers_and_cliffs_do_not_cover_the_hex_numbers(qapp):
    m = HexMap.blank(8, 8, palette="kasserine")
    column = [at(2, r) for r in range(1, 6)]
    for a, b in zip(column, column[1:]):  # a road straight down column 2: across every top edge
        m.add_road(a, b)
    for r in range(1, 6):
        m.set_river(at(5, r), True)
    m.add_cliff(at(3, 3), at(3, 4))  # hatching hangs into 0304's top edge, where its number is
    image, layout, rect = _painted(m, 48, 1.0, {"terrain", "rivers", "roads", "cliffs", "coordinates"})
    bare, _, _ = _painted(m, 48, 1.0, {"terrain", "coordinates"})
    ink = [QColor(m.palette.road_colour), QColor(m.palette.river_colour), style.CLIFF]
    for h in [*column[1:], *(at(5, r) for r in range(2, 6)), at(3, 4)]:
        box = _number_box(layout, rect, h, 1.0)
        # Where the number is printed the picture is as if no line were on the map...
        assert all(close(image.pixelColor(x, y), bare.pixelColor(x, y), 3) for x, y in box), m.label(h)
    # ...though the lines do cross the hexes' top edges, just beside the numbers.
    x, y = layout.center(column[2])
    top = round(y - layout.height / 2 - rect.top())
    assert any(close(image.pixelColor(round(x - rect.left()), row), ink[0], 40) for row in range(top - 3, top + 1))


def test_free_labels_stay_legible_when_the_whole_map_is_shown(qapp):
    m = HexMap.blank(200, 200, palette="kasserine")
    m.add_label(at(100, 100), "Kasserine Pass")
    scale = 0.09  # a 200×200 map fitted to a 1334-pixel wide canvas
    image, layout, rect = _painted(m, 32, scale, {"labels"})
    x, y = layout.center(at(100, 100))
    cx, cy = round((x - rect.left()) * scale), round((y - rect.top()) * scale)
    inked_rows = [row for row in range(cy - 20, cy + 20)
                  if any(close(image.pixelColor(col, row), style.LABEL_TEXT, 60) for col in range(cx - 60, cx + 60))]
    assert inked_rows and max(inked_rows) - min(inked_rows) + 1 >= 7  # cap height of 9-pixel text


def test_render_to_a_name_near_the_length_limit_writes_it(qapp, sample_map, tmp_path):
    path = tmp_path / ("m" * 240 + ".png")  # a valid name; its temporary file's must be too
    render_to_file(sample_map, path, hex_size=8)
    assert path.read_bytes().startswith(b"\x89PNG")
    with pytest.raises(RenderError, match="could not be written"):
        render_to_file(sample_map, tmp_path / ("m" * 300 + ".png"), hex_size=8)


def test_a_png_painted_in_bands_is_the_picture_painted_at_once(qapp, sample_map, tmp_path, monkeypatch):
    from hexcampaign.app.render import picture_files

    whole, banded = tmp_path / "whole.png", tmp_path / "banded.png"
    render_to_file(sample_map, whole, hex_size=40)
    width, _ = render_to_file(sample_map, tmp_path / "probe.png", hex_size=40)
    monkeypatch.setattr(picture_files, "BAND_PIXELS", width * 37)  # bands of 37 rows: a dozen or more
    render_to_file(sample_map, banded, hex_size=40)
    a, b = QImage(str(whole)), QImage(str(banded))
    assert a.size() == b.size()
    differ = sum(a.pixel(x, y) != b.pixel(x, y) for y in range(a.height()) for x in range(0, a.width(), 3))
    assert differ <= a.height() * a.width() // 3 // 1000  # at most a few anti-aliased pixels at band edges


def _terrain_picture(hexmap: HexMap, layers, size: float = 40) -> tuple[QImage, object]:
    layout = map_layout(hexmap, size)
    rect = map_scene_rect(hexmap, layout)
    image = QImage(math.ceil(rect.width()), math.ceil(rect.height()), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.translate(-rect.left(), -rect.top())
    paint_map(painter, hexmap, layout, rect, layers)
    painter.end()
    return image, layout


def _mix(a: QColor, b: QColor) -> QColor:
    return QColor(*((x + y) // 2 for x, y in zip(a.getRgb()[:3], b.getRgb()[:3])))


def test_soft_edges_fade_each_terrain_into_its_neighbour_and_are_off_unless_asked_for(qapp):
    m = HexMap.blank(6, 5, palette="ww2")
    water = at(2, 2)
    m.set_terrain(water, "water")
    land = at(2, 1)  # the clear hex north of the water
    clear, blue = QColor(m.palette.terrains["clear"].colour), QColor(m.palette.terrains["water"].colour)
    hard, layout = _terrain_picture(m, {"terrain"})
    soft, _ = _terrain_picture(m, {"terrain", "soft_edges"})
    assert _terrain_picture(m, None)[0] == _terrain_picture(m, list(LAYER_NAMES))[0]
    assert _terrain_picture(m, None)[0] != _terrain_picture(m, [*LAYER_NAMES, "soft_edges"])[0]
    (lx, ly), (wx, wy) = layout.center(land), layout.center(water)
    side_y = (ly + wy) / 2
    step = layout.size * 0.08
    # Hard edges: each side of the hexside is its own colour.
    assert close(colour_at(hard, lx, side_y - step), clear) and close(colour_at(hard, wx, side_y + step), blue)
    # Soft edges: at the side both hexes show about the same mix, so no seam ...
    mixed = _mix(clear, blue)
    assert close(colour_at(soft, lx, side_y - step), mixed, 30)
    assert close(colour_at(soft, wx, side_y + step), mixed, 30)
    # ... fading to the hex's own colour towards its centre, and nothing where no
    # other terrain is next to it.
    assert close(colour_at(soft, lx, ly), clear) and close(colour_at(soft, lx, ly + layout.size * 0.3), clear, 20)
    far = layout.center(at(5, 4))
    assert colour_at(soft, *far) == colour_at(hard, *far)


def _svg_texts(path) -> list[str]:
    import xml.etree.ElementTree as ElementTree

    tree = ElementTree.parse(path)  # one well-formed document
    return sorted(t.text.strip() for t in tree.iter("{http://www.w3.org/2000/svg}text") if t.text)


def test_an_svg_painted_in_bands_holds_every_shape_of_the_picture_drawn_at_once(
    qapp, sample_map, tmp_path, monkeypatch
):
    """A 385x385 map's SVG took 646 MB drawn at once; it is drawn a band of hexes at a time,
    each band clipped to its strip (SVG 1.1 clip paths, which Qt's own SVG Tiny renderer
    does not fully draw: the picture was checked by eye in librsvg, the library behind
    GNOME's viewers). The strips tile the picture and every word of the map is there."""
    import re

    from hexcampaign.app.render import picture_files

    whole, banded = tmp_path / "whole.svg", tmp_path / "banded.svg"
    render_to_file(sample_map, whole, hex_size=40)
    monkeypatch.setattr(picture_files, "BAND_HEXES", math.ceil(sample_map.cols * sample_map.rows / 5))
    width, height = render_to_file(sample_map, banded, hex_size=40)
    text = banded.read_bytes().decode()
    assert b"clip-path" not in whole.read_bytes()  # a small map's file is one piece as before
    strips = [(float(y), float(h)) for y, h in re.findall(
        r'<clipPath id="band\d+"><rect x="0" y="([\d.]+)" width="\d+" height="([\d.]+)"', text
    )]
    assert len(strips) == 5 and text.count('<g clip-path="url(#band') == 5
    assert strips[0][0] == 0 and strips[-1][0] + strips[-1][1] >= height
    assert all(y + h >= following for (y, h), (following, _) in zip(strips, strips[1:]))  # no gap
    hexes = _svg_texts(whole)
    assert "Kasserine" in hexes and sample_map.label(at(5, 5)) in hexes
    seen = _svg_texts(banded)
    assert set(hexes) == set(seen)  # a word at a band edge is drawn in both bands, clipped


@pytest.mark.parametrize("fitted", [False, True], ids=["render", "fitted page"])
def test_a_pdf_painted_in_bands_is_one_page_with_every_hex(qapp, sample_map, tmp_path, monkeypatch, fitted):
    """Each band is painted on a page of its own and written out before the next; the pages
    are joined into one page that draws them all, which any PDF reader opens."""
    import pypdf

    from hexcampaign.app.render import picture_files
    from hexcampaign.app.render.export import export_pdf_fitted

    def write(path):
        if fitted:
            export_pdf_fitted(sample_map, path, "A4")
        else:
            render_to_file(sample_map, path, hex_size=40)
        reader = pypdf.PdfReader(path, strict=True)
        assert len(reader.pages) == 1
        return reader.pages[0]

    whole = write(tmp_path / "whole.pdf")
    monkeypatch.setattr(picture_files, "BAND_HEXES", sample_map.cols * sample_map.rows // 4)
    banded = write(tmp_path / "banded.pdf")
    assert len(banded.get_contents().get_data()) > 0
    numbers = {sample_map.label(h) for h in sample_map.hexes()}
    for page in (whole, banded):
        seen = set(page.extract_text().split())
        assert numbers <= seen, sorted(numbers - seen)[:5]
    assert whole.mediabox == banded.mediabox


def test_a_frame_strokes_only_the_stretches_of_a_line_that_can_show(qapp):
    from hexcampaign.app.render.frames import Frame
    from hexcampaign.maps.features import MapFeatures

    m = HexMap.blank(40, 6)
    layout = map_layout(m, 10)
    # The left third of the map: columns 0-12 or so, and their neighbours as padding.
    view = QRectF(0, 0, 13 * 1.5 * 10, map_scene_rect(m, layout).height())
    image = QImage(10, 10, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    frame = Frame(painter, m, layout, view, MapFeatures(m))
    across = [at(col, 2) for col in range(40)]  # a road across the map, west to east
    back = [*across, *reversed(across[:-1])]  # and back again
    painter.end()
    (first, last), = frame.stretches(across)
    assert first == 0 and 12 <= last < 20  # from the west edge to a hex past the view, no further
    assert frame.stretches(back) == [(0, last), (len(back) - 1 - last, len(back) - 1)]


def test_the_grid_blitted_from_a_stamp_is_the_grid_drawn_line_by_line(qapp):
    from hexcampaign.app.render.frames import Frame
    from hexcampaign.maps.features import MapFeatures

    m = HexMap.blank(40, 7)
    layout = map_layout(m, 16)  # two columns are 48 pixels: the stamp's period
    rect = map_scene_rect(m, layout)
    pictures = []
    for stamped in (True, False):
        image = QImage(math.ceil(rect.width()), math.ceil(rect.height()), QImage.Format.Format_RGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        painter.translate(-rect.left(), -rect.top())
        block = Frame(painter, m, layout, rect, MapFeatures(m)).block
        assert block is not None
        pen = QPen(style.GRID, 1)
        pen.setCosmetic(True)  # as paint_grid draws a thin grid
        painter.setPen(pen)
        if stamped:
            assert block._repeating(painter) is not None
            block.draw_grid(painter)
        else:
            block._draw_lines(painter)
        painter.end()
        pictures.append(image)
    a, b = pictures
    worst = max(
        max(abs(x - y) for x, y in zip(a.pixelColor(col, row).getRgb(), b.pixelColor(col, row).getRgb()))
        for row in range(a.height())
        for col in range(a.width())
    )
    assert worst <= 1  # where two lines cross, the blend rounds once more


def test_runs_of_a_terrain_down_a_column_are_the_hexes_filled_one_by_one(qapp, monkeypatch):
    from hexcampaign.app.render import ground

    m = HexMap.blank(8, 9, palette="ww2")
    names = [name for name in m.palette.terrains if name != "clear"][:2]
    for col in range(8):  # runs of 1, 2 and 3 hexes of two terrains, down each column
        for row in range(9):
            if (row + col) % 6 < 3:
                m.set_terrain(at(col, row), names[(row + col) % 6 % 2])
    runs, _ = _terrain_picture(m, {"terrain"}, size=16)
    monkeypatch.setattr(ground, "column_runs", lambda hexes: [(h, 1) for h in hexes])  # a fill per hex
    one_by_one, _ = _terrain_picture(m, {"terrain"}, size=16)
    assert runs.size() == one_by_one.size()
    differ = sum(
        runs.pixel(x, y) != one_by_one.pixel(x, y) for y in range(runs.height()) for x in range(runs.width())
    )
    assert differ <= 4  # a pixel or two where the pens' ends fall


def test_a_free_label_has_a_pale_halo_in_pixels_and_its_text_once_in_svg(qapp, tmp_path):
    m = HexMap.blank(12, 12, palette="kasserine")
    for h in m.hexes():
        m.set_terrain(h, "rugged_crest")  # a dark ground, on which a halo shows
    m.add_label(at(6, 6), "Sbiba Gap")
    image, layout, rect = _painted(m, 32, 1.0, {"terrain", "labels"})
    bare, _, _ = _painted(m, 32, 1.0, {"terrain"})
    x, y = layout.center(at(6, 6))
    box = [(round(x - rect.left()) + dx, round(y - rect.top()) + dy) for dx in range(-45, 46) for dy in range(-12, 13)]
    paler = [(px, py) for px, py in box if image.pixelColor(px, py).lightness() > bare.pixelColor(px, py).lightness() + 60]
    assert len(paler) > 150  # a ring of near-white around the letters, not the ground
    svg = tmp_path / "label.svg"
    render_to_file(m, svg, hex_size=32, layers={"terrain", "labels"})
    assert svg.read_text(encoding="utf-8").count("Sbiba Gap") == 1  # an outline halo, one text


def test_only_pixels_count_as_raster(qapp, tmp_path):
    from PySide6.QtGui import QPixmap
    from PySide6.QtSvg import QSvgGenerator

    from hexcampaign.app.render.frames import is_raster

    def raster(device) -> bool:
        painter = QPainter(device)
        try:
            return is_raster(painter)
        finally:
            painter.end()

    image = QImage(8, 8, QImage.Format.Format_ARGB32_Premultiplied)
    svg = QSvgGenerator()
    svg.setFileName(str(tmp_path / "x.svg"))
    svg.setSize(image.size())
    assert raster(image) and raster(QPixmap(8, 8)) and not raster(svg)
