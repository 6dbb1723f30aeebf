"""MapView: the canvas widget. Pan, zoom about the cursor, hover, and tool events.

Panning (middle-drag, space+drag: canvas/panning.py) and zoom (wheel) belong to the
view and never reach the tool; left and right button presses, moves and releases become
ToolEvents for the current tool, with the hex and the nearest hexside found by layout
arithmetic (canvas/tool_feed.py). The view keeps the map in sight (canvas/edges.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QCursor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from hexcampaign.app import style
from hexcampaign.app.canvas.edges import edge_margins, shift_into_map
from hexcampaign.app.canvas.hex_cursor import HexCursor
from hexcampaign.app.canvas.panning import Panning
from hexcampaign.app.canvas.prefetch import PREFETCH_TILES, Prefetch
from hexcampaign.app.canvas.scene import MapScene
from hexcampaign.app.canvas.tool_feed import BUTTONS, hand_to_tool, tool_event
from hexcampaign.app.render import DEFAULT_HEX_SIZE, LAYER_NAMES
from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import Hex, HexSide, Layout
from hexcampaign.maps import HexMap
from hexcampaign.maps.changes import Change, ChangeSet

ZOOM_MIN = 0.05
ZOOM_BELOW_FIT = 0.75  # the least zoom, as a share of the zoom that fits the map
ZOOM_MAX = 8.0
WHEEL_STEP = 1.25  # zoom factor per wheel notch (120 eighths of a degree)
class MapView(QGraphicsView):
    LAYER_NAMES = LAYER_NAMES
    ZOOM_MIN = ZOOM_MIN
    ZOOM_MAX = ZOOM_MAX

    hex_hovered = Signal(object)  # Hex under the pointer (maybe off the map); None on leave
    viewport_changed = Signal()  # after a pan, zoom or resize
    first_painted = Signal()  # once, after the first paint of the viewport
    message = Signal(str)  # a sentence for the status bar (a tool's refusal)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # A viewport of our own, a plain QWidget as Qt would make: asking Qt for its own
        # (`viewport()` returns a QWidget*) makes PySide look for the most derived class
        # among every widget class, creating each with its enums (~5 ms of start-up).
        self.setViewport(QWidget())
        self.map_scene: MapScene | None = None
        self.tool: Any = None
        self.hovered_hex: Hex | None = None
        self._hidden_layers: set[str] = set()
        self._soft_edges = False
        self._zoom = 1.0
        self._tool_button: str | None = None
        self._painted = False
        self._fit_pending = False
        # True from a fit until the view is zoomed or moved: while the window's layout
        # settles after the first show (docks of the mode taking their room, the window
        # fitted to the screen) each resize fits the map again.
        self._keep_fitted = False
        self._clamping = False
        self._last_shown: QRectF | None = None  # the scene rectangle shown before a move
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        self.setBackgroundBrush(style.CANVAS_BACKGROUND)
        # Panning is by drag and the overview; scroll bars would only take room.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        # Files dropped on the canvas go to the main window, which opens them.
        self.setAcceptDrops(False)
        self.viewport().setAcceptDrops(False)
        self.horizontalScrollBar().valueChanged.connect(self._scrolled)
        self.verticalScrollBar().valueChanged.connect(self._scrolled)
        # When the user rests after moving the map, the tiles around the window are
        # drawn ahead of the next pan.
        self.prefetch = Prefetch(self)
        self.panning = Panning(self.viewport(), self._user_scroll_by, self._interactive)
        # The keyboard's way onto the map: a hex cursor (arrows, Enter; canvas/hex_cursor.py).
        self.hex_cursor = HexCursor(self)

    # --- the map shown ------------------------------------------------------------------

    def show_map(self, hexmap: HexMap | None) -> None:
        """Show a map (a new scene), or nothing for None; fits it to the window."""
        old = self.map_scene
        if hexmap is None:
            self.map_scene = None
            self.setScene(None)
        else:
            self.map_scene = MapScene(hexmap, DEFAULT_HEX_SIZE, self)
            for name in self._hidden_layers:
                self.map_scene.set_layer_visible(name, False)
            self.map_scene.set_soft_edges(self._soft_edges)
            self.setScene(self.map_scene)
        if old is not None:
            old.deleteLater()
        self.hovered_hex = None
        self._last_shown = None
        # Until the window is shown the viewport has no real size to fit into.
        self._fit_pending = not self.isVisible()
        self.fit_map()

    def map_changed(self, changes: ChangeSet) -> None:
        if self.map_scene is not None:
            self.map_scene.apply_changes(changes)
            if changes.flags & Change.GRID:  # the map may have grown or shrunk
                self._update_scene_rect()
                self.viewport_changed.emit()

    def map_replaced(self, hexmap: HexMap) -> None:
        """The document swapped its map object (resize, palette): rebuild, keep the view."""
        if self.map_scene is None:
            self.show_map(hexmap)
            return
        centre = self.mapToScene(self.viewport().rect().center())
        self.map_scene.set_map(hexmap)
        self._last_shown = None  # the old map's edges are no measure of the new one's
        self._update_scene_rect()
        self.centerOn(centre)
        self.viewport_changed.emit()

    @property
    def hexmap(self) -> HexMap | None:
        return self.map_scene.hexmap if self.map_scene is not None else None

    @property
    def layout(self) -> Layout:  # type: ignore[override]  # the hex layout; a view has no QLayout
        if self.map_scene is not None:
            return self.map_scene.layout
        return Layout(DEFAULT_HEX_SIZE)

    # --- tools and preview ---------------------------------------------------------------

    def set_tool(self, tool: Any) -> None:
        """The object fed ToolEvents (pressed/moved/released/hex_changed), or None."""
        self.tool = tool
        self._tool_button = None
        self.clear_preview()

    def set_preview(self, hexes: Iterable[Hex] = (), sides: Iterable[HexSide] = (),
                    path: Iterable[Hex] = (), color: QColor | str | None = None) -> None:
        if self.map_scene is not None:
            self.map_scene.preview.set_preview(hexes, sides, path, color)

    def clear_preview(self) -> None:
        if self.map_scene is not None:
            self.map_scene.preview.clear()

    # --- layers -------------------------------------------------------------------------

    def set_layer_visible(self, name: str, visible: bool) -> None:
        _check_layer(name)
        if visible:
            self._hidden_layers.discard(name)
        else:
            self._hidden_layers.add(name)
        if self.map_scene is not None:
            self.map_scene.set_layer_visible(name, visible)

    def layer_visible(self, name: str) -> bool:
        _check_layer(name)
        return name not in self._hidden_layers

    @property
    def soft_edges(self) -> bool:
        """Terrain fades into its neighbours' (View › Soft edges between terrains)."""
        return self._soft_edges

    def set_soft_edges(self, on: bool) -> None:
        self._soft_edges = bool(on)
        if self.map_scene is not None:
            self.map_scene.set_soft_edges(self._soft_edges)

    # --- zoom and pan -------------------------------------------------------------------

    @property
    def zoom(self) -> float:
        return self._zoom

    def set_zoom(self, zoom: float, anchor: QPoint | QPointF | None = None) -> None:
        """Zoom to `zoom` (clamped) keeping the scene point under the viewport point
        `anchor` (default: the viewport centre) where it is."""
        self._keep_fitted = False  # (a fit sets it again once it has zoomed)
        # Four significant digits: zooming in and out again lands on the same value, so
        # the tiles cached for that zoom are used again.
        zoom = float(f"{min(max(zoom, self.zoom_floor()), ZOOM_MAX):.4g}")
        if anchor is None:
            anchor = self.viewport().rect().center()
        anchor = QPointF(anchor)
        fixed = self._to_scene(anchor)
        before = self._last_shown
        self._clamping = True  # the steps in between show anything: judge the result
        try:
            self._zoom = zoom
            self.setTransform(QTransform.fromScale(zoom, zoom))
            self._update_scene_rect()
            moved = self._from_scene(fixed)
            self._scroll_by(moved.x() - anchor.x(), moved.y() - anchor.y())
        finally:
            self._clamping = False
        self.clamp_to_map(before)
        self.viewport_changed.emit()

    def zoom_in(self) -> None:
        self.set_zoom(self._zoom * WHEEL_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self._zoom / WHEEL_STEP)

    def zoom_floor(self) -> float:
        """The least zoom: a little below the whole map fitting the window. Further
        out the map is only a speck in an empty desk."""
        fit = self._fit_zoom()
        return ZOOM_MIN if fit is None else min(ZOOM_MAX, max(ZOOM_MIN, ZOOM_BELOW_FIT * fit))

    def fit_map(self) -> None:
        """Zoom so the whole map fits the window, and centre it."""
        fit = self._fit_zoom()
        if fit is None or self.map_scene is None:
            return
        self.set_zoom(0.98 * fit)  # a sliver of desk around the map: it is all there
        self.centerOn(self.map_scene.map_rect.center())
        self._keep_fitted = True
        self.viewport_changed.emit()
        self.hover_at_cursor()

    def hover_at_cursor(self) -> None:
        """The map moved under a still pointer (View › Fit): the hovered hex and the
        tool's highlight follow the pointer, or clear when it is not over the map."""
        pos = self.viewport().mapFromGlobal(QCursor.pos())
        if self.map_scene is None or not self.underMouse() or not self.viewport().rect().contains(pos):
            self._pointer_left()
            return
        move = QMouseEvent(QEvent.Type.MouseMove, QPointF(pos), QPointF(QCursor.pos()),
                           Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
        self.mouseMoveEvent(move)

    def _pointer_left(self) -> None:
        """No hex is under the pointer: the status bar's hex and the tool's hover
        highlight (not a drag's, nor a selection) clear."""
        if self.hovered_hex is not None:
            self.hovered_hex = None
            self.hex_hovered.emit(None)
        # The tool judges (a drag keeps its highlight): a button may look held here
        # when its release went to a dialog the press opened.
        if self.tool is not None and hasattr(self.tool, "pointer_left"):
            self.tool.pointer_left()

    def center_on_hex(self, h: Hex) -> None:
        self._keep_fitted = False
        self.centerOn(QPointF(*self.layout.center(h)))
        self.viewport_changed.emit()

    def visible_scene_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def scene_pos(self, viewport_pos: QPoint | QPointF) -> QPointF:
        """The scene point under a viewport point (sub-pixel exact)."""
        return self._to_scene(QPointF(viewport_pos))

    # --- Qt events ----------------------------------------------------------------------

    def wheelEvent(self, event: QWheelEvent) -> None:
        dy = event.angleDelta().y()
        if dy:
            self._interactive()
            self.set_zoom(self._zoom * WHEEL_STEP ** (dy / 120), event.position())
            event.accept()
            return
        super().wheelEvent(event)  # horizontal wheel scrolls

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.panning.pressed(event):
            event.accept()
            return
        button = event.button()
        name = BUTTONS.get(button)
        if name in ("left", "right") and self.tool is not None and self.map_scene is not None:
            self._tool_button = name
            self._to_tool("pressed", self._tool_event(event, name))
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self.panning.moved(event):
            event.accept()
            return
        if self.map_scene is None:
            super().mouseMoveEvent(event)
            return
        e = self._tool_event(event, self._tool_button or "none")
        if e.hex != self.hovered_hex:
            self.hovered_hex = e.hex
            self.hex_hovered.emit(e.hex)
            if self.tool is not None:
                self._to_tool("hex_changed", e)
        if self.tool is not None:
            self._to_tool("moved", e)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self.panning.released(event):
            event.accept()
            return
        name = BUTTONS.get(event.button())
        if name is not None and name == self._tool_button and self.tool is not None:
            self._tool_button = None
            self._to_tool("released", self._tool_event(event, name))
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.panning.key_pressed(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if self.panning.key_released(event):
            event.accept()
            return
        super().keyReleaseEvent(event)

    def focusOutEvent(self, event) -> None:
        self.panning.focus_lost()
        super().focusOutEvent(event)

    def leaveEvent(self, event) -> None:
        self._pointer_left()
        super().leaveEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._update_scene_rect()
        if self._fit_pending and self.isVisible():
            self._fit_pending = False
            self.fit_map()
        elif self._keep_fitted:
            self.fit_map()
        self.clamp_to_map()
        self.viewport_changed.emit()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._fit_pending:
            self._fit_pending = False
            self.fit_map()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            self.first_painted.emit()

    # --- helpers ------------------------------------------------------------------------

    def _to_tool(self, what: str, e: ToolEvent) -> None:
        hand_to_tool(self.tool, what, e, self.message.emit)

    def _tool_event(self, event: QMouseEvent, button: str) -> ToolEvent:
        scene_point = self._to_scene(event.position())
        return tool_event(self.layout, scene_point, button, event.modifiers())

    def _fit_zoom(self) -> float | None:
        """The zoom at which the whole map just fits the window (None: nothing to fit)."""
        rect = self.map_scene.map_rect if self.map_scene is not None else QRectF()
        view = self.viewport().rect()
        if rect.isEmpty() or view.isEmpty():
            return None
        return min(view.width() / rect.width(), view.height() / rect.height())

    def _to_scene(self, viewport_pos: QPointF) -> QPointF:
        inverse, _ = self.viewportTransform().inverted()
        return inverse.map(QPointF(viewport_pos))

    def _from_scene(self, scene_pos: QPointF) -> QPointF:
        return self.viewportTransform().map(scene_pos)

    def _scroll_by(self, dx: float, dy: float) -> None:
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(h.value() + round(dx))
        v.setValue(v.value() + round(dy))

    def _update_scene_rect(self) -> None:
        """Let the map scroll anywhere in the window: the scene is the map plus a
        viewport of room on every side (so zoom about the cursor works at the edges)."""
        if self.map_scene is None:
            return
        room_x = self.viewport().width() / self._zoom
        room_y = self.viewport().height() / self._zoom
        rect = self.map_scene.map_rect.adjusted(-room_x, -room_y, room_x, room_y)
        self.map_scene.setSceneRect(rect)
        self.setSceneRect(rect)

    def _prefetch(self) -> None:
        self.prefetch.draw_ahead()

    def _user_scroll_by(self, dx: float, dy: float) -> None:
        """A pan by the user (a drag, the keys): the view is theirs from now on."""
        self._keep_fitted = False
        self._scroll_by(dx, dy)

    def _interactive(self) -> None:
        self.prefetch.user_moving()

    def _scrolled(self, _value: int) -> None:
        self.clamp_to_map()
        self.viewport_changed.emit()

    def edge_margins(self) -> tuple[float, float]:
        """The most desk (screen pixels, across and down) shown beyond the map's edges."""
        view = self.viewport().rect()
        return edge_margins(view.width(), view.height())

    def clamp_to_map(self, before: QRectF | None = None) -> None:
        """Keep the map in the window however the view was moved (arrow keys, a drag,
        the overview, a zoom near an edge, centring on an edge hex): at most a small
        margin of desk (edge_margins) beyond an edge of a map larger than the window, a
        smaller map whole in it. Desk already in sight before the move (`before`, default
        the last rectangle shown) may stay, so zooming in about the pointer keeps the
        point under it; only a move further out stops (see canvas/edges.py)."""
        if self.map_scene is None or self._clamping or self.viewport().rect().isEmpty():
            return
        shown = self.visible_scene_rect()
        before = before if before is not None else self._last_shown
        across, down = self.edge_margins()
        margins = (across / self._zoom, down / self._zoom)
        dx, dy = shift_into_map(
            shown, self.map_scene.map_rect, margins, before if before is not None else shown
        )
        if dx or dy:
            self._clamping = True
            try:
                self._scroll_by(dx * self._zoom, dy * self._zoom)
            finally:
                self._clamping = False
        self._last_shown = self.visible_scene_rect()


def _check_layer(name: str) -> None:
    if name not in LAYER_NAMES:
        raise ValueError(f"Unknown map layer {name!r}; the layers are {', '.join(LAYER_NAMES)}.")


__all__ = ["PREFETCH_TILES", "ZOOM_MAX", "ZOOM_MIN", "MapView"]
