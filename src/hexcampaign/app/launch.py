"""Starting Qt for the command line: the window, and a headless render. The command
(`hexcampaign.cli`) stays free of Qt imports; it calls these."""

from __future__ import annotations

import gc
import sys
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import QApplication

from hexcampaign import __version__
from hexcampaign.maps import HexMap
from hexcampaign.paths import resources_path

DESKTOP_ID = "io.github.hexcampaign.HexCampaign"


def run_window(hexmap: HexMap | None, path: Path | None, quit_after_first_paint: bool = False) -> int:
    """Open the main window on `hexmap` (read from `path`), or on another kind of file
    at `path`, or on the start page; run until it closes. The caller has paused the
    cyclic garbage collector; it is resumed here once the window is built."""
    from hexcampaign.app import MainWindow

    running = QApplication.instance()
    app = running if isinstance(running, QApplication) else QApplication([sys.argv[0] if sys.argv else "hexcampaign"])
    app.setApplicationName("hexcampaign")
    app.setApplicationVersion(__version__)
    set_identity(app)
    window = MainWindow()
    window.install_play_modes()
    if hexmap is not None:
        window.open_map(hexmap, path)
    elif path is not None:
        window.open_path(path)
    if quit_after_first_paint:
        if window.document is not None:
            window.canvas.first_painted.connect(lambda: QTimer.singleShot(0, app.quit))
        else:  # the start page: quit once the window has been shown and painted
            QTimer.singleShot(0, app.quit)
    window.show()
    # Everything made so far lives as long as the window: keep the collector off it.
    gc.freeze()
    gc.enable()
    return app.exec()


def render_headless(hexmap: HexMap, target: Path, hex_size: float, layers: set[str] | None):
    """Draw `hexmap` to `target` (PNG, SVG or PDF) without a window; (width, height)."""
    from hexcampaign.app.render import render_to_file

    _app = QGuiApplication.instance() or QGuiApplication(["hexcampaign"])
    return render_to_file(hexmap, target, hex_size=hex_size, layers=layers)


def set_identity(app: QGuiApplication) -> None:
    """The desktop id (Wayland finds the launcher's icon by it) and the window icon: the
    theme's icon when the desktop files are installed, the shipped PNGs otherwise."""
    app.setDesktopFileName(DESKTOP_ID)
    fallback = QIcon()
    for size in (16, 32, 48, 64, 128, 256):
        fallback.addFile(str(resources_path(f"icons/hexcampaign-{size}.png")))
    app.setWindowIcon(QIcon.fromTheme(DESKTOP_ID, fallback))
