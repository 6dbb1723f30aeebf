"""A scanned map under the hexes (Map › Underlay image…): where its picture lies on the
map, fitted from hexes the designer clicks on it and names.

The picture is placed by an affine transform from its pixels (u, v: right and down from
its top-left corner) to *map units*: the hex-centre coordinates of a layout whose hex
size is 1 and whose origin is the centre of axial hex (0, 0) (hexes.Layout(1.0, …)). So
the fit does not change with the zoom, the canvas's margin or the printed hex size; the
canvas multiplies by its hex size and adds its layout's origin.

Two picked points fix a similarity (scale, rotation, offset) exactly. Three fix it by
least squares and say how far the picture is from fitting (the residual), or, asked
for shear, fix a general affine transform exactly (a scan that is skewed or stretched
one way). No Qt here: the dialog and the canvas (app/editor/underlay_dialog.py,
app/canvas/underlay.py) only show what these functions work out.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath

Point = tuple[float, float]
PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".tif", ".tiff")
PATH_MAX = 1000
# Map units a picture pixel may cover: beyond these a fit is a mistake (points picked a
# pixel apart for hexes far apart, or the reverse), not a scan.
SCALE_MIN, SCALE_MAX = 1e-4, 1e4
# Points closer than this on the picture (pixels) or on the map (map units) are one point.
SAME_POINT = 1e-6
# The centre-to-centre distance of two neighbouring hexes in map units: a residual is
# reported in hexes.
HEX_SPACING = math.sqrt(3)


class UnderlayError(ValueError):
    """A fit or an underlay that cannot be used, in one sentence."""


@dataclass(frozen=True)
class Affine:
    """x = a·u + b·v + c, y = d·u + e·v + f: picture pixel (u, v) to map units (x, y)."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 0.0
    e: float = 1.0
    f: float = 0.0

    def apply(self, point: Point) -> Point:
        u, v = point
        return (self.a * u + self.b * v + self.c, self.d * u + self.e * v + self.f)

    def determinant(self) -> float:
        return self.a * self.e - self.b * self.d

    def inverse(self) -> Affine:
        det = self.determinant()
        if abs(det) < 1e-18:
            raise UnderlayError("The underlay's placement squashes the picture flat; fit it again.")
        a, b, d, e = self.e / det, -self.b / det, -self.d / det, self.a / det
        return Affine(a, b, -(a * self.c + b * self.f), d, e, -(d * self.c + e * self.f))

    def then(self, other: Affine) -> Affine:
        """This transform followed by `other`."""
        return Affine(
            other.a * self.a + other.b * self.d,
            other.a * self.b + other.b * self.e,
            other.a * self.c + other.b * self.f + other.c,
            other.d * self.a + other.e * self.d,
            other.d * self.b + other.e * self.e,
            other.d * self.c + other.e * self.f + other.f,
        )

    def as_list(self) -> list[float]:
        return [self.a, self.b, self.c, self.d, self.e, self.f]


@dataclass(frozen=True)
class Placement:
    """The parts the spin boxes show: map units per picture pixel, the picture's turn
    in degrees (clockwise on screen, as y grows downward), and where its top-left pixel
    lies (map units). A sheared fit keeps its shear; these parts are what is left."""

    scale: float
    rotation: float
    x: float
    y: float


@dataclass(frozen=True)
class Fit:
    """A fit of picked points: the transform and how far the worst point is off (hexes)."""

    transform: Affine
    residual: float


@dataclass(frozen=True)
class Underlay:
    """The picture under a map: its file (relative to the map's file, '/'-separated, or
    absolute when the map was never saved beside it), its placement and its opacity."""

    path: str
    transform: Affine = Affine()
    opacity: float = 0.5

    def with_transform(self, transform: Affine) -> Underlay:
        return replace(self, transform=transform)


def resolved(underlay: Underlay, folder: Path) -> Underlay:
    """The underlay with its picture's path made absolute from the map file's `folder`
    (as opened: the map's file keeps it relative, so map and picture move together)."""
    path = Path(underlay.path)
    if path.is_absolute():
        return underlay
    return replace(underlay, path=os.path.normpath(Path(os.path.abspath(folder)) / PurePosixPath(underlay.path)))


def relative_to(underlay: Underlay, folder: Path) -> Underlay:
    """The underlay with its picture's path relative to `folder` ('/'-separated), as a
    map saved there writes it; absolute when no relative path reaches it (another drive)."""
    path = Path(underlay.path)
    if not path.is_absolute():
        return underlay
    try:
        relative = os.path.relpath(path, os.path.abspath(folder))
    except ValueError:  # Windows: another drive
        return underlay
    return replace(underlay, path=Path(relative).as_posix())


def shifted(underlay: Underlay, dx: float, dy: float) -> Underlay:
    """The underlay moved by (dx, dy) map units, as the hexes move when a map is resized
    on its left or top: the picture stays under the hexes it showed."""
    t = underlay.transform
    return replace(underlay, transform=replace(t, c=t.c + dx, f=t.f + dy))


def fit(picture: Sequence[Point], map_points: Sequence[Point], shear: bool = False) -> Fit:
    """The transform taking each picture point to its map point: two or more pairs for
    a similarity (least squares past two), three or more for an affine fit when `shear`."""
    if len(picture) != len(map_points):
        raise UnderlayError("Each point picked on the picture needs the hex it shows.")
    least = 3 if shear else 2
    if len(picture) < least:
        raise UnderlayError(
            f"Pick {least} hexes on the picture to fit it{' with shear' if shear else ''}; "
            f"{len(picture)} {'is' if len(picture) == 1 else 'are'} picked."
        )
    _refuse_coincident(picture, "on the picture")
    _refuse_coincident(map_points, "on the map (the same hex twice)")
    transform = _affine(picture, map_points) if shear else _similarity(picture, map_points)
    scale = math.sqrt(abs(transform.determinant()))
    if not SCALE_MIN <= scale <= SCALE_MAX:
        raise UnderlayError(
            "The picked points give a picture scale no scan has; check the hex numbers typed."
        )
    return Fit(transform, residual(transform, picture, map_points))


def residual(transform: Affine, picture: Sequence[Point], map_points: Sequence[Point]) -> float:
    """How far the worst picked point lands from its hex's centre, in hexes."""
    worst = 0.0
    for p, q in zip(picture, map_points, strict=True):
        x, y = transform.apply(p)
        worst = max(worst, math.hypot(x - q[0], y - q[1]))
    return worst / HEX_SPACING


def placement(transform: Affine) -> Placement:
    """The scale, rotation and offset of a transform (of its similarity part)."""
    scale = math.sqrt(abs(transform.determinant()))
    rotation = math.degrees(math.atan2(transform.d - transform.b, transform.a + transform.e))
    return Placement(scale, rotation, transform.c, transform.f)


def placed(transform: Affine, parts: Placement) -> Affine:
    """`transform` given these scale, rotation and offset, its shear kept."""
    if not SCALE_MIN <= parts.scale <= SCALE_MAX:
        raise UnderlayError(f"An underlay's scale must be from {SCALE_MIN:g} to {SCALE_MAX:g} map units a pixel.")
    if not all(math.isfinite(v) for v in (parts.rotation, parts.x, parts.y)):
        raise UnderlayError("An underlay's rotation and offset must be numbers.")
    old = placement(transform)
    # The shear left when the old similarity is taken out, put under the new one.
    shear = Affine(transform.a, transform.b, 0.0, transform.d, transform.e, 0.0).then(
        _similar(old.scale, old.rotation, 0.0, 0.0).inverse()
    )
    linear = shear.then(_similar(parts.scale, parts.rotation, 0.0, 0.0))
    return replace(linear, c=parts.x, f=parts.y)


def check_opacity(opacity: float) -> float:
    if not (isinstance(opacity, (int, float)) and 0.0 <= opacity <= 1.0):
        raise UnderlayError("An underlay's opacity must be from 0 (hidden) to 1 (solid).")
    return float(opacity)


def is_picture(name: str) -> bool:
    """Whether a file's name says it is a picture an underlay can be (PNG, JPEG, TIFF)."""
    return name.lower().endswith(PICTURE_SUFFIXES)


def underlay_to_data(underlay: Underlay) -> dict:
    """The file's "underlay" object (version 6)."""
    return {"path": underlay.path, "transform": underlay.transform.as_list(), "opacity": underlay.opacity}


def underlay_from_data(data: object) -> Underlay | None:
    """The underlay of a file's "underlay" object, or None when it is not one (the
    schema, maps/schema.py UnderlayModel, words what is wrong)."""
    if type(data) is not dict or not data.keys() <= {"path", "transform", "opacity"}:
        return None
    path, numbers, opacity = data.get("path"), data.get("transform"), data.get("opacity", 0.5)
    if type(path) is not str or not 1 <= len(path) <= PATH_MAX or type(numbers) is not list or len(numbers) != 6:
        return None
    if not all(_number(v) and math.isfinite(v) for v in numbers) or not _number(opacity) or not 0 <= opacity <= 1:
        return None
    transform = Affine(*(float(v) for v in numbers))
    if not SCALE_MIN <= math.sqrt(abs(transform.determinant())) <= SCALE_MAX:
        return None
    return Underlay(path, transform, float(opacity))


def _number(value: object) -> bool:
    return type(value) in (int, float)  # JSON true is a bool, no number


def _refuse_coincident(points: Sequence[Point], where: str) -> None:
    for i, p in enumerate(points):
        for q in points[i + 1 :]:
            if math.hypot(p[0] - q[0], p[1] - q[1]) < SAME_POINT:
                raise UnderlayError(
                    f"Two of the picked points are at the same place {where}; pick hexes farther apart."
                )


def _similar(scale: float, rotation: float, x: float, y: float) -> Affine:
    t = math.radians(rotation)
    cos, sin = scale * math.cos(t), scale * math.sin(t)
    return Affine(cos, -sin, x, sin, cos, y)


def _similarity(picture: Sequence[Point], map_points: Sequence[Point]) -> Affine:
    """The least-squares similarity (exact for two points): x = p·u − q·v + c, y = q·u + p·v + f,
    solved about the points' centroids."""
    n = len(picture)
    mu = (sum(p[0] for p in picture) / n, sum(p[1] for p in picture) / n)
    mx = (sum(q[0] for q in map_points) / n, sum(q[1] for q in map_points) / n)
    dot = cross = norm = 0.0
    for (u, v), (x, y) in zip(picture, map_points, strict=True):
        u, v, x, y = u - mu[0], v - mu[1], x - mx[0], y - mx[1]
        dot += u * x + v * y
        cross += u * y - v * x
        norm += u * u + v * v
    p, q = dot / norm, cross / norm
    return Affine(p, -q, mx[0] - p * mu[0] + q * mu[1], q, p, mx[1] - q * mu[0] - p * mu[1])


def _affine(picture: Sequence[Point], map_points: Sequence[Point]) -> Affine:
    """The least-squares affine transform (exact for three points), by the normal
    equations about the centroids; refused when the picture points lie on one line."""
    n = len(picture)
    mu = (sum(p[0] for p in picture) / n, sum(p[1] for p in picture) / n)
    mx = (sum(q[0] for q in map_points) / n, sum(q[1] for q in map_points) / n)
    suu = suv = svv = sux = svx = suy = svy = 0.0
    for (u, v), (x, y) in zip(picture, map_points, strict=True):
        u, v, x, y = u - mu[0], v - mu[1], x - mx[0], y - mx[1]
        suu, suv, svv = suu + u * u, suv + u * v, svv + v * v
        sux, svx, suy, svy = sux + u * x, svx + v * x, suy + u * y, svy + v * y
    det = suu * svv - suv * suv
    if abs(det) <= 1e-9 * max(1.0, suu * svv):
        raise UnderlayError(
            "The picked points lie on one line on the picture, which cannot fix a shear; "
            "pick a third hex off that line."
        )
    a, b = (sux * svv - svx * suv) / det, (svx * suu - sux * suv) / det
    d, e = (suy * svv - svy * suv) / det, (svy * suu - suy * suv) / det
    return Affine(a, b, mx[0] - a * mu[0] - b * mu[1], d, e, mx[1] - d * mu[0] - e * mu[1])
