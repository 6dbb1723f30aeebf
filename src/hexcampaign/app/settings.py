"""Per-user settings and recent files, as JSON in the platform's config folder.

HEXCAMPAIGN_CONFIG_DIR and HEXCAMPAIGN_DATA_DIR override platformdirs' folders (tests
point them at a temporary folder). A damaged settings file is set aside, not fatal:
losing a recent-files list must never stop the program from starting.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from hexcampaign.files import atomic_write_text

APP_NAME = "hexcampaign"
SETTINGS_FILE = "settings.json"
MAX_RECENT = 10
# No author folder (appauthor=False below): on Windows platformdirs would otherwise nest
# the name twice (%LOCALAPPDATA%\hexcampaign\hexcampaign); docs/install.md lists the folders.
_MOVED_UP: set[Path] = set()  # folders whose nested predecessor was looked for


def _platformdirs() -> Any:
    """platformdirs, imported only when a folder is not given by its variable (its
    seven modules cost a start-up 5-10 ms before the first paint)."""
    import platformdirs

    return platformdirs


def config_dir() -> Path:
    override = os.environ.get("HEXCAMPAIGN_CONFIG_DIR")
    return Path(override) if override else _moved_up(Path(_platformdirs().user_config_dir(APP_NAME, appauthor=False)))


def data_dir() -> Path:
    override = os.environ.get("HEXCAMPAIGN_DATA_DIR")
    return Path(override) if override else _moved_up(Path(_platformdirs().user_data_dir(APP_NAME, appauthor=False)))


def _moved_up(folder: Path) -> Path:
    """Before 0.2 the Windows folders were platformdirs' default with an author folder,
    %LOCALAPPDATA%\\hexcampaign\\hexcampaign: what is there (settings, recent files,
    autosaves waiting to be offered) moves up into `folder` once, at the first use. Nothing
    of this program is named hexcampaign inside its own folder, so elsewhere nothing moves;
    an entry already in `folder` is kept, and so is the old one beside it."""
    if folder in _MOVED_UP:
        return folder
    _MOVED_UP.add(folder)
    nested = folder / APP_NAME
    try:
        entries = list(nested.iterdir()) if nested.is_dir() else []
        for entry in entries:
            if not (folder / entry.name).exists():
                entry.rename(folder / entry.name)
        if entries:
            nested.rmdir()  # only when it is empty now
    except OSError:
        pass  # in use by a running older version, or not ours to move: left where it is
    return folder


def documents_dir() -> Path:
    """The user's documents folder (platformdirs' answer, as Qt's DocumentsLocation),
    made if missing, where Open and a first Save start. HEXCAMPAIGN_DOCUMENTS_DIR
    overrides it (tests). The home folder when even that cannot be made."""
    override = os.environ.get("HEXCAMPAIGN_DOCUMENTS_DIR")
    folder = Path(override) if override else Path(_platformdirs().user_documents_dir())
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return Path.home()
    return folder


class Settings:
    """Key/value settings (JSON values) saved on every change."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or config_dir() / SETTINGS_FILE
        self._values: dict[str, Any] = self._read()

    def value(self, key: str, default: Any = None) -> Any:
        return self._values.get(key, default)

    def set_value(self, key: str, value: Any) -> None:
        self._values[key] = value
        self.save()

    def save(self) -> None:
        """Write the settings; a full disk or read-only folder loses only the settings."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.path, json.dumps(self._values, indent=2, sort_keys=True))
        except OSError:
            pass

    # --- recent files -----------------------------------------------------------------

    def recent_files(self) -> list[Path]:
        """Recent files that still exist, newest first."""
        paths = [Path(p) for p in self._values.get("recent_files", []) if isinstance(p, str)]
        return [p for p in paths if p.exists()]

    def add_recent_file(self, path: Path | str) -> None:
        path = str(Path(path).resolve())
        recent = [p for p in self._values.get("recent_files", []) if p != path]
        self.set_value("recent_files", [path, *recent][:MAX_RECENT])

    def clear_recent_files(self) -> None:
        self.set_value("recent_files", [])

    # --- helpers ----------------------------------------------------------------------

    def _read(self) -> dict[str, Any]:
        try:
            values = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError):
            self._set_aside()
            return {}
        if not isinstance(values, dict):
            self._set_aside()
            return {}
        return values

    def _set_aside(self) -> None:
        try:
            os.replace(self.path, self.path.with_suffix(".damaged.json"))
        except OSError:
            pass
