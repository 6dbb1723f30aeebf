"""Save without overwriting by mistake: File > Save (and each mode's own Save) asks
before it replaces a file that is no longer what this window opened or last saved.

The document knows what its file was (app/document.py, `save_conflict`): another
window's or program's save since, or — for work restored from an autosave — a file
changed since the work began, or gone. Then one question, in one sentence naming the
file: Overwrite / Save As… / Cancel. The document's own `save` refuses such a save
unasked (FileChangedOnDisk), so a path that does not come through here (the close
question's Save) fails with that sentence rather than overwrite.
"""

from __future__ import annotations

from typing import Any

from hexcampaign.app.dialogs import files
from hexcampaign.app.document import Document
from hexcampaign.app.plain_text import literal

OVERWRITE, SAVE_AS, CANCEL = "overwrite", "save as", "cancel"


def save(host: Any, document: Document | None) -> bool:
    """Save `document` to its file (Save As the first time); when the file on disk is no
    longer what this window knows, ask first."""
    if document is None:
        return False
    if document.path is None:
        return files.save_as(host, document)
    conflict = document.save_conflict()
    if conflict:
        answer = ask(host, document, conflict)
        if answer == SAVE_AS:
            # Told what changed, the user may pick this very file again in the dialog
            # (which asks before replacing it); once the dialog is done, a plain Save
            # asks again.
            document.allow_overwrite()
            try:
                return files.save_as(host, document)
            finally:
                document.allow_overwrite(False)
        if answer != OVERWRITE:
            host.show_message(f"Not saved: {conflict}")
            return False
        document.allow_overwrite()
    return files.save_to(host, document, document.path)


def may_close(host: Any, document: Document | None) -> bool:
    """The unsaved-work question (files.may_close), its Save through `save` above."""
    return files.may_close(host, document, save=save)


def ask(host: Any, document: Document, conflict: str) -> str:
    """Overwrite, Save As… or Cancel (tests replace this function)."""
    # Imported here: PySide makes QMessageBox's Python enums on its first use, which
    # no first paint needs.
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(host)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(f"Save the {document.KIND}")
    box.setText(literal(f"{conflict} Overwrite it, save as another file, or cancel?"))
    overwrite = box.addButton("Overwrite", QMessageBox.ButtonRole.DestructiveRole)
    save_as = box.addButton("Save As…", QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(save_as)
    box.exec()
    clicked = box.clickedButton()
    return OVERWRITE if clicked is overwrite else SAVE_AS if clicked is save_as else CANCEL


__all__ = ["CANCEL", "OVERWRITE", "SAVE_AS", "ask", "may_close", "save"]
