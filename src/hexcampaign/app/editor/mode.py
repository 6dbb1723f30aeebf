"""EditorMode: the map editor inside the main window.

MainWindow builds one EditorMode(window). It adds the Edit, Map, Tools and File menu
entries, the docks (tools, properties, layers, overview, undo history, validation),
the tools with their shortcuts, autosave with crash recovery, and follows
`window.document_changed` to every new document. Refusals are sentences in the status
bar or in a dialog, never tracebacks.

The mode is one object made of parts, each in its own module:
    mode          documents, the window's modes, tools, selection, undo (this file)
    menus         menus, actions and docks, their layout and the editor's settings
    edits         copy and paste, cancel, delete, and the Map menu's edits
    file_handling maps in the one open/save/close flow (SUFFIXES, load_document,
                  show_document, maybe_close, close_document, new_document,
                  open_path), export, print, import geography, autosave and recovery
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QInputDialog

from hexcampaign.app.autosave import DEFAULT_INTERVAL_S, INTERVAL_SETTING, Autosaver
from hexcampaign.app.editor.edits import EditorEdits
from hexcampaign.app.editor.file_handling import EditorFiles
from hexcampaign.app.editor.menus import WINDOW_STATE_SETTING, EditorMenus
from hexcampaign.app.editor.reshape import HexRegion
from hexcampaign.app.editor.tools import (
    TOOL_CLASSES,
    BrushSettings,
    PlaceValues,
    Tool,
    ToolContext,
)
from hexcampaign.hexes import Hex
from hexcampaign.maps import Place
from hexcampaign.maps.changes import ChangeSet

LAST_TOOL_SETTING = "editor.last_tool"
__all__ = ["LAST_TOOL_SETTING", "WINDOW_STATE_SETTING", "EditorMode"]


class EditorMode(QObject, EditorMenus, EditorEdits, EditorFiles):
    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.canvas = window.canvas
        self.document: Any = None
        self.brush = BrushSettings()
        self.selected_hex: Hex | None = None
        self.selected_region: list[Hex] = []
        self.clipboard: HexRegion | None = None
        self.tools: dict[str, Tool] = {cls.name: cls() for cls in TOOL_CLASSES}
        self.tool: Tool | None = None
        self.floating: Tool | None = None  # a paste floating under the pointer
        self.context: ToolContext | None = None
        self._map_shown: Any = None  # the map object the docks show
        self._shown = False
        self._layout_restored = False
        self.active = True  # the window's mode; a game mode takes over the canvas
        self._hidden_docks: list = []

        self._build_actions()
        self._build_docks()
        self._build_menus()
        self.autosaver = Autosaver(self._setting(INTERVAL_SETTING, DEFAULT_INTERVAL_S), self)
        self.autosaver.failed.connect(self._say)

        window.document_changed.connect(self.attach)
        window.installEventFilter(self)
        app = QGuiApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self._quitting)
        self._restore_layout()
        self.attach(getattr(window, "document", None))
        last = self._setting(LAST_TOOL_SETTING, "inspect")
        self.set_tool(last if last in self.tools else "inspect")
        if window.isVisible():  # built after the window first showed (see _first_shown)
            self._first_shown()

    def attach(self, document: Any) -> None:
        """Follow a new document (None when the window holds none)."""
        if self.document is not None:
            try:
                self.document.changed.disconnect(self._map_changed)
            except (RuntimeError, TypeError):
                pass
        self.document = document
        self._map_shown = document.map if document is not None else None
        self.selected_hex = None
        self.selected_region = []
        if document is not None:
            document.changed.connect(self._map_changed)
            self.context = ToolContext(
                document=document,
                settings=self.brush,
                status=self._say,
                preview=self.canvas.set_preview,
                clear_preview=self.canvas.clear_preview,
                select=self.select_hex,
                select_region=self._region_selected,
                # Looked up at call time, so a test may replace the dialogs.
                ask_place=lambda existing, h: self.ask_place(existing, h),
                ask_label=lambda h: self.ask_label(h),
                layout=lambda: self.canvas.layout,
            )
        else:
            self.context = None
        self.palette_dock.show_palette(document.map.palette if document else None)
        self.properties.attach(document)
        self.history.show_stack(document.undo_stack if document else None)
        self.overview.show_map(document.map if document else None)
        self.validation.attach(document)
        self.autosaver.attach(document)
        self._follow_stack(document)
        if self.tool is not None:
            self.set_tool(self.tool.name)
        self._update_actions()

    def activate(self) -> None:
        """The editor takes over again: its docks, menus, shortcuts and canvas tool."""
        if self.active:
            return
        self.active = True
        for dock in self._hidden_docks:
            dock.show()
        self._hidden_docks = []
        self._show_actions(True)
        if self.tool is not None:
            self.set_tool(self.tool.name)
        self._update_actions()

    def deactivate(self) -> None:
        """A game mode takes over: the editor hides and lets go of the canvas."""
        if not self.active:
            return
        if self.tool is not None:
            self.tool.deactivate()
        floating, self.floating = self.floating, None
        if self.canvas.tool is self.tool or (floating is not None and self.canvas.tool is floating):
            self.canvas.set_tool(None)
        self.active = False
        # isHidden, not isVisible: before the window is first shown (a campaign opened
        # from the command line) no dock is "visible", yet each would show with it.
        self._hidden_docks = [dock for dock in self.docks() if not dock.isHidden()]
        for dock in self._hidden_docks:
            dock.hide()
        self._show_actions(False)

    def set_tool(self, name: str) -> None:
        """Make `name` the canvas's tool (its action checked); remembered in settings."""
        if self.tool is not None:
            self.tool.deactivate()
        if self.floating is not None:  # another tool chosen: the paste is put away
            floating, self.floating = self.floating, None
            floating.deactivate()
        self.tool = self.tools[name]
        self.tool_actions[name].setChecked(True)
        self._set_setting(LAST_TOOL_SETTING, name)
        if not self.active:
            return  # a game mode owns the canvas
        if self.context is not None:
            self.tool.activate(self.context)
            self.canvas.set_tool(self.tool)
        else:
            self.canvas.set_tool(None)

    def select_hex(self, h: Hex | None) -> None:
        self.selected_hex = h
        self.properties.show_hex(h)

    def ask_place(self, existing: Place | None, h: Hex) -> PlaceValues | None:
        """The place dialog (tests replace this method)."""
        from hexcampaign.app.editor.dialogs import PlaceDialog  # on first use: start-up

        dialog = PlaceDialog(self.document.map, existing, h, self.window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.values()

    def ask_label(self, h: Hex) -> str | None:
        """The label question (tests replace this method)."""
        text, ok = QInputDialog.getText(
            self.window, "Map label", f"Label for hex {self.document.map.label(h)}:"
        )
        return text if ok else None

    def go_to(self, h: Hex) -> None:
        """Centre the canvas on a hex and select it (validation dock clicks)."""
        self.canvas.center_on_hex(h)
        self.select_hex(h)
        self.canvas.set_preview(hexes=[h])

    def _first_shown(self) -> None:
        """The first time the window appears (or at once, for an editor built after a
        game's map was shown alone): the first layout, and what a crashed session left
        offered just after."""
        self._shown = True
        if not self._layout_restored:
            self._default_dock_sizes()
        QTimer.singleShot(0, self.recover)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Show and not self._shown:
            self._first_shown()
        if watched is self.window and event.type() == QEvent.Type.Close:
            # The window may still refuse (unsaved changes, Cancel): look once it decided.
            QTimer.singleShot(0, self._after_close)
        return False

    def _map_changed(self, changes: ChangeSet, _initiator: object = None) -> None:
        # The one signal the docks follow; a swapped map object (resize, palette) comes
        # as "everything changed" with the document already holding the new map.
        if self.document is not None and self.document.map is not self._map_shown:
            self._map_shown = self.document.map
            self._map_replaced()
        self.properties.map_changed(changes)
        self.overview.map_changed(changes)
        self.validation.map_changed(changes)

    def _map_replaced(self) -> None:
        self.palette_dock.show_palette(self.document.map.palette)
        self.overview.show_map(self.document.map)
        self.selected_region = []
        if self.selected_hex is not None and not self.document.map.contains(self.selected_hex):
            self.select_hex(None)

    def _region_selected(self, hexes: list[Hex]) -> None:
        self.selected_region = hexes
        if hexes:
            self.select_hex(hexes[0])

    def _follow_stack(self, document: Any) -> None:
        stack = document.undo_stack if document is not None else None
        if stack is not None:
            stack.canUndoChanged.connect(self._update_actions)
            stack.canRedoChanged.connect(self._update_actions)
            stack.undoTextChanged.connect(self._update_actions)
            stack.redoTextChanged.connect(self._update_actions)

    def _undo(self) -> None:
        if self.document is not None:
            if self.tool is not None:
                self.tool.end_gesture()
            self.document.undo_stack.undo()

    def _redo(self) -> None:
        if self.document is not None:
            self.document.undo_stack.redo()

    def _say(self, text: str) -> None:
        self.window.show_message(text)
