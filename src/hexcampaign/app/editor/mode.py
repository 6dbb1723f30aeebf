"""EditorMode: the map editor inside the main window.

MainWindow builds one EditorMode(window). It adds the Edit, Map, Tools and File menu
entries, the docks (tools, properties, layers, overview, undo history, validation),
the tools with their shortcuts, autosave with crash recovery, and follows
`window.document_changed` to every new document. Refusals are sentences in the status
bar or in a dialog, never tracebacks.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QDialog, QFileDialog, QInputDialog, QMessageBox

from hexcampaign.app.autosave import (
    DEFAULT_INTERVAL_S,
    INTERVAL_SETTING,
    Autosaver,
    Orphan,
    recover_orphans,
)
from hexcampaign.app.editor.commands import ChangePalette, ReplaceMap, push_edit, refusal
from hexcampaign.app.editor.docks import HistoryDock, LayersDock, ToolPaletteDock
from hexcampaign.app.editor.overview import OverviewDock
from hexcampaign.app.editor.properties_dock import PropertiesDock
from hexcampaign.app.editor.reshape import (
    REGION_FORMAT,
    HexRegion,
    copy_region,
    paste_region,
    paste_targets,
    region_anchor,
    resize_map,
)
from hexcampaign.app.editor.tools import (
    TOOL_CLASSES,
    BrushSettings,
    PlaceValues,
    Tool,
    ToolContext,
)
from hexcampaign.app.editor.validation_dock import ValidationDock
from hexcampaign.app.render import LAYER_NAMES, RenderError
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap, MapEditError, Place, load_palette
from hexcampaign.maps.changes import ChangeSet
from hexcampaign.rules import IllegalAction

LAST_TOOL_SETTING = "editor.last_tool"
WINDOW_STATE_SETTING = "editor.window_state"


class EditorMode(QObject):
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

    # --- documents ---------------------------------------------------------------------------

    def attach(self, document: Any) -> None:
        """Follow a new document (None when the window holds none)."""
        if self.document is not None:
            for signal, slot in (
                (self.document.changed, self._map_changed),
                (self.document.replaced, self._map_replaced),
            ):
                try:
                    signal.disconnect(slot)
                except (RuntimeError, TypeError):
                    pass
        self.document = document
        self.selected_hex = None
        self.selected_region = []
        if document is not None:
            document.changed.connect(self._map_changed)
            document.replaced.connect(self._map_replaced)
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

    # --- the window's modes ------------------------------------------------------------------

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
            self.delete_action,
            self.autosave_action,
            self.properties_action,
            self.palette_action,
            self.resize_action,
            self.validate_action,
            self.export_action,
            self.print_action,
            self.import_geo_action,
        ]

    # --- tools -------------------------------------------------------------------------------

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

    # --- edit menu: copy, paste, delete -----------------------------------------------------

    def copy(self) -> bool:
        if self.document is None:
            return False
        hexes = self.selected_region or ([self.selected_hex] if self.selected_hex else [])
        try:
            region = copy_region(self.document.map, hexes)
        except IllegalAction as error:
            self._say(error.reason)
            return False
        self.clipboard = region
        _put_on_clipboard(region)
        self._say(f"Copied {len(region)} hexes.")
        return True

    def paste(self, anchor: Hex | None = None, region: HexRegion | None = None) -> bool:
        """Paste the copied region with its top-left at `anchor` (default: the selected
        region's top-left, else the selected hex); one undo step, none when the hexes
        there are already the same."""
        if self.document is None:
            return False
        m = self.document.map
        region = region or _take_from_clipboard() or self.clipboard
        if region is None:
            self._say("Paste: copy some hexes first (select a region, then Ctrl+C).")
            return False
        if anchor is None:
            if self.selected_region:
                anchor = region_anchor(m, self.selected_region)
            elif self.selected_hex is not None:
                anchor = self.selected_hex
            else:
                self._say("Paste: select where the copied hexes should go.")
                return False
        notes: list[str] = []
        targets = paste_targets(m, region, anchor)
        try:
            changed = push_edit(
                self.document,
                f"Paste {len(targets)} hexes",
                targets,
                lambda m: notes.extend(paste_region(m, region, anchor)),
            )
        except (IllegalAction, MapEditError) as error:
            self._say(refusal(error))
            return False
        if not changed:
            self._say("Paste: those hexes already hold the copied ones; nothing changed.")
            return False
        self._say(" ".join([f"Pasted {len(targets)} hexes.", *notes]))
        return changed

    def float_paste(self) -> bool:
        """Edit › Paste: the copied hexes float under the pointer, starting where a paste
        would land, until a click lands them (one undo step) or Escape puts them away."""
        if self.document is None or self.context is None:
            return False
        from hexcampaign.app.editor.tools.paste import FloatingPaste

        region = _take_from_clipboard() or self.clipboard
        if region is None:
            self._say("Paste: copy some hexes first (select a region, then Ctrl+C).")
            return False
        self.end_float()
        floating = FloatingPaste(region, self._land_float, self.end_float)
        floating.activate(self.context)
        self.floating = floating
        if self.tool is not None:
            self.tool.deactivate()
        self.canvas.set_tool(floating)
        m = self.document.map
        start = (region_anchor(m, self.selected_region) if self.selected_region
                 else self.selected_hex or self.canvas.hovered_hex)
        if start is not None and m.contains(start):
            floating.show_at(start)
        self._say("Paste: move the copied hexes where they go and click; Escape puts them away.")
        return True

    def end_float(self) -> bool:
        """Put a floating paste away (nothing lands); the previous tool takes the canvas back."""
        floating, self.floating = self.floating, None
        if floating is None:
            return False
        floating.deactivate()
        if self.tool is not None and self.active:
            self.set_tool(self.tool.name)
        else:
            self.canvas.set_tool(None)
        self._say("Paste put away.")
        return True

    def _land_float(self, anchor: Hex) -> None:
        region = self.floating.region if self.floating is not None else None
        self.end_float()
        if region is not None:
            self.paste(anchor, region)

    def cancel_stroke(self) -> bool:
        """Escape during a drag: the stroke so far is taken back. It never reaches the
        history, so Redo still redoes what it did before the stroke."""
        if self.end_float():
            return True
        tool = self.tool
        if tool is None or tool.gesture is None:
            return False
        tool.cancel_gesture()
        if self.canvas.tool is tool:
            self.canvas.set_tool(tool)  # forget the button held down: the drag is over
        self.canvas.clear_preview()
        self._say("Stroke cancelled.")
        return True

    def delete_selected(self) -> None:
        if self.tool is not None and self.tool.key_pressed("delete"):
            return
        if self.document is None or self.selected_hex is None:
            return
        place = self.document.map.place_at(self.selected_hex)
        if place is None:
            self._say("Delete: the selected hex holds no place.")
            return
        push_edit(
            self.document, f"Delete {place.name}", [place.hex], lambda m: m.remove_place(place.name)
        )
        self._say(f"Deleted {place.name}.")

    # --- map menu ----------------------------------------------------------------------------

    def map_properties(self) -> bool:
        if self.document is None:
            return False
        from hexcampaign.app.editor.dialogs import MapPropertiesDialog  # on first use: start-up

        dialog = MapPropertiesDialog(self.document.map, self.window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.apply_properties(dialog.values())

    def apply_properties(self, values) -> bool:
        """One undo step: the meta fields, or a new map when the palette changes."""
        m = self.document.map
        meta = {
            "name": values.name,
            "author": values.author,
            "description": values.description,
            "label_style": values.label_style,
            "label_first": values.label_first,
        }
        if values.palette != m.palette.name:
            # Another shipped palette: the old default terrain becomes the new default,
            # every other terrain in use must exist there too (Map > Palette… maps them).
            palette = load_palette(values.palette)
            try:
                command = ChangePalette(self.document, palette, {m.palette.default: palette.default})
            except MapEditError as error:
                self._say(str(error))
                return False
            for key, value in meta.items():
                setattr(command.new_map, key, value)
            self.document.undo_stack.push(command)
            self._say(f"The map now uses the palette {palette.title}.")
            return True

        def change(m: HexMap) -> None:
            for key, value in meta.items():
                setattr(m, key, value)

        return push_edit(self.document, "Map properties", [], change)

    def edit_palette(self) -> bool:
        """Map › Palette…: edit the map's terrain types; OK applies them as one undo step."""
        if self.document is None:
            return False
        from hexcampaign.app.editor.palette_dialog import PaletteDialog  # on first use: start-up

        dialog = PaletteDialog(self.document.map, self.window)
        while dialog.exec() == QDialog.DialogCode.Accepted:
            refused = self.apply_palette(dialog.result_palette(), dialog.mapping())
            if refused is None:
                return True
            dialog.show_error(refused)  # the dialog opens again with the user's table
        return False

    def apply_palette(self, palette, mapping: dict[str, str] | None = None) -> str | None:
        """Give the map `palette` (one undo step), mapping each terrain in use; the
        refusal's sentence when a terrain in use would be lost (nothing changes then).
        A palette of the user's own is kept for New map as well."""
        try:
            command = ChangePalette(self.document, palette, mapping or {})
        except MapEditError as error:
            self._say(str(error))
            return str(error)
        self.document.undo_stack.push(command)
        kept = ""
        if not palette.is_shipped():
            from hexcampaign.app.editor.user_palettes import remember_palette

            try:
                remember_palette(palette)
                kept = " New map offers it too."
            except OSError as error:
                kept = f" It could not be kept for new maps: {error.strerror or error}."
        self._say(f"The map now uses the palette {palette.title}.{kept}")
        return None

    def resize_map(self) -> bool:
        if self.document is None:
            return False
        from hexcampaign.app.editor.dialogs import ResizeDialog  # on first use: start-up

        dialog = ResizeDialog(self.document.map, self.window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.apply_resize(*dialog.margins())

    def apply_resize(self, left: int, right: int, top: int, bottom: int) -> bool:
        try:
            new, lost = resize_map(self.document.map, left, right, top, bottom)
        except IllegalAction as error:
            self._say(error.reason)
            return False
        self.document.undo_stack.push(
            ReplaceMap(self.document, new, f"Resize to {new.cols}×{new.rows}")
        )
        extra = f" {lost} hexes with content were cut off." if lost else ""
        self._say(f"The map is now {new.cols}×{new.rows} hexes.{extra}")
        return True

    def validate(self) -> None:
        self.validation.show()
        self.validation.raise_()
        self.validation.refresh()

    # --- export and print --------------------------------------------------------------------

    def visible_layers(self) -> list[str]:
        return [name for name in LAYER_NAMES if self.canvas.layer_visible(name)]

    def export_dialog(self) -> bool:
        if self.document is None:
            return False
        from hexcampaign.app.editor.dialogs import ExportDialog  # on first use: start-up

        dialog = ExportDialog(self.document.map, self.window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        options = dialog.options()
        suffix = {"png": ".png", "svg": ".svg"}.get(options.kind, ".pdf")
        stem = self.document.path.stem if self.document.path else (self.document.map.name or "map")
        folder = self.document.path.parent if self.document.path else Path.home()
        path, _ = QFileDialog.getSaveFileName(
            self.window, "Export the map", str(folder / (stem + suffix)), f"*{suffix}"
        )
        if not path:
            return False
        if not path.lower().endswith(suffix):
            path += suffix
        return self.export_to(Path(path), options)

    def export_to(self, path: Path, options) -> bool:
        from hexcampaign.app.render import export  # on first use: start-up

        m = self.document.map
        layers = self.visible_layers()
        try:
            if options.kind in ("png", "svg"):
                width, height = export.export_picture(m, path, options.hex_size, layers)
                done = f"{width}×{height} pixels"
            elif options.kind == "pdf-fitted":
                export.export_pdf_fitted(m, path, options.paper, layers)
                done = f"one {options.paper} page"
            else:
                pages = export.export_pdf_tiled(
                    m, path, options.paper, options.hex_mm, options.overlap_mm, layers
                )
                done = f"{pages} {options.paper} page{'s' * (pages != 1)} at true scale"
        except (RenderError, OSError) as error:
            self.window.show_error("Could not export the map", str(error))
            return False
        self._say(f"Exported {path.name} ({done}).")
        return True

    def import_geography(self, path: Path | str | None = None) -> bool:
        """File > Import geography…: GeoJSON onto a new map or the open one (one undo step)."""
        from hexcampaign.app.editor.geo_dialog import run_import  # on first use: start-up

        return run_import(self, path)

    def print_map(self) -> bool:
        if self.document is None:
            return False
        from hexcampaign.app.render import export  # on first use: start-up

        try:
            from PySide6.QtPrintSupport import QPrintDialog, QPrinter
        except ImportError:
            self.window.show_error(
                "Printing is not available",
                "This installation of Qt has no print support; export a PDF and print that.",
            )
            return False
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, self.window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        tiled = (
            QMessageBox.question(
                self.window,
                "Print",
                "Print at true scale over several sheets (19 mm hexes)?\n"
                "No fits the whole map on one sheet.",
            )
            == QMessageBox.StandardButton.Yes
        )
        try:
            pages = export.print_map(
                printer, self.document.map, tiled, layers=self.visible_layers()
            )
        except RenderError as error:
            self.window.show_error("Could not print the map", str(error))
            return False
        self._say(f"Sent {pages} page{'s' * (pages != 1)} to the printer.")
        return True

    # --- autosave and recovery ----------------------------------------------------------------

    def ask_autosave_interval(self) -> None:
        minutes, ok = QInputDialog.getInt(
            self.window,
            "Autosave",
            "Autosave unsaved edits every (minutes):",
            max(1, round(self.autosaver.interval_s / 60)),
            1,
            120,
        )
        if ok:
            self.set_autosave_interval(minutes * 60)
            self._say(f"Unsaved edits are now autosaved every {minutes} minutes.")

    def set_autosave_interval(self, seconds: float) -> None:
        self.autosaver.set_interval(seconds)
        self._set_setting(INTERVAL_SETTING, seconds)

    def recover(self) -> list[Orphan]:
        """Offer every orphaned autosave; the first restored one opens in the window,
        others are written next to the autosaves as recovered files and named."""
        opened: list[Orphan] = []

        def open_map(hexmap: HexMap, orphan: Orphan) -> None:
            from hexcampaign.app.document import MapDocument

            if not opened:
                source = Path(orphan.source) if orphan.source else None
                document = MapDocument(hexmap, source)
                self.window.set_document(document)
                # Restored edits are not in the user's file yet: the document is dirty.
                document.undo_stack.resetClean()
                document.dirty_changed.emit(True)
                # Protected at once: the recovery file stays until this autosave replaces it.
                self.autosaver.adopt(orphan)
            else:
                from hexcampaign.maps import save_map

                target = self.autosaver.folder.parent / "recovered" / f"{orphan.session}.hexmap"
                target.parent.mkdir(parents=True, exist_ok=True)
                save_map(hexmap, target)
                self._say(f"Also recovered {orphan.title}: saved as {target}.")
            opened.append(orphan)

        return recover_orphans(self.ask_restore, open_map, self._say)

    def ask_restore(self, orphan: Orphan) -> bool:
        """The recovery question (tests replace this method). HEXCAMPAIGN_RECOVER=yes/no
        answers it without a dialog, for scripted runs."""
        preset = os.environ.get("HEXCAMPAIGN_RECOVER", "").strip().lower()
        if preset in ("yes", "no"):
            return preset == "yes"
        answer = QMessageBox.question(
            self.window,
            "Restore unsaved work?",
            f"hexcampaign did not close normally. Restore {orphan.describe()}?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        return answer == QMessageBox.StandardButton.Yes

    # --- Qt plumbing -----------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Show and not self._shown:
            # The first time the window appears, offer what a crashed session left.
            self._shown = True
            if not self._layout_restored:
                self._default_dock_sizes()
            QTimer.singleShot(0, self.recover)
        if watched is self.window and event.type() == QEvent.Type.Close:
            # The window may still refuse (unsaved changes, Cancel): look once it decided.
            QTimer.singleShot(0, self._after_close)
        return False

    def _quitting(self) -> None:
        """The program ends without the window closing (a logout, say): unsaved edits
        keep their autosave so the next start offers them."""
        try:
            dirty = self.document is not None and self.document.dirty
        except RuntimeError:
            dirty = False
        if dirty:
            self.autosaver.autosave_now()
        else:
            self.autosaver.close_clean()

    def _after_close(self) -> None:
        if not self.window.isVisible():
            self._save_layout()
            self.autosaver.close_clean()

    def _build_actions(self) -> None:
        w = self.window
        self.tool_group = QActionGroup(self)
        self.tool_group.setExclusive(True)
        self.tool_actions: dict[str, QAction] = {}
        for name, tool in self.tools.items():
            action = QAction(tool.label, w)
            action.setObjectName(f"tool-{name}")
            action.setCheckable(True)
            action.setShortcut(QKeySequence(tool.shortcut))
            action.setToolTip(f"{tool.label} ({tool.shortcut}): {tool.tip}")
            action.setStatusTip(tool.tip)
            action.triggered.connect(lambda _on=False, n=name: self.set_tool(n))
            self.tool_group.addAction(action)
            self.tool_actions[name] = action

        def act(text: str, slot, shortcut=None, name: str = "") -> QAction:
            action = QAction(text, w)
            if isinstance(shortcut, QKeySequence.StandardKey):
                action.setShortcuts(shortcut)  # every binding: Ctrl+Y and Ctrl+Shift+Z redo
            elif shortcut is not None:
                action.setShortcut(QKeySequence(shortcut))
            action.setObjectName(name)
            action.triggered.connect(lambda _on=False: slot())
            return action

        self.undo_action = act("&Undo", self._undo, QKeySequence.StandardKey.Undo, "undo")
        self.redo_action = act("&Redo", self._redo, QKeySequence.StandardKey.Redo, "redo")
        self.copy_action = act("&Copy hexes", self.copy, QKeySequence.StandardKey.Copy, "copy")
        self.paste_action = act("&Paste hexes", self.float_paste, QKeySequence.StandardKey.Paste, "paste")
        self.delete_action = act(
            "&Delete place", self.delete_selected, QKeySequence(Qt.Key.Key_Delete), "delete"
        )
        self.properties_action = act(
            "Map &properties…", self.map_properties, None, "map-properties"
        )
        self.palette_action = act("&Palette…", self.edit_palette, None, "map-palette")
        self.resize_action = act("&Resize…", self.resize_map, None, "map-resize")
        self.validate_action = act(
            "&Validate", self.validate, QKeySequence("Ctrl+Shift+V"), "validate"
        )
        self.export_action = act("&Export…", self.export_dialog, QKeySequence("Ctrl+E"), "export")
        self.print_action = act("&Print…", self.print_map, QKeySequence.StandardKey.Print, "print")
        self.import_geo_action = act("Import &geography…", self.import_geography, None, "import-geo")
        self.cancel_action = act(
            "Cancel the stroke", self.cancel_stroke, QKeySequence(Qt.Key.Key_Escape), "cancel"
        )
        self.smaller_brush = act(
            "S&maller brush", lambda: self._brush_radius(-1), QKeySequence("["), "brush-smaller"
        )
        self.larger_brush = act(
            "&Larger brush", lambda: self._brush_radius(+1), QKeySequence("]"), "brush-larger"
        )
        self.autosave_action = act(
            "Autosave &interval…", self.ask_autosave_interval, None, "autosave-interval"
        )

    def _build_docks(self) -> None:
        w = self.window
        area = Qt.DockWidgetArea
        self.palette_dock = ToolPaletteDock(self.tool_actions.values(), self.brush, w)
        self.properties = PropertiesDock(self._say, w, self.canvas.setFocus)
        self.layers = LayersDock(LAYER_NAMES, self.canvas.layer_visible, self._set_layer_visible, w)
        self.overview_dock = OverviewDock(self.canvas, w)
        self.overview = self.overview_dock.overview
        self.history = HistoryDock(w)
        self.validation = ValidationDock(self.go_to, w)
        # Left: the tools, full height. Right: the overview, the hex's properties, and
        # the less used lists as tabs (history, validation, layers).
        w.addDockWidget(area.LeftDockWidgetArea, self.palette_dock)
        w.addDockWidget(area.RightDockWidgetArea, self.overview_dock)
        w.addDockWidget(area.RightDockWidgetArea, self.properties)
        w.addDockWidget(area.RightDockWidgetArea, self.history)
        w.tabifyDockWidget(self.history, self.validation)
        w.tabifyDockWidget(self.validation, self.layers)
        self.history.raise_()
        for action in getattr(w, "layer_actions", {}).values():
            name = action.objectName().removeprefix("layer-")
            action.toggled.connect(lambda on, n=name: self.layers.show_visible(n, on))

    def _build_menus(self) -> None:
        w = self.window
        edit = w.menu("&Edit")
        for action in (self.undo_action, self.redo_action):
            edit.addAction(action)
        edit.addSeparator()
        for action in (self.copy_action, self.paste_action, self.delete_action):
            edit.addAction(action)
        edit.addAction(self.cancel_action)
        edit.addSeparator()
        edit.addAction(self.autosave_action)
        map_menu = w.menu("&Map")
        for action in (self.properties_action, self.palette_action, self.resize_action, self.validate_action):
            map_menu.addAction(action)
        self.tools_menu = w.menu("&Tools")
        for action in self.tool_actions.values():
            self.tools_menu.addAction(action)
        self.tools_menu.addSeparator()
        self.tools_menu.addAction(self.smaller_brush)
        self.tools_menu.addAction(self.larger_brush)
        view = w.menu("&View")
        view.addSeparator()
        docks = view.addMenu("Editor &panels")
        for dock in self.docks():
            docks.addAction(dock.toggleViewAction())
        file = w.menu("&File")
        quit_action = next((a for a in file.actions() if a.text() == "&Quit"), None)
        file.insertAction(quit_action, self.import_geo_action)
        file.insertAction(quit_action, self.export_action)
        file.insertAction(quit_action, self.print_action)
        file.insertSeparator(quit_action)

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

    def _map_changed(self, changes: ChangeSet) -> None:
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
        self.undo_action.setText(f"&Undo {undo_text}" if undo_text else "&Undo")
        self.redo_action.setText(f"&Redo {redo_text}" if redo_text else "&Redo")
        for action in (
            self.copy_action,
            self.paste_action,
            self.delete_action,
            self.properties_action,
            self.palette_action,
            self.resize_action,
            self.validate_action,
            self.export_action,
            self.print_action,
        ):
            action.setEnabled(doc is not None)

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

    def _default_dock_sizes(self) -> None:
        """The first layout: the properties get the room, the lists below stay short."""
        height = max(400, self.window.height())
        self.window.resizeDocks(
            [self.overview_dock, self.properties, self.history],
            [int(height * 0.24), int(height * 0.56), int(height * 0.2)],
            Qt.Orientation.Vertical,
        )


def _put_on_clipboard(region: HexRegion) -> None:
    # Plain text (the region's JSON), so another hexcampaign window can paste it too.
    clipboard = QGuiApplication.clipboard()
    if clipboard is not None:
        clipboard.setText(region.to_json())


def _take_from_clipboard() -> HexRegion | None:
    clipboard = QGuiApplication.clipboard()
    text = clipboard.text() if clipboard is not None else ""
    if f'"format": "{REGION_FORMAT}"' not in text:
        return None
    try:
        return HexRegion.from_json(text)
    except IllegalAction:
        return None
