"""The counters and place markers on the map, kept in step with the game.

After every action the mode calls `sync()`: counters are created, moved, restacked or
removed to match `game.units()`, and each victory place's marker shows its holder.
"""

from __future__ import annotations

import traceback
from collections import defaultdict

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from hexcampaign.app.kasserine.counters import (
    COUNTER_FRACTION,
    COUNTER_Z,
    BlownBridgeItem,
    CounterItem,
    PlaceMarkerItem,
    stack_offsets,
    stack_tooltip,
)
from hexcampaign.app.render import hex_polygon
from hexcampaign.hexes import Hex, Layout
from hexcampaign.kasserine import Game, UnitView
from hexcampaign.maps import MapEditError


class CounterLayer:
    """Owns the counter items of one scene."""

    def __init__(self, scene: QGraphicsScene, layout: Layout) -> None:
        self.scene = scene
        self.layout = layout
        self.items: dict[str, CounterItem] = {}
        self.markers: dict[str, PlaceMarkerItem] = {}
        self.blown: dict[Hex, BlownBridgeItem] = {}
        self.stacks: dict[Hex, list[UnitView]] = {}
        self.selected: set[str] = set()
        self.names: NamesOverCounters | None = None

    def sync(self, game: Game) -> None:
        """Make the items match the game: one counter per unit on the map."""
        size = self.layout.size
        stacks: dict[Hex, list[UnitView]] = defaultdict(list)
        for unit in game.units():
            if unit.hex is not None and not unit.eliminated:
                stacks[unit.hex].append(unit)
        self.stacks = dict(stacks)
        self._sync_names(game)
        contact = {uid for c in game.state.contacts for uid in (*c.attackers, *c.defenders)}
        alive = set()
        for h, units in stacks.items():
            # Combat units on top, artillery and engineers under them, as players stack.
            units.sort(key=lambda u: (u.kind not in ("artillery", "engineers", "flak"), u.cf))
            x, y = self.layout.center(h)
            tooltip = stack_tooltip(units)
            for unit, offset in zip(units, stack_offsets(len(units), size), strict=True):
                item = self.items.get(unit.id)
                if item is None:
                    item = CounterItem(unit, size * COUNTER_FRACTION)
                    self.items[unit.id] = item
                    self.scene.addItem(item)
                item.set_unit(unit)
                item.setPos(QPointF(x, y) + offset)
                item.setZValue(COUNTER_Z + units.index(unit))
                item.setToolTip(tooltip)
                item.set_selected(unit.id in self.selected)
                item.set_contact(unit.id in contact)
                if unit.id in contact:
                    item.setToolTip(f"{tooltip}\n{unit.label or unit.name}: in CONTACT")
                alive.add(unit.id)
        for uid in list(self.items):
            if uid not in alive:
                item = self.items.pop(uid)
                self.scene.removeItem(item)
        self._sync_markers(game)

    def select(self, unit_ids: set[str]) -> None:
        self.selected = set(unit_ids)
        for uid, item in self.items.items():
            item.set_selected(uid in self.selected)

    def units_at(self, h: Hex) -> list[UnitView]:
        """The stack in a hex, bottom counter first."""
        return list(self.stacks.get(h, []))

    def _sync_names(self, game: Game) -> None:
        """Place names whose hex holds counters are drawn again above them (with a
        halo), so "Sbiba" never reads "bbiba" under a counter."""
        if self.names is None:
            self.names = NamesOverCounters(self.layout)
            self.scene.addItem(self.names)
        covered = [p for p in game.map.places() if p.hex in self.stacks]
        self.names.show_places(covered)

    def clear(self) -> None:
        if self.names is not None and self.names.scene() is self.scene:
            self.scene.removeItem(self.names)
        self.names = None
        for item in [*self.items.values(), *self.markers.values(), *self.blown.values()]:
            if item.scene() is self.scene:
                self.scene.removeItem(item)
        self.items.clear()
        self.markers.clear()
        self.blown.clear()
        self.stacks.clear()

    def _sync_markers(self, game: Game) -> None:
        size = self.layout.size
        blown = {Hex(q, r) for q, r in game.state.destroyed_bridges}
        for h in blown - set(self.blown):
            item = BlownBridgeItem(size * 0.3)
            x, y = self.layout.center(h)
            item.setPos(x, y)
            self.blown[h] = item
            self.scene.addItem(item)
        for h in set(self.blown) - blown:
            self.scene.removeItem(self.blown.pop(h))
        for name, points in game.state.victory.items():
            try:
                place = game.map.place(name)
            except MapEditError:
                continue
            marker = self.markers.get(name)
            if marker is None:
                marker = PlaceMarkerItem(name, points, size * 0.26)
                x, y = self.layout.center(place.hex)
                # The marker sits at the hex's lower-left, clear of the counters.
                marker.setPos(x - size * 0.62, y + size * 0.5)
                self.markers[name] = marker
                self.scene.addItem(marker)
            marker.set_holder(game.state.holders.get(name, "allied"))
            marker.setToolTip(
                f"{name}: {points} victory point{'s' if points != 1 else ''}, held by the "
                + ("Germans" if marker.holder == "german" else "Allies")
            )


HIGHLIGHT_Z = 1500.0  # above the map, under the counters


class HighlightItem(QGraphicsItem):
    """Hexes the player may choose now (reachable, entry, retreat, advance), each with an
    optional note (the MP a move would leave), and enemy zones of control hatched."""

    def __init__(self, layout: Layout, map_rect: QRectF) -> None:
        super().__init__()
        self.layout = layout
        self.map_rect = map_rect
        self.hexes: dict[Hex, str] = {}
        self.zoc: set[Hex] = set()
        self.marked: set[Hex] = set()  # the attack's target and the like: a bold ring
        self.colour = QColor(255, 200, 0)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(HIGHLIGHT_Z)

    def show_hexes(
        self,
        hexes: dict[Hex, str] | None = None,
        zoc: set[Hex] | None = None,
        marked: set[Hex] | None = None,
        colour: QColor | str | None = None,
    ) -> None:
        self.hexes = dict(hexes or {})
        self.zoc = set(zoc or ())
        self.marked = set(marked or ())
        self.colour = QColor(colour) if colour is not None else QColor(255, 200, 0)
        self.update()

    def clear(self) -> None:
        self.show_hexes()

    def boundingRect(self) -> QRectF:
        reach = 2 * self.layout.size
        return self.map_rect.adjusted(-reach, -reach, reach, reach)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        try:
            self._paint(painter)
        except Exception:
            traceback.print_exc()

    def _paint(self, painter: QPainter) -> None:
        if not (self.hexes or self.zoc or self.marked):
            return
        layout = self.layout
        shape = hex_polygon(layout)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if self.zoc:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(QColor(190, 30, 30, 110), Qt.BrushStyle.BDiagPattern))
            for h in self.zoc:
                x, y = layout.center(h)
                painter.drawPolygon(shape.translated(x, y))
        fill = QColor(self.colour)
        fill.setAlpha(80)
        painter.setPen(QPen(self.colour, layout.size * 0.06))
        painter.setBrush(fill)
        for h in self.hexes:
            x, y = layout.center(h)
            painter.drawPolygon(shape.translated(x, y))
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(1, round(layout.size * 0.34)))
        font.setBold(True)
        painter.setFont(font)
        for h, note in self.hexes.items():
            if not note:
                continue
            x, y = layout.center(h)
            # Centred in the hex (most hexes a unit may reach are empty).
            box = QRectF(
                x - layout.size * 0.26,
                y - layout.size * 0.2,
                layout.size * 0.52,
                layout.size * 0.4,
            )
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(255, 255, 255, 210))
            painter.drawRoundedRect(box, 4, 4)
            painter.setPen(QColor(20, 20, 20))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, note)
        if self.marked:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(200, 20, 20), layout.size * 0.12))
            for h in self.marked:
                x, y = layout.center(h)
                painter.drawPolygon(shape.translated(x, y))


class NamesOverCounters(QGraphicsItem):
    """The names of places that counters sit on, above the counters, white-haloed, where
    the map prints them (below the place's symbol unless its author chose otherwise)."""

    def __init__(self, layout: Layout) -> None:
        super().__init__()
        self.layout = layout
        self.places: list = []
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # clicks go to the play tool
        self.setZValue(COUNTER_Z + 100)  # above every stack's counters

    def show_places(self, places: list) -> None:
        if [p.name for p in places] != [p.name for p in self.places]:
            self.prepareGeometryChange()
            self.places = list(places)
            self.update()

    def boundingRect(self) -> QRectF:
        if not self.places:
            return QRectF()
        s = self.layout.size
        xs = [self.layout.center(p.hex)[0] for p in self.places]
        ys = [self.layout.center(p.hex)[1] for p in self.places]
        return QRectF(
            min(xs) - 4 * s, min(ys) - 2 * s, max(xs) - min(xs) + 8 * s, max(ys) - min(ys) + 4 * s
        )

    def paint(self, painter: QPainter, option, widget=None) -> None:
        try:  # an exception escaping paint() aborts the process under PySide
            self._paint(painter)
        except Exception:
            traceback.print_exc()

    def _paint(self, painter: QPainter) -> None:
        s = self.layout.size
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(1, round(s * NAME_FONT)))
        font.setBold(True)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for place in self.places:
            cx, cy = self.layout.center(place.hex)
            y = cy + s * 0.42 + s * NAME_FONT  # the baseline under the symbol, as printed
            if place.label_position == "above":
                y = cy - s * 0.42
            path = QPainterPath()
            path.addText(0, 0, font, place.name)
            width = path.boundingRect().width()
            x = cx - width / 2
            if place.label_position in ("left", "right"):
                x = cx - s * 0.6 - width if place.label_position == "left" else cx + s * 0.6
                y = cy + s * NAME_FONT / 2
            path.translate(x, y)
            painter.strokePath(path, QPen(QColor(255, 255, 255, 235), s * 0.14))
            painter.fillPath(path, QColor("#1e1a12"))


NAME_FONT = 0.36  # of the hex size, as the map's own place names (style.PLACE_NAME_FONT)
