"""The windows of a game by e-mail: the new game's questions (your side, both names,
the optional rules), the note that says which turn file to send and where it is, and
the bar that shows the opponent's turn received, step by step."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.accessible import name_controls
from hexcampaign.app.kasserine.dialogs import NewGameDialog
from hexcampaign.app.plain_text import literal

REPLAY_STEP_MS = 900  # one action of the opponent's turn shown each step while playing


class NewMailGameDialog(NewGameDialog):
    """Your side, your name, your opponent's name and the optional rules. The dice of a
    game by e-mail always come from both programs: no seed, no dice by hand."""

    def __init__(self, parent: QWidget | None = None, me: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("New Kasserine Pass game by e-mail")
        self.rows.hide()  # the players are asked below; the computer plays no side
        self.fixed.parentWidget().hide()  # type: ignore[union-attr]  # no seed: both players' secrets make the dice
        dice = self.controls.get("dice")
        if isinstance(dice, QComboBox):
            dice.setCurrentIndex(max(0, dice.findData("program")))
            dice.setEnabled(False)
            dice.setToolTip("By e-mail every die comes from both players' programs.")
        box = QGroupBox("By e-mail", self)
        form = QFormLayout(box)
        self.side = QComboBox(box)
        self.side.setObjectName("mail-side")
        self.side.addItem("German", "german")
        self.side.addItem("Allied", "allied")
        self.my_name = QLineEdit(me, box)
        self.my_name.setObjectName("mail-my-name")
        self.my_name.setPlaceholderText("your name")
        self.their_name = QLineEdit(box)
        self.their_name.setObjectName("mail-their-name")
        self.their_name.setPlaceholderText("your opponent's name")
        form.addRow("You play:", self.side)
        form.addRow("Your name:", self.my_name)
        form.addRow("Your opponent:", self.their_name)
        note = QLabel(
            "The program writes an invitation file: send it to your opponent, who opens "
            "it in hexcampaign. After that, whenever play passes to the other side, the "
            "program writes the turn file to send.",
            box,
        )
        note.setWordWrap(True)
        form.addRow(note)
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)  # NewGameDialog's column
        layout.insertWidget(0, box)
        buttons = self.findChild(QDialogButtonBox)
        assert buttons is not None
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Write the invitation")
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def my_side(self) -> str:
        return str(self.side.currentData())

    def player_names(self) -> dict[str, str]:
        """{side: name} as typed (blank names become "German player" in the engine)."""
        other = "allied" if self.my_side() == "german" else "german"
        return {self.my_side(): self.my_name.text(), other: self.their_name.text()}


class TurnSentNote(QMessageBox):
    """Which file to send to whom, where it is, and a button to show the folder."""

    def __init__(self, path: Path, opponent: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.path = path
        self.setObjectName("turn-sent")
        self.setIcon(QMessageBox.Icon.Information)
        self.setWindowTitle("Send your turn")
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setText(literal(f"Send this file to {opponent} by e-mail:\n\n{path.name}"))
        self.setInformativeText(literal(f"It is in {path.parent}"))
        self.show_folder = self.addButton("Show the folder", QMessageBox.ButtonRole.ActionRole)
        self.copy_path = self.addButton("Copy its path", QMessageBox.ButtonRole.ActionRole)
        self.addButton(QMessageBox.StandardButton.Close)
        # Action buttons would close the note: they act and the note stays.
        self.show_folder.clicked.disconnect()
        self.copy_path.clicked.disconnect()
        self.show_folder.clicked.connect(self.open_folder)
        self.copy_path.clicked.connect(self.copy)

    def open_folder(self) -> bool:
        return QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.path.parent)))

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(str(self.path))


class TurnReplayBar(QToolBar):
    """The opponent's turn, shown an action at a time: Play/Pause, Step, To the end,
    and the action's log line. Hidden unless a received turn is being shown."""

    step_requested = Signal()
    end_requested = Signal()
    viewer_requested = Signal()  # the turn in the replay viewer (replay_viewer.view_received)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Received turn", parent)
        self.setObjectName("kasserine-replay")
        self.setMovable(False)
        self.title = QLabel(self)
        self.title.setObjectName("replay-title")
        self.play_button = QPushButton("Play", self)
        self.play_button.setObjectName("replay-play")
        self.step_button = QPushButton("Step", self)
        self.step_button.setObjectName("replay-step")
        self.end_button = QPushButton("To the end", self)
        self.end_button.setObjectName("replay-end")
        self.viewer_button = QPushButton("Replay viewer…", self)
        self.viewer_button.setObjectName("replay-viewer")
        self.line = QLabel(self)
        self.line.setObjectName("replay-line")
        for widget in (self.title, self.play_button, self.step_button, self.end_button, self.viewer_button, self.line):
            self.addWidget(widget)
        self.timer = QTimer(self)
        self.timer.setInterval(REPLAY_STEP_MS)
        self.timer.timeout.connect(self.step_requested)
        self.play_button.clicked.connect(self.toggle_play)
        self.step_button.clicked.connect(self.step_requested)
        self.end_button.clicked.connect(self.end_requested)
        self.viewer_button.clicked.connect(self.viewer_requested)
        self.hide()

    def show_step(self, who: str, index: int, total: int, lines: list[str]) -> None:
        """ "Lloyd's turn: 3 of 12" and the log line of the action shown last."""
        self.title.setText(f"<b>{who}'s turn</b>: action {index} of {total}")
        self.line.setText(literal(lines[-1] if lines else "press Play or Step to watch it"))
        self.show()

    def stop(self) -> None:
        self.timer.stop()
        self.play_button.setText("Play")
        self.hide()

    def toggle_play(self) -> None:
        if self.timer.isActive():
            self.timer.stop()
            self.play_button.setText("Play")
        else:
            self.timer.start()
            self.play_button.setText("Pause")


__all__ = ["REPLAY_STEP_MS", "NewMailGameDialog", "TurnReplayBar", "TurnSentNote"]
