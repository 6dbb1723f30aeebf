"""A map as a Tiled map (.tmx): a hexagonal tile layer of terrain whose tiles are the
palette's terrains, elevation as a second tile layer, and the map's other features as
object layers (rivers and roads as polylines, rivers along hexsides as polylines from
corner to corner, cliffs along their hexsides, bridges,
places with their VP and PP, free labels, hex notes as "note" points whose properties
are the note's text and its own properties). `read_tmx` reads such a file back.

Tiled lays hexes on whole pixels: a flat-top hex is `tile_width` (two sides) wide and
`tile_height` tall, columns (tile_width + hexsidelength) / 2 apart, odd columns half a
tile lower ("staggeraxis x, staggerindex odd", our odd-q numbering); pointy-top turns it
("staggeraxis y", odd rows half a tile to the right, our odd-r). The arithmetic is
Tiled's HexagonalRenderer (src/libtiled/hexagonalrenderer.cpp), which halves with
integer division: the side is kept even and the tile's height (flat) or width (pointy)
the even number nearest √3 sides, so that every half is exact.

The tileset picture is painted by the map renderer (hexcampaign.app.render.interchange)
and handed in as PNG bytes; this module writes the XML with the standard library.
"""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import BinaryIO

from hexcampaign import __version__
from hexcampaign.exports import ExportError
from hexcampaign.files import atomic_export, describe_os_error
from hexcampaign.hexes import Hex, HexSide, offset_to_hex
from hexcampaign.maps import HexMap, MapEditError, MapLabel, palette_names
from hexcampaign.maps.lines import HEXSIDE_RIVER, hexside_river_corners
from hexcampaign.maps.palette import Palette, PaletteError, load_palette, palette_from_data

TMX_VERSION = "1.8"  # the format Debian's Tiled (1.8) reads; later Tiled reads it too
DEFAULT_HEX_SIZE = 30.0  # side 30: tiles 60×52, within 0.04 pixel of a regular hex


@dataclass(frozen=True)
class TiledGrid:
    """Tiled's hexagonal grid: whole-pixel tiles, as its renderer lays them."""

    orientation: str  # "flat" | "pointy"
    tile_width: int
    tile_height: int
    side: int  # hexsidelength

    @classmethod
    def for_hex_size(cls, orientation: str, hex_size: float) -> TiledGrid:
        """The grid nearest a regular hex of `hex_size` (centre to corner) pixels."""
        side = max(4, 2 * round(hex_size / 2))
        across = 2 * round(math.sqrt(3) * side / 2)
        if orientation == "flat":
            return cls(orientation, 2 * side, across, side)
        return cls(orientation, across, 2 * side, side)

    @property
    def flat(self) -> bool:
        return self.orientation == "flat"

    @property
    def stagger_axis(self) -> str:
        return "x" if self.flat else "y"

    def _steps(self) -> tuple[int, int, int, int]:
        """HexagonalRenderer::RenderParams: side offsets and the column and row steps."""
        if self.flat:
            off_x, off_y = (self.tile_width - self.side) // 2, self.tile_height // 2
            return off_x, off_y, off_x + self.side, off_y
        off_x, off_y = self.tile_width // 2, (self.tile_height - self.side) // 2
        return off_x, off_y, off_x, off_y + self.side

    def top_left(self, col: int, row: int) -> tuple[int, int]:
        """The pixel of a cell's top-left corner (HexagonalRenderer::tileToScreenCoords)."""
        off_x, off_y, column_width, row_height = self._steps()
        if self.flat:
            y = row * (off_y + row_height) + (row_height if col & 1 else 0)
            return col * column_width, y
        x = col * (off_x + column_width) + (column_width if row & 1 else 0)
        return x, row * row_height

    def centre(self, col: int, row: int) -> tuple[float, float]:
        x, y = self.top_left(col, row)
        return x + self.tile_width / 2, y + self.tile_height / 2

    def corners(self, col: int, row: int) -> list[tuple[float, float]]:
        """The six corners in hexes.Layout's order: corners d and d + 1 bound the edge
        towards direction d (DIRECTIONS)."""
        cx, cy = self.centre(col, row)
        w, h, s = self.tile_width / 2, self.tile_height / 2, self.side / 2
        if self.flat:
            offsets = [(-s, -h), (s, -h), (w, 0), (s, h), (-s, h), (-w, 0)]
        else:
            offsets = [(-w, -s), (0, -h), (w, -s), (w, s), (0, h), (-w, s)]
        return [(cx + dx, cy + dy) for dx, dy in offsets]

    def pixel_size(self, cols: int, rows: int) -> tuple[int, int]:
        """The map's size in pixels (HexagonalRenderer::mapBoundingRect)."""
        off_x, off_y, column_width, row_height = self._steps()
        if self.flat:
            return cols * column_width + off_x, rows * (off_y + row_height) + (row_height if cols > 1 else 0)
        return cols * (off_x + column_width) + (column_width if rows > 1 else 0), rows * row_height + off_y


@dataclass(frozen=True)
class Tile:
    """One tile of the tileset: a terrain of the palette, an elevation tint or the
    river wash."""

    id: int
    terrain: str | None = None
    elevation: int | None = None
    river: bool = False


def tileset_tiles(hexmap: HexMap) -> list[Tile]:
    """Every terrain of the palette, in its order, then each elevation the map uses, then
    the river wash when the map has rivers."""
    tiles = [Tile(i, terrain=t.name) for i, t in enumerate(hexmap.palette.terrains_list)]
    levels = sorted(set(hexmap.elevations().values()) - {0})
    tiles += [Tile(len(tiles) + i, elevation=level) for i, level in enumerate(levels)]
    if hexmap.rivers():
        tiles.append(Tile(len(tiles), river=True))
    return tiles


def tileset_columns(count: int) -> int:
    """Tiles a row of the tileset picture (a picture of about square proportions)."""
    return max(1, min(count, math.ceil(math.sqrt(count))))


def tileset_picture_size(grid: TiledGrid, count: int) -> tuple[int, int]:
    columns = tileset_columns(count)
    return columns * grid.tile_width, math.ceil(count / columns) * grid.tile_height


def tile_cell(grid: TiledGrid, tile: Tile, count: int) -> tuple[int, int]:
    """The top-left pixel of `tile` in the tileset picture."""
    columns = tileset_columns(count)
    return (tile.id % columns) * grid.tile_width, (tile.id // columns) * grid.tile_height


def tmx_bytes(hexmap: HexMap, grid: TiledGrid, tileset_image: str) -> bytes:
    """The .tmx document; `tileset_image` is the tileset picture's file name beside it."""
    if grid.orientation != hexmap.orientation:
        raise ExportError(f"A Tiled grid of {grid.orientation}-top hexes cannot hold this {hexmap.orientation}-top map.")
    tiles = tileset_tiles(hexmap)
    width, height = tileset_picture_size(grid, len(tiles))
    counter = _Ids()
    root = ET.Element("map", {
        "version": TMX_VERSION, "orientation": "hexagonal",
        "renderorder": "right-down", "width": str(hexmap.cols), "height": str(hexmap.rows),
        "tilewidth": str(grid.tile_width), "tileheight": str(grid.tile_height), "infinite": "0",
        "hexsidelength": str(grid.side), "staggeraxis": grid.stagger_axis, "staggerindex": "odd",
        "backgroundcolor": "#f4efe3",
    })
    _properties(root, _map_properties(hexmap))
    tileset = ET.SubElement(root, "tileset", {
        "firstgid": "1", "name": hexmap.palette.name, "tilewidth": str(grid.tile_width),
        "tileheight": str(grid.tile_height), "tilecount": str(len(tiles)),
        "columns": str(tileset_columns(len(tiles))),
    })
    ET.SubElement(tileset, "image", {"source": tileset_image, "width": str(width), "height": str(height)})
    terrains = hexmap.palette.terrains
    for tile in tiles:
        element = ET.SubElement(tileset, "tile", {"id": str(tile.id)})
        if tile.terrain is not None:
            t = terrains[tile.terrain]
            element.set("type", "terrain")
            _properties(element, {"terrain": t.name, "label": t.label, "code": t.code})
        elif tile.river:
            element.set("type", "river")
            _properties(element, {"river": True})
        else:
            element.set("type", "elevation")
            _properties(element, {"elevation": int(tile.elevation or 0)})
    gid_of_terrain = {t.terrain: t.id + 1 for t in tiles if t.terrain is not None}
    gid_of_level = {t.elevation: t.id + 1 for t in tiles if t.elevation is not None}
    _tile_layer(root, counter, "terrain", hexmap, lambda h: gid_of_terrain.get(hexmap.terrain(h), 0))
    if gid_of_level:
        _tile_layer(root, counter, "elevation", hexmap, lambda h: gid_of_level.get(hexmap.elevation(h), 0))
    river_gid = next((t.id + 1 for t in tiles if t.river), 0)
    if river_gid:
        rivers = hexmap.rivers()
        _tile_layer(root, counter, "river hexes", hexmap, lambda h: river_gid if h in rivers else 0)
    _line_layer(root, counter, grid, hexmap, "rivers", hexmap.palette.river_colour, "river")
    _line_layer(root, counter, grid, hexmap, "roads", hexmap.palette.road_colour, "road")
    _cliff_layer(root, counter, grid, hexmap)
    _bridge_layer(root, counter, grid, hexmap)
    _place_layer(root, counter, grid, hexmap)
    _label_layer(root, counter, grid, hexmap, hexmap.labels())
    if hexmap.notes():
        _note_layer(root, counter, grid, hexmap)
    root.set("nextlayerid", str(counter.layer))
    root.set("nextobjectid", str(counter.object))
    ET.indent(root, space=" ")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n").encode()


def write_tmx(path: Path | str, hexmap: HexMap, grid: TiledGrid, tileset_png: bytes) -> Path:
    """Write NAME.tmx and its tileset picture NAME-tiles.png beside it, each whole or not
    at all; returns the picture's path. Errors are one sentence (ExportError)."""
    path = Path(path)
    picture = path.with_name(f"{path.stem}-tiles.png")
    data = tmx_bytes(hexmap, grid, picture.name)
    for target, payload in ((picture, tileset_png), (path, data)):
        try:
            atomic_export(target, partial(_write_bytes, payload))
        except OSError as e:
            raise ExportError(describe_os_error(e, target, "be written")) from None
    return picture


def _write_bytes(payload: bytes, out: BinaryIO) -> None:
    out.write(payload)


# --- reading a Tiled map back -------------------------------------------------------------


def read_tmx(path: Path | str) -> HexMap:
    """A map from a .tmx this program wrote (or one laid out the same way: hexagonal,
    stagger index odd, a tileset whose tiles name their terrain). Refused in one sentence
    (ExportError) otherwise."""
    path = Path(path)
    try:
        root = ET.parse(path).getroot()
    except OSError as e:
        raise ExportError(describe_os_error(e, path, "be read")) from None
    except ET.ParseError as e:
        raise ExportError(f"{path.name} is not a Tiled map: its XML is broken ({e}).") from None
    if root.tag != "map" or root.get("orientation") != "hexagonal":
        raise ExportError(f"{path.name} is not a hexagonal Tiled map.")
    if root.get("staggerindex", "odd") != "odd" or root.get("infinite", "0") != "0":
        raise ExportError(f"{path.name} staggers its even hexes or is infinite; hexcampaign maps stagger odd columns or rows.")
    props = _read_properties(root)
    orientation = "flat" if root.get("staggeraxis") == "x" else "pointy"
    try:
        cols, rows = int(root.get("width", "0")), int(root.get("height", "0"))
        grid = TiledGrid(orientation, int(root.get("tilewidth", "0")), int(root.get("tileheight", "0")),
                         int(root.get("hexsidelength", "0")))
        hexmap = HexMap(cols, rows, _read_palette(props, path), orientation)
    except (ValueError, PaletteError, MapEditError) as e:
        raise ExportError(f"{path.name} cannot be read as a map: {e}") from None
    hexmap.name = str(props.get("name", path.stem))
    hexmap.author = str(props.get("author", ""))
    hexmap.description = str(props.get("description", ""))
    # A Tiled map from elsewhere (no label_first) is numbered from 0101, as every new
    # and imported map is (HexMap.new); ours always says which.
    hexmap.label_first = 1 if _int(props, "label_first", 1) else 0
    hexmap.label_every = max(1, min(50, _int(props, "label_every", 1)))
    style = str(props.get("label_style", "CCRR"))
    hexmap.label_style = style if style in ("CCRR", "CC.RR", "CC-RR") else "CCRR"
    tiles = _read_tiles(root)
    try:
        _read_layers(root, hexmap, grid, tiles)
    except (ValueError, MapEditError) as e:
        raise ExportError(f"{path.name} cannot be read as a map: {e}") from None
    return hexmap


# --- the parts of the document ------------------------------------------------------------


class _Ids:
    """Tiled's layer and object ids, counted from 1."""

    def __init__(self) -> None:
        self.layer = 1
        self.object = 1

    def next_layer(self) -> str:
        self.layer += 1
        return str(self.layer - 1)

    def next_object(self) -> str:
        self.object += 1
        return str(self.object - 1)


def _map_properties(hexmap: HexMap) -> dict[str, object]:
    props: dict[str, object] = {
        "name": hexmap.name, "author": hexmap.author, "description": hexmap.description,
        "palette": hexmap.palette.name, "label_first": int(hexmap.label_first),
        "label_style": hexmap.label_style, "label_every": int(hexmap.label_every), "generator": f"hexcampaign {__version__}",
    }
    if not hexmap.palette.is_shipped():
        # A user's palette travels with the map, so read_tmx gives the same terrains back.
        props["palette_json"] = json.dumps(hexmap.palette.to_data(), separators=(",", ":"))
    return props


def _properties(parent: ET.Element, values: dict[str, object]) -> None:
    box = ET.SubElement(parent, "properties")
    for name, value in values.items():
        attrs = {"name": name}
        if isinstance(value, bool):
            attrs.update(type="bool", value="true" if value else "false")
        elif isinstance(value, int):
            attrs.update(type="int", value=str(value))
        else:
            attrs["value"] = str(value)
        ET.SubElement(box, "property", attrs)


def _tile_layer(root: ET.Element, ids: _Ids, name: str, hexmap: HexMap, gid: Callable[[Hex], int]) -> None:
    layer = ET.SubElement(root, "layer", {
        "id": ids.next_layer(), "name": name, "width": str(hexmap.cols), "height": str(hexmap.rows),
    })
    rows = [",".join(str(gid(h)) for h in hexmap.row_hexes(r)) for r in range(hexmap.rows)]
    data = ET.SubElement(layer, "data", {"encoding": "csv"})
    data.text = "\n" + ",\n".join(rows) + "\n"


def _object_group(root: ET.Element, ids: _Ids, name: str, colour: str | None = None) -> ET.Element:
    attrs = {"id": ids.next_layer(), "name": name}
    if colour:
        attrs["color"] = colour
    return ET.SubElement(root, "objectgroup", attrs)


def _line_layer(root: ET.Element, ids: _Ids, grid: TiledGrid, hexmap: HexMap, name: str,
                colour: str, kind: str) -> None:
    """Each river (or road) of the map as one named polyline object, in its order; a
    river of one hex is a point."""
    group = _object_group(root, ids, name, colour)
    for line in hexmap.lines(kind):
        points = [grid.centre(*hexmap.offset(h)) for h in line.hexes]
        x0, y0 = points[0]
        obj = ET.SubElement(group, "object", {
            "id": ids.next_object(), "name": line.name, "type": kind, "x": _num(x0), "y": _num(y0),
        })
        _properties(obj, {"hexes": " ".join(hexmap.label(h) for h in line.hexes)})
        if len(points) == 1:
            ET.SubElement(obj, "point")
        else:
            _polyline(obj, points)
    if kind == "river":
        _hexside_rivers(group, ids, grid, hexmap)


def _hexside_rivers(group: ET.Element, ids: _Ids, grid: TiledGrid, hexmap: HexMap) -> None:
    """Each river along hexsides as one named polyline object through the corners its
    drawn path runs through (its first side's far corner, each corner it turns at, its
    last side's far corner), as the map draws it."""
    for line in hexmap.lines(HEXSIDE_RIVER):
        points = [_corner(grid, hexmap, corner) for corner in hexside_river_corners(line)]
        x0, y0 = points[0]
        obj = ET.SubElement(group, "object", {
            "id": ids.next_object(), "name": line.name, "type": HEXSIDE_RIVER, "x": _num(x0), "y": _num(y0),
        })
        pairs = (side.hexes() for side in line.along)
        _properties(obj, {"hexsides": " ".join(f"{hexmap.label(a)}/{hexmap.label(b)}" for a, b in pairs)})
        _polyline(obj, points)


def _corner(grid: TiledGrid, hexmap: HexMap, corner: frozenset[Hex]) -> tuple[float, float]:
    """A corner where three hexes meet: the mean of their centres, exactly the corner on
    Tiled's whole-pixel hexes too (its columns and rows step by halves of its sides)."""
    centres = [grid.centre(*hexmap.offset(h)) for h in corner]
    return sum(x for x, _ in centres) / 3, sum(y for _, y in centres) / 3


def _polyline(obj: ET.Element, points: list[tuple[float, float]]) -> None:
    """The object's points, relative to its own x and y (its first point)."""
    x0, y0 = points[0]
    ET.SubElement(obj, "polyline", {"points": " ".join(f"{_num(x - x0)},{_num(y - y0)}" for x, y in points)})


def _cliff_layer(root: ET.Element, ids: _Ids, grid: TiledGrid, hexmap: HexMap) -> None:
    group = _object_group(root, ids, "cliffs", "#5a3d22")
    for side, upper in sorted(hexmap.cliffs().items()):
        (ax, ay), (bx, by) = _side_segment(grid, hexmap, side)
        obj = ET.SubElement(group, "object", {"id": ids.next_object(), "type": "cliff",
                                              "x": _num(ax), "y": _num(ay)})
        lower = side.other(upper)
        _properties(obj, {"upper": hexmap.label(upper), "lower": hexmap.label(lower)})
        ET.SubElement(obj, "polyline", {"points": f"0,0 {_num(bx - ax)},{_num(by - ay)}"})


def _side_segment(grid: TiledGrid, hexmap: HexMap, side: HexSide) -> tuple[tuple[float, float], tuple[float, float]]:
    corners = grid.corners(*hexmap.offset(side.hex))
    return corners[side.direction], corners[(side.direction + 1) % 6]


def _bridge_layer(root: ET.Element, ids: _Ids, grid: TiledGrid, hexmap: HexMap) -> None:
    group = _object_group(root, ids, "bridges", "#303030")
    for h in sorted(hexmap.bridges()):
        x, y = grid.centre(*hexmap.offset(h))
        obj = ET.SubElement(group, "object", {"id": ids.next_object(), "name": hexmap.label(h),
                                              "type": "bridge", "x": _num(x), "y": _num(y)})
        ET.SubElement(obj, "point")


def _place_layer(root: ET.Element, ids: _Ids, grid: TiledGrid, hexmap: HexMap) -> None:
    group = _object_group(root, ids, "places", "#000000")
    for place in hexmap.places():
        x, y = grid.centre(*hexmap.offset(place.hex))
        obj = ET.SubElement(group, "object", {"id": ids.next_object(), "name": place.name,
                                              "type": place.kind, "x": _num(x), "y": _num(y)})
        _properties(obj, {"vp": place.vp, "pp": place.pp, "kind": place.kind,
                          "hex": hexmap.label(place.hex), "label_position": place.label_position})
        ET.SubElement(obj, "point")


def _label_layer(root: ET.Element, ids: _Ids, grid: TiledGrid, hexmap: HexMap, labels: list[MapLabel]) -> None:
    group = _object_group(root, ids, "labels", "#202020")
    for label in labels:
        x, y = grid.centre(*hexmap.offset(label.hex))
        width, height = grid.tile_width * 2, grid.tile_height / 2
        obj = ET.SubElement(group, "object", {
            "id": ids.next_object(), "type": "label", "x": _num(x - width / 2), "y": _num(y - height / 2),
            "width": _num(width), "height": _num(height),
        })
        _properties(obj, {"hex": hexmap.label(label.hex)})
        text = ET.SubElement(obj, "text", {"pixelsize": str(max(8, grid.side // 3)), "halign": "center",
                                           "valign": "center", "wrap": "1"})
        text.text = label.text


# The Tiled property holding a note's free text; a note property of that name is
# written under NOTE_PROPERTY_CLASH so the two never meet.
NOTE_TEXT = "note"
NOTE_PROPERTY_CLASH = "note (property)"


def _note_layer(root: ET.Element, ids: _Ids, grid: TiledGrid, hexmap: HexMap) -> None:
    """Each hex note as a point object named by the hex number: the text in "note", the
    note's own properties as Tiled properties of their names, in order."""
    group = _object_group(root, ids, "notes", "#5a3c8c")
    for h, note in sorted(hexmap.notes().items(), key=lambda item: hexmap.offset(item[0])):
        x, y = grid.centre(*hexmap.offset(h))
        obj = ET.SubElement(group, "object", {"id": ids.next_object(), "name": hexmap.label(h), "type": "note",
                                              "x": _num(x), "y": _num(y)})
        values: dict[str, object] = {NOTE_TEXT: note.text}
        values.update((NOTE_PROPERTY_CLASH if k == NOTE_TEXT else k, v) for k, v in note.properties)
        _properties(obj, values)
        ET.SubElement(obj, "point")


def _num(value: float) -> str:
    """A coordinate as Tiled writes one: no trailing zeros."""
    return f"{value:.3f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


# --- reading ---------------------------------------------------------------------------


def _read_properties(element: ET.Element) -> dict[str, object]:
    out: dict[str, object] = {}
    box = element.find("properties")
    if box is None:
        return out
    for prop in box.findall("property"):
        value = prop.get("value", prop.text or "")
        kind = prop.get("type", "string")
        if kind == "int":
            out[prop.get("name", "")] = int(value)
        elif kind == "bool":
            out[prop.get("name", "")] = value == "true"
        else:
            out[prop.get("name", "")] = value
    return out


def _int(props: dict[str, object], name: str, default: int = 0) -> int:
    value = props.get(name, default)
    return value if isinstance(value, int) else int(str(value))


def _read_palette(props: dict[str, object], path: Path) -> Palette:
    if "palette_json" in props:
        return palette_from_data(json.loads(str(props["palette_json"])))
    name = str(props.get("palette", ""))
    if name not in palette_names():
        raise ExportError(f"{path.name} names no terrain palette this program has ({name or 'none'}).")
    return load_palette(name)


def _read_tiles(root: ET.Element) -> dict[int, dict[str, object]]:
    """gid -> the tile's properties, over every tileset of the map."""
    tiles: dict[int, dict[str, object]] = {}
    for tileset in root.findall("tileset"):
        first = int(tileset.get("firstgid", "1"))
        for tile in tileset.findall("tile"):
            tiles[first + int(tile.get("id", "0"))] = _read_properties(tile)
    return tiles


def _read_layers(root: ET.Element, hexmap: HexMap, grid: TiledGrid, tiles: dict[int, dict[str, object]]) -> None:
    def at(x: float, y: float) -> Hex:
        return _nearest_hex(grid, hexmap, x, y)

    river_tiles: list[Hex] = []  # marked after the river objects, which name the lines
    for layer in root.findall("layer"):
        data = layer.find("data")
        if data is None or data.get("encoding") != "csv":
            raise ValueError(f"its layer {layer.get('name')!r} is not stored as CSV")
        gids = [int(v) for v in (data.text or "").replace("\n", "").split(",") if v.strip()]
        if len(gids) != hexmap.cols * hexmap.rows:
            raise ValueError(f"its layer {layer.get('name')!r} has {len(gids)} cells, not {hexmap.cols * hexmap.rows}")
        for i, gid in enumerate(gids):
            props = tiles.get(gid & 0x0FFFFFFF)  # the top bits are Tiled's flip flags
            if not props:
                continue
            h = hexmap.at(i % hexmap.cols, i // hexmap.cols)
            if "terrain" in props:
                hexmap.set_terrain(h, str(props["terrain"]))
            if "elevation" in props:
                hexmap.set_elevation(h, _int(props, "elevation"))
            if props.get("river") is True:
                river_tiles.append(h)
    for group in root.findall("objectgroup"):
        for obj in group.findall("object"):
            _read_object(hexmap, obj, at)
    for h in river_tiles:
        hexmap.set_river(h, True)


def _read_object(hexmap: HexMap, obj: ET.Element, at: Callable[[float, float], Hex]) -> None:
    kind = obj.get("type") or obj.get("class") or ""
    x, y = float(obj.get("x", "0")), float(obj.get("y", "0"))
    props = _read_properties(obj)
    polyline = obj.find("polyline")
    if polyline is not None:
        points = [(x + float(a), y + float(b)) for a, b in
                  (p.split(",") for p in polyline.get("points", "").split())]
        if kind == "cliff" and len(points) == 2:
            (ax, ay), (bx, by) = points
            side_hexes = (at((ax + bx) / 2 + (ay - by) * 0.3, (ay + by) / 2 + (bx - ax) * 0.3),
                          at((ax + bx) / 2 - (ay - by) * 0.3, (ay + by) / 2 - (bx - ax) * 0.3))
            upper = next((h for h in side_hexes if hexmap.label(h) == props.get("upper")), side_hexes[0])
            hexmap.add_cliff(upper, side_hexes[1] if upper == side_hexes[0] else side_hexes[0])
            return
        if kind == HEXSIDE_RIVER:
            _read_hexside_river(hexmap, obj.get("name", "").strip(), points, at)
            return
        hexes = [at(px, py) for px, py in points]
        hexes = [h for i, h in enumerate(hexes) if i == 0 or h != hexes[i - 1]]  # a point twice
        name = obj.get("name", "").strip()
        if kind in ("river", "road") and len(hexes) >= 2 and all(a.is_adjacent(b) for a, b in zip(hexes, hexes[1:])):
            try:
                hexmap.add_line(kind, hexes, name)  # the line as written, its name kept
                return
            except MapEditError:
                pass  # a name no map takes, a hex off the map: read hex by hex below
        if kind == "river":
            for river_hex in hexes:
                hexmap.set_river(river_hex, True)
        elif kind == "road":
            for a, b in zip(hexes, hexes[1:]):
                if a != b:
                    hexmap.add_road(a, b)
        return
    h: Hex | None = at(x, y) if obj.find("point") is not None else None
    if kind == "river" and h is not None:
        if not hexmap.is_river(h):
            hexmap.add_line("river", [h], obj.get("name", "").strip())
    elif kind == "bridge" and h is not None:
        if hexmap.is_river(h) and hexmap.on_road(h):
            hexmap.set_bridge(h, True)
    elif kind == "note" and h is not None:
        note_text = str(props.pop(NOTE_TEXT, ""))
        pairs = [(NOTE_TEXT if k == NOTE_PROPERTY_CLASH else k, str(v)) for k, v in props.items()]
        hexmap.set_note(h, note_text, pairs)
    elif kind == "label":
        text = obj.find("text")
        width, height = float(obj.get("width", "0")), float(obj.get("height", "0"))
        if text is not None and (text.text or "").strip():
            hexmap.add_label(at(x + width / 2, y + height / 2), text.text or "")
    elif h is not None and "vp" in props:
        hexmap.add_place(h, obj.get("name", ""), str(props.get("kind", kind)), _int(props, "vp"),
                         _int(props, "pp"), str(props.get("label_position", "below")))


def _read_hexside_river(hexmap: HexMap, name: str, points: list[tuple[float, float]],
                        at: Callable[[float, float], Hex]) -> None:
    """A river along hexsides from its corners: the side between each two in a row is
    the one whose two hexes lie either side of their middle. One the map refuses (a
    side off the map, sides that do not touch) is left out."""
    sides = []
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        mx, my, nx, ny = (ax + bx) / 2, (ay + by) / 2, (ay - by) * 0.3, (bx - ax) * 0.3
        a, b = at(mx + nx, my + ny), at(mx - nx, my - ny)
        if a.is_adjacent(b):
            sides.append(HexSide.between(a, b))
    try:
        hexmap.add_line(HEXSIDE_RIVER, sides, name)
    except MapEditError:
        pass


def _nearest_hex(grid: TiledGrid, hexmap: HexMap, x: float, y: float) -> Hex:
    """The map's hex whose Tiled centre is nearest (x, y) (a few candidates around the
    estimate from the column and row steps)."""
    off_x, off_y, column_width, row_height = grid._steps()
    if grid.flat:
        col0, row0 = round((x - grid.tile_width / 2) / column_width), round((y - grid.tile_height / 2) / grid.tile_height)
    else:
        col0, row0 = round((x - grid.tile_width / 2) / grid.tile_width), round((y - grid.tile_height / 2) / row_height)
    best: tuple[float, int, int] | None = None
    for c in range(col0 - 1, col0 + 2):
        for r in range(row0 - 1, row0 + 2):
            if 0 <= c < hexmap.cols and 0 <= r < hexmap.rows:
                cx, cy = grid.centre(c, r)
                d = (cx - x) ** 2 + (cy - y) ** 2
                if best is None or d < best[0]:
                    best = (d, c, r)
    if best is None:
        raise ValueError(f"a feature at ({x:g}, {y:g}) lies off the map")
    return offset_to_hex(best[1], best[2], hexmap.orientation)
