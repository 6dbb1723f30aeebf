"""Memory: peak RSS of the GUI process with the 200×200 map open and painted (a fresh
process, so the figure is the program's alone), beside an empty QMainWindow process;
and of `hexcampaign render` (issue 31 item 2: at most 256 MiB) to PNG, SVG and PDF of
the 200×200 map at hex size 16 and of a picture of 100 million pixels (hex size 31).
A PNG is painted by two processes (app/render/render_workers.py): the figure is the sum
of both peaks, which counts the pages they share (the imports and the map) twice."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from common import Result, big_map

from hexcampaign.maps import save_map

GUI_WITH_MAP = """
import sys
def peak_kib():
    # VmHWM belongs to this process image; ru_maxrss would carry the parent's peak
    # across fork and exec.
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from hexcampaign.app import MainWindow
from hexcampaign.maps import load_map
app = QApplication([])
window = MainWindow()
window.resize(1920, 1080)
window.open_map(load_map(sys.argv[1]), sys.argv[1])
window.show()
def done():
    window.canvas.fit_map()  # the whole map on screen: every tile painted once
    app.processEvents()
    window.canvas.viewport().repaint()
    app.quit()
window.canvas.first_painted.connect(lambda: QTimer.singleShot(200, done))
app.exec()
print(peak_kib())
"""

EMPTY_WINDOW = """
def peak_kib():
    # VmHWM belongs to this process image; ru_maxrss would carry the parent's peak
    # across fork and exec.
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
window = QMainWindow()
window.resize(1920, 1080)
window.show()
QTimer.singleShot(200, app.quit)
app.exec()
print(peak_kib())
"""

RENDER = """
import resource, sys
def peak_kib():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
from hexcampaign.cli import main
code = main(["render", sys.argv[1], "-o", sys.argv[2], "--hex-size", sys.argv[3]])
# The worker's peak: this process's only child, reaped (a fork's high-water mark starts
# at the pages it shares with its parent, so they are counted in both).
worker = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(code, peak_kib(), worker)
"""
RENDER_BUDGET_MIB = 256  # issue 31 item 2, every process of the command together
RENDERS = [(16, ".png"), (16, ".svg"), (16, ".pdf"), (31, ".png"), (31, ".svg"), (31, ".pdf")]


def run() -> list[Result]:
    return [*window_rows(), *render_rows()]


def render_rows() -> list[Result]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.hexmap"
        save_map(big_map(), path)
        for hex_size, suffix in RENDERS:
            out = Path(folder) / f"out{suffix}"
            done = subprocess.run(
                [sys.executable, "-c", RENDER, str(path), str(out), str(hex_size)],
                env=env, capture_output=True, text=True, check=True, timeout=600,
            )
            code, own, worker = (int(x) for x in done.stdout.split()[-3:])
            if code != 0:
                raise RuntimeError(f"render {suffix} at hex size {hex_size} failed: {done.stderr[-500:]}")
            pixels = _png_pixels(out) if suffix == ".png" else None
            rows.append(
                Result(
                    f"memory: peak MiB, render 200×200 {suffix[1:].upper()} hex {hex_size}",
                    (own + worker) / 1024,
                    budget=RENDER_BUDGET_MIB,
                    extra={"unit": "MiB", "parent_mib": round(own / 1024), "worker_mib": round(worker / 1024),
                           **({"pixels": pixels} if pixels else {})},
                )
            )
            out.unlink()
    return rows


def _png_pixels(path: Path) -> int:
    with open(path, "rb") as f:
        head = f.read(24)
    return int.from_bytes(head[16:20], "big") * int.from_bytes(head[20:24], "big")


def window_rows() -> list[Result]:
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.hexmap"
        save_map(big_map(), path)
        ours = peak_mb([sys.executable, "-c", GUI_WITH_MAP, str(path)], env)
    empty = peak_mb([sys.executable, "-c", EMPTY_WINDOW], env)
    # Reported in MB in the ms columns: there is no time here, and no budget in the issue.
    return [
        Result(
            "memory: peak RSS MB, GUI with 200×200 map",
            ours,
            "empty QMainWindow (MB)",
            empty,
            extra={"unit": "MB"},
        )
    ]


def peak_mb(command: list[str], env: dict) -> float:
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True, timeout=300)
    return int(done.stdout.strip().splitlines()[-1]) / 1024  # VmHWM is in KiB
