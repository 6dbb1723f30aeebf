"""The map on file and on paper: PNG, SVG and PDF at a hex size (`hexcampaign render`,
File > Export), PDF fitted to one page or at true scale over several pages with overlap
marks, and File > Print through QPrinter.

All of it paints with `paint_map`, the painter the canvas uses, so a printed map looks
like the screen. Every file is written whole into a temporary file beside the target
and renamed over it only when complete and flushed (`files.atomic_export`): a full disk
or any other failure is one sentence (RenderError) and leaves an earlier file intact.
Qt's SVG and PDF devices report no write errors, so they paint into memory and the
bytes are written by Python, which does.

Memory stays bounded for the largest map (docs/reliability.md): a PNG is painted a band
of rows at a time; an SVG or PDF of a big map is painted a band of about BAND_HEXES
hexes at a time too, each band clipped to its strip, and the bytes of each band are
written before the next is painted. Qt keeps a whole SVG body, or a whole PDF page, in
memory until it ends, so each SVG band is its own small document whose body is copied
into the file, and each PDF band is its own page, written out as the next begins and
joined into one page at the end (app/render/pdf_pages.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import BinaryIO

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)

from hexcampaign.app import style
from hexcampaign.app.png import PngBands, write_rgb_png
from hexcampaign.app.render.catalogue import FORMATS, RenderError
from hexcampaign.app.render.geometry import DEFAULT_HEX_SIZE, map_layout, map_scene_rect
from hexcampaign.app.render.painters import paint_map
from hexcampaign.app.render.pdf_pages import PdfPages
from hexcampaign.files import atomic_export, describe_os_error
from hexcampaign.maps import HexMap
from hexcampaign.maps.features import MapFeatures

PDF_DPI = 300
PAGE_MARGIN_MM = 10.0
PAPER = {
    "A4": QPageSize.PageSizeId.A4,
    "A3": QPageSize.PageSizeId.A3,
    "Letter": QPageSize.PageSizeId.Letter,
    "Legal": QPageSize.PageSizeId.Legal,
}
# The largest picture `render` makes: an SVG or PDF is painted in bands of hexes, so its
# memory does not grow with it, but its page is capped (cli.MAX_VECTOR_PIXELS is equal).
MAX_PIXELS = 400_000_000
# A PNG is painted this many pixels at a time (an RGB32 band of 32 MB, its RGB copy and
# the rows copied for deflating: about 100 MB however large the picture).
BAND_PIXELS = 8_000_000
# An SVG or PDF is painted this many hexes at a time. Qt holds a band's SVG body as
# UTF-16 (about 2 kB a hex) and its PDF page content uncompressed (about 2 kB a hex):
# 3 000 hexes cost some 40 MB over the map and its painter, however big the map (a
# 385×385 map: SVG 191 MiB, PDF 164 MiB at most, docs/reliability.md).
BAND_HEXES = 3_000
# Each band's clip reaches this far into the next band, which is painted over it: no
# hairline of paper shows between bands when a viewer's zoom puts their edge mid-pixel.
BAND_OVERLAP = 1.0


def render_to_file(
    hexmap: HexMap,
    path: Path | str,
    hex_size: float = DEFAULT_HEX_SIZE,
    layers: set[str] | Iterable[str] | None = None,
) -> tuple[int, int]:
    """Write the whole map as PNG, SVG or PDF (by the file's suffix); returns the pixel size.

    Needs a QGuiApplication (fonts). Raises RenderError with a sentence for the user.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise RenderError(
            f"Cannot render to {path.name}: the file name must end in .png, .svg or .pdf."
        )
    if not 2 <= hex_size <= 512:
        raise RenderError(f"The hex size must be between 2 and 512 pixels, not {hex_size:g}.")
    layout = map_layout(hexmap, hex_size)
    rect = map_scene_rect(hexmap, layout)
    width, height = math.ceil(rect.width()), math.ceil(rect.height())
    if width * height > MAX_PIXELS:
        fits = max(2, int(hex_size * (MAX_PIXELS / (width * height)) ** 0.5))
        raise RenderError(
            f"A {width:,}×{height:,} pixel picture is too large (more than "
            f"{MAX_PIXELS // 1_000_000} million pixels); choose a hex size of {fits} or smaller."
        )
    _check_folder(path)
    if suffix == ".png":
        write = _png(hexmap, layout, rect, width, height, layers)
    elif suffix == ".svg":
        write = _svg(hexmap, layout, rect, path, width, height, layers)
    else:
        write = _pdf(hexmap, layout, rect, path, width, height, layers)
    write_export(path, write)
    return width, height


def write_export(path: Path | str, write: Callable[[BinaryIO], object]) -> None:
    """`files.atomic_export`, with an OSError turned into the RenderError sentence."""
    try:
        atomic_export(path, write)
    except OSError as e:
        raise RenderError(describe_os_error(e, path, "be written")) from None


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
    return _paged_pdf(
        hexmap, path, paper, _is_wide(hexmap), True,
        lambda writer, new_page: paint_fitted(writer, hexmap, layers, new_page=new_page),
    )


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
    return _paged_pdf(
        hexmap, path, paper, False, False,
        lambda writer, new_page: paint_tiled(
            writer, hexmap, hex_mm, overlap_mm, layers, new_page=new_page
        ),
    )


def page_grid(
    hexmap: HexMap, page_w_mm: float, page_h_mm: float, hex_mm: float, overlap_mm: float
) -> tuple[int, int]:
    """How many pages across and down a true-scale print needs."""
    width_mm, height_mm = _map_size_mm(hexmap, hex_mm)
    return _pages_needed(width_mm, page_w_mm, overlap_mm), _pages_needed(
        height_mm, page_h_mm, overlap_mm
    )


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


# --- painting on any paged device (PDF writer or printer) ---------------------------------


def paint_fitted(
    device: QPagedPaintDevice,
    hexmap: HexMap,
    layers: Iterable[str] | None = None,
    *,
    new_page: Callable[[], None] | None = None,
) -> int:
    """The map on one page. With `new_page` (a PDF export) a big map is painted in bands,
    each on a page of its own begun by `new_page()`, for the caller to join into one
    (`pdf_pages.join_pages`); a printer gets the one page painted at once."""
    layout = map_layout(hexmap, DEFAULT_HEX_SIZE)
    scene = map_scene_rect(hexmap, layout)
    painter = _begin_paged(device)
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
) -> int:
    """True scale over several pages; `new_page` (default: the device's) begins each
    page after the first (a PDF export writes the page before it then)."""
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
    painter = _begin_paged(device)
    try:
        for row in range(down):
            for col in range(across):
                if row or col:
                    (new_page or device.newPage)()
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


# --- the three picture formats, each painted before a byte is written --------------------


def _begin(painter: QPainter, rect: QRectF, background: QColor | None) -> None:
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    painter.translate(-rect.left(), -rect.top())
    if background is not None:
        painter.fillRect(rect, background)


def _png(hexmap, layout, rect, width, height, layers) -> Callable[[BinaryIO], object]:
    """Painted a band of rows at a time (BAND_PIXELS), each deflated as it is done: a
    picture of any size costs the memory of one band and the compressed file."""
    rows_per_band = max(1, BAND_PIXELS // width)
    if height <= rows_per_band:
        image = _paint_band(hexmap, layout, rect, width, height, 0, layers, None)
        # Our own writer, not QImage.save: see app/png.py (about 2.5× faster here).
        return lambda out: write_rgb_png(out, width, height, image.constBits(), image.bytesPerLine())
    picture = PngBands(width, height)
    features = MapFeatures(hexmap)  # indexed once for every band
    for top in range(0, height, rows_per_band):
        rows = min(rows_per_band, height - top)
        band = _paint_band(hexmap, layout, rect, width, rows, top, layers, features)
        picture.add(band.constBits(), band.bytesPerLine(), rows)
    return picture.write


def _paint_band(hexmap, layout, rect, width, rows, top, layers, features) -> QImage:
    """Rows top..top+rows-1 of the picture, painted and made 24-bit RGB."""
    # Opaque paper: paint on RGB32 (Qt's fastest raster target) and write 24-bit RGB.
    image = QImage(width, rows, QImage.Format.Format_RGB32)
    if image.isNull():
        raise RenderError(f"There is not enough memory to paint a {width}-pixel wide picture.")
    image.fill(style.PAPER)
    band = QRectF(rect.left(), rect.top() + top, rect.width(), rows)
    painter = QPainter(image)
    try:
        _begin(painter, band, None)
        paint_map(painter, hexmap, layout, band, layers, features)
    finally:
        painter.end()
    return image.convertToFormat(QImage.Format.Format_RGB888)


def _svg(hexmap, layout, rect, path, width, height, layers) -> Callable[[BinaryIO], object]:
    """One document, or for a big map one small document per band whose bodies are copied
    into the file, each inside a group clipped to its strip (SVG 1.1 clip paths)."""
    bands = picture_bands(hexmap, height)
    title = hexmap.name or path.stem
    if len(bands) == 1:
        data = _svg_document(hexmap, layout, rect, rect, width, height, title, layers, None, False)
        return lambda out: out.write(data)
    features = MapFeatures(hexmap)  # indexed once for every band

    def write(out: BinaryIO) -> None:
        for index, (top, rows) in enumerate(bands):
            band = _band_rect(rect, top, rows, index + 1 < len(bands))
            text = _svg_document(hexmap, layout, rect, band, width, height, title, layers, features, True)
            head, body = _svg_parts(text)
            if index == 0:
                out.write(bytes(head).replace(b"<defs>\n</defs>\n", _svg_clips(bands, width)))
            out.write(b'<g clip-path="url(#band%d)">\n' % (index + 1))
            out.write(body)
            out.write(b"</g>\n")
            del text, head, body  # gone before the next band is painted
        out.write(b"</g>\n</svg>\n")

    return write


def _svg_document(hexmap, layout, rect, band, width, height, title, layers, features, svg11) -> bytes:
    """The SVG of the part of the map in `band` (scene units), on the whole picture's view."""
    from PySide6.QtSvg import QSvgGenerator

    generator = QSvgGenerator(QSvgGenerator.SvgVersion.Svg11) if svg11 else QSvgGenerator()
    buffer = _memory()
    generator.setOutputDevice(buffer)
    generator.setSize(QSizeF(width, height).toSize())
    generator.setViewBox(QRectF(0, 0, width, height))
    generator.setTitle(title)
    generator.setDescription("Hex map drawn by hexcampaign")
    painter = QPainter()
    if not painter.begin(generator):
        raise RenderError(f"Could not write {title}: the picture could not be started.")
    try:
        _begin(painter, rect, None)
        painter.fillRect(band, style.PAPER)
        paint_map(painter, hexmap, layout, band, layers, features)
    finally:
        painter.end()
    return bytes(buffer.data().data())  # bytes already: no copy


def _svg_parts(text: bytes) -> tuple[memoryview, memoryview]:
    """A band's document cut into its head (through the outer group's opening tag) and
    its body (the shapes, without the closing tags). Qt writes the head, an empty <defs>
    (nothing we paint needs one), the outer group, the shapes and two closing tags."""
    defs = text.find(b"<defs>\n</defs>\n")
    opening = text.find(b">\n", text.find(b"<g ", defs)) + 2 if defs >= 0 else -1
    closing = text.rfind(b"</g>\n</svg>")
    if defs < 0 or opening < 2 or closing < opening:
        raise RenderError("The SVG could not be written in parts: Qt's SVG writer changed its layout.")
    whole = memoryview(text)  # views, not copies: a band's body is megabytes
    return whole[:opening], whole[opening:closing]


def _svg_clips(bands: list[tuple[int, int]], width: int) -> bytes:
    clips = [
        f'<clipPath id="band{index + 1}"><rect x="0" y="{top}" width="{width}" '
        f'height="{rows + (BAND_OVERLAP if index + 1 < len(bands) else 0):g}"/></clipPath>\n'
        for index, (top, rows) in enumerate(bands)
    ]
    return ("<defs>\n" + "".join(clips) + "</defs>\n").encode()


def _pdf(hexmap, layout, rect, path, width, height, layers) -> Callable[[BinaryIO], object]:
    """One page the size of the map; for a big map each band is painted on a page of its
    own, written as soon as it is done, and the pages are then joined (`pdf_pages.join_pages`)."""
    title = hexmap.name or path.stem

    def write(out: BinaryIO) -> None:
        pages = PdfPages(out, title)
        writer = pages.writer
        writer.setResolution(72)  # one scene pixel per PDF point: the page is the map
        writer.setPageLayout(
            QPageLayout(
                QPageSize(QSizeF(width, height), QPageSize.Unit.Point, "map"),
                QPageLayout.Orientation.Portrait,
                QMarginsF(0, 0, 0, 0),
            )
        )
        painter = QPainter()
        if not painter.begin(writer):
            raise RenderError(f"Could not write {path.name}: the picture could not be started.")
        try:
            _begin(painter, rect, None)
            _paint_bands(painter, hexmap, layout, rect, layers, pages.next_page)
        finally:
            painter.end()
        pages.finish(join=True)

    return write


def _paint_bands(painter, hexmap, layout, rect, layers, new_page) -> None:
    """The map inside `rect` (scene units) in bands (`picture_bands`), each clipped to its
    strip and begun on a new page by `new_page()` after the first."""
    bands = picture_bands(hexmap, math.ceil(rect.height()))
    features = MapFeatures(hexmap) if len(bands) > 1 else None
    for index, (top, rows) in enumerate(bands):
        if index:
            new_page()
        band = _band_rect(rect, top, rows, index + 1 < len(bands))
        painter.save()
        if len(bands) > 1:
            painter.setClipRect(band)
        painter.fillRect(band, style.PAPER)
        paint_map(painter, hexmap, layout, band, layers, features)
        painter.restore()


def picture_bands(hexmap: HexMap, height: int) -> list[tuple[int, int]]:
    """The strips (first pixel row, rows) an SVG or PDF of the map is painted in: one for
    a map of up to BAND_HEXES hexes, so a small map's file is one piece as before."""
    count = min(max(1, height), max(1, math.ceil(hexmap.cols * hexmap.rows / BAND_HEXES)))
    step = math.ceil(height / count)
    return [(top, min(step, height - top)) for top in range(0, height, step)]


def _band_rect(rect: QRectF, top: int, rows: int, overlap: bool) -> QRectF:
    extra = BAND_OVERLAP if overlap else 0.0
    return QRectF(rect.left(), rect.top() + top, rect.width(), rows + extra)


def _memory() -> QBuffer:
    buffer = QBuffer()
    buffer.setData(QByteArray())
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    return buffer


# --- helpers -------------------------------------------------------------------------------


def _paged_pdf(
    hexmap: HexMap,
    path: Path | str,
    paper: str,
    landscape: bool,
    join: bool,
    paint: Callable[[QPdfWriter, Callable[[], None]], int],
) -> int:
    """A PDF of pages painted by `paint(writer, new_page)`, each written out when the next
    begins; with `join` the pages (bands of one fitted map) become one page."""
    path = Path(path)
    if paper not in PAPER:
        raise RenderError(f"Unknown paper size {paper}; choose one of {', '.join(PAPER)}.")
    _check_folder(path)
    painted = 0

    def write(out: BinaryIO) -> None:
        nonlocal painted
        pages = PdfPages(out, hexmap.name or path.stem)
        pages.writer.setResolution(PDF_DPI)
        pages.writer.setPageLayout(
            QPageLayout(
                QPageSize(PAPER[paper]),
                QPageLayout.Orientation.Landscape if landscape else QPageLayout.Orientation.Portrait,
                QMarginsF(PAGE_MARGIN_MM, PAGE_MARGIN_MM, PAGE_MARGIN_MM, PAGE_MARGIN_MM),
                QPageLayout.Unit.Millimeter,
            )
        )
        painted = paint(pages.writer, pages.next_page)
        pages.finish(join)

    write_export(path, write)
    return painted


def _check_folder(path: Path) -> None:
    if not path.parent.is_dir():
        raise RenderError(f"Cannot write {path}: the folder {path.parent} does not exist.")


def _begin_paged(device: QPagedPaintDevice) -> QPainter:
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
    sheet = chr(ord("A") + row) if row < 26 else row + 1
    text = f"{name} — sheet {sheet}{col + 1} (row {row + 1} of {down}, column {col + 1} of {across})"
    painter.drawText(
        QRectF(0, page_h - painter.fontMetrics().height() * 1.2, page_w, page_h),
        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
        text,
    )
