"""Wargame counters: the card around each unit's NATO symbol (app/render/nato.py paints
the symbol), and the scene items that show them on the map (stacks drawn offset, the
stack listed on hover).

One function paints a counter into any rectangle, so the map, the docks' unit lists and
the screenshots all show the same piece of card.
"""

from __future__ import annotations

import traceback
from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from hexcampaign.app.render import nato
from hexcampaign.kasserine import UnitView
from hexcampaign.kasserine.units import KIND_WORDS

# Counter card colours: the original game's German buff and Allied olive.
SIDE_FILL = {"german": QColor("#d8c08a"), "allied": QColor("#8f9a5b")}
SIDE_INK = {"german": QColor("#1e1a12"), "allied": QColor("#12150a")}
ENGAGED_FILL = QColor("#7a2e22")  # the flipped side: a red-brown back with the word on it
ENGAGED_INK = QColor("#fff4dc")
SELECTED = QColor(255, 210, 0)
# The NATO branch each kind of unit is drawn as (rangers: infantry, "Rgr" beside it).
BRANCHES = {
    "infantry": "infantry",
    "rangers": "infantry",
    "armored_infantry": "mechanised",
    "armor": "armour",
    "recon": "recon",
    "artillery": "artillery",
    "engineers": "engineers",
    "anti_tank": "anti_tank",
    "flak": "flak",
}
NATION_MARKS = {"british": "B", "french": "Fr", "italian": "It"}
COUNTER_FRACTION = 0.92  # counter side as a fraction of the hex size (circumradius)
STACK_STEP = 0.09  # offset of each counter under the top one, as a fraction of hex size
COUNTER_Z = 2000.0  # above the map layers and the hover preview
MARKER_Z = 1900.0


def factors_text(unit: UnitView) -> str:
    """The numbers printed on the counter: combat-movement, artillery support-range-movement."""
    if unit.kind == "artillery":
        return f"{unit.support}-{unit.range}-{unit.mf}"
    return f"{unit.cf}-{unit.mf}"


def describe_unit(unit: UnitView, lines: int = 1) -> str:
    """For lists and tooltips: "Panzer 1 — German armor battalion 2-16" (lines=2 puts the
    name on a line of its own)."""
    nation = unit.nationality.capitalize() if unit.nationality != "us" else "US"
    words = f"{nation} {KIND_WORDS[unit.kind]} {unit.size} {factors_text(unit)}"
    if unit.kind == "artillery":
        words += f" (support {unit.support}, range {unit.range}, movement {unit.mf})"
    extra = " — ENGAGED" if unit.engaged else ""
    if lines == 2:
        return f"{unit.label or unit.name or unit.id}{extra}\n{words}"
    return f"{unit.label or unit.name or unit.id} — {words}{extra}"


def paint_counter(painter: QPainter, rect: QRectF, unit: UnitView, selected: bool = False) -> None:
    """Paint one counter filling `rect` (a square)."""
    side = unit.side
    engaged = unit.engaged
    fill = ENGAGED_FILL if engaged else SIDE_FILL[side]
    ink = ENGAGED_INK if engaged else SIDE_INK[side]
    s = rect.width()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    # The card, with a darker edge so stacked counters read as separate pieces.
    edge = QPen(SELECTED if selected else fill.darker(190), s * (0.08 if selected else 0.035))
    painter.setPen(edge)
    painter.setBrush(fill)
    painter.drawRoundedRect(rect, s * 0.08, s * 0.08)

    # The NATO symbol box in the upper middle.
    box = QRectF(rect.left() + s * 0.2, rect.top() + s * 0.27, s * 0.6, s * 0.38)
    nato.paint_symbol(painter, box, BRANCHES.get(unit.kind, ""), ink, max(0.6, s * 0.035))

    # Size mark above the box.
    painter.setPen(ink)
    painter.setFont(_font(s * 0.17, bold=True))
    size_rect = QRectF(rect.left(), rect.top() + s * 0.06, s, s * 0.2)
    painter.drawText(size_rect, Qt.AlignmentFlag.AlignCenter, nato.size_mark(unit.size))

    # Nationality mark in the top-left corner (the Germans need none).
    mark = NATION_MARKS.get(unit.nationality)
    if mark:
        painter.setFont(_font(s * 0.16, bold=True))
        painter.drawText(
            QRectF(rect.left() + s * 0.05, rect.top() + s * 0.04, s * 0.3, s * 0.2),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            mark,
        )

    # Rangers: the infantry cross with "Rgr" in the top-right corner.
    if unit.kind == "rangers":
        painter.setFont(_font(s * 0.15, bold=True))
        painter.drawText(
            QRectF(rect.left() + s * 0.6, rect.top() + s * 0.04, s * 0.36, s * 0.2),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            "Rgr",
        )

    # Factors along the bottom, or the flipped side's word.
    bottom = QRectF(rect.left(), rect.top() + s * 0.66, s, s * 0.3)
    if engaged:
        painter.setFont(_font(s * 0.14, bold=True))
        painter.drawText(
            QRectF(rect.left(), rect.top() + s * 0.64, s, s * 0.16),
            Qt.AlignmentFlag.AlignCenter,
            "ENGAGED",
        )
        painter.setFont(_font(s * 0.15, bold=True))
        painter.drawText(
            QRectF(rect.left(), rect.top() + s * 0.79, s, s * 0.17),
            Qt.AlignmentFlag.AlignCenter,
            factors_text(unit),
        )
    else:
        painter.setFont(_font(s * (0.2 if unit.kind == "artillery" else 0.24), bold=True))
        painter.drawText(bottom, Qt.AlignmentFlag.AlignCenter, factors_text(unit))
    painter.restore()


def counter_pixmap(unit: UnitView, size: int = 40) -> QPixmap:
    """A counter picture for lists and dialogs."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    paint_counter(painter, QRectF(1, 1, size - 2, size - 2), unit)
    painter.end()
    return pixmap


def counter_icon(unit: UnitView, size: int = 40) -> QIcon:
    return QIcon(counter_pixmap(unit, size))


def paint_contact_marker(painter: QPainter, rect: QRectF) -> None:
    """A CONTACT result's marker: a red band with the word across the counter's top, as
    the paper game's marker sits on the stack."""
    s = rect.width()
    band = QRectF(rect.left() - s * 0.04, rect.top() - s * 0.1, s * 1.08, s * 0.24)
    painter.save()
    painter.setPen(QPen(QColor("#5a0c0c"), max(1.0, s * 0.02)))
    painter.setBrush(QColor("#d8342c"))
    painter.drawRoundedRect(band, s * 0.04, s * 0.04)
    painter.setPen(QColor("white"))
    painter.setFont(_font(s * 0.15, bold=True))
    painter.drawText(band, Qt.AlignmentFlag.AlignCenter, "CONTACT")
    painter.restore()


class CounterItem(QGraphicsItem):
    """One counter on the map. Its position and stacking offset are set by the owner."""

    def __init__(self, unit: UnitView, side_px: float) -> None:
        super().__init__()
        self.unit = unit
        self.side_px = side_px
        self.selected = False
        self.contact = False  # in CONTACT: a marker across the counter's top
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # clicks go to the play tool
        self.setAcceptHoverEvents(False)
        self.setZValue(COUNTER_Z)

    def set_unit(self, unit: UnitView) -> None:
        if unit != self.unit:
            self.unit = unit
            self.update()

    def set_contact(self, contact: bool) -> None:
        if contact != self.contact:
            self.contact = contact
            self.update()

    def set_selected(self, selected: bool) -> None:
        if selected != self.selected:
            self.selected = selected
            self.update()

    def boundingRect(self) -> QRectF:
        half = self.side_px / 2 + self.side_px * 0.12  # room for the CONTACT band
        return QRectF(-half, -half, 2 * half, 2 * half)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        try:  # an exception escaping paint() aborts the process under PySide
            half = self.side_px / 2
            rect = QRectF(-half, -half, 2 * half, 2 * half)
            paint_counter(painter, rect, self.unit, self.selected)
            if self.contact:
                paint_contact_marker(painter, rect)
        except Exception:
            traceback.print_exc()


class _MarkerItem(QGraphicsItem):
    """A round marker on a hex, above the map and below the counters; clicks pass through."""

    def __init__(self, radius: float) -> None:
        super().__init__()
        self.radius = radius
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(MARKER_Z)

    def boundingRect(self) -> QRectF:
        r = self.radius * 1.2
        return QRectF(-r, -r, 2 * r, 2 * r)


class PlaceMarkerItem(_MarkerItem):
    """A victory place's holder: a ring in the holding side's colour with its points."""

    def __init__(self, name: str, points: int, radius: float) -> None:
        super().__init__(radius)
        self.name = name
        self.points = points
        self.holder = "allied"

    def set_holder(self, holder: str) -> None:
        if holder != self.holder:
            self.holder = holder
            self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        try:
            r = self.radius
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            colour = QColor("#b08d3c") if self.holder == "german" else QColor("#4f5c22")
            painter.setPen(QPen(QColor(255, 255, 255), r * 0.18))
            painter.setBrush(colour)
            painter.drawEllipse(QPointF(0, 0), r, r)
            painter.setPen(QColor(255, 255, 255))
            painter.setFont(_font(r * 0.95, bold=True))
            painter.drawText(
                QRectF(-r, -r, 2 * r, 2 * r),
                Qt.AlignmentFlag.AlignCenter,
                ("G" if self.holder == "german" else "A") + str(self.points),
            )
        except Exception:
            traceback.print_exc()


def stack_offsets(count: int, hex_size: float) -> list[QPointF]:
    """Where each counter of a stack sits relative to the hex centre, bottom one first:
    each higher counter a step up and to the right, the stack centred on the hex."""
    step = hex_size * STACK_STEP
    first = -(count - 1) * step / 2
    return [QPointF(first + k * step, -(first + k * step)) for k in range(count)]


def stack_tooltip(units: Iterable[UnitView]) -> str:
    lines = [describe_unit(u) for u in reversed(list(units))]  # top counter first
    return "\n".join(lines)


def _font(pixel_size: float, bold: bool = False) -> QFont:
    f = QFont("DejaVu Sans")
    f.setPixelSize(max(1, round(pixel_size)))
    f.setBold(bold)
    return f


class BlownBridgeItem(_MarkerItem):
    """A destroyed bridge: a red cross over the bridge until engineers rebuild it."""

    def __init__(self, radius: float) -> None:
        super().__init__(radius)
        self.setToolTip("Bridge destroyed: the road through this river hex is broken")

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        try:
            r = self.radius
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            for colour, width in ((QColor(255, 255, 255), 0.42), (QColor(200, 20, 20), 0.26)):
                pen = QPen(colour, r * width)
                pen.setCapStyle(Qt.PenCapStyle.RoundCap)
                painter.setPen(pen)
                painter.drawLine(QPointF(-r, -r), QPointF(r, r))
                painter.drawLine(QPointF(-r, r), QPointF(r, -r))
        except Exception:
            traceback.print_exc()
