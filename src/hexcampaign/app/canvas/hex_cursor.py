"""The keyboard's hex cursor: the map canvas used without a mouse.

Tab reaches the canvas (a highlighted frame shows it has the keyboard) and a bold
outline marks the cursor's hex. Keys, the same for every mode (the editor paints with
its current tool, a game selects and moves, the campaign desk clicks):

- the arrows step one hex in the map's numbering: Up and Down to the hex above and
  below (same column), Left and Right to the next column, same row number. On
  flat-top maps (odd-q: odd columns sit half a hex lower) Left and Right therefore go
  alternately up and down a half hex; on pointy-top maps Up and Down do;
- Home, Page Up, End and Page Down (the diagonals of the number pad: 7, 9, 1, 3) step to
  the neighbour up-left, up-right, down-left and down-right;
- Enter (or a tap of Space; a held Space still pans) clicks the hex with the left
  button, the Menu key or Shift+F10 with the right (a game's or the desk's menu);
- Shift+Enter holds the left button down: the arrows then drag (a road, a river, a
  region, a unit's move along a path), and Enter lets go;
- Escape is the window's, as with the mouse (cancel a stroke, clear a selection); while
  a dialog waits for a hex ("Pick on map") it gives the pick up.

The hex is said as the pointer's would be: the status bar's hex line and the tool's
hover, and the canvas' accessible description (with what the mode said of the hex,
e.g. its stack) for a screen reader. Moving the mouse over the map hides the cursor;
the next key goes on from the hex under the pointer. The view keeps the cursor in sight.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QCursor,
    QKeyEvent,
    QPainter,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import QFrame, QGraphicsItem, QMainWindow, QStyleOptionGraphicsItem, QWidget

from hexcampaign.app import style
from hexcampaign.app.canvas.tool_feed import hand_to_tool, tool_event
from hexcampaign.app.render import hex_polygon
from hexcampaign.app.window.status import describe_hex
from hexcampaign.hexes import Hex, hex_to_offset, offset_to_hex

CURSOR_Z = 5000.0  # above the map, the previews and a game's counters
CURSOR_OUTER = QColor(20, 20, 20)  # a dark and a bright ring: seen on any terrain
CURSOR_INNER = QColor(255, 255, 255)
FRAME_WIDTH = 2  # pixels of the focus frame around the canvas
NAME = "Map"
HELP = (
    "The map. Arrow keys move the hex cursor (Home, Page Up, End, Page Down: the "
    "diagonal neighbours); Enter clicks the hex, Shift+Enter holds the button down to "
    "drag with the arrows; the Menu key or Shift+F10 opens the hex's menu; Escape cancels."
)

# Arrow keys: a step in offset coordinates (column, row); always a neighbour.
ARROWS: dict[Qt.Key, tuple[int, int]] = {
    Qt.Key.Key_Up: (0, -1),
    Qt.Key.Key_Down: (0, 1),
    Qt.Key.Key_Left: (-1, 0),
    Qt.Key.Key_Right: (1, 0),
}
# The diagonals: the neighbour nearest this screen direction (x right, y down).
DIAGONALS: dict[Qt.Key, tuple[float, float]] = {
    Qt.Key.Key_Home: (-1.0, -1.0),
    Qt.Key.Key_PageUp: (1.0, -1.0),
    Qt.Key.Key_End: (-1.0, 1.0),
    Qt.Key.Key_PageDown: (1.0, 1.0),
}
# The number pad with Num Lock on sends digits: the same moves by their places.
KEYPAD: dict[Qt.Key, Qt.Key] = {
    Qt.Key.Key_8: Qt.Key.Key_Up,
    Qt.Key.Key_2: Qt.Key.Key_Down,
    Qt.Key.Key_4: Qt.Key.Key_Left,
    Qt.Key.Key_6: Qt.Key.Key_Right,
    Qt.Key.Key_7: Qt.Key.Key_Home,
    Qt.Key.Key_9: Qt.Key.Key_PageUp,
    Qt.Key.Key_1: Qt.Key.Key_End,
    Qt.Key.Key_3: Qt.Key.Key_PageDown,
    Qt.Key.Key_5: Qt.Key.Key_Enter,
}
CLICKS = {Qt.Key.Key_Return: "left", Qt.Key.Key_Enter: "left", Qt.Key.Key_Menu: "right"}
HOLD = Qt.Key.Key_Select  # Shift+Enter: the left button held down (a drag from the keys)
# Focus given by these reasons is the keyboard's: the cursor shows at once.
KEYBOARD_FOCUS = (
    Qt.FocusReason.TabFocusReason,
    Qt.FocusReason.BacktabFocusReason,
    Qt.FocusReason.ShortcutFocusReason,
)
# Focus coming back from a menu, a window, or a field that hands the keys back (the
# Properties dock's Enter): the cursor, if it was showing, shows again where it was.
BACK_FROM = (
    Qt.FocusReason.PopupFocusReason,
    Qt.FocusReason.ActiveWindowFocusReason,
    Qt.FocusReason.OtherFocusReason,
)


class HexCursor(QObject):
    """The hex cursor of one MapView; it watches the view's keys, focus and pointer."""

    def __init__(self, view: Any) -> None:  # the MapView (which imports this module)
        super().__init__(view)
        self.view = view
        self.hex: Hex | None = None
        self.shown = False
        self._item: CursorItem | None = None
        self._scene: object = None  # the scene the item was put in (a new map: a new one)
        self._space_tap = False  # Space went down and no pan drag followed (yet)
        self._pointer_at = QCursor.pos()  # where the mouse was when the keys took over
        self._held = False  # the left button is down by Shift+Enter (see `holding`)
        self._acting = False  # the keys are clicking now (see `popup_point`)
        self._was_shown = False  # the cursor was shown when a menu or dialog took the keys
        view.setAccessibleName(NAME)
        view.setAccessibleDescription(HELP)
        # A frame the colour of the desk, the selection colour while the canvas has the
        # keyboard: a canvas with the focus looks it, and the map never moves for it.
        view.setFrameShape(QFrame.Shape.Box)
        view.setFrameShadow(QFrame.Shadow.Plain)
        view.setLineWidth(FRAME_WIDTH)
        self._frame(False)
        view.installEventFilter(self)
        view.viewport().installEventFilter(self)

    # --- what the keys do ---------------------------------------------------------------

    def step(self, key: Qt.Key) -> bool:
        """Move the cursor for an arrow or diagonal key (the first key only shows it
        where it is). False when there is no map to move on."""
        m = self.view.hexmap
        if m is None:
            return False
        start = self._start()
        if start is None:
            return False
        if not self.shown or self.hex != start:
            self.go(start)
            return True
        flat = self.view.layout.flat
        if key in ARROWS:
            dc, dr = ARROWS[key]
            col, row = hex_to_offset(start, "flat" if flat else "pointy")
            target = offset_to_hex(col + dc, row + dr, "flat" if flat else "pointy")
        else:
            target = self._towards(start, DIAGONALS[key])
        if not m.contains(target):
            self.view.message.emit("The edge of the map: the cursor stays on this hex.")
            return True
        self.go(target)
        return True

    def go(self, h: Hex) -> None:
        """Put the cursor on `h`, show it, keep it in sight and say the hex."""
        self.hex = h
        self.shown = True
        self._pointer_at = QCursor.pos()
        item = self._cursor_item()
        if item is None:
            return
        item.put(h)
        view, layout = self.view, self.view.layout
        x, y = layout.center(h)
        # Two hexes of map around it stay in sight (what it borders), and at the map's
        # edge the view goes on to the edge itself; never more than a third of the view.
        room = self.view.viewport().rect()
        across = min(round(2 * layout.size * view.zoom), room.width() // 3)
        down = min(round(2 * layout.size * view.zoom), room.height() // 3)
        view.ensureVisible(QRectF(x - layout.size, y - layout.size, 2 * layout.size,
                                  2 * layout.size), max(across, 1), max(down, 1))
        self._hover(h)

    def click(self, button: str) -> bool:
        """Press and release `button` ("left", "right") on the cursor's hex, as the
        mouse would. False when there is nothing to click on."""
        view = self.view
        if not self._ready():
            return False
        assert self.hex is not None
        e = self._event(self.hex, button)
        self._acting = True  # a menu or dialog the click opens stands at the hex
        try:
            hand_to_tool(view.tool, "pressed", e, view.message.emit)
            # A press may open a dialog, or swap the tool (a pick answered): the release
            # goes to the tool that is there now, as a mouse's would.
            if view.tool is not None:
                hand_to_tool(view.tool, "released", e, view.message.emit)
        finally:
            self._acting = False
        if self.hex is not None and self.shown:
            self._say(self.hex, "")
        return True

    def popup_point(self) -> QPoint:
        """Where a menu or dialog a click opens should stand (global coordinates): at
        the cursor's hex when the keys clicked, else at the mouse pointer."""
        if self._acting and self.hex is not None:
            x, y = self.view.layout.center(self.hex)
            at = self.view.mapFromScene(QPointF(x, y))
            return self.view.viewport().mapToGlobal(at)
        return QCursor.pos()

    @property
    def holding(self) -> bool:
        """Shift+Enter holds the left button down: the arrows drag (a road, a river, a
        region, a unit's move) until Enter lets it go. The view's own record of the
        held button, so a tool swapped or a stroke cancelled (Escape) ends it too."""
        return self.view._tool_button == "left" and self._held

    def hold(self) -> bool:
        """Shift+Enter: press the left button on the cursor's hex and keep it down; a
        second Shift+Enter (or Enter) lets it go there."""
        view = self.view
        if self.holding:
            return self.let_go()
        if not self._ready():
            return False
        assert self.hex is not None
        view._tool_button = "left"
        self._held = True
        hand_to_tool(view.tool, "pressed", self._event(self.hex, "left"), view.message.emit)
        view.message.emit(
            f"Button held at {view.hexmap.label(self.hex)}: the arrow keys drag, Enter lets go."
        )
        return True

    def let_go(self) -> bool:
        view = self.view
        held, self._held = self.holding, False
        if not held or self.hex is None:
            return False
        view._tool_button = None
        hand_to_tool(view.tool, "released", self._event(self.hex, "left"), view.message.emit)
        self._say(self.hex, "")
        return True

    def _ready(self) -> bool:
        """A tool and a map to click on, and the cursor shown (where it starts, if not)."""
        if self.view.hexmap is None or self.view.tool is None:
            return False
        if not self.shown:
            start = self._start()
            if start is None:
                return False
            self.go(start)
        return self.hex is not None

    def _event(self, h: Hex, button: str) -> Any:
        x, y = self.view.layout.center(h)
        return tool_event(self.view.layout, QPointF(x, y), button, Qt.KeyboardModifier.NoModifier)

    def hide(self) -> None:
        self.shown = False
        if self._item is not None and self._scene is self.view.map_scene:
            self._item.setVisible(False)

    # --- Qt events ----------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        view: Any = self.view  # (compared below: `is` would narrow it to a bare QObject)
        if watched is view:
            if kind == QEvent.Type.ShortcutOverride and self._key_of(event) is not None:
                event.accept()  # the canvas' key, not a window shortcut's
                return True
            if kind == QEvent.Type.KeyPress:
                return self._key_pressed(event)  # type: ignore[arg-type]
            if kind == QEvent.Type.KeyRelease:
                self._key_released(event)  # type: ignore[arg-type]
            elif kind == QEvent.Type.FocusIn:
                self._frame(True)
                reason = event.reason()  # type: ignore[attr-defined]
                back = self._was_shown and self.hex is not None and self._scene is self.view.map_scene
                if back and reason in BACK_FROM and self.hex is not None:  # a menu or dialog closed
                    self.go(self.hex)
                elif reason in KEYBOARD_FOCUS and self.view.hexmap is not None:
                    start = self._start()
                    if start is not None:
                        self.go(start)
            elif kind == QEvent.Type.FocusOut:
                self._frame(False)
                self._space_tap = False
                self.let_go()  # a button held by the keys is not left down behind a dialog
                self._was_shown = self.shown
                self.hide()
        elif kind == QEvent.Type.MouseButtonPress:
            self._space_tap = False  # a held Space with a press is a pan, not a click
        elif kind == QEvent.Type.MouseMove and self.shown and self._pointer_moved(event):
            self.hide()  # the pointer's hover takes over from here
        return False

    def _pointer_moved(self, event: QEvent) -> bool:
        """The user moved the mouse (not a move Qt makes up when a window is raised or
        the view scrolls under a still pointer)."""
        at = QCursor.pos()
        moved = (at - self._pointer_at).manhattanLength() > 3
        self._pointer_at = at
        return moved

    def _key_of(self, event: QEvent) -> Qt.Key | None:
        """The canvas key an event is (keypad digits as their moves), or None."""
        if not isinstance(event, QKeyEvent) or self.view.hexmap is None:
            return None
        key = Qt.Key(event.key())
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if event.modifiers() & Qt.KeyboardModifier.KeypadModifier and key in KEYPAD:
            key = KEYPAD[key]
        if key == Qt.Key.Key_F10 and mods == Qt.KeyboardModifier.ShiftModifier:
            return Qt.Key.Key_Menu
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and mods == Qt.KeyboardModifier.ShiftModifier:
            return HOLD
        if mods != Qt.KeyboardModifier.NoModifier:
            return None
        if key in ARROWS or key in DIAGONALS or key in CLICKS:
            return key
        if key == Qt.Key.Key_Escape and getattr(self.view.tool, "name", "") == "hex-pick":
            return key
        return None

    def _key_pressed(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Space:
            self._space_tap = not event.isAutoRepeat() and self.view.hexmap is not None
            return False  # the pan's too (a held Space and a drag)
        key = self._key_of(event)
        if key is None:
            return False
        if key == HOLD:
            if not event.isAutoRepeat():
                self.hold()
            return True
        if key in CLICKS:
            if not event.isAutoRepeat() and not (CLICKS[key] == "left" and self.let_go()):
                self.click(CLICKS[key])
            return True
        if key == Qt.Key.Key_Escape:
            self.click("right")  # a pick's way of giving up
            return True
        return self.step(key)

    def _key_released(self, event: QKeyEvent) -> None:
        if event.key() != Qt.Key.Key_Space or event.isAutoRepeat():
            return
        tapped, self._space_tap = self._space_tap, False
        if tapped and self.shown:
            self.click("left")

    # --- helpers ------------------------------------------------------------------------

    def _start(self) -> Hex | None:
        """Where the cursor goes on from: itself, else the hex under the pointer, else
        the map hex nearest the middle of the window."""
        view, m = self.view, self.view.hexmap
        if m is None:
            return None
        if self._scene is not view.map_scene:
            self.hex, self.shown, self._item = None, False, None  # another map
        if self.shown and self.hex is not None and m.contains(self.hex):
            return self.hex
        # Coming back to the map: a hex in sight, never a jump to where the cursor was
        # before the view was moved away.
        shown = view.visible_scene_rect()
        for h in (view.hovered_hex, self.hex):
            if h is not None and m.contains(h) and shown.contains(QPointF(*view.layout.center(h))):
                return h
        middle = shown.center()
        h = view.layout.hex_at(middle.x(), middle.y())
        if m.contains(h):
            return h
        return min(m.hexes(), key=lambda x: x.distance(h), default=None)

    def _towards(self, h: Hex, direction: tuple[float, float]) -> Hex:
        """The neighbour of `h` whose centre lies nearest the screen `direction`."""
        layout = self.view.layout
        x0, y0 = layout.center(h)
        want = math.atan2(direction[1], direction[0])

        def off(n: Hex) -> float:
            x, y = layout.center(n)
            a = math.atan2(y - y0, x - x0) - want
            return abs(math.atan2(math.sin(a), math.cos(a)))

        return min(h.neighbors(), key=off)

    def _cursor_item(self) -> CursorItem | None:
        scene = self.view.map_scene
        if scene is None:
            return None
        if self._scene is not scene or self._item is None:
            self._item = CursorItem(self.view)
            scene.addItem(self._item)
            self._scene = scene
        self._item.setVisible(True)
        return self._item

    def _hover(self, h: Hex) -> None:
        """What the pointer's hover does: the status bar's hex, the tool's highlight."""
        view = self.view
        before = self._message()
        view.hovered_hex = h
        view.hex_hovered.emit(h)
        if view.tool is not None:
            e = self._event(h, "left" if self.holding else "none")  # a drag, or a hover
            hand_to_tool(view.tool, "hex_changed", e, view.message.emit)
            hand_to_tool(view.tool, "moved", e, view.message.emit)
        after = self._message()
        self._say(h, after if after != before else "")

    def _message(self) -> str:
        window = self.view.window()
        return window.statusBar().currentMessage() if isinstance(window, QMainWindow) else ""

    def _say(self, h: Hex, words: str) -> None:
        """The hex for a screen reader: "Hex 0503 · Clear · elevation 0. 0503: Panzer."."""
        m = self.view.hexmap
        if m is None:
            return
        text = "Hex " + describe_hex(m, h)
        if words:
            text += ". " + words
        self.view.setAccessibleDescription(text)
        # Imported here: QAccessible's eight Python enums are made on its first use,
        # and no first paint needs them.
        from PySide6.QtGui import QAccessible, QAccessibleEvent

        QAccessible.updateAccessibility(
            QAccessibleEvent(self.view, QAccessible.Event.DescriptionChanged)
        )

    def _frame(self, focused: bool) -> None:
        palette = self.view.palette()
        colour = palette.color(QPalette.ColorRole.Highlight) if focused else style.CANVAS_BACKGROUND
        # A plain box frame is drawn in the widget's foreground colour (a view's is its
        # Text role; WindowText for styles that take that).
        for role in (QPalette.ColorRole.WindowText, self.view.foregroundRole()):
            palette.setColor(role, colour)
        self.view.setPalette(palette)
        self.view.update()


class CursorItem(QGraphicsItem):
    """The outline of the cursor's hex, a few screen pixels wide at any zoom."""

    def __init__(self, view: Any) -> None:
        super().__init__()
        self.layout = view.layout
        self.shape_ = hex_polygon(self.layout)
        self.setZValue(CURSOR_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def put(self, h: Hex) -> None:
        self.setPos(QPointF(*self.layout.center(h)))

    def boundingRect(self) -> QRectF:
        # Room for the screen-wide pens at the zooms a hex is still worth a cursor.
        reach = 1.6 * self.layout.size
        return QRectF(-reach, -reach, 2 * reach, 2 * reach)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for colour, width in ((CURSOR_OUTER, 6.0), (CURSOR_INNER, 3.0)):
            pen = QPen(colour, width)
            pen.setCosmetic(True)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            painter.setPen(pen)
            painter.drawPolygon(self.shape_)


__all__ = ["ARROWS", "DIAGONALS", "HexCursor"]
