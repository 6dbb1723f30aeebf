"""Hex grid geometry: axial hexes, offset coordinates, hexsides and pixel layout.

Axial coordinates (q, r) follow Red Blob Games' conventions. Maps are numbered in
"odd-q" offset coordinates for flat-top hexes (odd columns sit half a hex lower) and
"odd-r" for pointy-top hexes (odd rows sit half a hex to the right).
Nothing here knows about Qt; the canvas and the headless renderer share this layout.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from shapely.geometry import Polygon

# Direction order is fixed and shared by neighbours, hexsides and the tools.
# For flat-top hexes: N, NE, SE, S, SW, NW (clockwise from north).
DIRECTIONS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")


class Hex(NamedTuple):
    """A hex in axial coordinates; frozen, hashable and ordered (by q, then r).

    A NamedTuple rather than a frozen dataclass: hexes are created and hashed in every
    inner loop (rendering, movement ranges, file loading), and a tuple's C-level
    construction and hash are 1.5x and 3.5x faster. It also unpacks: `q, r = h`.
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    @staticmethod
    def from_offset(col: int, row: int) -> Hex:
        """Odd-q offset (flat-top; odd columns shifted down) to axial."""
        return Hex(col, row - (col - (col & 1)) // 2)

    def to_offset(self) -> tuple[int, int]:
        """Axial to odd-q offset (col, row)."""
        return self.q, self.r + (self.q - (self.q & 1)) // 2

    @staticmethod
    def from_offset_pointy(col: int, row: int) -> Hex:
        """Odd-r offset (pointy-top; odd rows shifted right) to axial."""
        return Hex(col - (row - (row & 1)) // 2, row)

    def to_offset_pointy(self) -> tuple[int, int]:
        return self.q + (self.r - (self.r & 1)) // 2, self.r

    def neighbor(self, direction: int) -> Hex:
        dq, dr = DIRECTIONS[direction % 6]
        return Hex(self.q + dq, self.r + dr)

    def neighbors(self) -> list[Hex]:
        q, r = self.q, self.r
        return [Hex(q + dq, r + dr) for dq, dr in DIRECTIONS]

    def direction_to(self, other: Hex) -> int:
        """The direction index of an adjacent hex; ValueError when not adjacent."""
        delta = (other.q - self.q, other.r - self.r)
        try:
            return DIRECTIONS.index(delta)
        except ValueError:
            raise ValueError(f"{other} is not adjacent to {self}") from None

    def is_adjacent(self, other: Hex) -> bool:
        return (other.q - self.q, other.r - self.r) in DIRECTIONS

    def distance(self, other: Hex) -> int:
        dq = self.q - other.q
        dr = self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def ring(self, radius: int) -> list[Hex]:
        """Hexes at exactly `radius`, clockwise; [self] for radius 0."""
        if radius == 0:
            return [self]
        dq, dr = DIRECTIONS[4]  # start at SW * radius, then walk each side
        h = Hex(self.q + dq * radius, self.r + dr * radius)
        result = []
        for side in range(6):
            for _ in range(radius):
                result.append(h)
                h = h.neighbor(side)
        return result

    def within(self, radius: int) -> list[Hex]:
        """Every hex within `radius` (a filled hexagon), nearest rings first."""
        return [h for k in range(radius + 1) for h in self.ring(k)]

    def line_to(self, other: Hex) -> list[Hex]:
        """The hexes on the straight line from self to other, both included."""
        n = self.distance(other)
        if n == 0:
            return [self]
        # Nudge off exact edges so the line is deterministic (Red Blob's epsilon).
        aq, ar = self.q + 1e-6, self.r + 1e-6
        bq, br = other.q + 1e-6, other.r + 1e-6
        return [
            _round_axial(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)
        ]

    def __str__(self) -> str:
        col, row = self.to_offset()
        return f"{col:02d}{row:02d}"


def _round_axial(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


class HexSide(NamedTuple):
    """One edge between two hexes, with one canonical id whichever side names it.

    Canonical form: the hex plus a direction in (0, 1, 2) = N, NE, SE; the other three
    directions belong to the neighbour's N/NE/SE edges.
    """

    hex: Hex
    direction: int

    @staticmethod
    def of(h: Hex, direction: int) -> HexSide:
        direction %= 6
        if direction < 3:
            return HexSide(h, direction)
        return HexSide(h.neighbor(direction), direction - 3)

    @staticmethod
    def between(a: Hex, b: Hex) -> HexSide:
        """The hexside shared by two adjacent hexes; ValueError otherwise."""
        return HexSide.of(a, a.direction_to(b))

    def hexes(self) -> tuple[Hex, Hex]:
        return self.hex, self.hex.neighbor(self.direction)

    def other(self, h: Hex) -> Hex:
        a, b = self.hexes()
        if h == a:
            return b
        if h == b:
            return a
        raise ValueError(f"{h} is not on hexside {self}")

    def __str__(self) -> str:
        a, b = self.hexes()
        return f"{a}/{b}"


class Layout:
    """Hex <-> pixel arithmetic for one orientation, hex size and origin.

    `size` is the distance from a hex's centre to a corner, in pixels. The origin is the
    pixel centre of axial hex (0, 0). A layout never changes (make another). Written out
    rather than a frozen dataclass: no module a window's first paint needs imports
    dataclasses (the module and each class it makes cost ~11 M and ~4 M instructions).
    """

    size: float
    orientation: str  # "flat" | "pointy"
    origin: tuple[float, float]

    def __init__(self, size: float = 32.0, orientation: str = "flat", origin: tuple[float, float] = (0.0, 0.0)) -> None:
        if orientation not in ("flat", "pointy"):
            raise ValueError(f"orientation must be 'flat' or 'pointy', not {orientation!r}")
        if not size > 0:
            raise ValueError("hex size must be positive")
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "orientation", orientation)
        object.__setattr__(self, "origin", origin)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Layout does not change (its {name}): make another")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Layout):
            return NotImplemented
        return (self.size, self.orientation, self.origin) == (other.size, other.orientation, other.origin)

    def __hash__(self) -> int:
        return hash((self.size, self.orientation, self.origin))

    def __repr__(self) -> str:
        return f"Layout(size={self.size!r}, orientation={self.orientation!r}, origin={self.origin!r})"

    @property
    def flat(self) -> bool:
        return self.orientation == "flat"

    @property
    def width(self) -> float:
        """Distance between two opposite corners (flat) or flat sides (pointy)."""
        return 2 * self.size if self.flat else math.sqrt(3) * self.size

    @property
    def height(self) -> float:
        return math.sqrt(3) * self.size if self.flat else 2 * self.size

    def center(self, h: Hex) -> tuple[float, float]:
        s = self.size
        if self.flat:
            x = s * 1.5 * h.q
            y = s * math.sqrt(3) * (h.r + h.q / 2)
        else:
            x = s * math.sqrt(3) * (h.q + h.r / 2)
            y = s * 1.5 * h.r
        return x + self.origin[0], y + self.origin[1]

    @cached_property
    def corner_offsets(self) -> tuple[tuple[float, float], ...]:
        """Corner offsets from a centre; corner i and i+1 bound the edge to direction i."""
        # Flat-top: corner angles 0, 60, ... degrees (screen y down). The edge to the
        # north neighbour lies between the corners at 240 and 300 degrees.
        start = 240 if self.flat else 210
        return tuple(
            (
                self.size * math.cos(math.radians(start + 60 * i)),
                self.size * math.sin(math.radians(start + 60 * i)),
            )
            for i in range(6)
        )

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        cx, cy = self.center(h)
        return [(cx + dx, cy + dy) for dx, dy in self.corner_offsets]

    def polygon(self, h: Hex) -> Polygon:
        # shapely (and numpy under it) cost ~120 ms to import; only geometry users pay.
        from shapely.geometry import Polygon

        return Polygon(self.corners(h))

    def edge(self, h: Hex, direction: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two end points of the edge of `h` facing `direction`."""
        # Neighbour i sits at angle 270 + 60*i degrees (flat) or 240 + 60*i (pointy);
        # corners start 30 degrees before that, so corners i and i+1 bound edge i in both.
        c = self.corners(h)
        direction %= 6
        return c[direction], c[(direction + 1) % 6]

    def side_segment(self, side: HexSide) -> tuple[tuple[float, float], tuple[float, float]]:
        return self.edge(side.hex, side.direction)

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex containing the pixel (x, y)."""
        px = (x - self.origin[0]) / self.size
        py = (y - self.origin[1]) / self.size
        if self.flat:
            fq = 2 / 3 * px
            fr = -1 / 3 * px + math.sqrt(3) / 3 * py
        else:
            fq = math.sqrt(3) / 3 * px - 1 / 3 * py
            fr = 2 / 3 * py
        return _round_axial(fq, fr)

    def hexside_at(self, x: float, y: float) -> HexSide:
        """The hexside nearest to the pixel (x, y): snap for hexside tools."""
        h = self.hex_at(x, y)
        best, best_d = 0, math.inf
        for d in range(6):
            (ax, ay), (bx, by) = self.edge(h, d)
            mx, my = (ax + bx) / 2, (ay + by) / 2
            dist = (mx - x) ** 2 + (my - y) ** 2
            if dist < best_d:
                best, best_d = d, dist
        return HexSide.of(h, best)


def offset_to_hex(col: int, row: int, orientation: str = "flat") -> Hex:
    return Hex.from_offset(col, row) if orientation == "flat" else Hex.from_offset_pointy(col, row)


def hex_to_offset(h: Hex, orientation: str = "flat") -> tuple[int, int]:
    return h.to_offset() if orientation == "flat" else h.to_offset_pointy()


def rectangle(cols: int, rows: int, orientation: str = "flat") -> Iterator[Hex]:
    """Every hex of a cols x rows offset rectangle, column by column."""
    for col in range(cols):
        for row in range(rows):
            yield offset_to_hex(col, row, orientation)
