"""The .hexmap file: UTF-8 JSON with `format` and `version`, validated on load.

Version 2 stores terrain as one string per row of single-letter codes with the legend
in the file, and everything else as sparse lists of [col, row] offsets. Version 3
(current) is version 2 whose "palette" may also be the map's own palette, written out
whole; a map with a shipped palette is still written as version 2. Version 1 stored one
object per hex; `MIGRATIONS[1]` (maps/migrations.py) lifts it to version 2 and
`MIGRATIONS[2]` to 3, and the fixtures tests/maps/fixtures/v1.hexmap and v2.hexmap must load forever.

Version 5 keeps each river and each road as a named line of its own ("lines": kind,
name, hexes in order). Before it, every river hex was in one "rivers" list (in the order
painted) and every road segment in one "roads" list; such a file is read by splitting
those lists into connected lines (maps/lines.py: river_lines_of, road_lines_of), the
same way every time, so an old map opens looking as it did.

Every way in (load_map, loads_map, map_from_document for a save's map) goes through one
reader, `_read` / `map_from_data`, whose verdict is plain_check's.
"""

from __future__ import annotations

import errno
import json
import operator
import re
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import compress, islice
from json.encoder import encode_basestring
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from hexcampaign import files
from hexcampaign.files import (
    FileFormatError,
    atomic_write_text,
    gc_paused,
    parse_json,
)
from hexcampaign.hexes import DIRECTIONS, Hex, HexSide, hex_to_offset
from hexcampaign.maps.lines import Line, river_lines_of, road_lines_of
from hexcampaign.maps.migrations import MIGRATIONS
from hexcampaign.maps.model import MAX_SIDE, HexMap, MapEditError, control_character
from hexcampaign.maps.palette import PaletteError, palette_from_data, palette_names
from hexcampaign.maps.plain_check import lone_surrogate, plain_document

if TYPE_CHECKING:
    from pydantic import ValidationError

FORMAT = "hexcampaign-map"
# Version 3 lets "palette" be the palette itself (a user's own) as well as a shipped
# palette's name. A map with a shipped palette is still written as version 2, which
# every earlier hexcampaign reads; only a map with its own palette needs version 3.
# Version 4 adds the optional "notes" (per-hex notes) and grid "label_every" (number
# every N-th hex). They are written only when the map uses them, and such a map only
# is written as version 4, so a hexcampaign before them says "saved by a newer
# hexcampaign" instead of refusing an unknown field as damage.
# Version 5 adds "lines" (each river and road named, its hexes in order) and writes no
# "rivers" or "roads": a map with any river or road is written as version 5.
# Version 6 adds the optional "underlay" (the scanned picture traced under the map:
# its path relative to the map's file, its placement and opacity; maps/underlay.py) and
# grid "hex_km" (km from hex centre to hex centre, for the printed scale bar); only a
# map using one of them is written as version 6.
VERSION = 6
_DIRECTION_OF = {delta: d for d, delta in enumerate(DIRECTIONS)}


class MapFormatError(FileFormatError):
    """A map file that cannot be opened; the message says why in one sentence."""


def load_map(path: Path | str) -> HexMap:
    """Open a map file; MapFormatError with a sentence for every kind of bad file."""
    path = Path(path)
    raw = _read_bytes(path)
    with gc_paused():
        m = _read(raw, path.name)
    if m.underlay is not None:  # its picture's path is relative to the map's file
        from hexcampaign.maps.underlay import resolved  # (only maps with a picture need it)

        m.underlay = resolved(m.underlay, path.parent)
    return m


def loads_map(text: str | bytes, name: str = "map") -> HexMap:
    """The map of a file's text (or bytes): the same verdict as load_map on those bytes."""
    with gc_paused():
        return _read(text, name)


def _read(raw: str | bytes, name: str) -> HexMap:
    """The one reader of map text. Its verdict is the hand check's (plain_check.py) on
    the parsed document; pydantic is asked only to word a refusal, so the same bytes get
    the same answer whether or not pydantic happens to be loaded."""
    text = _decoded(raw, name)
    try:
        data = json.loads(text) if files.fast_parse_allowed(text) else None
    except (ValueError, RecursionError):
        data = None
    doc = plain_document(data, escapes="\\u" in text) if type(data) is dict else None
    if doc is not None and _within_grid(doc):
        m = _build(doc, name)
        _keep_line_texts(m, doc, text)
        return m
    # Refused, or an older version: the limits that word a refusal (size, nesting,
    # where the JSON breaks, numbers that are not finite), then migrate and check. What
    # json.loads read already is not read again where the text allows it.
    try:
        if data is None:
            data = parse_json(text, name, "hexcampaign map")
        else:
            data = files.parsed_json(text, data, name, "hexcampaign map")
    except FileFormatError as e:
        raise MapFormatError(str(e)) from None
    return map_from_data(data, name)


def _decoded(raw: str | bytes, name: str) -> str:
    """The text of a map: UTF-8, with a byte-order mark (Windows Notepad writes one)
    ignored, as RFC 8259 allows. UTF-16 and other encodings are refused here, where
    json.loads would have guessed them."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise MapFormatError(f"{name} is not a hexcampaign map: it is not UTF-8 text.") from None
    return raw[1:] if raw.startswith("\ufeff") else raw


def _read_bytes(path: Path) -> bytes:
    """The bytes of a regular map file, never more than the size limit plus one, read by
    the program's one bounded reader (files.read_limited): a device (/dev/zero), a pipe
    or a folder named like a map is refused without reading it, and the temporaries a
    save killed half-way left beside the file are cleared, as for games and campaigns."""
    try:
        return files.read_limited(path, "hexcampaign map")
    except MapFormatError:
        raise
    except FileFormatError as e:
        raise MapFormatError(str(e)) from None


def save_map(hexmap: HexMap, path: Path | str) -> None:
    """Atomic save with a .bak of the previous file. The written file is read back and
    must parse to exactly the document we meant to write (which came from a valid map)
    before it replaces the old file. OSError propagates for the caller to explain."""
    with gc_paused():
        text = dumps_map(hexmap, Path(path).parent)

    def verify(back: str) -> None:
        # The very text written parses to the document; comparing the text is stricter
        # than comparing parses, and costs no second parse of a large map.
        if back != text:
            raise OSError(errno.EIO, "the file read back differs from what was written")

    atomic_write_text(path, text, verify=verify)


def dumps_map(hexmap: HexMap, folder: Path | None = None) -> str:
    """The map's file text: exactly json.dumps of map_to_document, compact; saved in
    `folder`, the underlay's picture path is written relative to it.

    The sparse sections (elevation, rivers, bridges, roads, cliffs) are kept as text on
    the map with a copy of the table each came from, and reused while the table still
    equals that copy: saving or autosaving a big map re-encodes only what was edited
    since (comparing a table with its copy costs a tenth of encoding it)."""
    m = hexmap
    head = _dumps(_head(m))
    parts = [head[:-1]]  # the closing brace comes after the sections
    shape = (m.orientation, m.cols, m.rows)
    known = encoded_sections(m)
    for name, table_of, rows_of in _SPARSE_SECTIONS:
        table = table_of(m)
        entry = known.get(name)
        if entry is None or entry[0] != shape or entry[1] != table:
            entry = known[name] = (shape, table.copy(), _dumps(rows_of(m)))
        elif isinstance(entry[2], list):  # the file's rows, kept by the loader
            rows = entry[2] if _as_written(entry[2], len(table), name) else rows_of(m)
            entry = known[name] = (shape, entry[1], _dumps(rows))
        parts.append(f',"{name}":{entry[2]}')
    notes = f',"notes":{_dumps(_note_rows(m))}' if m._notes else ""
    lines = f',"lines":{_lines_text(m, known)}' if m._lines else ""
    underlay = ""
    if m.underlay is not None:
        from hexcampaign.maps.underlay import relative_to, underlay_to_data

        written = m.underlay if folder is None else relative_to(m.underlay, folder)
        underlay = f',"underlay":{_dumps(underlay_to_data(written))}'
    parts.append(f',"places":{_dumps(_place_rows(m))},"labels":{_dumps(_label_rows(m))}{notes}{lines}{underlay}}}')
    return "".join(parts)


def encoded_sections(m: HexMap) -> dict[str, tuple]:
    """The map's sections as last encoded: name -> (shape, copy of the table, text or
    the file's rows), and "lines" -> (shape, each line's text by line: _lines_text's). Kept here, beside the map rather than on it, so the model knows
    nothing of its file; an entry goes when its map does."""
    key = id(m)
    entry = _ENCODED.get(key)
    if entry is None or entry[0]() is not m:
        entry = _ENCODED[key] = (weakref.ref(m, lambda _: _ENCODED.pop(key, None)), {})
    return entry[1]


# id(map) -> (a weak reference to the map, its encoded sections). A dict by id because a
# HexMap compares by contents and so cannot be a key itself.
_ENCODED: dict[int, tuple[weakref.ref, dict[str, tuple]]] = {}


def map_to_document(m: HexMap) -> dict:
    """The version-2 JSON document of a map (plain dicts and lists).

    Every list is sorted, so a saved file changes only where the map did; the rivers
    are listed in the order painted (a new river hex joins the end)."""
    document = _head(m)
    for name, _, rows_of in _SPARSE_SECTIONS:
        document[name] = rows_of(m)
    document["places"] = _place_rows(m)
    document["labels"] = _label_rows(m)
    if m._notes:
        document["notes"] = _note_rows(m)
    if m._lines:
        document["lines"] = _line_rows(m)
    if m.underlay is not None:
        from hexcampaign.maps.underlay import underlay_to_data

        document["underlay"] = underlay_to_data(m.underlay)
    return document


def _dumps(value: object) -> str:
    # Fresh plain data cannot hold a cycle: without the encoder's check for one, a big
    # map encodes in three quarters of the time.
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), check_circular=False)


def _head(m: HexMap) -> dict:
    """The document up to and including the terrain, in the file's key order."""
    code_of = {t.name: t.code for t in m.palette.terrains_list}
    # The terrain table holds every hex in the grid's column-major order (model.py), so
    # one C-level pass gives the letters column by column; every rows-th letter is a row.
    by_column = "".join(map(code_of.__getitem__, m._terrain.values()))
    shipped = m.palette.is_shipped()
    grid: dict = {
        "cols": m.cols,
        "rows": m.rows,
        "orientation": m.orientation,
        "label_style": m.label_style,
        "label_first": m.label_first,
    }
    if m.label_every != 1:
        grid["label_every"] = m.label_every
    if m.hex_km is not None:
        grid["hex_km"] = m.hex_km
    # The lowest version that holds what the map uses, so older programs read it.
    version = 6 if m.underlay is not None or m.hex_km is not None else 5 if m._lines else 4 if m._notes or m.label_every != 1 else 2 if shipped else 3
    return {
        "format": FORMAT,
        "version": version,
        "name": m.name,
        "author": m.author,
        "description": m.description,
        "grid": grid,
        "palette": m.palette.name if shipped else m.palette.to_data(),
        "terrain_codes": {t.code: t.name for t in m.palette.terrains_list},
        "terrain": [by_column[row :: m.rows] for row in range(m.rows)],
    }


def _cliff_rows(m: HexMap) -> list[list[int]]:
    o, cliffs = m.orientation, m._cliffs
    upper = _point_keys(cliffs.values(), o)
    lower = _point_keys([side.other(top) for side, top in cliffs.items()], o)
    return _sorted_rows([a << 2 * _BITS | b for a, b in zip(upper, lower)], 4)


def _line_rows(m: HexMap) -> list[dict]:
    """Each river and road in the order drawn: {"kind", "name", "hexes": [[col, row]…]};
    a river along hexsides has "hexsides": [[col, row, col, row]…] instead."""
    return [_line_row(line, m.orientation) for line in m._lines]


def _line_row(line: Line, orientation: str) -> dict:
    if line.along:
        off = _offset_function(orientation)
        sides = [[*off(a), *off(b)] for a, b in (side.hexes() for side in line.along)]
        return {"kind": line.kind, "name": line.name, "hexsides": sides}
    if orientation == "flat":  # odd-q, as hex_to_offset, inlined: thousands of hexes a map
        hexes = [[q, r + (q >> 1)] for q, r in line.hexes]
    else:
        hexes = [[*hex_to_offset(h, orientation)] for h in line.hexes]
    return {"kind": line.kind, "name": line.name, "hexes": hexes}


def _lines_text(m: HexMap, known: dict[str, tuple]) -> str:
    """The "lines" section's text, json.dumps of _line_rows. Each line's text is kept
    with the line it came from (a Line is immutable: an edit puts a new one in its
    place), so a save encodes only the lines drawn or changed since the last."""
    shape = (m.orientation, m.cols, m.rows)
    entry = known.get("lines")
    before: dict[int, tuple[Line, str]] = entry[1] if entry is not None and entry[0] == shape else {}
    kept: dict[int, tuple[Line, str]] = {}  # id(line) -> (line, its text): the line held, its id not reused
    texts = []
    for line in m._lines:
        found = before.get(id(line))
        text = found[1] if found is not None and found[0] is line else _dumps(_line_row(line, m.orientation))
        kept[id(line)] = (line, text)
        texts.append(text)
    known["lines"] = (shape, kept)
    return f"[{','.join(texts)}]"


def _place_rows(m: HexMap) -> list[dict]:
    off = _offset_function(m.orientation)
    return [
        {"name": p.name, "kind": p.kind, "vp": p.vp, "pp": p.pp, "col": col, "row": row, "label": p.label_position}
        for p in sorted(m._places.values(), key=lambda p: p.name)
        for col, row in (off(p.hex),)
    ]


def _label_rows(m: HexMap) -> list[dict]:
    off = _offset_function(m.orientation)
    return [{"col": col, "row": row, "text": lb.text} for lb in m._labels for col, row in (off(lb.hex),)]


def _note_rows(m: HexMap) -> list[dict]:
    """The notes by hex, column by column: {"col", "row", "text", "properties"}, the
    text and the properties (an object, in the note's order) left out when empty."""
    off = _offset_function(m.orientation)
    rows = []
    for h, note in sorted(m._notes.items(), key=lambda item: off(item[0])):
        col, row = off(h)
        entry: dict = {"col": col, "row": row}
        if note.text:
            entry["text"] = note.text
        if note.properties:
            entry["properties"] = dict(note.properties)
        rows.append(entry)
    return rows


# The sparse sections in file order: name, the map's table, its rows (sorted, so a saved
# file changes only where the map did).
_SPARSE_SECTIONS: tuple[tuple[str, Callable[[HexMap], dict | set], Callable[[HexMap], list]], ...] = (
    ("elevation", lambda m: m._elevation,
     lambda m: _sorted_rows(_level_keys(m._elevation, m.orientation), 3, bias=_LEVEL_BIAS)),
    # Rivers and roads are "lines" (version 5), written after the notes.
    ("bridges", lambda m: m._bridges, lambda m: _sorted_rows(_point_keys(m._bridges, m.orientation), 2)),
    ("cliffs", lambda m: m._cliffs, _cliff_rows),
)


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
    doc = plain_document(data)
    if doc is None:
        raise MapFormatError(_refusal(data, name))
    return _build(doc, name)


def _refusal(data: dict, name: str) -> str:
    """The sentence for a document the hand check refused. Only here is pydantic
    imported (start-up would pay 90 ms for it): the file model words the first fault.
    The model and the hand check accept the same documents (tests/maps/
    test_plain_check.py); text no file can carry is named before the model is asked."""
    where = lone_surrogate(data)
    if where:
        return f"{name} is damaged: {where} holds a \\u escape that is not a character"
    if isinstance(data.get("palette"), dict):
        try:
            palette = palette_from_data(data["palette"])
        except PaletteError as e:
            return f"{name} is damaged: its terrain palette is not usable: {e}."
        data = {**data, "palette": palette.name}  # the model words what else is wrong
    data = {**data, "version": 2} if data.get("version") in range(3, VERSION + 1) else data
    from pydantic import ValidationError

    from hexcampaign.maps.schema import MapFileV2

    try:
        MapFileV2.model_validate(data)
    except ValidationError as e:
        return f"{name} is damaged: {_first_error(e)}."
    except (RecursionError, ValueError, OverflowError):
        pass
    return f"{name} is damaged: it does not follow the map format."


def _build(doc: SimpleNamespace, name: str) -> HexMap:
    """The map of a document plain_check passed (MapFileV2's fields as attributes)."""
    def bad(what: str) -> MapFormatError:
        return MapFormatError(f"{name} is damaged: {what}.")

    if isinstance(doc.palette, str) and doc.palette not in palette_names():
        raise bad(f"it uses the terrain palette {_short(doc.palette)}, which this program does not know")
    g = doc.grid
    m = HexMap(g.cols, g.rows, doc.palette, g.orientation)
    palette_name = m.palette.name
    m.name, m.author, m.description = doc.name, doc.author, doc.description
    # Control characters print as nothing and make exports no XML reader accepts.
    for what, text, lines in (("name", m.name, False), ("author", m.author, False),
                              ("description", m.description, True)):
        bad_character = control_character(text, lines=lines)
        if bad_character:
            raise bad(f"the map's {what} holds the control character {bad_character}")
    m.label_style, m.label_first, m.label_every = g.label_style, g.label_first, g.label_every
    m.hex_km, m.underlay = None if g.hex_km is None else float(g.hex_km), doc.underlay

    grid, cols, rows = m._grid_rows, g.cols, g.rows

    def hex_at(col: int, row: int, what: str) -> Hex:
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
            raise bad(f"terrain {_short(tname)} is not in the {palette_name} palette")
    legend = doc.terrain_codes
    letters = "".join(doc.terrain)  # row by row
    if not set(letters) <= legend.keys():
        for row, line in enumerate(doc.terrain):
            unknown = set(line) - legend.keys()
            if unknown:
                raise bad(f"terrain letter {min(unknown)!r} in row {row} is not in the file's legend")
    _fill_terrain(m, letters, legend)
    # The tables are filled directly (a 200×200 map has tens of thousands of entries);
    # every check of the HexMap methods is made here, with their sentences. Each fast
    # fill reads the grid by index: a coordinate past the map (validation made them
    # non-negative) raises IndexError, and the careful loop then words the refusal.
    try:
        if doc.elevation:
            at_cols, at_rows, levels = zip(*doc.elevation)  # validated: rows of three numbers
            if 0 in levels or min(levels) < -99 or max(levels) > 99:
                raise IndexError  # zero or out of range: the careful loop decides
            if min(at_cols) < 0 or min(at_rows) < 0:
                raise IndexError  # the file model allows -99 here; the careful loop refuses it
            m._elevation.update(zip(map(operator.getitem, map(grid.__getitem__, at_rows), at_cols), levels))
    except IndexError:
        m._elevation.clear()
        _careful_elevation(m, doc, hex_at, bad)
    try:
        river_hexes = [grid[row][col] for col, row in doc.rivers]
    except IndexError:
        for col, row in doc.rivers:
            hex_at(col, row, "a river hex")  # the first off the map refuses
        raise  # unreachable: one of them was off the map
    def placed_lines() -> Iterator[tuple[str, tuple[Hex, ...] | list[HexSide], str]]:
        """The file's lines one by one, their hexes placed: add_lines checks each before
        the next is placed, so the first fault in the file is the one a refusal names."""
        for line in doc.lines:
            if line.hexsides:
                what = f"the {line.kind.replace('_', ' ')} {line.name}".capitalize()
                yield line.kind, [side_at(c1, r1, c2, r2, what) for c1, r1, c2, r2 in line.hexsides], line.name
                continue
            # Every hex on the map (passes of builtins over the rows: a big map has
            # thousands of line hexes), else hex_at refuses the first off it; add_lines
            # then checks only the line's shape.
            line_cols, line_rows = zip(*line.hexes)  # validated: [col, row] rows, at least one
            if max(line_cols) >= cols or max(line_rows) >= rows:
                for col, row in line.hexes:
                    hex_at(col, row, f"the {line.kind.replace('_', ' ')} {line.name}")
            yield line.kind, tuple(map(operator.getitem, map(grid.__getitem__, line_rows), line_cols)), line.name

    try:
        m.add_lines(placed_lines(), on_map=True)
        # Version 4 and before: one list of river hexes, one of road segments, split
        # into lines that draw as the lists drew.
        for hexes in river_lines_of(list(dict.fromkeys(river_hexes))):
            m.add_line("river", hexes)
        roads = _flat_road_sides(doc.roads, grid) if g.orientation == "flat" else None
        if roads is None:
            roads = [side_at(c1, r1, c2, r2, "A road") for c1, r1, c2, r2 in doc.roads]
        for hexes in road_lines_of(side.hexes() for side in roads):
            m.add_line("road", hexes)
        cliffs = m._cliffs
        for c1, r1, c2, r2 in doc.cliffs:
            cliffs[side_at(c1, r1, c2, r2, "A cliff")] = grid[r1][c1]
        for col, row in doc.bridges:
            m.set_bridge(hex_at(col, row, "a bridge"), True)
        for p in doc.places:
            m.add_place(hex_at(p.col, p.row, f"place {p.name}"), p.name, p.kind, p.vp, p.pp, p.label)
        for lb in doc.labels:
            m.add_label(hex_at(lb.col, lb.row, "a label"), lb.text)
        for note in doc.notes:
            h = hex_at(note.col, note.row, "a hex note")
            if h in m._notes:
                raise bad(f"it has two notes for the hex at column {note.col}, row {note.row}")
            m.set_note(h, note.text, note.properties.items())
    except MapEditError as e:
        raise bad(_lower_first(str(e).rstrip("."))) from None
    _keep_sections(m, doc)
    return m


def _keep_sections(m: HexMap, doc: SimpleNamespace) -> None:
    """Give dumps_map the file's own rows of each sparse section, with a copy of the table
    they were loaded into. The first save after opening a big map writes them again if
    they are exactly what it would write (_as_written), instead of working them out."""
    shape = (m.orientation, m.cols, m.rows)
    known = encoded_sections(m)
    rows_of = {"elevation": doc.elevation, "bridges": doc.bridges, "cliffs": doc.cliffs}
    for name, table_of, _ in _SPARSE_SECTIONS:
        if name in rows_of:
            known[name] = (shape, table_of(m).copy(), rows_of[name])


# A line's hexes as this program writes them: [[col,row],...] with no space, sign,
# fraction or exponent. JSON that parsed has one such text for its numbers, so text
# matching this is exactly what json.dumps writes for what it parsed to.
_PLAIN_HEXES = re.compile(r"\[[\[\],0-9]*\]")
# The "lines" key, however spaced: written as a key it is followed by a colon, as no text
# value or array item is ("lines" as a note's property name is followed by a comma).
_LINES_KEY = re.compile(r'"lines"[ \t\n\r]*:')


def _keep_line_texts(m: HexMap, doc: SimpleNamespace, text: str) -> None:
    """Give _lines_text the file's own text of each line it would write unchanged, so
    the first save of a map as opened encodes none of its lines again.

    The "lines" array is found by its key: every other object of the file has a fixed
    set of keys without "lines" (a note's property values are text), and the last key
    wins in json.loads as in rfind. It is then read element by element as this program
    writes one ({"kind":…,"name":…,"hexes":[[col,row],…]}); a line is kept only if its
    whole text is exactly that for the Line the map holds, and the walk stops at the
    first that is not (that line and those after are encoded at the save, as before)."""
    # Only where the key is written once, plainly: a second "lines" key (json.loads keeps
    # the last, spaced or escaped as it may be) or any \u escape could make the text
    # found here another array than the one the map was built from.
    if not doc.lines or "\\u" in text or len(_LINES_KEY.findall(text)) != 1:
        return
    at = text.rfind(',"lines":[')
    if at < 0:
        return
    pos = at + len(',"lines":[')
    match_hexes = _PLAIN_HEXES.match
    kept: dict[int, tuple[Line, str]] = {}
    for line, row in zip(m._lines, doc.lines):
        if line.along or len(line.hexes) != len(row.hexes):
            break
        head = f'{{"kind":{encode_basestring(line.kind)},"name":{encode_basestring(line.name)},"hexes":'
        if not text.startswith(head, pos):
            break
        found = match_hexes(text, pos + len(head))
        end = found.end() if found is not None else -1
        if end < 0 or text[end : end + 2] not in ("},", "}]"):
            break
        kept[id(line)] = (line, text[pos : end + 1])
        pos = end + 2
    if kept:
        encoded_sections(m)["lines"] = ((m.orientation, m.cols, m.rows), kept)


def _as_written(rows: list[list[int]], entries: int, name: str = "") -> bool:
    """Rows are what dumps_map would write for a table of `entries` entries: sorted, with
    nothing repeated and nothing dropped on loading (a zero elevation, a cliff twice)."""
    return len(rows) == entries and all(map(operator.lt, rows, islice(rows, 1, None)))


def _flat_road_sides(quads: list[list[int]], grid: Sequence[Sequence[Hex]]) -> list[HexSide] | None:
    """The hexsides of roads as this program writes them on a flat-top map (two adjacent
    hexes, the lesser offset first), worked out from the offsets alone: a big map has
    thousands. None when a row is anything else, for side_at to judge and word."""
    rows, cols = len(grid), len(grid[0])
    # As written, the second hex is the one below (same column) or, in the next column
    # (odd-q), NE: a row up from an even column and level from an odd one; or SE, a row
    # lower than NE. Off the map to the right or below is not "as written" either.
    if not all(
        c2 < cols and r2 < rows and (c2 == c1 and r2 == r1 + 1 or c2 == c1 + 1 and -1 <= r2 - r1 - (c1 & 1) <= 0)
        for c1, r1, c2, r2 in quads
    ):
        return None
    new_side = tuple.__new__  # HexSide is a NamedTuple: this skips its Python __new__
    return [
        new_side(HexSide, (grid[r2][c2], 0)) if c1 == c2 else new_side(HexSide, (grid[r1][c1], 2 + r2 - r1 - (c1 & 1)))
        for c1, r1, c2, r2 in quads
    ]


def _fill_terrain(m: HexMap, letters: str, legend: dict[str, str]) -> None:
    """Terrain from the file's letters (row by row) into a new map, whose table holds the
    palette's default terrain for every hex, column by column. Only the hexes of other
    terrain are stored one by one: hashing hexes is most of what loading a big map
    costs, and most hexes of most maps are of the default terrain."""
    by_column = "".join([letters[c :: m.cols] for c in range(m.cols)])
    default = m.palette.default
    if by_column.isascii():
        # One C-level pass marks the letters of other terrain (bytes 1) for compress().
        marks = bytearray(256)
        for code, name in legend.items():
            marks[ord(code)] = name != default
        others = by_column.encode("ascii").translate(marks)
    else:
        others = bytes(legend[c] != default for c in by_column)
    m._terrain.update(zip(compress(m._hexes, others), map(legend.__getitem__, compress(by_column, others))))


def _careful_elevation(
    m: HexMap, doc: SimpleNamespace, hex_at: Callable[[int, int, str], Hex], bad: Callable[[str], MapFormatError]
) -> None:
    """Elevations one by one, refusing the first that is off the map or out of range."""
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


def _within_grid(doc: SimpleNamespace) -> bool:
    """No list longer than the grid could need (_check_list_sizes words the refusal)."""
    cells = max(1, doc.grid.cols * doc.grid.rows)
    return max(len(doc.elevation), len(doc.rivers), len(doc.bridges), len(doc.places),
               len(doc.labels), len(doc.notes), len(doc.lines)) <= cells and max(len(doc.roads), len(doc.cliffs)) <= 3 * cells


def _check_list_sizes(data: dict, name: str) -> None:
    """Refuse lists longer than the grid could need before validating them item by item,
    so a hostile file of a million entries costs milliseconds, not seconds."""
    grid: Any = data.get("grid")  # anything: what is not a grid of numbers is caught
    try:
        cells = int(grid["cols"]) * int(grid["rows"])
    except (TypeError, KeyError, ValueError, OverflowError):  # 1e999 is infinity
        return  # validation will name the grid problem
    cells = max(1, min(cells, MAX_SIDE * MAX_SIDE))
    bounds = {"elevation": cells, "rivers": cells, "bridges": cells, "roads": 3 * cells,
              "cliffs": 3 * cells, "places": cells, "labels": cells, "notes": cells, "lines": cells,
              "terrain": MAX_SIDE}
    for key, bound in bounds.items():
        value = data.get(key)
        if isinstance(value, list) and len(value) > bound:
            raise MapFormatError(
                f"{name} is damaged: it lists {len(value)} {key}, more than a "
                f"map of {cells} hexes can have."
            )


def _offset_function(orientation: str) -> Callable[[Hex], tuple[int, int]]:
    """Hex -> (col, row) as hex_to_offset computes it, inlined for the flat layout: a
    200×200 map converts some 90,000 hexes on every save."""
    if orientation != "flat":
        return lambda h: hex_to_offset(h, orientation)

    def odd_q(h: Hex) -> tuple[int, int]:
        q, r = h
        return q, r + ((q - (q & 1)) >> 1)

    return odd_q


# Offsets are below MAX_SIDE = 500 < 2**10: a row of small integers packs into one
# integer whose order is the row's order, and sorting integers is several times faster
# than sorting lists (a 200×200 map sorts some 13,000 entries on every save).
_BITS = 10
_MASK = (1 << _BITS) - 1
# Elevations run from -99: biased to be non-negative, they pack like offsets.
_LEVEL_BIAS = 99


def _point_keys(hexes: Iterable[Hex], orientation: str) -> list[int]:
    """Hexes as their (col, row) offsets, packed."""
    n = _BITS
    if orientation == "flat":  # odd-q, as hex_to_offset, inlined: ~20,000 hexes a save
        return [q << n | r + (q >> 1) for q, r in hexes]
    return [c << n | r for c, r in (hex_to_offset(h, orientation) for h in hexes)]


def _level_keys(elevation: dict[Hex, int], orientation: str) -> list[int]:
    """(col, row, level) of each elevation packed, the level biased to be non-negative."""
    n, bias = _BITS, _LEVEL_BIAS
    if orientation == "flat":  # as _point_keys, in the same pass
        return [(q << n | r + (q >> 1)) << n | level + bias for (q, r), level in elevation.items()]
    return [k << n | level + bias for k, level in zip(_point_keys(elevation, orientation), elevation.values())]


def _side_keys(sides: Iterable[HexSide], orientation: str) -> list[int]:
    """Each hexside's two hexes (col, row, col, row) packed, the lesser hex first."""
    n2 = 2 * _BITS
    sides = list(sides)  # canonical hexsides: a hex and a direction N, NE or SE
    if orientation == "flat":
        # Odd-q, from the hex's packed offset a alone: its N neighbour is the row above
        # (a - 1, the lesser); NE and SE are in the next column, a row up or level on an
        # even column and one lower on an odd one (a + 1023 or a + 1024, plus q & 1).
        keys = []
        for (q, r), d in sides:
            a = q << _BITS | r + (q >> 1)
            keys.append((a - 1) << n2 | a if d == 0 else a << n2 | a + 1022 + d + (q & 1))
        return keys
    first = _point_keys([h for h, _ in sides], orientation)
    step = DIRECTIONS
    second = _point_keys([Hex(q + step[d][0], r + step[d][1]) for (q, r), d in sides], orientation)
    return [a << n2 | b if a <= b else b << n2 | a for a, b in zip(first, second)]


def _sorted_rows(keys: list[int], width: int, bias: int = 0) -> list[list[int]]:
    """Packed rows of `width` fields, sorted and unpacked; a last field packed with a
    bias is given back without it."""
    n, m = _BITS, _MASK
    keys.sort()
    # Spelled out per width: a loop over the fields cost more than the sort saved.
    if width == 2:
        return [[k >> n, k & m] for k in keys]
    if width == 3:
        return [[k >> 2 * n, k >> n & m, (k & m) - bias] for k in keys]
    return [[k >> 3 * n, k >> 2 * n & m, k >> n & m, k & m] for k in keys]


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


def __getattr__(name: str) -> object:
    # The file models moved to maps/schema.py (imported only when needed); code that
    # knew them here still finds them.
    if name in ("MapFileV2", "GridModel", "PlaceModel", "LabelModel"):
        from hexcampaign.maps import schema

        return getattr(schema, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
