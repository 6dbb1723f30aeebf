"""A picture of the map on file: PNG, SVG, or a PDF of one page the map's size, each
painted before a byte is written and written whole (`write_export`: into a temporary
file renamed over the target, `files.atomic_export`).

Memory stays bounded for the largest map (docs/reliability.md): a PNG is painted a band
of rows at a time; an SVG or PDF of a big map is painted a band of about BAND_HEXES
hexes at a time too, each band clipped to its strip, and the bytes of each band are
written before the next is painted. Qt keeps a whole SVG body, or a whole PDF page, in
memory until it ends, so each SVG band is its own small document whose body is copied
into the file, and each PDF band is its own page, written out as the next begins and
joined into one page at the end (app/render/pdf_pages.py).

`hexcampaign render` paints a PNG of several bands in two processes, the bands shared
out between them (render_workers.py: why processes, and where a fork is and is not
used); the bands are the same either way (`png_bands`), so the pixels are too.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QRectF, QSizeF
from PySide6.QtGui import QColor, QImage, QPageLayout, QPageSize, QPainter

from hexcampaign.app import style
from hexcampaign.app.png import PngBands, write_rgb_png
from hexcampaign.app.render import render_workers
from hexcampaign.app.render.catalogue import RenderError
from hexcampaign.app.render.painters import paint_map
from hexcampaign.app.render.pdf_pages import PdfPages
from hexcampaign.files import atomic_export, describe_os_error
from hexcampaign.maps import HexMap
from hexcampaign.maps.features import MapFeatures

PNG_DPI = 96.0  # the resolution a PNG says it has when no printed size is asked
# A PNG is painted this many pixels at a time (an RGB32 band of 11 MB, its RGB copy and
# the rows copied for deflating: about 30 MB however large the picture). Each process of
# `render` holds one (render_workers.py), and ten bands of the 200×200 bench map share
# out evenly between two; fewer, larger bands cost less drawing (8 million pixels: 2.6%
# fewer instructions) but the processes' memory together and an uneven last band more.
BAND_PIXELS = 2_700_000
# An SVG or PDF is painted this many hexes at a time. Qt holds a band's SVG body as
# UTF-16 (about 2 kB a hex) and its PDF page content uncompressed (about 2 kB a hex):
# 3 000 hexes cost some 40 MB over the map and its painter, however big the map (a
# 385×385 map: SVG 191 MiB, PDF 164 MiB at most, docs/reliability.md).
BAND_HEXES = 3_000
# Each band's clip reaches this far into the next band, which is painted over it: no
# hairline of paper shows between bands when a viewer's zoom puts their edge mid-pixel.
BAND_OVERLAP = 1.0


def write_export(path: Path | str, write: Callable[[BinaryIO], object]) -> None:
    """`files.atomic_export`, with an OSError turned into the RenderError sentence."""
    try:
        atomic_export(path, write)
    except OSError as e:
        raise RenderError(describe_os_error(e, path, "be written")) from None


def _check_folder(path: Path) -> None:
    if not path.parent.is_dir():
        raise RenderError(f"Cannot write {path}: the folder {path.parent} does not exist.")


def _begin(painter: QPainter, rect: QRectF, background: QColor | None) -> None:
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    painter.translate(-rect.left(), -rect.top())
    if background is not None:
        painter.fillRect(rect, background)


def _png(hexmap, layout, rect, width, height, layers, dpi=PNG_DPI, processes=1) -> Callable[[BinaryIO], object]:
    """Painted a band of rows at a time (BAND_PIXELS), each deflated as it is done: a
    picture of any size costs the memory of one band and the compressed file. With
    `processes` > 1 no Qt application exists yet, and a picture of several bands is
    painted by forked processes where that is safe (render_workers.py)."""
    bands = png_bands(width, height)
    if processes > 1:
        if len(bands) > 1 and render_workers.worker_processes() > 1:
            features = MapFeatures(hexmap)  # before the fork: both processes share it

            def paint(top: int, rows: int) -> QImage:
                return _paint_band(hexmap, layout, rect, width, rows, top, layers, features)

            write = render_workers.png_in_processes(width, height, dpi, bands, paint)
            if write is not None:
                return write
        render_workers.start_qt()
    if len(bands) == 1:
        image = _paint_band(hexmap, layout, rect, width, height, 0, layers, None)
        # Our own writer, not QImage.save: see app/png.py (about 2.5× faster here).
        return lambda out: write_rgb_png(out, width, height, image.constBits(), image.bytesPerLine(), dpi)
    picture = PngBands(width, height, dpi)
    features = MapFeatures(hexmap)  # indexed once for every band
    for top, rows in bands:
        band = _paint_band(hexmap, layout, rect, width, rows, top, layers, features)
        picture.add(band.constBits(), band.bytesPerLine(), rows)
    return picture.write


def png_bands(width: int, height: int) -> list[tuple[int, int]]:
    """The bands (first row, rows) a PNG is painted in, by one process or two: the
    same bands, so the same pixels, either way."""
    step = max(1, BAND_PIXELS // width)
    return [(top, min(step, height - top)) for top in range(0, height, step)]


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
