"""The play mode's games as documents: new, open, save, close through the one flow of
app/dialogs/files.py (unsaved work asked about first, then the file read, then shown),
the autosave, the game's information, the log's export and the victory dialog."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from hexcampaign.app.autosave import orphan_at
from hexcampaign.app.dialogs import files, folders
from hexcampaign.app.kasserine import reopening
from hexcampaign.app.kasserine.dialogs import NewGameDialog, VictoryDialog
from hexcampaign.app.kasserine.document import FILE_FILTER, GameDocument, autosave_folder
from hexcampaign.app.plain_text import literal
from hexcampaign.app.window import file_guard
from hexcampaign.files import describe_os_error
from hexcampaign.kasserine import Game, Options
from hexcampaign.rules.changes import PlayChanges

if TYPE_CHECKING:
    from hexcampaign.app.kasserine.table import FilesTable


class GameFiles:
    """Games as documents: start, open, save, close; the title, information, victory."""

    def __init__(self, mode: FilesTable) -> None:
        self.mode = mode
        self.window = mode.window
        self.victory_dialog: VictoryDialog | None = None
        self.info_box: QMessageBox | None = None

    # --- opening and closing -------------------------------------------------------------

    def open_path(self, path: Path | str) -> bool:
        """Open a .kpgame: the unsaved game is asked about first; a bad file is one
        sentence in a dialog and the current game stays."""
        return files.open_in(self.window, self.mode, path)

    def show_document(self, document: GameDocument) -> None:
        """Put `document` on the board (an opened, new or given game); the earlier one
        goes, with what its computer thought and its dialogs."""
        mode = self.mode
        old = mode.document
        if not document.remote:
            reopening.give_id(document.game)  # known by it to this computer's journal
        mode.autosaver.attach(document)  # the earlier game's autosave goes
        document.autosaver = mode.autosaver
        if old is not None and old is not document:
            old.release()
        if self.victory_dialog is not None:
            self.victory_dialog.close()
            self.victory_dialog = None
        mode.document = document
        document.setParent(mode.owner)
        mode.computer.show_document(document)  # what an earlier game's computer thought goes
        mode.attach(document)
        mode.board.new_game()
        mode.docks.new_game()
        mode.turns.side = None
        mode.docks.enable(True)
        mode.menu.enable(True)
        mode.board.show_game()
        document.announce(initiator=self)  # everything drawn from the game
        # Framed once the docks it shows have taken their room (the next turn of the
        # event loop), so the view's size is the one the player will see.
        QTimer.singleShot(0, mode.framing.frame_the_play)
        mode.turns.new_game()
        mode.mail.show_document(document)  # a game by e-mail: its turn files, its replay
        if document.path is None:
            document.autosave()  # a game never saved is protected at once
        if document.path is not None:
            # A dead program's autosave is named for the file it was the unsaved work of.
            orphan = orphan_at(document.path)
            if orphan is None:
                mode.say(f"Opened {document.path.name}: {mode.turns.turn_words()}.")  # who acts
            else:
                name = Path(orphan.source).name if orphan.source else "a game never saved"
                mode.say(f"Restored the unsaved work of {name}: {mode.turns.turn_words()}.")
        self._note_if_reopened(document)

    def _note_if_reopened(self, document: GameDocument) -> None:
        """This computer saw the game go further than the save just opened: the log says
        so, for both players to see, and undo stops there (reopening.py)."""
        note = None if document.remote else reopening.note_for(document.game)
        if note is None:
            return
        changes = document.act(note, initiator=self)
        if changes is not None:
            name = document.path.name if document.path is not None else "The game"
            self.mode.say(f"{name}: {' '.join(changes)}. The game's log keeps this.")

    def maybe_close(self) -> bool:
        """True when the game may be dropped (saved, discarded, or nothing unsaved)."""
        return file_guard.may_close(self.window, self.mode.document)

    def close_game(self) -> bool:
        if not self.maybe_close():
            return False
        mode = self.mode
        mode.computer.show_document(None)
        mode.board.drop_items()
        old, mode.document = mode.document, None
        mode.autosaver.attach(None)
        if old is not None:
            old.release()
        if mode.active:
            self.window.set_document(None)
        mode.docks.enable(False)
        mode.menu.enable(False)
        return True

    def on_changed(self, _changes: PlayChanges, _initiator: object = None) -> None:
        """The title's star follows unsaved moves; the last phase brings the victory."""
        g = self.mode.game
        if g is None:
            return
        self.update_title()
        if g.over and self.mode.active and self.victory_dialog is None:
            self.show_victory()

    def update_title(self) -> None:
        document = self.mode.document
        if document is None or not self.mode.active:
            return
        star = "*" if document.dirty else ""
        self.window.setWindowTitle(f"{document.title}{star} — Kasserine Pass — hexcampaign")
        watch = getattr(self.window, "file_watch", None)
        if watch is not None:
            watch.follow(document)  # its file, once saved or saved under a new name

    # --- new games -----------------------------------------------------------------------

    def new_game(
        self,
        seed: int | None = None,
        options: Options | None = None,
        players: dict[str, str] | None = None,
        computer: dict[str, str] | None = None,
    ) -> GameDocument:
        """Start the scenario (no questions asked: the caller has asked them).
        `computer`: the sides the computer plays, {"allied": "normal"}."""
        game = Game.scenario(seed=seed, options=options or Options())
        document = GameDocument(game, players, None, self.mode.owner, computer)
        self.show_document(document)
        dice = f"seed {seed}" if seed is not None else "dice from the operating system"
        self.mode.say(f"New game, {dice}: {document.whose_turn()}.")
        return document

    def play(
        self,
        game: Game,
        players: dict[str, str] | None = None,
        computer: dict[str, str] | None = None,
    ) -> GameDocument:
        """Play any engine game (a custom position, a game loaded elsewhere)."""
        document = GameDocument(game, players, None, self.mode.owner, computer)
        self.show_document(document)
        return document

    def new_game_dialog(self) -> bool:
        """Ask for players, options and seed, then start. False when cancelled."""
        if not self.maybe_close():
            return False
        dialog = self.make_new_game_dialog()
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        self.mode.computer.computers.set_pace(dialog.pace())  # the new game takes it
        self.new_game(dialog.seed_value(), dialog.options(), dialog.players(), dialog.computer())
        return True

    def make_new_game_dialog(self) -> NewGameDialog:
        return NewGameDialog(self.window)

    # --- saving --------------------------------------------------------------------------

    def save(self) -> bool:
        """Save the game to its file, asking first if another window or program changed
        it since (app/window/file_guard.py)."""
        if not file_guard.save(self.window, self.mode.document):
            return False
        self.update_title()
        return True

    def save_as(self) -> bool:
        return files.save_as(self.window, self.mode.document)

    def save_to(self, path: Path | str) -> bool:
        """Save the game to `path` (its autosave then goes); on failure say why."""
        document = self.mode.document
        if document is None or not files.save_to(self.window, document, path):
            return False
        self.update_title()
        self.mode.say(f"Saved {Path(path).name}.")
        return True

    def open_dialog(self) -> bool:
        path = files.ask_open_path(self.window, "Open a Kasserine Pass game", FILE_FILTER)
        return self.open_path(path) if path else False

    def open_autosave_dialog(self) -> bool:
        path = files.ask_open_path_in(
            self.window, "Open an autosaved game", autosave_folder(), FILE_FILTER
        )
        return self.open_path(path) if path else False

    # --- information, the log, the victory -----------------------------------------------

    def info_text(self) -> str:
        """The game's information: date, who acts, the dice (and the seed if one was
        given), the optional rules."""
        g = self.mode.game
        if g is None:
            return ""
        info = g.info()
        rules = ", ".join(f"{k.replace('_', ' ')}: {v}" for k, v in info["options"].items())
        return (
            f"{info['date']}, turn {info['turn']} of 12 — {info['phase']}\n"
            f"Acting now: {self.mode.turns.acting_words()}\n"
            f"Dice: {info['dice']}\n"
            f"Actions so far: {info['actions']}; undo "
            f"{'possible' if info['can_undo'] else 'locked'}\n\n"
            f"Optional rules — {rules}"
        )

    def show_info(self) -> QMessageBox | None:
        if self.mode.game is None:
            return None
        box = QMessageBox(
            QMessageBox.Icon.Information, "Game information", self.info_text(), parent=self.window
        )
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.open()
        self.info_box = box
        return box

    def show_victory(self) -> VictoryDialog | None:
        document = self.mode.document
        if document is None:
            return None
        # Who is congratulated: a person's name, or the computer that played the side.
        names = {
            side: f"the computer ({level})" if (level := document.computer.get(side)) else name
            for side, name in document.players.items()
        }
        self.victory_dialog = VictoryDialog(document.game, names, self.window)
        self.victory_dialog.show()
        return self.victory_dialog

    def export_log(self) -> bool:
        if self.mode.game is None:
            return False
        path, _ = QFileDialog.getSaveFileName(
            self.window,
            "Export the game log",
            folders.start_path(self.window, "log", "kasserine-log.txt"),
            "Text (*.txt);;All files (*)",
        )
        if not path:
            return False
        folders.remember_folder(self.window, "log", path)
        try:
            self.mode.docks.log.export_to(path)
        except OSError as error:
            QMessageBox.critical(
                self.window,
                "Could not export the log",
                literal(describe_os_error(error, Path(path), "save")),
            )
            return False
        self.mode.say(f"Exported the log to {os.path.basename(path)}.")
        return True
