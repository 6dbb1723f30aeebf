"""The editor's menus, actions and docks: built once with the window, shown and
hidden with the editor (a game mode takes the window over), enabled as the document
and its undo stack allow; the docks' layout and the editor's settings kept between runs.

A part of EditorMode (editor/mode.py), which mixes it in.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from hexcampaign.app.editor.commands import refusal
from hexcampaign.app.editor.docks import HistoryDock, LayersDock, ToolPaletteDock
from hexcampaign.app.editor.overview import OverviewDock
from hexcampaign.app.editor.properties_dock import PropertiesDock
from hexcampaign.app.editor.validation_dock import ValidationDock
from hexcampaign.app.i18n import QT_TRANSLATE_NOOP, fill_in, translate
from hexcampaign.app.render import LAYER_NAMES
from hexcampaign.maps import MapEditError
from hexcampaign.rules import IllegalAction

WINDOW_STATE_SETTING = "editor.window_state"
SOFT_EDGES_SETTING = "view.soft_edges"

if TYPE_CHECKING:
    from hexcampaign.app.canvas import MapView
    from hexcampaign.app.editor.tools import BrushSettings, Tool


def command_name(text: str) -> str:
    """A menu entry's text as a sentence starts it: "&Resize…" -> "Resize"."""
    return text.replace("&", "").rstrip("…. ").strip()


def run_command(text: str, slot: Callable[[], object], say: Callable[[str], None]) -> object:
    """Run an editor command from a menu or a key; whatever goes wrong becomes one
    sentence in the status line. A refusal (IllegalAction, MapEditError) is already
    a sentence; another error names the command; a bug is printed for the log too."""
    name = command_name(text)
    try:
        return slot()
    except (IllegalAction, MapEditError) as error:
        say(refusal(error))
    except OSError as error:
        say(f"{name} did not work: {error.strerror or error}.")
    except Exception as error:
        traceback.print_exc()
        reason = str(error).strip() if isinstance(error, ValueError) else ""
        if reason:
            say(f"{name} did not work: {reason[0].lower()}{reason[1:]}")
        else:
            say(f"{name} did not work: an internal error (its details are printed to the log).")
    return None


class EditorMenus:
    """The Edit, Map, Tools, View and File entries, the tool actions and the docks."""

    # What this part uses of the mode (editor/mode.py, edits.py, file_handling.py).
    window: Any
    canvas: MapView
    document: Any  # the MapDocument shown, or None
    active: bool
    brush: BrushSettings
    tools: dict[str, Tool]
    _hidden_docks: list
    _layout_restored: bool
    set_tool: Callable[[str], None]
    go_to: Callable[[Any], None]
    _say: Callable[[str], None]
    _undo: Callable[[], None]
    _redo: Callable[[], None]
    copy: Callable[[], bool]
    float_paste: Callable[..., Any]
    paste_special: Callable[[], bool]
    delete_selected: Callable[..., Any]
    cancel_stroke: Callable[..., Any]
    map_properties: Callable[..., Any]
    edit_palette: Callable[..., Any]
    resize_map: Callable[..., Any]
    underlay_dialog: Callable[..., Any]
    validate: Callable[..., Any]
    export_dialog: Callable[[], bool]
    export_for: Callable[..., bool]
    print_map: Callable[[], bool]
    print_preview: Callable[[], bool]
    import_geography: Callable[..., bool]
    ask_autosave_interval: Callable[[], None]

    def docks(self) -> list:
        return [
            self.palette_dock,
            self.properties,
            self.layers,
            self.overview_dock,
            self.history,
            self.validation,
        ]

    def _show_actions(self, shown: bool) -> None:
        # Hidden actions are disabled too, so the one-letter tool shortcuts stay free
        # for the game modes.
        for action in self._editor_actions():
            action.setVisible(shown)
            action.setEnabled(shown)
        self.tools_menu.menuAction().setVisible(shown)
        for dock in self.docks():
            dock.toggleViewAction().setVisible(shown)

    def _editor_actions(self) -> list[QAction]:
        return [
            *self.tool_actions.values(),
            self.smaller_brush,
            self.larger_brush,
            self.cancel_action,
            self.undo_action,
            self.redo_action,
            self.copy_action,
            self.paste_action,
            self.paste_special_action,
            self.delete_action,
            self.find_note_action,
            self.autosave_action,
            self.properties_action,
            self.palette_action,
            self.resize_action,
            self.underlay_action,
            self.validate_action,
            self.export_action,
            self.export_vassal_action,
            self.export_tiled_action,
            self.print_action,
            self.print_preview_action,
            self.import_geo_action,
        ]

    def _build_actions(self) -> None:
        w = self.window
        self.tool_group = QActionGroup(self.window)
        self.tool_group.setExclusive(True)
        self.tool_actions: dict[str, QAction] = {}
        for name, tool in self.tools.items():
            label, tip = translate("Tools", tool.label), translate("Tools", tool.tip)
            action = QAction(label, w)
            action.setObjectName(f"tool-{name}")
            action.setCheckable(True)
            action.setShortcut(QKeySequence(tool.shortcut))
            action.setToolTip(f"{label} ({tool.shortcut}): {tip}")
            action.setStatusTip(tip)
            action.triggered.connect(lambda _on=False, n=name: self.set_tool(n))
            self.tool_group.addAction(action)
            self.tool_actions[name] = action

        def act(text: str, slot, shortcut=None, name: str = "") -> QAction:
            # `text` is the English entry (QT_TRANSLATE_NOOP at each call): the menu shows
            # it translated, the status line's sentences (run_command) stay English.
            action = QAction(translate("EditorMenus", text), w)
            if isinstance(shortcut, QKeySequence.StandardKey):
                action.setShortcuts(shortcut)  # every binding: Ctrl+Y and Ctrl+Shift+Z redo
            elif shortcut is not None:
                action.setShortcut(QKeySequence(shortcut))
            action.setObjectName(name)
            # Through run_command: a command that fails says so in one sentence rather
            # than leaving the user with a closed dialog and a traceback in the log.
            action.triggered.connect(lambda _on=False: run_command(text, slot, self._say))
            return action

        self.undo_action = act(QT_TRANSLATE_NOOP("EditorMenus", "&Undo"), self._undo, QKeySequence.StandardKey.Undo, "undo")
        self.redo_action = act(QT_TRANSLATE_NOOP("EditorMenus", "&Redo"), self._redo, QKeySequence.StandardKey.Redo, "redo")
        self.copy_action = act(QT_TRANSLATE_NOOP("EditorMenus", "&Copy hexes"), self.copy, QKeySequence.StandardKey.Copy, "copy")
        self.paste_action = act(QT_TRANSLATE_NOOP("EditorMenus", "&Paste hexes"), self.float_paste, QKeySequence.StandardKey.Paste, "paste")
        self.paste_special_action = act(
            QT_TRANSLATE_NOOP("EditorMenus", "Paste &special…"), self.paste_special, QKeySequence("Ctrl+Alt+V"), "paste-special"
        )
        self.paste_special_action.setStatusTip(
            translate(
                "EditorMenus",
                "Paste only some layers (terrain only, roads only…), or map the terrains of "
                "hexes copied from another palette.",
            )
        )
        self.find_note_action = act(
            QT_TRANSLATE_NOOP("EditorMenus", "&Find hex note…"), lambda: self.properties.start_find(), QKeySequence.StandardKey.Find, "find-note"
        )
        self.find_note_action.setStatusTip(
            translate("EditorMenus", "List the hexes whose note or properties hold a text; a pick centres the map.")
        )
        self.delete_action = act(
            QT_TRANSLATE_NOOP("EditorMenus", "&Delete place"), self.delete_selected, QKeySequence(Qt.Key.Key_Delete), "delete"
        )
        self.properties_action = act(
            QT_TRANSLATE_NOOP("EditorMenus", "Map &properties…"), self.map_properties, None, "map-properties"
        )
        self.palette_action = act(QT_TRANSLATE_NOOP("EditorMenus", "&Palette…"), self.edit_palette, None, "map-palette")
        self.resize_action = act(QT_TRANSLATE_NOOP("EditorMenus", "&Resize…"), self.resize_map, None, "map-resize")
        self.underlay_action = act(
            QT_TRANSLATE_NOOP("EditorMenus", "&Underlay image…"), self.underlay_dialog, None, "map-underlay"
        )
        self.underlay_action.setStatusTip(
            translate("EditorMenus", "Show a scanned map under the hexes and fit it by naming hexes on it, to trace it.")
        )
        self.validate_action = act(
            QT_TRANSLATE_NOOP("EditorMenus", "&Validate"), self.validate, QKeySequence("Ctrl+Shift+V"), "validate"
        )
        self.export_action = act(QT_TRANSLATE_NOOP("EditorMenus", "&Export…"), self.export_dialog, QKeySequence("Ctrl+E"), "export")
        self.export_vassal_action = act(
            QT_TRANSLATE_NOOP("EditorMenus", "Export &VASSAL module…"), lambda: self.export_for("vassal"), None, "export-vassal"
        )
        self.export_tiled_action = act(
            QT_TRANSLATE_NOOP("EditorMenus", "Export &Tiled map…"), lambda: self.export_for("tiled"), None, "export-tiled"
        )
        self.print_action = act(QT_TRANSLATE_NOOP("EditorMenus", "&Print…"), self.print_map, QKeySequence.StandardKey.Print, "print")
        self.print_preview_action = act(QT_TRANSLATE_NOOP("EditorMenus", "Print pre&view…"), self.print_preview, None, "print-preview")
        self.import_geo_action = act(QT_TRANSLATE_NOOP("EditorMenus", "Import &geography…"), self.import_geography, None, "import-geo")
        self.cancel_action = act(
            QT_TRANSLATE_NOOP("EditorMenus", "Cancel the stroke"), self.cancel_stroke, QKeySequence(Qt.Key.Key_Escape), "cancel"
        )
        self.smaller_brush = act(
            QT_TRANSLATE_NOOP("EditorMenus", "S&maller brush"), lambda: self._brush_radius(-1), QKeySequence("["), "brush-smaller"
        )
        self.larger_brush = act(
            QT_TRANSLATE_NOOP("EditorMenus", "&Larger brush"), lambda: self._brush_radius(+1), QKeySequence("]"), "brush-larger"
        )
        # A view option (the canvas and exports; never saved in the map), so it stays in
        # the View menu when a game has the window too.
        self.soft_edges_action = QAction(translate("EditorMenus", "Soft &edges between terrains"), w)
        self.soft_edges_action.setObjectName("soft-edges")
        self.soft_edges_action.setCheckable(True)
        self.soft_edges_action.setStatusTip(
            translate(
                "EditorMenus",
                "Each terrain fades into its neighbours' colour along their shared sides, "
                "on the canvas and in exports.",
            )
        )
        self.soft_edges_action.setChecked(self._setting(SOFT_EDGES_SETTING, False))
        self.canvas.set_soft_edges(self.soft_edges_action.isChecked())
        self.soft_edges_action.toggled.connect(self.set_soft_edges)
        self.autosave_action = act(
            QT_TRANSLATE_NOOP("EditorMenus", "Autosave &interval…"), self.ask_autosave_interval, None, "autosave-interval"
        )

    def _build_docks(self) -> None:
        w = self.window
        self.palette_dock = ToolPaletteDock(self.tool_actions.values(), self.brush, w)
        self.properties = PropertiesDock(self._say, w, self.canvas.setFocus, self.go_to)
        self.layers = LayersDock(LAYER_NAMES, self.canvas.layer_visible, self._set_layer_visible, w)
        self.overview_dock = OverviewDock(self.canvas, w)
        self.overview = self.overview_dock.overview
        self.history = HistoryDock(w)
        self.validation = ValidationDock(self.go_to, w)
        self._place_docks()
        for action in getattr(w, "layer_actions", {}).values():
            name = action.objectName().removeprefix("layer-")
            action.toggled.connect(lambda on, n=name: self.layers.show_visible(n, on))

    def _build_menus(self) -> None:
        w = self.window
        edit = w.menu("&Edit")
        for action in (self.undo_action, self.redo_action):
            edit.addAction(action)
        edit.addSeparator()
        for action in (self.copy_action, self.paste_action, self.paste_special_action, self.delete_action):
            edit.addAction(action)
        edit.addAction(self.cancel_action)
        edit.addAction(self.find_note_action)
        edit.addSeparator()
        edit.addAction(self.autosave_action)
        map_menu = w.menu("&Map")
        for action in (self.properties_action, self.palette_action, self.resize_action, self.underlay_action,
                       self.validate_action):
            map_menu.addAction(action)
        self.tools_menu = w.menu("&Tools")
        for action in self.tool_actions.values():
            self.tools_menu.addAction(action)
        self.tools_menu.addSeparator()
        self.tools_menu.addAction(self.smaller_brush)
        self.tools_menu.addAction(self.larger_brush)
        view = w.menu("&View")
        view.addSeparator()
        view.addAction(self.soft_edges_action)
        docks = view.addMenu(translate("EditorMenus", "Editor &panels"))
        for dock in self.docks():
            docks.addAction(dock.toggleViewAction())
        file = w.menu("&File")
        quit_action = next((a for a in file.actions() if a.objectName() == "quit"), None)
        file.insertAction(quit_action, self.import_geo_action)
        file.insertAction(quit_action, self.export_action)
        file.insertAction(quit_action, self.export_vassal_action)
        file.insertAction(quit_action, self.export_tiled_action)
        file.insertAction(quit_action, self.print_preview_action)
        file.insertAction(quit_action, self.print_action)
        file.insertSeparator(quit_action)

    def set_soft_edges(self, on: bool) -> None:
        """View › Soft edges between terrains: the canvas and exports; kept in settings."""
        if self.soft_edges_action.isChecked() != on:
            self.soft_edges_action.setChecked(on)  # toggled comes back here
            return
        self.canvas.set_soft_edges(on)
        self._set_setting(SOFT_EDGES_SETTING, on)

    def _brush_radius(self, step: int) -> None:
        radius = max(0, min(3, self.brush.radius + step))
        self.palette_dock.radius.setValue(radius)  # its signal sets the brush
        self.brush.radius = radius
        self._say(f"Brush radius {radius}.")

    def _set_layer_visible(self, name: str, visible: bool) -> None:
        action = getattr(self.window, "layer_actions", {}).get(name)
        if action is not None:
            action.setChecked(visible)  # the window's action tells the canvas
        else:
            self.canvas.set_layer_visible(name, visible)

    def _update_actions(self, *_args) -> None:
        doc = self.document
        stack = doc.undo_stack if doc is not None else None
        try:
            can_undo = stack is not None and stack.canUndo()
            can_redo = stack is not None and stack.canRedo()
            undo_text, redo_text = (stack.undoText(), stack.redoText()) if stack else ("", "")
        except RuntimeError:
            can_undo = can_redo = False
            undo_text = redo_text = ""
        if not self.active:
            return
        self.undo_action.setEnabled(can_undo)
        self.redo_action.setEnabled(can_redo)
        # The command's name is the editor's own (English for now: the History dock's).
        undo, redo = translate("EditorMenus", "&Undo %1"), translate("EditorMenus", "&Redo %1")
        self.undo_action.setText(fill_in(undo, undo_text) if undo_text else translate("EditorMenus", "&Undo"))
        self.redo_action.setText(fill_in(redo, redo_text) if redo_text else translate("EditorMenus", "&Redo"))
        for action in (
            self.copy_action,
            self.paste_action,
            self.paste_special_action,
            self.delete_action,
            self.properties_action,
            self.palette_action,
            self.resize_action,
            self.underlay_action,
            self.validate_action,
            self.export_action,
            self.export_vassal_action,
            self.export_tiled_action,
            self.print_action,
            self.print_preview_action,
        ):
            action.setEnabled(doc is not None)

    def _setting(self, key: str, default: Any) -> Any:
        """A setting of the default's type; anything else (a hand-edited file) is ignored."""
        settings = getattr(self.window, "settings", None)
        value = settings.value(key, default) if settings is not None else default
        numbers = (int, float)
        if isinstance(default, numbers) and not isinstance(default, bool):
            fits = isinstance(value, numbers) and not isinstance(value, bool) and value > 0
        else:
            fits = isinstance(value, type(default))
        return value if fits else default

    def _set_setting(self, key: str, value: Any) -> None:
        settings = getattr(self.window, "settings", None)
        if settings is not None and settings.value(key) != value:
            settings.set_value(key, value)

    def _save_layout(self) -> None:
        if not self.active:
            # Closed in a game mode: remember the editor's docks as the editor had them.
            for dock in self._hidden_docks:
                if not dock.isFloating():  # a floating one would pop up as a window
                    dock.setVisible(True)
        state = bytes(self.window.saveState().toBase64()).decode("ascii")
        self._set_setting(WINDOW_STATE_SETTING, state)

    def _restore_layout(self) -> None:
        state = self._setting(WINDOW_STATE_SETTING, "")
        self._layout_restored = bool(state) and self.window.restoreState(
            QByteArray.fromBase64(state.encode("ascii"))
        )

    def _place_docks(self) -> None:
        """Left: the tools, full height. Right: the overview, the hex's properties, and
        the less used lists as tabs (history, validation, layers)."""
        w, area = self.window, Qt.DockWidgetArea
        for dock in self.docks():
            dock.setFloating(False)
        w.addDockWidget(area.LeftDockWidgetArea, self.palette_dock)
        w.addDockWidget(area.RightDockWidgetArea, self.overview_dock)
        w.addDockWidget(area.RightDockWidgetArea, self.properties)
        w.addDockWidget(area.RightDockWidgetArea, self.history)
        w.tabifyDockWidget(self.history, self.validation)
        w.tabifyDockWidget(self.validation, self.layers)
        self.history.raise_()

    def reset_layout(self) -> None:
        """View › Reset layout: every editor panel back in its first place and size,
        shown (one hidden long ago too)."""
        self._place_docks()
        for dock in self.docks():
            dock.show()
        self.history.raise_()
        self._default_dock_sizes()

    def first_dock_sizes(self) -> None:
        """The docks first in sight with a map (the window's mode switch calls this):
        their first sizes, unless a layout was remembered (sizes given to docks put
        aside behind the start page are forgotten)."""
        if not self._layout_restored and not getattr(self, "_first_sized", False):
            self._first_sized = True
            self._default_dock_sizes()

    def _default_dock_sizes(self) -> None:
        """The first layout: the map keeps most of the window (at 1,280×800 the side
        columns took 620 px); the properties get the room, the lists below stay short."""
        height = max(400, self.window.height())
        width = max(800, self.window.width())
        self.window.resizeDocks(
            [self.overview_dock, self.properties, self.history],
            [int(height * 0.24), int(height * 0.56), int(height * 0.2)],
            Qt.Orientation.Vertical,
        )
        self.window.resizeDocks(
            [self.palette_dock, self.properties],
            [min(230, width // 6), min(290, width // 4)],
            Qt.Orientation.Horizontal,
        )
