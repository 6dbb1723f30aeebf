"""Printing like a published game (issue 30 item 2): sheets whose caption sits below the
map, crop and registration marks, sheets that join by name, no nearly empty last row, a
title block, terrain key and scale bar, page orientation, an SVG at true scale, export
of a selected area, and File › Print preview."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pypdf
import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QPointF, QRectF
from PySide6.QtGui import QImage, QPageLayout, QPageSize, QPdfWriter

from hexcampaign.app.editor.dialogs import ExportDialog, ExportOptions
from hexcampaign.app.render import (
    export,
    hexes_scene_rect,
    map_layout,
    paged_print,
    sheet_furniture,
)
from hexcampaign.maps import HexMap

MM_PER_POINT = 25.4 / 72


def _text(page) -> str:
    """A PDF page's text with its words one space apart (pypdf gives Qt's spaces as tabs)."""
    return " ".join(page.extract_text().split())


@pytest.fixture
def borodino():
    """The issue's example: a 40×30 map."""
    m = HexMap.new(40, 30, palette="kasserine")
    m.name = "Borodino"
    return m


def _writer(paper: str = "A4", orientation: str = "portrait") -> tuple[QPdfWriter, QBuffer]:
    buffer = QBuffer()
    buffer.setData(QByteArray())
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(150)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(export.PAPER[paper]),
            QPageLayout.Orientation.Portrait if orientation == "portrait" else QPageLayout.Orientation.Landscape,
            QMarginsF(5, 5, 5, 5),
            QPageLayout.Unit.Millimeter,
        )
    )
    return writer, buffer


def _record_sheets(monkeypatch, hexmap, **options):
    """Paint a tiled print, recording per sheet where the map went (device rect), the
    caption's rect and text, the registration marks and the map's transform."""
    writer, _buffer = _writer()
    sheets = [{"maps": [], "captions": [], "marks": []}]
    real_paint_map = paged_print.paint_map

    def paint_map(painter, hexmap_, layout, rect, layers=None, features=None):
        painted = painter.transform().mapRect(rect).intersected(
            painter.transform().mapRect(painter.clipBoundingRect())
        )
        sheets[-1]["maps"].append(painted)
        sheets[-1]["transform"] = painter.transform()
        return real_paint_map(painter, hexmap_, layout, rect, layers, features)

    def caption(painter, rect, text):
        sheets[-1]["captions"].append((QRectF(rect), text))

    def mark(painter, centre, dpmm):
        sheets[-1]["marks"].append(QPointF(centre))

    monkeypatch.setattr(paged_print, "paint_map", paint_map)
    monkeypatch.setattr(paged_print, "paint_caption", caption)
    monkeypatch.setattr(paged_print, "paint_registration_mark", mark)

    def new_page():
        writer.newPage()
        sheets.append({"maps": [], "captions": [], "marks": []})

    pages = export.paint_tiled(writer, hexmap, new_page=new_page, **options)
    return pages, sheets, writer


def test_every_sheet_caption_is_below_the_map_never_over_it(qapp, monkeypatch, borodino):
    pages, sheets, writer = _record_sheets(monkeypatch, borodino, key_sheet=False)
    assert pages == len(sheets) == 12
    frame = sheet_furniture.sheet_frame(QRectF(0, 0, writer.width(), writer.height()), writer.logicalDpiX() / 25.4)
    for sheet in sheets:
        (rect, _text), = sheet["captions"]
        assert rect == frame.caption
        (painted,) = sheet["maps"]
        assert frame.map_area.contains(painted)
        assert not painted.intersects(rect)
        assert rect.top() >= painted.bottom()
    # Sheets are named by column letter and row number, and say which sheets they join.
    texts = [sheet["captions"][0][1] for sheet in sheets]
    assert "Sheet A1 — joins B1 (right), A2 (below)" in texts[0]
    assert "Sheet B2 — joins A2 (left), C2 (right), B1 (above), B3 (below)" in texts[5]
    assert "Sheet D3 — joins C3 (left), D2 (above)" in texts[11]


def test_the_pdf_caption_text_is_printed_in_the_band_under_the_map(qapp, tmp_path, borodino):
    path = tmp_path / "borodino.pdf"
    pages = export.export_pdf_tiled(borodino, path, "A4", 19.0, 10.0)
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == pages == 13  # 12 sheets and the key sheet
    # The map area ends TILED_MARGIN + CAPTION_BAND above the paper's bottom edge.
    map_bottom_mm = export.TILED_MARGIN_MM + sheet_furniture.CAPTION_BAND_MM
    found = []  # the caption's baseline

    def visit(text, cm, tm, _font, _size):
        if "Sheet B2" in " ".join(text.split()):
            # The text's origin on the page (its matrix times the page's), in points
            # above the paper's bottom edge.
            y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
            found.append(y * MM_PER_POINT)

    page = reader.pages[5]
    page.extract_text(visitor_text=visit)
    assert found and all(y < map_bottom_mm for y in found)
    assert "Sheet B2 — joins A2 (left), C2 (right), B1 (above), B3 (below)" in _text(page)


def test_registration_marks_of_two_joining_sheets_mark_the_same_spots(qapp, monkeypatch, borodino):
    _pages, sheets, _writer_ = _record_sheets(monkeypatch, borodino, key_sheet=False)

    def on_map(sheet):
        inverse, _ok = sheet["transform"].inverted()
        return {(round(p.x()), round(p.y())) for p in map(inverse.map, sheet["marks"])}

    a1, b1, a2 = sheets[0], sheets[1], sheets[4]  # 4 sheets across
    assert len(a1["marks"]) == 4  # two in its right overlap, two in its bottom overlap
    shared_right = on_map(a1) & on_map(b1)
    shared_below = on_map(a1) & on_map(a2)
    assert len(shared_right) == 2 and len(shared_below) == 2


def test_the_40_by_30_map_has_no_nearly_empty_last_row(qapp, monkeypatch, borodino):
    # Before: 12 A4 sheets whose third row held 46 mm of map on 277 mm of paper.
    width_mm, height_mm = export._map_size_mm(borodino, 19.0)
    old_rows_mm = [277, 277 - 10, height_mm - (277 + 267)]
    assert old_rows_mm[2] / 277 < 0.2
    _pages, sheets, _writer_ = _record_sheets(monkeypatch, borodino, key_sheet=False)
    heights = [sheet["maps"][0].height() for sheet in sheets]
    assert max(heights) - min(heights) < 2  # dots: every row equally full
    frame = sheet_furniture.sheet_frame(QRectF(0, 0, _writer_.width(), _writer_.height()), 1)
    assert min(heights) / frame.map_area.height() > 0.7


def test_fewer_pages_than_before_when_the_other_orientation_or_overlap_saves_them(qapp, tmp_path, borodino):
    def before(hex_mm):  # the old layout: A4 portrait only, 190×277 mm, a fixed 10 mm overlap
        width_mm, height_mm = export._map_size_mm(borodino, hex_mm)
        return export._pages_needed(width_mm, 190, 10) * export._pages_needed(height_mm, 277, 10)

    assert before(22.0) == 15
    path = tmp_path / "big-hexes.pdf"
    pages = export.export_pdf_tiled(borodino, path, "A4", 22.0, 10.0)
    assert pages - 1 == 12  # sheets, besides the key sheet
    assert len(pypdf.PdfReader(path).pages) == 13
    assert export.best_orientation(borodino, "A4", 22.0, 10.0) == "landscape"
    assert before(19.0) == 12 and export.page_grid(borodino, *export.printable_mm("A4", "portrait"), 19.0, 10.0) == (4, 3)


def test_tile_axis_spreads_the_map_evenly_and_keeps_the_overlap_asked_for(qapp):
    tiles = export.tile_axis(590.0, 273.0, 10.0)
    assert tiles.count == 3
    assert tiles.overlap == pytest.approx(10.0)
    assert tiles.tile * 3 - 2 * tiles.overlap == pytest.approx(590.0)
    # When a narrower overlap saves a sheet it is used, but never below 5 mm.
    tight = export.tile_axis(2 * 273.0 - 6, 273.0, 10.0)
    assert tight.count == 2 and 5.0 <= tight.overlap < 10.0


def test_the_fitted_page_has_a_title_block_scale_and_a_key_of_every_terrain(qapp, tmp_path, monkeypatch):
    m = HexMap.new(12, 9, palette="kasserine")
    m.name = "Key test"
    swatches = []
    real = sheet_furniture.paint_map

    def paint_map(painter, sample, layout, rect, layers=None, features=None):
        swatches.append(sample.terrain(sample.at(0, 0)))
        return real(painter, sample, layout, rect, layers, features)

    monkeypatch.setattr(sheet_furniture, "paint_map", paint_map)
    path = tmp_path / "fitted.pdf"
    assert export.export_pdf_fitted(m, path, "A4") == 1
    text = _text(pypdf.PdfReader(path).pages[0])
    assert "Key test" in text
    assert re.search(r"hex = [\d.]+ mm across", text)
    for terrain in m.palette.terrains.values():
        assert terrain.label in text
    # Each swatch is a hex of its terrain painted by the map's painter (colour, symbol).
    assert swatches == list(m.palette.terrains)


def test_the_scale_says_km_when_the_map_knows_its_hex_size(qapp):
    m = HexMap.new(4, 4, palette="kasserine")
    assert sheet_furniture.scale_text(m, 19.0) == "hex = 19 mm across"
    m.hex_km = 2.0  # a map made from geography would know it
    assert sheet_furniture.scale_text(m, 19.0) == "1 hex = 2 km (19 mm across)"


def test_orientation_turns_the_pdf_page(qapp, tmp_path):
    m = HexMap.new(8, 6, palette="kasserine")
    sizes = {}
    for orientation in ("portrait", "landscape"):
        path = tmp_path / f"{orientation}.pdf"
        export.export_pdf_fitted(m, path, "A4", orientation=orientation)
        box = pypdf.PdfReader(path).pages[0].mediabox
        sizes[orientation] = (round(float(box.width)), round(float(box.height)))
    assert sizes["portrait"] == (595, 842)
    assert sizes["landscape"] == (842, 595)


def test_svg_is_at_true_scale_in_millimetres(qapp, tmp_path):
    m = HexMap.new(10, 6, palette="kasserine")
    path = tmp_path / "true.svg"
    width, height = export.export_picture(m, path, 32, hex_mm=19.0)
    root = ET.parse(path).getroot()
    assert root.get("width").endswith("mm") and root.get("height").endswith("mm")
    width_mm = float(root.get("width")[:-2])
    mm_per_px = 19.0 / (math.sqrt(3) * 32)  # a hex 19 mm across its flats
    assert width_mm == pytest.approx(width * mm_per_px, abs=0.01)
    assert float(root.get("height")[:-2]) == pytest.approx(height * mm_per_px, abs=0.01)
    # The same as the true-scale print's geometry (within the rounding of a pixel).
    assert width_mm == pytest.approx(export._map_size_mm(m, 19.0)[0], abs=mm_per_px)
    assert root.get("viewBox") == f"0 0 {width} {height}"


def test_export_of_a_selected_area_holds_only_its_bounds(qapp, tmp_path):
    m = HexMap.new(20, 15, palette="kasserine")
    m.set_terrain(m.at(0, 0), "rugged_crest")  # outside the area
    area = [m.at(c, r) for c in range(5, 9) for r in range(4, 7)]
    path = tmp_path / "area.png"
    width, height = export.export_picture(m, path, 24, area=area)
    bounds = hexes_scene_rect(map_layout(m, 24), area, pad_hexes=0.0)
    assert (width, height) == (math.ceil(bounds.width()), math.ceil(bounds.height()))
    whole = export.export_picture(m, tmp_path / "whole.png", 24)
    assert width < whole[0] / 2 and height < whole[1] / 2
    image = QImage(str(path))
    crest = m.palette.terrains["rugged_crest"].colour.lower()
    colours = {image.pixelColor(x, y).name() for x in range(0, width, 4) for y in range(0, height, 4)}
    assert crest not in colours


def test_a_true_scale_print_of_a_selected_area_needs_only_its_sheets(qapp, tmp_path, monkeypatch, borodino):
    area = [borodino.at(c, r) for c in range(10, 18) for r in range(5, 14)]
    path = tmp_path / "area.pdf"
    assert export.export_pdf_tiled(borodino, path, "A4", 19.0, 10.0, area=area) == 2  # a sheet and the key
    _pages, sheets, _writer_ = _record_sheets(monkeypatch, borodino, area=area, key_sheet=False)
    (sheet,) = sheets
    bounds = hexes_scene_rect(map_layout(borodino), area, pad_hexes=0.0)
    inverse, _ok = sheet["transform"].inverted()
    painted = inverse.mapRect(sheet["maps"][0])
    assert abs(painted.width() - bounds.width()) < 1 and abs(painted.height() - bounds.height()) < 1
    assert abs(painted.left() - bounds.left()) < 1 and abs(painted.top() - bounds.top()) < 1


def test_export_dialog_offers_orientation_and_the_selected_area(qtbot):
    m = HexMap.new(6, 4, palette="kasserine")
    plain = ExportDialog(m)
    qtbot.addWidget(plain)
    assert not plain.selected_only.isEnabled()
    dialog = ExportDialog(m, selection=[m.at(1, 1), m.at(2, 1)])
    qtbot.addWidget(dialog)
    assert dialog.selected_only.isEnabled()
    assert "2 hexes" in dialog.selected_only.text()
    dialog.selected_only.setChecked(True)
    dialog.kinds.button(3).click()  # tiled PDF
    dialog.orientation.setCurrentIndex(dialog.orientation.findData("landscape"))
    options = dialog.options()
    assert (options.kind, options.orientation, options.selected_only) == ("pdf-tiled", "landscape", True)


def test_the_editor_exports_only_the_selected_region(qtbot, tmp_path):
    from hexcampaign.app import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    m = HexMap.new(12, 10, palette="kasserine")
    w.open_map(m)
    region = [m.at(c, r) for c in range(2, 5) for r in range(3, 5)]
    w.editor.selected_region = region
    path = tmp_path / "region.png"
    assert w.editor.export_to(path, ExportOptions("png", 20, selected_only=True))
    bounds = hexes_scene_rect(map_layout(m, 20), region, pad_hexes=0.0)
    image = QImage(str(path))
    assert (image.width(), image.height()) == (math.ceil(bounds.width()), math.ceil(bounds.height()))
    assert "only the 6 selected hexes" in w.statusBar().currentMessage()


def test_print_preview_opens_a_preview_of_the_printed_pages(qtbot, tmp_path, monkeypatch):
    from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

    from hexcampaign.app import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    m = HexMap.new(8, 6, palette="kasserine")
    m.name = "Preview test"
    w.open_map(m)
    actions = {a.objectName(): a for a in w.menu("&File").actions()}
    assert "print-preview" in actions and actions["print-preview"].isEnabled()
    monkeypatch.setattr(w.editor, "ask_print_scale", lambda: False)  # fit to page
    shown = []
    out = tmp_path / "preview.pdf"

    def exec_(dialog):
        shown.append(dialog)
        printer = dialog.printer()
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(out))
        dialog.paintRequested.emit(printer)  # what the preview does to draw its pages
        return 0

    monkeypatch.setattr(QPrintPreviewDialog, "exec", exec_)
    actions["print-preview"].trigger()
    assert len(shown) == 1 and isinstance(shown[0], QPrintPreviewDialog)
    assert "Preview test" in _text(pypdf.PdfReader(out).pages[0])
