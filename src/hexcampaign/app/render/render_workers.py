"""A big PNG of `hexcampaign render` painted by two processes (issue 31 item 2).

Why processes: PySide6 holds Python's lock through every QPainter call, so threads
paint one at a time (a thread beside one long drawPath ran at 0.01% of its speed); a
process has an interpreter and a lock of its own. Why fork: by the time the picture is
painted the command has started Python, imported Qt and the painters and read the map,
about a third of its time; a forked worker shares all of that copy-on-write, where a
spawned one would pay it again.

Where: only `render_headless` (the command, no window) asks for it, only a PNG is
painted so, and only while no Qt application exists in the process: each process then
makes its own QGuiApplication after the fork. A process already running Qt (the
window's File › Export, print, the tests) paints in one process as before, since a
process with Qt's threads and a display connection cannot safely be forked; so does
one where fork is missing or unsafe (Windows; macOS, whose system frameworks do not
survive a fork), one with a single CPU, another thread running, or a picture of one
band.

How: the picture's bands of rows (`picture_files.png_bands`, the bands the one-process
picture is painted in, so the pixels are the same) are numbered into a pipe before the
fork; each process takes the next number (a 2-byte read, atomic between readers) until
the pipe is empty, so a process slowed by other work on its core paints fewer bands.
Each band is painted, turned into PNG rows and deflated on its own (`png.deflate_band`:
a raw deflate stream on a sync flush, the last band's ending the stream) with its
adler32 and length. The worker keeps its bands until it finds no more to take, then
sends them through a second pipe (sending as it went would stall it on the full pipe
while the parent paints); the parent joins every band in order into the one zlib stream
(`PngBands.add_deflated`, the checksums combined arithmetically) and writes the file as
before, whole or not at all.

Failures: an error in the worker comes back as its sentence; a worker that dies (a
signal, the kernel out of memory) is one RenderError sentence; either way nothing is
written. Any error or Ctrl-C in the parent kills the worker and reaps it before going
on; the worker ignores Ctrl-C (the terminal sends it to both). A parent killed outright
(SIGKILL) leaves the worker to finish the band it is painting, find its parent gone
and end (asking the kernel to kill it then, PR_SET_PDEATHSIG, takes ctypes: 10-18 ms
more of the worker's start).

Memory: each process holds one band (picture_files.BAND_PIXELS) and its PNG rows, and
the deflated bands it painted; the worker's go to the parent when it is done.
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import struct
import sys
import threading
from collections.abc import Callable
from typing import BinaryIO

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QGuiApplication, QImage

from hexcampaign.app.png import Buffer, PngBands, deflate_band
from hexcampaign.app.render.catalogue import RenderError

# The parent and one worker, however many cores: each process peaks at about 90-105 MiB
# (the shared imports and map counted in each), and issue 31 holds the command to 256 MiB.
PROCESSES = 2
_TASK = struct.Struct("<H")  # a band's number in the task pipe
_BAND = struct.Struct("<IIQQ")  # a band's number, adler32, rows' length, data's length
_DONE, _FAILED = b"D", b"F"  # the first byte of the worker's answer

_application: QGuiApplication | None = None  # kept for the life of the process


def start_qt() -> QGuiApplication:
    """The process's QGuiApplication (fonts, the offscreen platform), made if none."""
    global _application
    running = QGuiApplication.instance()
    if isinstance(running, QGuiApplication):
        return running
    _application = QGuiApplication(["hexcampaign"])
    return _application


def worker_processes() -> int:
    """How many processes may paint a picture in this process now: 2 on Linux with two
    CPUs or more, no Qt application and no other thread (Python's or native); 1
    anywhere else."""
    if not sys.platform.startswith("linux") or not hasattr(os, "fork"):
        return 1
    if QCoreApplication.instance() is not None or threading.active_count() > 1 or _native_threads() > 1:
        return 1
    return max(1, min(PROCESSES, len(os.sched_getaffinity(0))))


def _native_threads() -> int:
    """The process's threads, Python's or not (a library may start its own, as
    OpenBLAS does when numpy is imported): a fork copies only the calling one."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return 1  # no /proc: Python's own count stands


def png_in_processes(
    width: int, height: int, dpi: float | None, bands: list[tuple[int, int]], paint: Callable[[int, int], QImage]
) -> Callable[[BinaryIO], object] | None:
    """The PNG of `bands` (first row, rows), each painted by `paint(top, rows)` (an
    RGB888 QImage), shared between this process and a forked worker; the file's writer.
    None when no worker could be started (the system refused the fork): the caller then
    paints alone. The caller has checked `worker_processes()`; no Qt application exists."""
    last = len(bands) - 1

    def deflated(index: int) -> tuple[Buffer, int, int]:
        top, rows = bands[index]
        image = paint(top, rows)
        band = deflate_band(image.constBits(), image.bytesPerLine(), width, rows, index == last)
        del image  # let go before the next band is painted
        return band

    # Every number fits the pipe at once (64 KiB: 32,768 bands; a picture of at most
    # export.MAX_PIXELS has fewer than 200), so this write never waits for a reader.
    assert len(bands) <= 30_000
    tasks_in, tasks_out = os.pipe()
    answers_in, answers_out = os.pipe()
    try:
        os.write(tasks_out, b"".join(_TASK.pack(i) for i in range(len(bands))))
    finally:
        os.close(tasks_out)  # an empty pipe then reads as the end: no band is left
    # Everything alive now (the imports, the map) is left out of every later garbage
    # collection, as Python's documentation advises before a fork: a collection in
    # either process would write to each object's header and so copy the pages the two
    # share, and the one at the end of the command would scan them all (40-50 ms of a
    # 200×200 map's render). The command ends once the picture is written.
    gc.freeze()
    parent = os.getpid()
    try:
        pid = os.fork()
    except OSError:  # no process to be had (a limit on processes, no memory): paint alone
        for fd in (tasks_in, answers_in, answers_out):
            os.close(fd)
        return None
    if pid == 0:  # the worker: never returns
        os.close(answers_in)
        _work(parent, tasks_in, answers_out, deflated)
    os.close(answers_out)
    try:
        try:
            start_qt()
            done: dict[int, tuple[Buffer, int, int]] = {index: deflated(index) for index in _take(tasks_in)}
        finally:
            os.close(tasks_in)
        theirs, failure = _read_answer(answers_in)
        status = _reap(pid)
    except BaseException:
        _kill(pid)
        raise
    finally:
        os.close(answers_in)
    if failure is not None:
        raise RenderError(failure)
    if status != 0:
        raise RenderError(f"The picture was not written: its second drawing process {_ended(status)}.")
    done.update(theirs)
    if sorted(done) != list(range(len(bands))):
        raise RenderError("The picture was not written: a band of it was never painted.")
    picture = PngBands(width, height, dpi)
    for index, (_top, rows) in enumerate(bands):
        data, adler, length = done.pop(index)
        picture.add_deflated(data, adler, length, rows)
    return picture.write


def _take(tasks: int):
    """The numbers of the bands this process paints, taken one at a time."""
    while True:
        got = os.read(tasks, _TASK.size)
        if not got:
            return
        yield _TASK.unpack(got)[0]


def _work(parent: int, tasks: int, answers: int, deflated: Callable[[int], tuple[Buffer, int, int]]) -> None:
    """The worker's life: paint bands while there are any, send them, end."""
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent answers Ctrl-C and ends this
        try:
            start_qt()
            parts: list[Buffer] = [_DONE]
            for index in _take(tasks):
                data, adler, length = deflated(index)
                parts += [_BAND.pack(index, adler, length, len(data)), data]
                if os.getppid() != parent:  # the parent was killed: no one to paint for
                    return
        except BaseException as e:  # noqa: BLE001 - any failure is sent as a sentence
            parts = [_FAILED, _sentence(e).encode("utf-8", "replace")]
        _write_all(answers, parts)
        code = 0
    finally:
        os._exit(code)  # nothing of the parent's: no atexit, no buffers flushed twice


def _sentence(error: BaseException) -> str:
    if isinstance(error, RenderError):
        return str(error)
    if isinstance(error, MemoryError):
        return "There is not enough memory to paint the picture."
    return f"The picture could not be painted: {type(error).__name__}: {error}"


def _write_all(fd: int, parts: list[Buffer]) -> None:
    for part in parts:
        view = memoryview(part)
        while view:
            view = view[os.write(fd, view) :]


def _read_answer(fd: int) -> tuple[dict[int, tuple[Buffer, int, int]], str | None]:
    """The worker's bands by number, read as they come (each into a buffer of its own,
    never the whole answer at once), and its failure's sentence if it sent one; an
    answer cut short (the worker died) is neither, and its exit status says why."""
    bands: dict[int, tuple[Buffer, int, int]] = {}
    kind = _read_exactly(fd, 1)
    if kind == _FAILED:
        return bands, bytes(_read_to_end(fd)).decode("utf-8", "replace")
    if kind != _DONE:
        return bands, None
    while head := _read_exactly(fd, _BAND.size):
        index, adler, length, size = _BAND.unpack(head)
        data = _read_exactly(fd, size)
        if data is None:
            break
        bands[index] = (data, adler, length)
    return bands, None


def _read_exactly(fd: int, size: int) -> bytearray | None:
    """`size` bytes from the pipe, or None at its end (b"" when nothing came at all)."""
    data = bytearray(size)
    view, got = memoryview(data), 0
    while got < size:
        count = os.readv(fd, [view[got:]])
        if not count:
            return bytearray() if got == 0 else None
        got += count
    return data


def _read_to_end(fd: int) -> bytearray:
    data = bytearray()
    while chunk := os.read(fd, 1 << 16):
        data += chunk
    return data


def _reap(pid: int) -> int:
    """The worker's exit status, once it has ended."""
    return os.waitpid(pid, 0)[1]


def _kill(pid: int) -> None:
    """End the worker and reap it; one already reaped is left as it is."""
    with contextlib.suppress(ProcessLookupError, ChildProcessError):
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)


def _ended(status: int) -> str:
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            name = signal.Signals(number).name
        except ValueError:
            name = f"signal {number}"
        return f"was stopped by {name} before its part was done"
    return f"ended with exit code {os.waitstatus_to_exitcode(status)} before its part was done"
