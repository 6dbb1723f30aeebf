"""Starting Qt for the command line's window (a picture without one: app/headless.py).
The command (`hexcampaign.cli`) stays free of Qt imports; it calls these."""

from __future__ import annotations

import gc
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from hexcampaign import __version__

if TYPE_CHECKING:
    from hexcampaign.maps import HexMap

# The program's own modules are imported in the functions, after pyside_reads_no_sources:
# PySide would read the source of each imported before it (about 20 of them, the
# map's model and file format, 5-8 ms of a window's start).

DESKTOP_ID = "io.github.hexcampaign.HexCampaign"
PREVIEWED = (".kpgame", ".hxcampaign")  # files that carry their map, shown before they open
FIRST_PAINT = "hexcampaign: first paint"  # on stderr under --quit-after-first-paint


def run_window(
    hexmap: HexMap | None,
    path: Path | None,
    quit_after_first_paint: bool = False,
    language: str | None = None,
) -> int:
    """Open the main window on `hexmap` (read from `path`), or on another kind of file
    at `path`, or on the start page; run until it closes. The caller has paused the
    cyclic garbage collector; it is resumed here once the window is built.

    A game or campaign shows its map at once, read from the file without its engine;
    the engine is imported and the file opened through the one open flow just after
    that first paint (the rules, pydantic and the mode's docks cost more than the rest
    of the start-up together). `quit_after_first_paint` says on stderr when the first
    frame was painted (for the start-up benchmark) and quits once the file is open,
    with exit code 1 when it was refused (its sentence shown as always). `language`
    (--lang) overrides HEXCAMPAIGN_LANG and the desktop's locale (app/i18n.py)."""
    pyside_reads_no_sources()
    from hexcampaign.app import MainWindow, i18n

    running = QApplication.instance()
    app = running if isinstance(running, QApplication) else QApplication([sys.argv[0] if sys.argv else "hexcampaign"])
    app.setApplicationName("hexcampaign")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(DESKTOP_ID)  # before the window shows: Wayland reads it then
    i18n.install(app, language)  # before any widget is made: each words itself once
    # The document's map shows alone at first, a map's as a game's or campaign's: the
    # editor and the engine, whose docks and rules are not in that first frame, and the
    # menus' entries, are built just after it (the editor's docks alone cost a map ~25%
    # of its start-up).
    preview = hexmap if hexmap is not None else preview_map(path) if path is not None else None
    window = MainWindow(start_page=path is None, editor=preview is None, menus=preview is None)
    if preview is None:
        window.install_play_modes()
    if preview is not None:
        window.show_preview(preview)
    elif path is not None:
        window.open_path(path)
        if window.document is None and window.mode is window.editor:
            window.modes.show_central()  # not opened: the start page
    if preview is not None:
        opened = path

        def open_after_first_paint() -> None:
            window.furnish_menus()
            window.install_play_modes()
            window.install_editor()
            if hexmap is not None:  # read already: a bad map never reaches the window
                window.open_map(hexmap, path)
                if quit_after_first_paint:
                    QTimer.singleShot(0, app.quit)
                return
            window.modes.put_docks_aside()  # the editor's docks too, until the file opens
            QTimer.singleShot(0, open_file)  # after the editor's look for crashed work

        def open_file() -> None:
            assert opened is not None  # a preview without a map is read from a file
            failed = not window.open_path(opened) and window.document_in_charge() is None
            if failed:
                window.canvas.show_map(None)  # not opened: no map of it stays behind
                window.modes.show_central()  # the start page
            if quit_after_first_paint:
                QTimer.singleShot(0, lambda: app.exit(1 if failed else 0))

        window.canvas.first_painted.connect(lambda: QTimer.singleShot(0, open_after_first_paint))
    elif quit_after_first_paint:
        if window.document is not None or window.document_in_charge() is not None:
            window.canvas.first_painted.connect(lambda: QTimer.singleShot(0, app.quit))
        else:  # the start page: quit once the window has been shown and painted
            QTimer.singleShot(0, app.quit)
    if quit_after_first_paint:
        window.canvas.first_painted.connect(lambda: print(FIRST_PAINT, file=sys.stderr, flush=True))
    # The window's icon reaches the title bar a moment after a document's first frame:
    # QIcon's enums alone cost PySide about 12 M instructions, 1% of the start-up.
    if window.document is not None or preview is not None:
        window.canvas.first_painted.connect(lambda: set_identity(app))
    else:
        set_identity(app)
    window.show()
    # Everything made so far lives as long as the window: keep the collector off it.
    gc.freeze()
    gc.enable()
    return app.exec()


def pyside_reads_no_sources() -> None:
    """PySide reads the whole source of each module imported after it, once, to look for
    the word "PySide6" (shibokensupport.feature._mod_uses_pyside: may this module switch
    to `from __feature__ import snake_case`?). That is ~135 files, Python's and ours,
    20-25 ms of CPU before a map's first paint. It is asked instead of the module itself:
    one holding a class or a module of PySide6 uses it. The answers differ only
    for a module that names PySide6 in a comment or string or for type checking alone,
    and they change nothing here, since no module of this program switches features.
    Left as it is when PySide keeps that question elsewhere."""
    feature = sys.modules.get("shibokensupport.feature")
    if feature is not None and callable(getattr(feature, "_mod_uses_pyside", None)):
        feature._mod_uses_pyside = holds_pyside  # type: ignore[attr-defined]


def holds_pyside(module: ModuleType) -> bool:
    """Whether `module` holds a class or a module of PySide6 (no other object is asked
    for its `__module__`: that could run its code)."""
    for value in list(vars(module).values()):
        if isinstance(value, ModuleType):
            owner: object = value.__name__
        elif isinstance(value, type):
            owner = value.__module__
        else:
            continue
        if isinstance(owner, str) and owner.startswith("PySide6"):
            return True
    return False


def preview_map(path: Path) -> HexMap | None:
    """The map a game or campaign file carries (its "map"), read without the engine
    that opens the file; None for any other file or anything unexpected (the open
    flow then reads the file as before and words what is wrong with it)."""
    if path.suffix.lower() not in PREVIEWED:
        return None
    from hexcampaign import files
    from hexcampaign.files import FileFormatError
    from hexcampaign.maps.fileformat import loads_map

    try:
        if path.stat().st_size > files.MAX_FILE_BYTES:
            return None
        carried = carried_map_text(path.read_bytes().decode("utf-8"))
        return loads_map(carried, path.name) if carried is not None else None
    except (OSError, ValueError, RecursionError, FileFormatError):
        return None


_SPACE = re.compile(r"[ \t\n\r]*")  # JSON's white space


def _past_space(text: str, i: int) -> int:
    found = _SPACE.match(text, i)  # (it always matches, perhaps nothing)
    return found.end() if found is not None else i


def carried_map_text(text: str) -> str | None:
    """The text of the "map" object of a JSON document whose top level is an object;
    None when there is none or the text breaks before it. The members after it are not
    read: a game's moves and states are nine tenths of its file (3 of 3.5 ms of its
    start-up were spent parsing them). The open flow reads the whole file after."""
    decode = json.JSONDecoder().raw_decode
    i = _past_space(text, 1 if text.startswith("\ufeff") else 0)
    if text[i : i + 1] != "{":
        return None
    i = _past_space(text, i + 1)
    while text[i : i + 1] == '"':
        key, i = decode(text, i)
        i = _past_space(text, i)
        if text[i : i + 1] != ":":
            return None
        i = _past_space(text, i + 1)
        start = i
        value, i = decode(text, i)
        if key == "map":
            return text[start:i] if isinstance(value, dict) else None
        i = _past_space(text, i)
        if text[i : i + 1] != ",":
            return None
        i = _past_space(text, i + 1)
    return None


def set_identity(app: QGuiApplication) -> None:
    """The desktop id (Wayland finds the launcher's icon by it) and the window icon: the
    theme's icon when the desktop files are installed, the shipped PNGs otherwise. Every
    window without an icon of its own takes it, those already shown too."""
    from PySide6.QtGui import QIcon

    from hexcampaign.paths import resources_path

    app.setDesktopFileName(DESKTOP_ID)
    fallback = QIcon()
    for size in (16, 32, 48, 64, 128, 256):
        fallback.addFile(str(resources_path(f"icons/hexcampaign-{size}.png")))
    app.setWindowIcon(QIcon.fromTheme(DESKTOP_ID, fallback))
