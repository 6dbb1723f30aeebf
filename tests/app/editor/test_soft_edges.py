"""View › Soft edges between terrains: off by default; on, the canvas and every export
fade each terrain into its neighbours', an edit repaints its neighbours' fades, and the
choice is kept for the next start."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QImage

from hexcampaign.app.editor.commands import push_edit
from hexcampaign.app.editor.dialogs import ExportOptions
from hexcampaign.app.render import map_layout, map_scene_rect
from hexcampaign.maps import HexMap

from ..helpers import canvas_picture, complete_picture
from .conftest import at


@pytest.fixture
def window(qtbot):
    from hexcampaign.app import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(900, 700)
    m = HexMap.blank(10, 8, palette="ww2")
    m.set_terrain(at(4, 4), "water")
    w.open_map(m)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.document.undo_stack.setClean()


def action(w):
    return w.findChild(type(w.editor.soft_edges_action), "soft-edges")


def test_soft_edges_are_off_by_default_and_the_view_menu_turns_them_on(window):
    view = window.canvas
    assert action(window) is not None and not action(window).isChecked()
    assert not view.soft_edges and "soft_edges" not in window.editor.visible_layers()
    hard = complete_picture(view)
    action(window).trigger()
    assert view.soft_edges and "soft_edges" in window.editor.visible_layers()
    soft = canvas_picture(view)
    assert soft != hard
    assert soft == complete_picture(view)  # the old tiles were all dropped


def test_an_edit_repaints_the_fades_of_its_neighbours(window):
    view = window.canvas
    view.set_zoom(2.0)
    view.center_on_hex(at(4, 4))
    action(window).trigger()
    canvas_picture(view)  # tiles cached
    h = at(5, 4)
    push_edit(window.document, "Woods", [h], lambda m: m.set_terrain(h, "woods"))
    assert canvas_picture(view) == complete_picture(view)


def test_an_export_with_soft_edges_on_shows_them(window, tmp_path):
    m = window.document.map
    hard_path, soft_path = tmp_path / "hard.png", tmp_path / "soft.png"
    assert window.editor.export_to(hard_path, ExportOptions("png", 40))
    action(window).trigger()
    assert window.editor.export_to(soft_path, ExportOptions("png", 40))
    hard, soft = QImage(str(hard_path)), QImage(str(soft_path))
    layout = map_layout(m, 40)
    rect = map_scene_rect(m, layout)
    x, y = layout.center(at(4, 3))  # the clear hex north of the water
    y += layout.size * 0.84  # just inside it, by the side it shares with the water
    px, py = round(x - rect.left()), round(y - rect.top())
    clear = QColor(m.palette.terrains["clear"].colour)
    assert hard.pixelColor(px, py).name() == clear.name()
    assert soft.pixelColor(px, py).blue() > clear.blue() + 12  # the water's blue fades in


def test_the_choice_is_kept_for_the_next_start(window, qtbot):
    from hexcampaign.app import MainWindow

    action(window).trigger()
    again = MainWindow()
    qtbot.addWidget(again)
    assert action(again).isChecked() and again.canvas.soft_edges


def test_svg_and_pdf_carry_the_fade_as_even_shapes_every_viewer_draws(window, tmp_path):
    from PySide6.QtGui import QPainter
    from PySide6.QtSvg import QSvgRenderer

    m = window.document.map
    action(window).trigger()
    svg, pdf = tmp_path / "soft.svg", tmp_path / "soft.pdf"
    assert window.editor.export_to(svg, ExportOptions("svg", 40))
    assert window.editor.export_to(pdf, ExportOptions("pdf-fitted", 40, paper="A4"))
    text = svg.read_text(encoding="utf-8")
    # No gradient (a PDF viewer drew its transparency as solid colour; Qt writes fifty
    # stops for each) and no empty path a viewer would call broken.
    assert "<linearGradient" not in text and ' d=""' not in text
    assert pdf.stat().st_size > 0
    layout = map_layout(m, 40)
    rect = map_scene_rect(m, layout)
    renderer = QSvgRenderer(str(svg))  # drawn over a picture of the map's own size
    image = QImage(round(rect.width()), round(rect.height()), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    x, y = layout.center(at(4, 3))
    y += layout.size * 0.8
    clear = QColor(m.palette.terrains["clear"].colour)
    shade = image.pixelColor(round(x - rect.left()), round(y - rect.top()))
    assert shade.blue() > clear.blue() + 12  # the water's blue fades in, in the SVG too
