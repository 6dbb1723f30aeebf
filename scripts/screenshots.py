"""Make the pictures the README and the user guide show, from the real program.

    python scripts/screenshots.py            # every shot, into docs/screenshots/
    python scripts/screenshots.py main-window --out /tmp/shots

Each picture is a function registered with `@shot("name")`: it gets a `Studio` that
opens the real MainWindow offscreen, and returns the widget to grab. The pictures of
each part of the program are in a file of their own, scripts/shots/*.py (the editor,
a Kasserine game, the umpire's desk), outside the package: such a file defines
`SHOTS`, a dict of name -> function taking a MainWindow on the sample CM map and
returning the widget to grab (and `WINDOW_SIZES` for a shot wanting another window
size), or `register(shot, studio_class)`, called with this module's `shot` decorator
and `Studio` class before any picture is taken.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

if not os.environ.get("QT_QPA_PLATFORM"):
    os.environ["QT_QPA_PLATFORM"] = "offscreen"  # pictures need no display

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))  # run from a checkout without installing

from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from hexcampaign.app import MainWindow  # noqa: E402
from hexcampaign.hexes import Hex  # noqa: E402
from hexcampaign.maps import load_map  # noqa: E402
from hexcampaign.paths import maps_path  # noqa: E402

WINDOW_SIZE = (1400, 900)
SHOTS: dict[str, Callable[[Studio], QWidget]] = {}


def shot(name: str) -> Callable[[Callable[[Studio], QWidget]], Callable[[Studio], QWidget]]:
    """Register a function making the picture docs/screenshots/<name>.png."""

    def register(make: Callable[[Studio], QWidget]) -> Callable[[Studio], QWidget]:
        SHOTS[name] = make
        return make

    return register


@dataclass
class Studio:
    """What a shot needs: the application and fresh windows on shipped maps."""

    app: QApplication
    windows: list[MainWindow] = field(default_factory=list)

    def window(
        self,
        map_file: Path | None = None,
        size: tuple[int, int] = WINDOW_SIZE,
        play_modes: bool = False,
    ) -> MainWindow:
        """A shown MainWindow on `map_file`; with `play_modes`, the whole program as
        `hexcampaign` starts it (shots that install a mode themselves leave it off)."""
        window = MainWindow()
        if play_modes:
            window.install_play_modes()
        window.resize(*size)
        window.show()
        if map_file is not None:
            window.open_map(load_map(map_file), map_file)
        self.settle()
        self.windows.append(window)
        return window

    def settle(self) -> None:
        for _ in range(3):
            self.app.processEvents()

    def close_all(self) -> None:
        for window in self.windows:
            if window.document is not None:
                window.document.undo_stack.setClean()  # never ask about saving
            window.close()
        self.windows.clear()
        self.settle()


# --- the shots ---------------------------------------------------------------------------


@shot("main-window")
def main_window(studio: Studio) -> QWidget:
    """The README picture: the sample CM campaign map, whole, in the main window."""
    window = studio.window(maps_path("cm-sample.hexmap"), play_modes=True)
    m = window.document.map
    # Close enough that names and points read at README size; most of the map shows.
    window.canvas.set_zoom(0.75)
    centre = m.at(m.cols // 2, m.rows // 2)
    window.canvas.center_on_hex(centre)
    # The pointer rests on the town nearest the middle: the status bar describes it.
    nearest = min(m.places(), key=lambda p: p.hex.distance(centre), default=None)
    if nearest is not None:
        _hover(studio, window, nearest.hex)
    return window


@shot("main-window-kasserine")
def main_window_kasserine(studio: Studio) -> QWidget:
    """The Kasserine Pass map at play zoom: terrain, river, roads, cliffs, towns."""
    window = studio.window(maps_path("kasserine/kasserine.hexmap"), play_modes=True)
    m = window.document.map
    window.canvas.set_zoom(1.4)
    centre = (
        m.place("Kasserine").hex if _has_place(m, "Kasserine") else m.hexes()[len(m.hexes()) // 2]
    )
    window.canvas.center_on_hex(centre)
    _hover(studio, window, centre)
    return window


# --- helpers -----------------------------------------------------------------------------


def _on_sample_map(
    make: Callable[[MainWindow], QWidget], size: tuple[int, int] = WINDOW_SIZE
) -> Callable[[Studio], QWidget]:
    def shoot(studio: Studio) -> QWidget:
        return make(studio.window(maps_path("cm-sample.hexmap"), size=size))

    return shoot


def _has_place(m, name: str) -> bool:
    return any(p.name == name for p in m.places())


def _hover(studio: Studio, window: MainWindow, h: Hex) -> None:
    """Show the status bar as when the pointer rests on `h`."""
    window.canvas.hovered_hex = h
    window.canvas.hex_hovered.emit(h)
    studio.settle()


SHOTS_FOLDER = REPO / "scripts" / "shots"


def load_more_shots(folder: Path = SHOTS_FOLDER) -> None:
    """Register the shots of every file in scripts/shots/ (see the module's docstring)."""
    for path in sorted(folder.glob("*.py")) if folder.is_dir() else []:
        module = load_shot_file(path)
        sizes = getattr(module, "WINDOW_SIZES", {})
        for name, make in getattr(module, "SHOTS", {}).items():
            SHOTS.setdefault(name, _on_sample_map(make, sizes.get(name, WINDOW_SIZE)))
        if hasattr(module, "register"):
            module.register(shot, Studio)


def load_shot_file(path: Path) -> ModuleType:
    """One file of scripts/shots/ as a module (shots_<its name>); a broken one raises."""
    spec = importlib.util.spec_from_file_location(f"shots_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"{path} is not a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # as an import does: dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    load_more_shots()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help=f"shots to make (default all: {', '.join(SHOTS)})")
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "screenshots")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in SHOTS]
    if unknown:
        parser.error(f"unknown shot {unknown[0]!r}; the shots are {', '.join(SHOTS)}")
    # Shots start from a fresh user: no recent files, no saved dock layout or autosaves.
    scratch = Path(tempfile.mkdtemp(prefix="hexcampaign-shots-"))
    os.environ["HEXCAMPAIGN_CONFIG_DIR"] = str(scratch / "config")
    os.environ["HEXCAMPAIGN_DATA_DIR"] = str(scratch / "data")
    app = QApplication.instance() or QApplication(["hexcampaign-screenshots"])
    studio = Studio(app)
    args.out.mkdir(parents=True, exist_ok=True)
    for number, name in enumerate(args.names or list(SHOTS)):
        # Each shot starts from a fresh user too: a dock layout saved when an earlier
        # shot's window closed would otherwise be restored into this one.
        os.environ["HEXCAMPAIGN_CONFIG_DIR"] = str(scratch / f"config-{number}")
        widget = SHOTS[name](studio)
        studio.settle()
        target = args.out / f"{name}.png"
        if not widget.grab().save(str(target)):
            print(f"Could not write {target}.", file=sys.stderr)
            return 1
        print(f"Wrote {target} ({widget.width()}×{widget.height()}).")
        studio.close_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())
