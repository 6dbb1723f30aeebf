"""The editor's file handling: maps in the one open/save/close flow of
app/dialogs/files.py (the members app/modes.py names: the editor is the mode that
holds maps), export to PNG, SVG and PDF, printing, importing geography, and autosave
with crash recovery (the interval, the restore question, what happens at quit and close).

A part of EditorMode (editor/mode.py), which mixes it in.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QCheckBox, QDialog, QFileDialog, QInputDialog, QMessageBox

from hexcampaign.app.autosave import DEFAULT_INTERVAL_S, INTERVAL_SETTING, Orphan, recover_orphans
from hexcampaign.app.dialogs import files
from hexcampaign.app.document import MapDocument
from hexcampaign.app.i18n import translate
from hexcampaign.app.plain_text import literal
from hexcampaign.app.play_recovery import DISCARD, LATER, RESTORE, recover_plays
from hexcampaign.app.render import LAYER_NAMES, RenderError
from hexcampaign.app.render.catalogue import ASKED_ONLY
from hexcampaign.app.window import map_files
from hexcampaign.maps import HexMap

if TYPE_CHECKING:
    from hexcampaign.app.autosave import Autosaver
    from hexcampaign.app.canvas import MapView

# The print question's buttons (object names) -> tiled at true scale or not.
PRINT_SCALES = {"true-scale": True, "fit-to-page": False}


def print_scale_question(parent: Any) -> QMessageBox:
    """Print's choice of scale, each answer a button that says what it does."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle("Print")
    box.setText("How should the map be printed?")
    box.setInformativeText(
        "True scale: 19 mm hexes over as many sheets as the map needs, with crop and "
        "registration marks, captions that say which sheet joins which, and a key sheet.\n"
        "Fit to page: the whole map on one sheet, with its title, terrain key and scale bar."
    )
    true_scale = box.addButton("&True scale", QMessageBox.ButtonRole.AcceptRole)
    true_scale.setObjectName("true-scale")
    fit = box.addButton("&Fit to page", QMessageBox.ButtonRole.AcceptRole)
    fit.setObjectName("fit-to-page")
    box.addButton(QMessageBox.StandardButton.Cancel).setObjectName("cancel")
    box.setDefaultButton(fit)
    aids = QCheckBox("Print the tracing aids (underlay picture, hex-note marks)", box)  # the box owns it
    aids.setObjectName("tracing-aids")
    box.setCheckBox(aids)
    return box

# The maps for other programs: kind -> (suffix, dialog title, file filter).
INTERCHANGE = {
    "vassal": (".vmod", "Export a VASSAL module", "VASSAL modules (*.vmod)"),
    "tiled": (".tmx", "Export a Tiled map", "Tiled maps (*.tmx)"),
}


class EditorFiles:
    """Maps opened, shown, closed and started; export, print, import geography;
    autosave and recovery."""

    SUFFIXES = map_files.SUFFIXES

    # What this part uses of the mode (editor/mode.py and editor/menus.py set them).
    window: Any
    canvas: MapView
    document: Any  # the MapDocument shown, or None
    selected_region: list  # the Select region tool's hexes (editor/mode.py)
    autosaver: Autosaver
    _say: Callable[[str], None]
    print_tracing_aids: bool = False  # the print question's check box, last answered
    _set_setting: Callable[[str, Any], None]
    _save_layout: Callable[[], None]

    def open_path(self, path: Path | str) -> bool:
        """Open a map: the unsaved one is asked about first, then the file is read."""
        return files.open_in(self.window, self, path)

    def load_document(self, path: Path) -> MapDocument:
        return map_files.load_map_document(path)

    def show_document(self, document: MapDocument) -> None:
        map_files.show_map_document(self.window, document)  # the editor follows it

    def maybe_close(self) -> bool:
        return map_files.may_close_map(self.window)

    def close_document(self) -> bool:
        return map_files.close_map(self.window)

    def new_document(self) -> bool:
        """File > New map, with the editor in charge."""
        return map_files.new_map(self.window, self)

    def visible_layers(self, tracing_aids: bool = False) -> list[str]:
        """The layers an export or print draws: those shown on the canvas (the tracing
        aids, underlay and note marks, only when asked), and soft edges when View › Soft
        edges between terrains is on."""
        shown = [name for name in LAYER_NAMES if self.canvas.layer_visible(name)
                 and (tracing_aids or name not in ASKED_ONLY)]
        if self.canvas.soft_edges and "terrain" in shown:
            shown.append("soft_edges")
        return shown

    def export_dialog(self) -> bool:
        if self.document is None:
            return False
        from hexcampaign.app.editor.dialogs import ExportDialog  # on first use: start-up

        dialog = ExportDialog(self.document.map, self.window, self.selected_region)
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
        layers = self.visible_layers(options.tracing_aids)
        area = list(self.selected_region) if options.selected_only and self.selected_region else None
        try:
            if options.kind in ("png", "svg"):
                # An SVG is at true scale: its size in millimetres, a hex hex_mm across;
                # a PNG says the resolution that prints its hexes hex_mm across.
                hex_mm = options.hex_mm
                width, height = export.export_picture(
                    m, path, options.hex_size, layers, hex_mm=hex_mm, area=area
                )
                done = f"{width}×{height} pixels"
                if hex_mm is not None:
                    done += f", {hex_mm:g} mm hexes"
            elif options.kind == "pdf-fitted":
                export.export_pdf_fitted(
                    m, path, options.paper, layers, orientation=options.orientation, area=area
                )
                done = f"one {options.paper} page"
            else:
                pages = export.export_pdf_tiled(
                    m, path, options.paper, options.hex_mm, options.overlap_mm, layers,
                    orientation=options.orientation, area=area,
                )
                done = f"{pages - 1} {options.paper} sheets at true scale and a key sheet"
        except (RenderError, OSError) as error:
            self.window.show_error("Could not export the map", str(error))
            return False
        if area is not None:
            done += f"; only the {len(area)} selected hexes"
        self._say(f"Exported {path.name} ({done}).")
        return True

    def export_for(self, kind: str, path: Path | str | None = None) -> bool:
        """File > Export VASSAL module… ("vassal") or Export Tiled map… ("tiled"): the
        map for the program its players use (app/render/interchange.py)."""
        if self.document is None:
            return False
        from hexcampaign.app.render import interchange  # on first use: start-up
        from hexcampaign.exports import ExportError

        suffix, title, kinds = INTERCHANGE[kind]
        if path is None:
            stem = self.document.path.stem if self.document.path else (self.document.map.name or "map")
            folder = self.document.path.parent if self.document.path else Path.home()
            chosen, _ = QFileDialog.getSaveFileName(self.window, title, str(folder / (stem + suffix)), kinds)
            if not chosen:
                return False
            path = chosen if chosen.lower().endswith(suffix) else chosen + suffix
        path = Path(path)
        export = interchange.export_vassal if kind == "vassal" else interchange.export_tiled
        try:
            notes = export(self.document.map, path)
        except (ExportError, OSError) as error:
            self.window.show_error("Could not export the map", str(error))
            return False
        self._say(" ".join([f"Exported {path.name}.", *notes]))
        return True

    def import_geography(self, path: Path | str | None = None) -> bool:
        """File > Import geography…: GeoJSON onto a new map or the open one (one undo step)."""
        from hexcampaign.app.editor.geo_dialog import run_import  # on first use: start-up

        return run_import(self, path)

    def print_map(self) -> bool:
        """File > Print…: the print dialog (printer, page size and orientation), then
        true scale or fit to page."""
        printer = self._printer()
        if printer is None:
            return False
        from PySide6.QtPrintSupport import QPrintDialog

        dialog = QPrintDialog(printer, self.window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        tiled = self.ask_print_scale()
        if tiled is None:
            return False
        try:
            pages = self._print_pages(printer, tiled)
        except RenderError as error:
            self.window.show_error("Could not print the map", str(error))
            return False
        self._say(f"Sent {pages} page{'s' * (pages != 1)} to the printer.")
        return True

    def print_preview(self) -> bool:
        """File > Print preview…: the pages as they will print, in Qt's preview window,
        whose toolbar sets page size and orientation (Page setup) and prints them."""
        printer = self._printer()
        if printer is None:
            return False
        tiled = self.ask_print_scale()
        if tiled is None:
            return False
        from PySide6.QtPrintSupport import QPrintPreviewDialog

        preview = QPrintPreviewDialog(printer, self.window)
        preview.setObjectName("print-preview")
        preview.setWindowTitle(f"Print preview — {self.document.map.name or 'map'}")
        errors: list[str] = []

        def paint(device) -> None:
            try:
                self._print_pages(device, tiled)
            except RenderError as error:
                errors.append(str(error))

        preview.paintRequested.connect(paint)
        preview.exec()
        preview.deleteLater()  # a preview holds every page's picture: not kept after
        if errors:
            self.window.show_error("Could not print the map", errors[-1])
            return False
        return True

    def _printer(self):
        """A high-resolution QPrinter, or None (said) when Qt has no print support."""
        if self.document is None:
            return None
        try:
            from PySide6.QtPrintSupport import QPrinter
        except ImportError:
            self.window.show_error(
                "Printing is not available",
                "This installation of Qt has no print support; export a PDF and print that.",
            )
            return None
        return QPrinter(QPrinter.PrinterMode.HighResolution)

    def _print_pages(self, printer, tiled: bool) -> int:
        from hexcampaign.app.render import export  # on first use: start-up

        layers = self.visible_layers(self.print_tracing_aids)
        return export.print_map(printer, self.document.map, tiled, layers=layers)

    def ask_print_scale(self) -> bool | None:
        """True scale (True) or fit to page (False), or None when cancelled (tests
        replace this method)."""
        box = print_scale_question(self.window)
        box.exec()
        self.print_tracing_aids = box.checkBox().isChecked()
        return PRINT_SCALES.get(box.clickedButton().objectName()) if box.clickedButton() else None

    def ask_autosave_interval(self) -> None:
        minutes, ok = QInputDialog.getInt(
            self.window,
            "Autosave",
            "Autosave unsaved edits every (minutes):",
            max(1, round((self.autosaver.interval_s or DEFAULT_INTERVAL_S) / 60)),
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

        maps = recover_orphans(self.ask_restore, open_map, self._say)
        # Games and campaigns next, in their own modes (one can be shown at a time).
        play = recover_plays(self.window, self.ask_restore_play, self._say)
        return maps + ([play] if play is not None else [])

    def ask_restore(self, orphan: Orphan) -> bool:
        """The recovery question (tests replace this method). HEXCAMPAIGN_RECOVER=yes/no
        answers it without a dialog, for scripted runs."""
        preset = os.environ.get("HEXCAMPAIGN_RECOVER", "").strip().lower()
        if preset in ("yes", "no"):
            return preset == "yes"
        answer = QMessageBox.question(
            self.window,
            translate("Recovery", "Restore unsaved work?"),
            literal(
                translate("Recovery", "hexcampaign did not close normally. Restore %1?").replace(
                    "%1", orphan.describe()
                )
            ),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        return answer == QMessageBox.StandardButton.Yes

    def ask_restore_play(self, orphan: Orphan) -> str:
        """Restore, Discard or Not now for a game or campaign (tests replace this
        method; HEXCAMPAIGN_RECOVER=yes/no answers it too)."""
        preset = os.environ.get("HEXCAMPAIGN_RECOVER", "").strip().lower()
        if preset in ("yes", "no"):
            return RESTORE if preset == "yes" else DISCARD
        box = QMessageBox(self.window)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(translate("Recovery", "Restore unsaved play?"))
        box.setText(
            literal(
                translate("Recovery", "hexcampaign did not close normally. Restore %1?").replace(
                    "%1", orphan.describe()
                )
            )
        )
        box.setInformativeText(
            literal(
                translate(
                    "Recovery",
                    "It holds every roll that was shown. Not now keeps it in the autosave folder.",
                )
            )
        )
        restore = box.addButton(translate("Recovery", "Restore"), QMessageBox.ButtonRole.AcceptRole)
        discard = box.addButton(translate("Recovery", "Discard"), QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(translate("Recovery", "Not now"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(restore)
        box.exec()
        clicked = box.clickedButton()
        return RESTORE if clicked is restore else DISCARD if clicked is discard else LATER

    def _quitting(self) -> None:
        """The program ends without the window closing (a logout, say): unsaved edits
        keep their autosave so the next start offers them."""
        try:
            dirty = self.document is not None and self.document.unsaved_work
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
