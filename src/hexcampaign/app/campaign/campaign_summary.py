"""The campaign's summary over all its turns: the engine's summary sentences and three
charts drawn from its ledger (campaign/ledger.py) — each side's VP at every turn's end,
its PP income and spending per turn, and the men and vehicles it lost per turn.

The charts are painted with QPainter (the Qt build the program ships has no Qt Charts),
one paint routine for the widget on screen, the PNG and the SVG, as the Kasserine
tracker's charts are; the app modes know nothing of each other, so this is the
campaign's own. A chart only lays the ledger's numbers out.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from hexcampaign.app.chart_axis import begin_chart, nice_top, paint_axis
from hexcampaign.campaign.ledger import Ledger
from hexcampaign.files import atomic_export

CHARTS = {
    "vp": "Victory points at each turn's end",
    "pp": "PP income (solid) and spent (dashed) per turn",
    "losses": "Men and vehicles or guns lost per turn",
}
EXPORT_SIZE = QSize(900, 480)
MINIMUM_CHART = QSize(260, 170)
SIDE_COLOURS = (QColor("#7a5c12"), QColor("#3b6a9e"))


@dataclass(frozen=True)
class Series:
    name: str
    values: tuple[float, ...]
    colour: QColor
    dashed: bool = False


@dataclass(frozen=True)
class ChartData:
    """One chart: a value per turn label for each series, drawn as lines or bars."""

    title: str
    labels: tuple[str, ...]
    series: tuple[Series, ...]
    bars: bool = False


def chart_data(book: Ledger, which: str) -> ChartData:
    turns = book.turns
    labels = tuple(t.label.replace(" (now)", "*") for t in turns)
    colours = dict(zip(book.sides, SIDE_COLOURS, strict=True))
    if which == "vp":
        series = tuple(
            Series(s, tuple(float(t.vp[s]) for t in turns), colours[s]) for s in book.sides
        )
        return ChartData(CHARTS[which], labels, series)
    played = turns[1:]  # the start has no income, spending or losses of its own
    labels = labels[1:]
    if which == "pp":
        series = tuple(
            Series(f"{s} {what}", tuple(float(getattr(t, what)[s]) for t in played), colours[s], what == "spent")
            for s in book.sides
            for what in ("income", "spent")
        )
        return ChartData(CHARTS[which], labels, series)
    if which == "losses":
        series = tuple(
            Series(s, tuple(float(t.losses[s]) for t in played), colours[s]) for s in book.sides
        )
        return ChartData(CHARTS[which], labels, series, bars=True)
    raise KeyError(f"There is no chart {which!r}; the charts are {', '.join(CHARTS)}.")


def paint_chart(painter: QPainter, rect: QRectF, book: Ledger, which: str) -> None:
    data = chart_data(book, which)
    painter.save()
    begin_chart(painter, rect, data.title)
    plot = QRectF(rect.left() + 44, rect.top() + 30, rect.width() - 60, rect.height() - 76)
    if not data.labels or plot.width() < 20 or plot.height() < 20:
        painter.drawText(plot, Qt.AlignmentFlag.AlignCenter, "Nothing yet")
        painter.restore()
        return
    top = nice_top(max([v for s in data.series for v in s.values] + [1.0]))
    paint_axis(painter, plot, top)
    width = plot.width() / len(data.labels)
    painter.setPen(QColor("#333333"))
    step = max(1, len(data.labels) // 12)  # at most about twelve labels under the axis
    for i, label in enumerate(data.labels):
        if i % step == 0:
            x = plot.left() + width * i
            painter.drawText(QRectF(x, plot.bottom() + 2, width * step, 16), Qt.AlignmentFlag.AlignCenter, label)
    if data.bars:
        per = width * 0.8 / len(data.series)
        for j, s in enumerate(data.series):
            for i, v in enumerate(s.values):
                h = plot.height() * v / top
                x = plot.left() + width * i + width * 0.1 + per * j
                painter.fillRect(QRectF(x, plot.bottom() - h, per - 1, h), s.colour)
    else:
        for s in data.series:
            points = [
                QPointF(plot.left() + width * (i + 0.5), plot.bottom() - plot.height() * v / top)
                for i, v in enumerate(s.values)
            ]
            pen = QPen(s.colour, 2.2)
            if s.dashed:
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            for a, b in zip(points, points[1:], strict=False):
                painter.drawLine(a, b)
            painter.setBrush(s.colour)
            for p in points:
                painter.drawEllipse(p, 3, 3)
    _legend(painter, rect, data)
    painter.restore()


def write_chart(path: Path | str, book: Ledger, which: str, size: QSize = EXPORT_SIZE) -> Path:
    """The chart as PNG or SVG by the file's suffix, written whole or not at all
    (OSError for a full disk; ValueError for another suffix)."""
    path = Path(path)
    suffix = path.suffix.lower()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    whole = QRectF(0, 0, size.width(), size.height())
    if suffix == ".png":
        image = QImage(size, QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        paint_chart(painter, whole, book, which)
        painter.end()
        image.save(buffer, "PNG")  # type: ignore[call-overload]  # PySide6 takes str here
    elif suffix == ".svg":
        generator = QSvgGenerator()
        generator.setOutputDevice(buffer)
        generator.setSize(size)
        generator.setViewBox(whole)
        generator.setTitle(CHARTS[which])
        painter = QPainter(generator)
        paint_chart(painter, whole, book, which)
        painter.end()
    else:
        raise ValueError(f"{path.name}: a chart is written as PNG (.png) or SVG (.svg).")
    buffer.close()
    raw = bytes(data.data())
    atomic_export(path, lambda f: f.write(raw))
    return path


class ChartView(QWidget):
    """One chart of a ledger on screen."""

    def __init__(self, book: Ledger, which: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.book = book
        self.which = which
        self.setObjectName(f"chart-{which}")
        self.setMinimumSize(MINIMUM_CHART)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_ledger(self, book: Ledger) -> None:
        self.book = book
        self.update()

    def data(self) -> ChartData:
        return chart_data(self.book, self.which)

    def paintEvent(self, _event: object) -> None:  # noqa: N802 — Qt's name
        painter = QPainter(self)
        paint_chart(painter, QRectF(self.rect()), self.book, self.which)
        painter.end()


class SummaryView(QWidget):
    """The summary sentences over the charts: the ledger dock's first tab and the
    end-of-campaign dialog's."""

    def __init__(self, book: Ledger, parent: QWidget | None = None, columns: int = 2) -> None:
        super().__init__(parent)
        self.setObjectName("campaign-summary")
        layout = QVBoxLayout(self)
        self.text = QLabel(self)
        self.text.setObjectName("summary-text")
        self.text.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.text)
        grid = QGridLayout()
        self.charts = {which: ChartView(book, which, self) for which in CHARTS}
        for i, chart in enumerate(self.charts.values()):
            grid.addWidget(chart, i // columns, i % columns)
        layout.addLayout(grid, 1)
        self.set_ledger(book)

    def set_ledger(self, book: Ledger) -> None:
        self.book = book
        self.text.setText("\n".join(book.summary()))
        for chart in self.charts.values():
            chart.set_ledger(book)

    def export_charts(self, path: Path | str) -> list[Path]:
        """Every chart beside `path`, named for it ("ledger-vp.png", ...), PNG or SVG by
        its suffix."""
        path = Path(path)
        return [
            write_chart(path.with_name(f"{path.stem}-{which}{path.suffix}"), self.book, which)
            for which in CHARTS
        ]


# --- inside ---------------------------------------------------------------------------------


def _legend(painter: QPainter, rect: QRectF, data: ChartData) -> None:
    x = rect.right() - 8
    for s in reversed(data.series):
        w = painter.fontMetrics().horizontalAdvance(s.name) + 20
        x -= w
        pen = QPen(s.colour, 2.2)
        if s.dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        y = rect.bottom() - 11
        painter.drawLine(QPointF(x, y), QPointF(x + 12, y))
        painter.setPen(QColor("#333333"))
        painter.drawText(QRectF(x + 15, rect.bottom() - 21, w, 20), Qt.AlignmentFlag.AlignVCenter, s.name)
