"""The base of the desk's order dialogs (attack orders, defensive support, results, the
umpire's interventions): OK sends the order; a refusal is shown in the dialog, which
stays open so the umpire can correct it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QLabel, QVBoxLayout

from hexcampaign.app.style import label_style


def steady(label: QLabel, lines: int = 3) -> None:
    """A refusal line that keeps its room while hidden and up to `lines` lines tall, so
    showing a refusal never moves the buttons under the pointer."""
    policy = label.sizePolicy()
    policy.setRetainSizeWhenHidden(True)
    label.setSizePolicy(policy)
    label.setMinimumHeight(label.fontMetrics().lineSpacing() * lines + 8)


def narrow(widget: QLabel | QComboBox, letters: int = 12) -> None:
    """A dock's label or side box that never widens the window: a label wraps, a box
    shows at least `letters` letters and elides the rest (a long side or chart name
    stretched the desk wider than the screen before it was first shown)."""
    if isinstance(widget, QComboBox):
        widget.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        widget.setMinimumContentsLength(letters)
    else:
        widget.setWordWrap(True)


class OrderDialog(QDialog):
    """A dialog whose OK sends an order; a refusal is shown in it and it stays open."""

    def __init__(self, mode, title: str) -> None:
        super().__init__(mode.window)
        self.mode = mode
        self.setWindowTitle(title)
        self.layout_ = QVBoxLayout(self)
        self.refusal = QLabel(self)
        self.refusal.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.refusal.setObjectName("order-refusal")
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet(label_style("QLabel { color: #8b0000; background: #fdecea; padding: 4px; }"))
        self.refusal.hide()
        steady(self.refusal)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)

    def finish_layout(self) -> None:
        self.layout_.addWidget(self.refusal)
        self.layout_.addWidget(self.buttons)

    def submit(self) -> bool:
        raise NotImplementedError

    def send_order(self, action) -> bool:
        """Send one typed action (the dialog is its initiator); accepted when the engine
        takes it, else the engine's sentence shown in the dialog, which stays open."""
        if self.mode.document.act(action, self) is None:
            self.show_refusal(self.mode.document.last_refusal)
            return False
        self.accept()
        return True

    def show_refusal(self, sentence: str) -> None:
        self.refusal.setText(sentence)
        self.refusal.show()
