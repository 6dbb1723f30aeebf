"""A Kasserine Pass game held open in the window: the engine's Game, the players' names,
the sides the computer plays, the file it lives in, unsaved changes and the autosave.

`GameDocument` is the play document of this ruleset (app/play_document.py): a gesture
becomes one of the engine's own typed actions (`MoveUnit`, `DeclareAttack`, ...), sent
with `document.act(action, initiator)`; the engine validates and applies it, and the
document emits `changed(changes, initiator)` once with the engine's change record (or
`refused(sentence)` with its refusal). The computer's actions come through
`apply_recorded`, the same path. A crash loses at most the current phase because every
phase change and every lock is written to the user data folder first.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject

from hexcampaign.app.autosave import autosave_dir, find_orphans
from hexcampaign.app.document import naming_the_file
from hexcampaign.app.kasserine import reopening
from hexcampaign.app.play_document import PlayDocument
from hexcampaign.files import FileFormatError, read_limited, trailing_value
from hexcampaign.kasserine import Game
from hexcampaign.kasserine.game import PHASE_WORDS
from hexcampaign.kasserine.mail import MAIL_KEY
from hexcampaign.rules.changes import Play, PlayChanges

FILE_SUFFIX = ".kpgame"
FILE_FILTER = "Kasserine Pass games (*.kpgame);;All files (*)"
DEFAULT_PLAYERS = {"german": "German player", "allied": "Allied player"}
SAVE_WHAT = "Kasserine Pass save"
COMPUTER_LEVELS = ("easy", "normal", "hard")


def autosave_folder() -> Path:
    return autosave_dir()


def orphan_autosaves(folder: Path | None = None) -> list[Path]:
    """Autosaved games whose program is no longer running (it crashed or was killed),
    newest first. A running program's own autosave is not an orphan."""
    found = [o.path for o in find_orphans(folder, (FILE_SUFFIX,))]
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


class GameDocument(PlayDocument):
    """A Kasserine Pass game as a document: the engine's Game and the players' names.
    A game never saved is dirty from its first moment (it exists nowhere else)."""

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
        super().__init__(game, path, parent)
        self.players = {**DEFAULT_PLAYERS, **(players or {})}
        # The sides the computer plays and at which level ({"allied": "normal"}); a side
        # not named here is a person's.
        self.computer: dict[str, str] = _levels(computer or {})
        # How fast the computer's moves are shown (the window's pace name), saved in
        # "computer" as "pace"; None: not yet set (a new game, a save without it).
        self.pace: str | None = None

    @property
    def game(self) -> Game:
        """The rules engine: read it freely; change it only through `act`."""
        return self._engine

    # --- acting through the engine -------------------------------------------------------

    def apply_recorded(
        self, action: Any, faces: list[int] | None = None, initiator: object = None
    ) -> PlayChanges | None:
        """A computer's action, applied with the dice its worker's copy rolled (`faces`,
        else those recorded on the action), so both copies stay identical; refused like
        any action. One `changed`, as for a person's action."""
        recorded = action if faces is None else action.model_copy(update={"faces": list(faces)})
        return self._run(lambda: self._engine.apply_recorded(recorded), initiator)

    def set_computer(self, side: str, level: str | None) -> None:
        """The computer plays `side` at `level`; None: a person plays it. Saved."""
        if level is None:
            self.computer.pop(side, None)
        else:
            self.computer[side] = _levels({side: level})[side]
        self.set_dirty(True)

    def before_showing(self, changes: PlayChanges) -> None:
        """Undo locked (a roll, a hand-over): this computer's journal learns how far the
        game has gone, after the autosave and before anything is shown, so reopening an
        older save is written into the log (reopening.py)."""
        if changes.flags & Play.LOCK and not self.remote:
            reopening.record(self.game)

    # --- who plays where (a game by e-mail answers otherwise: mail_document.py) -----------

    @property
    def remote(self) -> bool:
        """True for a game by e-mail (the other side plays on another computer)."""
        return False

    def plays_here(self, side: str) -> bool:
        """Does a person at this computer play `side` (not the computer, not a remote
        opponent)?"""
        return side not in self.computer

    def remote_side(self) -> str | None:
        """The side that must act on another computer now (games by e-mail), else None."""
        return None

    def awaits_defence(self, combat_id: int, settled: set[int]) -> bool:
        """Does this declared attack wait for the defender's artillery? At one table the
        Combat dock remembers which defences are settled (`settled`)."""
        return combat_id not in settled

    def defence_settled(self, settled: set[int]) -> None:
        """The defender settled an attack's guns (at one table nothing more happens)."""

    # --- what the players see ------------------------------------------------------------

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

    # --- files ---------------------------------------------------------------------------

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
    def load(cls, path: Path | str, parent: QObject | None = None) -> GameDocument:
        """Read a saved game (the file is read and parsed once); a bad file raises
        FileFormatError with one sentence."""
        path = Path(path)
        return cls.from_raw(read_limited(path, SAVE_WHAT), path, parent)

    @classmethod
    def from_raw(cls, raw: bytes, path: Path, parent: QObject | None = None) -> GameDocument:
        """A game from the bytes of its save (read once by `load`)."""
        text = raw.decode("utf-8", "replace")
        if trailing_value(text, MAIL_KEY) is not None:
            raise FileFormatError(
                f"{path.name} is a game by e-mail: open it in the Kasserine Pass mode "
                "(File > Open), which keeps its exchange."
            )
        try:
            game = Game.from_json(raw)
        except FileFormatError as error:
            raise type(error)(naming_the_file(error, path, "This file")) from None
        computer = _app_object(text, "computer")
        document = cls(game, _players(text), path, parent, _levels(computer))
        pace = computer.get("pace")
        document.pace = pace if isinstance(pace, str) else None
        return document

def _players(text: str) -> dict[str, str]:
    """The players' names, which the app writes after the engine's keys, before the
    check (see to_json)."""
    players = _app_object(text, "players")
    return {k: str(v) for k, v in players.items() if k in DEFAULT_PLAYERS and isinstance(v, str)}


def _app_object(text: str, key: str) -> dict:
    """One small object the app wrote at the save's top level, whatever the spacing; {}
    when absent (a save from before it) or not an object."""
    found = trailing_value(text, key)
    return found if isinstance(found, dict) else {}


def _levels(levels: dict) -> dict[str, str]:
    """Only known sides; an unknown level reads as "normal" (a newer program's level)."""
    return {
        side: level if level in COMPUTER_LEVELS else "normal"
        for side, level in levels.items()
        if side in DEFAULT_PLAYERS and isinstance(level, str)
    }


__all__ = [
    "COMPUTER_LEVELS",
    "DEFAULT_PLAYERS",
    "FILE_FILTER",
    "FILE_SUFFIX",
    "FileFormatError",
    "GameDocument",
    "autosave_folder",
    "orphan_autosaves",
]
