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

This module is the way in (`render_to_file`, `export_picture`); the work is done by its
parts, whose names are importable from here too:

    picture_files  PNG, SVG and a map-sized PDF, painted in bands, written whole
    render_workers a big PNG of `hexcampaign render` painted by two forked processes
    paged_print    the fitted page and the true-scale sheets, as PDF or on a printer
    sheet_grid     paper sizes, sheets across and down, the map shared out over them
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from pathlib import Path

from hexcampaign.app.render.catalogue import FORMATS, RenderError
from hexcampaign.app.render.geometry import DEFAULT_HEX_SIZE, map_layout
from hexcampaign.app.render.paged_print import (  # noqa: F401
    ORIENTATIONS,
    PAGE_MARGIN_MM,
    PDF_DPI,
    export_pdf_fitted,
    export_pdf_tiled,
    paint_fitted,
    paint_tiled,
    print_map,
)
from hexcampaign.app.render.picture_files import (  # noqa: F401
    BAND_HEXES,
    BAND_OVERLAP,
    BAND_PIXELS,
    PNG_DPI,
    _check_folder,
    _pdf,
    _png,
    _svg,
    picture_bands,
    png_bands,
    write_export,
)
from hexcampaign.app.render.render_workers import start_qt
from hexcampaign.app.render.sheet_grid import (  # noqa: F401
    PAPER,
    TILED_MARGIN_MM,
    Tiles,
    _map_size_mm,
    _pages_needed,
    _scene,
    best_orientation,
    min_overlap,
    page_grid,
    printable_mm,
    tile_axis,
)
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap

# The largest picture `render` makes: an SVG or PDF is painted in bands of hexes, so its
# memory does not grow with it, but its page is capped (cli.MAX_VECTOR_PIXELS is equal).
MAX_PIXELS = 400_000_000


def render_to_file(
    hexmap: HexMap,
    path: Path | str,
    hex_size: float = DEFAULT_HEX_SIZE,
    layers: set[str] | Iterable[str] | None = None,
    *,
    hex_mm: float | None = None,
    area: Iterable[Hex] | None = None,
    processes: int = 1,
) -> tuple[int, int]:
    """Write the whole map (or the bounding box of `area`'s hexes) as PNG, SVG or PDF (by
    the file's suffix); returns the pixel size. An SVG with `hex_mm` is at true scale:
    its width and height are in millimetres, a hex `hex_mm` across the flats.

    Needs a QGuiApplication (fonts); or, with `processes` > 1 (`render_headless`,
    render_workers.worker_processes()), none yet: a big PNG is then painted by that
    many forked processes, each making its own, and anything else makes one first.
    Raises RenderError with a sentence for the user.
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
        write = _png(hexmap, layout, rect, width, height, layers, dpi, processes)
    else:
        if processes > 1:  # an SVG or PDF is painted in this process alone
            start_qt()
        if suffix == ".svg":
            size_mm = (width * mm, height * mm) if mm is not None else None
            write = _svg(hexmap, layout, rect, path, width, height, layers, size_mm)
        else:
            write = _pdf(hexmap, layout, rect, path, width, height, layers)
    write_export(path, write)
    return width, height


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
