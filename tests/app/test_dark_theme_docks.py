"""Every dock reads under a dark theme (issue 32 item 4): the game log's brown headings,
the hints in grey (#555) and the desk's pale yellow row of the current phase were
colours chosen for a light theme, and on a dark one they were dark text on a dark
ground or the theme's near-white text on pale yellow. Under a dark QPalette each dock of
the three modes and the campaign wizard is shown and grabbed; each label's text is read
from the pixels, each log's and list's text from the colours it is drawn in, and
compared with what it is drawn on: WCAG contrast 4.5:1 at the least."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QLabel,
    QTextEdit,
    QWidget,
)

from app.helpers import shown_window
from app.test_dark_theme import dark, rect_in, settle, text_contrast  # noqa: F401  (dark: a fixture)
from app.test_screen_fit import GAME, MOVEMENT, a_campaign_file
from hexcampaign.app.settings import Settings
from hexcampaign.app.style import contrast_ratio
from hexcampaign.paths import maps_path

LEAST = 4.5


def colour_of(value: object) -> QColor | None:
    if isinstance(value, QBrush):
        return value.color() if value.style() != Qt.BrushStyle.NoBrush else None
    return QColor(value) if isinstance(value, QColor) else None


def label_faults(top: QWidget, picture, label: QLabel, name: str) -> list[str]:
    # Labels scrolled out of a dock's view, wholly or in part, are not on its picture.
    whole = label.visibleRegion().boundingRect() == label.rect()
    if not label.isVisible() or not label.text().strip() or label.width() < 4 or not whole:
        return []
    ratio, ink, ground = text_contrast(picture, rect_in(label, top))
    if ratio >= LEAST:
        return []
    return [f"{name}: label {label.text()[:40]!r}: {ink.name()} on {ground.name()} is {ratio:.2f}:1"]


def document_faults(edit: QTextEdit, name: str) -> list[str]:
    """Each run of text of a log or list in the colour it is drawn in, on the colour
    behind it (its own, its paragraph's, or the view's)."""
    palette = edit.viewport().palette()
    text, base = palette.color(QPalette.ColorRole.Text), palette.color(QPalette.ColorRole.Base)
    faults = []
    block = edit.document().begin()
    while block.isValid():
        behind_block = colour_of(block.blockFormat().background()) or base
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            words = fragment.text().strip()
            if words:
                f = fragment.charFormat()
                ink = colour_of(f.foreground()) or text
                behind = colour_of(f.background()) or behind_block
                ratio = contrast_ratio(ink, behind)
                if ratio < LEAST:
                    faults.append(
                        f"{name}: {words[:40]!r}: {ink.name()} on {behind.name()} is {ratio:.2f}:1"
                    )
            it += 1
        block = block.next()
    return faults


def view_faults(view: QAbstractItemView, name: str) -> list[str]:
    model = view.model()
    if model is None:
        return []
    palette = view.viewport().palette()
    text, base = palette.color(QPalette.ColorRole.Text), palette.color(QPalette.ColorRole.Base)
    faults = []

    def walk(parent: QModelIndex) -> None:
        for row in range(model.rowCount(parent)):
            column = 0  # (a list model's column count is private to PySide)
            while (index := model.index(row, column, parent)).isValid():
                column += 1
                words = str(index.data(Qt.ItemDataRole.DisplayRole) or "").strip()
                if words:
                    ink = colour_of(index.data(Qt.ItemDataRole.ForegroundRole)) or text
                    behind = colour_of(index.data(Qt.ItemDataRole.BackgroundRole)) or base
                    ratio = contrast_ratio(ink, behind)
                    if ratio < LEAST:
                        faults.append(
                            f"{name}: {words[:40]!r}: {ink.name()} on {behind.name()} is {ratio:.2f}:1"
                        )
            walk(model.index(row, 0, parent))

    walk(QModelIndex())
    return faults


def faults_in(top: QWidget, name: str) -> list[str]:
    """What in `top` (a dock, a dialog) does not read: `top` grabbed as shown; one
    example of each pair of colours."""
    settle()
    picture = top.grab().toImage()
    faults = []
    for label in top.findChildren(QLabel):
        faults += label_faults(top, picture, label, name)
    for edit in top.findChildren(QTextEdit):
        faults += document_faults(edit, name)
    for view in top.findChildren(QAbstractItemView):
        faults += view_faults(view, name)
    pairs: dict[str, str] = {}
    for fault in faults:
        pairs.setdefault(fault.split(": ")[0] + fault.rsplit(": ", 1)[1], fault)
    return list(pairs.values())


def dock_faults(window) -> tuple[list[str], int]:
    docks = [d for d in window.findChildren(QDockWidget) if not d.isHidden()]
    faults = []
    for dock in docks:
        dock.raise_()  # in front of the docks tabbed with it
        faults += faults_in(dock, dock.windowTitle())
    return faults, len(docks)


def mode_window(qtbot, module: str):
    """A window with the play mode of `module` in charge, on no document."""
    window = shown_window(qtbot, 1280, 800, settings=Settings(), play_modes=True)
    mode = window.play_mode(module)
    window.set_mode(mode)
    return mode


@pytest.mark.usefixtures("dark")
@pytest.mark.parametrize("kind", ["map", "movement", "game", "campaign"])
def test_every_dock_reads_under_a_dark_palette(qtbot, tmp_path, kind):
    window = shown_window(qtbot, 1280, 800, settings=Settings(), play_modes=True)
    path = {
        "map": maps_path("cm-sample.hexmap"),
        "movement": MOVEMENT,
        "game": GAME,
        "campaign": a_campaign_file(tmp_path),
    }[kind]
    assert window.open_path(path)
    settle()
    if kind == "campaign":
        mode = window.mode
        mode.phase_dock.next()  # a phase behind (quieter) and the current one (highlighted)
        # Each dock's refusal and warning as the umpire meets them (red on pale pink).
        mode.phase_dock.refusal.setText("Not yet: 1st Mechanised Division must move first.")
        mode.phase_dock.refusal.show()
        mode.oob_dock._say("The division is full: 6 units at most.", error=True)
        mode.purchase_dock._say("Built the corps HQ at 0503. It is out of supply.", False, True)
    faults, docks = dock_faults(window)
    assert docks >= 3
    assert not faults, "\n".join(faults)


@pytest.mark.usefixtures("dark")
def test_the_campaign_wizard_reads_under_a_dark_palette(qtbot):
    mode = mode_window(qtbot, "hexcampaign.app.campaign")
    dialog = mode.new_campaign_dialog()
    dialog.show_refusal("Pick a capital for each side, or load a map with two capitals.")
    faults = []
    for page in range(dialog.tabs.count()):
        dialog.tabs.setCurrentIndex(page)
        faults += faults_in(dialog, f"the wizard's {dialog.tabs.tabText(page)!r}")
    assert dialog.type_help.isVisible() is False or dialog.type_help.text()
    assert not faults, "\n".join(faults)


@pytest.mark.usefixtures("dark")
def test_a_new_games_options_read_under_a_dark_palette(qtbot):
    mode = mode_window(qtbot, "hexcampaign.app.kasserine")
    dialog = mode.files.make_new_game_dialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    explanations = [w for w in dialog.findChildren(QLabel) if w.objectName().startswith("explain-")]
    assert explanations  # the hint under each option
    faults = faults_in(dialog, "the new game's options")
    assert not faults, "\n".join(faults)
