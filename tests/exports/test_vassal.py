"""The VASSAL module: it unzips, its buildFile names the board picture, and VASSAL's hex
grid (by VASSAL's own arithmetic, exports/vassal.py) puts every hex where our render
drew it and calls it what our map prints on it."""

from __future__ import annotations

import io
import math
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile

import pytest
from PySide6.QtGui import QColor, QImage

from hexcampaign.cli import main
from hexcampaign.exports import ExportError
from hexcampaign.exports.vassal import (
    BUILD_FILE,
    MODULE_DATA,
    HexGridSpec,
    NumberingSpec,
    _number,
    board_hex_size,
    module_bytes,
)
from hexcampaign.hexes import Layout, offset_to_hex
from hexcampaign.maps import HexMap, load_map, save_map
from hexcampaign.paths import maps_path

GRID = "VASSAL.build.module.map.boardPicker.board.HexGrid"
NUMBERING = "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering"
BOARD = "VASSAL.build.module.map.boardPicker.Board"


def kasserine() -> HexMap:
    return load_map(maps_path("kasserine/kasserine.hexmap"))


def small_map(orientation: str = "flat") -> HexMap:
    """A new 7×5 map (numbered from 0101) with a lake and a town."""
    m = HexMap.new(7, 5, palette="kasserine", orientation=orientation)
    m.name = "Small"
    m.set_terrain(m.at(3, 2), "high_ground")
    m.add_place(m.at(5, 1), "Ville", "town", vp=2, pp=1)
    return m


@pytest.fixture
def board_of(qapp):
    from hexcampaign.app.render.interchange import vassal_board

    return vassal_board


def entries(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert zf.testzip() is None
        return {name: zf.read(name) for name in zf.namelist()}


def grid_of(build: ET.Element) -> tuple[HexGridSpec, NumberingSpec]:
    g = build.find(f".//{GRID}")
    n = build.find(f".//{NUMBERING}")
    assert g is not None and n is not None
    grid = HexGridSpec(float(g.get("dx")), float(g.get("dy")), int(g.get("x0")), int(g.get("y0")),
                       g.get("sideways") == "true")
    numbering = NumberingSpec(n.get("first"), n.get("sep"), int(n.get("hLeading")),
                              int(n.get("vLeading")), int(n.get("hOff")), int(n.get("vOff")),
                              n.get("stagger") == "true")
    return grid, numbering


def test_vassal_numbers_like_its_java_code():
    # RegularGridNumbering.getName: one leading zero pads to two digits, two to three.
    assert [_number(5, 1), _number(12, 1), _number(123, 1), _number(7, 2), _number(0, 0)] == [
        "05", "12", "123", "007", "0"]
    # HexGrid.hexPointCenterFromRawIndex with dx 48.497, dy 56 from (48, 44): odd columns
    # int(dy / 2) lower, x truncated.
    grid = HexGridSpec(48.49742261192857, 56.0, 48, 44, False)
    assert grid.centre(0, 0) == (48, 44)
    assert grid.centre(1, 0) == (96, 72)
    assert grid.centre(2, 3) == (144, 212)
    assert grid.raw_column_row(96, 72) == (1, 0)
    # Sideways: x and y swap, VASSAL's columns are our rows.
    turned = HexGridSpec(48.0, 56.0, 44, 48, True)
    assert turned.centre(0, 1) == (48 + 28, 44 + 48)


@pytest.mark.parametrize("which", ["kasserine", "small", "small-pointy"])
def test_module_unzips_and_its_grid_sits_on_our_hexes_with_our_numbers(which, board_of):
    hexmap = {"kasserine": kasserine, "small": small_map,
              "small-pointy": lambda: small_map("pointy")}[which]()
    board = board_of(hexmap)
    data, notes = module_bytes(hexmap, board, saved_at=0)
    files = entries(data)
    build = ET.fromstring(files[BUILD_FILE])
    assert build.tag == "VASSAL.build.GameModule"
    assert build.get("VassalVersion") == "3.7.0"
    meta = ET.fromstring(files[MODULE_DATA])
    assert meta.findtext("VassalVersion") == "3.7.0" and meta.findtext("name") == hexmap.name
    # The board names its picture, which is in images/ and is the board's size.
    image = build.find(f".//{BOARD}").get("image")
    picture = QImage.fromData(files["images/" + image])
    assert (picture.width(), picture.height()) == (board.width, board.height)

    grid, numbering = grid_of(build)
    assert grid.sideways == (hexmap.orientation == "pointy")
    assert grid.dy == pytest.approx(56.0)  # 32 made even: a hex 56 pixels across the flats
    # What `hexcampaign render` draws at this hex size: the board is the same picture,
    # moved less than a pixel so that VASSAL's whole-pixel origin is exact.
    render = _render_layout(hexmap, board_hex_size(32))
    every = [(c, r) for c in range(hexmap.cols) for r in range(hexmap.rows)]
    sample = every if len(every) < 100 else every[:: len(every) // 60] + [every[-1]]
    for col, row in sample:
        h = offset_to_hex(col, row, hexmap.orientation)
        ours = board.layout.center(h)
        rendered = render.center(h)
        vx, vy = grid.centre(col, row)
        # VASSAL's centre is the pixel holding our centre.
        assert (vx, vy) == (math.floor(ours[0]), math.floor(ours[1])), hexmap.label(h)
        # And within a pixel of `render`'s own centre (the board moved less than a pixel
        # down and right, VASSAL's whole pixels less than one back up and left).
        assert abs(vx - rendered[0]) < 1 and abs(vy - rendered[1]) < 1
        # A piece dropped there reads the number our map prints on the hex.
        assert numbering.name(grid, vx, vy) == hexmap.label(h)
        assert grid.raw_column_row(vx, vy) == ((row, col) if grid.sideways else (col, row))
    assert any(hexmap.label(hexmap.at(0, 0)) in note for note in notes)


def _render_layout(hexmap: HexMap, size: float) -> Layout:
    from hexcampaign.app.render import map_layout

    return map_layout(hexmap, size)


def test_the_picture_under_the_grid_is_the_hexes_terrain(board_of):
    """A hex of high ground amid clear terrain: at VASSAL's centre of it and most of the
    way to each corner the board is high ground's colour, and at its neighbours' centres
    it is clear's."""
    hexmap = small_map()
    board = board_of(hexmap, layers={"terrain"})
    data, _ = module_bytes(hexmap, board)
    files = entries(data)
    build = ET.fromstring(files[BUILD_FILE])
    grid, _ = grid_of(build)
    picture = QImage.fromData(files["images/" + build.find(f".//{BOARD}").get("image")])
    terrains = hexmap.palette.terrains
    high = QColor(terrains["high_ground"].colour).rgb()
    clear = QColor(terrains[hexmap.terrain(hexmap.at(0, 0))].colour).rgb()
    vx, vy = grid.centre(3, 2)
    size = board.layout.size
    for dx, dy in [(0, 0)] + [(0.7 * size * math.cos(a), 0.7 * size * math.sin(a))
                              for a in (math.radians(60 * i) for i in range(6))]:
        assert picture.pixel(round(vx + dx), round(vy + dy)) == high
    for n in hexmap.neighbours_on_map(hexmap.at(3, 2)):
        assert picture.pixel(*grid.centre(*hexmap.offset(n))) == clear


def test_numbering_follows_the_map_style_and_first_number(board_of):
    hexmap = small_map()
    hexmap.label_first = 0
    hexmap.label_style = "CC.RR"
    board = board_of(hexmap)
    build = ET.fromstring(entries(module_bytes(hexmap, board)[0])[BUILD_FILE])
    grid, numbering = grid_of(build)
    assert (numbering.sep, numbering.h_off, numbering.v_off) == (".", 0, 0)
    assert numbering.name(grid, *grid.centre(6, 4)) == hexmap.label(hexmap.at(6, 4)) == "06.04"


def test_a_grid_off_whole_pixels_is_refused():
    with pytest.raises(ExportError, match="whole pixel"):
        HexGridSpec.for_layout(Layout(32.0, "flat", (48.5, 44.0)))


def test_exports_write_files_without_qt():
    code = ("import sys, hexcampaign.exports.vassal, hexcampaign.exports.tiled; "
            "print(any(m.startswith(('PySide6', 'shiboken6')) for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_cli_writes_a_module(qapp, tmp_path, capsys):
    source = tmp_path / "small.hexmap"
    save_map(small_map(), source)
    out = tmp_path / "small.vmod"
    assert main(["export-vassal", str(source), "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    assert f"Wrote {out}." in printed and "0101 to 0705" in printed
    assert BUILD_FILE in entries(out.read_bytes())


@pytest.mark.parametrize("args, message", [
    (["missing.hexmap", "-o", "x.vmod"], "There is no file missing.hexmap."),
    (["{bad}", "-o", "x.zip"], "A VASSAL module's file name ends in .vmod, not x.zip."),
])
def test_cli_errors_are_one_sentence(qapp, tmp_path, capsys, args, message):
    bad = tmp_path / "bad.hexmap"
    bad.write_text("this is not a map")
    args = [str(bad) if a == "{bad}" else a for a in args]
    assert main(["export-vassal", *args]) == 1
    err = capsys.readouterr().err.strip()
    assert err == f"hexcampaign: {message}"


def test_cli_refuses_a_bad_map_in_one_sentence(qapp, tmp_path, capsys):
    bad = tmp_path / "bad.hexmap"
    bad.write_text("this is not a map")
    assert main(["export-vassal", str(bad), "-o", str(tmp_path / "x.vmod")]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("hexcampaign: ") and "\n" not in err and err.endswith(".")
    assert not (tmp_path / "x.vmod").exists()


def test_sequence_encoding_is_vassals():
    from hexcampaign.exports.vassal import Piece, _sequence, piece_definition

    # SequenceEncoder: the delimiter inside a value is escaped, a leading backslash quoted.
    assert _sequence(["null", "3/1 Armd", "\\x"], "/") == "null/3\\/1 Armd/'\\x'"
    piece = Piece("3/1 Armd Regt", "c.png", b"", "Allied")
    assert piece_definition(piece, "7") == "+/null/piece;;;c.png;3\\/1 Armd Regt/null;0;0;7;0"


def test_kasserine_counters_and_set_up(board_of):
    from hexcampaign.app.kasserine.vassal_pieces import kasserine_pieces
    from hexcampaign.kasserine import Game

    hexmap = kasserine()
    board = board_of(hexmap)
    pieces = kasserine_pieces(hexmap, board.layout.size)
    data, notes = module_bytes(hexmap, board, pieces=pieces)
    files = entries(data)
    build = ET.fromstring(files[BUILD_FILE])
    grid, numbering = grid_of(build)
    units = Game.scenario(seed=1).units()
    window = build.find("VASSAL.build.module.PieceWindow")
    listed = [s.get("entryName") for s in window.iter("VASSAL.build.widget.PieceSlot")]
    assert sorted(listed) == sorted(u.label or u.name for u in units)
    lists = [w.get("entryName") for w in window.iter("VASSAL.build.widget.ListWidget")]
    assert lists == ["German", "Allied", "Allied reinforcements"]
    slots = list(build.iter("VASSAL.build.widget.PieceSlot"))
    gpids = [int(s.get("gpid")) for s in slots]
    assert len(set(gpids)) == len(gpids) and int(build.get("nextPieceSlotId")) > max(gpids)
    for slot in slots:  # every counter's picture is in the module
        image = slot.text.split("/")[2].split(";")[3]
        assert QImage.fromData(files["images/" + image]).width() > 0
    # Each Allied unit on the map at the start is in the at-start stack on its hex, and
    # that stack stands where VASSAL's grid has the hex's centre.
    stacks = {s.get("name"): s for s in build.iter("VASSAL.build.module.map.SetupStack")}
    at_start = [u for u in units if u.hex is not None]
    assert at_start and all(u.side == "allied" for u in at_start)
    for unit in at_start:
        stack = stacks[hexmap.label(unit.hex)]
        assert (unit.label or unit.name) in [s.get("entryName") for s in stack]
        x, y = int(stack.get("x")), int(stack.get("y"))
        assert (x, y) == grid.centre(*hexmap.offset(unit.hex))
        assert numbering.name(grid, x, y) == hexmap.label(unit.hex)
    assert f"{len(units)} counters" in notes[1]


def test_kasserine_counters_need_the_kasserine_map(board_of):
    from hexcampaign.app.kasserine.vassal_pieces import kasserine_pieces

    with pytest.raises(ExportError, match=r"need the Kasserine map \(27×31 hexes\), not a 7×5 map\.$"):
        kasserine_pieces(small_map(), 32.0)


def test_cli_counters(qapp, tmp_path, capsys):
    out = tmp_path / "kasserine.vmod"
    assert main(["export-vassal", str(maps_path("kasserine/kasserine.hexmap")), "-o", str(out), "--counters"]) == 0
    assert "101 counters are in its Counters window, 35 of them set up on the map." in capsys.readouterr().out
    source = tmp_path / "small.hexmap"
    save_map(small_map(), source)
    assert main(["export-vassal", str(source), "-o", str(tmp_path / "s.vmod"), "--counters"]) == 1
    assert capsys.readouterr().err.strip() == (
        "hexcampaign: The Kasserine Pass counters need the Kasserine map (27×31 hexes), not a 7×5 map.")
