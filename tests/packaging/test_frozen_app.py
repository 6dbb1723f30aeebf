"""The one-folder app that `make package` builds, run as a user would run it.

Slow (a PyInstaller build, about half a minute here), so behind the `package` marker:

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest -m package tests/packaging -s

A dist/hexcampaign/ newer than every source, resource, map and packaging file is reused;
otherwise it is rebuilt exactly as `make package` does, and the build time and folder
size are printed.
"""

from __future__ import annotations

import filecmp
import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.package

TOP = Path(__file__).resolve().parents[2]
DIST = TOP / "dist"
FOLDER = DIST / "hexcampaign"
PROGRAM = FOLDER / "hexcampaign"
BUILD_INPUTS = ["src", "resources", "maps", "packaging", "pyproject.toml"]


@pytest.fixture(scope="module")
def frozen_app() -> Path:
    if not _fresh():
        _build()
    assert PROGRAM.is_file() and os.access(PROGRAM, os.X_OK)
    return PROGRAM


def run_frozen(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    # As from a desktop-less session: no display, Qt told to draw offscreen.
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    return subprocess.run(
        [str(PROGRAM), *arguments], capture_output=True, text=True, cwd=cwd, env=env, timeout=120
    )


def showcase_map() -> Path:
    kasserine = TOP / "maps" / "kasserine" / "kasserine.hexmap"
    return kasserine if kasserine.is_file() else TOP / "maps" / "cm-sample.hexmap"


def test_frozen_app_renders_the_kasserine_map_to_a_png(frozen_app, tmp_path):
    from PySide6.QtGui import QImage

    out = tmp_path / "out.png"
    result = run_frozen("render", str(showcase_map()), "-o", str(out), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = QImage(str(out))
    assert not image.isNull() and image.width() > 500 and image.height() > 500
    assert f"{image.width()}×{image.height()}" in result.stdout
    row = image.height() // 2
    assert len({image.pixel(x, row) for x in range(0, image.width(), 7)}) > 10  # a map, not a fill


def test_frozen_app_draws_what_the_source_tree_draws(frozen_app, tmp_path):
    """Same map, same size: the bundled palettes and fonts reach the painter intact."""
    from PySide6.QtGui import QImage

    frozen, source = tmp_path / "frozen.png", tmp_path / "source.png"
    run_frozen("render", str(showcase_map()), "-o", str(frozen), cwd=tmp_path)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    subprocess.run(
        [sys.executable, "-m", "hexcampaign.cli", "render", str(showcase_map()), "-o", str(source)],
        check=True, capture_output=True, cwd=tmp_path, env=env, timeout=120,
    )  # fmt: skip
    a, b = QImage(str(frozen)), QImage(str(source))
    assert (a.width(), a.height()) == (b.width(), b.height())
    step = max(1, a.width() // 60)
    samples = [(x, y) for x in range(0, a.width(), step) for y in range(0, a.height(), step)]
    same = sum(a.pixel(x, y) == b.pixel(x, y) for x, y in samples)
    assert same / len(samples) > 0.98


def test_frozen_app_carries_resources_and_maps_where_paths_look(frozen_app):
    inside = FOLDER / "_internal" / "hexcampaign"
    for shipped, source in (
        (inside / "resources", TOP / "resources"),
        (inside / "maps_data", TOP / "maps"),
    ):
        comparison = filecmp.dircmp(shipped, source)
        assert not comparison.left_only and not comparison.right_only, source
        assert not comparison.diff_files, comparison.diff_files
    # The window's German (app/i18n.py) ships compiled, as the source tree has it.
    qm = "translations/hexcampaign_de.qm"
    assert (inside / "resources" / qm).read_bytes() == (TOP / "resources" / qm).read_bytes()


def test_frozen_app_refuses_a_broken_map_with_one_sentence(frozen_app, tmp_path):
    broken = tmp_path / "broken.hexmap"
    broken.write_text('{"format": "hexcampaign-map", "version": 2, "grid": ')
    result = run_frozen("render", str(broken), "-o", str(tmp_path / "x.png"), cwd=tmp_path)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "broken.hexmap" in result.stderr
    assert not (tmp_path / "x.png").exists()


def test_frozen_app_reports_its_version(frozen_app, tmp_path):
    import hexcampaign

    result = run_frozen("--version", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout.strip() == f"hexcampaign {hexcampaign.__version__}"


def test_frozen_folder_registers_itself_with_the_desktop(frozen_app, tmp_path):
    """A user who unpacked the folder runs its desktop/install_desktop.py with any python3."""
    result = subprocess.run(
        [sys.executable, str(FOLDER / "desktop" / "install_desktop.py"),
         "--prefix", str(tmp_path), "--no-caches"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    launcher = tmp_path / "share" / "applications" / "io.github.hexcampaign.HexCampaign.desktop"
    exec_line = next(
        line.split("=", 1)[1]
        for line in launcher.read_text().splitlines()
        if line.startswith("Exec=")
    )
    assert shlex.split(exec_line) == [str(PROGRAM), "%f"]


# -- building -----------------------------------------------------------------------------


def _fresh() -> bool:
    if not PROGRAM.is_file():
        return False
    built = PROGRAM.stat().st_mtime
    for name in BUILD_INPUTS:
        path = TOP / name
        paths = [path] if path.is_file() else (p for p in path.rglob("*") if p.is_file())
        for p in paths:
            if "__pycache__" not in p.parts and p.stat().st_mtime > built:
                return False
    return True


def _build() -> None:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        # A build tool, not a dependency: installed on demand, as `make package` does.
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "-q", "pyinstaller>=6.3"],
            check=True,
            timeout=600,
        )
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
         "--distpath", str(DIST), "--workpath", str(TOP / "build" / "pyinstaller"),
         str(TOP / "packaging" / "hexcampaign.spec")],
        capture_output=True, text=True, cwd=TOP, timeout=1200,
    )  # fmt: skip
    seconds = time.monotonic() - started
    assert result.returncode == 0, result.stderr[-4000:]
    # Symlinks (PyInstaller links shared libraries) are not counted twice.
    size = sum(p.lstat().st_size for p in FOLDER.rglob("*") if p.is_file() and not p.is_symlink())
    print(f"\nPyInstaller build: {seconds:.0f} s; dist/hexcampaign/ is {size / 2**20:.0f} MiB")


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="no Xvfb (apt-get install xvfb)")
def test_frozen_app_opens_its_window_on_an_x_display(frozen_app, tmp_path):
    """The window itself, through Qt's X11 plugin and the bundled xcb libraries."""
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", "1", "-screen", "0", "1280x900x24", "-nolisten", "tcp"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        display = server.stdout.readline().strip()
        assert display, "Xvfb did not start"
        env = {
            k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")
        }
        env["DISPLAY"] = f":{display}"
        result = subprocess.run(
            [str(PROGRAM), str(showcase_map()), "--quit-after-first-paint"],
            capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120,
        )  # fmt: skip
        assert result.returncode == 0, result.stderr[-2000:]
        assert "Could not load the Qt platform plugin" not in result.stderr
    finally:
        server.terminate()
        server.wait(timeout=30)
