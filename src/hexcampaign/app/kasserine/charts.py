"""The tracker's four charts drawn with QPainter: one paint routine serves the widget on
screen, the PNG (a QImage) and the SVG (QtSvg's QSvgGenerator). The numbers are the
engine's (kasserine/tracker.py); a chart only lays them out. The ground, title and value
axis are every chart's (app/chart_axis.py, as the campaign's charts).

    points    the German victory points at each turn's end, over the levels of victory
    losses    combat factors lost per formation, German and Allied
    odds      attacks per odds column: as declared, and after the defender's artillery
    results   CRT results rolled against the number the chances gave
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QSizePolicy, QWidget

from hexcampaign.app.chart_axis import begin_chart, nice_top, paint_axis
from hexcampaign.files import atomic_export
from hexcampaign.kasserine.tracker import Tracker

CHARTS = {
    "points": "Victory points",
    "losses": "Factors lost",
    "odds": "Odds and defensive fire",
    "results": "Results and chances",
}
# A chart on screen at the least: room for slanted labels (120 px under the plot) and a
# plot 40 px tall.
MINIMUM_CHART = QSize(260, 160)
GERMAN = QColor("#8a6a1c")
ALLIED = QColor("#4f6b2a")
PALE = QColor("#9aa6b8")
LEVEL_COLOURS = ("#f1e4e0", "#f4efd9", "#e8efd9", "#dcebd6")


@dataclass
class Bars:
    """Labelled groups of bars: `values[i][j]` is bar j of group i."""

    title: str
    labels: list[str]
    series: list[str]
    colours: list[QColor]
    values: list[list[float]] = field(default_factory=list)
    note: str = ""
    stacked: bool = False  # one bar a group, its series on top of each other


def chart_data(tracker: Tracker, which: str) -> Bars:
    """The bars (or points) of one chart, from the tracker's series."""
    if which == "points":
        points = tracker.points()
        return Bars(
            "German victory points at the end of each turn",
            [p.date for p in points],
            ["points"],
            [GERMAN],
            [[float(p.points)] for p in points],
            "" if not points or points[-1].ended else f"{points[-1].date}: as it stands now",
        )
    if which == "losses":
        rows = tracker.factors_lost_by_formation()
        lost = tracker.factors_lost()
        return Bars(
            "Combat factors lost per formation",
            [formation for _side, formation, _n in rows],
            ["German", "Allied"],
            [GERMAN, ALLIED],
            [[float(n), 0.0] if side == "german" else [0.0, float(n)] for side, formation, n in rows],
            f"German {lost.get('german', 0)}, Allied {lost.get('allied', 0)} factors lost",
            stacked=True,
        )
    if which == "odds":
        tallies = tracker.odds()
        cut = sum(1 for a in tracker.attacks() if a.cut)
        return Bars(
            "Attacks by odds: declared, and after the defender's artillery",
            [t.odds for t in tallies],
            ["declared", "after defensive fire"],
            [PALE, GERMAN],
            [[float(t.declared), float(t.after_fire)] for t in tallies],
            f"{len(tracker.attacks())} attacks; {cut} cut by defensive fire",
        )
    tallies_r = tracker.results()
    return Bars(
        "Results rolled against their expected number",
        [t.result for t in tallies_r],
        ["rolled", "expected"],
        [GERMAN, PALE],
        [[float(t.rolled), float(t.expected)] for t in tallies_r],
        "expected: the sum of each attack's chance on the Combat Results Table",
    )


def paint_chart(painter: QPainter, rect: QRectF, tracker: Tracker, which: str) -> None:
    """Draw one chart into `rect`."""
    data = chart_data(tracker, which)
    painter.save()
    begin_chart(painter, rect, data.title)
    note = QRectF(rect.left() + 8, rect.bottom() - 20, rect.width() - 16, 18)
    painter.drawText(note, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, data.note)
    slanted = which != "points" and len(data.labels) > 6  # slanted labels need more room
    below = 120 if slanted else 70
    plot = QRectF(rect.left() + 40, rect.top() + 30, rect.width() - 56, rect.height() - below)
    if not data.labels:
        painter.drawText(plot, Qt.AlignmentFlag.AlignCenter, "Nothing yet")
        painter.restore()
        return
    tallest = [sum(group) if data.stacked else max(group, default=0.0) for group in data.values]
    top = nice_top(max(tallest + [1.0]))
    if which == "points":
        top = float(max(tracker.max_points, 1))
        _levels(painter, plot, tracker, top)
    paint_axis(painter, plot, top)
    if which == "points":
        _line(painter, plot, data, top)
    else:
        _bars(painter, plot, data, top)
    _legend(painter, rect, data)
    painter.restore()


def write_png(path: Path | str, tracker: Tracker, which: str, size: QSize) -> None:
    """The chart as a PNG, written whole or not at all (OSError for a full disk)."""
    image = QImage(size, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    paint_chart(painter, QRectF(0, 0, size.width(), size.height()), tracker, which)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]  # PySide6 takes str here
    buffer.close()
    atomic_export(path, lambda f: f.write(bytes(data.data())))


def write_svg(path: Path | str, tracker: Tracker, which: str, size: QSize) -> None:
    """The chart as an SVG, painted in memory (Qt's SVG device reports no write
    errors), then written whole or not at all."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(size)
    generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
    generator.setTitle(CHARTS[which])
    painter = QPainter(generator)
    paint_chart(painter, QRectF(0, 0, size.width(), size.height()), tracker, which)
    painter.end()
    buffer.close()
    text = bytes(data.data())
    atomic_export(path, lambda f: f.write(text))


class ChartView(QWidget):
    """One chart of a tracker on screen."""

    def __init__(self, tracker: Tracker, which: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tracker = tracker
        self.which = which
        # Small enough for the tab group under the board at 1,280×800 (the log's 12 lines
        # set its height); the export draws at its own size (EXPORT_SIZE).
        self.setMinimumSize(MINIMUM_CHART)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def paintEvent(self, _event: object) -> None:  # noqa: N802 — Qt's name
        painter = QPainter(self)
        paint_chart(painter, QRectF(self.rect()), self.tracker, self.which)
        painter.end()


# --- inside ------------------------------------------------------------------------------


def _levels(painter: QPainter, plot: QRectF, tracker: Tracker, top: float) -> None:
    """The levels of victory as bands behind the line, each named."""
    for i, level in enumerate(tracker.levels):
        low, high = max(level.low - 0.5, 0), min(level.high + 0.5, top)
        if low >= top:
            break
        y1 = plot.bottom() - plot.height() * high / top
        y2 = plot.bottom() - plot.height() * low / top
        band = QRectF(plot.left(), y1, plot.width(), y2 - y1)
        painter.fillRect(band, QColor(LEVEL_COLOURS[i % len(LEVEL_COLOURS)]))
        painter.setPen(QColor("#777777"))
        painter.drawText(
            band.adjusted(4, 0, -4, 0), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, level.name
        )


def _line(painter: QPainter, plot: QRectF, data: Bars, top: float) -> None:
    n = max(len(data.labels), 1)
    slots = max(n, 12)
    points = []
    for i, group in enumerate(data.values):
        x = plot.left() + plot.width() * (i + 0.5) / slots
        y = plot.bottom() - plot.height() * group[0] / top
        points.append(QPointF(x, y))
        painter.setPen(QColor("#333333"))
        painter.drawText(QRectF(x - 24, plot.bottom() + 2, 48, 16), Qt.AlignmentFlag.AlignCenter, data.labels[i])
    painter.setPen(QPen(data.colours[0], 2.5))
    for a, b in zip(points, points[1:], strict=False):
        painter.drawLine(a, b)
    painter.setBrush(data.colours[0])
    for p in points:
        painter.drawEllipse(p, 3.5, 3.5)


def _bars(painter: QPainter, plot: QRectF, data: Bars, top: float) -> None:
    groups = len(data.labels)
    width = plot.width() / groups
    per = len(data.series)
    for i, group in enumerate(data.values):
        left = plot.left() + width * i + width * 0.1
        bar = width * 0.8 / (1 if data.stacked else per)
        base = plot.bottom()
        for j, value in enumerate(group):
            if value <= 0:
                continue
            h = plot.height() * value / top
            x = left if data.stacked else left + bar * j
            painter.fillRect(QRectF(x, base - h, bar - 1, h), data.colours[j])
            if data.stacked:
                base -= h
        painter.setPen(QColor("#333333"))
        label = data.labels[i] if len(data.labels[i]) <= 16 else data.labels[i][:15] + "…"
        painter.save()
        painter.translate(plot.left() + width * (i + 0.5), plot.bottom() + 4)
        if groups > 6:
            painter.rotate(30)
            painter.drawText(QRectF(0, 0, 120, 14), Qt.AlignmentFlag.AlignLeft, label)
        else:
            painter.drawText(QRectF(-width / 2, 0, width, 14), Qt.AlignmentFlag.AlignCenter, label)
        painter.restore()


def _legend(painter: QPainter, rect: QRectF, data: Bars) -> None:
    x = rect.right() - 8
    for name, colour in reversed(list(zip(data.series, data.colours, strict=False))):
        w = painter.fontMetrics().horizontalAdvance(name) + 18
        x -= w
        painter.fillRect(QRectF(x, rect.bottom() - 16, 10, 10), colour)
        painter.setPen(QColor("#333333"))
        painter.drawText(QRectF(x + 13, rect.bottom() - 21, w, 20), Qt.AlignmentFlag.AlignVCenter, name)
