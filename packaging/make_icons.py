"""Draw hexcampaign's icons: the application and one per file type, every usual size.

Run it after changing a drawing: `QT_QPA_PLATFORM=offscreen .venv/bin/python
packaging/make_icons.py`. The results are committed, so building and installing never
need Qt or this script.

Every icon is drawn once, in a 256-unit square, by one function per motif; the same
function paints the PNGs (QImage) and the SVG (QSvgGenerator), so the scalable and the
bitmap icons cannot drift apart. Small sizes drop the fine detail (the unit symbol, the
grid lines) that would only blur at 16 pixels, as hand-made icon sets do.

It also writes the Windows .ico and the macOS .icns that the PyInstaller spec uses: both
are simple containers of PNG images, written here directly so no image library beyond Qt
is needed.
"""

from __future__ import annotations

import argparse
import math
import os
import struct
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QGuiApplication,
    QImage,
    QLinearGradient,
    QPainter,
    QPen,
    QPolygonF,
)
from PySide6.QtSvg import QSvgGenerator

APP_ID = "io.github.hexcampaign.HexCampaign"
SIZES = (16, 32, 48, 64, 128, 256)
ICNS_SIZES = (16, 32, 64, 128, 256, 512)  # what macOS asks of an .app icon
ICO_SIZES = (16, 32, 48, 64, 128, 256)
CANVAS = 256.0  # every drawing is made in this square

# The file types, as named in the shared-mime-info XML (icon name = type with "/" -> "-").
FILE_TYPES = {
    "application-x-hexcampaign-map": "map",
    "application-x-hexcampaign-kpgame": "kpgame",
    "application-x-hexcampaign-kpturn": "kpgame",  # a turn file of a game by e-mail
    "application-x-hexcampaign-campaign": "campaign",
    "application-x-hexcampaign-package": "campaign",  # a side's turn package of a campaign
    "application-x-hexcampaign-orders": "campaign",  # a player's orders for the umpire
}

# Colours of a printed 1970s wargame: desert sand board, olive counters, black ink.
SAND = QColor("#dcc58f")
SAND_DARK = QColor("#b89a5a")
HIGH_GROUND = QColor("#a9875a")
FOREST = QColor("#6f8f4e")
INK = QColor("#2b2418")
COUNTER_OLIVE = QColor("#6b7544")
COUNTER_GREY = QColor("#7d8793")
COUNTER_BLUE = QColor("#4e6a96")
SYMBOL_PAPER = QColor("#f6f1e3")
PAGE = QColor("#fbf9f3")
PAGE_EDGE = QColor("#8a8477")
FOLD = QColor("#d9d3c4")
FLAG_RED = QColor("#b3261e")

# Each file type's band colour at the foot of the page tells them apart at a glance.
BAND = {"map": QColor("#3f7a3a"), "kpgame": QColor("#8c5a1e"), "campaign": QColor("#7a2c2c")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(__file__).resolve().parent / "icons",
        help="folder to write into (default: packaging/icons)",
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    written = write_all(args.out)
    print(f"wrote {len(written)} icon files under {args.out}")
    return 0


def write_all(out: Path) -> list[Path]:
    """Every icon file: hicolor PNGs and SVGs for the app and file types, .ico, .icns."""
    icons: dict[tuple[str, str], Callable[[QPainter, int], None]] = {
        ("apps", APP_ID): draw_app,
    }
    for icon_name, kind in FILE_TYPES.items():
        icons[("mimetypes", icon_name)] = _file_type_drawing(kind)

    written: list[Path] = []
    for (context, name), draw in icons.items():
        for size in SIZES:
            path = out / "hicolor" / f"{size}x{size}" / context / f"{name}.png"
            written.append(_write_png(render(draw, size), path))
        svg = out / "hicolor" / "scalable" / context / f"{name}.svg"
        written.append(_write_svg(draw, svg, title=name))

    written.append(_write_bytes(out / "hexcampaign.ico", ico_bytes(draw_app, ICO_SIZES)))
    written.append(_write_bytes(out / "hexcampaign.icns", icns_bytes(draw_app, ICNS_SIZES)))
    return written


def render(draw: Callable[[QPainter, int], None], size: int) -> QImage:
    """One drawing at `size`×`size` pixels on a transparent background."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(size / CANVAS, size / CANVAS)
    draw(painter, size)
    painter.end()
    return image


def ico_bytes(draw: Callable[[QPainter, int], None], sizes: tuple[int, ...]) -> bytes:
    """A Windows .ico holding one PNG per size (PNG entries are valid since Vista)."""
    images = [_png_bytes(render(draw, size)) for size in sizes]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    directory, payload = b"", b""
    for size, png in zip(sizes, images):
        # A width or height of 256 is written as 0: the field is one byte.
        edge = 0 if size >= 256 else size
        directory += struct.pack("<BBBBHHII", edge, edge, 0, 0, 1, 32, len(png), offset)
        offset += len(png)
        payload += png
    return header + directory + payload


# The icns element types whose payload is a PNG of the given pixel size.
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}


def icns_bytes(draw: Callable[[QPainter, int], None], sizes: tuple[int, ...]) -> bytes:
    """A macOS .icns: the 'icns' header, then one PNG element per size."""
    elements = b""
    for size in sizes:
        png = _png_bytes(render(draw, size))
        elements += ICNS_TYPES[size] + struct.pack(">I", 8 + len(png)) + png
    return b"icns" + struct.pack(">I", 8 + len(elements)) + elements


# -- the drawings -------------------------------------------------------------------------


def draw_app(painter: QPainter, size: int) -> None:
    """A board hex of desert sand with a unit counter standing on it."""
    _board_hex(painter, QPointF(128, 128), 124, size)
    _counter(painter, QRectF(66, 70, 124, 124), COUNTER_OLIVE, size, symbol="armored_infantry")


def _file_type_drawing(kind: str) -> Callable[[QPainter, int], None]:
    def draw(painter: QPainter, size: int) -> None:
        _page(painter, BAND[kind], size)
        if kind == "map":
            _hex_cluster(painter, QPointF(124, 118), 40, size)
        elif kind == "kpgame":
            _counter(painter, QRectF(72, 56, 104, 104), COUNTER_GREY, size, symbol="armor")
        else:
            _counter(painter, QRectF(72, 56, 104, 104), COUNTER_BLUE, size, symbol="hq")

    return draw


def _board_hex(painter: QPainter, centre: QPointF, radius: float, size: int) -> None:
    hexagon = _hexagon(centre, radius)
    gradient = QLinearGradient(QPointF(0, 0), QPointF(0, CANVAS))
    gradient.setColorAt(0.0, SAND.lighter(108))
    gradient.setColorAt(1.0, SAND_DARK)
    painter.setPen(QPen(INK, _line(size, 10)))
    painter.setBrush(QBrush(gradient))
    painter.drawPolygon(hexagon)
    if size >= 48:
        # A road across the board, under the counter: the map is a place to move on.
        painter.setPen(QPen(QColor("#8b1e1e"), 9, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
        painter.drawLine(_edge_middle(centre, radius, 2), _edge_middle(centre, radius, 5))
        painter.setPen(QPen(INK, _line(size, 10)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolygon(hexagon)


def _counter(painter: QPainter, square: QRectF, colour: QColor, size: int, *, symbol: str) -> None:
    """A die-cut cardboard counter with a NATO unit symbol and its strength line."""
    shadow = square.translated(_line(size, 6), _line(size, 6))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 90))
    painter.drawRoundedRect(shadow, 10, 10)
    painter.setPen(QPen(INK, _line(size, 6)))
    painter.setBrush(colour)
    painter.drawRoundedRect(square, 10, 10)

    box = QRectF(
        square.left() + square.width() * 0.18,
        square.top() + square.height() * 0.16,
        square.width() * 0.64,
        square.height() * 0.42,
    )
    painter.setPen(QPen(INK, _line(size, 5)))
    painter.setBrush(SYMBOL_PAPER)
    painter.drawRect(box)
    if size < 32:
        return  # at 16 px the symbol box alone reads as "a counter"
    pen = QPen(INK, _line(size, 5))
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    inner = box.adjusted(
        box.width() * 0.2, box.height() * 0.22, -box.width() * 0.2, -box.height() * 0.22
    )
    if symbol in ("armor", "armored_infantry"):
        painter.drawRoundedRect(inner, inner.height() / 2, inner.height() / 2)
    if symbol == "armored_infantry":
        painter.drawLine(box.topLeft(), box.bottomRight())
        painter.drawLine(box.bottomLeft(), box.topRight())
    if symbol == "hq":
        # A headquarters: the flagstaff down the symbol's left side, a pennant flying.
        staff_x = box.left()
        painter.drawLine(QPointF(staff_x, box.bottom()), QPointF(staff_x, box.bottom() + 22))
        pennant = QPolygonF(
            [
                QPointF(box.left() + 6, box.top() + 6),
                QPointF(box.right() - 6, box.center().y()),
                QPointF(box.left() + 6, box.bottom() - 6),
            ]
        )
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(FLAG_RED)
        painter.drawPolygon(pennant)

    # The strength line ("6-4") as three pips: text would need a font at every size.
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(SYMBOL_PAPER)
    pip = square.width() * 0.07
    y = square.top() + square.height() * 0.78
    for step in (-1, 0, 1):
        x = square.center().x() + step * square.width() * 0.22
        painter.drawEllipse(QPointF(x, y), pip, pip)


def _page(painter: QPainter, band: QColor, size: int) -> None:
    """A sheet of paper with a folded corner and the file type's coloured band."""
    left, top, right, bottom, fold = 40.0, 12.0, 216.0, 244.0, 48.0
    outline = QPolygonF(
        [
            QPointF(left, top),
            QPointF(right - fold, top),
            QPointF(right, top + fold),
            QPointF(right, bottom),
            QPointF(left, bottom),
        ]
    )
    painter.setPen(QPen(PAGE_EDGE, _line(size, 6)))
    painter.setBrush(PAGE)
    painter.drawPolygon(outline)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(band)
    edge = _line(size, 6) / 2
    painter.drawRect(QRectF(left + edge, bottom - 52, right - left - 2 * edge, 52 - edge))
    painter.setPen(QPen(PAGE_EDGE, _line(size, 6)))
    painter.setBrush(FOLD)
    painter.drawPolygon(
        QPolygonF(
            [
                QPointF(right - fold, top),
                QPointF(right - fold, top + fold),
                QPointF(right, top + fold),
            ]
        )
    )


def _hex_cluster(painter: QPainter, centre: QPointF, radius: float, size: int) -> None:
    """Three flat-top hexes of a map: sand, high ground and forest, with a road."""
    width, height = 1.5 * radius, math.sqrt(3) * radius
    cells = [
        (QPointF(centre.x() - width / 2, centre.y() - height / 2 + 2), SAND),
        (QPointF(centre.x() + width / 2 + 2, centre.y() - height / 2 + 2), HIGH_GROUND),
        (QPointF(centre.x(), centre.y() + height / 2 + 4), FOREST),
    ]
    if size < 32:
        radius *= 1.15  # fewer, fatter shapes survive being shrunk to 16 px
    painter.setPen(QPen(INK, _line(size, 5)))
    for middle, colour in cells:
        painter.setBrush(colour)
        painter.drawPolygon(_hexagon(middle, radius))
    if size >= 48:
        road = QPen(QColor("#8b1e1e"), 7, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        painter.setPen(road)
        painter.drawLine(cells[0][0], cells[2][0])


def _hexagon(centre: QPointF, radius: float) -> QPolygonF:
    return QPolygonF([_corner(centre, radius, i) for i in range(6)])


def _corner(centre: QPointF, radius: float, i: int) -> QPointF:
    # Flat-top: corner 0 points east, as on the map (odd-q columns).
    angle = math.radians(60 * i)
    return QPointF(centre.x() + radius * math.cos(angle), centre.y() + radius * math.sin(angle))


def _edge_middle(centre: QPointF, radius: float, i: int) -> QPointF:
    a, b = _corner(centre, radius, i), _corner(centre, radius, (i + 1) % 6)
    return (a + b) / 2


def _line(size: int, width_at_256: float) -> float:
    """A line width in canvas units that stays at least about one pixel when shrunk."""
    return max(width_at_256, 1.1 * CANVAS / size)


# -- writing ------------------------------------------------------------------------------


def _png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise RuntimeError("Qt could not encode a PNG (is the png image plugin missing?)")
    buffer.close()
    return bytes(data.data())


def _write_png(image: QImage, path: Path) -> Path:
    return _write_bytes(path, _png_bytes(image))


def _write_svg(draw: Callable[[QPainter, int], None], path: Path, *, title: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setSize(QSize(int(CANVAS), int(CANVAS)))
    generator.setViewBox(QRectF(0, 0, CANVAS, CANVAS))
    generator.setTitle(title)
    generator.setDescription("hexcampaign icon, drawn by packaging/make_icons.py")
    painter = QPainter(generator)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    draw(painter, 256)
    painter.end()
    return path


def _write_bytes(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


if __name__ == "__main__":
    sys.exit(main())
