"""The .hexmap file: UTF-8 JSON with `format` and `version`, validated by pydantic.

Version 2 (current) stores terrain as one string per row of single-letter codes with
the legend in the file, and everything else as sparse lists of [col, row] offsets.
Version 1 stored one object per hex; `MIGRATIONS[1]` lifts it to version 2, and the
fixture tests/maps/fixtures/v1.hexmap must load forever.
"""

from __future__ import annotations

import errno
import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from hexcampaign.files import (
    FileFormatError,
    atomic_write_text,
    parse_json,
    read_json,
)
from hexcampaign.hexes import DIRECTIONS, Hex, HexSide, hex_to_offset
from hexcampaign.maps.model import LABEL_STYLES, MAX_SIDE, HexMap, MapEditError
from hexcampaign.maps.palette import PLACE_KINDS, palette_names

FORMAT = "hexcampaign-map"
VERSION = 2
_DIRECTION_OF = {delta: d for d, delta in enumerate(DIRECTIONS)}
# Files up to this size (a 500×500 map) are parsed and validated in one pass; bigger
# ones, rare and possibly hostile, take the careful path that refuses oversized lists
# before validating them item by item. The bound is what keeps a hostile file cheap: a
# damaged file fails the one pass only after pydantic listed every bad item, and 256 KiB
# of "{}" items is 85 000 of them (0.2 s), where 2 MiB was 700 000 (1.6 s).
FAST_PATH_BYTES = 256 * 1024


class MapFormatError(FileFormatError):
    """A map file that cannot be opened; the message says why in one sentence."""


Coord = Annotated[StrictInt, Field(ge=0, le=MAX_SIDE)]
Points = Annotated[StrictInt, Field(ge=0, le=999)]
Name = Annotated[StrictStr, Field(min_length=1, max_length=80)]
# JSON arrays arrive as lists; strict mode would refuse them as tuples.
Pair = Annotated[list[Coord], Field(min_length=2, max_length=2)]
Quad = Annotated[list[Coord], Field(min_length=4, max_length=4)]
Level = Annotated[list[Annotated[StrictInt, Field(ge=-99, le=MAX_SIDE)]], Field(min_length=3, max_length=3)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class GridModel(_Strict):
    cols: Annotated[StrictInt, Field(ge=1, le=MAX_SIDE)]
    rows: Annotated[StrictInt, Field(ge=1, le=MAX_SIDE)]
    orientation: Literal["flat", "pointy"] = "flat"
    label_style: Literal[LABEL_STYLES] = "CCRR"  # type: ignore[valid-type]
    label_first: Annotated[StrictInt, Field(ge=0, le=1)] = 0


class PlaceModel(_Strict):
    name: Name
    kind: Literal[PLACE_KINDS]  # type: ignore[valid-type]
    vp: Points = 0
    pp: Points = 0
    col: Coord
    row: Coord
    label: Literal["above", "below", "left", "right"] = "below"


class LabelModel(_Strict):
    col: Coord
    row: Coord
    text: Annotated[StrictStr, Field(min_length=1, max_length=200)]


class MapFileV2(_Strict):
    format: Literal["hexcampaign-map"]
    version: Literal[2]
    name: Annotated[StrictStr, Field(max_length=200)] = ""
    author: Annotated[StrictStr, Field(max_length=200)] = ""
    description: Annotated[StrictStr, Field(max_length=20000)] = ""
    grid: GridModel
    palette: StrictStr
    terrain_codes: dict[Annotated[StrictStr, Field(min_length=1, max_length=1)], StrictStr]
    terrain: list[StrictStr]
    elevation: list[Level] = []  # col, row, level
    rivers: list[Pair] = []
    bridges: list[Pair] = []
    roads: list[Quad] = []
    cliffs: list[Quad] = []  # upper col,row then lower col,row
    places: list[PlaceModel] = []
    labels: list[LabelModel] = []


def load_map(path: Path | str) -> HexMap:
    """Open a map file; MapFormatError with a sentence for every kind of bad file."""
    name = Path(path).name
    fast = _load_current(Path(path), name)
    if fast is not None:
        return fast
    try:
        data = read_json(path, "hexcampaign map")
    except MapFormatError:
        raise
    except FileFormatError as e:
        raise MapFormatError(str(e)) from None
    return map_from_data(data, name)


def loads_map(text: str | bytes, name: str = "map") -> HexMap:
    doc = _validate_current(text)
    if doc is not None:
        return _build(doc, name)
    try:
        data = parse_json(text, name, "hexcampaign map")
    except FileFormatError as e:
        raise MapFormatError(str(e)) from None
    return map_from_data(data, name)


def save_map(hexmap: HexMap, path: Path | str) -> None:
    """Atomic save with a .bak of the previous file. The written file is read back and
    must parse to exactly the document we meant to write (which came from a valid map)
    before it replaces the old file. OSError propagates for the caller to explain."""
    doc = map_to_document(hexmap)
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))

    def verify(back: str) -> None:
        # The very text written parses to the document; comparing the text is stricter
        # than comparing parses, and costs no second parse of a large map.
        if back != text:
            raise OSError(errno.EIO, "the file read back differs from what was written")

    atomic_write_text(path, text, verify=verify)


def dumps_map(hexmap: HexMap) -> str:
    return json.dumps(map_to_document(hexmap), ensure_ascii=False, separators=(",", ":"))


def map_to_document(m: HexMap) -> dict:
    """The version-2 JSON document of a map (plain dicts and lists)."""
    off = _offset_function(m.orientation)
    codes = {t.code: t.name for t in m.palette.terrains_list}
    code_of = {t.name: t.code for t in m.palette.terrains_list}
    # Row strings through C-level map(): 40,000 lookups on a 200×200 map.
    letter, ground = code_of.__getitem__, m._terrain.__getitem__
    terrain_rows = ["".join(map(letter, map(ground, row))) for row in m._grid_rows]
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": m.name,
        "author": m.author,
        "description": m.description,
        "grid": {
            "cols": m.cols,
            "rows": m.rows,
            "orientation": m.orientation,
            "label_style": m.label_style,
            "label_first": m.label_first,
        },
        "palette": m.palette.name,
        "terrain_codes": codes,
        "terrain": terrain_rows,
        "elevation": sorted([*off(h), level] for h, level in m._elevation.items()),
        "rivers": sorted(map(list, map(off, m._rivers))),
        "bridges": sorted(map(list, map(off, m._bridges))),
        "roads": sorted(_side_rows(m._roads, off)),
        "cliffs": sorted([*off(upper), *off(side.other(upper))] for side, upper in m.cliffs().items()),
        "places": [
            {
                "name": p.name,
                "kind": p.kind,
                "vp": p.vp,
                "pp": p.pp,
                "col": off(p.hex)[0],
                "row": off(p.hex)[1],
                "label": p.label_position,
            }
            for p in sorted(m.places(), key=lambda p: p.name)
        ],
        "labels": [{"col": off(lb.hex)[0], "row": off(lb.hex)[1], "text": lb.text} for lb in m.labels()],
    }


def map_from_document(data: dict) -> HexMap:
    return map_from_data(data, "map")


def map_from_data(data: object, name: str) -> HexMap:
    if not isinstance(data, dict):
        raise MapFormatError(f"{name} is not a hexcampaign map: it holds no map object.")
    fmt = data.get("format")
    if fmt != FORMAT:
        if isinstance(fmt, str):
            raise MapFormatError(f"{name} is a {_short(fmt)} file, not a hexcampaign map.")
        raise MapFormatError(f"{name} is not a hexcampaign map: it has no \"format\": \"{FORMAT}\" field.")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise MapFormatError(f"{name} is damaged: its format version {_short(version)} is not a whole number.")
    if version > VERSION:
        raise MapFormatError(
            f"{name} was saved by a newer hexcampaign (map format version {_short(version)}; this "
            f"program reads up to {VERSION}); update hexcampaign to open it."
        )
    while version < VERSION:
        try:
            data = MIGRATIONS[version](data)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise MapFormatError(f"{name} is damaged: version {version} data could not be read ({e}).") from None
        version = data["version"]
    _check_list_sizes(data, name)
    try:
        doc = MapFileV2.model_validate(data)
    except ValidationError as e:
        raise MapFormatError(f"{name} is damaged: {_first_error(e)}.") from None
    return _build(doc, name)


def _build(doc: MapFileV2, name: str) -> HexMap:
    def bad(what: str) -> MapFormatError:
        return MapFormatError(f"{name} is damaged: {what}.")

    if doc.palette not in palette_names():
        raise bad(f"it uses the terrain palette {_short(doc.palette)}, which this program does not know")
    g = doc.grid
    m = HexMap(g.cols, g.rows, doc.palette, g.orientation)
    m.name, m.author, m.description = doc.name, doc.author, doc.description
    m.label_style, m.label_first = g.label_style, g.label_first

    grid, cols, rows = m._grid_rows, g.cols, g.rows

    def hex_at(col: int, row: int, what: str):
        if col >= cols or row >= rows:
            raise bad(f"{what} at column {col}, row {row} lies off the {cols}×{rows} map")
        return grid[row][col]  # validated: col, row >= 0

    new_side = tuple.__new__  # HexSide is a NamedTuple: this skips its Python __new__

    def side_at(c1: int, r1: int, c2: int, r2: int, what: str) -> HexSide:
        # HexMap._side without its on-map checks (hex_at made them); it still words
        # the refusal of hexes that are not adjacent.
        if c1 >= cols or r1 >= rows or c2 >= cols or r2 >= rows:
            hex_at(c1, r1, what.lower())
            hex_at(c2, r2, what.lower())  # one of them refuses, with its sentence
        a, b = grid[r1][c1], grid[r2][c2]
        d = _DIRECTION_OF.get((b[0] - a[0], b[1] - a[1]))
        if d is None:
            return m._side(a, b, what)
        return new_side(HexSide, (a, d) if d < 3 else (b, d - 3))

    if len(doc.terrain) != g.rows or any(len(r) != g.cols for r in doc.terrain):
        raise bad(f"its terrain must be {g.rows} rows of {g.cols} letters")
    terrains = m.palette.terrains
    for tname in doc.terrain_codes.values():
        if tname not in terrains:
            raise bad(f"terrain {_short(tname)} is not in the {doc.palette} palette")
    legend = doc.terrain_codes
    for row, line in enumerate(doc.terrain):
        unknown = set(line) - legend.keys()
        if unknown:
            code = min(unknown)
            raise bad(f"terrain letter {code!r} in row {row} is not in the file's legend")
        m._terrain.update(zip(m._grid_rows[row], map(legend.__getitem__, line)))
    # The tables are filled directly (a 200×200 map has tens of thousands of entries);
    # every check of the HexMap methods is made here, with their sentences.
    elevation = m._elevation
    try:
        for col, row, level in doc.elevation:
            if col < 0 or row < 0:
                raise bad(f"an elevation at column {col}, row {row} lies off the map")
            h = hex_at(col, row, "an elevation")
            if not -99 <= level <= 99:
                m.set_elevation(h, level)  # refuses with its sentence
            if level:
                elevation[h] = level
            else:
                elevation.pop(h, None)
    except MapEditError as e:
        raise bad(_lower_first(str(e).rstrip("."))) from None
    if any(col >= cols or row >= rows for col, row in doc.rivers):
        for col, row in doc.rivers:
            hex_at(col, row, "a river hex")  # the first off the map refuses
    m._rivers.update(grid[row][col] for col, row in doc.rivers)
    try:
        m._roads.update(side_at(c1, r1, c2, r2, "A road") for c1, r1, c2, r2 in doc.roads)
        cliffs = m._cliffs
        for c1, r1, c2, r2 in doc.cliffs:
            cliffs[side_at(c1, r1, c2, r2, "A cliff")] = grid[r1][c1]
        for col, row in doc.bridges:
            m.set_bridge(hex_at(col, row, "a bridge"), True)
        for p in doc.places:
            m.add_place(hex_at(p.col, p.row, f"place {p.name}"), p.name, p.kind, p.vp, p.pp, p.label)
        for lb in doc.labels:
            m.add_label(hex_at(lb.col, lb.row, "a label"), lb.text)
    except MapEditError as e:
        raise bad(_lower_first(str(e).rstrip("."))) from None
    return m


def _load_current(path: Path, name: str) -> HexMap | None:
    """A good current-version file, parsed and validated in one pass by pydantic-core;
    None for anything else (older versions, damage), which takes the careful path of
    read_json and map_from_data and gets its sentence there."""
    try:
        if path.stat().st_size > FAST_PATH_BYTES:
            return None
        raw = path.read_bytes()
    except OSError:
        return None
    doc = _validate_current(raw)
    return _build(doc, name) if doc is not None else None


def _validate_current(raw: str | bytes) -> MapFileV2 | None:
    if len(raw) > FAST_PATH_BYTES:
        return None
    try:
        doc = MapFileV2.model_validate_json(raw)
    except (ValidationError, ValueError, RecursionError):
        return None
    cells = max(1, doc.grid.cols * doc.grid.rows)
    if max(len(doc.elevation), len(doc.rivers), len(doc.bridges), len(doc.places),
           len(doc.labels)) > cells or max(len(doc.roads), len(doc.cliffs)) > 3 * cells:
        return None  # _check_list_sizes words the refusal
    return doc


def _check_list_sizes(data: dict, name: str) -> None:
    """Refuse lists longer than the grid could need before validating them item by item,
    so a hostile file of a million entries costs milliseconds, not seconds."""
    grid = data.get("grid")
    try:
        cells = int(grid["cols"]) * int(grid["rows"])  # type: ignore[index]
    except (TypeError, KeyError, ValueError):
        return  # validation will name the grid problem
    cells = max(1, min(cells, MAX_SIDE * MAX_SIDE))
    bounds = {"elevation": cells, "rivers": cells, "bridges": cells, "roads": 3 * cells,
              "cliffs": 3 * cells, "places": cells, "labels": cells, "terrain": MAX_SIDE}
    for key, bound in bounds.items():
        value = data.get(key)
        if isinstance(value, list) and len(value) > bound:
            raise MapFormatError(
                f"{name} is damaged: it lists {len(value)} {key}, more than a "
                f"map of {cells} hexes can have."
            )


# --- migrations: version N -> N+1, each kept forever with a fixture ----------------------


def _v1_to_v2(data: dict) -> dict:
    """Version 1 listed every hex as an object; roads, cliffs and places by [col,row]."""
    grid = dict(data["grid"])
    cols, rows = grid["cols"], grid["rows"]
    if not (isinstance(cols, int) and isinstance(rows, int) and 1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        raise ValueError("the grid size is not valid")
    from hexcampaign.maps.palette import load_palette

    palette = load_palette(data["palette"])
    code_of = {t.name: t.code for t in palette.terrains_list}
    cells = [[palette.default] * cols for _ in range(rows)]
    elevation, rivers, bridges = [], [], []
    for cell in data.get("hexes", []):
        col, row = cell["col"], cell["row"]
        cells[row][col] = cell.get("terrain", palette.default)
        if cell.get("elevation"):
            elevation.append([col, row, cell["elevation"]])
        if cell.get("river"):
            rivers.append([col, row])
        if cell.get("bridge"):
            bridges.append([col, row])
    return {
        "format": FORMAT,
        "version": 2,
        "name": data.get("name", ""),
        "author": data.get("author", ""),
        "description": data.get("description", ""),
        "grid": grid,
        "palette": palette.name,
        "terrain_codes": {t.code: t.name for t in palette.terrains_list},
        "terrain": ["".join(code_of.get(t, "?") for t in line) for line in cells],
        "elevation": elevation,
        "rivers": rivers,
        "bridges": bridges,
        "roads": [[*r["from"], *r["to"]] for r in data.get("roads", [])],
        "cliffs": [[*c["upper"], *c["lower"]] for c in data.get("cliffs", [])],
        "places": [
            {k: v for k, v in {**p, "col": p["hex"][0], "row": p["hex"][1]}.items() if k != "hex"}
            for p in data.get("places", [])
        ],
        "labels": data.get("labels", []),
    }


MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: _v1_to_v2}


def _offset_function(orientation: str) -> Callable[[Hex], tuple[int, int]]:
    """Hex -> (col, row) as hex_to_offset computes it, inlined for the flat layout: a
    200×200 map converts some 90,000 hexes on every save."""
    if orientation != "flat":
        return lambda h: hex_to_offset(h, orientation)

    def odd_q(h: Hex) -> tuple[int, int]:
        q, r = h
        return q, r + ((q - (q & 1)) >> 1)

    return odd_q


def _side_rows(sides, off: Callable[[Hex], tuple[int, int]]) -> list[list[int]]:
    """[col, row, col, row] of each hexside's two hexes, the lesser first (as _pair)."""
    rows = []
    for (q, r), d in sides:  # canonical hexside: a hex and a direction N, NE or SE
        dq, dr = DIRECTIONS[d]
        a, b = off((q, r)), off((q + dq, r + dr))
        rows.append([*a, *b] if a <= b else [*b, *a])
    return rows


def _pair(a: tuple[int, int], b: tuple[int, int]) -> list[int]:
    return [*min(a, b), *max(a, b)]


def _short(value: object) -> str:
    """A value from the file, cut short enough for a sentence (a hostile file may put a
    4000-digit number or a megabyte string where a version belongs)."""
    text = repr(value)
    return text if len(text) <= 24 else text[:21] + "..."


def _lower_first(s: str) -> str:
    return s[:1].lower() + s[1:] if s else s


def _first_error(e: ValidationError) -> str:
    err = e.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "the file"
    kind = err["type"]
    if kind == "missing":
        return f"the field {where!r} is missing"
    if kind in ("extra_forbidden",):
        return f"it has an unknown field {where!r}"
    return f"the field {where!r} is wrong: {err['msg'].lower()}"


