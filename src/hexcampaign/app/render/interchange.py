"""The pictures inside the VASSAL and Tiled exports, painted by the map's one painter:
the board of a VASSAL module (the whole map, as `hexcampaign render` draws it, with its
first hex centred on a whole pixel) and the tileset of a Tiled map (one hex tile per
terrain of the palette, one per elevation level in use). The files themselves are
written by hexcampaign.exports (no Qt).

`export_vassal` and `export_tiled` are what the editor's File > Export VASSAL module… /
Export Tiled map… and the command line call.
Both need a QGuiApplication (fonts) and raise ExportError with one sentence.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from hexcampaign.app import style
from hexcampaign.app.render.catalogue import RenderError
from hexcampaign.app.render.export import _png
from hexcampaign.app.render.geometry import hex_polygon, map_layout, map_scene_rect
from hexcampaign.app.render.painters import paint_layer
from hexcampaign.exports import ExportError
from hexcampaign.exports.tiled import (
    DEFAULT_HEX_SIZE as TILED_HEX_SIZE,
)
from hexcampaign.exports.tiled import (
    TiledGrid,
    tile_cell,
    tileset_picture_size,
    tileset_tiles,
    write_tmx,
)
from hexcampaign.exports.vassal import Board, Piece, board_hex_size, write_module
from hexcampaign.hexes import Layout
from hexcampaign.maps import HexMap

VASSAL_HEX_SIZE = 32.0  # as `hexcampaign render`; made 32.33 for an even 56-pixel hex
# The board is one PNG inside the module, painted a band at a time like `render`'s and
# capped like it (cli.MAX_PNG_PIXELS): VASSAL cuts it into tiles itself when it opens.
MAX_BOARD_PIXELS = 16_000_000


def vassal_board(
    hexmap: HexMap, hex_size: float = VASSAL_HEX_SIZE, layers: Iterable[str] | None = None
) -> Board:
    """The map painted for a VASSAL board: the render at the hex size nearest `hex_size`
    whose hexes are an even number of pixels tall, moved down and right by less than a pixel
    so that hex (0, 0)'s centre falls on a whole pixel (VASSAL's grid origin is in whole
    pixels). Raises ExportError."""
    if not 2 <= hex_size <= 512:
        raise ExportError(f"The hex size must be between 2 and 512 pixels, not {hex_size:g}.")
    size = board_hex_size(hex_size)
    render = map_layout(hexmap, size)
    rect = map_scene_rect(hexmap, render)
    width, height = math.ceil(rect.width()), math.ceil(rect.height())
    if width * height > MAX_BOARD_PIXELS:
        raise ExportError(_too_large(width, height, hex_size))
    ox, oy = render.origin
    # Down and right, not up and left: VASSAL truncates its centres to whole pixels, so
    # its centre of each hex is then within a pixel of `render`'s, either way.
    layout = Layout(size, hexmap.orientation, (math.ceil(ox), math.ceil(oy)))
    # The picture's pixel (0, 0) is the scene's (rect.left, rect.top), (0, 0) here too.
    picture = QRectF(rect.left(), rect.top(), width, height)
    out = io.BytesIO()
    try:
        _png(hexmap, layout, picture, width, height, layers)(out)
    except RenderError as e:
        raise ExportError(str(e)) from None
    return Board(out.getvalue(), width, height, layout)


def _too_large(width: int, height: int, hex_size: float) -> str:
    # Pixels grow with the square of the hex size.
    fits = max(2, int(hex_size * (MAX_BOARD_PIXELS / (width * height)) ** 0.5))
    return (f"A {width:,}×{height:,} pixel board is too large for a module (more than "
            f"{MAX_BOARD_PIXELS // 1_000_000} million pixels); use a hex size of {fits} or smaller.")


# The counters a module may carry, painted for the board's hex size (the Kasserine Pass
# scenario's: app/kasserine/vassal_pieces.py, passed in so that this painter, which the
# map editor calls, knows no game).
PiecesFor = Callable[[HexMap, float], list[Piece]]


def export_vassal(
    hexmap: HexMap, path: Path | str, hex_size: float = VASSAL_HEX_SIZE, pieces: PiecesFor | None = None
) -> list[str]:
    """File > Export VASSAL module…: write PATH.vmod (the board and its grid; with
    `pieces`, the counters it paints for the board, e.g. the Kasserine Pass counters and
    the scenario's set-up); returns notes for the user (one sentence each). Raises
    ExportError."""
    board = vassal_board(hexmap, hex_size)
    return write_module(path, hexmap, board, pieces(hexmap, board.layout.size) if pieces else [])


def safe_name(text: str) -> str:
    """A file name part made of letters, digits, '-' and '_' only."""
    return "".join(c if c.isalnum() or c in "-_" else "-" for c in text)


def png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # Small pictures with transparency: Qt's own PNG writer (app/png.py writes RGB only).
    if not image.save(buffer, "PNG"):  # type: ignore[call-overload]  # PySide6 takes str here
        raise ExportError("A picture of the export could not be encoded as PNG.")
    return bytes(data.data())


def tiled_tileset(hexmap: HexMap, grid: TiledGrid) -> bytes:
    """The tileset picture (PNG): a hex of each terrain of the palette, drawn with its
    colour and symbol and a grid outline, then each elevation level's tint and the river
    wash; transparent outside the hexes."""
    tiles = tileset_tiles(hexmap)
    width, height = tileset_picture_size(grid, len(tiles))
    image = QImage(width, height, QImage.Format.Format_ARGB32)
    if image.isNull():
        raise ExportError(f"There is not enough memory to paint a {width}×{height} tileset.")
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for tile in tiles:
            x, y = tile_cell(grid, tile, len(tiles))
            one = HexMap(1, 1, hexmap.palette, hexmap.orientation)
            h = one.at(0, 0)
            layout = Layout(grid.side, hexmap.orientation, (x + grid.tile_width / 2, y + grid.tile_height / 2))
            cell = QRectF(x, y, grid.tile_width, grid.tile_height)
            painter.save()
            painter.setClipRect(cell)
            if tile.terrain is not None:
                one.set_terrain(h, tile.terrain)
                paint_layer("terrain", painter, one, layout, cell)
                paint_layer("grid", painter, one, layout, cell)
            elif tile.river:
                # The wash the river layer lays under its line (lines.paint_rivers).
                wash = QColor(hexmap.palette.river_colour).lighter(style.RIVER_WASH_LIGHTER)
                wash.setAlpha(style.RIVER_WASH_ALPHA)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(wash)
                painter.drawPolygon(hex_polygon(layout).translated(*layout.center(h)))
            else:
                one.set_elevation(h, int(tile.elevation or 0))
                paint_layer("elevation", painter, one, layout, cell)
            painter.restore()
    finally:
        painter.end()
    return png_bytes(image)


def export_tiled(hexmap: HexMap, path: Path | str, hex_size: float = TILED_HEX_SIZE) -> list[str]:
    """File > Export Tiled map…: write PATH.tmx and PATH-tiles.png beside it; returns
    notes for the user (one sentence each). Raises ExportError."""
    if not 4 <= hex_size <= 256:
        raise ExportError(f"The hex size must be between 4 and 256 pixels, not {hex_size:g}.")
    grid = TiledGrid.for_hex_size(hexmap.orientation, hex_size)
    picture = write_tmx(path, hexmap, grid, tiled_tileset(hexmap, grid))
    w, h = grid.pixel_size(hexmap.cols, hexmap.rows)
    return [
        f"The tileset picture is {picture.name}, beside the map; Tiled lays its hexes "
        f"{grid.tile_width}×{grid.tile_height} pixels (side {grid.side}), {w}×{h} pixels in all."
    ]


def export_headless(
    kind: str, hexmap: HexMap, path: Path | str, hex_size: float | None = None,
    pieces: PiecesFor | None = None,
) -> list[str]:
    """`hexcampaign export-vassal` / `export-tiled` without a window: `kind` is "vassal"
    or "tiled"; a QGuiApplication is made when there is none (the painter needs fonts)."""
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication.instance() or QGuiApplication(["hexcampaign"])
    if kind == "vassal":
        return export_vassal(hexmap, path, VASSAL_HEX_SIZE if hex_size is None else hex_size, pieces)
    return export_tiled(hexmap, path, TILED_HEX_SIZE if hex_size is None else hex_size)


__all__ = ["export_headless", "export_tiled", "export_vassal", "tiled_tileset", "vassal_board"]
