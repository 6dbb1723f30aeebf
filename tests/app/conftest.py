"""Widget tests never block on a modal message box.

A real QMessageBox would wait forever for a click under the offscreen platform, so every
static one answers at once: questions "Discard" (nothing is written), the rest "Ok".
Tests that care about a dialog patch it themselves and assert what it was asked.
Helpers for these tests (picture comparison, a full disk) are in app/helpers.py.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from app.helpers import FullDisk, largest_difference  # noqa: F401  (older tests import them from here)


@pytest.fixture(autouse=True)
def answering_message_boxes(monkeypatch):
    asked: list[tuple[str, str]] = []

    def answer(kind, button):
        def box(_parent, title, text, *_args, **_kwargs):
            asked.append((kind, f"{title}: {text}"))
            return button

        return staticmethod(box)

    monkeypatch.setattr(
        QMessageBox, "question", answer("question", QMessageBox.StandardButton.Discard)
    )
    for kind in ("critical", "warning", "information"):
        monkeypatch.setattr(QMessageBox, kind, answer(kind, QMessageBox.StandardButton.Ok))
    monkeypatch.setattr(QMessageBox, "about", staticmethod(lambda *a, **k: None))
    return asked
