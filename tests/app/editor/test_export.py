"""Export writes what the user asked for, with the canvas's painter."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest
from PySide6.QtGui import QImage

from hexcampaign.app.editor.dialogs import ExportOptions
from hexcampaign.app.render import RenderError, export, map_layout, map_scene_rect
from hexcampaign.maps import HexMap

from .conftest import at


@pytest.fixture
def hexmap():
    m = HexMap.blank(7, 5, palette="kasserine")
    m.name = "Export test"
    m.set_terrain(at(3, 2), "rugged_crest")
    m.add_place(at(1, 1), "Thala", "city", 2)
    return m


@pytest.mark.parametrize("hex_size", [16, 48])
def test_png_has_the_size_of_the_map_at_the_chosen_scale(qapp, tmp_path, hexmap, hex_size):
    path = tmp_path / "map.png"
    width, height = export.export_picture(hexmap, path, hex_size)
    rect = map_scene_rect(hexmap, map_layout(hexmap, hex_size))
    image = QImage(str(path))
    assert (image.width(), image.height()) == (width, height)
    assert (width, height) == (math.ceil(rect.width()), math.ceil(rect.height()))
    # The rugged crest hex is painted in its palette colour at its centre.
    x, y = map_layout(hexmap, hex_size).center(at(3, 2))
    x, y = x - rect.left(), y - rect.top()
    colour = image.pixelColor(int(x), int(y + hex_size * 0.5)).name()
    assert colour == hexmap.palette.terrains["rugged_crest"].colour.lower()


def test_svg_parses_and_has_a_polygon_per_visible_hex(qapp, tmp_path, hexmap):
    path = tmp_path / "map.svg"
    export.export_picture(hexmap, path, 32, layers=["terrain", "places"])
    root = ET.parse(path).getroot()
    polygons = [el for el in root.iter() if el.tag.endswith("polygon")]
    # One terrain polygon per hex (and a few for the city's marker).
    assert len(polygons) >= len(hexmap.hexes())
    hexagons = [p for p in polygons if len(p.get("points").split()) == 6]
    assert len(hexagons) == len(hexmap.hexes())


def test_pdf_fitted_is_one_page(qapp, tmp_path, hexmap):
    path = tmp_path / "map.pdf"
    assert export.export_pdf_fitted(hexmap, path, "A4") == 1
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    assert (
        data.count(b"/Type /Page\n") + data.count(b"/Type /Page ") + data.count(b"/Type /Page>")
        >= 1
    )


def test_true_scale_pdf_spreads_over_the_pages_it_needs(qapp, tmp_path):
    big = HexMap.blank(30, 24, palette="kasserine")
    path = tmp_path / "big.pdf"
    # A4 portrait minus a true-scale sheet's 5 mm margins is 200 × 287 mm.
    assert export.printable_mm("A4", "portrait") == pytest.approx((200, 287))
    across, down = export.page_grid(big, 200, 287, 19.0, 10.0)
    assert across * down > 1
    pages = export.export_pdf_tiled(big, path, "A4", 19.0, 10.0, orientation="portrait")
    assert pages == across * down + 1  # and the key sheet
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    assert data.count(b"/Type /Page") - data.count(b"/Type /Pages") == pages


def test_true_scale_width_matches_the_hex_size(qapp):
    m = HexMap.blank(10, 1, palette="kasserine")
    # 10 flat-top hexes 19 mm across the flats: 11 mm radius, 1.5 radii per column.
    width_mm, _ = export._map_size_mm(m, 19.0)
    radius = 19.0 / math.sqrt(3)
    assert width_mm == pytest.approx(radius * (1.5 * 9 + 2) + radius, rel=0.02)


def test_bad_export_requests_are_sentences(qapp, tmp_path, hexmap):
    with pytest.raises(RenderError, match="does not exist"):
        export.export_pdf_fitted(hexmap, tmp_path / "missing" / "map.pdf")
    with pytest.raises(RenderError, match="png or .svg"):
        export.export_picture(hexmap, tmp_path / "map.gif")


def test_print_uses_the_same_pages_on_a_qprinter(qapp, tmp_path, hexmap):
    from PySide6.QtPrintSupport import QPrinter

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    assert export.print_map(printer, hexmap, tiled=False) == 1
    assert (tmp_path / "printed.pdf").read_bytes().startswith(b"%PDF")


def test_export_from_the_window_respects_hidden_layers(qtbot, tmp_path):
    from hexcampaign.app import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    m = HexMap.blank(6, 4, palette="kasserine")
    w.open_map(m)
    w.editor.layers.boxes["terrain"].setChecked(False)
    path = tmp_path / "no-terrain.svg"
    assert w.editor.export_to(path, ExportOptions("svg", 24))
    root = ET.parse(path).getroot()
    hexagons = [
        el
        for el in root.iter()
        if el.tag.endswith("polygon") and len(el.get("points").split()) == 6
    ]
    assert hexagons == []
    assert "Exported no-terrain.svg" in w.statusBar().currentMessage()
