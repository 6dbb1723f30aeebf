"""What every chart painted with QPainter shares: a white ground with the title in bold,
the value axis' top rounded up to whole ticks, and the axis lines with their numbers.
For the charts of every mode (the modes themselves know nothing of each other)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

TICKS = 5  # about this many numbers up the axis


def begin_chart(painter: QPainter, rect: QRectF, title: str) -> None:
    """A white ground, the title along the top in bold, and the 9-point font set for
    the rest of the chart."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.fillRect(rect, QColor("white"))
    font = QFont()
    font.setPointSizeF(9)
    bold = QFont(font)
    bold.setBold(True)
    painter.setFont(bold)
    painter.setPen(QColor("#222222"))
    where = QRectF(rect.left() + 8, rect.top() + 4, rect.width() - 16, 20)
    painter.drawText(where, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, title)
    painter.setFont(font)


def nice_top(value: float) -> float:
    """The axis' top: `value` rounded up to a whole number of ticks of a whole step."""
    step = max(1, round(value / TICKS))
    whole = int(-(-value // 1))  # rounded up
    return float(-(-whole // step) * step)


def paint_axis(painter: QPainter, plot: QRectF, top: float) -> None:
    """The axis lines along the plot's bottom and left, numbered from 0 to `top`."""
    painter.setPen(QPen(QColor("#666666"), 1))
    painter.drawLine(plot.bottomLeft(), plot.bottomRight())
    painter.drawLine(plot.bottomLeft(), plot.topLeft())
    step = max(1, round(top / TICKS))
    value = 0
    while value <= top:
        y = plot.bottom() - plot.height() * value / top
        painter.drawText(
            QRectF(plot.left() - 40, y - 8, 34, 16),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            str(value),
        )
        value += step
