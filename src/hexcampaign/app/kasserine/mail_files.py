"""Games by e-mail in the window: start one (the invitation), join one (open the
invitation), take a turn file (File > Open, a double-click through its MIME type, a
drop on the window), send a turn (Game > Send turn…), and the bar that shows the
opponent's turn step by step before the player plays on.

A turn file is hostile input: it is read bounded and verified whole by the engine
(kasserine/mail.py) before anything changes; a refused file is one sentence in one
message box and the game shown stays as it was.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QDialog, QMessageBox

from hexcampaign.app.kasserine import replay_viewer
from hexcampaign.app.kasserine.document import GameDocument
from hexcampaign.app.kasserine.mail_dialogs import NewMailGameDialog, TurnReplayBar, TurnSentNote
from hexcampaign.app.kasserine.mail_document import MailDocument, load_game, mail_folder
from hexcampaign.app.plain_text import literal
from hexcampaign.files import FileFormatError, describe_os_error, read_limited
from hexcampaign.kasserine import Options
from hexcampaign.kasserine.mail import (
    MAX_TURN_BYTES,
    SIDE_WORDS,
    MailGame,
    TurnFileError,
    read_header,
)
from hexcampaign.rules import IllegalAction

if TYPE_CHECKING:
    from hexcampaign.app.kasserine.table import MailTable

GAMES_SETTING = "mail_games"  # game id -> the local game's file, for the turn files
TURN_FILTER = "Kasserine Pass turn files (*.kpturn);;All files (*)"
OPEN_TITLE = "Could not open the turn file"


class MailFiles:
    """The games by e-mail of the play mode."""

    def __init__(self, mode: MailTable) -> None:
        self.mode = mode
        self.window = mode.window
        self.note: TurnSentNote | None = None
        self.bar = TurnReplayBar(self.window)
        self.window.addToolBar(self.bar)
        self.bar.step_requested.connect(self.step)
        self.bar.end_requested.connect(self.to_the_end)
        self.bar.viewer_requested.connect(lambda: replay_viewer.view_received(self.window, self.mode.document))

    # --- starting and joining ------------------------------------------------------------

    def new_game_dialog(self) -> bool:
        """Game > New game by e-mail…: ask, then start. False when cancelled."""
        if not self.mode.maybe_close():
            return False
        dialog = NewMailGameDialog(self.window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.start(dialog.my_side(), dialog.player_names(), dialog.options()) is not None

    def start(self, side: str, names: dict[str, str], options: Options | None = None) -> MailDocument | None:
        """Start a game by e-mail as `side` (no questions): saved in the e-mail folder,
        with the invitation to send written beside it."""
        try:
            mail = MailGame.start(side, names, options)
        except IllegalAction as error:
            self._error("Could not start the game", str(error))
            return None
        return self._begin(mail, "invitation")

    def open_turn(self, path: Path | str) -> bool:
        """Open a turn file: an invitation joins its game; a turn goes to its game (the
        one shown, or its file on this computer), verified whole first."""
        path = Path(path)
        try:
            data = read_limited(path, "turn file", MAX_TURN_BYTES)
            header = read_header(data)
        except (OSError, FileFormatError, TurnFileError) as error:
            sentence = describe_os_error(error, path, "open") if isinstance(error, OSError) else str(error)
            self._error(OPEN_TITLE, sentence)
            return False
        side = "allied" if header.sender == "german" else "german"  # the receiver's
        if header.kind == "invitation":
            return self._join(data, header.game_id, side)
        shown = self.mode.document
        if isinstance(shown, MailDocument) and shown.mail.game_id == header.game_id:
            if not self._receive(shown, data):
                return False
            self._take_charge()
            self.mode.say(f"{shown.replay_from}'s turn received and verified.")
            return True
        local = self.local_game(header.game_id, side)
        if local is None:
            self._error(
                OPEN_TITLE,
                "This turn file belongs to a game by e-mail that is not on this computer: "
                "open the game's own file (.kpgame) first, or its invitation if you have "
                "not joined it yet.",
            )
            return False
        if not self.mode.maybe_close():
            return False
        try:
            document = load_game(local, self.mode.owner)
        except (OSError, FileFormatError) as error:
            sentence = describe_os_error(error, local, "open") if isinstance(error, OSError) else str(error)
            self._error("Could not open the game", sentence)
            return False
        if not isinstance(document, MailDocument) or not self._receive(document, data):
            document.release()
            return False
        self._show(document)
        self.mode.say(f"{document.replay_from}'s turn received and verified.")
        return True

    # --- sending -------------------------------------------------------------------------

    def send_turn(self) -> bool:
        """Game > Send turn…: write the newest turn file again and say where it is."""
        document = self.mode.document
        if not isinstance(document, MailDocument):
            self.mode.say("Send turn: this game is played at one table, not by e-mail.", True)
            return False
        if document.mail.outgoing() is None:
            self.mode.say("Send turn: it is your move; the turn file is written when play passes.", True)
            return False
        path = document.write_turn()
        if path is None:
            self._error("Could not write the turn file", document.write_error)
            return False
        return True

    # --- the document shown --------------------------------------------------------------

    def show_document(self, document: GameDocument) -> None:
        """A game is shown: a game by e-mail gets its signals, its file remembered."""
        self.bar.stop()
        if isinstance(document, MailDocument):
            document.turn_written.connect(self.turn_written)
            document.replay_moved.connect(self.replay_moved)
            self.remember(document)
            self.replay_moved()

    def turn_written(self, path: Path) -> None:
        document = self.mode.document
        if not isinstance(document, MailDocument):
            return
        self.remember(document)
        opponent = document.mail.names[document.mail.opponent]
        words = f"Turn file written: send {path.name} to {opponent} ({path.parent})."
        # After the action's own line, which the notice shows when it is shown.
        QTimer.singleShot(0, lambda: self.mode.say(words))
        if self.note is not None:
            self.note.close()
        self.note = TurnSentNote(path, opponent, self.window)
        self.note.open()

    def replay_moved(self) -> None:
        document = self.mode.document
        if not isinstance(document, MailDocument) or document.replay is None:
            if self.bar.isVisible() and isinstance(document, MailDocument):
                # The last step's line would stay in the notice: say who plays on now.
                opponent = document.mail.names[document.mail.opponent]
                self.mode.say(f"{opponent}'s turn replayed: {self.mode.turns.turn_words()}.")
            self.bar.stop()
            return
        replay = document.replay
        self.bar.show_step(document.replay_from, replay.index, replay.total, replay.lines)

    def step(self) -> None:
        document = self.mode.document
        if isinstance(document, MailDocument) and not document.replay_step():
            self.bar.stop()

    def to_the_end(self) -> None:
        document = self.mode.document
        if isinstance(document, MailDocument):
            document.finish_replay()
        self.bar.stop()

    # --- where the games are -------------------------------------------------------------

    def remember(self, document: MailDocument) -> None:
        """Keep the game's file under its identity, so its turn files find it."""
        settings = getattr(self.window, "settings", None)
        if settings is None or document.path is None:
            return
        key = f"{document.mail.game_id} {document.mail.side}"
        known = dict(settings.value(GAMES_SETTING) or {})
        if known.get(key) != str(document.path):
            known[key] = str(document.path)
            settings.set_value(GAMES_SETTING, known)

    def local_game(self, game_id: str, side: str) -> Path | None:
        """The file of the game `game_id` played as `side` on this computer: the one
        remembered, else a game in the e-mail folder named with its identity's start
        and the side (two friends may share a computer and its documents folder)."""
        settings = getattr(self.window, "settings", None)
        known: dict[str, Any] = dict(settings.value(GAMES_SETTING) or {}) if settings else {}
        path = known.get(f"{game_id} {side}")
        if isinstance(path, str) and Path(path).is_file():
            return Path(path)
        try:
            found = sorted(mail_folder().glob(f"*({game_id[:6]}) {SIDE_WORDS[side]}*.kpgame"))
        except OSError:
            return None
        return found[0] if found else None

    # --- inside --------------------------------------------------------------------------

    def _join(self, data: bytes, game_id: str, side: str) -> bool:
        known = self.local_game(game_id, side)
        if known is not None:
            self._error(
                OPEN_TITLE,
                f"You have joined this game already: its game is {known.name}. Open that "
                "game, or the turn files your opponent sends.",
            )
            return False
        if not self.mode.maybe_close():
            return False
        try:
            mail = MailGame.join(data)
        except TurnFileError as error:
            self._error(OPEN_TITLE, str(error))
            return False
        return self._begin(mail, "joined") is not None

    def _begin(self, mail: MailGame, how: str) -> MailDocument | None:
        """Save the new game, write its first file, show it."""
        try:
            document = MailDocument.start(mail, self.mode.owner)
        except OSError as error:
            self._error("Could not save the game", describe_os_error(error, mail_folder(), "save"))
            return None
        self._show(document)
        opponent = mail.names[mail.opponent]
        if how == "joined":
            self.mode.say(f"Joined {opponent}'s game by e-mail: {self.mode.turns.turn_words()}.")
        if document.turn_path is not None:
            self.turn_written(document.turn_path)
        return document

    def _receive(self, document: MailDocument, data: bytes) -> bool:
        try:
            document.receive(data)
        except TurnFileError as error:
            self._error(OPEN_TITLE, str(error))
            return False
        if document.write_error:
            self._error("Could not save the game", document.write_error)
        return True

    def _show(self, document: MailDocument) -> None:
        self._take_charge()
        self.mode.files.show_document(document)

    def _take_charge(self) -> None:
        """The play mode is put in charge (a turn file opened from the editor)."""
        if getattr(self.window, "mode", None) is not self.mode and callable(
            getattr(self.window, "set_mode", None)
        ):
            self.window.set_mode(self.mode)

    def _error(self, title: str, sentence: str) -> None:
        show_error = getattr(self.window, "show_error", None)
        if callable(show_error):
            show_error(title, sentence)
        else:
            QMessageBox.critical(self.window, title, literal(sentence))


__all__ = ["GAMES_SETTING", "MailFiles"]
