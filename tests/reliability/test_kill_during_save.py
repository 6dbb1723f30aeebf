"""SIGKILL a process at random moments while it saves: the file on disk is always a
whole old or new version, and the .bak is intact."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hexcampaign.maps import load_map

SAVER = Path(__file__).with_name("saver.py")


def kill_rounds(kind: str, loader, tmp_path: Path, rounds: int, seed: int) -> int:
    rng = random.Random(seed)
    path = tmp_path / f"target.{kind}"
    survived = 0
    last_seen = 0
    for _ in range(rounds):
        child = subprocess.Popen(
            [sys.executable, str(SAVER), kind, str(path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        # wait until it has started saving, then kill at a random moment
        child.stdout.readline()
        time.sleep(rng.uniform(0.0, 0.25))
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        doc = loader(path)
        version = int(re.fullmatch(r"v(\d+)", doc.name).group(1))
        assert version >= max(last_seen, 1)  # never an older version than last time
        backup = path.with_name(path.name + ".bak")
        if backup.exists():
            # the previous file: one version back, or the same if killed mid-save
            bak = int(re.fullmatch(r"v(\d+)", loader(backup).name).group(1))
            assert version - 1 <= bak <= version
        last_seen = version
        survived += 1
    assert last_seen >= 1
    return survived


def test_kill_during_map_save(tmp_path):
    assert kill_rounds("map", load_map, tmp_path, rounds=20, seed=1) == 20


@pytest.mark.soak
def test_kill_during_map_save_soak(tmp_path):
    assert kill_rounds("map", load_map, tmp_path, rounds=200, seed=2) == 200
