"""Temporary files a killed save left behind: each is named `.NAME.PID.xxxx.tmp` beside
the file it was written for (files.atomic_write_text, atomic_export), so a later start
or save can tell a writer that is gone from a save still in progress and remove the
leftovers; and whether a process still runs, on POSIX and on Windows."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

STALE_TEMP_SECONDS = 3600


def remove_orphan_temps(path: Path | str) -> None:
    """Remove the temporary files a killed save of `path` left beside it. A temporary
    file's name carries its writer's process id (`.NAME.PID.xxxx.tmp`): one whose writer
    has gone is removed at once (the next open or save of the file after a crash); one
    whose writer still runs may be a save in progress and stays. A name without a pid
    (older versions) or a pid now reused goes once it is an hour old. Runs after every
    save and every open."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    prefix = temp_prefix(path.name)
    try:
        names = [n for n in os.listdir(folder) if n.startswith(prefix) and n.endswith(".tmp")]
    except OSError:
        return
    if not names:
        return
    cutoff = time.time() - STALE_TEMP_SECONDS
    for name in names:
        leftover = folder / name
        writer = _writer_pid(name[len(prefix):])
        try:
            if (writer is not None and not process_alive(writer)) or leftover.stat().st_mtime < cutoff:
                leftover.unlink()
        except OSError:
            pass


def remove_stale_temps(
    folder: Path | str, started: float, keep: Callable[[str], bool] = lambda name: False
) -> list[str]:
    """Remove every temporary file a killed save left in `folder` (a folder the program
    owns, the autosave folder), whatever file it was for: one whose writer (the pid in
    its name) is gone, and one older than `started` (the running program's start) unless
    `keep(name)` claims it (a save of a session a running program holds). Returns the
    names removed."""
    folder = Path(folder)
    try:
        names = [n for n in os.listdir(folder) if n.startswith(".") and n.endswith(".tmp")]
    except OSError:
        return []
    removed = []
    for name in names:
        parts = name[: -len(".tmp")].rsplit(".", 2)
        writer = int(parts[1]) if len(parts) == 3 and parts[1].isdigit() and len(parts[1]) < 10 else None
        leftover = folder / name
        try:
            gone = writer is not None and not process_alive(writer)
            if gone or (leftover.stat().st_mtime < started and not keep(name)):
                leftover.unlink()
                removed.append(name)
        except OSError:
            pass
    return removed


def process_alive(pid: int) -> bool:
    """Whether a process with this id runs on this computer (a pid of 0 or less: no)."""
    if pid <= 0:
        return False
    if pid == os.getpid():
        return True
    if os.name == "nt":
        return _alive_on_windows(pid)
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's running process
    except OSError:
        return False
    return True


def _alive_on_windows(pid: int) -> bool:
    # os.kill on Windows terminates the process whatever the signal, so ask the kernel.
    import ctypes

    if sys.platform != "win32":  # asked on Windows only (and type-checked there only)
        return False
    kernel32 = ctypes.windll.kernel32
    query_limited_information, still_active = 0x1000, 259
    handle = kernel32.OpenProcess(query_limited_information, False, pid)
    if not handle:
        return False
    try:
        code = ctypes.c_ulong()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return False
        return code.value == still_active
    finally:
        kernel32.CloseHandle(handle)


def temp_prefix(name: str) -> str:
    """`.NAME.` for a temporary file beside NAME, with NAME cut to 100 bytes: a file
    name may have 255, and the temporary one adds a pid and random letters to it."""
    cut = name.encode("utf-8", "surrogateescape")[:100].decode("utf-8", "ignore")
    return f".{cut}."


def _writer_pid(rest: str) -> int | None:
    """The pid in the part of a temporary file's name after `.NAME.` ("4711.k3x9.tmp")."""
    pid, dot, _ = rest.partition(".")
    return int(pid) if dot and pid.isdigit() and len(pid) < 10 else None
