"""The play mode's games as documents: new, open, save, close, the autosave, the
game's information and the victory dialog at the end. A mixin of KasserineMode."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from hexcampaign.app import autosave
from hexcampaign.app.dialogs import files
from hexcampaign.app.kasserine.dialogs import NewGameDialog, VictoryDialog
from hexcampaign.app.kasserine.session import (
    FILE_FILTER,
    PlaySession,
    autosave_folder,
)
from hexcampaign.app.plain_text import literal
from hexcampaign.files import FileFormatError, describe_os_error
from hexcampaign.kasserine import Game, Options


class GameFiles:
    """Games as documents: start, open, save, close (a mixin of KasserineMode)."""

    def open_path(self, path: Path | str) -> bool:
        """Open a .kpgame; a bad file is one sentence in a dialog, the current game stays."""
        path = Path(path)
        try:
            session = PlaySession.load(path, self)
        except FileFormatError as error:
            QMessageBox.warning(self.window, "Could not open the game", literal(str(error)))
            return False
        except OSError as error:
            QMessageBox.warning(
                self.window, "Could not open the game", literal(describe_os_error(error, path, "open"))
            )
            return False
        if not self.maybe_close():
            session.deleteLater()
            return False
        orphan = autosave.as_recovered(session, path)  # a crashed program's autosave?
        self._start(session, orphan)
        if orphan is None:
            files.remember(self.window, path)
        self.say(f"Opened {path.name}: {self.turn_words()}.")  # who acts now (k16)
        return True

    def maybe_close(self) -> bool:
        """True when the game may be dropped (saved, discarded, or nothing unsaved)."""
        return files.may_close(self.window, self.session)

    def new_game(
        self,
        seed: int | None = None,
        options: Options | None = None,
        players: dict[str, str] | None = None,
        computer: dict[str, str] | None = None,
    ) -> PlaySession:
        """Start the scenario (no questions asked: the caller has asked them).
        `computer`: the sides the computer plays, {"allied": "normal"}."""
        game = Game.scenario(seed=seed, options=options or Options())
        session = PlaySession(game, players, None, self, computer)
        self._start(session)
        dice = f"seed {seed}" if seed is not None else "dice from the operating system"
        self.say(f"New game, {dice}: {session.whose_turn()}.")
        return session

    def play(
        self,
        game: Game,
        players: dict[str, str] | None = None,
        computer: dict[str, str] | None = None,
    ) -> PlaySession:
        """Play any engine game (a custom position, a game loaded elsewhere)."""
        session = PlaySession(game, players, None, self, computer)
        self._start(session)
        return session

    def new_game_dialog(self) -> bool:
        """Ask for players, options and seed, then start. False when cancelled."""
        if not self.maybe_close():
            return False
        dialog = self.make_new_game_dialog()
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        self.computers.set_pace(dialog.pace())  # the new game takes it (and saves it)
        self.new_game(dialog.seed_value(), dialog.options(), dialog.players(), dialog.computer())
        return True

    def new_document(self) -> bool:
        """A start-page card: ask for a new game."""
        return self.new_game_dialog()

    def make_new_game_dialog(self) -> NewGameDialog:
        return NewGameDialog(self.window)

    def save(self) -> bool:
        return files.save(self.window, self.session)

    def save_as(self) -> bool:
        return files.save_as(self.window, self.session)

    def save_to(self, path: Path | str) -> bool:
        """Save the game to `path` (its autosave then goes); on failure say why."""
        if self.session is None or not files.save_to(self.window, self.session, path):
            return False
        self._update_title()
        self.say(f"Saved {Path(path).name}.")
        return True

    def open_dialog(self) -> bool:
        path = files.ask_open_path(self.window, "Open a Kasserine Pass game", FILE_FILTER)
        return self.open_path(path) if path else False

    def open_autosave_dialog(self) -> bool:
        path = files.ask_open_path_in(
            self.window, "Open an autosaved game", autosave_folder(), FILE_FILTER
        )
        return self.open_path(path) if path else False

    def close_game(self) -> bool:
        if not self.maybe_close():
            return False
        self._computer_session(None)
        self._drop_items()
        old, self.session = self.session, None
        self.autosaver.attach(None)
        if old is not None:
            old.release()
        if self.active:
            self.window.set_document(None)
        self.refresh()
        return True

    def info_text(self) -> str:
        """The game's information: date, who acts, the dice (and the seed if one was
        given), the optional rules."""
        info = self.game.info()
        rules = ", ".join(f"{k.replace('_', ' ')}: {v}" for k, v in info["options"].items())
        return (
            f"{info['date']}, turn {info['turn']} of 12 — {info['phase']}\n"
            f"Acting now: {self.acting_words()}\n"
            f"Dice: {info['dice']}\n"
            f"Actions so far: {info['actions']}; undo "
            f"{'possible' if info['can_undo'] else 'locked'}\n\n"
            f"Optional rules — {rules}"
        )

    def show_info(self) -> QMessageBox | None:
        if self.game is None:
            return None
        box = QMessageBox(
            QMessageBox.Icon.Information, "Game information", self.info_text(), parent=self.window
        )
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.open()
        self._info_box = box
        return box

    def show_victory(self) -> VictoryDialog:
        # Who is congratulated: a person's name, or the computer that played the side.
        names = {
            side: f"the computer ({level})" if (level := self.session.computer.get(side)) else name
            for side, name in self.session.players.items()
        }
        self.victory_dialog = VictoryDialog(self.game, names, self.window)
        self.victory_dialog.show()
        return self.victory_dialog

    def _start(self, session: PlaySession, orphan: autosave.Orphan | None = None) -> None:
        old = self.session
        self.autosaver.attach(session)  # the earlier game's autosave goes
        session.autosaver = self.autosaver
        if old is not None and old is not session:
            old.release()
        if self.victory_dialog is not None:
            self.victory_dialog.close()
            self.victory_dialog = None
        self.session = session
        self._computer_session(session)  # what an earlier game's computer thought goes
        session.setParent(self)
        session.changed.connect(self._changed)
        session.refused.connect(self._refused)
        session.dirty_changed.connect(lambda _d: self._update_title())
        self.selected = None
        self.stack_hex = None
        self._side = None
        self.combat.panel.target = None
        self.combat.panel.defense_done = set()
        self.combat.panel.show_last = False
        self.combat.panel.dice.clear()  # no earlier game's roll in the new one
        self.combat.panel.advance_dice.clear()
        self._show_game()
        # Framed once the docks it shows have taken their room (the next turn of the
        # event loop), so the view's size is the one the player will see.
        QTimer.singleShot(0, self.frame_the_play)
        self._side = self.acting_side()
        if orphan is not None:
            self.autosaver.adopt(orphan)  # its file stays until this autosave replaces it
        else:
            session.autosave()  # a game never saved is protected at once

    def _export_log(self) -> bool:
        if self.game is None:
            return False
        path, _ = QFileDialog.getSaveFileName(
            self.window,
            "Export the game log",
            str(Path.home() / "kasserine-log.txt"),
            "Text (*.txt);;All files (*)",
        )
        if not path:
            return False
        try:
            self.log.export_to(path)
        except OSError as error:
            QMessageBox.critical(
                self.window,
                "Could not export the log",
                literal(describe_os_error(error, Path(path), "save")),
            )
            return False
        self.say(f"Exported the log to {os.path.basename(path)}.")
        return True
