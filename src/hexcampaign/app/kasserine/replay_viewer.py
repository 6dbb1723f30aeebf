"""The replay viewer: a window of its own that steps forwards and backwards through a
game's actions (the game shown, a saved game, a turn received by e-mail) on a board of
its own, redrawn after each step; play/pause, step, a slider, a jump to a turn and
phase, a filter by side or unit, and the step's log lines and dice.

Read-only: it replays copies (kasserine.replay.Replay), never the game shown, and has
no control that acts in a game. Every rule answer (where units stand, which side took a
step, what it touched, its dice) comes from the engine's survey of the steps.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.accessible import name_controls
from hexcampaign.app.canvas.view import MapView
from hexcampaign.app.dialogs import files as file_dialogs
from hexcampaign.app.kasserine.board import CounterLayer
from hexcampaign.app.kasserine.dice import DiceFaces
from hexcampaign.files import describe_os_error
from hexcampaign.kasserine import Game
from hexcampaign.kasserine.phases import PHASE_WORDS
from hexcampaign.kasserine.replay import Replay, Step, StepFilter
from hexcampaign.kasserine.saves import GameFormatError

PLAY_STEP_MS = 900  # one step each tick while playing (as the e-mail turn bar)
FILE_FILTER = "Kasserine Pass games (*.kpgame);;All files (*)"
SIDE_WORDS = {"german": "German", "allied": "Allied"}
TITLE = "Replay viewer"


class ReplayViewer(QDialog):
    """One replay, shown: the board after the step, the controls, the step's words."""

    def __init__(self, replay: Replay, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.replay = replay
        replay.survey()  # the caller has made sure it replays (replay_of_* below)
        self.setObjectName("replay-viewer")
        self.setWindowTitle(f"{TITLE} — {title}")
        self.setWindowFlag(Qt.WindowType.Window, True)  # its own window, with maximise
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.resize(1100, 800)
        self.filter = StepFilter()

        self.view = MapView(self)
        self.view.setObjectName("replay-board")
        self.view.show_map(replay.position.map.copy())  # the viewer's own copy to draw
        scene = self.view.map_scene
        assert scene is not None
        self.layer = CounterLayer(scene, self.view.layout)

        self.where = QLabel(self)
        self.where.setObjectName("replay-where")
        self.where.setTextFormat(Qt.TextFormat.PlainText)
        self.line = QLabel(self)
        self.line.setObjectName("replay-viewer-line")
        self.line.setTextFormat(Qt.TextFormat.PlainText)
        self.line.setWordWrap(True)
        self.line.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.dice = DiceFaces(2, self)
        self.dice.setObjectName("replay-dice")
        self.dice_words = QLabel(self)
        self.dice_words.setObjectName("replay-dice-words")
        self.dice_words.setTextFormat(Qt.TextFormat.PlainText)

        self.start_button = self._button("|◀", "replay-to-start", "Back to the start")
        self.back_button = self._button("◀ Step", "replay-back", "One step back")
        self.play_button = self._button("Play", "replay-play-pause", "Play the steps one by one")
        self.forward_button = self._button("Step ▶", "replay-forward", "One step forward")
        self.end_button = self._button("▶|", "replay-to-end", "To the last step")
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setObjectName("replay-slider")
        self.slider.setToolTip("Drag to any step (of the side or unit chosen)")
        self.phase_box = QComboBox(self)
        self.phase_box.setObjectName("replay-phase")
        self.phase_box.setToolTip("Jump to the first step of a turn and phase")
        self.side_box = QComboBox(self)
        self.side_box.setObjectName("replay-side")
        self.side_box.addItem("Both sides", None)
        self.side_box.addItem("German steps only", "german")
        self.side_box.addItem("Allied steps only", "allied")
        self.unit_box = QComboBox(self)
        self.unit_box.setObjectName("replay-unit")
        self.unit_box.addItem("Every unit", None)
        for uid, side, label in replay.units():
            self.unit_box.addItem(f"{label} ({SIDE_WORDS.get(side, side)})", uid)
        self.timer = QTimer(self)
        self.timer.setInterval(PLAY_STEP_MS)

        controls = QHBoxLayout()
        for button in (self.start_button, self.back_button, self.play_button):
            controls.addWidget(button)
        controls.addWidget(self.forward_button)
        controls.addWidget(self.end_button)
        controls.addWidget(self.slider, 1)
        filters = QHBoxLayout()
        filters.addWidget(QLabel("Jump to:", self))
        filters.addWidget(self.phase_box, 1)
        filters.addWidget(QLabel("Show:", self))
        filters.addWidget(self.side_box)
        filters.addWidget(self.unit_box, 1)
        told = QHBoxLayout()
        words = QVBoxLayout()
        words.addWidget(self.where)
        words.addWidget(self.line, 1)
        told.addLayout(words, 1)
        dice = QVBoxLayout()
        dice.addWidget(self.dice)
        dice.addWidget(self.dice_words)
        told.addLayout(dice)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addLayout(told)
        layout.addLayout(controls)
        layout.addLayout(filters)

        self.start_button.clicked.connect(lambda: self.go(0))
        self.back_button.clicked.connect(self.step_back)
        self.play_button.clicked.connect(self.toggle_play)
        self.forward_button.clicked.connect(self.step_forward)
        self.end_button.clicked.connect(self.to_the_end)
        self.slider.valueChanged.connect(self.slid)
        self.phase_box.activated.connect(self.jump_to_phase)
        self.side_box.currentIndexChanged.connect(self.filter_changed)
        self.unit_box.currentIndexChanged.connect(self.filter_changed)
        self.timer.timeout.connect(self.tick)
        self.filter_changed()
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def _button(self, text: str, name: str, tip: str) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.setToolTip(tip)
        return button

    # --- moving through the steps ----------------------------------------------------------

    @property
    def numbers(self) -> list[int]:
        """The steps the filter stops at."""
        return self.replay.numbers(self.filter)

    def go(self, number: int) -> None:
        """Stand after step `number` (0: the start) and show it."""
        self.replay.jump(number)
        self.show_step()

    def step_forward(self) -> bool:
        """The next step the filter stops at; False (and play pauses) at the last."""
        number = self.replay.next_of(self.filter)
        if number is None:
            self.pause()
            return False
        self.go(number)
        return True

    def step_back(self) -> None:
        self.go(self.replay.previous_of(self.filter))

    def to_the_end(self) -> None:
        numbers = self.numbers
        self.go(numbers[-1] if numbers else self.replay.index)

    def tick(self) -> None:
        """A tick of Play: one step on; at the last step play stops."""
        if not self.step_forward() or self.replay.next_of(self.filter) is None:
            self.pause()

    def toggle_play(self) -> None:
        if self.timer.isActive():
            self.pause()
            return
        if self.replay.next_of(self.filter) is None:
            self.go(0)  # Play at the end plays again from the start
        self.timer.start()
        self.play_button.setText("Pause")

    def pause(self) -> None:
        self.timer.stop()
        self.play_button.setText("Play")

    @property
    def playing(self) -> bool:
        return self.timer.isActive()

    def slid(self, value: int) -> None:
        numbers = self.numbers
        number = numbers[value - 1] if 0 < value <= len(numbers) else 0
        if number != self.replay.index:
            self.go(number)

    def jump_to_phase(self, row: int) -> None:
        data = self.phase_box.itemData(row)
        if not data:
            return
        turn, phase = data
        number = self.replay.first_of(turn, phase, self.filter)
        if number is not None:
            self.go(number)

    def filter_changed(self, _row: int = 0) -> None:
        """Another side or unit: the slider and the phases list count only its steps."""
        self.filter = StepFilter(side=self.side_box.currentData(), unit=self.unit_box.currentData())
        self.phase_box.blockSignals(True)
        self.phase_box.clear()
        for turn, phase, count in self.replay.phases(self.filter):
            date = self.replay.position.date(turn)
            words = PHASE_WORDS.get(phase, phase)
            self.phase_box.addItem(f"{date}, {words} ({count} step{'s' if count != 1 else ''})", (turn, phase))
        self.phase_box.blockSignals(False)
        self.slider.blockSignals(True)
        self.slider.setRange(0, len(self.numbers))
        self.slider.blockSignals(False)
        self.show_step()

    # --- what is shown ---------------------------------------------------------------------

    def show_step(self) -> None:
        replay = self.replay
        position = replay.position
        step = replay.shown
        self.layer.sync(position)
        self.layer.select(set(step.units) if step is not None else set())
        numbers = self.numbers
        self.where.setText(self.where_words(step, numbers))
        if step is None:
            self.line.setText("The start of the game. Press Play or Step to watch it.")
        else:
            self.line.setText("\n".join(line.split(": ", 1)[-1] for line in step.lines) or "(no log line)")
        self.show_dice(step)
        self.slider.blockSignals(True)
        self.slider.setValue(sum(1 for n in numbers if n <= replay.index))
        self.slider.blockSignals(False)
        self.phase_box.blockSignals(True)
        if step is None:
            self.phase_box.setCurrentIndex(0)
        else:
            # findData cannot match a Python tuple (Qt compares the wrapped objects by
            # identity), so the rows are read back here.
            here = (step.turn, step.phase)
            rows = range(self.phase_box.count())
            row = next((r for r in rows if self.phase_box.itemData(r) == here), -1)
            if row >= 0:
                self.phase_box.setCurrentIndex(row)
        self.phase_box.blockSignals(False)
        self.back_button.setEnabled(replay.index > 0)
        self.start_button.setEnabled(replay.index > 0)
        ahead = replay.next_of(self.filter) is not None
        self.forward_button.setEnabled(ahead)
        self.end_button.setEnabled(ahead)

    def where_words(self, step: Step | None, numbers: list[int]) -> str:
        """ "Step 12 of 331 (German): Feb 14, German movement" """
        total = self.replay.total
        if step is None:
            position = self.replay.position
            return f"Start (0 of {total}): {position.date()}, {PHASE_WORDS.get(position.phase, position.phase)}"
        shown = f"Step {step.number} of {total}"
        if self.filter != StepFilter():
            mine = sum(1 for n in numbers if n <= step.number)
            shown += f" ({mine} of {len(numbers)} shown)"
        return f"{shown}, {SIDE_WORDS.get(step.side, step.side)}: {step.when}"

    def show_dice(self, step: Step | None) -> None:
        faces = list(step.faces) if step is not None else []
        if step is not None and not faces and step.hand_roll is not None:
            total = step.hand_roll
            faces = [min(6, total - 1), total - min(6, total - 1)] if step.kind == "resolve" else [total]
        self.dice.set_count(max(1, len(faces)) if faces else 2)
        self.dice.set_faces(faces)
        self.dice.setVisible(bool(faces))
        words = step.dice if step is not None else ""
        self.dice_words.setText(f"Dice: {words}" if words else "No dice rolled")

    def closeEvent(self, event: Any) -> None:
        self.pause()
        super().closeEvent(event)


# --- opening a viewer ---------------------------------------------------------------------


def replay_of_game(game: Game) -> Replay:
    """The game's actions from its start, on copies; GameFormatError if they do not replay."""
    replay = Replay(game.at_start(), game.actions())
    replay.survey()
    return replay


def replay_of_save(path: Path | str) -> Replay:
    """A saved game, read by the game's own loader (a bad or hostile file raises
    GameFormatError with its sentence; OSError for a file that cannot be read)."""
    return replay_of_game(Game.load(path))


def view_game(parent: QWidget, game: Game | None, title: str = "the game shown") -> QWidget:
    """Game › Replay viewer…: the viewer on the game shown, or a sentence why not."""
    if game is None:
        return tell(parent, "Replay viewer: no game is open; open one, or replay a saved game.")
    if not game.actions():
        return tell(parent, "Replay viewer: nothing has been played in this game yet.")
    try:
        replay = replay_of_game(game)
    except GameFormatError as error:
        return tell(parent, str(error))
    return show(ReplayViewer(replay, title, parent))


def view_save(parent: QWidget, path: Path | str) -> QWidget:
    """A saved game in the viewer, read-only; a bad file is one sentence, no crash."""
    path = Path(path)
    try:
        replay = replay_of_save(path)
    except OSError as error:
        return tell(parent, describe_os_error(error, path, "open"))
    except GameFormatError as error:
        return tell(parent, str(error))
    if not replay.total:
        return tell(parent, f"{path.name}: nothing has been played in this game yet.")
    return show(ReplayViewer(replay, path.name, parent))


def ask_and_view_save(parent: QWidget) -> QWidget | None:
    """Game › Replay a saved game…: choose a .kpgame, see it in the viewer."""
    path = file_dialogs.ask_open_path(parent, "Replay a saved game", FILE_FILTER)
    return view_save(parent, path) if path is not None else None


def view_received(parent: QWidget, document: Any) -> QWidget:
    """The received e-mail turn in the viewer (its actions from where it began)."""
    replay = getattr(document, "replay", None)
    if not isinstance(replay, Replay):
        return tell(parent, "Replay viewer: no received turn is being shown.")
    copy = Replay(replay.start, replay.actions)
    try:
        copy.survey()
    except GameFormatError as error:
        return tell(parent, str(error))
    who = getattr(document, "replay_from", "") or "The opponent"
    return show(ReplayViewer(copy, f"{who}'s turn", parent))


def show(viewer: ReplayViewer) -> ReplayViewer:
    viewer.show()
    viewer.raise_()
    return viewer


def tell(parent: QWidget, sentence: str) -> QMessageBox:
    """One sentence in a box (opened, not run: the caller goes on)."""
    box = QMessageBox(QMessageBox.Icon.Warning, TITLE, sentence, QMessageBox.StandardButton.Close, parent)
    box.setObjectName("replay-viewer-refusal")
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
    box.open()
    return box


__all__ = [
    "PLAY_STEP_MS",
    "ReplayViewer",
    "ask_and_view_save",
    "replay_of_game",
    "replay_of_save",
    "view_game",
    "view_received",
    "view_save",
]
