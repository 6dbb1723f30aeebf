"""A Kasserine Pass game by e-mail held open in the window: the player's `MailGame`
(kasserine/mail.py) as a play document.

Actions go through the exchange (`MailGame.apply`), so only this side's moves are
taken, and undo stops at what the other side has seen. When play passes to the other
side the document does three things, in this order, before anything is shown: the
local game is saved to its file (it holds this player's secrets: losing it would end
the game), the turn file is written to the e-mail folder, and `turn_written(path)`
tells the window which file to send. A received turn file is verified whole by the
engine first; the game is saved; then the opponent's actions are shown step by step on
the board (`replay`), which the player can play, step or skip to the end.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from hexcampaign.app.document import naming_the_file
from hexcampaign.app.kasserine.document import SAVE_WHAT, GameDocument
from hexcampaign.app.settings import documents_dir
from hexcampaign.files import FileFormatError, atomic_write_text, read_limited, trailing_value
from hexcampaign.kasserine import Game
from hexcampaign.kasserine.game import PHASE_WORDS
from hexcampaign.kasserine.mail import MAIL_KEY, SIDE_WORDS, TURN_SUFFIX, Answer, MailGame
from hexcampaign.kasserine.replay import Replay
from hexcampaign.rules import IllegalAction
from hexcampaign.rules.changes import Play, PlayChanges

MAIL_FOLDER = "Kasserine by e-mail"


def mail_folder() -> Path:
    """Where games by e-mail and their turn files live: a folder of the documents
    folder, where a mail program's "attach a file" finds them."""
    folder = documents_dir() / MAIL_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class MailDocument(GameDocument):
    """One player's copy of a game by e-mail; always saved in a file of its own."""

    turn_written = Signal(object)  # Path of the turn file to send
    replay_moved = Signal()  # the received turn shown moved on a step, or ended

    def __init__(self, mail: MailGame, path: Path | None = None, parent: QObject | None = None):
        self._first_game: Game = mail.game
        super().__init__(mail.game, mail.names, path, parent)
        self.mail = mail
        self.replay: Replay | None = None
        self.replay_from = ""  # whose actions the replay shows ("Lloyd")
        self.turn_path: Path | None = None  # the newest turn file written
        self.write_error = ""  # why the newest turn file could not be written

    # The engine is the exchange's game, or the position of the turn being watched.
    @property
    def _engine(self) -> Game:
        mail = self.__dict__.get("mail")
        if mail is None:
            return self._first_game
        replay = self.__dict__.get("replay")
        return replay.position if replay is not None else mail.game

    @_engine.setter
    def _engine(self, _game: Game) -> None:
        pass  # the exchange holds the game (receive replaces it with the verified copy)

    @property
    def remote(self) -> bool:
        return True

    # --- starting, joining, reading ------------------------------------------------------

    @classmethod
    def start(cls, mail: MailGame, parent: QObject | None = None) -> MailDocument:
        """A new game by e-mail (or one joined): saved at once in the e-mail folder, with
        the invitation (or the first answer) written beside it."""
        document = cls(mail, None, parent)
        document.path = _unused(mail_folder() / f"{game_label(mail)} {SIDE_WORDS[mail.side]}.kpgame")
        document.save()
        document.write_turn()
        return document

    @classmethod
    def from_save(cls, raw: bytes, path: Path, parent: QObject | None = None) -> MailDocument:
        try:
            return cls(MailGame.from_json(raw), path, parent)
        except FileFormatError as error:
            raise type(error)(naming_the_file(error, path, "This file")) from None

    def file_text(self) -> str:
        return self.mail.to_json()

    def suggested_name(self) -> str:
        return self.path.name if self.path else f"{game_label(self.mail)}.kpgame"

    # --- playing -------------------------------------------------------------------------

    def plays_here(self, side: str) -> bool:
        return side == self.mail.side

    def remote_side(self) -> str | None:
        """The other player, while the game waits for their turn file."""
        if self.replay is not None or self.mail.game.over or self.mail.my_move:
            return None
        return self.mail.opponent

    def awaits_defence(self, combat_id: int, settled: set[int]) -> bool:
        """Does this attack wait for this player's defensive artillery now?"""
        return combat_id in self.mail.combats_to_answer() and combat_id not in settled

    def defence_settled(self, settled: set[int]) -> None:
        """The player settled the guns of an attack: when no declared attack waits for
        them any more, the answer goes back (the turn file to send)."""
        if self.mail.answering and not any(
            c not in settled for c in self.mail.combats_to_answer()
        ):
            self.act(Answer(), self)

    def engine_apply(self, action: Any) -> PlayChanges:
        if self.replay is not None:
            raise IllegalAction(
                f"By e-mail: {self.replay_from}'s turn is still being shown; press "
                "“To the end” first, then play on",
                "By e-mail",
            )
        sent = self.mail.number
        lines = self.mail.apply(action)
        changes = lines if isinstance(lines, PlayChanges) else PlayChanges(lines, Play.ALL)
        if self.mail.number != sent:  # play passed to the other side: what they will see
            changes.add(Play.LOCK | Play.PHASE)
        return changes

    def engine_undo(self) -> PlayChanges:
        lines = self.mail.undo()
        changes = PlayChanges(lines)
        changes.flags = Play.ALL
        return changes

    def engine_can_undo(self) -> bool:
        return self.replay is None and self.mail.can_undo

    def engine_redo(self) -> PlayChanges:
        # A game by e-mail applies its actions through the exchange (mail.py), which
        # notes declarations and hands over: Redo would go round it. Play it again.
        raise IllegalAction("Redo: a game by e-mail has no redo; play the action again", "Redo")

    def engine_can_redo(self) -> bool:
        return False

    def before_showing(self, changes: PlayChanges) -> None:
        """A hand-over: the local game on disk, then the turn file, before it is shown."""
        if changes.flags & Play.LOCK and self.mail.outgoing() is not None:
            self._save_quietly()
            self.write_turn()

    # --- the exchange --------------------------------------------------------------------

    def write_turn(self, folder: Path | None = None) -> Path | None:
        """Write the turn file to send (the newest one) into `folder` (the e-mail folder);
        its path, or None with the reason in `write_error`."""
        data = self.mail.outgoing()
        if data is None:
            return None
        target = (folder or mail_folder()) / turn_file_name(self.mail)
        try:
            text = data.decode("ascii")
            atomic_write_text(target, text, verify=lambda back: _same(back, text))
        except OSError as error:
            self.write_error = (
                f"The turn file could not be written to {target.parent} ({error.strerror or error}): "
                "free some space, then use Game > Send turn… to write it again."
            )
            return None
        self.write_error = ""
        self.turn_path = target
        self.turn_written.emit(target)
        return target

    def receive(self, data: bytes) -> list[str]:
        """Verify and take the opponent's turn file (TurnFileError: nothing changed), save
        the game, write the answer if one goes back at once, then show the opponent's
        actions from the position before them."""
        self.finish_replay()
        before = self.mail.game.copy()
        count = len(before.actions())
        lines = self.mail.receive(data)
        self.set_dirty(True)
        self._save_quietly()  # on disk before on screen
        if self.mail.outgoing() is not None:
            self.write_turn()  # an answer that goes back at once, or a roll made now
        self.replay_from = self.mail.names[self.mail.opponent]
        self.replay = Replay(before, self.mail.game.actions()[count:])
        if self.replay.at_end:
            self.replay = None
        self.announce(initiator=self)
        self.replay_moved.emit()
        return lines

    def replay_step(self) -> bool:
        """Show the next action of the turn received; False when it was the last."""
        replay = self.replay
        if replay is None:
            return False
        changes = replay.step()
        if replay.at_end:
            self.finish_replay()
            return False
        self.changed.emit(changes, self)
        self.replay_moved.emit()
        return True

    def finish_replay(self) -> None:
        """Skip to the end of the turn received: the game as it now stands."""
        if self.replay is None:
            return
        self.replay = None
        self.announce(initiator=self)
        self.replay_moved.emit()

    def _save_quietly(self) -> None:
        """Save to the game's file; a refusal (a full disk) leaves it unsaved, which the
        autosave and the close question protect, and says why."""
        if self.path is None:
            return
        try:
            self.save()
        except (OSError, FileFormatError) as error:
            self.write_error = f"The game could not be saved to {self.path.name}: {error}"


def load_game(path: Path | str, parent: QObject | None = None) -> GameDocument:
    """Read a Kasserine Pass save: a game by e-mail (its exchange kept) or one played at
    one table. FileFormatError or OSError with one sentence."""
    path = Path(path)
    raw = read_limited(path, SAVE_WHAT)
    if trailing_value(raw.decode("utf-8", "replace"), MAIL_KEY) is not None:
        return MailDocument.from_save(raw, path, parent)
    return GameDocument.from_raw(raw, path, parent)


def game_label(mail: MailGame) -> str:
    """ "Erwin v Lloyd (3fa2c1)": the players and the start of the game's identity."""
    names = mail.names
    return _safe(f"{names['german']} v {names['allied']} ({mail.game_id[:6]})")


def turn_file_name(mail: MailGame) -> str:
    """The newest turn file's name: the game, its number, the date and phase it hands
    over at ("Erwin v Lloyd (3fa2c1) 04 Feb 14 German combat.kpturn")."""
    number = mail.number - 1
    g = mail.game
    when = "invitation" if number == 0 else f"{g.date()} {PHASE_WORDS[g.state.phase]}"
    return _safe(f"{game_label(mail)} {number:02d} {when}") + TURN_SUFFIX


def _same(back: str, text: str) -> None:
    if back != text:
        raise OSError(5, "the turn file read back is not the one written")


def _safe(text: str) -> str:
    """A file name every system accepts: letters, digits, spaces and - ( ) . only."""
    return re.sub(r"[^\w\-(). ]+", "-", text, flags=re.ASCII).strip(" .")[:120] or "game"


def _unused(path: Path) -> Path:
    """`path`, or with " 2", " 3" ... before the suffix when a file is there already:
    a new game never overwrites another file."""
    candidate, n = path, 2
    while candidate.exists():
        candidate = path.with_name(f"{path.stem} {n}{path.suffix}")
        n += 1
    return candidate


__all__ = ["MAIL_FOLDER", "MailDocument", "game_label", "load_game", "mail_folder", "turn_file_name"]
