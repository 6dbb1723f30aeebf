"""Start-up: process start to the first painted main window with a document
(`hexcampaign --quit-after-first-paint FILE`, which says on stderr when it has painted
and quits once the file is open: both times are kept), against a minimal PySide6 QMainWindow
process that quits after its first paint, one row a kind of document: the Kasserine map,
a Kasserine game in progress (turn 4, Feb 17) and a CM campaign in progress (turn 3, made
here with the engine). Runs alternate (the empty window, then each document) so a change
of load hits all alike; each ratio is the median of one kind's runs over the median of
the empty window's runs of the same run (budget 1.5). The slowest imports of each start-up
(`python -X importtime`) are kept in benchmarks/out/importtime-<kind>.txt, and a row a kind
counts the modules imported before the first paint against the empty window's (a measure
the machine's load does not move: each module kept off the first paint shows there).

    python benchmarks/bench_startup.py [REPEAT]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import Result, compile_bytecode

ROOT = Path(__file__).resolve().parent.parent
OUT = Path(__file__).resolve().parent / "out"
KASSERINE = ROOT / "maps" / "kasserine" / "kasserine.hexmap"
KASSERINE_GAME = ROOT / "tests" / "kasserine" / "fixtures" / "feb17-german-combat.kpgame"
CM_MAP = ROOT / "maps" / "cm-sample.hexmap"
CAMPAIGN = OUT / "startup-campaign.hxcampaign"
BUDGET = 1.5
FIRST_PAINT = "hexcampaign: first paint"  # what app/launch.py says at the first paint

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

# The campaign is made by the engine in a child process, so this process (and the timed
# ones) never import it; it is rebuilt when missing.
MAKE_CAMPAIGN = """
import sys
from hexcampaign.campaign import Campaign
from hexcampaign.hexes import Hex
from hexcampaign.maps.fileformat import load_map

m = load_map(sys.argv[1])
capitals = {"german": Hex.from_offset(2, 10), "us": Hex.from_offset(27, 10)}
c = Campaign.new(m, sides=("german", "us"), capitals=capitals, seed=7)
for side, col, step, arty, inf, mech in (
    ("german", 5, 2, "lefh18_battery", "grenadier_company", "panzergrenadier_company_armoured"),
    ("us", 24, -2, "howitzer105_battery", "rifle_company", "armored_infantry_company"),
):
    for row in (5, 14):
        corps = c.deploy(side, "corps", Hex.from_offset(col, row), [arty])
        c.deploy(side, "infantry", Hex.from_offset(col + step, row - 1), [inf, inf], corps=corps)
        c.deploy(side, "mechanised", Hex.from_offset(col + step, row + 1), [mech], corps=corps)
while c.turn < 3:
    c.end_phase()
c.save(sys.argv[2])
"""


def documents() -> dict[str, tuple[str, Path]]:
    """kind -> (row name, file)."""
    return {
        "map": ("start-up: first paint, Kasserine map", KASSERINE),
        "game": ("start-up: first paint, Kasserine game turn 4", KASSERINE_GAME),
        "campaign": ("start-up: first paint, CM campaign turn 3", CAMPAIGN),
    }


def run(repeat: int = 9) -> list[Result]:
    compile_bytecode()
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as home:
        return measure(repeat, quiet_env(Path(home)))


def quiet_env(home: Path) -> dict:
    """The environment of every timed process: offscreen, and settings, autosaves and
    documents in a folder of the bench's own, so the autosaves a crashed or killed
    program left on this machine (each a question at start) and its recent files do
    not enter the timing."""
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    for name in ("CONFIG", "DATA", "DOCUMENTS"):
        folder = home / name.lower()
        folder.mkdir()
        env[f"HEXCAMPAIGN_{name}_DIR"] = str(folder)
    return env


def measure(repeat: int, env: dict) -> list[Result]:
    make_campaign(env)
    docs = documents()
    commands = {
        kind: [sys.executable, "-m", "hexcampaign", "--quit-after-first-paint", str(path)]
        for kind, (_, path) in docs.items()
    }
    empty_cmd = [sys.executable, "-c", MINIMAL_WINDOW]
    for command in commands.values():  # warm the file cache and bytecode
        timed(command, env)
    timed(empty_cmd, env)
    load_before = os.getloadavg()[0]
    empty: list[float] = []
    times: dict[str, list[float]] = {kind: [] for kind in docs}
    opened: dict[str, list[float]] = {kind: [] for kind in docs}
    for _ in range(repeat):
        empty.append(timed(empty_cmd, env)[1])
        for kind, command in commands.items():
            first, done = timed(command, env)
            times[kind].append(first)
            opened[kind].append(done)
    load_after = os.getloadavg()[0]
    results = []
    empty_modules = imports_before_first_paint(importtime_stderr(empty_cmd, env))
    for kind, (name, _) in docs.items():
        pairs = [ours / anchor for ours, anchor in zip(times[kind], empty)]
        report = importtime_stderr(commands[kind], env)
        results.append(
            Result(
                name,
                statistics.median(times[kind]),
                "empty QMainWindow",
                statistics.median(empty),
                budget=BUDGET,
                extra={
                    "pair_ratio_median": round(statistics.median(pairs), 3),
                    # the file open in its mode (engine, docks) and the process gone
                    "opened_ms": round(statistics.median(opened[kind]), 1),
                    "opened_ratio": round(
                        statistics.median(opened[kind]) / statistics.median(empty), 3
                    ),
                    "runs": repeat,
                    "load_average": [round(load_before, 2), round(load_after, 2)],
                    "slowest_imports_ms": import_times(report, kind),
                },
            )
        )
        # Not a time: the count of modules imported before the first paint (in the ms
        # column), against the empty window's; no budget, a measure load does not move.
        modules = imports_before_first_paint(report)
        results.append(
            Result(
                f"start-up: modules before first paint, {kind}",
                modules,
                "empty QMainWindow",
                empty_modules,
                extra={"modules": modules, "empty_window_modules": empty_modules},
            )
        )
    return results


def make_campaign(env: dict) -> None:
    if CAMPAIGN.exists():
        return
    OUT.mkdir(exist_ok=True)
    subprocess.run(
        [sys.executable, "-c", MAKE_CAMPAIGN, str(CM_MAP), str(CAMPAIGN)],
        env=env,
        check=True,
        timeout=300,
    )


def timed(command: list[str], env: dict) -> tuple[float, float]:
    """(ms to the first painted frame, ms to the exit). Our program says on stderr when
    it has painted its first frame (`--quit-after-first-paint`) and quits once the file
    given is open; the empty window quits at its first paint."""
    t = time.perf_counter()
    first = None
    with subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    ) as process:
        assert process.stderr is not None
        for line in process.stderr:
            if first is None and line.startswith(FIRST_PAINT):
                first = (time.perf_counter() - t) * 1000
        code = process.wait(timeout=120)
    done = (time.perf_counter() - t) * 1000
    if code != 0:
        raise subprocess.CalledProcessError(code, command)
    return (done if first is None else first), done


def importtime_stderr(command: list[str], env: dict) -> str:
    """What a run of `command` under -X importtime says on stderr: a line a module
    imported, in order, with our first-paint line where the first frame was painted."""
    done = subprocess.run(
        [command[0], "-X", "importtime", *command[1:]],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return done.stderr


def imports_before_first_paint(stderr: str) -> int:
    """Modules imported before the first-paint line (all of them for the empty window,
    which quits at its first paint and says nothing)."""
    count = 0
    for line in stderr.splitlines():
        if line.startswith(FIRST_PAINT):
            break
        if line.startswith("import time:") and "cumulative" not in line:
            count += 1
    return count


def import_times(stderr: str, kind: str, keep: int = 15) -> dict[str, float]:
    """Write the -X importtime report of a start-up; return the slowest (cumulative ms)."""
    rows = []
    for line in stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        self_us, cumulative_us, name = line.split(":", 1)[1].split("|", 2)
        rows.append((int(cumulative_us), int(self_us), name.rstrip()))
    rows.sort(reverse=True)
    OUT.mkdir(exist_ok=True)
    report = [f"cumulative_ms  self_ms  module (python -X importtime, start-up with the {kind})"]
    report += [f"{c / 1000:12.1f} {s / 1000:8.1f}  {name}" for c, s, name in rows[:60]]
    (OUT / f"importtime-{kind}.txt").write_text("\n".join(report) + "\n", encoding="utf-8")
    (OUT / f"importtime-{kind}-raw.txt").write_text(stderr, encoding="utf-8")
    return {name.strip(): round(c / 1000, 1) for c, _, name in rows[:keep]}


if __name__ == "__main__":
    for result in run(int(sys.argv[1]) if len(sys.argv) > 1 else 9):
        row = result.as_dict()
        if "modules" in row:
            print(f"{row['name']:48} {row['modules']:8} modules, empty window {row['empty_window_modules']}")
            continue
        print(
            f"{row['name']:48} {row['ours_ms']:8.0f} ms  empty {row['anchor_ms']:6.0f} ms  "
            f"ratio {row['ratio']:.2f} (pairs {row['pair_ratio_median']:.2f}; "
            f"opened {row['opened_ms']:.0f} ms, {row['opened_ratio']:.2f}x)  "
            f"load {row['load_average']}  budget {BUDGET}"
        )
