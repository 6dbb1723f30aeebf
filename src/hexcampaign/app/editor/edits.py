"""The editor's edits made from menus and keys rather than with a canvas tool: copy,
paste (floating under the pointer until a click lands it), cancelling a stroke,
deleting a place, the Map menu (properties, palette, resize, validate).

A part of EditorMode (editor/mode.py), which mixes it in: the methods use the mode's
document, canvas, docks and status line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog

from hexcampaign.app.editor.commands import ChangePalette, ReplaceMap, push_edit, refusal
from hexcampaign.app.editor.reshape import (
    ALL_LAYERS,
    REGION_FORMAT,
    HexRegion,
    copy_region,
    needs_mapping,
    paste_region,
    paste_targets,
    region_anchor,
    resize_map,
)
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap, MapEditError, load_palette
from hexcampaign.rules import IllegalAction

if TYPE_CHECKING:
    from hexcampaign.app.canvas import MapView
    from hexcampaign.app.editor.tools import Tool, ToolContext
    from hexcampaign.app.editor.validation_dock import ValidationDock


class EditorEdits:
    """Copy and paste, cancel and delete, and the Map menu's edits (each one undo step)."""

    # What this part uses of the mode (editor/mode.py sets them).
    window: Any
    canvas: MapView
    document: Any  # the MapDocument shown, or None
    active: bool
    tool: Tool | None
    floating: Tool | None
    context: ToolContext | None
    clipboard: HexRegion | None
    selected_hex: Hex | None
    selected_region: list[Hex]
    validation: ValidationDock
    set_tool: Callable[[str], None]
    _say: Callable[[str], None]

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

    def paste(
        self,
        anchor: Hex | None = None,
        region: HexRegion | None = None,
        layers: frozenset[str] = ALL_LAYERS,
        mapping: dict[str, str] | None = None,
    ) -> bool:
        """Paste the copied region's `layers` with its top-left at `anchor` (default:
        the selected region's top-left, else the selected hex), its terrains turned into
        this map's by `mapping` (reshape.paste_region); one undo step, none when the
        hexes there are already the same."""
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
                lambda m: notes.extend(paste_region(m, region, anchor, layers, mapping)),
            )
        except (IllegalAction, MapEditError) as error:
            self._say(refusal(error))
            return False
        if not changed:
            self._say("Paste: those hexes already hold the copied ones; nothing changed.")
            return False
        self._say(" ".join([f"Pasted {len(targets)} hexes.", *notes]))
        return changed

    def paste_special(self) -> bool:
        """Edit › Paste special…: choose the layers to paste (and map the terrains of
        another palette), then the hexes float as Edit › Paste's do."""
        return self.float_paste(special=True)

    def float_paste(self, special: bool = False) -> bool:
        """Edit › Paste: the copied hexes float under the pointer, starting where a paste
        would land, until a click lands them (one undo step) or Escape puts them away.
        Hexes copied from a map on another palette first ask how their terrains map."""
        if self.document is None or self.context is None:
            return False
        from hexcampaign.app.editor.tools.paste import FloatingPaste

        region = _take_from_clipboard() or self.clipboard
        if region is None:
            self._say("Paste: copy some hexes first (select a region, then Ctrl+C).")
            return False
        layers: frozenset[str] = ALL_LAYERS
        mapping: dict[str, str] | None = None
        if special or needs_mapping(self.document.map, region):
            options = self.ask_paste_options(region, special)
            if options is None:
                self._say("Paste cancelled.")
                return False
            layers, mapping = options
        self.end_float()
        floating = FloatingPaste(region, self._land_float, self.end_float, layers, mapping)
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
        from hexcampaign.app.editor.tools.paste import FloatingPaste

        floating = self.floating
        self.end_float()
        if isinstance(floating, FloatingPaste):
            self.paste(anchor, floating.region, floating.layers, floating.mapping)

    def ask_paste_options(
        self, region: HexRegion, choose_layers: bool
    ) -> tuple[frozenset[str], dict[str, str] | None] | None:
        """The paste dialog: the layers (when `choose_layers`) and, for hexes of another
        palette, each copied terrain's terrain here; None when cancelled (tests replace
        this method)."""
        from hexcampaign.app.editor.paste_dialog import PasteDialog  # on first use: start-up

        dialog = PasteDialog(self.document.map, region, choose_layers, self.window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.layers(), dialog.mapping()

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
            "label_every": values.label_every,
            "hex_km": values.hex_km,
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

    def underlay_dialog(self) -> bool:
        """Map › Underlay image…: a scanned map under the hexes, fitted and traced."""
        from hexcampaign.app.editor.underlay_dialog import (
            run_underlay_dialog,  # on first use: start-up
        )

        return run_underlay_dialog(self)

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
