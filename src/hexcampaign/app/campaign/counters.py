"""What the campaign draws over the map: formation counters (NATO symbols painted by
app/render/nato.py), place markers (PP and holder), and hex overlays (reach, ZOC,
supply range, choices).

Each is a QGraphicsItem of its own, above the map layers (their z-values are 0..~10)
and the editor's preview (1000); `MapItems.refresh` rebuilds them from the campaign's
state after every change — a campaign has a few dozen formations, so rebuilding is cheap
and can never show a stale counter.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from hexcampaign.app.plain_text import literal
from hexcampaign.app.render import nato
from hexcampaign.campaign import FormationView
from hexcampaign.campaign.tables import campaign_rules
from hexcampaign.hexes import Hex, Layout

OVERLAY_Z = 1100.0
PLACE_Z = 1150.0
COUNTER_Z = 1200.0
# Side colours: the historical uniform colours for the shipped sides, else NATO blue/red.
SIDE_COLOURS = {"german": "#6e7f8d", "us": "#7d8a3c"}
FALLBACK_COLOURS = ("#3a6ea5", "#b04a3a")
ZOC_COLOURS = ("#2f6fb0", "#c0392b")
REACH_COLOUR = "#ffd24a"
SUPPLY_COLOUR = "#2e9d5b"
CHOICE_COLOUR = "#ff7f00"
ATTACK_COLOUR = "#d62728"
# The NATO branch each kind of formation is drawn as.
BRANCHES = {"infantry": "infantry", "mechanised": "mechanised", "corps": "headquarters"}


def side_colour(sides: tuple[str, str], side: str) -> QColor:
    if side in SIDE_COLOURS:
        return QColor(SIDE_COLOURS[side])
    return QColor(FALLBACK_COLOURS[sides.index(side) if side in sides else 0])


def strength_summary(f: FormationView) -> str:
    """Counts by group, the way an umpire reads a counter: "3i 2a 1s" (+ "4art" for corps)."""
    rules = campaign_rules()
    counts = {"infantry": 0, "armour": 0, "support": 0, "artillery": 0}
    for u in f.units:
        group = rules.group(u.category)
        if group in counts:
            counts[group] += 1
    parts = [
        f"{counts['infantry']}i" if counts["infantry"] else "",
        f"{counts['armour']}a" if counts["armour"] else "",
        f"{counts['support']}s" if counts["support"] else "",
        f"{counts['artillery']}art" if counts["artillery"] else "",
    ]
    text = " ".join(p for p in parts if p)
    return text or "empty"


ROMAN = re.compile(r"^[IVXLCDM]+$")


def designation(name: str) -> str:
    """The formation's number as a counter prints it beside the size: "1" for the 1st
    Infantry Division, "10" for the 10th, "II" for II Corps; a renamed formation shows
    the first number its name holds, else none (the tooltip and the docks name it)."""
    words = name.replace("-", " ").split()
    for i, word in enumerate(words):
        digits = re.match(r"^(\d+)(st|nd|rd|th)?\.?$", word, re.IGNORECASE)
        if digits:
            return digits.group(1)
        # A Roman numeral only before "Corps": "Force D" is no number.
        if ROMAN.match(word) and words[i + 1 : i + 2] == ["Corps"]:
            return word
    return ""


class MapItems:
    """The campaign's items in the canvas scene, rebuilt from the state on refresh()."""

    def __init__(self, mode) -> None:
        self.mode = mode
        self.counters: dict[str, CounterItem] = {}
        self.places: list[PlaceMarker] = []
        self.overlays: list[HexOverlay] = []

    def clear(self) -> None:
        for item in [*self.counters.values(), *self.places, *self.overlays]:
            scene = item.scene()
            if scene is not None:
                scene.removeItem(item)
        self.counters.clear()
        self.places.clear()
        self.overlays.clear()

    def refresh(self) -> None:
        self.clear()
        c = self.mode.campaign
        scene = self.mode.window.canvas.scene()
        if c is None or scene is None:
            return
        layout: Layout = self.mode.window.canvas.layout
        for layer in self._overlays(c):
            overlay = HexOverlay(layout, layer)
            scene.addItem(overlay)
            self.overlays.append(overlay)
        for place in c.map.places():
            holder = c.holder(place.name)
            colour = side_colour(c.sides, holder) if holder else QColor("#999999")
            marker = PlaceMarker(layout, place.hex, place.pp, holder or "unheld", colour)
            scene.addItem(marker)
            self.places.append(marker)
        by_hex: dict[Hex, list[FormationView]] = {}
        for f in c.formations():
            by_hex.setdefault(f.hex, []).append(f)
        for here in by_hex.values():
            # A division and a corps HQ may share a hex: the corps HQ sits behind, offset.
            here.sort(key=lambda f: f.kind != "corps")
            for i, f in enumerate(here):
                offset = (-0.28, -0.28) if len(here) > 1 and i == 0 else (0.0, 0.0)
                item = CounterItem(
                    layout,
                    f,
                    side_colour(c.sides, f.side),
                    selected=f.id == self.mode.selected or f.id in self.mode.attackers,
                    offset=offset,
                )
                item.setToolTip(literal(_tooltip(c, f)))
                scene.addItem(item)
                self.counters[f.id] = item

    def _overlays(self, c) -> list[OverlayLayer]:
        layers: list[OverlayLayer] = []
        mode = self.mode
        if mode.show_zoc:
            for i, side in enumerate(c.sides):
                layers.append(OverlayLayer(c.zone_of_control(side), ZOC_COLOURS[i], 45, hatch=i))
        if mode.show_supply:
            # A selected corps HQ shows its own range; otherwise every corps HQ's.
            corps = [f for f in c.formations() if f.kind == "corps"]
            if any(f.id == mode.selected for f in corps):
                corps = [f for f in corps if f.id == mode.selected]
            for f in corps:
                layers.append(OverlayLayer(c.supply_range(f.id), SUPPLY_COLOUR, 40))
        if mode.selected and c.phase == "movement" and mode.placing is None:
            reach = c.reachable(mode.selected)
            if reach:
                allowance = movement_allowance(c, mode.selected)
                labels = {h: _points(allowance - cost) for h, cost in reach.items()}
                layers.append(OverlayLayer(set(reach), REACH_COLOUR, 90, labels=labels))
        if mode.placing is not None:
            layers.append(OverlayLayer(set(mode.placing_choices()), CHOICE_COLOUR, 110))
        if mode.attackers and c.phase == "attack_orders":
            targets = {
                c.formation(t).hex
                for t, able in c.attack_options().items()
                if set(mode.attackers) <= set(able)
            }
            layers.append(OverlayLayer(targets, ATTACK_COLOUR, 90))
        return layers


def movement_allowance(c, fid: str) -> float:
    """The formation's movement points this turn (the engine's own rule function)."""
    return c.movement_allowance(fid)


@dataclass
class OverlayLayer:
    hexes: set[Hex]
    colour: str
    alpha: int
    hatch: int | None = None
    labels: dict[Hex, str] | None = None


class HexOverlay(QGraphicsItem):
    """Translucent hexes (with optional text in each): reach, ZOC, supply, choices."""

    def __init__(self, layout: Layout, layer: OverlayLayer) -> None:
        super().__init__()
        self.layout = layout
        self.layer = layer
        self.setZValue(OVERLAY_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._rect = QRectF()
        for h in layer.hexes:
            x, y = layout.center(h)
            s = layout.size
            self._rect = self._rect.united(QRectF(x - s, y - s, 2 * s, 2 * s))

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, _option, _widget=None) -> None:
        colour = QColor(self.layer.colour)
        fill = QColor(colour)
        fill.setAlpha(self.layer.alpha)
        edge = QColor(colour).darker(130)
        painter.setPen(QPen(edge, self.layout.size * 0.06))
        if self.layer.hatch is not None:
            style = (Qt.BrushStyle.BDiagPattern, Qt.BrushStyle.FDiagPattern)[self.layer.hatch % 2]
            brush = QBrush(colour.darker(110), style)
        else:
            brush = QBrush(fill)
        painter.setBrush(brush)
        for h in self.layer.hexes:
            painter.drawPolygon(_hex_polygon(self.layout, h, 0.92))
        if self.layer.labels:
            font = QFont("DejaVu Sans")
            font.setPixelSize(max(1, int(self.layout.size * 0.42)))
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(QColor("#222222"))
            for h, text in self.layer.labels.items():
                x, y = self.layout.center(h)
                s = self.layout.size
                painter.drawText(
                    QRectF(x - s, y + s * 0.15, 2 * s, s * 0.6), Qt.AlignmentFlag.AlignCenter, text
                )


class PlaceMarker(QGraphicsItem):
    """A small flag in the holder's colour with the place's PP, at the hex's top right."""

    def __init__(self, layout: Layout, h: Hex, pp: int, holder: str, colour: QColor) -> None:
        super().__init__()
        self.layout, self.hex, self.pp, self.holder, self.colour = layout, h, pp, holder, colour
        self.setZValue(PLACE_Z)
        self.setToolTip(literal(f"{pp} PP, held by {holder}"))
        x, y = layout.center(h)
        s = layout.size
        self._rect = QRectF(x + s * 0.15, y - s * 0.85, s * 0.8, s * 0.42)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-1, -1, 1, 1)

    def paint(self, painter: QPainter, _option, _widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#ffffff"), 1))
        painter.setBrush(self.colour)
        painter.drawRoundedRect(self._rect, 2, 2)
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(1, int(self._rect.height() * 0.75)))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, f"{self.pp} PP")


class CounterItem(QGraphicsItem):
    """A formation counter: side colour, NATO unit symbol with its size (XX division,
    XXX corps), the strength summary, and markers for dug in / fortified / out of supply."""

    def __init__(
        self,
        layout: Layout,
        f: FormationView,
        colour: QColor,
        selected: bool = False,
        offset: tuple[float, float] = (0.0, 0.0),
    ) -> None:
        super().__init__()
        self.layout, self.formation, self.colour, self.selected = layout, f, colour, selected
        self.setZValue(COUNTER_Z + (0 if f.kind == "corps" else 1))
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # clicks go to the map tool
        x, y = layout.center(f.hex)
        s = layout.size
        w, h = s * 1.3, s * 1.2
        cx, cy = x + offset[0] * s, y + offset[1] * s
        self._rect = QRectF(cx - w / 2, cy - h / 2, w, h)

    @property
    def markers(self) -> list[str]:
        """The status markers shown on the counter (tests read these)."""
        f = self.formation
        out = []
        if f.fortified:
            out.append("FORT")
        elif f.dug_in:
            out.append("DUG IN")
        if not f.in_supply and f.kind != "corps":
            out.append("OOS")
        return out

    @property
    def designation(self) -> str:
        """The number printed at the counter's top left (tests read it)."""
        return designation(self.formation.name)

    @property
    def size_mark(self) -> str:
        return nato.size_mark("corps" if self.formation.kind == "corps" else "division")

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-3, -3, 3, 3)

    def paint(self, painter: QPainter, _option, _widget=None) -> None:
        r = self._rect
        s = self.layout.size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        # The counter: side colour, dark edge; a selected one gets a bright ring.
        painter.setPen(QPen(QColor("#fff200") if self.selected else QColor("#202020"), s * 0.07))
        painter.setBrush(self.colour)
        painter.drawRoundedRect(r, s * 0.08, s * 0.08)
        font = QFont("DejaVu Sans")
        font.setBold(True)
        font.setPixelSize(max(1, int(s * 0.22)))
        painter.setFont(font)
        painter.setPen(QColor("#ffffff"))
        # Size above the symbol.
        painter.drawText(
            QRectF(r.left(), r.top() + s * 0.02, r.width(), s * 0.24),
            Qt.AlignmentFlag.AlignCenter,
            self.size_mark,
        )
        # The formation's number at the top left, as on a wargame counter ("1" XX).
        painter.drawText(
            QRectF(r.left() + s * 0.08, r.top() + s * 0.02, r.width() * 0.4, s * 0.24),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            self.designation,
        )
        # The NATO frame with the branch sign.
        box = QRectF(r.center().x() - s * 0.38, r.top() + s * 0.28, s * 0.76, s * 0.46)
        branch = BRANCHES.get(self.formation.kind, "headquarters")
        nato.paint_symbol(painter, box, branch, QColor("#ffffff"), s * 0.05)
        # Strength summary below.
        font.setPixelSize(max(1, int(s * 0.2)))
        font.setBold(False)
        painter.setFont(font)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(
            QRectF(r.left(), box.bottom() + s * 0.02, r.width(), s * 0.26),
            Qt.AlignmentFlag.AlignCenter,
            strength_summary(self.formation),
        )
        self._markers(painter)

    def _markers(self, painter: QPainter) -> None:
        s = self.layout.size
        r = self._rect
        y = r.bottom() - s * 0.02
        font = QFont("DejaVu Sans")
        font.setBold(True)
        font.setPixelSize(max(1, int(s * 0.17)))
        painter.setFont(font)
        x = r.left()
        for text in self.markers:
            width = s * (0.2 + 0.1 * len(text))
            badge = QRectF(x, y - s * 0.06, width, s * 0.22)
            painter.setPen(QPen(QColor("#202020"), 1))
            painter.setBrush(QColor("#c62828") if text == "OOS" else QColor("#8d6e63"))
            painter.drawRect(badge)
            painter.setPen(QColor("#ffffff"))
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, text)
            x += width + s * 0.04


def _hex_polygon(layout: Layout, h: Hex, scale: float = 1.0) -> QPolygonF:
    cx, cy = layout.center(h)
    return QPolygonF(
        [QPointF(cx + (x - cx) * scale, cy + (y - cy) * scale) for x, y in layout.corners(h)]
    )


def _points(left: float) -> str:
    return f"{left:g}"


def _tooltip(c, f: FormationView) -> str:
    if not c.known_in_full(f.id):
        # An enemy on a player's desk: what the fog rules let the side know, no more.
        return f"{f.name} ({f.side}) at {c.map.label(f.hex)}\n{c.formation_summary(f.id)}"
    lines = [
        f"{f.name} ({f.side}, {f.kind}) at {c.map.label(f.hex)}",
        f"{f.experience}; {f.composition}",
        c.dig_in_status(f.id).text,
    ]
    if f.kind != "corps":
        lines.append("in supply" if f.in_supply else "OUT OF SUPPLY")
    lines += [f"  {u.name} ({u.category.replace('_', ' ')})" for u in f.units]
    return "\n".join(lines)
