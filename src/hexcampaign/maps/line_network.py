"""The rivers and roads of a map as named lines (maps/lines.py): adding, extending,
renaming, cutting and removing them, with the sets the rules ask (river hexes, road
hexsides, hexside-river sides) kept up to date from them. A part of HexMap (maps/model.py), kept apart so
the map model stays one readable module."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from hexcampaign.hexes import Hex, HexSide
from hexcampaign.maps.edit_checks import MapEditError, control_character
from hexcampaign.maps.lines import (
    HEXSIDE_RIVER,
    LINE_KINDS,
    LINE_NAME_MAX,
    Line,
    default_name,
    line_of,
    piece_name,
    road_line,
    shared_corner,
    step_directions,
    without_hex,
)


class LineNetwork:
    """HexMap's rivers and roads. The map gives the tables and the checks below."""

    _lines: list[Line]
    # Every river hex, road hexside and hexside-river side, each with a count of the
    # lines through it where two or more lines share it (on one line: in the set only).
    _rivers: set[Hex]
    _river_shared: dict[Hex, int]
    _roads: set[HexSide]
    _road_shared: dict[HexSide, int]
    _river_sides: set[HexSide]
    _river_side_shared: dict[HexSide, int]
    _bridges: set[Hex]
    _check: Callable[[Hex], Hex]
    label: Callable[[Hex], str]
    on_road: Callable[[Hex], bool]
    _drop_roadless_bridges: Callable[..., None]

    # --- lines: each river and road ----------------------------------------------------

    def lines(self, kind: str | None = None) -> tuple[Line, ...]:
        """The map's rivers and roads (or those of one kind), in the order drawn."""
        return tuple(line for line in self._lines if kind is None or line.kind == kind)

    def line_at(self, index: int) -> Line:
        try:
            return self._lines[index]
        except IndexError:
            raise MapEditError(f"There is no line number {index + 1} on this map.") from None

    def lines_through(self, h: Hex, kind: str | None = None) -> list[int]:
        """The indices of the lines (of `kind`) that pass through, end at or (a
        hexside river) run beside `h`."""
        return [i for i, line in enumerate(self._lines) if (kind is None or line.kind == kind) and h in line.touched()]

    def line_ending_at(self, end: Hex | HexSide, kind: str) -> tuple[int, bool] | None:
        """The latest line of `kind` with an end at `end` (a hex, or a hexside river's
        side), and whether that end is its start (True) or its last; None when no line
        of that kind ends there."""
        for i in range(len(self._lines) - 1, -1, -1):
            line = self._lines[i]
            if line.kind == kind:
                course = line.course
                if course[-1] == end:
                    return i, False
                if course[0] == end:
                    return i, True
        return None

    def add_line(
        self,
        kind: str,
        course: Iterable[Hex] | Iterable[HexSide],
        name: str = "",
        on_map: bool = False,
    ) -> int:
        """A new river or road along `course`: hexes, each next to the one before (a
        hexside river: hexsides, each touching the one before), named `name` or
        "River 3"; returns its index. `on_map`: every hex is known to be on the map (a
        file's reader placed each), so only the line's shape is checked."""
        name = name.strip() or default_name(kind, self._names())
        line = self._checked_line(kind, tuple(course), name, on_map)
        self._lines.append(line)
        self._count(line, 1)
        return len(self._lines) - 1

    def add_lines(
        self,
        lines: Iterable[tuple[str, Iterable[Hex] | Iterable[HexSide], str]],
        on_map: bool = False,
    ) -> range:
        """New rivers and roads, each (kind, course, name) as add_line would add it,
        in order (the same checks, the same "River 3" for a blank name); returns their
        indices. All or none: a refused line leaves the map as it was. A file's reader
        adds hundreds of lines, so they are counted together, once."""
        names = self._names()
        new: list[Line] = []
        for kind, course, name in lines:
            name = name.strip() or default_name(kind, names)
            new.append(self._checked_line(kind, tuple(course), name, on_map))
            names.append(name)
        start = len(self._lines)
        self._lines.extend(new)
        self._count_lines(new)
        return range(start, len(self._lines))

    def extend_line(self, index: int, step: Hex | HexSide, at_start: bool = False) -> None:
        """Add a hex (a hexside river: a side) after the line's last (before its first
        with at_start)."""
        line = self.line_at(index)
        course = (step, *line.course) if at_start else (*line.course, step)
        self._replace_line(index, self._checked_line(line.kind, course, line.name))

    def rename_line(self, index: int, name: str) -> None:
        line = self.line_at(index)
        self._replace_line(index, self._checked_line(line.kind, line.course, name.strip()))

    def river_between(self, a: Hex, b: Hex) -> bool:
        """Whether a hexside river runs along the side between adjacent hexes a and b."""
        return a.is_adjacent(b) and HexSide.between(a, b) in self._river_sides

    def river_sides(self) -> set[HexSide]:
        """Every hexside a hexside river runs along."""
        return set(self._river_sides)

    def remove_river_side(self, side: HexSide) -> None:
        """Take a hexside out of every hexside river, cutting one it was in the middle of."""
        self._cut(HEXSIDE_RIVER, lambda along: without_hex(along, side) if side in along else None)

    def remove_line(self, index: int) -> Line:
        """Delete a river or road whole; a bridge left without its river or road goes."""
        line = self.line_at(index)
        del self._lines[index]
        self._count(line, -1)
        self._drop_roadless_bridges(*line.touched())
        self._bridges.intersection_update(self._rivers)
        return line

    def set_lines(self, lines: Iterable[Line]) -> None:
        """Every line at once (an undo step puts back the lines it kept)."""
        self._lines = list(lines)
        self._river_shared, self._rivers, self._road_shared, self._roads = {}, set(), {}, set()
        self._river_side_shared, self._river_sides = {}, set()
        self._count_lines(self._lines)
        self._bridges = {h for h in self._bridges if h in self._rivers and self.on_road(h)}

    def _names(self) -> list[str]:
        return [line.name for line in self._lines]

    def _checked_line(self, kind: str, course: tuple[Any, ...], name: str, on_map: bool = False) -> Line:
        if kind not in LINE_KINDS:
            raise MapEditError(f"A line is a {' or a '.join(LINE_KINDS)}, not a {kind!r}.")
        if not name:
            raise MapEditError(f"A {kind} needs a name.")
        if len(name) > LINE_NAME_MAX:
            raise MapEditError(f"A {kind}'s name may have at most {LINE_NAME_MAX} characters.")
        bad = control_character(name)
        if bad:
            raise MapEditError(f"The {kind} name holds the control character {bad}; a name is text on one line.")
        if kind == HEXSIDE_RIVER:
            return self._checked_hexside_river(course, name)
        hexes: tuple[Hex, ...] = course
        if not on_map:
            for h in hexes:
                self._check(h)
        if len(hexes) < (2 if kind == "road" else 1):
            raise MapEditError(f"A {kind} needs at least {'two hexes' if kind == 'road' else 'one hex'}.")
        directions = step_directions(hexes)
        if None in directions:
            i = directions.index(None)
            raise MapEditError(
                f"A {kind} runs from hex to next hex; {self.label(hexes[i])} and {self.label(hexes[i + 1])} "
                "are not adjacent."
            )
        if kind == "road":
            return road_line(name, hexes, directions)  # type: ignore[arg-type]
        return Line(kind, name, hexes)

    def _checked_hexside_river(self, along: tuple[HexSide, ...], name: str) -> Line:
        if not along:
            raise MapEditError("A river along hexsides needs at least one hexside.")
        for side in along:
            for h in side.hexes():
                self._check(h)
        for s, t in zip(along, along[1:]):
            if shared_corner(s, t) is None:
                a, b = (self.label(h) for h in t.hexes())
                raise MapEditError(
                    f"A river along hexsides runs from side to touching side; the side between {a} and {b} "
                    "does not touch the one before it."
                )
        return Line(HEXSIDE_RIVER, name, (), along)

    def _replace_line(self, index: int, line: Line) -> None:
        self._count(self._lines[index], -1)
        self._lines[index] = line
        self._count(line, 1)

    def _count_lines(self, lines: Iterable[Line]) -> None:
        """Add lines' hexes and hexsides to the sets, each once a line (a line may pass
        a hex twice). What a line shares with those before it is found by set
        operations, which reuse the hashes the sets hold: every line of every map
        opened comes this way, and most of its hexes are on no other line."""
        for line in lines:
            found, shared = self._tables(line.kind)
            items = set(line._sides if line.kind == "road" else line.course)
            for item in found & items:
                shared[item] = shared.get(item, 1) + 1
            found |= items

    def _count(self, line: Line, step: int) -> None:
        """Add (step 1) or take away (-1) a line's hexes or hexsides from the sets."""
        if step > 0:
            self._count_lines((line,))
            return
        found, shared = self._tables(line.kind)
        for item in set(line._sides if line.kind == "road" else line.course):
            n = shared.get(item, 1) - 1
            if n > 1:
                shared[item] = n
            elif n == 1:
                del shared[item]
            else:
                found.discard(item)

    def _tables(self, kind: str) -> tuple[set[Any], dict[Any, int]]:
        """A kind's set (every river hex, road hexside or hexside-river side) and its
        count of the lines through each of them that two or more lines share."""
        if kind == "river":
            return self._rivers, self._river_shared
        if kind == HEXSIDE_RIVER:
            return self._river_sides, self._river_side_shared
        return self._roads, self._road_shared

    def _join_or_start(self, kind: str, h: Hex, other: Hex | None = None) -> None:
        """A river hex `h` (or the road segment h-other) drawn without saying which
        line it belongs to: it extends a line of its kind that ends next to it (at
        `other` for a road), else it starts one."""
        ends = [other] if other is not None else [n for n in h.neighbors() if n in self._rivers]
        for grow_start in (False, True):  # a line's last hex first: it grows there
            for end in ends:
                found = self.line_ending_at(end, kind)
                if found is not None and found[1] == grow_start:
                    self.extend_line(found[0], h, grow_start)
                    return
        if other is not None:
            found = self.line_ending_at(h, kind)
            if found is not None:
                index, at_start = found
                self.extend_line(index, other, at_start)
                return
            self.add_line(kind, [other, h])
        else:
            self.add_line(kind, [h])

    def _cut(self, kind: str, pieces_of: Callable[[tuple[Any, ...]], list[tuple[Any, ...]] | None]) -> None:
        """Cut every line of `kind` by `pieces_of` (None: the line is untouched); the
        first piece keeps the name, the others are new lines named after it."""
        lines: list[Line] = []
        changed = False
        for line in self._lines:
            pieces = pieces_of(line.course) if line.kind == kind else None
            if pieces is None:
                lines.append(line)
                continue
            changed = True
            # Only the cut line's hexes are counted again (a big map has hundreds of
            # lines: recounting them all made one stroke of the eraser cost milliseconds).
            self._count(line, -1)
            pieces = [p for p in pieces if len(p) >= (2 if kind == "road" else 1)]
            for n, piece in enumerate(pieces):
                name = line.name if n == 0 else piece_name(line.name, n + 1)
                new = line_of(kind, name, piece)
                self._count(new, 1)
                lines.append(new)
        if changed:
            self._lines = lines
            self._bridges = {h for h in self._bridges if h in self._rivers and self.on_road(h)}

