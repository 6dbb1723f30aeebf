"""Export and print: PNG at a chosen scale, SVG, PDF fitted to one page, PDF at true
scale over several pages with overlap marks, and File > Print through QPrinter.

All of it paints with `render.paint_map`, the painter the canvas and `hexcampaign
render` use, so a printed map looks like the screen.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from pathlib import Path

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
from hexcampaign.app.render import (
    DEFAULT_HEX_SIZE,
    RenderError,
    map_layout,
    map_scene_rect,
    paint_map,
    render_to_file,
)
from hexcampaign.maps import HexMap

PDF_DPI = 300
PAGE_MARGIN_MM = 10.0
PAPER = {
    "A4": QPageSize.PageSizeId.A4,
    "A3": QPageSize.PageSizeId.A3,
    "Letter": QPageSize.PageSizeId.Letter,
    "Legal": QPageSize.PageSizeId.Legal,
}


def export_picture(
    hexmap: HexMap,
    path: Path | str,
    hex_size: float = DEFAULT_HEX_SIZE,
    layers: Iterable[str] | None = None,
) -> tuple[int, int]:
    """PNG or SVG (by suffix) at `hex_size` pixels per hex radius; returns the size."""
    path = Path(path)
    if path.suffix.lower() not in (".png", ".svg"):
        raise RenderError(f"Cannot export a picture to {path.name}: use .png or .svg.")
    return render_to_file(hexmap, path, hex_size, layers)


def export_pdf_fitted(
    hexmap: HexMap, path: Path | str, paper: str = "A4", layers: Iterable[str] | None = None
) -> int:
    """The whole map on one page, as large as fits, with its name on top. Returns 1."""
    writer = _pdf_writer(hexmap, path, paper, landscape=_is_wide(hexmap))
    return paint_fitted(writer, hexmap, layers)


def export_pdf_tiled(
    hexmap: HexMap,
    path: Path | str,
    paper: str = "A4",
    hex_mm: float = 19.0,
    overlap_mm: float = 10.0,
    layers: Iterable[str] | None = None,
) -> int:
    """True scale (a hex `hex_mm` across the flats) over as many pages as needed; each
    page overlaps its neighbours by `overlap_mm`, marked with dashed lines where the
    next page starts, so the sheets can be trimmed and glued. Returns the page count."""
    writer = _pdf_writer(hexmap, path, paper, landscape=False)
    return paint_tiled(writer, hexmap, hex_mm, overlap_mm, layers)


def page_grid(
    hexmap: HexMap, page_w_mm: float, page_h_mm: float, hex_mm: float, overlap_mm: float
) -> tuple[int, int]:
    """How many pages across and down a true-scale print needs."""
    width_mm, height_mm = _map_size_mm(hexmap, hex_mm)
    return _pages_needed(width_mm, page_w_mm, overlap_mm), _pages_needed(
        height_mm, page_h_mm, overlap_mm
    )


# --- painting on any paged device (PDF writer or printer) ---------------------------------


def paint_fitted(
    device: QPagedPaintDevice, hexmap: HexMap, layers: Iterable[str] | None = None
) -> int:
    layout = map_layout(hexmap, DEFAULT_HEX_SIZE)
    scene = map_scene_rect(hexmap, layout)
    painter = _begin(device)
    try:
        page_w, page_h = device.width(), device.height()
        title_h = 0.0
        if hexmap.name:
            font = QFont(painter.font())
            font.setPointSizeF(14)
            font.setBold(True)
            painter.setFont(font)
            title_h = painter.fontMetrics().height() * 1.6
            painter.drawText(
                QRectF(0, 0, page_w, title_h), Qt.AlignmentFlag.AlignCenter, hexmap.name
            )
        scale = min(page_w / scene.width(), (page_h - title_h) / scene.height())
        left = (page_w - scene.width() * scale) / 2
        painter.translate(left, title_h)
        painter.scale(scale, scale)
        painter.translate(-scene.left(), -scene.top())
        painter.fillRect(scene, style.PAPER)
        paint_map(painter, hexmap, layout, scene, layers)
    finally:
        painter.end()
    return 1


def paint_tiled(
    device: QPagedPaintDevice,
    hexmap: HexMap,
    hex_mm: float = 19.0,
    overlap_mm: float = 10.0,
    layers: Iterable[str] | None = None,
) -> int:
    if not 3 <= hex_mm <= 100:
        raise RenderError(f"The printed hex width must be 3 to 100 mm, not {hex_mm:g}.")
    layout = map_layout(hexmap, DEFAULT_HEX_SIZE)
    scene = map_scene_rect(hexmap, layout)
    dots_per_mm = device.logicalDpiX() / 25.4
    across_flats = math.sqrt(3) * layout.size  # scene units across a hex's flats
    scale = hex_mm * dots_per_mm / across_flats  # device dots per scene unit
    page_w, page_h = device.width(), device.height()
    overlap = overlap_mm * dots_per_mm
    map_w, map_h = scene.width() * scale, scene.height() * scale
    across = _pages_needed(map_w, page_w, overlap)
    down = _pages_needed(map_h, page_h, overlap)
    if across * down > 400:
        raise RenderError(
            f"A true-scale print would need {across * down} pages; choose smaller hexes."
        )
    painter = _begin(device)
    try:
        for row in range(down):
            for col in range(across):
                if row or col:
                    device.newPage()
                x0, y0 = col * (page_w - overlap), row * (page_h - overlap)
                painter.save()
                painter.setClipRect(QRectF(0, 0, page_w, page_h))
                painter.translate(-x0, -y0)
                painter.scale(scale, scale)
                painter.translate(-scene.left(), -scene.top())
                shown = QRectF(
                    scene.left() + x0 / scale,
                    scene.top() + y0 / scale,
                    page_w / scale,
                    page_h / scale,
                ).intersected(scene)
                painter.fillRect(shown, style.PAPER)
                paint_map(painter, hexmap, layout, shown, layers)
                painter.restore()
                # The marks run only where the map is on this sheet.
                on_sheet = QRectF(-x0, -y0, map_w, map_h).intersected(QRectF(0, 0, page_w, page_h))
                _overlap_marks(painter, on_sheet, page_w, page_h, overlap, col, row, across, down)
                _page_caption(painter, hexmap, page_w, page_h, col, row, across, down)
    finally:
        painter.end()
    return across * down


def print_map(
    printer: QPagedPaintDevice,
    hexmap: HexMap,
    tiled: bool = False,
    hex_mm: float = 19.0,
    overlap_mm: float = 10.0,
    layers: Iterable[str] | None = None,
) -> int:
    """File > Print: the same pages as the PDF export, on a QPrinter."""
    if tiled:
        return paint_tiled(printer, hexmap, hex_mm, overlap_mm, layers)
    return paint_fitted(printer, hexmap, layers)


# --- helpers -------------------------------------------------------------------------------


def _pdf_writer(hexmap: HexMap, path: Path | str, paper: str, landscape: bool) -> QPdfWriter:
    path = Path(path)
    if paper not in PAPER:
        raise RenderError(f"Unknown paper size {paper}; choose one of {', '.join(PAPER)}.")
    if not path.parent.is_dir():
        raise RenderError(f"Cannot write {path}: the folder {path.parent} does not exist.")
    writer = QPdfWriter(str(path))
    writer.setResolution(PDF_DPI)
    writer.setTitle(hexmap.name or path.stem)
    writer.setCreator("hexcampaign")
    writer.setPageLayout(
        QPageLayout(
            QPageSize(PAPER[paper]),
            QPageLayout.Orientation.Landscape if landscape else QPageLayout.Orientation.Portrait,
            QMarginsF(PAGE_MARGIN_MM, PAGE_MARGIN_MM, PAGE_MARGIN_MM, PAGE_MARGIN_MM),
            QPageLayout.Unit.Millimeter,
        )
    )
    return writer


def _begin(device: QPagedPaintDevice) -> QPainter:
    painter = QPainter()
    if not painter.begin(device):
        raise RenderError("Could not start the printout: the file or printer refused it.")
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    return painter


def _is_wide(hexmap: HexMap) -> bool:
    scene = map_scene_rect(hexmap, map_layout(hexmap, DEFAULT_HEX_SIZE))
    return scene.width() > scene.height()


def _map_size_mm(hexmap: HexMap, hex_mm: float) -> tuple[float, float]:
    layout = map_layout(hexmap, DEFAULT_HEX_SIZE)
    scene = map_scene_rect(hexmap, layout)
    mm_per_unit = hex_mm / (math.sqrt(3) * layout.size)
    return scene.width() * mm_per_unit, scene.height() * mm_per_unit


def _pages_needed(length: float, page: float, overlap: float) -> int:
    if length <= page:
        return 1
    return 1 + math.ceil((length - page) / (page - overlap))


def _overlap_marks(painter, on_sheet, page_w, page_h, overlap, col, row, across, down) -> None:
    """Dashed lines where the neighbouring sheet's picture begins: trim one sheet along
    its line and lay it on the other so the hexes meet."""
    pen = QPen(QColor(60, 60, 60))
    pen.setStyle(Qt.PenStyle.DashLine)
    pen.setWidthF(max(1.0, page_w / 1500))
    painter.setPen(pen)
    top, bottom = on_sheet.top(), on_sheet.bottom()
    left, right = on_sheet.left(), on_sheet.right()
    if col + 1 < across:
        x = page_w - overlap
        painter.drawLine(QPointF(x, top), QPointF(x, bottom))
    if row + 1 < down:
        y = page_h - overlap
        painter.drawLine(QPointF(left, y), QPointF(right, y))
    if col > 0:
        painter.drawLine(QPointF(overlap, top), QPointF(overlap, bottom))
    if row > 0:
        painter.drawLine(QPointF(left, overlap), QPointF(right, overlap))


def _page_caption(painter, hexmap, page_w, page_h, col, row, across, down) -> None:
    font = QFont(painter.font())
    font.setPointSizeF(7)
    painter.setFont(font)
    painter.setPen(QColor(60, 60, 60))
    name = hexmap.name or "map"
    text = f"{name} — sheet {chr(ord('A') + row) if row < 26 else row + 1}{col + 1} (row {row + 1} of {down}, column {col + 1} of {across})"
    painter.drawText(
        QRectF(0, page_h - painter.fontMetrics().height() * 1.2, page_w, page_h),
        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
        text,
    )
