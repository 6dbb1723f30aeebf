"""The dice: two (or, for the D ELIM advance, one) dice that tumble and land on the
engine's roll, or a field where players who roll real dice enter what they threw."""

from __future__ import annotations

import random

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

TUMBLE_TICKS = 9  # faces shown before the dice land
TUMBLE_MS = 55
PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
}


class DiceFaces(QWidget):
    """Painted dice; `faces` empty shows blank dice."""

    def __init__(self, count: int = 2, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.count = count
        self.faces: list[int] = []
        self.setMinimumSize(self.sizeHint())

    def sizeHint(self) -> QSize:
        return QSize(46 * self.count + 10, 52)

    def set_count(self, count: int) -> None:
        self.count = count
        self.faces = []
        self.setMinimumSize(self.sizeHint())
        self.update()

    def set_faces(self, faces: list[int]) -> None:
        self.faces = list(faces)
        self.update()

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        side = min(self.height() - 8, 42)
        for k in range(self.count):
            rect = QRectF(4 + k * (side + 8), (self.height() - side) / 2, side, side)
            painter.setPen(QPen(QColor("#333"), 1.5))
            painter.setBrush(QColor("#fbfaf5"))
            painter.drawRoundedRect(rect, side * 0.18, side * 0.18)
            face = self.faces[k] if k < len(self.faces) else 0
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("#1d1d1d"))
            for fx, fy in PIPS.get(face, []):
                centre = QPointF(rect.left() + fx * side, rect.top() + fy * side)
                painter.drawEllipse(centre, side * 0.09, side * 0.09)
        painter.end()


class DiceWidget(QWidget):
    """Roll by the program (the engine rolls; the dice tumble and land on its faces) or
    enter a hand roll. `roll_requested` carries None for a program roll or the number."""

    roll_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.faces = DiceFaces(2, self)
        self.roll_button = QPushButton("Roll the dice", self)
        self.roll_button.setObjectName("roll")
        self.hand_entry = QSpinBox(self)
        self.hand_entry.setObjectName("hand-roll")
        self.hand_entry.setAccessibleName("The two dice rolled by hand, 2 to 12")
        self.hand_entry.setRange(2, 12)
        self.hand_entry.setValue(7)
        self.hand_button = QPushButton("Enter roll", self)
        self.hand_button.setObjectName("enter-roll")
        self.result = QLabel("", self)
        self.result.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.faces)
        buttons = QVBoxLayout()
        buttons.addWidget(self.roll_button)
        hand = QHBoxLayout()
        hand.addWidget(self.hand_entry)
        hand.addWidget(self.hand_button)
        buttons.addLayout(hand)
        row.addLayout(buttons, 1)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addLayout(row)
        outer.addWidget(self.result)
        self.roll_button.clicked.connect(lambda: self.roll_requested.emit(None))
        self.hand_button.clicked.connect(lambda: self.roll_requested.emit(self.hand_entry.value()))
        self._timer = QTimer(self)
        self._timer.setInterval(TUMBLE_MS)
        self._timer.timeout.connect(self._tumble)
        self._ticks = 0
        self._landing: list[int] = []
        self._saying = ""
        self._random = random.Random()
        self.animate = True
        self.set_mode(2, hand=False)

    def set_mode(self, count: int, hand: bool, keep: bool = False) -> None:
        """Two dice for a combat, one for the D ELIM advance; hand entry for real dice.
        The dice are made ready for a new roll: the last roll's words go with its faces
        (the second attack of a phase showed the first one's "A BACK 3" under blank dice).
        `keep`: the last roll's faces and words stay up together (they name their attack)
        until the next roll replaces them."""
        if not (keep and count == self.faces.count):
            self._timer.stop()
            self._landing = []
            self._saying = ""
            self.result.setText("")
            self.faces.set_count(count)
        self.roll_button.setVisible(not hand)
        self.hand_entry.setVisible(hand)
        self.hand_button.setVisible(hand)
        self.hand_entry.setRange(count, 6 * count)
        self.hand_entry.setValue(7 if count == 2 else 3)
        self.roll_button.setText("Roll the dice" if count == 2 else "Roll the die")
        self.hand_button.setText("Enter roll")

    def show_landed(self) -> None:
        """Only the last roll's faces and words: no button, as nothing is to roll now."""
        for w in (self.roll_button, self.hand_entry, self.hand_button):
            w.hide()

    def set_enabled(self, enabled: bool) -> None:
        for w in (self.roll_button, self.hand_entry, self.hand_button):
            w.setEnabled(enabled)

    def show_roll(self, faces: list[int], text: str) -> None:
        """Tumble, then land on `faces` (the engine's dice) and only then say what they
        mean: the players see the dice before the result."""
        self._saying = text
        if not faces:
            self.faces.set_faces([])
            self.result.setText(text)
            return
        self._landing = list(faces)
        if not self.animate:
            self.faces.set_faces(self._landing)
            self.result.setText(text)
            return
        self.result.setText("…")
        self._ticks = 0
        self._timer.start()

    def clear(self) -> None:
        """No roll shown (a new or opened game)."""
        self._timer.stop()
        self._landing = []
        self._saying = ""
        self.faces.set_faces([])
        self.result.setText("")

    def hand_faces(self, total: int) -> list[int]:
        """Two faces that show a hand-entered total (the players rolled it; this only
        pictures it)."""
        if self.faces.count == 1:
            return [total]
        first = min(6, total - 1)
        return [first, total - first]

    def _tumble(self) -> None:
        self._ticks += 1
        if self._ticks >= TUMBLE_TICKS:
            self._timer.stop()
            self.faces.set_faces(self._landing)
            self.result.setText(self._saying)
            return
        self.faces.set_faces([self._random.randint(1, 6) for _ in range(self.faces.count)])
