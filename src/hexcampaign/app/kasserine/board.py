"""The counters and place markers on the map, kept in step with the game.

After every action the mode calls `sync()`: counters are created, moved, restacked or
removed to match `game.units()`, and each victory place's marker shows its holder.
"""

from __future__ import annotations

import traceback
from collections import defaultdict

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from hexcampaign.app import style
from hexcampaign.app.kasserine.counters import (
    COUNTER_FRACTION,
    COUNTER_Z,
    STACK_STEP,
    BlownBridgeItem,
    CounterItem,
    PlaceMarkerItem,
    stack_offsets,
    stack_tooltip,
)
from hexcampaign.app.plain_text import literal
from hexcampaign.app.render import hex_polygon
from hexcampaign.app.render.lettering import LABEL_MIN_SCREEN_PX
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
                item.setToolTip(literal(tooltip))
                item.set_selected(unit.id in self.selected)
                item.set_contact(unit.id in contact)
                if unit.id in contact:
                    item.setToolTip(literal(f"{tooltip}\n{unit.label or unit.name}: in CONTACT"))
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
        """Place names and map labels that counters cover are drawn again above them
        (with a halo), so "Sbiba" never reads "bbiba" and "Kasserine Pass" is whole."""
        if self.names is None:
            self.names = NamesOverCounters(self.layout)
            self.scene.addItem(self.names)
        self.names.know_places(game.map.places(), game.map.labels())
        counters = [stack_rect(self.layout, h, len(us)) for h, us in self.stacks.items()]

        def hidden(rect: QRectF) -> bool:
            return any(rect.intersects(c) for c in counters)

        covered = [
            p
            for p in game.map.places()
            if p.hex in self.stacks or hidden(place_name_rect(self.layout, p))
        ]
        labels = [lb for lb in game.map.labels() if hidden(label_rect(self.layout, lb))]
        self.names.show_places(covered, labels)

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
                dx, dy = marker_offset(place, size)
                marker.setPos(x + dx, y + dy)
                self.markers[name] = marker
                self.scene.addItem(marker)
            marker.set_holder(game.state.holders.get(name, "allied"))
            marker.setToolTip(
                literal(
                    f"{name}: {points} victory point{'s' if points != 1 else ''}, held by the "
                    + ("Germans" if marker.holder == "german" else "Allies")
                )
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
        names = self._names_layer()
        if names is not None:  # names under the tint and the hex edges are drawn again
            names.show_lit(set(self.hexes) | self.marked)

    def clear(self) -> None:
        self.show_hexes()

    def boundingRect(self) -> QRectF:
        reach = 2 * self.layout.size
        return self.map_rect.adjusted(-reach, -reach, reach, reach)

    def _place_names(self) -> list[QRectF]:
        """Where the map prints its place names (known to the board's name layer)."""
        names = self._names_layer()
        return names.all_name_rects() if names is not None else []

    def _names_layer(self) -> NamesOverCounters | None:
        scene = self.scene()
        for item in scene.items() if scene is not None else []:
            if isinstance(item, NamesOverCounters):
                return item
        return None

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
        names = self._place_names()
        for h, note in self.hexes.items():
            if not note:
                continue
            box = note_box(layout, h, names)
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
    """The names that counters would hide, drawn again above the counters where the map
    prints them: place names (below the place's symbol unless its author chose otherwise)
    and the map's free labels ("Kasserine Pass", "Dj. Chambi"), which are wider than a
    hex, so a counter in the next hex covered them too."""

    def __init__(self, layout: Layout) -> None:
        super().__init__()
        self.layout = layout
        self.places: list = []
        self.labels: list = []
        self.every_place: list = []  # the map's places, for the notes to keep off their names
        self.every_label: list = []
        self.lit_places: list = []  # names crossed by highlighted hexes
        self.lit_labels: list = []
        self._name_rects: list[QRectF] | None = None
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # clicks go to the play tool
        self.setZValue(COUNTER_Z + 100)  # above every stack's counters

    def know_places(self, places: list, labels: list | None = None) -> None:
        labels = list(labels or [])
        if [p.name for p in places] != [p.name for p in self.every_place] or (
            labels != self.every_label
        ):
            self.every_place = list(places)
            self.every_label = labels
            self._name_rects = None

    def all_name_rects(self) -> list[QRectF]:
        """Where the map prints every place name and free label ("Dj. Mghila")."""
        if self._name_rects is None:
            self._name_rects = [place_name_rect(self.layout, p) for p in self.every_place]
            self._name_rects += [label_rect(self.layout, lb) for lb in self.every_label]
        return self._name_rects

    def show_places(self, places: list, labels: list | None = None) -> None:
        labels = list(labels or [])
        if [p.name for p in places] != [p.name for p in self.places] or labels != self.labels:
            self.prepareGeometryChange()
            self.places = list(places)
            self.labels = labels
            self.update()

    def show_lit(self, hexes: set[Hex]) -> None:
        """Names crossed by highlighted hexes (their tint and yellow edges washed out
        "Kasserine" and cut the "i" of "Dj. Chambi") are drawn again above them."""
        boxes = [_hex_box(self.layout, h) for h in hexes]

        def lit(rect: QRectF) -> bool:
            return any(rect.intersects(b) for b in boxes)

        places = [p for p in self.every_place if lit(place_name_rect(self.layout, p))]
        labels = [lb for lb in self.every_label if lit(label_rect(self.layout, lb))]
        if [p.name for p in places] != [p.name for p in self.lit_places] or (
            labels != self.lit_labels
        ):
            self.prepareGeometryChange()
            self.lit_places, self.lit_labels = places, labels
            self.update()

    def _drawn(self) -> tuple[list, list]:
        """The places and labels to draw: under counters, or under highlighted hexes."""
        places = list(self.places) + [p for p in self.lit_places if p not in self.places]
        labels = list(self.labels) + [lb for lb in self.lit_labels if lb not in self.labels]
        return places, labels

    def boundingRect(self) -> QRectF:
        places, labels = self._drawn()
        rects = [place_name_rect(self.layout, p) for p in places]
        rects += [label_rect(self.layout, lb) for lb in labels]
        if not rects:
            return QRectF()
        whole = rects[0]
        for r in rects[1:]:
            whole = whole.united(r)
        # Room for the halo, and for labels grown at small zooms (as the map grows them).
        s = self.layout.size
        return whole.adjusted(-3 * s, -s, 3 * s, s)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        try:  # an exception escaping paint() aborts the process under PySide
            self._paint(painter)
        except Exception:
            traceback.print_exc()

    def _paint(self, painter: QPainter) -> None:
        s = self.layout.size
        places, labels = self._drawn()
        scale = max(painter.worldTransform().m11(), 1e-6)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        # Place names as the map draws them: hidden where the map hides them (too small).
        if s * style.PLACE_NAME_FONT * scale >= style.TEXT_MIN_SCREEN_PX:
            font = style.font(s * style.PLACE_NAME_FONT, bold=True)
            metrics = QFontMetricsF(font)
            for place in places:
                box = place_name_rect(self.layout, place)
                path = QPainterPath()
                path.addText(0, 0, font, place.name)
                x = box.center().x() - metrics.horizontalAdvance(place.name) / 2
                path.translate(x, box.top() + metrics.ascent())
                painter.strokePath(path, QPen(QColor(255, 255, 255, 235), s * 0.14))
                painter.fillPath(path, style.PLACE_TEXT)
        # Free labels never smaller on screen than the map's own (it grows them).
        size = max(s * style.LABEL_FONT, LABEL_MIN_SCREEN_PX / scale)
        font = style.font(size, bold=True, italic=True)
        metrics = QFontMetricsF(font)
        for label in labels:
            cx, cy = self.layout.center(label.hex)
            path = QPainterPath()
            path.addText(0, 0, font, label.text)
            x = cx - metrics.horizontalAdvance(label.text) / 2
            path.translate(x, cy - metrics.height() / 2 + metrics.ascent())
            painter.strokePath(path, QPen(QColor(255, 255, 255, 220), size * 0.24))
            painter.fillPath(path, style.LABEL_TEXT)


def place_name_rect(layout: Layout, place) -> QRectF:
    """Where the map prints a place's name (as render.lettering places it)."""
    s = layout.size
    cx, cy = layout.center(place.hex)
    metrics = QFontMetricsF(style.font(s * style.PLACE_NAME_FONT, bold=True))
    width = metrics.horizontalAdvance(place.name) + 4
    # The map sets the name and its points line ("2 VP") as one block: a name printed
    # above or beside its symbol sits higher when a points line follows it.
    block_width, block_height = width, metrics.height()
    points = _points_text(getattr(place, "vp", 0), getattr(place, "pp", 0))
    if points:
        small = QFontMetricsF(style.font(s * style.PLACE_POINTS_FONT))
        block_width = max(width, small.horizontalAdvance(points) + 4)
        block_height += small.height()
    x, top = cx, cy + s * 0.42
    if place.label_position == "above":
        top = cy - s * 0.42 - block_height
    elif place.label_position in ("left", "right"):
        side = -1 if place.label_position == "left" else 1
        r = s * style.PLACE_SIZE.get(place.kind, 0.25)
        x, top = cx + side * (r * 1.3 + block_width / 2), cy - block_height / 2
    return QRectF(x - width / 2, top, width, metrics.height())


def _points_text(vp: int, pp: int) -> str:
    """A place's points line as the map prints it (render.lettering)."""
    return " · ".join(t for t in (f"{vp} VP" if vp else "", f"{pp} PP" if pp else "") if t)


def label_rect(layout: Layout, label) -> QRectF:
    """Where the map prints a free label: centred on its hex."""
    s = layout.size
    metrics = QFontMetricsF(style.font(s * style.LABEL_FONT, bold=True, italic=True))
    cx, cy = layout.center(label.hex)
    width = metrics.horizontalAdvance(label.text) + 4
    return QRectF(cx - width / 2, cy - metrics.height() / 2, width, metrics.height())


def note_box(layout: Layout, h: Hex, names: list[QRectF]) -> QRectF:
    """The plate of a highlighted hex's note (the MP a move leaves): centred in the hex,
    or moved up or down in it where it would cover a place name ("Hadjeb 11 Aioun")."""
    x, y = layout.center(h)
    s = layout.size
    for dy in (0.0, -0.42, 0.42):
        box = QRectF(x - s * 0.26, y - s * 0.2 + s * dy, s * 0.52, s * 0.4)
        if not any(box.intersects(r) for r in names):
            return box
    return QRectF(x - s * 0.26, y - s * 0.2, s * 0.52, s * 0.4)


def _hex_box(layout: Layout, h: Hex) -> QRectF:
    """A hex's bounding box (flat-top: as wide as two sizes, as tall as √3 sizes)."""
    x, y = layout.center(h)
    s = layout.size
    return QRectF(x - s, y - s * 0.866, 2 * s, s * 1.732)


def stack_rect(layout: Layout, h: Hex, count: int) -> QRectF:
    """The area a stack of `count` counters covers (each higher one a step up-right)."""
    cx, cy = layout.center(h)
    half = layout.size * COUNTER_FRACTION / 2 + (count - 1) * layout.size * STACK_STEP / 2
    return QRectF(cx - half, cy - half, 2 * half, 2 * half)


def marker_offset(place, size: float) -> tuple[float, float]:
    """Where a victory place's marker sits from the hex centre: in a lower corner, clear
    of the counters, and on the side away from the place's name (a name printed below
    the symbol would otherwise lose its first letters under the marker)."""
    position = getattr(place, "label_position", "below")
    if position == "below":
        return -size * 0.62, -size * 0.5  # upper left: the name is below
    if position == "left":
        return size * 0.62, size * 0.5  # lower right
    return -size * 0.62, size * 0.5  # lower left: the name is above or to the right
