"""The map on file and on paper: PNG, SVG and PDF at a hex size (`hexcampaign render`,
File > Export; an SVG optionally at true scale, its size in millimetres; any of them of a
selected area), PDF fitted to one page or at true scale over several sheets laid out as
a published game's (app/render/sheet_furniture.py: caption below the map, crop and
registration marks, a key sheet), and File > Print and Print preview through QPrinter.

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
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
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
from hexcampaign.app.render.geometry import (
    DEFAULT_HEX_SIZE,
    hexes_scene_rect,
    map_layout,
    map_scene_rect,
)
from hexcampaign.app.render.painters import paint_map
from hexcampaign.app.render.pdf_pages import PdfPages
from hexcampaign.app.render.sheet_furniture import (
    MIN_OVERLAP_MM,
    legend_height,
    paint_caption,
    paint_crop_marks,
    paint_legend,
    paint_registration_mark,
    sheet_caption,
    sheet_frame,
    sheet_name,
)
from hexcampaign.files import atomic_export, describe_os_error
from hexcampaign.hexes import Hex, Layout
from hexcampaign.maps import HexMap
from hexcampaign.maps.features import MapFeatures

PDF_DPI = 300
PNG_DPI = 96.0  # the resolution a PNG says it has when no printed size is asked
PAGE_MARGIN_MM = 10.0
# A true-scale sheet's margin: its crop marks stand in a band inside it (sheet_furniture),
# so the map still starts 10 mm from the edge; most printers print to 5 mm of the edge.
TILED_MARGIN_MM = 5.0
PAPER = {
    "A4": QPageSize.PageSizeId.A4,
    "A3": QPageSize.PageSizeId.A3,
    "Letter": QPageSize.PageSizeId.Letter,
    "Legal": QPageSize.PageSizeId.Legal,
}
# A PDF's page orientation; "auto" picks the one that suits the map (fewer sheets, or
# the map's own shape for one page).
ORIENTATIONS = ("auto", "portrait", "landscape")
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
    *,
    hex_mm: float | None = None,
    area: Iterable[Hex] | None = None,
) -> tuple[int, int]:
    """Write the whole map (or the bounding box of `area`'s hexes) as PNG, SVG or PDF (by
    the file's suffix); returns the pixel size. An SVG with `hex_mm` is at true scale:
    its width and height are in millimetres, a hex `hex_mm` across the flats.

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
    if hex_mm is not None and not 3 <= hex_mm <= 100:
        raise RenderError(f"The printed hex width must be 3 to 100 mm, not {hex_mm:g}.")
    layout = map_layout(hexmap, hex_size)
    rect = _scene(hexmap, list(area) if area is not None else None, layout)
    width, height = math.ceil(rect.width()), math.ceil(rect.height())
    if width * height > MAX_PIXELS:
        fits = max(2, int(hex_size * (MAX_PIXELS / (width * height)) ** 0.5))
        raise RenderError(
            f"A {width:,}×{height:,} pixel picture is too large (more than "
            f"{MAX_PIXELS // 1_000_000} million pixels); choose a hex size of {fits} or smaller."
        )
    _check_folder(path)
    mm = hex_mm / (math.sqrt(3) * hex_size) if hex_mm is not None else None  # per pixel
    if suffix == ".png":
        # A PNG says its resolution, so it prints at the size asked: a hex hex_mm across
        # (PNG_DPI, the screen's usual 96, when no size is asked).
        dpi = 25.4 / mm if mm is not None else PNG_DPI
        write = _png(hexmap, layout, rect, width, height, layers, dpi)
    elif suffix == ".svg":
        size_mm = (width * mm, height * mm) if mm is not None else None
        write = _svg(hexmap, layout, rect, path, width, height, layers, size_mm)
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
    *,
    hex_mm: float | None = None,
    area: Iterable[Hex] | None = None,
) -> tuple[int, int]:
    """PNG or SVG (by suffix) at `hex_size` pixels per hex radius; returns the size. An
    SVG with `hex_mm` prints at true scale; `area` limits the picture to those hexes."""
    path = Path(path)
    if path.suffix.lower() not in (".png", ".svg"):
        raise RenderError(f"Cannot export a picture to {path.name}: use .png or .svg.")
    return render_to_file(hexmap, path, hex_size, layers, hex_mm=hex_mm, area=area)


def _sized(head: bytes, size_mm: tuple[float, float] | None) -> bytes:
    """An SVG's opening with its width and height in true millimetres (Qt's writer takes
    whole dots per inch only, too coarse for a hex to be exactly its size)."""
    if size_mm is None:
        return head
    sized, count = re.subn(
        rb'<svg width="[^"]*" height="[^"]*"',
        b'<svg width="%.6gmm" height="%.6gmm"' % size_mm,
        head,
        count=1,
    )
    if not count:
        raise RenderError("The SVG could not be set to true scale: Qt's SVG writer changed its layout.")
    return sized

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


# --- the three picture formats, each painted before a byte is written --------------------


def _begin(painter: QPainter, rect: QRectF, background: QColor | None) -> None:
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    painter.translate(-rect.left(), -rect.top())
    if background is not None:
        painter.fillRect(rect, background)


def _png(hexmap, layout, rect, width, height, layers, dpi=PNG_DPI) -> Callable[[BinaryIO], object]:
    """Painted a band of rows at a time (BAND_PIXELS), each deflated as it is done: a
    picture of any size costs the memory of one band and the compressed file."""
    rows_per_band = max(1, BAND_PIXELS // width)
    if height <= rows_per_band:
        image = _paint_band(hexmap, layout, rect, width, height, 0, layers, None)
        # Our own writer, not QImage.save: see app/png.py (about 2.5× faster here).
        return lambda out: write_rgb_png(out, width, height, image.constBits(), image.bytesPerLine(), dpi)
    picture = PngBands(width, height, dpi)
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


def _svg(hexmap, layout, rect, path, width, height, layers, size_mm=None) -> Callable[[BinaryIO], object]:
    """One document, or for a big map one small document per band whose bodies are copied
    into the file, each inside a group clipped to its strip (SVG 1.1 clip paths)."""
    bands = picture_bands(hexmap, height)
    title = hexmap.name or path.stem
    if len(bands) == 1:
        data = _sized(_svg_document(hexmap, layout, rect, rect, width, height, title, layers, None, False), size_mm)
        return lambda out: out.write(data)
    features = MapFeatures(hexmap)  # indexed once for every band

    def write(out: BinaryIO) -> None:
        for index, (top, rows) in enumerate(bands):
            band = _band_rect(rect, top, rows, index + 1 < len(bands))
            text = _svg_document(hexmap, layout, rect, band, width, height, title, layers, features, True)
            head, body = _svg_parts(text)
            if index == 0:
                out.write(_sized(bytes(head), size_mm).replace(b"<defs>\n</defs>\n", _svg_clips(bands, width)))
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


def _pages_needed(length: float, page: float, overlap: float) -> int:
    if length <= page:
        return 1
    return 1 + math.ceil((length - page) / (page - overlap))


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
