"""The map document: terrain, elevation, rivers, bridges, roads, cliffs, places, labels.

A plain Python object that knows nothing of undo or Qt; editor commands call these
methods, and the file format (maps/fileformat.py) converts it to and from JSON.
Refused edits raise MapEditError with a sentence a user can act on.
"""

from __future__ import annotations

import functools
from bisect import bisect_right
from collections.abc import Callable, Iterable
from itertools import groupby, repeat
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, get_args

from hexcampaign.hexes import Hex, HexSide, hex_to_offset, offset_to_hex
from hexcampaign.maps.edit_checks import MapEditError, control_character
from hexcampaign.maps.line_network import LineNetwork
from hexcampaign.maps.lines import Line, without_hex, without_side
from hexcampaign.maps.palette import PLACE_KINDS, Palette, PaletteError, check_palette, load_palette

if TYPE_CHECKING:  # a map with a picture under it imports it when read (maps/underlay.py)
    from hexcampaign.maps.underlay import Underlay

LabelStyle = Literal["CCRR", "CC.RR", "CC-RR"]
LABEL_STYLES: tuple[LabelStyle, ...] = get_args(LabelStyle)
_LABEL_SEPARATORS = {"CC.RR": ".", "CC-RR": "-"}
MAX_LABEL_EVERY = 50  # "number every N-th hex": beyond 50 a map would show almost none
MAX_HEX_KM = 1000.0  # a hex wider than this is a mistake, not a strategic map
MAX_SIDE = 500  # columns or rows: 250,000 hexes load in ~0.1 s; 1000×1000 took 4 s and 215 MB


# The map's small values are NamedTuples, as Hex is: a frozen dataclass costs ~4 M
# instructions to make at import, before a window's first paint (three here).
class Place(NamedTuple):
    name: str
    kind: str
    vp: int
    pp: int
    hex: Hex
    label_position: str = "below"  # "above" | "below" | "left" | "right"


class MapLabel(NamedTuple):
    hex: Hex
    text: str


class HexNote(NamedTuple):
    """A designer's note on one hex: free text and named properties ("supply": "2"),
    kept in the map's file and searched by Edit › Find hex note…."""

    text: str = ""
    properties: tuple[tuple[str, str], ...] = ()

    def matches(self, query: str) -> bool:
        """Whether `query` (any case) is in the text, a property's name or its value."""
        q = query.casefold().strip()
        if not q:
            return False
        return q in self.text.casefold() or any(q in k.casefold() or q in v.casefold() for k, v in self.properties)


NOTE_TEXT_MAX = 4000
NOTE_KEY_MAX = 40
NOTE_VALUE_MAX = 200
NOTE_PROPERTIES_MAX = 50


class HexMap(LineNetwork):
    def __init__(self, cols: int, rows: int, palette: str | Palette = "kasserine", orientation: str = "flat"):
        if not (1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
            raise MapEditError(f"A map must have 1 to {MAX_SIDE} columns and rows, not {cols}×{rows}.")
        if orientation not in ("flat", "pointy"):
            raise MapEditError(f"Orientation must be flat or pointy, not {orientation!r}.")
        self.cols = cols
        self.rows = rows
        self.orientation = orientation
        self.palette: Palette = _palette(palette)
        self.name = ""
        self.author = ""
        self.description = ""
        self.label_style = "CCRR"
        self.label_first = 0  # the number printed for column 0 and row 0
        # Print the number of every N-th hex only (1: every hex): see is_numbered.
        self.label_every = 1
        # Kilometres from one hex centre to the next (the printed scale bar), None when
        # the map does not say; and the scanned picture traced under it (maps/underlay.py).
        self.hex_km: float | None = None
        self.underlay: Underlay | None = None
        # Row-major table of hexes: at(col, row) and the file format index it instead of
        # converting coordinates hex by hex.
        # The tables are immutable and shared by every map of the same shape (a 200×200
        # map has 40,000 hexes to build and hash, on every load and copy).
        self._grid_rows, self._hexes, self._on_map = _grid_tables(cols, rows, orientation)
        # Every hex, in the column-major order of _hexes (the file format relies on that
        # order; keys are never removed). A copy of a shared blank table: copying a dict
        # costs a tenth of building one (40,000 hexes to hash on a 200×200 map).
        self._terrain: dict[Hex, str] = _blank_terrain(cols, rows, orientation, self.palette.default).copy()
        self._elevation: dict[Hex, int] = {}
        # Every river and road, each a named line of its own, in the order drawn.
        # The sets the rules ask (a river hex, a road hexside) are worked out from
        # them and kept up to date line by line, with a count of the lines on each
        # hex or hexside that two or more lines share (line_network.py).
        self._lines: list[Line] = []
        self._rivers: set[Hex] = set()
        self._river_shared: dict[Hex, int] = {}
        self._bridges: set[Hex] = set()
        self._roads: set[HexSide] = set()
        self._road_shared: dict[HexSide, int] = {}
        self._river_sides: set[HexSide] = set()  # hexside rivers (a palette's river_hexsides)
        self._river_side_shared: dict[HexSide, int] = {}
        self._cliffs: dict[HexSide, Hex] = {}
        self._places: dict[str, Place] = {}
        self._place_at: dict[Hex, str] = {}
        self._labels: list[MapLabel] = []
        self._notes: dict[Hex, HexNote] = {}

    @classmethod
    def blank(cls, cols: int, rows: int, palette: str | Palette = "kasserine", orientation: str = "flat") -> HexMap:
        """Every hex the palette's default terrain. `palette` is a shipped palette's name
        or a Palette object (a user's own); the map's file carries a user palette."""
        return cls(cols, rows, palette, orientation)

    @classmethod
    def new(cls, cols: int, rows: int, palette: str | Palette = "kasserine", orientation: str = "flat") -> HexMap:
        """A map a user starts (File > New, `hexcampaign new-map`): blank, its hexes
        numbered from 0101 as printed wargames number them. The choice is the map's
        `label_first`, kept in its file, so maps made before keep their 0000."""
        m = cls(cols, rows, palette, orientation)
        m.label_first = 1
        return m

    def change_palette(self, palette: str | Palette, mapping: dict[str, str] | None = None) -> dict[str, str]:
        """Give the map another palette: each terrain in use becomes `mapping[name]`, or
        the terrain of the same name in the new palette. Refused, naming the terrain, if
        a terrain in use would be lost; nothing changes then. Returns the mapping used
        for every terrain in use (an undo maps back with the old palette)."""
        new = _palette(palette)
        mapping = dict(mapping or {})
        in_use = sorted(set(self._terrain.values()), key=list(self.palette.terrains).index)
        used: dict[str, str] = {}
        for name in in_use:
            target = mapping.get(name, name)
            if target not in new.terrains:
                label = self.palette.terrains[name].label if name in self.palette.terrains else name
                raise MapEditError(
                    f"The {new.name} palette has no terrain for {label} ({name}), which this map uses; "
                    f"choose a terrain of {new.name} for it."
                )
            used[name] = target
        self.palette = new
        if any(a != b for a, b in used.items()):
            terrain = self._terrain
            for h, name in terrain.items():
                terrain[h] = used[name]
        return used

    # --- the grid -------------------------------------------------------------------

    def hexes(self) -> list[Hex]:
        return list(self._hexes)

    def contains(self, h: Hex) -> bool:
        return h in self._on_map

    def at(self, col: int, row: int) -> Hex:
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return self._grid_rows[row][col]
        return offset_to_hex(col, row, self.orientation)

    def row_hexes(self, row: int) -> list[Hex]:
        """The hexes of one printed row, west to east."""
        return list(self._grid_rows[row])

    def offset(self, h: Hex) -> tuple[int, int]:
        return hex_to_offset(h, self.orientation)

    def label_digits(self) -> int:
        """The digits of each part of a hex number: 2 while the largest column or row
        number fits in two (every map up to 99 columns and rows prints as it always
        did), else as many as it needs, so a 200×200 map reads "001001" to "200200" and
        no number can be read two ways ("10099" was column 100 row 99, or 10 and 099)."""
        return max(2, len(str(max(self.cols, self.rows) - 1 + self.label_first)))

    def label(self, h: Hex) -> str:
        """The printed coordinate of a hex, e.g. "0512" (or "105012" past 99 columns)."""
        col, row = self.offset(h)
        col += self.label_first
        row += self.label_first
        d = self.label_digits()
        sep = _LABEL_SEPARATORS.get(self.label_style, "")
        return f"{col:0{d}d}{sep}{row:0{d}d}"

    def hex_numbered(self, text: str) -> Hex:
        """The hex whose printed number is `text` ("0512", "05.12" or "05-12" in any
        style), refused in one sentence when no hex of the map has that number."""
        digits = text.strip().replace(".", "").replace("-", "").replace(" ", "")
        d = self.label_digits()
        if len(digits) != 2 * d or not digits.isdigit():
            raise MapEditError(
                f"{text.strip()[:20]!r} is not a hex number of this map; type {2 * d} digits, "
                f"column then row, as printed (e.g. {self.label(self.at(0, 0))})."
            )
        col, row = int(digits[:d]) - self.label_first, int(digits[d:]) - self.label_first
        if not (0 <= col < self.cols and 0 <= row < self.rows):
            raise MapEditError(f"The map has no hex {text.strip()}; its hexes run {self.label(self.at(0, 0))} "
                               f"to {self.label(self.at(self.cols - 1, self.rows - 1))}.")
        return self.at(col, row)

    def is_numbered(self, h: Hex) -> bool:
        """Whether the map prints this hex's number: every hex when label_every is 1,
        else the hexes whose column and row (counted from the map's first, which is
        always numbered) are both multiples of label_every."""
        n = self.label_every
        if n <= 1:
            return True
        col, row = self.offset(h)
        return col % n == 0 and row % n == 0

    def labeller(self) -> Callable[[Hex], str]:
        """`label` as one function, for a painter printing thousands of hex numbers (the
        offset arithmetic inlined; the same text as label)."""
        first = self.label_first
        sep = _LABEL_SEPARATORS.get(self.label_style, "")
        d = self.label_digits()
        if self.orientation == "flat":  # odd-q

            def label(h: Hex) -> str:
                q, r = h
                return f"{q + first:0{d}d}{sep}{r + ((q - (q & 1)) >> 1) + first:0{d}d}"

        else:  # odd-r

            def label(h: Hex) -> str:
                q, r = h
                return f"{q + ((r - (r & 1)) >> 1) + first:0{d}d}{sep}{r + first:0{d}d}"

        return label

    def neighbours_on_map(self, h: Hex) -> list[Hex]:
        return [n for n in h.neighbors() if n in self._on_map]

    def is_edge(self, h: Hex) -> bool:
        col, row = self.offset(h)
        return col in (0, self.cols - 1) or row in (0, self.rows - 1)

    # --- terrain and elevation ----------------------------------------------------------

    def terrain(self, h: Hex) -> str:
        # Every hex of the map is a key of the table, and only those: the look-up is the
        # check (painters ask this for every hex they draw).
        try:
            return self._terrain[h]
        except KeyError:
            self._check(h)
            raise

    def terrain_at(self, h: tuple[int, int]) -> str | None:
        """The terrain of a hex, None off the map: for a painter looking at neighbours."""
        terrain: dict[Any, str] = self._terrain  # a Hex is a tuple: a plain (q, r) finds it
        return terrain.get(h)

    def set_terrain(self, h: Hex, name: str) -> None:
        if name not in self.palette.terrains:
            raise MapEditError(
                f"Terrain {name!r} is not in the {self.palette.name} palette "
                f"({', '.join(self.palette.terrains)})."
            )
        self._terrain[self._check(h)] = name

    # --- regions of terrain, as cells ----------------------------------------------------
    # A cell is a hex's place in the column-major order of hexes() (col * rows + row). A
    # region is a list of ranges of cells, one for each run of hexes along a printed
    # column (flat-top) or row (pointy-top): a flood fill of a whole 200×200 map is 200
    # ranges, not 40,000 Hex objects to build, hash and keep for undo.

    def cell(self, h: Hex) -> int:
        col, row = self.offset(self._check(h))
        return col * self.rows + row

    def terrains_by_cell(self) -> list[str]:
        """Every hex's terrain, in the order of hexes() (column by column): for a
        picture of the whole map without a look-up per hex."""
        return list(self._terrain.values())

    def cell_hexes(self, region: Iterable[range]) -> list[Hex]:
        """The hexes of a region's ranges of cells, range by range."""
        hexes = self._hexes
        found: list[Hex] = []
        for run in region:
            found.extend(hexes[run.start:run.stop:run.step])
        return found

    def terrain_region(self, start: Hex) -> list[range]:
        """The hexes joined to `start` through neighbours of its terrain (a flood fill's
        region), as ranges of cells, one per run along a line. Worked out on the runs of
        that terrain along each printed column (flat-top maps) or row (pointy-top), so
        its cost grows with the number of runs rather than of hexes."""
        first = self.cell(start)
        values = list(self._terrain.values())  # column-major, as _hexes (see __init__)
        rows = self.rows
        flat = self.orientation == "flat"
        count = self.cols if flat else rows
        target = values[first]
        # A line is a printed column (flat) or row (pointy); its runs of the terrain.
        runs: list[list[tuple[int, int]]] = []
        for line in range(count):
            found, at = [], 0
            for terrain, group in groupby(values[line * rows:(line + 1) * rows] if flat else values[line::rows]):
                size = len(list(group))
                if terrain == target:
                    found.append((at, at + size - 1))
                at += size
            runs.append(found)
        starts = [[a for a, _ in found] for found in runs]
        line0, pos0 = (first // rows, first % rows) if flat else (first % rows, first // rows)
        seen = {(line0, bisect_right(starts[line0], pos0) - 1)}
        todo = list(seen)
        while todo:
            line, k = todo.pop()
            a, b = runs[line][k]
            # The neighbours of positions a..b on the next lines are a-1..b on an even
            # line and a..b+1 on an odd one (odd-q columns, odd-r rows are shifted).
            lo, hi = a - 1 + (line & 1), b + (line & 1)
            for other in (line - 1, line + 1):
                if not 0 <= other < count:
                    continue
                near = runs[other]
                j = max(0, bisect_right(starts[other], lo) - 1)
                while j < len(near) and near[j][0] <= hi:
                    if near[j][1] >= lo and (other, j) not in seen:
                        seen.add((other, j))
                        todo.append((other, j))
                    j += 1
        region = []
        for line, k in sorted(seen):
            a, b = runs[line][k]
            if flat:
                region.append(range(line * rows + a, line * rows + b + 1))
            else:
                region.append(range(a * rows + line, b * rows + line + 1, rows))
        return region

    def set_terrain_cells(self, region: Iterable[range], name: str) -> None:
        """Every hex of the region becomes `name` (one check, then a bulk write)."""
        if name not in self.palette.terrains:
            raise MapEditError(
                f"Terrain {name!r} is not in the {self.palette.name} palette "
                f"({', '.join(self.palette.terrains)})."
            )
        terrain, hexes = self._terrain, self._hexes
        for run in region:
            terrain.update(zip(hexes[run.start:run.stop:run.step], repeat(name)))

    def elevation(self, h: Hex) -> int:
        return self._elevation.get(self._check(h), 0)

    def set_elevation(self, h: Hex, level: int) -> None:
        self._check(h)
        if not -99 <= level <= 99:
            raise MapEditError(f"Elevation must be between -99 and 99, not {level}.")
        if level:
            self._elevation[h] = int(level)
        else:
            self._elevation.pop(h, None)

    def elevations(self) -> dict[Hex, int]:
        """Every hex whose elevation is not 0."""
        return dict(self._elevation)

    # --- rivers and bridges -------------------------------------------------------------

    def is_river(self, h: Hex) -> bool:
        return h in self._rivers

    def set_river(self, h: Hex, river: bool) -> None:
        """Mark a hex river (it joins the end of a river line it is next to, else it
        starts a river of its own) or take it out of every river line, splitting a
        line it was in the middle of. The River tool says which line (extend_line)."""
        self._check(h)
        if river:
            if h not in self._rivers:
                self._join_or_start("river", h)
        else:
            self._cut("river", lambda hexes: without_hex(hexes, h) if h in hexes else None)
            self._bridges.discard(h)

    def rivers(self) -> set[Hex]:
        return set(self._rivers)

    def river_order(self) -> list[Hex]:
        """Every river hex once, line by line in the order the lines were drawn."""
        return list(dict.fromkeys(h for line in self._lines if line.kind == "river" for h in line.hexes))

    def river_mark(self, h: Hex) -> bool:
        """Whether `h` is a river hex (an undo step keeps the lines whole beside it)."""
        return h in self._rivers

    def set_river_mark(self, h: Hex, mark: bool) -> None:
        """Restore what river_mark read."""
        if bool(mark) != (h in self._rivers):
            self.set_river(h, bool(mark))

    def has_bridge(self, h: Hex) -> bool:
        return h in self._bridges

    def set_bridge(self, h: Hex, bridge: bool) -> None:
        self._check(h)
        if bridge:
            if h not in self._rivers or not self.on_road(h):
                raise MapEditError(
                    f"A bridge needs a hex with both a river and a road; {self.label(h)} has "
                    f"{'no river' if h not in self._rivers else 'no road'}."
                )
            self._bridges.add(h)
        else:
            self._bridges.discard(h)

    def bridges(self) -> set[Hex]:
        return set(self._bridges)

    # --- roads ------------------------------------------------------------------------

    def add_road(self, a: Hex, b: Hex) -> None:
        """A road segment from a to b: it extends a road ending at a (or b), else it
        is a new road. The Road tool says which road (extend_line)."""
        if self._side(a, b, "A road") not in self._roads:
            self._join_or_start("road", b, a)

    def remove_road(self, a: Hex, b: Hex) -> None:
        """Remove a road segment, cutting the road in two where it ran on; a bridge
        left with no road goes with it."""
        if self._side(a, b, "A road") in self._roads:
            pair = {a, b}
            self._cut("road", lambda hexes: without_side(hexes, a, b) if pair <= set(hexes) else None)
        self._drop_roadless_bridges(a, b)

    def has_road(self, a: Hex, b: Hex) -> bool:
        return a.is_adjacent(b) and HexSide.between(a, b) in self._roads

    def road_neighbours(self, h: Hex) -> list[Hex]:
        return [n for n in h.neighbors() if HexSide.between(h, n) in self._roads]

    def on_road(self, h: Hex) -> bool:
        # The six hexsides of h in canonical form (a hex and N, NE or SE), as plain tuples
        # (equal to HexSides, and hashed alike): rules and renderers ask this per hex.
        q, r = h
        roads = self._roads
        return (
            ((q, r), 0) in roads
            or ((q, r), 1) in roads
            or ((q, r), 2) in roads
            or ((q, r + 1), 0) in roads
            or ((q - 1, r + 1), 1) in roads
            or ((q - 1, r), 2) in roads
        )

    def roads(self) -> list[tuple[Hex, Hex]]:
        return sorted(side.hexes() for side in self._roads)

    # --- cliffs ------------------------------------------------------------------------

    def add_cliff(self, upper: Hex, lower: Hex) -> None:
        self._cliffs[self._side(upper, lower, "A cliff")] = upper

    def remove_cliff(self, a: Hex, b: Hex) -> None:
        self._cliffs.pop(self._side(a, b, "A cliff"), None)

    def cliff_top(self, a: Hex, b: Hex) -> Hex | None:
        if not a.is_adjacent(b):
            return None
        return self._cliffs.get(HexSide.between(a, b))

    def cliffs(self) -> dict[HexSide, Hex]:
        return dict(self._cliffs)

    # --- places ------------------------------------------------------------------------

    def add_place(
        self, h: Hex, name: str, kind: str, vp: int = 0, pp: int = 0, label_position: str = "below"
    ) -> Place:
        self._check(h)
        name = name.strip()
        if not name:
            raise MapEditError("A place needs a name.")
        if len(name) > 80:
            raise MapEditError("A place name may have at most 80 characters.")
        bad = control_character(name)
        if bad:
            raise MapEditError(
                f"The place name {name.encode('unicode_escape').decode('ascii')!r} at {self.label(h)} holds "
                f"the control character {bad}; a place name is printable text on one line."
            )
        if kind not in PLACE_KINDS:
            raise MapEditError(f"A place is a {', '.join(PLACE_KINDS)}, not a {kind!r}.")
        if name in self._places:
            raise MapEditError(f"There is already a place named {name} on this map.")
        if h in self._place_at:
            raise MapEditError(f"Hex {self.label(h)} already holds {self._place_at[h]}.")
        if not (0 <= vp <= 999 and 0 <= pp <= 999):
            raise MapEditError("Victory and production points must be between 0 and 999.")
        place = Place(name, kind, int(vp), int(pp), h, label_position)
        self._places[name] = place
        self._place_at[h] = name
        return place

    def remove_place(self, name: str) -> Place:
        place = self.place(name)
        del self._places[name]
        del self._place_at[place.hex]
        return place

    def update_place(self, current_name: str, /, **changes: Any) -> Place:
        """Change a place's fields (name, kind, vp, pp, hex, label_position) as one edit."""
        old = self.remove_place(current_name)
        new = old._replace(**changes)
        try:
            return self.add_place(new.hex, new.name, new.kind, new.vp, new.pp, new.label_position)
        except MapEditError:
            self.add_place(old.hex, old.name, old.kind, old.vp, old.pp, old.label_position)
            raise

    def place(self, name: str) -> Place:
        try:
            return self._places[name]
        except KeyError:
            raise MapEditError(f"There is no place named {name} on this map.") from None

    def place_at(self, h: Hex) -> Place | None:
        name = self._place_at.get(h)
        return self._places[name] if name else None

    def places(self) -> list[Place]:
        return list(self._places.values())

    # --- labels ------------------------------------------------------------------------

    def add_label(self, h: Hex, text: str) -> MapLabel:
        self._check(h)
        if not text.strip():
            raise MapEditError("A map label needs some text.")
        bad = control_character(text.strip())
        if bad:
            raise MapEditError(
                f"The map label {text.strip().encode('unicode_escape').decode('ascii')!r} at {self.label(h)} "
                f"holds the control character {bad}; a label is printable text on one line."
            )
        label = MapLabel(h, text.strip())
        self._labels.append(label)
        return label

    def remove_label(self, label: MapLabel) -> None:
        self._labels.remove(label)

    def labels(self) -> list[MapLabel]:
        return list(self._labels)

    def set_hex_km(self, km: float | None) -> None:
        """Kilometres across a hex (centre to centre), or None: the map does not say."""
        if km is not None and not (isinstance(km, (int, float)) and 0 < km <= MAX_HEX_KM):
            raise MapEditError(f"A hex must be more than 0 and at most {MAX_HEX_KM:g} km across.")
        self.hex_km = None if km is None else float(km)

    # --- notes -------------------------------------------------------------------------

    def set_note(self, h: Hex, text: str, properties: Iterable[tuple[str, str]] = ()) -> HexNote | None:
        """Give a hex its note (free text and named properties, in order), replacing any
        it had; an empty text with no properties removes the note. Property names are
        trimmed and must be unique; a property with neither name nor value is dropped.
        Returns the note kept, or None."""
        self._check(h)
        text = text.strip()
        where = self.label(h)
        if len(text) > NOTE_TEXT_MAX:
            raise MapEditError(f"The note on {where} may have at most {NOTE_TEXT_MAX} characters.")
        bad = control_character(text, lines=True)
        if bad:
            raise MapEditError(f"The note on {where} holds the control character {bad}; a note is printable text.")
        pairs: list[tuple[str, str]] = []
        for key, value in properties:
            key, value = str(key).strip(), str(value).strip()
            if not key and not value:
                continue
            if not key:
                raise MapEditError(f"A property of the note on {where} has the value {value[:40]!r} but no name.")
            if len(key) > NOTE_KEY_MAX or len(value) > NOTE_VALUE_MAX:
                raise MapEditError(
                    f"A property of the note on {where} has a name of at most {NOTE_KEY_MAX} characters "
                    f"and a value of at most {NOTE_VALUE_MAX}."
                )
            bad = control_character(key) or control_character(value)
            if bad:
                raise MapEditError(
                    f"The property {key[:40]!r} of the note on {where} holds the control character {bad}."
                )
            if any(key == k for k, _ in pairs):
                raise MapEditError(f"The note on {where} has two properties named {key[:40]!r}.")
            pairs.append((key, value))
        if len(pairs) > NOTE_PROPERTIES_MAX:
            raise MapEditError(f"The note on {where} may have at most {NOTE_PROPERTIES_MAX} properties.")
        if not text and not pairs:
            self._notes.pop(h, None)
            return None
        note = HexNote(text, tuple(pairs))
        self._notes[h] = note
        return note

    def remove_note(self, h: Hex) -> HexNote | None:
        return self._notes.pop(h, None)

    def note(self, h: Hex) -> HexNote | None:
        return self._notes.get(h)

    def notes(self) -> dict[Hex, HexNote]:
        return dict(self._notes)

    def find_notes(self, query: str) -> list[Hex]:
        """The hexes whose note's text or properties hold `query` (any case), in the
        printed order of their numbers (column, then row)."""
        found = [h for h, note in self._notes.items() if note.matches(query)]
        return sorted(found, key=self.offset)

    # --- whole-map helpers ----------------------------------------------------------------

    def clear_hex(self, h: Hex) -> None:
        """Reset a hex to the palette default and remove everything on or around it."""
        self._check(h)
        self._terrain[h] = self.palette.default
        self._elevation.pop(h, None)
        self.set_river(h, False)
        for n in h.neighbors():
            side = HexSide.between(h, n)
            if side in self._roads:
                self.remove_road(h, n)
            if side in self._river_sides:
                self.remove_river_side(side)
            self._cliffs.pop(side, None)
        self._drop_roadless_bridges(*h.neighbors())
        place = self.place_at(h)
        if place:
            self.remove_place(place.name)
        self._labels = [lb for lb in self._labels if lb.hex != h]
        self._notes.pop(h, None)

    def copy(self) -> HexMap:
        """An independent map with the same contents. Copied table by table, not through
        the file format: every value in the tables is immutable (hexes, hexsides, frozen
        places and labels, strings), so copying the containers makes the copy independent."""
        twin = object.__new__(HexMap)
        for name, value in vars(self).items():
            if isinstance(value, (dict, set, list)):
                value = type(value)(value)
            setattr(twin, name, value)
        return twin

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HexMap):
            return NotImplemented
        # Everything a file keeps, compared table by table (labels in order; places by
        # name, as the file sorts them).
        return all(getattr(self, name) == getattr(other, name) for name in _COMPARED)

    # Defining __eq__ leaves a HexMap unhashable (__hash__ None): a document that changes.

    def __repr__(self) -> str:
        return f"<HexMap {self.name or 'untitled'} {self.cols}×{self.rows} {self.palette.name}>"

    def _drop_roadless_bridges(self, *hexes: Hex) -> None:
        for h in hexes:
            if h in self._bridges and not self.on_road(h):
                self._bridges.discard(h)

    # --- checks -------------------------------------------------------------------------

    def _check(self, h: Hex) -> Hex:
        if h not in self._on_map:
            raise MapEditError(f"Hex {self.label(h)} lies off this {self.cols}×{self.rows} map.")
        return h

    def _side(self, a: Hex, b: Hex, what: str) -> HexSide:
        self._check(a)
        self._check(b)
        if not a.is_adjacent(b):
            raise MapEditError(
                f"{what} joins adjacent hexes only; {self.label(a)} and {self.label(b)} are not adjacent."
            )
        return HexSide.between(a, b)


def _palette(palette: str | Palette) -> Palette:
    """A shipped palette by name, or a user's Palette object checked as a file would be."""
    if isinstance(palette, Palette):
        try:
            return check_palette(palette)
        except PaletteError as e:
            raise MapEditError(f"The palette {palette.name[:40]} cannot be used: {e}.") from None
    return load_palette(palette)


_COMPARED = ("cols", "rows", "orientation", "palette", "name", "author", "description", "label_style",
             "label_first", "label_every", "_terrain", "_elevation", "_lines", "_bridges", "_cliffs",
             "_places", "_labels", "_notes", "hex_km", "underlay")


@functools.lru_cache(maxsize=8)
def _grid_tables(
    cols: int, rows: int, orientation: str
) -> tuple[tuple[tuple[Hex, ...], ...], tuple[Hex, ...], frozenset[Hex]]:
    """Row-major rows, the hexes column by column, and the set of them: read-only."""
    grid = tuple(tuple(row) for row in _grid(cols, rows, orientation))
    hexes = tuple(grid[row][col] for col in range(cols) for row in range(rows))
    return grid, hexes, frozenset(hexes)


@functools.lru_cache(maxsize=8)
def _blank_terrain(cols: int, rows: int, orientation: str, default: str) -> dict[Hex, str]:
    """Every hex of the shape -> `default`, in _hexes order. Shared: only ever copied."""
    return dict.fromkeys(_grid_tables(cols, rows, orientation)[1], default)


def _grid(cols: int, rows: int, orientation: str) -> list[list[Hex]]:
    """Row-major hexes of a cols×rows offset rectangle, built with tuple.__new__ because
    a 200×200 map makes 40,000 of them on every load."""
    new = tuple.__new__
    if orientation == "flat":  # odd-q
        shift = [(col - (col & 1)) // 2 for col in range(cols)]
        return [[new(Hex, (col, row - shift[col])) for col in range(cols)] for row in range(rows)]
    return [  # odd-r
        [new(Hex, (col - (row - (row & 1)) // 2, row)) for col in range(cols)] for row in range(rows)
    ]
