"""Autosave and crash recovery.

Every `interval` seconds (2 minutes unless the settings say otherwise) an edited map is
written to the user data folder's autosave/ directory — never over the user's own file.
Each running program owns one session there: `<session>.lock` names its PID (and is
created exclusively, so two programs never share a session), `<session>.hexmap` holds
the map and `<session>.json` says which file it came from. A clean close deletes the
session; a saved (clean) document deletes the autosaved map. At start, sessions whose
lock names a process that is no longer running are orphans: the user is offered each
one, and a restored one opens as an unsaved document showing exactly the autosaved map.

HEXCAMPAIGN_DATA_DIR overrides the data folder (settings.data_dir), for tests.
"""

from __future__ import annotations

import json
import os
import socket
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from hexcampaign.app.settings import data_dir
from hexcampaign.files import atomic_write_text
from hexcampaign.maps import HexMap, MapFormatError, dumps_map, load_map

DEFAULT_INTERVAL_S = 120
INTERVAL_SETTING = "editor.autosave_seconds"
MIN_INTERVAL_S = 0.05
_ANOTHER_HOST = -1  # the "PID" of a lock written on another computer  # tests shorten it; users get at least a few seconds from the dialog


def autosave_dir() -> Path:
    return data_dir() / "autosave"


@dataclass
class Orphan:
    """An autosave left behind by a program that is no longer running."""

    session: str
    map_path: Path
    source: str  # the user's file it was editing, or "" for an unsaved new map
    title: str
    saved_at: float
    pid: int | None

    def describe(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))
        origin = self.source or "a new map that was never saved"
        return f"{self.title} (autosaved {when}, from {origin})"

    def load(self) -> HexMap:
        return load_map(self.map_path)

    def discard(self) -> None:
        for suffix in (".hexmap", ".json", ".lock", ".hexmap.bak", ".json.bak"):
            _remove(self.map_path.with_suffix("").with_name(self.session + suffix))


def find_orphans(folder: Path | None = None) -> list[Orphan]:
    """Autosaves whose program is gone (its lock's PID is not running, or no lock)."""
    folder = folder or autosave_dir()
    if not folder.is_dir():
        return []
    for lock in folder.glob("*.lock"):
        # A program that died before its first autosave leaves only its lock.
        pid = _lock_pid(lock)
        if not (folder / f"{lock.stem}.hexmap").exists() and not (pid and _alive(pid)):
            _remove(lock)
    orphans = []
    for map_path in sorted(folder.glob("*.hexmap")):
        session = map_path.stem
        lock = folder / f"{session}.lock"
        pid = _lock_pid(lock)
        if pid is not None and _alive(pid):
            continue
        info = _read_json(folder / f"{session}.json")
        orphans.append(
            Orphan(
                session,
                map_path,
                str(info.get("source", "")),
                str(info.get("title", "Untitled")),
                float(info.get("saved_at", map_path.stat().st_mtime)),
                pid,
            )
        )
    return orphans


class Autosaver(QObject):
    """Autosaves one document at a time for this program's session."""

    saved = Signal(object)  # Path of the autosave written
    failed = Signal(str)  # a sentence

    def __init__(self, interval_s: float = DEFAULT_INTERVAL_S, parent: QObject | None = None):
        super().__init__(parent)
        self.folder = autosave_dir()
        self.session = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.document: Any = None
        self._written_index: int | None = None  # undo index at the last autosave
        self._locked = False
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.autosave_now)
        self.set_interval(interval_s)

    @property
    def map_path(self) -> Path:
        return self.folder / f"{self.session}.hexmap"

    @property
    def info_path(self) -> Path:
        return self.folder / f"{self.session}.json"

    @property
    def lock_path(self) -> Path:
        return self.folder / f"{self.session}.lock"

    def set_interval(self, seconds: float) -> None:
        self.interval_s = max(MIN_INTERVAL_S, float(seconds))
        self.timer.start(int(self.interval_s * 1000))

    def attach(self, document: Any) -> None:
        """Follow a new document; the previous one's autosave goes (it was saved or
        deliberately discarded by the window before it was replaced)."""
        if self.document is not None:
            try:
                self.document.dirty_changed.disconnect(self._dirty_changed)
            except (RuntimeError, TypeError):
                pass
        self.document = document
        self._written_index = None
        self._remove_map()
        if document is not None:
            document.dirty_changed.connect(self._dirty_changed)

    def autosave_now(self) -> bool:
        """Write the document if it has unsaved edits not yet autosaved. True if written."""
        doc = self.document
        if doc is None:
            return False
        try:
            if not doc.dirty:
                return False
            index = doc.undo_stack.index()
            if index == self._written_index and self.map_path.exists():
                return False
            self._lock()
            atomic_write_text(self.map_path, dumps_map(doc.map))
            info = {
                "source": str(doc.path) if doc.path else "",
                "title": doc.title,
                "saved_at": time.time(),
                "pid": os.getpid(),
            }
            atomic_write_text(self.info_path, json.dumps(info, indent=1))
        except (RuntimeError, AttributeError):  # the document is gone, or not a map
            return False
        except (OSError, MapFormatError, ValueError) as error:
            self.failed.emit(f"Autosave failed ({error}); your edits are still in the window.")
            return False
        self._written_index = index
        self.saved.emit(self.map_path)
        return True

    def close_clean(self) -> None:
        """A clean close: nothing needs recovering, remove the whole session."""
        self.timer.stop()
        if self._locked:
            self._remove_map()
            _remove(self.lock_path)
        self._locked = False

    # --- helpers -------------------------------------------------------------------------

    def _dirty_changed(self, dirty: bool) -> None:
        if not dirty:
            # Saved to the user's file: the autosave is no longer needed.
            self._remove_map()
            self._written_index = None

    def _lock(self) -> None:
        if self._locked and self.lock_path.exists():
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        # O_EXCL: if two programs ever drew the same session name, the second fails here
        # and takes a new one rather than writing the first one's autosave.
        for _attempt in range(5):
            try:
                fd = os.open(self.lock_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                if _lock_pid(self.lock_path) == os.getpid() and self._locked:
                    return
                self.session = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
                continue
            with os.fdopen(fd, "w", encoding="utf-8") as lock:
                json.dump({"pid": os.getpid(), "host": socket.gethostname()}, lock)
            self._locked = True
            return
        raise OSError("could not create an autosave lock file")

    def _remove_map(self) -> None:
        if not self._locked:
            return  # nothing written yet, and the name may not be ours
        for path in (self.map_path, self.info_path):
            _remove(path)
            _remove(path.with_name(path.name + ".bak"))


def recover_orphans(
    ask: Callable[[Orphan], bool],
    open_map: Callable[[HexMap, Orphan], None],
    report: Callable[[str], None] = lambda text: None,
    folder: Path | None = None,
) -> list[Orphan]:
    """Offer each orphaned autosave (`ask` returns True to restore it); restored maps go
    to `open_map`. Declined and restored orphans are removed; a damaged one is reported
    and left on disk for the user to rescue by hand. Returns the restored ones."""
    restored = []
    for orphan in find_orphans(folder):
        if not ask(orphan):
            orphan.discard()
            continue
        try:
            hexmap = orphan.load()
        except (MapFormatError, OSError, ValueError) as error:
            report(f"Could not restore {orphan.describe()}: {error}")
            continue
        open_map(hexmap, orphan)
        orphan.discard()
        restored.append(orphan)
    return restored


def _lock_pid(lock: Path) -> int | None:
    data = _read_json(lock)
    pid = data.get("pid")
    if not isinstance(pid, int):
        return None
    host = data.get("host")
    if isinstance(host, str) and host and host != socket.gethostname():
        # A shared home folder: another computer's program; its PID means nothing here,
        # so treat it as running rather than offer (and delete) its work.
        return _ANOTHER_HOST
    return pid


def _alive(pid: int) -> bool:
    if pid == _ANOTHER_HOST:
        return True
    if pid <= 0:
        return False
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

    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
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


def _read_json(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError:
        pass
