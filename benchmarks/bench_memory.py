"""Memory: peak RSS of the GUI process with the 200×200 map open and painted (a fresh
process, so the figure is the program's alone), beside an empty QMainWindow process."""

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


def run() -> list[Result]:
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
