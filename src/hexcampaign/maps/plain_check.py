"""The check of a version 2 or 3 map document: the one judge of whether a map file
opens (maps/fileformat.py asks nothing else). Version 3 differs only in that its
"palette" may be a palette object (a user's own), checked as a palette file is.

It is written out by hand because opening a map at start-up would otherwise import
pydantic and build the file models, some 90 ms before the window can show. It accepts
what maps/schema.py's MapFileV2 accepts and returns the same values (defaults filled in)
with the same attribute names; MapFileV2 only words a refusal and documents the format
(scripts/schemas.py). tests/maps/test_plain_check.py holds the two to the same answers
over every kind of damage of version 2 documents.
"""

from __future__ import annotations

from itertools import chain
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, TypeGuard

from hexcampaign.maps import model as limits
from hexcampaign.maps.lines import HEXSIDE_RIVER, LINE_KINDS, LINE_NAME_MAX
from hexcampaign.maps.model import LABEL_STYLES, MAX_HEX_KM, MAX_LABEL_EVERY, MAX_SIDE
from hexcampaign.maps.palette import PLACE_KINDS, Palette, PaletteError, palette_from_data

if TYPE_CHECKING:
    from hexcampaign.maps.underlay import Underlay


def plain_document(data: object, escapes: bool = True) -> SimpleNamespace | None:
    """The parsed document with MapFileV2's fields as attributes, or None. `escapes`
    False says the JSON text held no "\\u" escape, so no lone surrogate can be in it
    (strict UTF-8 has none) and its search is skipped."""
    if not _has_keys(data, _DOCUMENT_KEYS, _DOCUMENT_REQUIRED):
        return None
    version = data["version"]
    if data["format"] != "hexcampaign-map" or not _is_int(version) or version not in (2, 3, 4, 5, 6):
        return None
    palette = data["palette"]
    if type(palette) is dict and version >= 3:
        # Version 3: the map's own palette, checked as a palette file is.
        try:
            palette = palette_from_data(palette)
        except PaletteError:
            return None
    doc = SimpleNamespace(
        format=data["format"],
        version=version,
        name=data.get("name", ""),
        author=data.get("author", ""),
        description=data.get("description", ""),
        grid=_grid(data["grid"]),
        palette=palette,
        terrain_codes=data["terrain_codes"],
        terrain=data["terrain"],
        elevation=data.get("elevation", []),
        rivers=data.get("rivers", []),
        bridges=data.get("bridges", []),
        roads=data.get("roads", []),
        cliffs=data.get("cliffs", []),
        places=[_place(p) for p in data.get("places", ())] if _is_list(data.get("places", [])) else None,
        labels=[_label(lb) for lb in data.get("labels", ())] if _is_list(data.get("labels", [])) else None,
        notes=[_note(n) for n in data.get("notes", ())] if _is_list(data.get("notes", [])) else None,
        lines=[_line(n) for n in data.get("lines", ())] if _is_list(data.get("lines", [])) else None,
        underlay=_underlay(data["underlay"]) if "underlay" in data else None,
    )
    ok = (
        doc.grid is not None
        and _text(doc.name, 0, 200)
        and _text(doc.author, 0, 200)
        and _text(doc.description, 0, 20000)
        and type(doc.palette) in (str, Palette)
        and type(doc.terrain_codes) is dict
        and all(len(code) == 1 and type(name) is str for code, name in doc.terrain_codes.items())
        and _is_list(doc.terrain)
        and all(type(line) is str for line in doc.terrain)
        and _rows(doc.elevation, 3, level=True)
        and _rows(doc.rivers, 2)
        and _rows(doc.bridges, 2)
        and _rows(doc.roads, 4)
        and _rows(doc.cliffs, 4)
        and doc.places is not None
        and None not in doc.places
        and doc.labels is not None
        and None not in doc.labels
        and doc.notes is not None
        and None not in doc.notes
        and doc.lines is not None
        and None not in doc.lines
        and _all_rows([line.hexes for line in doc.lines], 2)
        and _all_rows([line.hexsides for line in doc.lines], 4)
        and (doc.underlay is not None or "underlay" not in data)
        and not (escapes and lone_surrogate(data))
    )
    return doc if ok else None


def lone_surrogate(data: object) -> str:
    """Where the document's text holds a lone surrogate ("the map's name"), or "".
    JSON can spell one (\\ud800) and json.loads gives it, but it is no character: the
    map could be shown but never saved again."""
    if type(data) is not dict:
        return ""
    texts = {"the map's name": data.get("name"), "the map's author": data.get("author"),
             "the map's description": data.get("description"), "the palette name": data.get("palette"),
             "the terrain legend": data.get("terrain_codes"), "the terrain": data.get("terrain"),
             "a place": data.get("places"), "a label": data.get("labels"),
             "a hex note": data.get("notes"), "a river or road": data.get("lines")}
    for where, value in texts.items():
        if not _encodable(value):
            return where
    return ""


def _encodable(value: object) -> bool:
    if type(value) is str:
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if type(value) is list:
        strings = [v for v in value if type(v) is str]
        if strings and not _encodable("".join(strings)):
            return False
        return all(_encodable(v) for v in value if type(v) in (list, dict))
    if type(value) is dict:
        return _encodable(list(value)) and _encodable(list(value.values()))
    return True


_DOCUMENT_KEYS = frozenset({"format", "version", "name", "author", "description", "grid", "palette",
                            "terrain_codes", "terrain", "elevation", "rivers", "bridges", "roads",
                            "cliffs", "places", "labels", "notes", "lines", "underlay"})
_DOCUMENT_REQUIRED = ("format", "version", "grid", "palette", "terrain_codes", "terrain")
_GRID_KEYS = frozenset({"cols", "rows", "orientation", "label_style", "label_first", "label_every", "hex_km"})
_NOTE_KEYS = frozenset({"col", "row", "text", "properties"})
_PLACE_KEYS = frozenset({"name", "kind", "vp", "pp", "col", "row", "label"})
_LABEL_KEYS = frozenset({"col", "row", "text"})
_LABEL_SIDES = ("above", "below", "left", "right")
_LINE_KEYS = frozenset({"kind", "name", "hexes", "hexsides"})


def _grid(data: object) -> SimpleNamespace | None:
    if not _has_keys(data, _GRID_KEYS, ("cols", "rows")):
        return None
    grid = SimpleNamespace(
        cols=data["cols"],
        rows=data["rows"],
        orientation=data.get("orientation", "flat"),
        label_style=data.get("label_style", "CCRR"),
        label_first=data.get("label_first", 0),
        label_every=data.get("label_every", 1),
        hex_km=data.get("hex_km"),
    )
    ok = (
        _within(grid.cols, 1, MAX_SIDE)
        and _within(grid.rows, 1, MAX_SIDE)
        and grid.orientation in ("flat", "pointy")
        and type(grid.orientation) is str
        and type(grid.label_style) is str
        and grid.label_style in LABEL_STYLES
        and _within(grid.label_first, 0, 1)
        and _within(grid.label_every, 1, MAX_LABEL_EVERY)
        and (grid.hex_km is None or (type(grid.hex_km) in (int, float) and 0 < grid.hex_km <= MAX_HEX_KM))
    )
    return grid if ok else None


def _place(data: object) -> SimpleNamespace | None:
    if not _has_keys(data, _PLACE_KEYS, ("name", "kind", "col", "row")):
        return None
    place = SimpleNamespace(
        name=data["name"],
        kind=data["kind"],
        vp=data.get("vp", 0),
        pp=data.get("pp", 0),
        col=data["col"],
        row=data["row"],
        label=data.get("label", "below"),
    )
    ok = (
        _text(place.name, 1, 80)
        and type(place.kind) is str
        and place.kind in PLACE_KINDS
        and _within(place.vp, 0, 999)
        and _within(place.pp, 0, 999)
        and _within(place.col, 0, MAX_SIDE)
        and _within(place.row, 0, MAX_SIDE)
        and type(place.label) is str
        and place.label in _LABEL_SIDES
    )
    return place if ok else None


def _label(data: object) -> SimpleNamespace | None:
    if not _has_keys(data, _LABEL_KEYS, ("col", "row", "text")):
        return None
    label = SimpleNamespace(col=data["col"], row=data["row"], text=data["text"])
    ok = _within(label.col, 0, MAX_SIDE) and _within(label.row, 0, MAX_SIDE) and _text(label.text, 1, 200)
    return label if ok else None


def _note(data: object) -> SimpleNamespace | None:
    if not _has_keys(data, _NOTE_KEYS, ("col", "row")):
        return None
    note = SimpleNamespace(col=data["col"], row=data["row"], text=data.get("text", ""),
                           properties=data.get("properties", {}))
    props = note.properties
    ok = (
        _within(note.col, 0, MAX_SIDE)
        and _within(note.row, 0, MAX_SIDE)
        and _text(note.text, 0, limits.NOTE_TEXT_MAX)
        and type(props) is dict
        and len(props) <= limits.NOTE_PROPERTIES_MAX
        and all(_text(k, 1, limits.NOTE_KEY_MAX) and _text(v, 0, limits.NOTE_VALUE_MAX) for k, v in props.items())
    )
    return note if ok else None


def _line(data: object) -> SimpleNamespace | None:
    """A river or road of version 5: its kind, name and hexes [col, row] in order (a
    river along hexsides: its hexsides [col, row, col, row] in order, and no hexes).
    Its rows are lists here; what is in them plain_document checks for every line at
    once (_all_rows: a big map has hundreds of lines)."""
    if not _has_keys(data, _LINE_KEYS, ("kind", "name")):
        return None
    line = SimpleNamespace(kind=data["kind"], name=data["name"], hexes=data.get("hexes", []),
                           hexsides=data.get("hexsides", []))
    ok = (
        type(line.kind) is str
        and line.kind in LINE_KINDS
        and _text(line.name, 1, LINE_NAME_MAX)
        and _is_list(line.hexes)
        and _is_list(line.hexsides)
        and (bool(line.hexsides) and not line.hexes if line.kind == HEXSIDE_RIVER
             else bool(line.hexes) and not line.hexsides)
    )
    return line if ok else None


def _rows(rows: object, width: int, level: bool = False) -> bool:
    """A list of [int, ...] rows of `width` offsets (0..MAX_SIDE); with level=True an
    elevation row, whose every number the model allows from -99 (the map refuses an
    offset below 0 when it is built, with a sentence). A big map has thousands of rows:
    each test is one pass of a builtin over them (map, set, min), not a Python loop."""
    if not _is_list(rows):
        return False
    if not rows:
        return True
    try:
        if set(map(len, rows)) != {width}:
            return False
    except TypeError:  # a number where a row belongs
        return False
    # A row that is not a list (text, an object) yields characters or keys here.
    if set(map(type, chain.from_iterable(rows))) != {int}:  # bool is not int, as strict
        return False
    return (-99 if level else 0) <= min(chain.from_iterable(rows)) and max(chain.from_iterable(rows)) <= MAX_SIDE


def _all_rows(lists: list[list[Any]], width: int) -> bool:
    """Every one of `lists` (each a list) is what _rows accepts: checked as one."""
    return _rows(list(chain.from_iterable(lists)), width)


def _has_keys(data: object, allowed: frozenset[str], required: tuple[str, ...]) -> TypeGuard[dict[str, Any]]:
    return type(data) is dict and data.keys() <= allowed and all(key in data for key in required)


def _is_int(value: object) -> bool:
    return type(value) is int  # JSON true is a bool, which strict validation refuses


def _within(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _text(value: object, shortest: int, longest: int) -> bool:
    return type(value) is str and shortest <= len(value) <= longest


def _is_list(value: object) -> TypeGuard[list[Any]]:
    return type(value) is list


def _underlay(data: object) -> Underlay | None:
    # Imported here: only a map with a picture under it needs it (a map's start-up).
    from hexcampaign.maps.underlay import underlay_from_data

    return underlay_from_data(data)
