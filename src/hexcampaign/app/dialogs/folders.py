"""Where a file dialog for one kind of file starts (issue 32): the folder the user last
chose for that kind (geography, palettes, logs, reports), while it still exists, else the
user's documents folder; never the home folder, nor the folder the program was started
from (an empty start folder is Qt's "the current folder"). Open and Save of documents
keep their own rule (app/dialogs/files.py: the folder last used for any document)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hexcampaign.app.settings import documents_dir

SETTING = "folder.{kind}"  # the settings key of the folder last used for a kind


def start_folder(host: Any, kind: str) -> Path:
    """The folder a dialog for files of `kind` starts in; `host` is the window, or a
    widget of it (its settings are the window's)."""
    settings = _settings(host)
    last = settings.value(SETTING.format(kind=kind)) if settings is not None else None
    if isinstance(last, str) and last and Path(last).is_dir():
        return Path(last)
    return documents_dir()


def start_path(host: Any, kind: str, name: str) -> str:
    """A Save dialog's suggestion: `name` in the start folder of `kind`."""
    return str(start_folder(host, kind) / name)


def remember_folder(host: Any, kind: str, chosen: Path | str) -> None:
    """The user chose `chosen` (a file) in a dialog for `kind`: the next one starts beside it."""
    settings = _settings(host)
    if settings is None or not chosen:
        return
    folder = Path(chosen).absolute().parent
    if folder.is_dir():
        settings.set_value(SETTING.format(kind=kind), str(folder))


def _settings(host: Any) -> Any:
    settings = getattr(host, "settings", None)
    if settings is None and callable(getattr(host, "window", None)):
        settings = getattr(host.window(), "settings", None)
    if settings is None and callable(getattr(host, "parent", None)):
        parent = host.parent()
        settings = getattr(parent, "settings", None) if parent is not None else None
    return settings if callable(getattr(settings, "value", None)) else None
