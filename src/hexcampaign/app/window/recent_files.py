"""File > Open recent: the settings' list of files opened or saved (maps, games,
campaigns), rebuilt each time the File menu opens, since the modes add to it too."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QMenu

from hexcampaign.app.i18n import translate
from hexcampaign.app.plain_text import literal
from hexcampaign.app.settings import Settings


class RecentFilesMenu:
    def __init__(self, menu: QMenu, settings: Settings, open_path: Callable[[Path], object]):
        self.menu = menu
        self.settings = settings
        self.open_path = open_path
        self.rebuild()

    def rebuild(self) -> None:
        self.menu.clear()
        recent = self.settings.recent_files()
        for path in recent:
            action = self.menu.addAction(path.name)
            action.setToolTip(literal(str(path)))
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _checked=False, p=path: self.open_path(p))
        if recent:
            self.menu.addSeparator()
            self.menu.addAction(translate("MenuBar", "&Clear the list"), self.clear)
        self.menu.setEnabled(bool(recent))

    def clear(self) -> None:
        self.settings.clear_recent_files()
        self.rebuild()


__all__ = ["RecentFilesMenu"]
