"""SIGKILL a process at random moments while it saves maps, Kasserine games and
campaigns: the file on disk is always a whole old or new version, and the .bak is
intact (8 kills per kind in make test, 200 per kind in make soak). The temporary files
the kills leave go at the next open of the game or campaign, or the next save of the
map, since their writers are gone (issue 19, item 9)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .saver import version_of

SAVER = Path(__file__).with_name("saver.py")
KINDS = ("map", "game", "campaign")


def kill_rounds(kind: str, tmp_path: Path, rounds: int, seed: int) -> int:
    """Start the saver, let it save, SIGKILL it at a random moment; repeat. Returns the
    number of kills after which the file and its backup were whole."""
    rng = random.Random(seed)
    path = tmp_path / f"target.{kind}"
    backup = path.with_name(path.name + ".bak")
    survived = 0
    last_seen = 0
    for round_ in range(rounds):
        child = subprocess.Popen(
            [sys.executable, str(SAVER), kind, str(path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        # wait until it has saved once, then kill at a random moment of later saves
        first = child.stdout.readline()
        if not first:
            child.wait()
            raise AssertionError(f"the {kind} saver failed (round {round_}): {child.stderr.read()}")
        time.sleep(rng.uniform(0.0, 0.25))
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        child.stdout.close()
        child.stderr.close()
        where = f"{kind}, seed {seed}, kill {round_ + 1}"
        version = version_of(kind, path)
        assert version >= max(last_seen, 1), f"{where}: an older version came back"
        if backup.exists():
            # the previous file: one version back, or the same if killed mid-save
            bak = version_of(kind, backup)
            assert version - 1 <= bak <= version, f"{where}: the backup is v{bak}, file v{version}"
        last_seen = version
        survived += 1
    return survived


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def the_next_start(kind: str, path: Path) -> None:
    """What a user does next: open the game or campaign; a map is cleared by its save."""
    from .strategies import LOADERS

    if kind == "map":
        from hexcampaign.maps import load_map, save_map

        save_map(load_map(path), path)
    else:
        LOADERS[kind].load_file(path)


@pytest.mark.parametrize("kind", KINDS)
def test_kill_during_save(kind, tmp_path):
    assert kill_rounds(kind, tmp_path, rounds=8, seed=1) == 8
    the_next_start(kind, tmp_path / f"target.{kind}")
    assert leftovers(tmp_path) == []


@pytest.mark.soak
@pytest.mark.parametrize("kind", KINDS)
def test_kill_during_save_soak(kind, tmp_path):
    assert kill_rounds(kind, tmp_path, rounds=200, seed=2) == 200
    left = leftovers(tmp_path)
    print(f"{kind}: {len(left)} temporary files left by 200 kills")
    the_next_start(kind, tmp_path / f"target.{kind}")
    assert leftovers(tmp_path) == []


def test_a_killed_saves_temporary_file_is_cleared_once_it_is_old(tmp_path):
    """A kill mid-save leaves `.NAME.xxxx.tmp`; a later save removes it once it is an hour
    old (a younger one may be another program's save in progress)."""
    from hexcampaign.maps import HexMap, save_map

    path = tmp_path / "ours.hexmap"
    save_map(HexMap.blank(3, 3, palette="cm"), path)
    old = tmp_path / ".ours.hexmap.k1ll3d.tmp"
    young = tmp_path / ".ours.hexmap.s4v1ng.tmp"
    other = tmp_path / ".theirs.hexmap.k1ll3d.tmp"
    for leftover in (old, young, other):
        leftover.write_text("half a save")
    two_hours_ago = time.time() - 7200
    os.utime(old, (two_hours_ago, two_hours_ago))
    os.utime(other, (two_hours_ago, two_hours_ago))
    save_map(HexMap.blank(3, 3, palette="cm"), path)
    assert not old.exists()
    assert young.exists() and other.exists()
