"""The main window: the map canvas (or the start page) in the middle, the menus, the
status bar, and which mode is in charge.

It holds the map shown (`document`, followed by `document_changed`); modes (the editor,
the games) hang their menus, docks and tools on it through `menu(title)`, `canvas` and
`set_mode`. Its parts live in app/window/: the menus, Open recent, the mode switch,
the status bar, the map as a kind of file, dropped files. Opening any file goes through
the one flow of app/dialogs/files.py (ask about unsaved work first, then load, then
show); nothing the user does here may lose work, and a failed save keeps the document
(still dirty) and says why in one sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QMainWindow, QMenu, QStackedWidget, QWidget

from hexcampaign.app.canvas import MapView
from hexcampaign.app.dialogs import files
from hexcampaign.app.document import Document, MapDocument
from hexcampaign.app.i18n import QT_TRANSLATE_NOOP, translate
from hexcampaign.app.modes import Mode, PlayMode
from hexcampaign.app.plain_text import literal
from hexcampaign.app.settings import Settings
from hexcampaign.app.window import file_guard, screen_fit
from hexcampaign.app.window.drops import dropped_file
from hexcampaign.app.window.file_watch import FileWatch
from hexcampaign.app.window.map_files import MapOpener, say_missing_underlay
from hexcampaign.app.window.menus import LAYER_TITLES, MENU_ORDER, MenuBar, build_window_menus
from hexcampaign.app.window.mode_switch import PLAY_MODES, ModeSwitch
from hexcampaign.app.window.recent_files import RecentFilesMenu
from hexcampaign.app.window.status import StatusLine, describe_hex
from hexcampaign.maps import HexMap
from hexcampaign.maps.changes import ChangeSet

if TYPE_CHECKING:  # the page is imported when first built (a file given needs none)
    from hexcampaign.app.start_page import StartPage

APP_TITLE = "hexcampaign"
# The menus a window always has, made first (in MENU_ORDER) when their entries come later.
WINDOW_MENUS = ("&File", "&Edit", "&View", "&Mode", "&Map", "&Layers", "&Help")
MAP_SUFFIX = MapDocument.SUFFIX
MAP_FILTER = MapDocument.FILE_FILTER


class MainWindow(QMainWindow):
    document_changed = Signal(object)  # MapDocument | None, after it is shown
    mode_changed = Signal(object)  # the mode now in charge (see set_mode)

    def __init__(
        self,
        settings: Settings | None = None,
        parent: QWidget | None = None,
        editor: bool = True,
        start_page: bool = True,
        menus: bool = True,
    ) -> None:
        """`start_page=False` (a file given on the command line) leaves the start page
        unbuilt until something first wants it (`start_page`): the file is shown at
        once, and a window that never shows the page never pays for it. `menus=False`
        makes only the menus' titles, for a first frame: `furnish_menus` fills them."""
        super().__init__(parent)
        self.settings = settings or Settings()
        self.document: MapDocument | None = None
        self.canvas = MapView(self)
        self._start_page: StartPage | None = None
        self.central = QStackedWidget(self)
        self.central.addWidget(self.canvas)
        self.setCentralWidget(self.central)
        # Only the page in front (the start page or the map) sets the window's minimum.
        self.central.currentChanged.connect(lambda _i: screen_fit.pages_in_sight_only(self.central))
        self.status = StatusLine(self)
        self.hex_info, self.zoom_info = self.status.hex_info, self.status.zoom_info
        self._shown_once = False
        # The file of the document in charge is watched: a change by another window or
        # program is said at once (window/file_watch.py).
        self.file_watch = FileWatch(self)
        # suffix -> function(path) -> opened?, for the files of the play modes; anything
        # else is tried as a map.
        self.openers: dict[str, Callable[[Path], bool]] = {}
        self.modes = ModeSwitch(self)
        self.menus = MenuBar(self)
        self.layer_actions: dict[str, QAction] = {}
        self.recent_menu: QMenu
        self.save_action: QAction
        self.save_as_action: QAction
        self.close_action: QAction
        self.reset_layout_action: QAction  # View › Reset layout (window/menus.py)
        self.recent: RecentFilesMenu
        self._furnished = False
        if menus:
            self.furnish_menus()
        else:
            for title in WINDOW_MENUS:
                self.menus.menu(title)
        self.canvas.hex_hovered.connect(self._show_hex)
        self.canvas.viewport_changed.connect(self._show_zoom)
        self.canvas.message.connect(self.show_message)
        self.setAcceptDrops(True)
        self.resize(1280, 800)
        geometry = self.settings.value("window_geometry")
        if isinstance(geometry, str):
            self.restoreGeometry(QByteArray.fromBase64(geometry.encode()))
        self._update_title()
        self.editor: Any = None
        # Who opens, closes and starts maps: the editor, or a plain opener without it.
        self.maps: Any = MapOpener(self)
        if editor:
            self.install_editor()
        if start_page:
            self.modes.show_central()  # (builds the start page: nothing is open yet)
        # The default or remembered size within this screen (saved on a larger one, or
        # at another scale factor: 2,560×1,600 on an 800×500 screen at scale 2).
        screen_fit.fit_to_screen(self)

    def furnish_menus(self) -> None:
        """The window's own entries in File, View, Layers and Help, and Open recent;
        once. A document on the command line has them made just after its first frame,
        which shows the menus' titles only: their actions, shortcuts and icons cost
        PySide about 25 M instructions of that start-up (QIcon's and QKeySequence's
        enums alone 17 M)."""
        if self._furnished:
            return
        self._furnished = True
        build_window_menus(self, self.menus)
        self.recent = RecentFilesMenu(self.recent_menu, self.settings, self.open_path)
        # Modes add their games and campaigns to the list too: refresh on every look.
        self.menu("&File").aboutToShow.connect(self.recent.rebuild)
        self._update_title()

    def _file_actions(self) -> tuple[QAction, ...]:
        """Save, Save as and Close (none before the menus are furnished)."""
        return (self.save_action, self.save_as_action, self.close_action) if self._furnished else ()

    def install_editor(self) -> None:
        """Build the map editor, first in the Mode menu and in charge unless a mode is.
        A game or campaign on the command line builds it just after the first paint of
        its map, which shows none of the editor's docks (~30 ms of start-up)."""
        if self.editor is not None:
            return
        from hexcampaign.app.editor import EditorMode

        self.editor = EditorMode(self)
        if self.modes.mode is None:
            self.modes.mode = self.editor  # in charge until a game mode takes over
        entries = self.menu("&Mode").actions()  # the play modes, when offered already
        self.modes.add_mode(
            str(QT_TRANSLATE_NOOP("MenuBar", "Map &editor")),  # (its stub returns object)
            self.editor,
            before=entries[0] if entries else None,
        )
        self.maps = self.editor

    @property
    def start_page(self) -> StartPage:
        """The start page, which stands where the map goes while nothing is open; built
        the first time it is wanted."""
        if self._start_page is None:
            from hexcampaign.app.start_page import StartPage

            self._start_page = StartPage(self.settings, self)
            self.central.insertWidget(0, self._start_page)
            self._connect_start_page()
        return self._start_page

    def addDockWidget(self, area: Any, dock: Any, *args: Any) -> None:  # noqa: N802 (Qt's)
        """Every mode's docks come here: their controls are named for a screen reader
        (app/accessible.py) as the window takes them, or, before the window first
        shows, when they show with it (named once, not twice: ~8 ms of the editor's
        start-up). Imported here: the widget classes it names create their Python enums
        (28 of them), which a game's or campaign's first paint, with no dock, does without."""
        from hexcampaign.app.accessible import name_controls

        super().addDockWidget(area, dock, *args)
        name_controls(dock, now=self.isVisible())

    def tabifyDockWidget(self, first: Any, second: Any) -> None:  # noqa: N802 (Qt's)
        """A dock put in a tab behind another is named as one added (addDockWidget)."""
        from hexcampaign.app.accessible import name_controls

        super().tabifyDockWidget(first, second)
        name_controls(second, now=self.isVisible())

    def show_preview(self, hexmap: HexMap) -> None:
        """Show `hexmap` alone, no document: the map of a game or campaign on the
        command line, painted while its engine loads; the docks of the mode in charge
        are put aside until the document comes (its open shows the central widget
        again, or the start page when it fails)."""
        self.modes.put_docks_aside()
        self.canvas.show_map(hexmap)
        self.central.setCurrentWidget(self.canvas)

    # --- the contract modes build on -------------------------------------------------------

    @property
    def mode(self) -> Any:
        """The mode in charge (the editor, a game, the campaign desk: a PlayMode,
        see app/modes.py), or None."""
        return self.modes.mode

    @property
    def mode_actions(self) -> dict[object, QAction]:
        return self.modes.actions

    def menu(self, title: str) -> QMenu:
        """The top-level menu with this title, created in the usual order if new."""
        return self.menus.menu(title)

    def set_mode(self, mode: Mode | None) -> None:
        """Put `mode` in charge: the one before is deactivated first, then it is activated."""
        self.modes.set_mode(mode)

    def add_mode(self, title: str, mode: Mode, suffixes: tuple[str, ...] = ()) -> QAction:
        """Offer `mode` in the Mode menu and open files with `suffixes` through it."""
        return self.modes.add_mode(title, mode, suffixes)

    def install_play_modes(self) -> None:
        """Offer Kasserine Pass and the CM campaign (each built when first wanted)."""
        self.modes.install_play_modes()

    def play_mode(self, module_name: str) -> PlayMode | None:
        """The play mode of `module_name`, built now if it was not yet (None: not loaded)."""
        return self.modes.play_mode(module_name)

    def show_message(self, text: str, ms: int = 6000) -> None:
        """A sentence in the status bar."""
        self.status.show_message(text, ms)

    def show_refusal(self, sentence: str) -> None:
        """The one way an engine's refusal is shown (the play modes connect their
        document's `refused` signal here): the sentence, plain, in the status bar."""
        self.status.show_refusal(sentence)

    def show_error(self, title: str, sentence: str) -> None:
        from PySide6.QtWidgets import QMessageBox  # (named here as name_controls is)

        QMessageBox.critical(self, title, literal(sentence))

    def set_document(self, document: MapDocument | None) -> None:
        """Show `document` (or nothing) and tell the modes."""
        old = self.document
        if old is not None:
            for signal in (old.changed, old.dirty_changed, old.path_changed):
                try:
                    signal.disconnect(self)
                except (RuntimeError, TypeError):
                    pass
        self.document = document
        if document is not None:
            document.setParent(self)
            document.changed.connect(self._map_changed)
            document.dirty_changed.connect(self._dirty_changed)
            document.path_changed.connect(self._path_changed)
        self.canvas.show_map(document.map if document is not None else None)
        self.modes.show_central()
        self._update_title()
        self._show_zoom()
        self.document_changed.emit(document)
        if old is not None and old is not document:
            old.release()

    def document_in_charge(self) -> Document | None:
        """What File > Save, Save As and Close work on: the document of the mode in
        charge (a game, a campaign), or the map."""
        if self.mode is not None and self.mode is not self.editor:
            return self.mode.document
        return self.document

    def displayed_title(self) -> str:
        """The title as the window manager shows it ("[*]" becomes "*" when dirty)."""
        return self.windowTitle().replace("[*]", "*" if self.isWindowModified() else "")

    # --- file commands: the one flow of dialogs/files.py ----------------------------------

    def open_path(self, path: Path | str) -> bool:
        """Open a map, a game or a campaign (asks first about the unsaved work it would
        replace). False when not opened; the reason has then been shown in a dialog."""
        # A dead program's autosave of this very file is offered first (restore it,
        # discard it, or open the file and keep it for later). Imported here, as below:
        # a document on the command line is opened after the first paint.
        from hexcampaign.app import play_recovery

        path = play_recovery.before_opening(self, path, self.ask_restore)
        opener = self.openers.get(path.suffix.lower())
        if opener is not None:
            return opener(path)
        return bool(self.maps.open_path(path))

    def ask_restore(self, orphan: Any) -> str:
        """The recovery question for one autosave (RESTORE, DISCARD or LATER): the
        editor's, the one asked at start; a window without the editor keeps it (LATER)."""
        from hexcampaign.app import play_recovery

        ask = getattr(self.editor, "ask_restore_play", None)
        return str(ask(orphan)) if callable(ask) else play_recovery.LATER

    def open_dialog(self) -> bool:
        patterns = " ".join(f"*{suffix}" for suffix in (MAP_SUFFIX, *sorted(self.openers)))
        filters = f"Everything hexcampaign opens ({patterns});;{MAP_FILTER}"  # shown translated
        path = files.ask_open_path(self, translate("Files", "Open"), filters)
        return self.open_path(path) if path else False

    def open_map(self, hexmap: HexMap, path: Path | str | None = None) -> None:
        """Show an already loaded map (the command line loads before the window opens)."""
        self.set_document(MapDocument(hexmap, Path(path) if path else None))
        if self.document is not None:
            say_missing_underlay(self, self.document)
        if path and self._shown_once:
            self._remember_recent(path)
        elif path:
            # The command line's map, before the window first shows: its place in Open
            # recent is written just after the first paint (the settings file is written
            # and synced to the disk: 1-14 ms of that paint on a busy machine).
            shown = Path(path)
            self.canvas.first_painted.connect(
                lambda: QTimer.singleShot(0, self, lambda: self._remember_recent(shown))
            )

    def _remember_recent(self, path: Path | str) -> None:
        self.settings.add_recent_file(path)
        self.recent.rebuild()

    def new_map(self) -> bool:
        return bool(self.maps.new_document())

    def save(self) -> bool:
        """File > Save: the game or campaign when a play mode is in charge, else the map;
        asks first when the file on disk is no longer what this window opened or saved."""
        return self._after_save(file_guard.save(self, self.document_in_charge()))

    def save_as(self) -> bool:
        return self._after_save(files.save_as(self, self.document_in_charge()))

    def save_to(self, path: Path | str) -> bool:
        """Save the map to `path`; on failure say why and keep it dirty."""
        if self.document is None:
            return False
        return self._after_save(files.save_to(self, self.document, path))

    def close_document(self) -> bool:
        """File > Close: put away what is in charge (asking about unsaved changes first);
        the start page shows when nothing is left."""
        if self.mode is not None and self.mode is not self.editor:
            closed = bool(self.mode.close_document())
            if closed and self.editor is not None:
                self.set_mode(self.editor)
                self.set_document(None)
            return closed
        return bool(self.maps.close_document())

    def maybe_save(self) -> bool:
        """True when it is fine to drop the current map (saved, discarded, clean)."""
        return bool(self.maps.maybe_close())

    # --- Qt events -----------------------------------------------------------------------

    def showEvent(self, event: Any) -> None:
        # Docks the modes keep hidden can still stretch the window while it first lays
        # itself out; give it back the size it was given (or remembered) just after.
        wanted = self.size()
        super().showEvent(event)
        if not self._shown_once:
            self._shown_once = True
            QTimer.singleShot(0, self, lambda: self._first_fit(wanted))

    def _first_fit(self, wanted: Any, tries: int = 10) -> None:
        """Once framed by the window manager (the title bar's height known), the size
        wanted, within the screen."""
        self.resize(wanted)
        screen_fit.fit_to_screen(self)
        handle = self.windowHandle()
        if tries > 0 and (handle is None or not handle.isExposed()):
            QTimer.singleShot(50, self, lambda: self._first_fit(self.size(), tries - 1))

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        # Docks shown with a mode can stretch the window past the screen: back within it.
        if self._shown_once and not screen_fit.fits(self):
            QTimer.singleShot(0, self, lambda: screen_fit.fit_to_screen(self))

    def closeEvent(self, event: QCloseEvent) -> None:
        # Every document with work of its own (a game, a campaign) is asked about before
        # the map, each by its own mode's question; Cancel on any keeps the window open.
        modes = self.modes.play_modes.values()
        if all(mode.maybe_close() for mode in modes) and self.maybe_save():
            geometry = bytes(self.saveGeometry().toBase64().data()).decode("ascii")
            self.settings.set_value("window_geometry", geometry)
            # Every question is answered: nothing is left for a recovery to offer.
            from hexcampaign.app.autosave import close_autosaves_of

            close_autosaves_of(self)
            self.file_watch.stop()
            event.accept()
        else:
            event.ignore()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if dropped_file(event) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if dropped_file(event) is not None:
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        path = dropped_file(event)
        if path is None:
            event.ignore()
            return
        event.acceptProposedAction()
        self.open_path(path)

    # --- following the map shown -----------------------------------------------------------

    def _connect_start_page(self) -> None:
        page = self.start_page
        page.new_kasserine.connect(lambda: self.modes.start_new("hexcampaign.app.kasserine"))
        page.new_campaign.connect(lambda: self.modes.start_new("hexcampaign.app.campaign"))
        page.new_map.connect(self.new_map)
        page.open_requested.connect(self.open_dialog)
        page.recent_chosen.connect(self.open_path)

    def _map_changed(self, changes: ChangeSet, _initiator: object = None) -> None:
        # The one signal the canvas follows: a swapped map object (resize, palette) is
        # rebuilt whole, any other change repaints what the ChangeSet names.
        document = self.document
        if document is None:
            return
        if self.canvas.hexmap is not document.map:
            self.canvas.map_replaced(document.map)
        else:
            self.canvas.map_changed(changes)
        self._show_hex(self.canvas.hovered_hex)

    def _dirty_changed(self, dirty: bool) -> None:
        self.setWindowModified(dirty)

    def _path_changed(self, _path: object) -> None:
        self._update_title()

    def update_title(self) -> None:
        """The title names the document File > Save saves: the map in the editor, the
        game or campaign while its mode is in charge (the mode words its own title, as
        it does when its document changes); Save, Save As and Close are enabled only
        when there is one."""
        mode = self.mode
        if mode is not None and mode is not self.editor:
            document = getattr(mode, "document", None)
            for action in self._file_actions():
                action.setEnabled(document is not None)
            if document is None:
                entry = self.modes.actions.get(mode)
                words = entry.text().replace("&", "") if entry is not None else ""
                self.setWindowTitle(f"{words} — {APP_TITLE}" if words else APP_TITLE)
                self.setWindowModified(False)
            else:
                refresh = getattr(getattr(mode, "files", None), "update_title", None)
                if callable(refresh):
                    refresh()
            self.file_watch.follow(document)
            return
        document = self.document
        if document is None:
            self.setWindowTitle(APP_TITLE)
            self.setWindowModified(False)
        else:
            self.setWindowTitle(f"{document.title}[*] — {APP_TITLE}")
            self.setWindowModified(document.dirty)
        for action in self._file_actions():
            action.setEnabled(document is not None)
        self.file_watch.follow(document)

    _update_title = update_title

    def _after_save(self, saved: bool) -> bool:
        if saved:
            self.recent.rebuild()
            self.file_watch.follow(self.document_in_charge())  # (a first save, Save As)
            if self.document_in_charge() is self.document:
                self._update_title()  # (a play mode titles the window with its own document)
        return saved

    def _show_hex(self, h: Any) -> None:
        self.status.show_hex(self.document.map if self.document else None, h)

    def _show_zoom(self) -> None:
        self.status.show_zoom(self.canvas.zoom if self.document else None)


__all__ = [
    "APP_TITLE",
    "LAYER_TITLES",
    "MENU_ORDER",
    "PLAY_MODES",
    "MainWindow",
    "describe_hex",
]
