"""The main window: the map canvas, the File/View/Layers menus and the status bar.

It owns which document is open; modes (the editor, later the games) hang their menus,
docks and tools on it through `menu(title)`, `canvas`, `document` and the
`document_changed` signal. Nothing the user does here may lose work: closing, opening
or starting a new map with unsaved changes asks first, and a failed save keeps the
document (still dirty) and says why in one sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QByteArray, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QStackedWidget,
    QToolBar,
    QWidget,
)

from hexcampaign.app.autosave import close_autosaves_of
from hexcampaign.app.canvas import MapView
from hexcampaign.app.dialogs import files
from hexcampaign.app.document import Document, MapDocument
from hexcampaign.app.modes import Mode, PlayMode
from hexcampaign.app.plain_text import literal
from hexcampaign.app.render import LAYER_NAMES
from hexcampaign.app.settings import Settings
from hexcampaign.app.start_page import StartPage
from hexcampaign.files import FileFormatError, describe_os_error
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap, MapFormatError

APP_TITLE = "hexcampaign"
MAP_SUFFIX = MapDocument.SUFFIX
MAP_FILTER = MapDocument.FILE_FILTER
# Where top-level menus go; titles not listed here go just before Help.
MENU_ORDER = (
    "&File",
    "&Edit",
    "&View",
    "&Mode",
    "&Map",
    "&Layers",
    "&Game",
    "&Campaign",
    "&Help",
)
# The play modes `install_play_modes` offers: (menu title, module with install(window),
# the file suffixes it opens).
PLAY_MODES = (
    ("&Kasserine Pass (hot-seat game)", "hexcampaign.app.kasserine", (".kpgame",)),
    ("&CM campaign (umpire's desk)", "hexcampaign.app.campaign", (".hxcampaign",)),
)
LAYER_TITLES = {
    "grid": "&Grid",
    "coordinates": "&Coordinates",
    "terrain": "&Terrain",
    "elevation": "&Elevation shading",
    "contours": "C&ontours",
    "rivers": "&Rivers",
    "roads": "R&oads and bridges",
    "cliffs": "C&liffs",
    "places": "&Places",
    "labels": "&Labels",
}


def _help():
    """The help pages, imported when first asked for: they read the rule books, which
    a user who never opens Help should not wait for at start-up."""
    from hexcampaign.app import help as help_pages

    return help_pages


class MainWindow(QMainWindow):
    document_changed = Signal(object)  # MapDocument | None, after it is shown
    mode_changed = Signal(object)  # the mode now in charge (see set_mode)

    def __init__(
        self,
        settings: Settings | None = None,
        parent: QWidget | None = None,
        editor: bool = True,
    ) -> None:
        super().__init__(parent)
        self.settings = settings or Settings()
        self.document: MapDocument | None = None
        self.canvas = MapView(self)
        # The start page stands where the map goes while nothing is open.
        self.start_page = StartPage(self.settings, self)
        self._central = QStackedWidget(self)
        self._central.addWidget(self.start_page)
        self._central.addWidget(self.canvas)
        self.setCentralWidget(self._central)
        self.hex_info = QLabel(self)
        self.hex_info.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.zoom_info = QLabel(self)
        # hex_info is a normal widget so that status messages (refusals, "saved") cover it
        # while they last; a stretching permanent widget would hide them.
        self.statusBar().addWidget(self.hex_info, 1)
        self.statusBar().addPermanentWidget(self.zoom_info)
        self.layer_actions: dict[str, QAction] = {}
        self._shown_once = False
        # Modes that open other files (a game, a campaign) register their suffix here:
        # suffix -> function(path) -> opened?; anything else is tried as a map.
        self.openers: dict[str, Callable[[Path], bool]] = {}
        self._menus: dict[str, QMenu] = {}
        self._build_menus()
        self.canvas.hex_hovered.connect(self._show_hex)
        self.canvas.viewport_changed.connect(self._show_zoom)
        self.canvas.message.connect(self.show_message)
        self.setAcceptDrops(True)
        self.resize(1280, 800)
        geometry = self.settings.value("window_geometry")
        if isinstance(geometry, str):
            self.restoreGeometry(QByteArray.fromBase64(geometry.encode()))
        self._update_title()
        self.mode: Mode | None = None
        self.mode_actions: dict[object, QAction] = {}
        self._play_modes: dict[str, PlayMode] = {}  # module name -> mode, once built
        # Docks and toolbars put aside while the start page shows (see _show_central),
        # with the mode they belong to.
        self._aside: list[QWidget] = []
        self._aside_mode: Mode | None = None
        self._lazy_modes: dict[str, QAction] = {}  # Mode-menu entries not built yet
        self.editor = None
        if editor:
            from hexcampaign.app.editor import EditorMode

            self.editor = EditorMode(self)
        self.mode = self.editor  # the editor is in charge until a game mode takes over
        if self.editor is not None:
            self.add_mode("Map &editor", self.editor)
        self._connect_start_page()
        self._show_central()

    # --- the contract modes build on -------------------------------------------------------

    def menu(self, title: str) -> QMenu:
        """The top-level menu with this title, created in the usual order if new."""
        if title in self._menus:
            return self._menus[title]
        menu = QMenu(title, self)
        rank = MENU_ORDER.index(title) if title in MENU_ORDER else MENU_ORDER.index("&Help") - 0.5
        before = None
        for other_title, other in self._menus.items():
            other_rank = (
                MENU_ORDER.index(other_title)
                if other_title in MENU_ORDER
                else MENU_ORDER.index("&Help") - 0.5
            )
            if other_rank > rank and (before is None or other_rank < before[0]):
                before = (other_rank, other)
        if before is None:
            self.menuBar().addMenu(menu)
        else:
            self.menuBar().insertMenu(before[1].menuAction(), menu)
        self._menus[title] = menu
        return menu

    def set_mode(self, mode: Mode | None) -> None:
        """Put `mode` (the editor, a game, the campaign desk) in charge: the one before
        is deactivated first, then the new one activated."""
        if mode is self.mode:
            return
        old = self.mode
        self._bring_docks_back()  # the old mode hides (and remembers) its own docks
        self.mode = mode
        if old is not None:
            old.deactivate()
        if mode is not None:
            mode.activate()
        for other, action in self.mode_actions.items():
            action.setChecked(other is mode)
        self._show_central()
        self.mode_changed.emit(mode)

    def add_mode(self, title: str, mode: Mode, suffixes: tuple[str, ...] = ()) -> QAction:
        """Offer `mode` in the Mode menu, and open files with `suffixes` through it
        (unless a mode already registered that suffix)."""
        action = QAction(title, self)
        action.setCheckable(True)
        action.setChecked(mode is self.mode)
        action.triggered.connect(lambda _checked=False, m=mode: self.set_mode(m))
        self.menu("&Mode").addAction(action)
        self.mode_actions[mode] = action
        for suffix in suffixes:
            self.openers.setdefault(suffix.lower(), lambda path, m=mode: self._open_in(m, path))
        return action

    def install_play_modes(self) -> None:
        """Offer the Kasserine Pass and CM campaign modes in the Mode menu and as the
        openers of their files. Each is built the first time it is chosen, so its docks
        and menus cost nothing (and take no room) until then."""
        for title, module_name, suffixes in PLAY_MODES:
            action = QAction(title, self)
            action.setCheckable(True)
            action.triggered.connect(
                lambda _checked=False, t=title, m=module_name: self._start_play_mode(t, m)
            )
            self.menu("&Mode").addAction(action)
            self._lazy_modes[module_name] = action
            for suffix in suffixes:
                self.openers.setdefault(
                    suffix, lambda path, t=title, m=module_name: self._open_in_play_mode(t, m, path)
                )

    def play_mode(self, module_name: str) -> PlayMode | None:
        """The mode of `module_name` (see PLAY_MODES), built now if it was not yet;
        None when it cannot be loaded (the reason is shown)."""
        if module_name in self._play_modes:
            return self._play_modes[module_name]
        title = next((t for t, m, _ in PLAY_MODES if m == module_name), module_name)
        try:
            import importlib

            mode = importlib.import_module(module_name).install(self)
        except Exception:
            import traceback

            traceback.print_exc()
            self.show_error(
                "Could not start the mode",
                f"The {title.replace('&', '')} mode could not be loaded; the map editor "
                "still works.",
            )
            return None
        self._play_modes[module_name] = mode
        placeholder = self._lazy_modes.pop(module_name, None)
        if placeholder is not None:
            self.menu("&Mode").removeAction(placeholder)
            placeholder.deleteLater()
        self.add_mode(title, mode, tuple(mode.SUFFIXES))
        return mode

    def _start_play_mode(self, title: str, module_name: str) -> None:
        mode = self.play_mode(module_name)
        if mode is not None:
            self.set_mode(mode)
        else:
            action = self._lazy_modes.get(module_name)
            if action is not None:
                action.setChecked(False)

    def _open_in_play_mode(self, title: str, module_name: str, path: Path) -> bool:
        mode = self.play_mode(module_name)
        return mode is not None and self._open_in(mode, path)

    def _connect_start_page(self) -> None:
        page = self.start_page
        page.new_kasserine.connect(lambda: self._start_new("hexcampaign.app.kasserine"))
        page.new_campaign.connect(lambda: self._start_new("hexcampaign.app.campaign"))
        page.new_map.connect(self.new_map)
        page.open_requested.connect(self.open_dialog)
        page.recent_chosen.connect(self.open_path)

    def _start_new(self, module_name: str) -> None:
        """A start-page card: put the play mode in charge and ask for the new game."""
        mode = self.play_mode(module_name)
        if mode is None:
            return
        self.set_mode(mode)
        mode.new_document()

    def _show_central(self) -> None:
        """The map when a document is open; else the start page, alone: the docks and
        toolbars of the mode in charge are put aside until a document comes."""
        if self.document is None:
            self._put_docks_aside()
            self.start_page.refresh_recent()
            self._central.setCurrentWidget(self.start_page)
        else:
            self._bring_docks_back()
            self._central.setCurrentWidget(self.canvas)

    def _put_docks_aside(self) -> None:
        if self._aside_mode is not self.mode:
            self._bring_docks_back()
        self._aside_mode = self.mode
        for widget in (*self.findChildren(QDockWidget), *self.findChildren(QToolBar)):
            if widget.parent() is self and not widget.isHidden():
                widget.hide()
                self._aside.append(widget)

    def _bring_docks_back(self) -> None:
        aside, self._aside = self._aside, []
        for widget in aside:
            widget.show()

    def show_message(self, text: str, ms: int = 6000) -> None:
        """A sentence in the status bar."""
        self.statusBar().showMessage(text, ms)

    def set_document(self, document: MapDocument | None) -> None:
        """Show `document` (or nothing) and tell the modes."""
        old = self.document
        if old is not None:
            for signal in (old.changed, old.replaced, old.dirty_changed, old.path_changed):
                try:
                    signal.disconnect(self)
                except (RuntimeError, TypeError):
                    pass
        self.document = document
        if document is not None:
            document.setParent(self)
            document.changed.connect(self._map_changed)
            document.replaced.connect(self._map_replaced)
            document.dirty_changed.connect(self._dirty_changed)
            document.path_changed.connect(self._path_changed)
        self.canvas.show_map(document.map if document is not None else None)
        self._show_central()
        self._update_title()
        self._show_zoom()
        self.document_changed.emit(document)
        if old is not None and old is not document:
            old.release()

    def open_path(self, path: Path | str) -> bool:
        """Open a map file (asks first about unsaved changes). False when not opened;
        the reason has then been shown in a dialog."""
        path = Path(path)
        opener = self.openers.get(path.suffix.lower())
        if opener is not None:
            return opener(path)
        if not self.maybe_save():
            return False
        try:
            document = MapDocument.open(path)
        except (MapFormatError, FileFormatError) as e:
            self.show_error("Could not open the map", str(e))
            return False
        except OSError as e:
            self.show_error("Could not open the map", describe_os_error(e, path, "open"))
            return False
        self.set_document(document)
        files.remember(self, path)
        self._rebuild_recent_menu()
        self.show_message(f"Opened {path.name}.")
        return True

    def _open_in(self, mode: PlayMode, path: Path) -> bool:
        """Open a file of a mode's kind; the mode takes charge only when it opened."""
        previous = self.mode
        self.set_mode(mode)
        if mode.open_path(path):
            return True
        self.set_mode(previous)
        return False

    def open_map(self, hexmap: HexMap, path: Path | str | None = None) -> None:
        """Show an already loaded map (the command line loads before the window opens)."""
        self.set_document(MapDocument(hexmap, Path(path) if path else None))
        if path:
            self.settings.add_recent_file(path)
            self._rebuild_recent_menu()

    # --- file commands --------------------------------------------------------------------

    def new_map(self) -> bool:
        if not self.maybe_save():
            return False
        from hexcampaign.app.dialogs.new_map import NewMapDialog  # on first use: start-up

        dialog = NewMapDialog(self)
        if self.document is not None:
            dialog.set_palette(self.document.map.palette.name)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        self.set_document(MapDocument(dialog.hexmap()))
        self.show_message("New map: paint it with the editor tools, then save it.")
        return True

    def open_dialog(self) -> bool:
        patterns = " ".join(f"*{suffix}" for suffix in (MAP_SUFFIX, *sorted(self.openers)))
        filters = f"Everything hexcampaign opens ({patterns});;{MAP_FILTER}"
        path = files.ask_open_path(self, "Open", filters)
        return self.open_path(path) if path else False

    def document_in_charge(self) -> Document | None:
        """What File > Save, Save As and Close work on: the document of the mode in
        charge (a game, a campaign), or the map."""
        if self.mode is not None and self.mode is not self.editor:
            return self.mode.document
        return self.document

    def save(self) -> bool:
        """File > Save: the game or campaign when a play mode is in charge, else the map."""
        saved = files.save(self, self.document_in_charge())
        self._after_save(saved)
        return saved

    def save_as(self) -> bool:
        saved = files.save_as(self, self.document_in_charge())
        self._after_save(saved)
        return saved

    def save_to(self, path: Path | str) -> bool:
        """Save the map to `path`; on failure say why and keep it dirty."""
        if self.document is None:
            return False
        saved = files.save_to(self, self.document, path)
        self._after_save(saved)
        return saved

    def close_document(self) -> bool:
        """File > Close: put away what is in charge (asking about unsaved changes first);
        the start page shows when nothing is left."""
        if self.mode is not None and self.mode is not self.editor:
            closed = self.mode.close_document()
            if closed and self.editor is not None:
                self.set_mode(self.editor)
                self.set_document(None)
            return closed
        if not self.maybe_save():
            return False
        self.set_document(None)
        return True

    def maybe_save(self) -> bool:
        """True when it is fine to drop the current map (saved, discarded, clean)."""
        return files.may_close(self, self.document)

    def show_error(self, title: str, sentence: str) -> None:
        QMessageBox.critical(self, title, literal(sentence))

    def displayed_title(self) -> str:
        """The title as the window manager shows it ("[*]" becomes "*" when dirty)."""
        return self.windowTitle().replace("[*]", "*" if self.isWindowModified() else "")

    # --- Qt events -----------------------------------------------------------------------

    def showEvent(self, event) -> None:
        # Docks the modes keep hidden can still stretch the window while it first lays
        # itself out; give it back the size it was given (or remembered) just after.
        wanted = self.size()
        super().showEvent(event)
        if not self._shown_once:
            self._shown_once = True
            QTimer.singleShot(0, self, lambda: self.resize(wanted))

    def closeEvent(self, event: QCloseEvent) -> None:
        # Every document with work of its own (a game, a campaign) is asked about before
        # the map; Cancel on any keeps the window open.
        # Each mode asks its own question (its maybe_close), so a mode decides how.
        if all(mode.maybe_close() for mode in self._play_modes.values()) and self.maybe_save():
            self.settings.set_value(
                "window_geometry", bytes(self.saveGeometry().toBase64()).decode()
            )
            # Every question is answered: nothing is left for a recovery to offer.
            close_autosaves_of(self)
            event.accept()
        else:
            event.ignore()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if _dropped_file(event) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event) -> None:
        if _dropped_file(event) is not None:
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        path = _dropped_file(event)
        if path is None:
            event.ignore()
            return
        event.acceptProposedAction()
        self.open_path(path)

    # --- menus ---------------------------------------------------------------------------

    def _build_menus(self) -> None:
        file = self.menu("&File")
        self._action(file, "&New map…", self.new_map, QKeySequence.StandardKey.New)
        self._action(file, "&Open…", self.open_dialog, QKeySequence.StandardKey.Open)
        self.recent_menu = file.addMenu("Open &recent")
        self._rebuild_recent_menu()
        # Modes add their games and campaigns to the list too: refresh on every look.
        file.aboutToShow.connect(self._rebuild_recent_menu)
        file.addSeparator()
        self.save_action = self._action(file, "&Save", self.save, QKeySequence.StandardKey.Save)
        self.save_as_action = self._action(
            file, "Save &as…", self.save_as, QKeySequence.StandardKey.SaveAs
        )
        self.close_action = self._action(
            file, "&Close", self.close_document, QKeySequence.StandardKey.Close
        )
        file.addSeparator()
        self._action(file, "&Quit", self.close, QKeySequence.StandardKey.Quit)

        self.menu("&Edit")
        view = self.menu("&View")
        self._action(view, "Zoom &in", self.canvas.zoom_in, QKeySequence.StandardKey.ZoomIn)
        self._action(view, "Zoom &out", self.canvas.zoom_out, QKeySequence.StandardKey.ZoomOut)
        self._action(view, "&Fit map to window", self.canvas.fit_map, QKeySequence("Ctrl+0"))

        self.menu("&Map")
        layers = self.menu("&Layers")
        for name in LAYER_NAMES:
            action = QAction(LAYER_TITLES[name], self)
            action.setObjectName(f"layer-{name}")
            action.setCheckable(True)
            action.setChecked(self.canvas.layer_visible(name))
            action.toggled.connect(lambda on, n=name: self.canvas.set_layer_visible(n, on))
            layers.addAction(action)
            self.layer_actions[name] = action

        help_menu = self.menu("&Help")
        self._action(help_menu, "&User guide", lambda: _help().show_user_guide(self), "F1")
        self._action(help_menu, "&Rules", lambda: _help().show_rules(self))
        self._action(
            help_menu, "Rules &interpretations", lambda: _help().show_interpretations(self)
        )
        help_menu.addSeparator()
        self._action(help_menu, "&About hexcampaign", lambda: _help().show_about(self))
        self._update_actions()

    def _action(self, menu: QMenu, text: str, slot, shortcut=None) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    def _rebuild_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.settings.recent_files()
        for path in recent:
            action = self.recent_menu.addAction(path.name)
            action.setToolTip(literal(str(path)))
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _checked=False, p=path: self.open_path(p))
        if recent:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("&Clear the list", self._clear_recent)
        self.recent_menu.setEnabled(bool(recent))

    def _clear_recent(self) -> None:
        self.settings.clear_recent_files()
        self._rebuild_recent_menu()

    # --- following the document -------------------------------------------------------------

    def _map_changed(self, changes) -> None:
        self.canvas.map_changed(changes)
        self._show_hex(self.canvas.hovered_hex)

    def _map_replaced(self) -> None:
        if self.document is not None:
            self.canvas.map_replaced(self.document.map)

    def _dirty_changed(self, dirty: bool) -> None:
        self.setWindowModified(dirty)

    def _path_changed(self, _path) -> None:
        self._update_title()

    def _update_title(self) -> None:
        document = self.document
        if document is None:
            self.setWindowTitle(APP_TITLE)
            self.setWindowModified(False)
        else:
            self.setWindowTitle(f"{document.title}[*] — {APP_TITLE}")
            self.setWindowModified(document.dirty)
        self._update_actions()

    def _update_actions(self) -> None:
        has_document = self.document is not None
        for action in (self.save_action, self.save_as_action, self.close_action):
            action.setEnabled(has_document)

    def _after_save(self, saved: bool) -> None:
        if saved:
            self._rebuild_recent_menu()
            if self.document_in_charge() is self.document:
                self._update_title()  # (a play mode titles the window with its own document)

    def _show_hex(self, h: Hex | None) -> None:
        self.hex_info.setText(describe_hex(self.document.map, h) if self.document else "")

    def _show_zoom(self) -> None:
        self.zoom_info.setText(f"{self.canvas.zoom * 100:.0f}%" if self.document else "")



def describe_hex(m: HexMap, h: Hex | None) -> str:
    """The status-bar line for a hex: "0512 · Forest · elevation 2 · Thala (village, 2 VP)"."""
    if h is None or not m.contains(h):
        return ""
    terrain = m.terrain(h)
    kind = m.palette.terrains.get(terrain)
    parts = [m.label(h), kind.label if kind else terrain, f"elevation {m.elevation(h)}"]
    if m.is_river(h):
        parts.append("river with a bridge" if m.has_bridge(h) else "river")
    if m.on_road(h):
        parts.append("road")
    place = m.place_at(h)
    if place is not None:
        points = ", ".join(
            text
            for value, text in ((place.vp, f"{place.vp} VP"), (place.pp, f"{place.pp} PP"))
            if value
        )
        parts.append(f"{place.name} ({place.kind}{', ' + points if points else ''})")
    return " · ".join(parts)


def _dropped_file(event) -> Path | None:
    mime = event.mimeData()
    if not mime.hasUrls():
        return None
    for url in mime.urls():
        if url.isLocalFile():
            return Path(url.toLocalFile())
    return None


__all__ = ["MainWindow", "describe_hex"]
