"""The program and the test suite end cleanly: exit code 0 every time, never a crash at
interpreter exit (issue 15). Qt objects that outlive their owners at quit (an undo
stack whose commands hold their document, a window torn down after QApplication) crash
only sometimes, so each run is repeated: twice in make test, 20 times in make soak."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUNS = [2, pytest.param(20, marks=pytest.mark.soak)]


def _environment(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT / "src"))
    env["HEXCAMPAIGN_CONFIG_DIR"] = str(tmp_path / "config")
    env["HEXCAMPAIGN_DATA_DIR"] = str(tmp_path / "data")
    env["HEXCAMPAIGN_DOCUMENTS_DIR"] = str(tmp_path / "documents")
    env.pop("PYTEST_ADDOPTS", None)
    return env


@pytest.mark.parametrize("runs", RUNS)
def test_the_undo_state_machine_test_run_alone_exits_0_every_time(tmp_path, runs):
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        str(ROOT / "tests" / "app" / "editor" / "test_undo_machine.py"),
    ]
    for run in range(runs):
        done = subprocess.run(
            command, cwd=ROOT, env=_environment(tmp_path), capture_output=True, text=True, timeout=600
        )
        assert done.returncode == 0, (run, done.returncode, done.stdout[-1500:], done.stderr[-1500:])


@pytest.mark.parametrize("runs", RUNS)
@pytest.mark.parametrize("what", ["start page", "map"])
def test_the_program_started_and_quit_exits_0_every_time(tmp_path, what, runs):
    command = [sys.executable, "-m", "hexcampaign"]
    if what == "map":
        command.append(str(ROOT / "maps" / "kasserine" / "kasserine.hexmap"))
    command.append("--quit-after-first-paint")
    for run in range(runs):
        done = subprocess.run(
            command, cwd=tmp_path, env=_environment(tmp_path), capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, (run, done.returncode, done.stderr[-1500:])
