"""A map as a VASSAL module (.vmod): our render as the board, and VASSAL's hex grid laid
exactly over it, numbered as the map prints its hexes.

A module is a zip holding `buildFile.xml` (the module's components as XML, one element a
Java class, its attributes the component's settings), `moduledata` (name and versions,
read before the build file) and the board picture under `images/`. It is written here
with the standard library: pywargame (the Python library that writes modules) pulls in
numpy, Pillow, Wand (ImageMagick), svgwrite and myst-parser with Sphinx, some thirty
packages for a few hundred lines of XML (docs/design.md, "Exports to VASSAL and Tiled").

The grid arithmetic below is VASSAL 3.7's own, transcribed from HexGrid.java,
HexGridNumbering.java and RegularGridNumbering.java (package
VASSAL.build.module.map.boardPicker.board): where VASSAL puts a hex's centre, which
column and row it reads for a point, and the name it gives them. The export checks every
hex with it before writing, so a module whose grid or numbering would differ from the
map's is refused in one sentence rather than written.
"""

from __future__ import annotations

import io
import math
import re
import time
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from hexcampaign.exports import ExportError
from hexcampaign.files import atomic_export, describe_os_error
from hexcampaign.hexes import Layout
from hexcampaign.maps import HexMap

VASSAL_VERSION = "3.7.0"  # the buildFile.xml layout of 3.5 and later (3.7 opens it)
MODULE_VERSION = "1.0"
BUILD_FILE = "buildFile.xml"
MODULE_DATA = "moduledata"
IMAGES = "images/"
_PKG = "VASSAL.build.module."
_GRID = _PKG + "map.boardPicker.board."


@dataclass(frozen=True)
class HexGridSpec:
    """VASSAL's HexGrid settings. VASSAL lays hexes in columns `dx` apart, each hex `dy`
    tall, odd columns `dy/2` lower, with the centre of column 0, row 0 at (x0, y0) whole
    pixels. `sideways` turns all of it a quarter: VASSAL then swaps x and y of every
    point, so its columns are our rows and (x0, y0) is (y, x) of that centre."""

    dx: float
    dy: float
    x0: int
    y0: int
    sideways: bool

    @classmethod
    def for_layout(cls, layout: Layout) -> HexGridSpec:
        """The grid over a picture painted with `layout`, whose hex (0, 0) (offset column
        0, row 0) must sit on whole pixels for VASSAL's integer origin."""
        ox, oy = layout.origin
        if ox != int(ox) or oy != int(oy):
            raise ExportError(
                f"A VASSAL board needs its first hex centred on a whole pixel, not at ({ox:g}, {oy:g})."
            )
        step, tall = 1.5 * layout.size, math.sqrt(3) * layout.size
        if layout.flat:
            return cls(step, tall, int(ox), int(oy), False)
        return cls(step, tall, int(oy), int(ox), True)

    def centre(self, col: int, row: int) -> tuple[int, int]:
        """Where VASSAL puts the centre of our offset (col, row), in board pixels
        (HexGrid.hexPointCenterFromRawIndex; Java's (int) truncates)."""
        nx, ny = (row, col) if self.sideways else (col, row)
        x = int(self.dx * nx + self.x0)
        if nx % 2 == 0:
            y = int(self.dy * ny + self.y0)
        else:
            y = int(self.dy * ny + int(self.dy / 2) + self.y0)
        return (y, x) if self.sideways else (x, y)

    def raw_column_row(self, x: int, y: int) -> tuple[int, int]:
        """VASSAL's raw column and row of a board pixel (HexGrid.getRawColumn and
        getRawRow, after rotateIfSideways)."""
        if self.sideways:
            x, y = y, x
        column = math.floor((x - self.x0) / self.dx + 0.5)
        nx = _java_round((x - self.x0) / self.dx)
        if nx % 2 == 0:
            row = _java_round((y - self.y0) / self.dy)
        else:
            row = _java_round((y - self.y0 - self.dy / 2) / self.dy)
        return column, row


@dataclass(frozen=True)
class NumberingSpec:
    """VASSAL's HexGridNumbering: a name is the column number (plus h_off, zero-padded
    to h_leading + 1 digits) and the row number (plus v_off, v_leading + 1 digits),
    column first when `first` is "H", joined by `sep`. `stagger` off: a column's rows
    count from its top hex, as odd-q (and, turned, odd-r) offset rows do."""

    first: str
    sep: str
    h_leading: int
    v_leading: int
    h_off: int
    v_off: int
    stagger: bool = False

    def name(self, grid: HexGridSpec, x: int, y: int) -> str:
        """The location name VASSAL gives the board pixel (x, y)
        (RegularGridNumbering.locationName with HexGridNumbering's rows)."""
        column, row = grid.raw_column_row(x, y)
        if self.stagger and column % 2 != 0:
            row += 1
        col_name = _number(column + self.h_off, self.h_leading)
        row_name = _number(row + self.v_off, self.v_leading)
        return col_name + self.sep + row_name if self.first == "H" else row_name + self.sep + col_name


def _java_round(value: float) -> int:
    """Java's Math.round: halves go up (Python's round goes to even)."""
    return math.floor(value + 0.5)


def _number(value: int, leading: int) -> str:
    """RegularGridNumbering.getName for numerals: a zero before the number for each
    power of ten, 10**leading down to 10, that it is below."""
    text = "-" if value < 0 else ""
    value = abs(value)
    while leading > 0 and value < 10**leading:
        text += "0"
        leading -= 1
    return text + str(value)


def board_hex_size(hex_size: float) -> float:
    """The hex size nearest `hex_size` whose hexes are an even number of pixels tall:
    VASSAL places odd columns int(dy / 2) lower, which is exactly half a hex only then."""
    tall = max(4, 2 * round(math.sqrt(3) * hex_size / 2))
    return tall / math.sqrt(3)


def numbering_for(hexmap: HexMap, grid: HexGridSpec) -> NumberingSpec:
    """The VASSAL numbering that names every hex of the map as the map prints it, checked
    hex by hex at VASSAL's own centre of each; ExportError when there is none."""
    hexes = hexmap.hexes()
    offset = hexmap.offset
    label = hexmap.label
    # A few hexes choose the settings (the corners, where padding and offsets show);
    # every hex then confirms them.
    corners = [hexmap.at(c, r) for c in {0, hexmap.cols - 1} for r in {0, hexmap.rows - 1}]
    sample = [*corners, *hexes[:: max(1, len(hexes) // 50)]]
    for spec in _candidates(hexmap, grid):
        if all(_named(spec, grid, offset(h)) == label(h) for h in sample) and all(
            _named(spec, grid, offset(h)) == label(h) for h in hexes
        ):
            return spec
    first = hexes[0]
    raise ExportError(
        f"VASSAL cannot number hexes as this map prints them (hex {label(first)}); "
        "choose another hex numbering style for the map."
    )


def _named(spec: NumberingSpec, grid: HexGridSpec, offset: tuple[int, int]) -> str:
    return spec.name(grid, *grid.centre(*offset))


def _candidates(hexmap: HexMap, grid: HexGridSpec) -> Iterable[NumberingSpec]:
    """Plausible settings, the map's own first: its separator, first number and
    two-digit padding; then other paddings and separators (numbering styles the map
    may print that this module does not know by name)."""
    # VASSAL's columns are our rows on a sideways (pointy-top) grid: our column, printed
    # first, is then VASSAL's row, so the order is "vertical first".
    first = "V" if grid.sideways else "H"
    style_sep = {"CC.RR": ".", "CC-RR": "-"}.get(getattr(hexmap, "label_style", "CCRR"), "")
    base = int(getattr(hexmap, "label_first", 0))
    seps = [style_sep, *(s for s in ("", ".", "-", " ", ",", "/") if s != style_sep)]
    for sep in seps:
        for off in dict.fromkeys((base, 1, 0)):
            for leading in ((1, 1), (2, 2), (3, 3), (1, 2), (2, 1), (0, 0)):
                yield NumberingSpec(first, sep, leading[0], leading[1], off, off)


@dataclass(frozen=True)
class Board:
    """The board of a module: its picture (PNG bytes) and pixel size, and the layout it
    was painted with (hex (0, 0) on whole pixels: HexGridSpec.for_layout)."""

    png: bytes
    width: int
    height: int
    layout: Layout


@dataclass(frozen=True)
class Piece:
    """A counter of the module: its name, its picture (a PNG under images/), the list of
    the counters window it is in, and the offset (col, row) of the hex it starts on, if
    it starts on the map (an at-start stack there)."""

    name: str
    image: str
    png: bytes
    group: str
    at: tuple[int, int] | None = None


def module_bytes(
    hexmap: HexMap, board: Board, *, pieces: Sequence[Piece] = (), saved_at: float | None = None
) -> tuple[bytes, list[str]]:
    """The .vmod file for `hexmap` on `board` (with `pieces` in a counters window and on
    their start hexes), and notes for the user (one sentence each). Raises ExportError
    when VASSAL's grid cannot match the map."""
    grid = HexGridSpec.for_layout(board.layout)
    numbering = numbering_for(hexmap, grid)
    name = hexmap.name.strip() or "Map"
    image = _image_name(name)
    build = build_file(hexmap, grid, numbering, image, name, pieces)
    data = module_data(name, hexmap.description, saved_at)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(MODULE_DATA, data)
        zf.writestr(BUILD_FILE, build)
        # The PNGs are compressed already; deflating them again costs time for nothing.
        pictures = {image: board.png, **{p.image: p.png for p in pieces}}
        for file_name, png in pictures.items():
            zf.writestr(zipfile.ZipInfo(IMAGES + file_name, date_time=_zip_time(saved_at)), png,
                        compress_type=zipfile.ZIP_STORED)
    notes = [
        f"The board is {board.width}×{board.height} pixels, a hex {grid.dy:g} pixels across the "
        f"flats; VASSAL's grid numbers hexes as the map does ({hexmap.label(hexmap.at(0, 0))} to "
        f"{hexmap.label(hexmap.at(hexmap.cols - 1, hexmap.rows - 1))})."
    ]
    if pieces:
        placed = sum(p.at is not None for p in pieces)
        notes.append(f"{len(pieces)} counters are in its Counters window, {placed} of them set up on the map.")
    return out.getvalue(), notes


def write_module(path: Path | str, hexmap: HexMap, board: Board, pieces: Sequence[Piece] = ()) -> list[str]:
    """Write the module to `path` whole or not at all (files.atomic_export); returns the
    notes of `module_bytes`. Errors are one sentence (ExportError)."""
    data, notes = module_bytes(hexmap, board, pieces=pieces)
    try:
        atomic_export(path, lambda out: out.write(data))
    except OSError as e:
        raise ExportError(describe_os_error(e, path, "be written")) from None
    return notes


def build_file(
    hexmap: HexMap, grid: HexGridSpec, numbering: NumberingSpec, image: str, name: str,
    pieces: Sequence[Piece] = (),
) -> bytes:
    """buildFile.xml: a module with one map window, one board (the picture) and its hex
    grid. Components VASSAL adds by itself when missing (chat, command encoder, player
    roster, global options...) are left out; the map's own helpers (scrolling, zoom,
    moving and stacking pieces) are listed as VASSAL's editor lists them for a new map."""
    root = ET.Element("VASSAL.build.GameModule", {
        "ModuleOther1": "", "ModuleOther2": "", "VassalVersion": VASSAL_VERSION,
        "description": hexmap.description, "name": name, "nextPieceSlotId": "0",
        "version": MODULE_VERSION,
    })
    window = ET.SubElement(root, _PKG + "Map", {
        "allowMultiple": "false", "backgroundcolor": "255,255,255", "buttonName": "Map",
        "hotkey": "", "icon": "/images/map.gif", "launch": "false", "mapName": name,
        "markMoved": "Never", "markUnmovedHotkey": "", "markUnmovedIcon": "/images/unmoved.gif",
        "markUnmovedText": "", "markUnmovedTooltip": "Mark all pieces on this map as not moved",
        "edgeHeight": "0", "edgeWidth": "0",
    })
    picker = ET.SubElement(window, _PKG + "map.BoardPicker", {
        "addColumnText": "Add column", "addRowText": "Add row", "boardPrompt": "Select board",
        "slotHeight": "125", "slotScale": "0.2", "slotWidth": "350", "title": "Choose Boards",
    })
    board = ET.SubElement(picker, _PKG + "map.boardPicker.Board", {
        "image": image, "name": name, "reversible": "false",
    })
    hexgrid = ET.SubElement(board, _GRID + "HexGrid", {
        "color": "0,0,0", "cornersLegal": "false", "dotsVisible": "false",
        "dx": repr(grid.dx), "dy": repr(grid.dy), "edgesLegal": "false",
        "sideways": _bool(grid.sideways), "snapTo": "true",
        # Our picture draws the grid and the hex numbers already.
        "visible": "false", "x0": str(grid.x0), "y0": str(grid.y0),
    })
    ET.SubElement(hexgrid, _GRID + "mapgrid.HexGridNumbering", {
        "color": "0,0,0", "first": numbering.first, "fontSize": "9", "hDescend": "false",
        "hDrawOff": "0", "hLeading": str(numbering.h_leading), "hOff": str(numbering.h_off),
        "hType": "N", "locationFormat": "$gridLocation$", "rotateText": "0",
        "sep": numbering.sep, "stagger": _bool(numbering.stagger), "vDescend": "false",
        "vDrawOff": "0", "vLeading": str(numbering.v_leading), "vOff": str(numbering.v_off),
        "vType": "N", "visible": "false",
    })
    ET.SubElement(window, _PKG + "map.StackMetrics", {
        "bottom": "40,0", "color": "255,255,255", "disabled": "false", "down": "39,0",
        "exSepX": "6", "exSepY": "18", "top": "38,0", "unexSepX": "2", "unexSepY": "4", "up": "37,0",
    })
    for helper in ("ForwardToKeyBuffer", "Scroller", "ForwardToChatter", "MenuDisplayer",
                   "MapCenterer", "StackExpander", "PieceMover", "KeyBufferer", "ImageSaver",
                   "CounterDetailViewer", "Flare", "Zoomer", "HighlightLastMoved",
                   "SelectionHighlighters"):
        ET.SubElement(window, _PKG + "map." + helper)
    ET.SubElement(window, _PKG + "properties.GlobalProperties")
    if pieces:
        slots = _Slots()
        _counters_window(root, pieces, slots)
        _setup_stacks(window, hexmap, grid, name, pieces, slots)
        root.set("nextPieceSlotId", str(slots.next))
    return _xml(root)


class _Slots:
    """The module's piece-slot ids (gpid), unique across the module."""

    def __init__(self) -> None:
        self.next = 1

    def slot(self, parent: ET.Element, piece: Piece) -> ET.Element:
        gpid = str(self.next)
        self.next += 1
        element = ET.SubElement(parent, "VASSAL.build.widget.PieceSlot", {
            "entryName": piece.name, "gpid": gpid, "height": "0", "width": "0",
        })
        element.text = piece_definition(piece, gpid)
        return element


def piece_definition(piece: Piece, gpid: str) -> str:
    """A PieceSlot's text: VASSAL's AddPiece command for a plain counter (BasicPiece:
    its image and name; no map, at 0,0, its slot id, no properties), as
    BasicCommandEncoder writes it."""
    kind = "piece;" + _sequence(["", "", piece.image, piece.name], ";")
    state = _sequence(["null", "0", "0", gpid, "0"], ";")
    return "+/" + _sequence(["null", kind, state], "/")


def _sequence(values: Sequence[str], delimiter: str) -> str:
    """VASSAL's SequenceEncoder: the delimiter inside a value gets a backslash, and a
    value starting with a backslash, or quoted, is quoted again."""
    out = []
    for value in values:
        escaped = value.replace(delimiter, "\\" + delimiter)
        if value.startswith("\\") or (value.startswith("'") and value.endswith("'")):
            escaped = f"'{escaped}'"
        out.append(escaped)
    return delimiter.join(out)


def _counters_window(root: ET.Element, pieces: Sequence[Piece], slots: _Slots) -> None:
    """A Counters window, a tab for each group of counters, a list in each."""
    window = ET.SubElement(root, _PKG + "PieceWindow", {
        "name": "Counters", "text": "Counters", "hidden": "false", "scale": "1.0",
        "tooltip": "Show or hide the counters", "hotkey": "", "icon": "",
    })
    tabs = ET.SubElement(window, "VASSAL.build.widget.TabWidget", {"entryName": "Counters"})
    for group in dict.fromkeys(p.group for p in pieces):
        listing = ET.SubElement(tabs, "VASSAL.build.widget.ListWidget", {
            "entryName": group, "scale": "1.0", "divider": "150", "height": "0", "width": "0",
        })
        for piece in pieces:
            if piece.group == group:
                slots.slot(listing, piece)


def _setup_stacks(window: ET.Element, hexmap: HexMap, grid: HexGridSpec, board: str,
                  pieces: Sequence[Piece], slots: _Slots) -> None:
    """An at-start stack on each hex where counters begin, at VASSAL's own centre of the
    hex in board pixels (not by its name, which VASSAL would have to parse back)."""
    at: dict[tuple[int, int], list[Piece]] = {}
    for piece in pieces:
        if piece.at is not None:
            at.setdefault(piece.at, []).append(piece)
    for (col, row), here in sorted(at.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        x, y = grid.centre(col, row)
        stack = ET.SubElement(window, _PKG + "map.SetupStack", {
            "name": hexmap.label(hexmap.at(col, row)), "owningBoard": board,
            "useGridLocation": "false", "location": "", "x": str(x), "y": str(y),
        })
        for piece in here:
            slots.slot(stack, piece)


def module_data(name: str, description: str = "", saved_at: float | None = None) -> bytes:
    """moduledata: what VASSAL reads to list a module before building it; its
    VassalVersion (3.5 or later) tells it to read buildFile.xml."""
    root = ET.Element("data", {"version": "1"})
    ET.SubElement(root, "version").text = MODULE_VERSION
    ET.SubElement(root, "VassalVersion").text = VASSAL_VERSION
    saved = time.time() if saved_at is None else saved_at
    ET.SubElement(root, "dateSaved").text = str(int(saved * 1000))
    ET.SubElement(root, "description").text = description
    ET.SubElement(root, "name").text = name
    return _xml(root)


def read_module(data: bytes) -> dict[str, bytes]:
    """The entries of a module (for tests and checks): name -> bytes."""
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {n: zf.read(n) for n in zf.namelist()}


def _xml(root: ET.Element) -> bytes:
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + body + "\n").encode("utf-8")


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _image_name(name: str) -> str:
    """A file name for the board picture from the map's name (letters, digits, - and _)."""
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-").lower() or "map"
    return f"{stem[:60]}-board.png"


def _zip_time(saved_at: float | None) -> tuple[int, int, int, int, int, int]:
    t = time.localtime(time.time() if saved_at is None else saved_at)
    return (max(1980, t.tm_year), t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec)

