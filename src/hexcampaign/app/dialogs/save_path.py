"""The Save As question every document asks (map, Kasserine game, campaign)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QWidget

from hexcampaign.app.i18n import file_filter


def ask_save_path(parent: QWidget, title: str, suggested: Path, english_filter: str, suffix: str) -> Path | None:
    """Where the user chose to save, with `suffix` added when the name has none (a user
    who typed "march.v2" keeps it); None when the dialog was cancelled."""
    # Imported here: PySide makes QFileDialog's (and QDialog's) six Python enums on
    # its first use, which no first paint needs.
    from PySide6.QtWidgets import QFileDialog

    path, _ = QFileDialog.getSaveFileName(parent, title, str(suggested), file_filter(english_filter))
    if not path:
        return None
    target = Path(path)
    return target if target.suffix else target.with_suffix(suffix)
