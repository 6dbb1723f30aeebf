"""The sheet grid of a true-scale print: the paper sizes, the part of a sheet inside its
margin, how many sheets across and down a map needs (portrait or landscape, whichever
needs fewer), and how the map is shared out over them (`tile_axis`: every sheet shows
the same length of map, overlapping its neighbours by about the overlap asked).

Lengths in millimetres unless said; the map's printed rectangle is `_scene`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPageSize

from hexcampaign.app.render.geometry import (
    DEFAULT_HEX_SIZE,
    hexes_scene_rect,
    map_layout,
    map_scene_rect,
)
from hexcampaign.app.render.sheet_furniture import MIN_OVERLAP_MM, sheet_frame
from hexcampaign.hexes import Hex, Layout
from hexcampaign.maps import HexMap

# A true-scale sheet's margin: its crop marks stand in a band inside it (sheet_furniture),
# so the map still starts 10 mm from the edge; most printers print to 5 mm of the edge.
TILED_MARGIN_MM = 5.0
PAPER = {
    "A4": QPageSize.PageSizeId.A4,
    "A3": QPageSize.PageSizeId.A3,
    "Letter": QPageSize.PageSizeId.Letter,
    "Legal": QPageSize.PageSizeId.Legal,
}


def printable_mm(paper: str, orientation: str, margin_mm: float = TILED_MARGIN_MM) -> tuple[float, float]:
    """The paper's size inside its margins (a true-scale sheet's), in millimetres."""
    size = QPageSize(PAPER[paper]).size(QPageSize.Unit.Millimeter)
    w, h = size.width() - 2 * margin_mm, size.height() - 2 * margin_mm
    return (max(w, h), min(w, h)) if orientation == "landscape" else (min(w, h), max(w, h))


def best_orientation(
    hexmap: HexMap, paper: str, hex_mm: float, overlap_mm: float, area: list[Hex] | None = None
) -> str:
    """Portrait or landscape, whichever needs fewer sheets (portrait on a tie)."""
    counts = {}
    for orientation in ("portrait", "landscape"):
        across, down = page_grid(hexmap, *printable_mm(paper, orientation), hex_mm, overlap_mm, area)
        counts[orientation] = across * down
    return "landscape" if counts["landscape"] < counts["portrait"] else "portrait"


def page_grid(
    hexmap: HexMap,
    page_w_mm: float,
    page_h_mm: float,
    hex_mm: float,
    overlap_mm: float,
    area: list[Hex] | None = None,
) -> tuple[int, int]:
    """How many sheets across and down a true-scale print needs on a page whose printable
    part is `page_w_mm` × `page_h_mm` (the margin band and caption come off it)."""
    frame = sheet_frame(QRectF(0, 0, page_w_mm, page_h_mm), 1.0)
    width_mm, height_mm = _map_size_mm(hexmap, hex_mm, area)
    return (
        tile_axis(width_mm, frame.map_area.width(), overlap_mm).count,
        tile_axis(height_mm, frame.map_area.height(), overlap_mm).count,
    )


def min_overlap(overlap: float) -> float:
    """The narrowest overlap a print may use to save a sheet (sheet_furniture.MIN_OVERLAP_MM)."""
    return min(overlap, max(MIN_OVERLAP_MM, overlap / 2))


@dataclass(frozen=True)
class Tiles:
    """Sheets along one side of a true-scale print: how many, the length of map each
    shows, the step from one sheet's start to the next, and the overlap between them."""

    count: int
    tile: float
    step: float
    overlap: float


def tile_axis(length: float, page: float, overlap: float, least: float | None = None) -> Tiles:
    """The fewest sheets of `page` that cover `length`, overlapping by `overlap` or, when
    that saves a sheet, by a little less (`min_overlap`); every sheet then shows the
    same length of map, so the last is as full as the others rather than nearly empty
    (the spare paper is shared out as margin). Lengths in millimetres, or in any unit
    with `least`, the narrowest overlap, in that unit."""
    count = _pages_needed(length, page, min_overlap(overlap) if least is None else least)
    if count == 1:
        return Tiles(1, length, 0.0, 0.0)
    used = min(overlap, (count * page - length) / (count - 1))
    tile = (length + (count - 1) * used) / count
    return Tiles(count, tile, tile - used, used)


def _pages_needed(length: float, page: float, overlap: float) -> int:
    if length <= page:
        return 1
    return 1 + math.ceil((length - page) / (page - overlap))


def _scene(hexmap: HexMap, area: list[Hex] | None, layout: Layout | None = None) -> QRectF:
    """The scene rectangle printed: the whole map, or the bounding box of `area`'s hexes."""
    layout = layout or map_layout(hexmap, DEFAULT_HEX_SIZE)
    if area:
        return hexes_scene_rect(layout, area, pad_hexes=0.0)
    return map_scene_rect(hexmap, layout)


def _map_size_mm(hexmap: HexMap, hex_mm: float, area: list[Hex] | None = None) -> tuple[float, float]:
    layout = map_layout(hexmap, DEFAULT_HEX_SIZE)
    scene = _scene(hexmap, area, layout)
    mm_per_unit = hex_mm / (math.sqrt(3) * layout.size)
    return scene.width() * mm_per_unit, scene.height() * mm_per_unit
