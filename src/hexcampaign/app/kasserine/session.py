"""A game being played in the window: the engine's Game, the players' names, the file it
lives in, unsaved changes and the autosave at every phase.

The session never changes the game itself: each request names an engine method, the
engine validates and applies it, and the session reports the events (or the engine's
refusal sentence) to whoever listens. A crash loses at most the current phase because
every phase change is written to the user data folder.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from hexcampaign.app.autosave import autosave_dir, find_orphans
from hexcampaign.app.document import Document, naming_the_file
from hexcampaign.files import FileFormatError, read_limited
from hexcampaign.kasserine import Game, IllegalAction
from hexcampaign.kasserine.game import PHASE_WORDS
from hexcampaign.rules.changes import PlayChanges

FILE_SUFFIX = ".kpgame"
FILE_FILTER = "Kasserine Pass games (*.kpgame);;All files (*)"
DEFAULT_PLAYERS = {"german": "German player", "allied": "Allied player"}
SAVE_WHAT = "Kasserine Pass save"
COMPUTER_LEVELS = ("easy", "normal")


def autosave_folder() -> Path:
    return autosave_dir()


def orphan_autosaves(folder: Path | None = None) -> list[Path]:
    """Autosaved games whose program is no longer running (it crashed or was killed),
    newest first. A running program's own autosave is not an orphan."""
    found = [o.path for o in find_orphans(folder, (FILE_SUFFIX,))]
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


class PlaySession(Document):
    """A Kasserine Pass game as a document: the engine's Game and the players' names.
    A game never saved is dirty from its first moment (it exists nowhere else)."""

    changed = Signal(object)  # the last action's PlayChanges (its log lines and flags)
    refused = Signal(str)  # the engine's refusal sentence

    KIND = "game"
    SUFFIX = FILE_SUFFIX
    FILE_FILTER = FILE_FILTER
    UNTITLED = "New Kasserine Pass game"

    def __init__(
        self,
        game: Game,
        players: dict[str, str] | None = None,
        path: Path | None = None,
        parent: QObject | None = None,
        computer: dict[str, str] | None = None,
    ) -> None:
        super().__init__(path, parent)
        self.game = game
        self.players = {**DEFAULT_PLAYERS, **(players or {})}
        # The sides the computer plays and at which level ({"allied": "normal"}); a side
        # not named here is a person's.
        self.computer: dict[str, str] = _levels(computer or {})
        # How fast the computer's moves are shown (the window's pace name), saved in
        # "computer" as "pace"; None: not yet set (a new game, a save without it).
        self.pace: str | None = None
        self.last_refusal = ""
        self.autosaver = None  # set by Autosaver.attach's owner (the mode)
        self._phase_key = self._key()
        if path is None:
            self.set_dirty(True)

    # --- acting through the engine -----------------------------------------------------------

    def act(self, action, *args, **kwargs):
        """Call the engine: `action` is an engine method's name (with its arguments) or
        an action value (as legal_actions() gives). Returns the engine's answer, or
        None when refused (the sentence then goes to `refused` and `last_refusal`)."""
        try:
            if isinstance(action, str):
                result = getattr(self.game, action)(*args, **kwargs)
            else:
                result = self.game.apply(action)
        except IllegalAction as error:
            self.last_refusal = str(error)
            self.refused.emit(self.last_refusal)
            return None
        self._after_change(self._last_changes())
        return result if result is not None else []

    def apply_recorded(self, action):
        """A computer's action, applied with the dice its worker's copy rolled; refused
        like any action (the sentence goes to `refused`)."""
        try:
            result = self.game.apply_recorded(action)
        except IllegalAction as error:
            self.last_refusal = str(error)
            self.refused.emit(self.last_refusal)
            raise
        self._after_change(self._last_changes())
        return result

    def set_computer(self, side: str, level: str | None) -> None:
        """The computer plays `side` at `level`; None: a person plays it. Saved."""
        if level is None:
            self.computer.pop(side, None)
        else:
            self.computer[side] = _levels({side: level})[side]
        self.set_dirty(True)

    def undo(self) -> bool:
        """Take back the last action; past a lock (a roll, the defender's artillery, the
        hand-over) the engine's refusal says which lock stops it."""
        return self.act("undo") is not None

    # --- what the players see ------------------------------------------------------------------

    def player(self, side: str) -> str:
        """The name of who plays `side`: a person's name, or "The computer (normal)"."""
        if side in self.computer:
            return f"The computer ({self.computer[side]})"
        return self.players.get(side) or DEFAULT_PLAYERS[side]

    def whose_turn(self) -> str:
        """ "Feb 16, Allied movement — Alice (Allied) to play"."""
        g = self.game
        if g.over:
            return f"The game is over: {g.victory_level()} ({g.victory_points()} points)"
        side = g.side_to_play
        who = "German" if side == "german" else "Allied"
        return f"{g.date()}, {PHASE_WORDS[g.state.phase]} — {self.player(side)} ({who}) to play"

    def suggested_name(self) -> str:
        return self.path.name if self.path else f"kasserine{FILE_SUFFIX}"

    # --- files -------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The engine's save with the players' names and the sides the computer plays
        added (covered by its check, so the save loads without a replay)."""
        extra: dict = {"players": dict(self.players)}
        if self.computer:
            extra["computer"] = {**self.computer, **({"pace": self.pace} if self.pace else {})}
        return self.game.to_json(extra=extra)

    def file_text(self) -> str:
        return self.to_json()

    @classmethod
    def load(cls, path: Path | str, parent: QObject | None = None) -> PlaySession:
        """Read a saved game (the file is read and parsed once); a bad file raises
        FileFormatError with one sentence."""
        path = Path(path)
        raw = read_limited(path, SAVE_WHAT)
        try:
            game = Game.from_json(raw)
        except FileFormatError as error:
            raise type(error)(naming_the_file(error, path, "This file")) from None
        session = cls(game, _players(raw), path, parent, _computer(raw))
        pace = _app_key(raw, "computer").get("pace")
        session.pace = pace if isinstance(pace, str) else None
        return session

    @property
    def autosave_path(self) -> Path | None:
        return self.autosaver.document_path if self.autosaver is not None else None

    @property
    def autosave_error(self) -> str:
        return self.autosaver.error if self.autosaver is not None else ""

    def autosave(self) -> bool:
        """Write the game to its autosave now (if it has unsaved moves); False when the
        disk refused (a sentence in autosave_error) — the game in the window is unharmed."""
        return self.autosaver is not None and self.autosaver.autosave_now()

    def discard_autosave(self) -> None:
        if self.autosaver is not None and self.autosaver.document is self:
            self.autosaver.discard()

    # --- helpers -------------------------------------------------------------------------------

    def _key(self) -> tuple[int, str]:
        return (self.game.state.turn, self.game.state.phase)

    def _last_changes(self) -> PlayChanges:
        """What the engine says its last action changed (every action returns it)."""
        changes = getattr(self.game, "last_changes", None)
        return changes if isinstance(changes, PlayChanges) else PlayChanges.everything()

    def _after_change(self, events: PlayChanges) -> None:
        self.set_dirty(True)
        key = self._key()
        if key != self._phase_key:
            self._phase_key = key
            self.autosave()
        self.changed.emit(events)


def _players(raw: bytes) -> dict[str, str]:
    """The players' names, which the app writes after the engine's keys, before the
    check (see to_json)."""
    players = _app_key(raw, "players")
    return {k: str(v) for k, v in players.items() if k in DEFAULT_PLAYERS and isinstance(v, str)}


def _computer(raw: bytes) -> dict[str, str]:
    """The sides the computer plays ({"allied": "normal"}); a save from before the
    computer players has none: two people play."""
    return _levels(_app_key(raw, "computer"))


def _levels(levels: dict) -> dict[str, str]:
    """Only known sides; an unknown level reads as "normal" (a newer program's level)."""
    return {
        side: level if level in COMPUTER_LEVELS else "normal"
        for side, level in levels.items()
        if side in DEFAULT_PLAYERS and isinstance(level, str)
    }


def _app_key(raw: bytes, key: str) -> dict:
    """One small object the app wrote as a key of the save's top level. Only it is read:
    the engine has parsed the file. In JSON text a quote inside a string is always
    escaped, so `,"players":` can only be the key itself."""
    text = raw.decode("utf-8", "replace")
    marker = f',"{key}":'
    at = text.rfind(marker)
    if at < 0:
        return {}
    try:
        found, _end = json.JSONDecoder().raw_decode(text, at + len(marker))
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


__all__ = [
    "COMPUTER_LEVELS",
    "DEFAULT_PLAYERS",
    "FILE_FILTER",
    "FILE_SUFFIX",
    "FileFormatError",
    "PlaySession",
    "autosave_folder",
    "orphan_autosaves",
]
