"""The window on its screen: never larger than the screen's free area (the task bars
left out, the title bar counted), whatever the scale factor, and never placed off it.

`fit_to_screen` is asked when the window is made (its default or remembered size, which
may have been saved on a larger screen or at another scale factor), when it is first
shown (the title bar's height is known then), and whenever the window grows by itself
(docks coming with a mode made Qt stretch it past the screen: 848 px on an 800 px one).
When the minimum size of the docks in sight does not fit, their contents are put in
scroll areas (`let_docks_shrink`): a dock then takes what the screen gives and scrolls.

The offscreen platform (tests, the docs' pictures) has a pretend 800×800 screen that
no one looks at: there the window keeps the size it is given (`screen_room` is None),
and tests of fitting replace `screen_room` with the screen they mean.
"""

from __future__ import annotations

from PySide6.QtCore import QMargins, QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QMainWindow,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QWidget,
)

OWN_POLICY = "hexcampaign-own-size-policy"  # a hidden page's own, while it is ignored
SHRINKS = "hexcampaign-dock-shrinks"  # set on a dock whose contents now scroll
# Before the window manager has framed the window its title bar is unknown: a usual one.
TITLE_BAR_GUESS = QMargins(0, 30, 0, 0)


def screen_room(window: QWidget) -> QRect | None:
    """The free area of the window's screen (or the primary one), in the logical pixels
    the window is sized in; None where there is no real screen (offscreen)."""
    if QGuiApplication.platformName() == "offscreen":
        return None
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else None


def frame_margins(window: QWidget) -> QMargins:
    """The window manager's frame around the window (title bar and borders)."""
    handle = window.windowHandle()
    if handle is not None and window.isVisible():
        margins = handle.frameMargins()
        if margins.top() or margins.left() or margins.bottom() or margins.right():
            return margins
    return TITLE_BAR_GUESS


def largest_size(window: QWidget) -> QSize | None:
    """The largest window (without its frame) the screen's free area holds; None when
    there is no screen to fit."""
    room = screen_room(window)
    if room is None:
        return None
    margins = frame_margins(window)
    return QSize(
        max(200, room.width() - margins.left() - margins.right()),
        max(150, room.height() - margins.top() - margins.bottom()),
    )


def fits(window: QWidget) -> bool:
    """The window's size is within the screen's free area (or there is no screen)."""
    most = largest_size(window)
    return most is None or (window.width() <= most.width() and window.height() <= most.height())


def fit_to_screen(window: QMainWindow) -> None:
    """Shrink the window to the screen's free area and move it wholly onto it. A
    maximised or full-screen window is the window manager's to size."""
    if window.isMaximized() or window.isFullScreen():
        return
    most = largest_size(window)
    room = screen_room(window)
    if most is None or room is None:
        return
    if not _minimum_fits(window, most):
        let_docks_shrink(window)
        _minimum_fits(window, most)
    size = window.size().boundedTo(most)
    if size != window.size():
        window.resize(size)
    _onto_screen(window, room)


def let_docks_shrink(window: QMainWindow) -> None:
    """Put the contents of each of the window's docks in a scroll area (once), so the
    docks' minimum is a few lines, not the whole of their forms and buttons."""
    # (The window's own children: findChildren would wrap every object under it.)
    for dock in window.children():
        if isinstance(dock, QDockWidget) and not dock.property(SHRINKS):
            dock.setProperty(SHRINKS, True)
            dock.setMinimumWidth(0)  # (the desk's docks keep 300 and 480 px on a larger screen)
            let_dock_scroll(dock)


def let_dock_scroll(dock: QDockWidget) -> None:
    """The dock's contents in a scroll area (the editor's own ones scroll their width
    too), so its minimum height is a few lines: a tall form in a tab group no longer
    sets the minimum of every tab."""
    body = dock.widget()
    if body is None:
        return
    if isinstance(body, QScrollArea):
        # The editor's own scroll areas keep their body's width (scrolling()): on a
        # screen this small the width scrolls too.
        body.setMinimumWidth(0)
        body.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        return
    area = QScrollArea()
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setObjectName(f"{dock.objectName()}-scroll")
    dock.setWidget(area)  # (the body is reparented into the area next)
    area.setWidget(body)


def pages_in_sight_only(stack: QStackedWidget, shown: QWidget | None = None) -> None:
    """A page out of sight (all but `shown`, by default the current one) does not set
    the window's minimum (a QStackedWidget asks for its largest page's: the hidden start
    page's 457 px left the game's log 8 lines at 800 px, and kept the editor's window
    taller than an 800×500 screen). Each page gets its own size policy back when it is
    shown."""
    shown = shown or stack.currentWidget()
    ignored = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
    for i in range(stack.count()):
        page = stack.widget(i)
        if page is None:
            continue
        own = page.property(OWN_POLICY)
        if page is shown:
            if isinstance(own, QSizePolicy):
                page.setSizePolicy(own)
                page.setProperty(OWN_POLICY, None)
        elif own is None:
            page.setProperty(OWN_POLICY, page.sizePolicy())
            page.setSizePolicy(ignored)
    stack.updateGeometry()  # the window's layout keeps the stack's old minimum otherwise


def whole_tab_titles(window: QMainWindow) -> None:
    """The tabs of docks tabbed together show whole titles and scroll, rather than cut
    each to a letter or two ("S…" for Still to do, six tabs in the game's column)."""
    from PySide6.QtWidgets import QTabBar  # (here: its Python enums made when first used)

    for bar in window.children():  # (its own: findChildren wraps every object under it)
        if isinstance(bar, QTabBar):
            bar.setElideMode(Qt.TextElideMode.ElideNone)
            bar.setUsesScrollButtons(True)


def _minimum_fits(window: QMainWindow, most: QSize) -> bool:
    central = window.centralWidget()
    if central is not None:
        central.updateGeometry()  # (its minimum is cached by the window's layout)
    layout = window.layout()
    if layout is not None:
        layout.invalidate()
        layout.activate()  # the minimum of the docks as they are now
    hint = window.minimumSizeHint()
    return hint.width() <= most.width() and hint.height() <= most.height()


def _onto_screen(window: QWidget, room: QRect) -> None:
    """Move the window (its frame) inside `room` when any of it is outside."""
    margins = frame_margins(window)
    frame = QRect(
        window.x(),
        window.y(),
        window.width() + margins.left() + margins.right(),
        window.height() + margins.top() + margins.bottom(),
    )
    x = min(max(frame.x(), room.left()), room.right() + 1 - frame.width())
    y = min(max(frame.y(), room.top()), room.bottom() + 1 - frame.height())
    x, y = max(x, room.left()), max(y, room.top())
    if (x, y) != (frame.x(), frame.y()):
        window.move(x, y)


__all__ = [
    "fit_to_screen",
    "fits",
    "largest_size",
    "let_dock_scroll",
    "let_docks_shrink",
    "pages_in_sight_only",
    "screen_room",
    "whole_tab_titles",
]
