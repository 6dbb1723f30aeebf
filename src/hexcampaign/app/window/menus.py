"""The menu bar: top-level menus in their usual order (modes ask for theirs by title
through `window.menu(title)`), and the window's own entries in File, View, Layers and
Help. The modes add the rest (Edit, Map, Tools, Game, Campaign, ...)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from hexcampaign.app.render import LAYER_NAMES

# Where top-level menus go; titles not listed here go just before Help.
MENU_ORDER = (
    "&File",
    "&Edit",
    "&View",
    "&Mode",
    "&Map",
    "&Layers",
    "&Game",
    "&Campaign",
    "&Help",
)
LAYER_TITLES = {
    "grid": "&Grid",
    "coordinates": "&Coordinates",
    "terrain": "&Terrain",
    "elevation": "&Elevation shading",
    "contours": "C&ontours",
    "rivers": "&Rivers",
    "roads": "R&oads and bridges",
    "cliffs": "C&liffs",
    "places": "&Places",
    "labels": "&Labels",
}


class MenuBar:
    """The window's menus by title, each made once, in MENU_ORDER."""

    def __init__(self, window: QMainWindow) -> None:
        self.window = window
        self.menus: dict[str, QMenu] = {}

    def menu(self, title: str) -> QMenu:
        """The top-level menu with this title, created in the usual order if new."""
        if title in self.menus:
            return self.menus[title]
        menu = QMenu(title, self.window)
        rank = _rank(title)
        later = [(r, m) for t, m in self.menus.items() if (r := _rank(t)) > rank]
        if later:
            self.window.menuBar().insertMenu(min(later, key=lambda x: x[0])[1].menuAction(), menu)
        else:
            self.window.menuBar().addMenu(menu)
        self.menus[title] = menu
        return menu

    def action(
        self, menu: QMenu, text: str, slot: Callable[[], Any], shortcut: Any = None
    ) -> QAction:
        action = QAction(text, self.window)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action


def build_window_menus(window: Any, bar: MenuBar) -> None:
    """File, Edit, View, Map, Layers and Help with the window's own entries; the window
    gets `recent_menu`, `save_action`, `save_as_action`, `close_action`, `layer_actions`."""
    file = bar.menu("&File")
    bar.action(file, "&New map…", window.new_map, QKeySequence.StandardKey.New)
    bar.action(
        file,
        "New Kasserine game by &e-mail…",
        lambda: window.modes.start_new("hexcampaign.app.kasserine", "new_mail_document"),
    )
    bar.action(file, "&Open…", window.open_dialog, QKeySequence.StandardKey.Open)
    window.recent_menu = file.addMenu("Open &recent")
    file.addSeparator()
    window.save_action = bar.action(file, "&Save", window.save, QKeySequence.StandardKey.Save)
    window.save_as_action = bar.action(
        file, "Save &as…", window.save_as, QKeySequence.StandardKey.SaveAs
    )
    window.close_action = bar.action(
        file, "&Close", window.close_document, QKeySequence.StandardKey.Close
    )
    file.addSeparator()
    bar.action(file, "&Quit", window.close, QKeySequence.StandardKey.Quit)

    bar.menu("&Edit")
    view = bar.menu("&View")
    canvas = window.canvas
    bar.action(view, "Zoom &in", canvas.zoom_in, QKeySequence.StandardKey.ZoomIn)
    bar.action(view, "Zoom &out", canvas.zoom_out, QKeySequence.StandardKey.ZoomOut)
    bar.action(view, "&Fit map to window", canvas.fit_map, QKeySequence("Ctrl+0"))

    bar.menu("&Map")
    layers = bar.menu("&Layers")
    window.layer_actions = {}
    for name in LAYER_NAMES:
        action = QAction(LAYER_TITLES[name], window)
        action.setObjectName(f"layer-{name}")
        action.setCheckable(True)
        action.setChecked(canvas.layer_visible(name))
        action.toggled.connect(lambda on, n=name: canvas.set_layer_visible(n, on))
        layers.addAction(action)
        window.layer_actions[name] = action

    help_menu = bar.menu("&Help")
    bar.action(help_menu, "&User guide", lambda: _help().show_user_guide(window), "F1")
    bar.action(help_menu, "&Rules", lambda: _help().show_rules(window))
    bar.action(help_menu, "Rules &interpretations", lambda: _help().show_interpretations(window))
    help_menu.addSeparator()
    bar.action(help_menu, "&About hexcampaign", lambda: _help().show_about(window))


def _rank(title: str) -> float:
    return MENU_ORDER.index(title) if title in MENU_ORDER else MENU_ORDER.index("&Help") - 0.5


def _help() -> Any:
    """The help pages, imported when first asked for: they read the rule books, which
    a user who never opens Help should not wait for at start-up."""
    from hexcampaign.app import help as help_pages

    return help_pages


__all__ = ["LAYER_TITLES", "MENU_ORDER", "MenuBar", "build_window_menus"]
