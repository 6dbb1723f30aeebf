"""The campaign's map on the window's canvas: the campaign's own map shown (a map being
edited is never dropped unasked), its counters, places and overlays (counters.py) drawn
afresh on every change of what the map shows and on the desk's `view_changed`, and the
window's title following the open campaign.

A campaign shown (new or reopened) is fitted to the view, and stays fitted while the
window still lays itself out (the docks coming back, the window restored to its size
or maximised after a file opened at start-up) until the umpire touches the map: a reopened
campaign was fitted to the window as it was before it was shown, and left small."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject

from hexcampaign.app.campaign.counters import MapItems
from hexcampaign.app.document import MapDocument


class DeskMap:
    def __init__(self, mode: Any) -> None:
        self.mode = mode  # uses: window, active, campaign, title, dirty, tool
        self.window = mode.window
        self.items = MapItems(mode)
        self.window.document_changed.connect(self._window_document_changed)
        self._fitted: tuple[float, Any] | None = None  # (zoom, viewport size) kept fitted
        self.window.canvas.viewport_changed.connect(self._keep_fitted)
        self._touch = _Touched(self._let_go, self.window)
        self.window.canvas.viewport().installEventFilter(self._touch)

    def refresh(self) -> None:
        """Redraw the campaign's items (only on its own map: another map shown meanwhile
        keeps the canvas, with no counters drawn on it)."""
        if not self.mode.active:
            return
        c = self.mode.campaign
        canvas = self.window.canvas
        if c is not None and canvas.hexmap is not c.map and self.window.document is None:
            self.show()
        if c is None or canvas.hexmap is c.map:
            self.items.refresh()

    def show(self) -> None:
        """Put the campaign's map on the canvas."""
        c = self.mode.campaign
        assert c is not None
        document = self.window.document
        if document is not None and document.map is not c.map:
            # A map being edited is never dropped unasked (Save / Discard / Cancel).
            if not self.window.maybe_save():
                return
        self.window.set_document(MapDocument(c.map))
        self.fit()
        self.show_title()

    def fit(self) -> None:
        """Fit the campaign's map to the view, and keep it fitted as the view's size
        settles, until the map is clicked, wheeled or zoomed."""
        canvas = self.window.canvas
        self._fitted = None  # (the fit's own viewport_changed is not a resize to follow)
        canvas.fit_map()
        self._fitted = (canvas.zoom, canvas.viewport().size())

    def _let_go(self) -> None:
        self._fitted = None  # the umpire has taken the map in hand: his view from now on

    def _keep_fitted(self) -> None:
        canvas = self.window.canvas
        c = self.mode.campaign
        if self._fitted is None or c is None or canvas.hexmap is not c.map:
            self._fitted = None
            return
        zoom, size = self._fitted
        if canvas.zoom != zoom:
            self._fitted = None  # zoomed (wheel, menu): the umpire's view from now on
        elif canvas.viewport().size() != size:
            self.fit()

    def show_title(self) -> None:
        c = self.mode.campaign
        if self.mode.active and c is not None and self.window.canvas.hexmap is c.map:
            self.window.setWindowTitle(f"{self.mode.title}[*] — hexcampaign")
            self.window.setWindowModified(self.mode.dirty)

    def _window_document_changed(self, document: Any) -> None:
        # A new scene (the map shown again) has none of our items: draw them afresh.
        c = self.mode.campaign
        if self.mode.active and c is not None and document is not None:
            if document.map is c.map:
                # Other listeners (the editor) may have taken the canvas for their tool.
                self.window.canvas.set_tool(self.mode.tool)
                self.items.refresh()


class _Touched(QObject):
    """Tells when the user first presses, wheels or types on the canvas."""

    EVENTS = (QEvent.Type.MouseButtonPress, QEvent.Type.Wheel, QEvent.Type.KeyPress)

    def __init__(self, touched: Any, parent: QObject) -> None:
        super().__init__(parent)
        self.touched = touched

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() in self.EVENTS:
            self.touched()
        return False
