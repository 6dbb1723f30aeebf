"""The map on paper: a PDF fitted to one page (title block above, terrain key and scale
bar below) or at true scale over several sheets laid out as a published game's (crop
and registration marks, a caption naming the sheets each joins, a key sheet), and File >
Print and Print preview through QPrinter: the same pages painted on any paged device.

The sheets' grid is sheet_grid.py's and their furniture sheet_furniture.py's; a fitted
page of a big map is painted in bands as a picture's PDF is (picture_files.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import BinaryIO

from PySide6.QtCore import QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)

from hexcampaign.app import style
from hexcampaign.app.render.catalogue import RenderError
from hexcampaign.app.render.geometry import DEFAULT_HEX_SIZE, map_layout
from hexcampaign.app.render.painters import paint_map
from hexcampaign.app.render.pdf_pages import PdfPages
from hexcampaign.app.render.picture_files import _check_folder, _paint_bands, write_export
from hexcampaign.app.render.sheet_furniture import (
    legend_height,
    paint_caption,
    paint_crop_marks,
    paint_legend,
    paint_registration_mark,
    sheet_caption,
    sheet_frame,
    sheet_name,
)
from hexcampaign.app.render.sheet_grid import (
    PAPER,
    TILED_MARGIN_MM,
    _scene,
    best_orientation,
    min_overlap,
    tile_axis,
)
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap

PDF_DPI = 300
PAGE_MARGIN_MM = 10.0
# A PDF's page orientation; "auto" picks the one that suits the map (fewer sheets, or
# the map's own shape for one page).
ORIENTATIONS = ("auto", "portrait", "landscape")


def export_pdf_fitted(
    hexmap: HexMap,
    path: Path | str,
    paper: str = "A4",
    layers: Iterable[str] | None = None,
    *,
    orientation: str = "auto",
    area: Iterable[Hex] | None = None,
) -> int:
    """The whole map (or the hexes of `area`) on one page, as large as fits, under its
    title block and over its terrain key and scale bar. Returns 1."""
    area = list(area) if area is not None else None
    if orientation == "auto":
        scene = _scene(hexmap, area)
        orientation = "landscape" if scene.width() > scene.height() else "portrait"
    return _paged_pdf(
        hexmap, path, paper, orientation, True, PAGE_MARGIN_MM,
        lambda writer, new_page: paint_fitted(writer, hexmap, layers, new_page=new_page, area=area),
    )


def export_pdf_tiled(
    hexmap: HexMap,
    path: Path | str,
    paper: str = "A4",
    hex_mm: float = 19.0,
    overlap_mm: float = 10.0,
    layers: Iterable[str] | None = None,
    *,
    orientation: str = "auto",
    area: Iterable[Hex] | None = None,
    key_sheet: bool = True,
) -> int:
    """True scale (a hex `hex_mm` across the flats) over as many sheets as needed, each
    with crop marks, registration marks in the overlap and a caption naming the sheets
    it joins; then a key sheet (title block, terrain key, scale bar, sheet plan).
    `orientation` "auto" takes whichever of portrait and landscape needs fewer sheets.
    Returns the page count."""
    area = list(area) if area is not None else None
    if paper not in PAPER:
        raise RenderError(f"Unknown paper size {paper}; choose one of {', '.join(PAPER)}.")
    if orientation == "auto":
        orientation = best_orientation(hexmap, paper, hex_mm, overlap_mm, area)
    return _paged_pdf(
        hexmap, path, paper, orientation, False, TILED_MARGIN_MM,
        lambda writer, new_page: paint_tiled(
            writer, hexmap, hex_mm, overlap_mm, layers, new_page=new_page, area=area,
            key_sheet=key_sheet,
        ),
    )


def print_map(
    printer: QPagedPaintDevice,
    hexmap: HexMap,
    tiled: bool = False,
    hex_mm: float = 19.0,
    overlap_mm: float = 10.0,
    layers: Iterable[str] | None = None,
    *,
    area: Iterable[Hex] | None = None,
) -> int:
    """File > Print (and its preview): the same pages as the PDF export, on a QPrinter;
    its page size and orientation are those of the print dialog."""
    area = list(area) if area is not None else None
    if tiled:
        return paint_tiled(printer, hexmap, hex_mm, overlap_mm, layers, area=area, key_sheet=True)
    return paint_fitted(printer, hexmap, layers, area=area)


def _paged_pdf(
    hexmap: HexMap,
    path: Path | str,
    paper: str,
    orientation: str,
    join: bool,
    margin_mm: float,
    paint: Callable[[QPdfWriter, Callable[[], None]], int],
) -> int:
    """A PDF of pages painted by `paint(writer, new_page)`, each written out when the next
    begins; with `join` the pages (bands of one fitted map) become one page."""
    path = Path(path)
    if paper not in PAPER:
        raise RenderError(f"Unknown paper size {paper}; choose one of {', '.join(PAPER)}.")
    if orientation not in ORIENTATIONS:
        raise RenderError(f"Unknown orientation {orientation}; choose {', '.join(ORIENTATIONS)}.")
    _check_folder(path)
    painted = 0

    def write(out: BinaryIO) -> None:
        nonlocal painted
        pages = PdfPages(out, hexmap.name or path.stem)
        pages.writer.setResolution(PDF_DPI)
        pages.writer.setPageLayout(
            QPageLayout(
                QPageSize(PAPER[paper]),
                QPageLayout.Orientation.Landscape if orientation == "landscape" else QPageLayout.Orientation.Portrait,
                QMarginsF(margin_mm, margin_mm, margin_mm, margin_mm),
                QPageLayout.Unit.Millimeter,
            )
        )
        painted = paint(pages.writer, pages.next_page)
        pages.finish(join)

    write_export(path, write)
    return painted


# --- painting on any paged device (PDF writer or printer) ---------------------------------


def paint_fitted(
    device: QPagedPaintDevice,
    hexmap: HexMap,
    layers: Iterable[str] | None = None,
    *,
    new_page: Callable[[], None] | None = None,
    area: list[Hex] | None = None,
) -> int:
    """The map on one page under its title block, over its terrain key and scale bar. With
    `new_page` (a PDF export) a big map is painted in bands, each on a page of its own
    begun by `new_page()`, for the caller to join into one (`pdf_pages.join_pages`); a
    printer gets the one page painted at once."""
    layout = map_layout(hexmap, DEFAULT_HEX_SIZE)
    scene = _scene(hexmap, area, layout)
    painter = _begin_paged(device)
    try:
        page = QRectF(0, 0, device.width(), device.height())
        dpmm = device.logicalDpiX() / 25.4
        legend_h = legend_height(painter, hexmap, page.width(), dpmm)
        gap = 3 * dpmm
        room = page.adjusted(0, 0, 0, -(legend_h + gap))
        scale = min(room.width() / scene.width(), room.height() / scene.height())
        map_rect = QRectF(
            (page.width() - scene.width() * scale) / 2, 0, scene.width() * scale, scene.height() * scale
        )
        hex_mm = math.sqrt(3) * layout.size * scale / dpmm
        # The legend sits under the map, never over it.
        paint_legend(
            painter, hexmap, QRectF(0, map_rect.bottom() + gap, page.width(), legend_h), dpmm, hex_mm
        )
        painter.translate(map_rect.left(), map_rect.top())
        painter.scale(scale, scale)
        painter.translate(-scene.left(), -scene.top())
        painter.setClipRect(scene)
        if new_page is None:
            painter.fillRect(scene, style.PAPER)
            paint_map(painter, hexmap, layout, scene, layers)
        else:
            _paint_bands(painter, hexmap, layout, scene, layers, new_page)
    finally:
        painter.end()
    return 1


def paint_tiled(
    device: QPagedPaintDevice,
    hexmap: HexMap,
    hex_mm: float = 19.0,
    overlap_mm: float = 10.0,
    layers: Iterable[str] | None = None,
    *,
    new_page: Callable[[], None] | None = None,
    area: list[Hex] | None = None,
    key_sheet: bool = False,
) -> int:
    """True scale over several sheets laid out by `sheet_frame` (the map inside a margin
    band, the caption below it); `new_page` (default: the device's) begins each page
    after the first (a PDF export writes the page before it then). With `key_sheet` a
    last page carries the title block, terrain key, scale bar and the plan of sheets."""
    if not 3 <= hex_mm <= 100:
        raise RenderError(f"The printed hex width must be 3 to 100 mm, not {hex_mm:g}.")
    layout = map_layout(hexmap, DEFAULT_HEX_SIZE)
    scene = _scene(hexmap, area, layout)
    dpmm = device.logicalDpiX() / 25.4
    across_flats = math.sqrt(3) * layout.size  # scene units across a hex's flats
    scale = hex_mm * dpmm / across_flats  # device dots per scene unit
    frame = sheet_frame(QRectF(0, 0, device.width(), device.height()), dpmm)
    box = frame.map_area
    map_w, map_h = scene.width() * scale, scene.height() * scale
    least = min_overlap(overlap_mm) * dpmm
    columns = tile_axis(map_w, box.width(), overlap_mm * dpmm, least)
    rows = tile_axis(map_h, box.height(), overlap_mm * dpmm, least)
    across, down = columns.count, rows.count
    if across * down > 400:
        raise RenderError(
            f"A true-scale print would need {across * down} pages; choose smaller hexes."
        )
    # Every sheet shows the same piece of map, centred in its box.
    trim = QRectF(
        box.left() + (box.width() - columns.tile) / 2,
        box.top() + (box.height() - rows.tile) / 2,
        columns.tile,
        rows.tile,
    )
    painter = _begin_paged(device)
    try:
        for row in range(down):
            for col in range(across):
                if row or col:
                    (new_page or device.newPage)()
                x0, y0 = col * columns.step, row * rows.step  # the sheet's start on the map, in dots
                painter.save()
                painter.setClipRect(trim)
                painter.translate(trim.left() - x0, trim.top() - y0)
                painter.scale(scale, scale)
                painter.translate(-scene.left(), -scene.top())
                shown = QRectF(
                    scene.left() + x0 / scale, scene.top() + y0 / scale, trim.width() / scale, trim.height() / scale
                )
                painter.fillRect(shown, style.PAPER)
                paint_map(painter, hexmap, layout, shown, layers)
                painter.restore()
                _overlap_marks(painter, trim, columns.overlap, rows.overlap, col, row, across, down, dpmm)
                paint_crop_marks(painter, trim, dpmm)
                paint_caption(painter, frame.caption, sheet_caption(hexmap, col, row, across, down))
        if key_sheet:
            (new_page or device.newPage)()
            _key_sheet(painter, hexmap, frame, dpmm, hex_mm, across, down)
    finally:
        painter.end()
    return across * down + (1 if key_sheet else 0)


def _key_sheet(painter, hexmap, frame, dpmm, hex_mm, across, down) -> None:
    """The legend at true scale, and the plan of the sheets: which goes where."""
    box = frame.map_area
    legend_h = legend_height(painter, hexmap, box.width(), dpmm)
    paint_legend(painter, hexmap, QRectF(box.left(), box.top(), box.width(), legend_h), dpmm, hex_mm)
    top = box.top() + legend_h + 8 * dpmm
    cell = min(box.width() / across, (box.bottom() - top) / down, 30 * dpmm)
    painter.save()
    painter.setPen(QPen(QColor(40, 40, 40), 0.2 * dpmm))
    font = QFont(painter.font())
    font.setPointSizeF(9)
    painter.setFont(font)
    for row in range(down):
        for col in range(across):
            rect = QRectF(box.left() + col * cell, top + row * cell * 0.75, cell, cell * 0.75)
            painter.drawRect(rect)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, sheet_name(col, row))
    painter.restore()
    paint_caption(painter, frame.caption, f"{hexmap.name or 'Map'} — key and plan of the {across * down} sheets")


def _begin_paged(device: QPagedPaintDevice) -> QPainter:
    painter = QPainter()
    if not painter.begin(device):
        raise RenderError("Could not start the printout: the file or printer refused it.")
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    return painter


def _overlap_marks(painter, trim, overlap_x, overlap_y, col, row, across, down, dpmm) -> None:
    """Where a neighbouring sheet's picture begins: a dashed line (trim one sheet along it
    and lay it on the other), and in the middle of each overlap band two registration
    marks, at the same spot of the map on both sheets."""
    pen = QPen(QColor(60, 60, 60))
    pen.setStyle(Qt.PenStyle.DashLine)
    pen.setWidthF(0.15 * dpmm)
    painter.save()
    painter.setPen(pen)
    left, top, right, bottom = trim.left(), trim.top(), trim.right(), trim.bottom()
    marks: list[QPointF] = []
    thirds_y = (top + trim.height() / 4, top + trim.height() * 3 / 4)
    thirds_x = (left + trim.width() / 4, left + trim.width() * 3 / 4)
    if col + 1 < across:
        x = right - overlap_x
        painter.drawLine(QPointF(x, top), QPointF(x, bottom))
        marks += [QPointF(right - overlap_x / 2, y) for y in thirds_y]
    if col > 0:
        painter.drawLine(QPointF(left + overlap_x, top), QPointF(left + overlap_x, bottom))
        marks += [QPointF(left + overlap_x / 2, y) for y in thirds_y]
    if row + 1 < down:
        y = bottom - overlap_y
        painter.drawLine(QPointF(left, y), QPointF(right, y))
        marks += [QPointF(x, bottom - overlap_y / 2) for x in thirds_x]
    if row > 0:
        painter.drawLine(QPointF(left, top + overlap_y), QPointF(right, top + overlap_y))
        marks += [QPointF(x, top + overlap_y / 2) for x in thirds_x]
    painter.restore()
    for centre in marks:
        paint_registration_mark(painter, centre, dpmm)
