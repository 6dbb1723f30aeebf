"""`hexcampaign render` paints a big PNG in two processes (app/render/render_workers.py):
the picture is the one a single process paints, pixel for pixel; a worker that fails or
dies is one sentence and no file, and no process is left behind; Ctrl-C still stops
it; and a process that already runs Qt never forks."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from PySide6.QtGui import QImage

from hexcampaign.app.render import render_workers
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap, save_map

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the worker is forked on Linux only")

# Run in a fresh process, as the command runs: no Qt application exists before the render.
# argv: map, picture, bands' rows, then "one" (no worker) or the way the run should go.
PROBE = r"""
import os, signal, sys
from hexcampaign.app.render import picture_files, render_workers
from hexcampaign.cli import main

map_path, out, rows, how = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
# Bands of `rows` rows: two dozen, shared out between the processes.
picture_files.png_bands = lambda width, height: [(top, min(rows, height - top)) for top in range(0, height, rows)]
parent, workers = os.getpid(), []
real_fork = os.fork

def fork():
    if how == "fork refused":
        raise BlockingIOError(11, "Resource temporarily unavailable")
    pid = real_fork()
    if pid:
        workers.append(pid)
        print("worker", pid, flush=True)
    return pid

os.fork = fork
if how == "one":
    render_workers.worker_processes = lambda: 1
real_paint = picture_files._paint_band

def paint(*args):
    in_worker = os.getpid() != parent
    if how == "worker dies" and in_worker:
        os.kill(os.getpid(), signal.SIGKILL)
    if how == "worker fails" and in_worker:
        raise MemoryError
    if how == "parent fails" and not in_worker:
        raise ValueError("a failure of the parent's own band")
    if how == "ctrl-c" and not in_worker:
        os.kill(os.getpid(), signal.SIGINT)
    if how == "parent killed" and not in_worker:
        os.kill(os.getpid(), signal.SIGKILL)
    return real_paint(*args)

picture_files._paint_band = paint
try:
    code = main(["render", map_path, "-o", out, "--hex-size", "16"])
except ValueError as e:
    print("raised", e, file=sys.stderr)
    code = 3
left = []
for pid in workers:  # every worker reaped: none still running, none a zombie
    try:
        os.kill(pid, 0)
        left.append(pid)
    except ProcessLookupError:
        pass
try:
    os.waitpid(-1, os.WNOHANG)
    left.append("a child not reaped")
except ChildProcessError:
    pass
print(code, len(workers), len(left))
"""


@pytest.fixture(scope="module")
def busy_map(tmp_path_factory):
    """A 36×30 map with a feature of every kind, 859×851 pixels at hex size 16."""
    import random

    rng = random.Random(31)
    m = HexMap.blank(36, 30, palette="kasserine")
    terrains = list(m.palette.terrains)
    for h in m.hexes():
        m.set_terrain(h, rng.choice(terrains))
        m.set_elevation(h, rng.randint(0, 3))
    for row in range(0, 30, 4):
        hexes = m.row_hexes(row)
        for a, b in zip(hexes, hexes[1:]):
            if a.is_adjacent(b):
                m.add_road(a, b)
    for col in range(3, 36, 7):
        for row in range(30):
            m.set_river(Hex.from_offset(col, row), True)
    for i in range(40):
        h = Hex.from_offset(rng.randrange(36), rng.randrange(30))
        if m.place_at(h) is None:
            m.add_place(h, f"Place {i}", "town")
    m.add_cliff(Hex.from_offset(10, 10), Hex.from_offset(10, 11))
    m.add_label(Hex.from_offset(20, 20), "A free label")
    path = tmp_path_factory.mktemp("busy") / "busy.hexmap"
    save_map(m, path)
    return path


def _render(map_path, out, how: str, rows: int = 37) -> tuple[int, int, int, str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(map_path), str(out), str(rows), how],
        capture_output=True, text=True, env=env, timeout=120,
    )
    assert done.stdout.split(), done.stderr[-2000:]
    code, workers, left = (int(x) for x in done.stdout.split()[-3:])
    return code, workers, left, done.stderr


def _pixels(path) -> tuple[int, int, bytes]:
    image = QImage(str(path)).convertToFormat(QImage.Format.Format_RGB888)
    row = image.width() * 3
    bits = bytes(image.constBits())
    return image.width(), image.height(), b"".join(
        bits[y * image.bytesPerLine() : y * image.bytesPerLine() + row] for y in range(image.height())
    )


def test_two_processes_paint_the_picture_one_process_paints(qapp, busy_map, tmp_path):
    one, two = tmp_path / "one.png", tmp_path / "two.png"
    assert _render(busy_map, one, "one")[:3] == (0, 0, 0)
    assert _render(busy_map, two, "two")[:3] == (0, 1, 0)  # one worker, reaped
    width, height, a = _pixels(one)
    assert (width, height) == _pixels(two)[:2] and width * height > 700_000
    assert a == _pixels(two)[2]  # every pixel of the whole picture


def test_a_refused_fork_paints_the_picture_in_one_process(qapp, busy_map, tmp_path):
    one, alone = tmp_path / "one.png", tmp_path / "alone.png"
    assert _render(busy_map, one, "one")[:3] == (0, 0, 0)
    assert _render(busy_map, alone, "fork refused")[:3] == (0, 0, 0)
    assert _pixels(one) == _pixels(alone)


def test_a_worker_that_dies_is_one_sentence_and_no_file(busy_map, tmp_path):
    out = tmp_path / "dies.png"
    code, workers, left, err = _render(busy_map, out, "worker dies")
    assert (code, workers, left) == (1, 1, 0)
    assert err.strip() == (
        "hexcampaign: The picture was not written: its second drawing process was "
        "stopped by SIGKILL before its part was done."
    )
    assert list(tmp_path.iterdir()) == []  # no picture, no temporary file


def test_a_worker_that_fails_says_why_and_writes_no_file(busy_map, tmp_path):
    out = tmp_path / "fails.png"
    code, workers, left, err = _render(busy_map, out, "worker fails")
    assert (code, workers, left) == (1, 1, 0)
    assert err.strip() == "hexcampaign: There is not enough memory to paint the picture."
    assert list(tmp_path.iterdir()) == []


def test_a_failure_in_the_parent_ends_the_worker(busy_map, tmp_path):
    out = tmp_path / "parent.png"
    code, workers, left, err = _render(busy_map, out, "parent fails")
    assert (code, workers, left) == (3, 1, 0)
    assert "a failure of the parent's own band" in err
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_stops_both_processes_and_writes_nothing(busy_map, tmp_path):
    out = tmp_path / "stopped.png"
    code, workers, left, _err = _render(busy_map, out, "ctrl-c")
    assert (code, workers, left) == (130, 1, 0)
    assert list(tmp_path.iterdir()) == []


def test_a_worker_whose_parent_is_killed_ends_too(busy_map, tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(busy_map), str(tmp_path / "killed.png"), "37", "parent killed"],
        capture_output=True, text=True, env=env, timeout=120,
    )
    assert done.returncode == -signal.SIGKILL
    worker = int(done.stdout.split()[1])
    for _ in range(600):  # it ends after the band it was painting (a tenth of a second)
        if not _running(worker):
            break
        time.sleep(0.05)
    assert not _running(worker)
    assert not (tmp_path / "killed.png").exists()


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[-1][:1] != "Z"  # a zombie has ended
    except FileNotFoundError:
        return False


def test_a_process_running_qt_or_without_fork_paints_alone(qapp, monkeypatch):
    assert render_workers.worker_processes() == 1  # the tests' QApplication exists
    monkeypatch.setattr(render_workers.QCoreApplication, "instance", staticmethod(lambda: None))
    monkeypatch.setattr(render_workers, "_native_threads", lambda: 1)  # not this test process's
    assert render_workers.worker_processes() == min(2, len(os.sched_getaffinity(0)))
    monkeypatch.setattr(render_workers, "_native_threads", lambda: 2)  # a library's own thread
    assert render_workers.worker_processes() == 1
    monkeypatch.setattr(render_workers, "_native_threads", lambda: 1)
    monkeypatch.setattr(render_workers.sys, "platform", "darwin")
    assert render_workers.worker_processes() == 1


def test_render_in_a_process_running_qt_does_not_fork(qapp, busy_map, tmp_path, monkeypatch):
    from hexcampaign.app.headless import render_headless
    from hexcampaign.maps import load_map

    def no_fork():
        raise AssertionError("forked a process that runs Qt")

    monkeypatch.setattr(os, "fork", no_fork)
    out = tmp_path / "here.png"
    assert render_headless(load_map(busy_map), out, 16, None) == _pixels_size(out)


def _pixels_size(path) -> tuple[int, int]:
    image = QImage(str(path))
    return image.width(), image.height()

