"""Start-up: process start to the first painted main window with the Kasserine map
(`hexcampaign --quit-after-first-paint`), against a minimal PySide6 QMainWindow process
that quits after its first paint. Alternating runs; the slowest imports of our start-up
(`python -X importtime`) are kept in benchmarks/out/importtime.txt."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from common import Result, compile_bytecode

ROOT = Path(__file__).resolve().parent.parent
OUT = Path(__file__).resolve().parent / "out"
KASSERINE = ROOT / "maps" / "kasserine" / "kasserine.hexmap"

MINIMAL_WINDOW = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

class Canvas(QWidget):
    def paintEvent(self, event):
        super().paintEvent(event)
        QTimer.singleShot(0, QApplication.instance().quit)

app = QApplication(sys.argv)
window = QMainWindow()
window.setCentralWidget(Canvas())
window.resize(1280, 800)
window.show()
sys.exit(app.exec())
"""


def run(repeat: int = 9) -> list[Result]:
    compile_bytecode()
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    ours_cmd = [sys.executable, "-m", "hexcampaign", "--quit-after-first-paint", str(KASSERINE)]
    empty_cmd = [sys.executable, "-c", MINIMAL_WINDOW]
    ours, empty = [], []
    for _ in range(repeat):
        ours.append(timed(ours_cmd, env))
        empty.append(timed(empty_cmd, env))
    slowest = import_times(ours_cmd, env)
    return [
        Result(
            "start-up: first painted window, Kasserine map",
            statistics.median(ours),
            "empty QMainWindow",
            statistics.median(empty),
            budget=2.0,
            extra={"slowest_imports_ms": slowest},
        )
    ]


def timed(command: list[str], env: dict) -> float:
    t = time.perf_counter()
    subprocess.run(
        command,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=120,
    )
    return (time.perf_counter() - t) * 1000


def import_times(command: list[str], env: dict, keep: int = 15) -> dict[str, float]:
    """Run once under -X importtime; write the report, return the slowest (cumulative ms)."""
    done = subprocess.run(
        [command[0], "-X", "importtime", *command[1:]],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    rows = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        self_us, cumulative_us, name = line.split(":", 1)[1].split("|", 2)
        rows.append((int(cumulative_us), int(self_us), name.rstrip()))
    rows.sort(reverse=True)
    OUT.mkdir(exist_ok=True)
    report = ["cumulative_ms  self_ms  module (python -X importtime, start-up with the map)"]
    report += [f"{c / 1000:12.1f} {s / 1000:8.1f}  {name}" for c, s, name in rows[:60]]
    (OUT / "importtime.txt").write_text("\n".join(report) + "\n", encoding="utf-8")
    (OUT / "importtime-raw.txt").write_text(done.stderr, encoding="utf-8")
    return {name.strip(): round(c / 1000, 1) for c, _, name in rows[:keep]}
