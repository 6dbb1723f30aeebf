"""The hand-over screen of a hot-seat game: at each change of side it names the player
who acts next and waits until they take the mouse."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QDialog, QLabel, QPushButton, QVBoxLayout, QWidget

from hexcampaign.app.accessible import name_controls


class HandOverDialog(QDialog):
    """Window-modal and opened with open(): the board stays visible behind it, nothing
    in the window answers until the next player presses the button."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("kasserine-hand-over")
        self.setWindowTitle("Hand over")
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.words = QLabel(self)
        self.words.setObjectName("hand-over-words")
        self.words.setTextFormat(Qt.TextFormat.PlainText)  # players' names: never markup
        self.words.setWordWrap(True)
        self.words.setAlignment(Qt.AlignmentFlag.AlignCenter)
        big = QFont()
        big.setPointSizeF(big.pointSizeF() * 1.6)
        big.setBold(True)
        self.words.setFont(big)
        self.detail = QLabel(self)
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.PlainText)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.ready = QPushButton("I have the mouse — go on", self)
        self.ready.setObjectName("hand-over-ready")
        self.ready.setDefault(True)
        self.ready.clicked.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(self.words)
        layout.addWidget(self.detail)
        layout.addWidget(self.ready, 0, Qt.AlignmentFlag.AlignCenter)
        self.setMinimumWidth(420)
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def hand_to(self, words: str, detail: str = "") -> None:
        """Show the screen for the next player (again, if it is up already)."""
        self.words.setText(words)
        self.detail.setText(detail)
        self.detail.setVisible(bool(detail))
        if not self.isVisible():
            self.open()
