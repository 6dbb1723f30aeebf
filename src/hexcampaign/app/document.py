"""Documents: what the window holds open — a map, a Kasserine Pass game, a campaign.

One base, `Document`, gives each kind the same file life, so the window asks its
questions (Save, Save As, the close question) and the autosaver keeps its copies the
same way for all three (see app/dialogs/files.py and app/autosave.py):

- `path` (None until the first save), `title`, `dirty` with `dirty_changed`;
- `save(path)`: atomic, read back and checked before it replaces the old file; marks
  the document clean and remembers the path;
- `path` is always absolute (resolved when set), so an autosave records where the file
  really is, whichever folder the program runs in;
- `disk_identity`: what the file was when it was opened or last saved (size, time and
  SHA-256, `files.FileIdentity`). A save over the document's own file first checks that
  the file is still that (`save_conflict`): another window's or program's save, or a
  recovered document whose file has changed since (or is gone), is never overwritten
  silently: `save` refuses with `FileChangedOnDisk` (one sentence) unless the user
  said Overwrite (`allow_overwrite`); the window asks before (app/window/file_guard.py);
- `file_text()`: the text a save and an autosave write; `revision` counts changes, so
  the autosaver writes only when something changed since its last copy;
- `act(action)`: the one way a change goes in (an undo command for a map, an engine
  action for a game or a campaign);
- `release()`: let go of everything Qt holds for it, now, in a known order.

A kind says in class attributes what it is: KIND ("map", "game", "campaign": the word
in the window's sentences), SUFFIX, FILE_FILTER and UNTITLED.
"""

from __future__ import annotations

import errno
import warnings
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from hexcampaign.files import FileFormatError, FileIdentity, atomic_write_text, file_identity
from hexcampaign.maps import HexMap, dumps_map, load_map, save_map
from hexcampaign.maps.changes import ChangeSet


def absolute(path: Path | str | None) -> Path | None:
    """`path` made absolute and resolved (None stays None): "work/g.hexmap" typed in one
    folder must never mean another folder's file later (an autosave restored elsewhere)."""
    if path is None or str(path) == "":
        return None
    try:
        return Path(path).expanduser().resolve()
    except (OSError, RuntimeError):  # a loop of links: absolute is the best there is
        return Path(path).expanduser().absolute()


class FileChangedOnDisk(FileFormatError):
    """A save would overwrite a file that is no longer the one the document was opened
    from or last saved to; the message is one sentence naming it."""


class Document(QObject):
    """The file life every document shares. Subclasses give `file_text` and `act`."""

    dirty_changed = Signal(bool)
    path_changed = Signal(object)  # Path | None

    KIND = "document"
    SUFFIX = ""
    FILE_FILTER = "All files (*)"
    UNTITLED = "Untitled"

    def __init__(self, path: Path | str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._path: Path | None = absolute(path)
        # (path, identity) of the file as it was opened or last saved: a save over that
        # path checks the file is still so. Taken when the document is made from a file.
        self._disk: tuple[Path, FileIdentity | None] | None = None
        # A restored autosave: the identity its file had when the work began, and
        # whether the first save over it must still be checked against it.
        self.recovered = False
        self._overwrite_ok: Path | None = None
        if self._path is not None:
            self.remember_disk()
        self.revision = 0  # bumped by every change; the autosaver compares it
        self._dirty = False
        # The revision the user chose to discard at a close question: its autosave is
        # not rewritten when the program then quits (a later change keeps it again).
        self.discarded_revision: int | None = None

    # --- where it lives on disk ------------------------------------------------------------

    @property
    def path(self) -> Path | None:
        return self._path

    @path.setter
    def path(self, path: Path | str | None) -> None:
        self._path = absolute(path)

    @property
    def disk_identity(self) -> FileIdentity | None:
        """What the document's own file was when opened or last saved (None: unknown,
        or there was no file)."""
        if self._disk is None or self._path is None or self._disk[0] != self._path:
            return None
        return self._disk[1]

    def remember_disk(self, identity: FileIdentity | None = None, path: Path | None = None) -> None:
        """The file at `path` (the document's own) is what this document holds now: the
        identity given, or the file's as it is on disk."""
        where = absolute(path) if path is not None else self._path
        if where is None:
            self._disk = None
            return
        self._disk = (where, identity if identity is not None else file_identity(where))

    def recovered_from(self, source: Path | None, identity: FileIdentity | None) -> None:
        """This document is a restored autosave of the work on `source`, begun from the
        file as `identity` says it was (None: not known, an older autosave): the first
        save over `source` asks unless the file is still exactly that."""
        self.path = source
        self.recovered = True
        self._disk = (self._path, identity) if self._path is not None else None

    def save_conflict(self, target: Path | str | None = None) -> str:
        """Why a save to `target` (default: the document's file) must ask first, in one
        sentence naming the file; "" when it may go ahead: another file (Save As, whose
        dialog asked about replacing it), the file unchanged since it was opened or last
        saved, or the user said Overwrite."""
        where = absolute(target) if target is not None else self._path
        if where is None or where != self._path or self._overwrite_ok == where:
            return ""
        now = file_identity(where)
        known = self._disk[1] if self._disk is not None and self._disk[0] == where else None
        if self.recovered:
            if now is None:
                return (
                    f"{where.name} ({where}), the file the restored work came from, no "
                    "longer exists."
                )
            if known is None or not now.same_content(known):
                return (
                    f"{where.name} ({where}) has changed on disk since the work restored "
                    "from the autosave began."
                )
            return ""
        if now is None:
            return ""  # deleted meanwhile: saving puts it back, overwriting nothing
        if known is None or not now.same_content(known):
            return (
                f"{where.name} was changed by another window or program since you "
                f"{'last saved' if self._saved_here else 'opened'} it."
            )
        return ""

    def allow_overwrite(self, allow: bool = True) -> None:
        """The user answered Overwrite: the next save over the document's own file goes
        ahead whatever the file on disk now is (False: it asks again)."""
        self._overwrite_ok = self._path if allow else None

    # --- what every document has ----------------------------------------------------------

    @property
    def dirty(self) -> bool:
        return self._dirty

    @dirty.setter
    def dirty(self, dirty: bool) -> None:
        self.set_dirty(dirty)

    def set_dirty(self, dirty: bool) -> None:
        dirty = bool(dirty)
        if dirty:
            self.revision += 1
        if dirty != self._dirty:
            self._dirty = dirty
            self.dirty_changed.emit(dirty)

    def discard_changes(self) -> None:
        """The user answered Discard: this revision's changes are to be dropped."""
        self.discarded_revision = self.revision

    @property
    def unsaved_work(self) -> bool:
        """Changes the user still wants: unsaved, and not discarded since they were made
        (what an autosave at quitting keeps for the next start)."""
        return self.dirty and self.discarded_revision != self.revision

    @property
    def title(self) -> str:
        return self.path.name if self.path else self.UNTITLED

    def suggested_name(self) -> str:
        """The file name a first Save As offers."""
        return self.title if self.path else f"{self.UNTITLED}{self.SUFFIX}"

    def file_text(self) -> str:
        """The text a save writes."""
        raise NotImplementedError

    def check_written(self, text: str, back: str) -> None:
        """Raise OSError unless `back`, read from the new file, is the document meant."""
        if back != text:
            raise OSError(errno.EIO, f"the {self.KIND} read back is not the one that was written")

    def save(self, path: Path | str | None = None) -> None:
        """Atomic save (OSError, or the format's error, with the reason); the document is
        clean and at `path` only once the file was written and read back."""
        target = absolute(path) if path else self.path
        if target is None:
            raise ValueError("no file name given")
        conflict = self.save_conflict(target)
        if conflict:
            raise FileChangedOnDisk(
                f"{conflict} Not saved, so nothing there is lost: use Save As… to keep "
                "both, or save again and choose Overwrite."
            )
        self.write_file(target)
        self._saved_to(target)
        self._after_writing(target)

    def write_file(self, target: Path) -> None:
        text = self.file_text()
        atomic_write_text(target, text, verify=lambda back: self.check_written(text, back))

    def act(self, action: Any) -> Any:
        """Apply one change; the document is dirty afterwards."""
        raise NotImplementedError

    def release(self) -> None:
        """Nobody shows this document any more: free what Qt holds for it now."""
        self.deleteLater()

    # --- helpers ---------------------------------------------------------------------------

    _saved_here = False  # the identity is of this document's own save (not of its opening)

    def _after_writing(self, target: Path) -> None:
        # The file now holds what this document wrote: later saves check against that.
        self.remember_disk(path=target)
        self._saved_here = True
        self.recovered = False
        self._overwrite_ok = None

    def _saved_to(self, target: Path) -> None:
        if target != self.path:
            self.path = target
            self.path_changed.emit(target)
        self.set_dirty(False)


class MapDocument(Document):
    """The map, its undo stack and the change signal. Every edit is an undo command
    (see app/editor/commands.py); the canvas layers and docks listen to `changed` alone
    and refresh only what the ChangeSet names. `changed(changes, initiator)` has the
    shape of the play documents' signal (app/play_document.py): `initiator` is the undo
    command that changed the map (on its redo and its undo alike), or None. A swapped map
    object (resize, palette) is `changed(ChangeSet.everything(), ...)` with `map` already
    the new one. Dirty means "not at the undo stack's clean index"."""

    changed = Signal(object, object)  # (ChangeSet, initiator: the undo command, or None)

    KIND = "map"
    SUFFIX = ".hexmap"
    FILE_FILTER = "Hex maps (*.hexmap);;All files (*)"

    def __init__(self, hexmap: HexMap, path: Path | None = None, parent: QObject | None = None):
        super().__init__(path, parent)
        self.map = hexmap
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)

    def __del__(self) -> None:
        # Undo commands hold their document, and the stack (a Qt child of the document)
        # holds the commands: a cycle through C++. When Python's collector frees such a
        # cycle it would tear a command's wrapper down while the stack still deletes
        # the command: a crash at exit. Emptying the stack first, while every wrapper
        # is whole, breaks the cycle in the right order.
        try:
            self._empty_stack()
        except Exception:  # at interpreter shutdown modules may be half gone already
            pass

    @classmethod
    def open(cls, path: Path | str, parent: QObject | None = None) -> MapDocument:
        """Raises MapFormatError with a sentence for the user when the file is bad."""
        return cls(load_map(path), Path(path), parent)

    @property
    def dirty(self) -> bool:
        return not self.undo_stack.isClean()

    @dirty.setter
    def dirty(self, dirty: bool) -> None:
        self.set_dirty(dirty)

    def set_dirty(self, dirty: bool) -> None:
        if dirty:
            self.undo_stack.resetClean()  # emits cleanChanged when it was clean
        else:
            self.undo_stack.setClean()

    @property
    def revision(self) -> int:
        return self.undo_stack.index() if hasattr(self, "undo_stack") else 0

    @revision.setter
    def revision(self, _value: int) -> None:
        pass  # the undo stack's index is the revision

    @property
    def title(self) -> str:
        return self.path.name if self.path else (self.map.name or self.UNTITLED)

    def suggested_name(self) -> str:
        return self.path.name if self.path else (self.map.name or "untitled") + self.SUFFIX

    def file_text(self) -> str:
        return dumps_map(self.map)

    def write_file(self, target: Path) -> None:
        save_map(self.map, target)  # atomic and read back, keeping unchanged sections

    def act(self, action: QUndoCommand) -> None:
        """Push one undo command (it applies itself through redo)."""
        self.undo_stack.push(action)

    def notify(self, changes: ChangeSet, initiator: object = None) -> None:
        """Called by undo commands after they change the map (redo and undo alike), with
        themselves as the initiator."""
        if changes:
            self.changed.emit(changes, initiator)

    def replace_map(self, hexmap: HexMap, initiator: object = None) -> None:
        """Swap the map object (used by resize/palette commands): listeners see `map`
        is another object and rebuild."""
        self.map = hexmap
        self.changed.emit(ChangeSet.everything(), initiator)

    def release(self) -> None:
        self._empty_stack()
        super().release()

    def _saved_to(self, target: Path) -> None:
        if target != self.path:
            self.path = target
            self.path_changed.emit(target)
        self.undo_stack.setClean()

    def _clean_changed(self, clean: bool) -> None:
        # A bound method, not a lambda: Qt drops the connection when either object dies.
        self.dirty_changed.emit(not clean)

    def _empty_stack(self) -> None:
        # The stack says "clean" while it empties or dies; nobody may hear that from a
        # document on its way out.
        try:
            stack = self.undo_stack
        except AttributeError:
            return
        with warnings.catch_warnings():  # PySide warns when nothing was connected
            warnings.simplefilter("ignore", RuntimeWarning)
            try:
                stack.cleanChanged.disconnect()
            except (RuntimeError, TypeError):
                pass
        try:
            stack.clear()
        except RuntimeError:  # Qt deleted it already
            pass


def naming_the_file(error: Exception, path: Path, stand_in: str, prefix: bool = True) -> str:
    """A loader's sentence about text it was given, worded as a load from `path` words
    it: the text's own faults ("This file is not ...") name the file; the others are
    prefixed with the file's name when `prefix` (as Game.load does)."""
    message = str(error)
    for fault in (" is not a", " is larger"):
        if message.startswith(stand_in + fault):
            return path.name + message[len(stand_in) :]
    return f"{path.name}: {message}" if prefix else message


__all__ = ["Document", "FileChangedOnDisk", "MapDocument", "absolute", "naming_the_file"]
