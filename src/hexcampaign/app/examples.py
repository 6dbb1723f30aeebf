"""Help › Open an example…: the maps shipped in maps/ and a Kasserine Pass game in
progress, each opened as an untitled copy, so that Save never overwrites the file the
program ships (Save asks where, in the user's folder) and the example does not join
the recent files.

The game in progress is made by scripts/build_example_game.py, through the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.paths import maps_path

PATH_ROLE = Qt.ItemDataRole.UserRole


@dataclass(frozen=True)
class Example:
    title: str
    line: str  # what it is, one sentence
    file: str  # under maps/

    @property
    def path(self) -> Path:
        return maps_path(self.file)


EXAMPLES = (
    Example(
        "Kasserine Pass, a game in progress",
        "Feb 15, 1943: the Germans to move on turn 2 (played by the computer against itself).",
        "kasserine/example-feb15.kpgame",
    ),
    Example(
        "Kasserine Pass, the game's map",
        "The Kasserine Pass board the hot-seat game is played on.",
        "kasserine/kasserine.hexmap",
    ),
    Example("Arnhem 1944", "A map of the ground around Arnhem, September 1944.", "examples/arnhem-1944.hexmap"),
    Example("Gettysburg, 1-3 July 1863", "The town, its ridges and roads.", "examples/gettysburg.hexmap"),
    Example(
        "CM sample campaign map: the Aubin valley",
        "A small operational map for the CM campaign rules: woods, roads, towns and a stream.",
        "cm-sample.hexmap",
    ),
    Example(
        "Geography example: the Kasserine region",
        "Imported from a GeoJSON file (File › Import geography…), then finished by hand.",
        "geo-example/kasserine-region.hexmap",
    ),
)


def shipped_examples() -> list[Example]:
    """The examples whose files are in this installation."""
    return [example for example in EXAMPLES if example.path.is_file()]


class ExamplesDialog(QDialog):
    """A list of the examples; Open (or a double click) opens the one chosen."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Open an example")
        self.setObjectName("examples-dialog")
        intro = QLabel(
            "Each example opens as an untitled copy: Save asks where to keep your own, "
            "and the example stays as shipped.",
            self,
        )
        intro.setWordWrap(True)
        self.list = QListWidget(self)
        self.list.setObjectName("examples-list")
        self.list.setAccessibleName("Examples")
        self.list.setWordWrap(True)
        self.list.setSpacing(2)
        for example in shipped_examples():
            item = QListWidgetItem(f"{example.title}\n{example.line}")
            item.setData(PATH_ROLE, str(example.path))
            item.setToolTip(example.file)
            self.list.addItem(item)
        self.list.setCurrentRow(0)
        self.list.itemActivated.connect(lambda _item: self.accept())
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        column = QVBoxLayout(self)
        column.addWidget(intro)
        column.addWidget(self.list, 1)
        column.addWidget(buttons)
        self.resize(520, 420)

    def chosen(self) -> Path | None:
        item = self.list.currentItem()
        return Path(item.data(PATH_ROLE)) if item is not None else None


def open_example(window: Any, path: Path) -> bool:
    """Open the shipped file at `path` in `window` as an untitled copy: the document
    in charge forgets its file (Save then asks where), the example leaves the recent
    files. False when it was not opened (its reason was shown)."""
    if not window.open_path(path):
        return False
    document = window.document_in_charge()
    if document is not None and document.path == path.resolve():
        document.path = None
        document.path_changed.emit(None)  # the title, Save and the file watch follow
    _forget_recent(window, path)
    window.update_title()
    window.show_message(f"Opened the example {path.name} as a copy: Save asks where to keep it.")
    return True


def ask_and_open(window: Any) -> bool:
    """Help › Open an example…: the dialog, then the example chosen."""
    dialog = ExamplesDialog(window)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    path = dialog.chosen()
    return open_example(window, path) if path is not None else False


def _forget_recent(window: Any, path: Path) -> None:
    settings = getattr(window, "settings", None)
    if settings is None:
        return
    shipped = str(path.resolve())
    recent = settings.value("recent_files", [])
    if isinstance(recent, list) and shipped in recent:
        settings.set_value("recent_files", [p for p in recent if p != shipped])
    recent_menu = getattr(window, "recent", None)
    if recent_menu is not None:
        recent_menu.rebuild()


__all__ = ["EXAMPLES", "Example", "ExamplesDialog", "ask_and_open", "open_example", "shipped_examples"]
