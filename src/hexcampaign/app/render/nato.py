"""NATO unit symbols (after APP-6), painted with QPainter for the counters of both play
modes: the frame, the branch mark inside it and the size mark above it.

Each mode lays out its own counter card (its colours, where the frame sits, the
numbers and markers around it) and asks this module for the symbol, so a branch looks
the same on a Kasserine battalion as on a campaign division. Marks are drawn in
proportion to the frame, so they read at any counter size.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen

# The branches a mark is drawn for; any other branch gets the bare frame.
BRANCHES = (
    "infantry",  # crossed diagonals
    "armour",  # the track: a rounded oblong
    "mechanised",  # infantry cross and armour track together
    "recon",  # one diagonal, bottom left to top right
    "artillery",  # a filled dot
    "engineers",  # the bridge sign: a bar on three legs
    "anti_tank",  # an inverted V from the bottom corners
    "flak",  # air defence: a dome rising from the bottom edge
    "headquarters",  # the staff line across the lower part, "HQ" above it
)

# The size (echelon) marks printed above the frame. A Kasserine detachment is half a
# battalion: one bar.
SIZE_MARKS = {
    "company": "I",
    "detachment": "I",
    "battalion": "II",
    "regiment": "III",
    "brigade": "X",
    "division": "XX",
    "corps": "XXX",  # three Xs: the NATO corps mark
}


def size_mark(echelon: str) -> str:
    """The bars or crosses above the frame for `echelon` ("" for an unknown one)."""
    return SIZE_MARKS.get(echelon, "")


def paint_symbol(
    painter: QPainter, box: QRectF, branch: str, ink: QColor, line_width: float
) -> None:
    """The frame filling `box` and the branch's mark inside it, in `ink` lines of
    `line_width` pixels. Leaves the painter's pen and brush as it found them."""
    painter.save()
    pen = QPen(ink, line_width)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)  # square frame corners
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(box)
    paint_branch(painter, box, branch, ink)
    painter.restore()


def paint_branch(painter: QPainter, box: QRectF, branch: str, ink: QColor) -> None:
    """The branch's mark inside the frame `box`, with the painter's current pen."""
    left, top, right, bottom = box.left(), box.top(), box.right(), box.bottom()
    w, h = box.width(), box.height()
    cx, cy = box.center().x(), box.center().y()
    if branch in ("infantry", "mechanised"):
        painter.drawLine(QPointF(left, top), QPointF(right, bottom))
        painter.drawLine(QPointF(left, bottom), QPointF(right, top))
    if branch in ("armour", "mechanised"):
        track = QRectF(left + w * 0.18, top + h * 0.22, w * 0.64, h * 0.56)
        painter.drawRoundedRect(track, h * 0.28, h * 0.28)
    if branch == "recon":
        painter.drawLine(QPointF(left, bottom), QPointF(right, top))
    if branch == "artillery":
        painter.save()
        painter.setBrush(QBrush(ink))
        r = h * 0.17
        painter.drawEllipse(QPointF(cx, cy), r, r)
        painter.restore()
    if branch == "engineers":
        y0, y1 = top + h * 0.32, top + h * 0.72
        x0, x1 = left + w * 0.2, right - w * 0.2
        painter.drawLine(QPointF(x0, y0), QPointF(x1, y0))
        for x in (x0, cx, x1):
            painter.drawLine(QPointF(x, y0), QPointF(x, y1))
    if branch == "anti_tank":
        painter.drawLine(QPointF(left, bottom), QPointF(cx, top))
        painter.drawLine(QPointF(cx, top), QPointF(right, bottom))
    if branch == "flak":
        dome = QPainterPath()
        dome.moveTo(QPointF(left + w * 0.15, bottom))
        dome.cubicTo(
            QPointF(left + w * 0.2, top + h * 0.15),
            QPointF(right - w * 0.2, top + h * 0.15),
            QPointF(right - w * 0.15, bottom),
        )
        painter.drawPath(dome)
    if branch == "headquarters":
        staff = bottom - h * 0.3
        painter.drawLine(QPointF(left, staff), QPointF(right, staff))
        painter.save()
        painter.setFont(_bold_font(int(h * 0.5)))
        painter.drawText(QRectF(left, top, w, h * 0.7), Qt.AlignmentFlag.AlignCenter, "HQ")
        painter.restore()


def _bold_font(pixel_size: int) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, pixel_size))
    font.setBold(True)
    return font
