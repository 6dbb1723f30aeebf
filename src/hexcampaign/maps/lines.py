"""Rivers and roads as named lines: each an ordered list of hexes of its own.

A map used to keep every river hex in one set and every road hexside in another, so
two rivers a hex or two apart were drawn as if they met. Now each river and each road
is a Line (a kind, a name, its hexes in order); the sets the rules ask about (is this
hex a river, is there a road between these hexes) are worked out from the lines.

A palette may ask for rivers along hexsides (`river_hexsides`, as many published
wargames draw them): such a river is a line of kind "hexside_river", its hexsides in
order, each sharing a corner with the one before; it runs between hexes, not through
them (HexMap.river_between).

Qt-free: the map model, the file format's migration and the painters share it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Literal, TypeVar, get_args

from hexcampaign.hexes import DIRECTIONS, Hex, HexSide

LineKind = Literal["river", "road", "hexside_river"]
LINE_KINDS: tuple[LineKind, ...] = get_args(LineKind)
HEXSIDE_RIVER = "hexside_river"
LINE_NAME_MAX = 80
_TITLES = {"river": "River", "road": "Road", HEXSIDE_RIVER: "River"}
# The direction of each step between neighbours, by (dq, dr): a road's sides are worked
# out for every line of every map opened (thousands on a big map), so without a search.
DIRECTION_OF = {delta: i for i, delta in enumerate(DIRECTIONS)}
# How many hexsides a drag may skip and still be joined up along the grid's edges.
SIDE_PATH_LIMIT = 8


class Line:
    """One river or one road: its hexes in the order drawn, each next to the one
    before. A road has at least two hexes (a road of one hex goes nowhere); a river
    may be one hex (a pond, a spring). A hex may appear in several lines: that is
    where they really meet (a tributary, a crossroads). A line never changes (make
    another). Written out rather than a frozen dataclass, as Layout is: no module a
    window's first paint needs imports dataclasses."""

    kind: str
    name: str
    hexes: tuple[Hex, ...]
    along: tuple[HexSide, ...]  # a hexside river's course (its hexes are none), in order

    def __init__(self, kind: str, name: str, hexes: tuple[Hex, ...], along: tuple[HexSide, ...] = ()) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "hexes", hexes)
        object.__setattr__(self, "along", along)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Line does not change (its {name}): make another")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Line):
            return NotImplemented
        return (self.kind, self.name, self.hexes, self.along) == (other.kind, other.name, other.hexes, other.along)

    def __hash__(self) -> int:
        return hash((self.kind, self.name, self.hexes, self.along))

    def __repr__(self) -> str:
        return f"Line(kind={self.kind!r}, name={self.name!r}, hexes={self.hexes!r}, along={self.along!r})"

    def with_hexes(self, hexes: tuple[Hex, ...]) -> Line:
        """The same line (kind, name, sides) over other hexes: a stretch of it."""
        return Line(self.kind, self.name, hexes, self.along)

    @property
    def course(self) -> tuple[Hex, ...] | tuple[HexSide, ...]:
        """What the line runs through in order: its hexes, or a hexside river's sides."""
        return self.along if self.kind == HEXSIDE_RIVER else self.hexes

    def sides(self) -> list[HexSide]:
        """The hexsides between consecutive hexes (a road's segments), each in its
        canonical form (HexSide.between's, found by the step's direction)."""
        return list(self._sides)

    @cached_property
    def _sides(self) -> tuple[HexSide, ...]:
        # Worked out once a line (a Line never changes): a map counts a road's sides
        # when it is added, removed or cut, and on every undo (set_lines).
        return sides_of(self.hexes, step_directions(self.hexes))

    def touched(self) -> tuple[Hex, ...]:
        """Every hex the line is on or beside (what repaints when it changes)."""
        if self.kind != HEXSIDE_RIVER:
            return self.hexes
        return tuple(dict.fromkeys(h for side in self.along for h in side.hexes()))


def step_directions(hexes: Sequence[Hex]) -> list[int | None]:
    """The direction (DIRECTIONS' index) of each step from one hex to the next, None
    where the two are not adjacent."""
    get = DIRECTION_OF.get
    return [get((b[0] - a[0], b[1] - a[1])) for a, b in zip(hexes, hexes[1:])]  # (indexing beats .q)


def sides_of(hexes: Sequence[Hex], directions: Sequence[int | None]) -> tuple[HexSide, ...]:
    """The hexsides between consecutive hexes, each step's direction given (none None)."""
    new = tuple.__new__  # HexSide is a NamedTuple: this skips its Python __new__
    return tuple([
        new(HexSide, (a, d) if d < 3 else (b, d - 3))  # type: ignore[operator]
        for a, b, d in zip(hexes, hexes[1:], directions)
    ])


def road_line(name: str, hexes: tuple[Hex, ...], directions: Sequence[int]) -> Line:
    """A road whose steps' directions are known (the check of its shape found them):
    its sides are worked out from them at once, not looked up again."""
    line = Line("road", name, hexes)
    line.__dict__["_sides"] = sides_of(hexes, directions)  # what the cached_property would hold
    return line


def line_of(kind: str, name: str, course: Sequence[Hex] | Sequence[HexSide]) -> Line:
    """A line of `kind` along `course` (hexes, or a hexside river's sides)."""
    if kind == HEXSIDE_RIVER:
        return Line(kind, name, (), tuple(course))  # type: ignore[arg-type]
    return Line(kind, name, tuple(course))  # type: ignore[arg-type]


def corners(side: HexSide) -> list[frozenset[Hex]]:
    """The two corners of a hexside, each as the three hexes that meet there."""
    a, b = side.hexes()
    return [frozenset((a, b, c)) for c in a.neighbors() if c.is_adjacent(b)]


def shared_corner(s: HexSide, t: HexSide) -> frozenset[Hex] | None:
    """The corner two different hexsides meet at, or None where they do not touch."""
    if s == t:
        return None
    common = set(corners(s)) & set(corners(t))
    return next(iter(common)) if common else None


def side_path(start: HexSide, goal: HexSide) -> list[HexSide]:
    """The fewest hexsides from `start` to `goal` along the grid's edges, each touching
    the one before (start left out, goal included); [] when farther than
    SIDE_PATH_LIMIT (a drag that jumped too far starts afresh)."""
    seen = {start: start}
    todo = deque([(start, 0)])
    while todo:
        side, steps = todo.popleft()
        if side == goal:
            path = [side]
            while seen[path[-1]] != start:
                path.append(seen[path[-1]])
            return path[::-1]
        if steps == SIDE_PATH_LIMIT:
            continue
        for corner in corners(side):
            for a in corner:
                for b in corner:
                    if a < b:
                        following = HexSide.between(a, b)
                        if following not in seen:
                            seen[following] = side
                            todo.append((following, steps + 1))
    return []


def hexside_river_corners(line: Line) -> list[frozenset[Hex]]:
    """The corners a hexside river's drawn path runs through, in order: its first
    side's far corner, the corner each side shares with the next, its last side's far
    corner."""
    along = line.along
    if len(along) == 1:
        return corners(along[0])
    inner = [shared_corner(s, t) for s, t in zip(along, along[1:])]
    first = next(c for c in corners(along[0]) if c != inner[0])
    last = next(c for c in corners(along[-1]) if c != inner[-1])
    return [first, *[c for c in inner if c is not None], last]


def default_name(kind: str, taken: Iterable[str]) -> str:
    """"River 3": the first number not yet used by a line's name."""
    used = set(taken)
    n = 1
    while f"{_TITLES[kind]} {n}" in used:
        n += 1
    return f"{_TITLES[kind]} {n}"


def piece_name(name: str, n: int) -> str:
    """The name of the n-th piece of a line cut in pieces: "Oued Hatab (2)"."""
    suffix = f" ({n})"
    return name[: LINE_NAME_MAX - len(suffix)] + suffix


Step = TypeVar("Step", Hex, HexSide)  # what a line runs through: hexes, or hexsides


def without_hex(hexes: Sequence[Step], h: Step) -> list[tuple[Step, ...]]:
    """The pieces of a line left when `h` (a hex, or a hexside river's side) is taken
    out of it (two where it was in the middle, none where it was the only one)."""
    pieces: list[tuple[Step, ...]] = []
    run: list[Step] = []
    for x in hexes:
        if x == h:
            if run:
                pieces.append(tuple(run))
            run = []
        else:
            run.append(x)
    if run:
        pieces.append(tuple(run))
    return pieces


def without_side(hexes: Sequence[Hex], a: Hex, b: Hex) -> list[tuple[Hex, ...]]:
    """The pieces of a line cut between consecutive `a` and `b` (either way round)."""
    pieces: list[tuple[Hex, ...]] = []
    run: list[Hex] = [hexes[0]] if hexes else []
    for x, y in zip(hexes, hexes[1:]):
        if {x, y} == {a, b}:
            pieces.append(tuple(run))
            run = [y]
        else:
            run.append(y)
    pieces.append(tuple(run))
    return [p for p in pieces if p]


def paths(edges: Iterable[tuple[Hex, Hex]]) -> list[list[Hex]]:
    """A graph's edges joined end to end into paths, each edge in exactly one path;
    the paths start at odd ends (a line's end, a junction of three) so a river without
    branches is one path. Deterministic: the same edges in the same order give the same
    paths (a migrated file opens the same way every time)."""
    links: dict[Hex, list[Hex]] = {}
    for a, b in edges:
        if b in links.get(a, ()):
            continue
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    for ways in links.values():
        ways.reverse()  # popped from the end: the first edge listed is walked first
    starts = [k for k, v in links.items() if len(v) % 2] + [k for k, v in links.items() if not len(v) % 2]
    found: list[list[Hex]] = []
    for start in starts:
        while links[start]:
            path, here = [start], start
            while links[here]:
                following = links[here].pop()
                links[following].remove(here)
                path.append(following)
                here = following
            found.append(path)
    return found


def river_joins(order: Sequence[Hex]) -> list[tuple[Hex, Hex]]:
    """The pairs of river hexes the old single river list drew joined (version 4 and
    before): every two adjacent river hexes, except that of three mutually adjacent
    ones the pair of the first and the last painted is left out (the river went round
    the triangle, not across it)."""
    rank = {h: n for n, h in enumerate(order)}
    joins: list[tuple[Hex, Hex]] = []
    for h in order:
        q, r = h
        for d, (dq, dr) in enumerate(DIRECTIONS[:3]):  # each pair once: N, NE, SE
            n = Hex(q + dq, r + dr)
            if n not in rank:
                continue
            low, high = sorted((rank[h], rank[n]))
            shortcut = False
            for e in ((d - 1) % 6, (d + 1) % 6):  # the hexes next to both h and n
                eq, er = DIRECTIONS[e]
                third = rank.get(Hex(q + eq, r + er))
                if third is not None and low < third < high:
                    shortcut = True
            if not shortcut:
                joins.append((h, n) if rank[h] < rank[n] else (n, h))
    joins.sort(key=lambda pair: (rank[pair[0]], rank[pair[1]]))
    return joins


def river_lines_of(order: Sequence[Hex]) -> list[list[Hex]]:
    """The rivers of an old map's single river list (in painted order) as lines that
    draw as it drew: its joined hexes as paths, a lone river hex as a line of its own."""
    joins = river_joins(order)
    found = paths(joins)
    joined = {h for pair in joins for h in pair}
    found += [[h] for h in order if h not in joined]
    return found


def road_lines_of(sides: Iterable[tuple[Hex, Hex]]) -> list[list[Hex]]:
    """The roads of an old map's set of road hexsides (sorted) as lines of hexes."""
    return paths(sorted(sides))


def river_path(line: Line, joined: dict[Hex, set[Hex]]) -> list[object]:
    """The points of a river line's drawn path: hex centres (Hex keys) and the middles
    of sides (a pair of hexes; a side facing off the line is (hex, direction)). A free
    end (a hex no other river joins) runs off through the side opposite its neighbour,
    a lone river hex straight across, as the old drawing did; an end shared with
    another river stops at the centre, where the two meet. `joined` is every river
    hex -> the river hexes a line joins it to."""
    hexes = line.hexes
    if len(hexes) == 1:
        h = hexes[0]
        if joined.get(h):
            return []  # drawn by the lines through it
        return [(h, 1), h, (h, 4)]
    points: list[object] = []
    first, second = hexes[0], hexes[1]
    if len(joined.get(first, ())) <= 1:
        points.append((first, (first.direction_to(second) + 3) % 6))
    for a, b in zip(hexes, hexes[1:]):
        points.append(a)
        points.append((a, b) if a < b else (b, a))
    last, before = hexes[-1], hexes[-2]
    points.append(last)
    if len(joined.get(last, ())) <= 1:
        points.append((last, (last.direction_to(before) + 3) % 6))
    return points


def joined_hexes(lines: Iterable[Line]) -> dict[Hex, set[Hex]]:
    """Hex -> the hexes next to it in any of `lines`."""
    joined: dict[Hex, set[Hex]] = {}
    for line in lines:
        hexes = line.hexes
        for h in hexes:
            joined.setdefault(h, set())
        for a, b in zip(hexes, hexes[1:]):
            joined[a].add(b)
            joined[b].add(a)
    return joined
