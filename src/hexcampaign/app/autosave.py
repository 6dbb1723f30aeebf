"""Autosave and crash recovery, the same for maps, Kasserine games and campaigns.

An `Autosaver` follows one document at a time (see app/document.Document) and writes its
unsaved work to the user data folder's autosave/ directory — never over the user's own
file. Maps are written every `interval` seconds (2 minutes unless the settings say
otherwise); games and campaigns at every change of phase (`autosave_now`). Each
autosaver owns one session there: `<session>.lock` is a Qt `QLockFile` (created
exclusively, so two programs never share a session; it names the owner's PID, program,
computer and boot), `<session><suffix>` holds the
document and `<session>.json` says which file it came from: its absolute path, and what
that file was (size, time, SHA-256) when the work began, so a restored document's first
Save asks before it replaces a file that has changed since, or another folder's file of
that name (app/document.py). Saving (a clean document) or a clean close deletes the
session's files; once a window closed (every question answered, Discard included)
nothing writes them again, whatever an exit hook asks. At start, sessions whose lock is
stale by QLockFile's own test (its PID no longer runs that program on this computer, or
the computer was restarted since; another computer's lock is never stale, and a
session's age proves nothing, so `setStaleLockTime(0)`) or that have no lock are
orphans: the user is offered each one. A restored orphan is
adopted: its files stay, locked by this program, until the first autosave of the
restored work replaces them, so the work is never unprotected. A declined one goes with
its temporary files; and at every look for orphans (each start) temporary files that a
killed autosave left are removed: those whose writer is gone, and those older than this
program that no running program's session claims.

HEXCAMPAIGN_DATA_DIR overrides the data folder (settings.data_dir), for tests.
"""

from __future__ import annotations

import json
import os
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLockFile, QObject, QTimer, Signal

from hexcampaign.app.i18n import QT_TRANSLATE_NOOP, fill_in, translate
from hexcampaign.app.settings import data_dir
from hexcampaign.files import (
    FileFormatError,
    FileIdentity,
    atomic_write_text,
    process_alive,
    remove_stale_temps,
)
from hexcampaign.maps import HexMap, MapFormatError, load_map

DEFAULT_INTERVAL_S = 120
INTERVAL_SETTING = "editor.autosave_seconds"
MIN_INTERVAL_S = 0.05  # tests shorten it; users get at least a minute from the dialog
MAP_SUFFIX = ".hexmap"
# The files an autosave may hold: maps, Kasserine Pass games, campaigns.
DOCUMENT_SUFFIXES = (".hexmap", ".kpgame", ".hxcampaign")
_ANOTHER_HOST = -1  # the "PID" of a lock an older version wrote on another computer
_LIVE: weakref.WeakSet = weakref.WeakSet()  # every autosaver of this program
# When this program started (near enough: this module is imported at start): a temporary
# file in the autosave folder older than that, claimed by no running session, is a kill's.
_STARTED = time.time()


def autosave_dir() -> Path:
    return data_dir() / "autosave"


@dataclass
class Orphan:
    """An autosave left behind by a program that is no longer running."""

    session: str
    map_path: Path  # the autosaved document (a map, a game or a campaign)
    source: str  # the user's file it was editing, or "" for one never saved
    title: str
    saved_at: float
    pid: int | None
    adopted: bool = field(default=False, compare=False)
    # What the user's file was when the work began (None: not recorded, an older autosave).
    source_identity: FileIdentity | None = field(default=None, compare=False)

    @property
    def path(self) -> Path:
        return self.map_path

    @property
    def suffix(self) -> str:
        return self.map_path.suffix.lower()

    def describe(self) -> str:
        """"march (autosaved 2026-12-03 10:05, from /maps/march.hexmap)", in the window's
        language: the recovery questions show it."""
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))
        never = NEVER_SAVED.get(self.suffix, NEVER_SAVED[""])
        origin = self.source or translate("Recovery", never)
        return fill_in(translate("Recovery", "%1 (autosaved %2, from %3)"), self.title, when, origin)

    def load(self) -> HexMap:
        """The autosaved map (maps only: games and campaigns open through their mode)."""
        return load_map(self.map_path)

    def discard(self) -> None:
        """Declined (or restored and not adopted): its files go, and any temporary file
        a killed autosave of it left."""
        folder = self.map_path.parent
        for suffix in (self.suffix, ".json", ".lock"):
            path = folder / (self.session + suffix)
            _remove(path)
            _remove(path.with_name(path.name + ".bak"))
        for leftover in folder.glob(f".{self.session}.*.tmp"):
            _remove(leftover)


def find_orphans(folder: Path | None = None, suffixes: tuple[str, ...] = (MAP_SUFFIX,)) -> list[Orphan]:
    """Autosaves of the kinds `suffixes` whose program is gone (its lock's PID is not
    running, or there is no lock), oldest name first."""
    folder = folder or autosave_dir()
    if not folder.is_dir():
        return []
    remove_leftovers(folder)
    for lock in folder.glob("*.lock"):
        # A program that died before its first autosave leaves only its lock.
        written = any((folder / f"{lock.stem}{suffix}").exists() for suffix in DOCUMENT_SUFFIXES)
        if not written and not _held(lock):
            _remove(lock)
    orphans = []
    for suffix in suffixes:
        for path in sorted(folder.glob(f"*{suffix}")):
            session = path.stem
            lock = folder / f"{session}.lock"
            pid = _lock_owner(lock)  # read first: a stale lock goes when tested
            if _held(lock):
                continue
            info = _read_json(folder / f"{session}.json")
            try:
                saved_at = float(info.get("saved_at", path.stat().st_mtime))
            except (OSError, TypeError, ValueError):
                continue
            orphans.append(
                Orphan(
                    session,
                    path,
                    str(info.get("source", "")),
                    str(info.get("title", "Untitled")),
                    saved_at,
                    pid,
                    source_identity=FileIdentity.from_json(info.get("source_identity")),
                )
            )
    return orphans


def remove_leftovers(folder: Path | None = None) -> list[str]:
    """Remove the temporary files killed autosaves left in the autosave folder: a
    writer gone, or older than this program and of no running program's session.
    Returns their names."""
    folder = folder or autosave_dir()

    def running(session: str) -> bool:
        return _held(folder / f"{session}.lock")

    removed = remove_stale_temps(folder, _STARTED, keep=lambda name: running(name[1:].split(".", 1)[0]))
    # A session's backups and description without its document (a kill between the
    # removals of a clean close): nothing can restore them.
    for path in [*folder.glob("*.bak"), *folder.glob("*.json")]:
        session = path.name.split(".", 1)[0]
        has_document = any((folder / f"{session}{suffix}").exists() for suffix in DOCUMENT_SUFFIXES)
        if not has_document and not running(session):
            _remove(path)
            removed.append(path.name)
    return removed


class Autosaver(QObject):
    """Autosaves one document at a time for this program's session.

    `interval_s` None: no timer, the owner calls `autosave_now` when it is time (a game
    at every phase). `prefix` starts the session's name ("kasserine-", "campaign-"), so a
    person looking in the folder sees what each file is."""

    saved = Signal(object)  # Path of the autosave written
    failed = Signal(str)  # a sentence

    def __init__(
        self,
        interval_s: float | None = DEFAULT_INTERVAL_S,
        parent: QObject | None = None,
        prefix: str = "",
    ):
        super().__init__(parent)
        self.folder = autosave_dir()
        self.prefix = prefix
        self.session = self._new_session()
        self.document: Any = None
        self.suffix = MAP_SUFFIX
        self.error = ""  # the last failure's sentence, "" after a good autosave
        self._written_revision: int | None = None  # the document's revision at the last write
        self._locked = False
        # The session's lock while this program holds it (released, the file goes: kept
        # for the autosaver's life, or another program would see an orphan).
        self._lock_file: QLockFile | None = None
        # Closed clean (the window closed, every question answered): nothing is written
        # again until another document is attached, so an exit hook cannot bring back
        # what the user discarded.
        self._closed = False
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.autosave_now)
        self.interval_s: float | None = None
        self.set_interval(interval_s)
        _LIVE.add(self)

    @property
    def document_path(self) -> Path:
        """Where the document's autosave goes (whether or not written yet)."""
        return self.folder / f"{self.session}{self.suffix}"

    map_path = document_path  # the name the editor has always used

    @property
    def info_path(self) -> Path:
        return self.folder / f"{self.session}.json"

    @property
    def lock_path(self) -> Path:
        return self.folder / f"{self.session}.lock"

    def set_interval(self, seconds: float | None) -> None:
        if seconds is None:
            self.interval_s = None
            self.timer.stop()
            return
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
        self._remove_document()
        self.document = document
        self._written_revision = None
        self._closed = False
        if document is not None:
            self.suffix = getattr(document, "SUFFIX", "") or MAP_SUFFIX
            document.dirty_changed.connect(self._dirty_changed)

    def autosave_now(self) -> bool:
        """Write the document if it has unsaved work not yet autosaved. True if written;
        a failure is a sentence in `failed` and `error`, the work stays in the window."""
        doc = self.document
        if doc is None or self._closed:
            return False
        try:
            # Unsaved work the user still wants: not what he discarded at a close question.
            if not getattr(doc, "unsaved_work", doc.dirty):
                return False
            revision = doc.revision
            if revision == self._written_revision and self.document_path.exists():
                return False
            self._lock()
            atomic_write_text(self.document_path, doc.file_text())
            identity = getattr(doc, "disk_identity", None)
            info = {
                # Absolute (Document.path is): restored from any folder, it names this file.
                "source": str(doc.path) if doc.path else "",
                "source_identity": identity.to_json() if identity is not None else None,
                "title": doc.title,
                "saved_at": time.time(),
                "pid": os.getpid(),
            }
            atomic_write_text(self.info_path, json.dumps(info, indent=1))
        except (RuntimeError, AttributeError):  # the document is gone
            return False
        except (OSError, MapFormatError, FileFormatError, ValueError) as error:
            self.error = f"Autosave failed ({error}); your work is still in the window."
            self.failed.emit(self.error)
            return False
        self.error = ""
        self._written_revision = revision
        self.saved.emit(self.document_path)
        return True

    def adopt(self, orphan: Orphan) -> bool:
        """Take over a restored orphan's session: its files stay, locked by this
        program, until the restored work (the attached document) is autosaved over
        them, which is tried at once. The orphan is then not discarded by recovery."""
        if self._locked:
            self._remove_document()
            self._unlock()
        self.session = orphan.session
        self.suffix = orphan.suffix
        self.folder = orphan.map_path.parent
        if not self._take_lock(dead_owner=True):
            # Another program took this session since it was found orphaned (it restored
            # it too): its files are that program's; this work gets a session of its own.
            self.session = self._new_session()
        orphan.adopted = True
        self._written_revision = None
        self._closed = False
        _mark_recovered(self.document, orphan)
        return self.autosave_now()

    def discard(self) -> None:
        """The document's work is safe elsewhere (saved, or deliberately dropped)."""
        self._remove_document()
        self._written_revision = None

    def quitting(self) -> None:
        """The program ends: unsaved work keeps its autosave for the next start."""
        try:
            dirty = self.document is not None and self.document.unsaved_work
        except RuntimeError:
            dirty = False
        if dirty:
            self.autosave_now()
        else:
            self.close_clean()

    def close_clean(self) -> None:
        """A clean close: nothing needs recovering, remove the whole session; nothing is
        autosaved again until another document is attached."""
        self._closed = True
        self.timer.stop()
        if self._locked:
            self._remove_document()
        self._unlock()

    # --- helpers -------------------------------------------------------------------------

    def _new_session(self) -> str:
        # Eight random hex digits (uuid4().hex[:8] was the same, but importing uuid and
        # `platform` cost ~2.5 ms of every start-up).
        return f"{self.prefix}{os.getpid()}-{os.urandom(4).hex()}"

    def _dirty_changed(self, dirty: bool) -> None:
        if not dirty:
            # Saved to the user's file: the autosave is no longer needed.
            self.discard()

    def _lock(self) -> None:
        if self._locked and self.lock_path.exists():
            return
        self._unlock()  # held, but its file was removed behind our back: lock again
        # The lock is created exclusively: if two programs ever drew the same session
        # name, the second fails here and takes a new one rather than writing the first
        # one's autosave.
        for _attempt in range(5):
            if self._take_lock(dead_owner=False):
                return
            self.session = self._new_session()
        raise OSError(f"could not create the autosave lock file {self.lock_path}")

    def _take_lock(self, dead_owner: bool) -> bool:
        """Lock this session; False when another running program holds it. A stale lock
        (a dead program's) is replaced, by QLockFile itself. `dead_owner`: the session
        is known to be an orphan (find_orphans), so a lock an older version of this
        program wrote (JSON, which QLockFile cannot read) is removed too."""
        self.folder.mkdir(parents=True, exist_ok=True)
        lock = _qlock(self.lock_path)
        if not lock.tryLock(0):
            if lock.error() != QLockFile.LockError.LockFailedError:
                raise OSError(f"could not create the autosave lock file {self.lock_path}")
            if not (dead_owner and _legacy_lock_dead(self.lock_path)):
                return False
            lock.removeStaleLockFile()
            if not lock.tryLock(0):
                return False
        self._lock_file = lock
        self._locked = True
        return True

    def _unlock(self) -> None:
        if self._lock_file is not None:
            self._lock_file.unlock()  # removes the file
            self._lock_file = None
        self._locked = False

    def _remove_document(self) -> None:
        if not self._locked:
            return  # nothing written yet, and the name may not be ours
        for path in (self.document_path, self.info_path):
            _remove(path)
            _remove(path.with_name(path.name + ".bak"))


def orphan_at(path: Path | str) -> Orphan | None:
    """The orphan whose autosave `path` is (a file the user picked in the autosave
    folder), or None when it is not one: another folder, or a running program's."""
    path = Path(path)
    try:
        if path.parent.resolve() != autosave_dir().resolve():
            return None
    except OSError:
        return None
    for orphan in find_orphans(suffixes=(path.suffix.lower(),)):
        if orphan.map_path.name == path.name:
            return orphan
    return None


def as_recovered(document: Any, path: Path | str) -> Orphan | None:
    """When `path` is a dead program's autosave, make `document` (just read from it) the
    unsaved work it was: it belongs in the user's own file (or none yet) and is dirty.
    The orphan is returned for the mode's autosaver to adopt; None for any other file."""
    orphan = orphan_at(path)
    if orphan is not None:
        document.path = Path(orphan.source) if orphan.source else None
        _mark_recovered(document, orphan)
        document.set_dirty(True)
    return orphan


def _mark_recovered(document: Any, orphan: Orphan) -> None:
    """`document` holds `orphan`'s work: its first Save over the source asks unless the
    file is still what the work began from (Document.recovered_from)."""
    mark = getattr(document, "recovered_from", None)
    if callable(mark):
        mark(Path(orphan.source) if orphan.source else None, orphan.source_identity)


def close_autosaves_of(owner: QObject) -> None:
    """`owner` (the window) closed after every question was answered: its autosavers
    (those of its modes) remove their sessions; nothing is left to recover."""
    for saver in list(_LIVE):
        try:
            parent = saver.parent()
            while parent is not None and parent is not owner:
                parent = parent.parent()
            if parent is owner:
                saver.close_clean()
        except RuntimeError:  # its Qt object is gone
            pass


def recover_orphans(
    ask: Callable[[Orphan], bool],
    open_map: Callable[[HexMap, Orphan], None],
    report: Callable[[str], None] = lambda text: None,
    folder: Path | None = None,
) -> list[Orphan]:
    """Offer each orphaned map autosave (`ask` returns True to restore it); restored
    maps go to `open_map`. Declined orphans are removed, restored ones too unless an
    autosaver adopted them (see Autosaver.adopt); a damaged one is reported and left on
    disk for the user to rescue by hand. Returns the restored ones."""
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
        if not orphan.adopted:
            orphan.discard()
        restored.append(orphan)
    return restored


# The word a sentence uses for a file of each kind ("a new game", "Could not open the map").
# Where unsaved work came from when it never had a file (Orphan.describe), by suffix.
NEVER_SAVED = {
    ".hexmap": QT_TRANSLATE_NOOP("Recovery", "a new map that was never saved"),
    ".kpgame": QT_TRANSLATE_NOOP("Recovery", "a new game that was never saved"),
    ".kpturn": QT_TRANSLATE_NOOP("Recovery", "a new turn file that was never saved"),
    ".hxcampaign": QT_TRANSLATE_NOOP("Recovery", "a new campaign that was never saved"),
    "": QT_TRANSLATE_NOOP("Recovery", "a new document that was never saved"),
}
FILE_KIND_WORDS = {
    ".hexmap": "map",
    ".kpgame": "game",
    ".kpturn": "turn file",
    ".hxcampaign": "campaign",
}


def _qlock(path: Path) -> QLockFile:
    lock = QLockFile(str(path))
    # A session lasts as long as its window (hours, days): a lock's age proves nothing.
    # With 0 only QLockFile's test of the owner decides (its PID running the program that
    # wrote it, on this computer, since its last boot).
    lock.setStaleLockTime(0)
    return lock


def _held(lock: Path) -> bool:
    """Whether a running program holds the session lock `lock`, by QLockFile's test
    (another computer's lock counts as held: a shared home folder's other program, whose
    PID means nothing here). A stale lock is removed by the test; no lock: not held."""
    if not lock.exists():
        return False
    probe = _qlock(lock)
    if probe.tryLock(0):
        probe.unlock()  # it was stale (QLockFile removed it) or just went: not held
        return False
    if probe.error() != QLockFile.LockError.LockFailedError:
        return True  # unreadable or a folder we may not write: leave it alone
    pid, _host, _program = probe.getLockInfo()
    return pid > 0 or not _legacy_lock_dead(lock)


def _lock_owner(lock: Path) -> int | None:
    """The PID the lock names, None without a lock."""
    pid, _host, _program = _qlock(lock).getLockInfo()
    return int(pid) if pid > 0 else _legacy_lock_pid(lock)


def _legacy_lock_pid(lock: Path) -> int | None:
    """The PID of a lock an older version of this program wrote (JSON naming the PID and
    host), so that its crash's autosave is still offered after an upgrade."""
    data = _read_json(lock)
    pid = data.get("pid")
    if not isinstance(pid, int) or isinstance(pid, bool):
        return None
    import socket  # here, not at the top: only an older lock needs it (~3 ms of start-up)

    host = data.get("host")
    if isinstance(host, str) and host and host != socket.gethostname():
        # A shared home folder: another computer's program; its PID means nothing here,
        # so treat it as running rather than offer (and delete) its work.
        return _ANOTHER_HOST
    return pid


def _legacy_lock_dead(lock: Path) -> bool:
    """An older version's lock whose program is gone. An unreadable lock older than this
    program is a kill's while it was written; a newer one may be a lock being written."""
    pid = _legacy_lock_pid(lock)
    if pid is None:
        try:
            return lock.stat().st_mtime < _STARTED
        except OSError:
            return True
    return not _alive(pid)


def _alive(pid: int) -> bool:
    # files.process_alive never calls os.kill on Windows, where it ends the process
    # whatever the signal.
    return pid == _ANOTHER_HOST or process_alive(pid)


def _read_json(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass
