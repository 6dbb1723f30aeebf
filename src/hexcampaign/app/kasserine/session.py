"""A game being played in the window: the engine's Game, the players' names, the file it
lives in, unsaved changes and the autosave at every phase.

The session never changes the game itself: each request names an engine method, the
engine validates and applies it, and the session reports the events (or the engine's
refusal sentence) to whoever listens. A crash loses at most the current phase because
every phase change is written to the user data folder.
"""

from __future__ import annotations

import errno
import os
import uuid
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from hexcampaign.app.settings import data_dir
from hexcampaign.files import FileFormatError, atomic_write_text, read_json
from hexcampaign.kasserine import Game, IllegalAction
from hexcampaign.kasserine.game import PHASE_WORDS

FILE_SUFFIX = ".kpgame"
FILE_FILTER = "Kasserine Pass games (*.kpgame);;All files (*)"
DEFAULT_PLAYERS = {"german": "German player", "allied": "Allied player"}


def autosave_folder() -> Path:
    return data_dir() / "autosave"


def orphan_autosaves(folder: Path | None = None) -> list[Path]:
    """Autosaved games whose program is no longer running (it crashed or was killed),
    newest first. A running program's own autosave is not an orphan."""
    folder = folder or autosave_folder()
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob(f"kasserine-*{FILE_SUFFIX}"):
        try:
            pid = int(path.stem.split("-")[1])
        except (IndexError, ValueError):
            continue
        if not _alive(pid):
            found.append(path)
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


class PlaySession(QObject):
    changed = Signal(list)  # the engine's event sentences of the last action
    refused = Signal(str)  # the engine's refusal sentence
    dirty_changed = Signal(bool)

    def __init__(
        self,
        game: Game,
        players: dict[str, str] | None = None,
        path: Path | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.game = game
        self.players = {**DEFAULT_PLAYERS, **(players or {})}
        self.path = path
        self.dirty = False
        self.last_refusal = ""
        self.autosave_path = (
            autosave_folder() / f"kasserine-{os.getpid()}-{uuid.uuid4().hex[:8]}{FILE_SUFFIX}"
        )
        self.autosave_error = ""
        self.revision = 0  # counts changes: views cache what they computed per revision
        self._phase_key = self._key()

    # --- acting through the engine -----------------------------------------------------------

    def act(self, method: str, *args, **kwargs):
        """Call the engine's `method`; its return value, or None when refused (the
        sentence then goes to `refused` and `last_refusal`)."""
        before = len(self.game.log())
        try:
            result = getattr(self.game, method)(*args, **kwargs)
        except IllegalAction as error:
            self.last_refusal = str(error)
            self.refused.emit(self.last_refusal)
            return None
        self._after_change(self.game.log()[before:])
        return result if result is not None else []

    def undo(self) -> bool:
        if not self.game.can_undo:
            self.last_refusal = (
                "Undo: a die roll has been seen since the last action; play is locked from there"
            )
            self.refused.emit(self.last_refusal)
            return False
        return self.act("undo") is not None

    # --- what the players see ------------------------------------------------------------------

    def player(self, side: str) -> str:
        return self.players.get(side) or DEFAULT_PLAYERS[side]

    def whose_turn(self) -> str:
        """ "Feb 16, Allied movement — Alice (Allied) to play"."""
        g = self.game
        if g.over:
            return f"The game is over: {g.victory_level()} ({g.victory_points()} points)"
        side = g.side_to_play
        who = "German" if side == "german" else "Allied"
        return f"{g.date()}, {PHASE_WORDS[g.state.phase]} — {self.player(side)} ({who}) to play"

    @property
    def title(self) -> str:
        return self.path.name if self.path else "New Kasserine Pass game"

    # --- files -------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The engine's save with the players' names added (covered by its check, so
        the save loads without a replay)."""
        return self.game.to_json(extra={"players": dict(self.players)})

    def save(self, path: Path | str) -> None:
        """Atomic (temporary file, fsync, rename, previous file kept as .bak); raises
        OSError when the disk refuses."""
        path = Path(path)
        self._write(path)
        self.path = path
        self._set_dirty(False)

    def _write(self, path: Path) -> None:
        # The file read back must be the very text meant (the text of this game, which
        # loads as it) before it replaces the old file: a save is only as good as what
        # is on the disk.
        text = self.to_json()

        def same_text(back: str) -> None:
            if back != text:
                raise OSError(errno.EIO, "the file read back is not the game that was written")

        atomic_write_text(path, text, verify=same_text)

    @classmethod
    def load(cls, path: Path | str, parent: QObject | None = None) -> PlaySession:
        """Read a saved game; a bad file raises FileFormatError with one sentence."""
        path = Path(path)
        game = Game.load(path)
        document = read_json(path, "Kasserine Pass save")
        players = document.get("players") if isinstance(document, dict) else None
        if not isinstance(players, dict):
            players = {}
        names = {k: str(v) for k, v in players.items() if k in DEFAULT_PLAYERS}
        return cls(game, names, path, parent)

    def autosave(self) -> bool:
        """Write the game to this session's autosave file; False (and a sentence in
        autosave_error) when the disk refuses — the game in the window is unharmed."""
        try:
            self.autosave_path.parent.mkdir(parents=True, exist_ok=True)
            self._write(self.autosave_path)
        except OSError as error:
            self.autosave_error = f"Autosave failed ({error}); the game is still in the window."
            return False
        self.autosave_error = ""
        return True

    def discard_autosave(self) -> None:
        for path in (
            self.autosave_path,
            self.autosave_path.with_name(self.autosave_path.name + ".bak"),
        ):
            try:
                path.unlink()
            except OSError:
                pass

    # --- helpers -------------------------------------------------------------------------------

    def _key(self) -> tuple[int, str]:
        return (self.game.state.turn, self.game.state.phase)

    def _after_change(self, events: list[str]) -> None:
        self.revision += 1
        self._set_dirty(True)
        key = self._key()
        if key != self._phase_key:
            self._phase_key = key
            self.autosave()
        self.changed.emit(events)

    def _set_dirty(self, dirty: bool) -> None:
        if dirty != self.dirty:
            self.dirty = dirty
            self.dirty_changed.emit(dirty)


__all__ = [
    "DEFAULT_PLAYERS",
    "FILE_FILTER",
    "FILE_SUFFIX",
    "FileFormatError",
    "PlaySession",
    "autosave_folder",
    "orphan_autosaves",
]
